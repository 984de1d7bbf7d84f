import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A library's API reference: "2 Functions" holds one sub-section per function, and each
 * function's text sets out, in a bulleted list, the operations it performs, in the very words a
 * question about the functions uses (the library, the jump table, calls). A list inside one
 * function's section is that function's own, never the functions.
 */
const FUNCTIONS: [string, string[]][] = [
  ['2.1 Open', ['Initialize the library state and the jump table entries', 'Check that the caller may call the library through the table', 'Load the key store used by every later call']],
  ['2.2 Read', ['Read one block through the jump table on behalf of the caller', 'Check the block against the key store of the library', 'Report the result of the call in the library log']],
  ['2.3 Close', ['Clear the library state and the jump table entries', 'Release the key store loaded by the first call', 'Return control to the caller of the library']],
];

function reference(): Draw[] {
  const pages: Draw[] = [
    (doc) => {
      doc.outline.addItem('1 Introduction');
      at(doc, 72, 60, '1 Introduction', { bold: true, size: 14 });
      at(doc, 72, 86, 'The library reads sealed blocks for a boot program. A program finds the functions through a jump');
      at(doc, 72, 100, 'table at a fixed address and calls them in order.');
    },
  ];
  FUNCTIONS.forEach(([title, operations], k) =>
    pages.push((doc) => {
      if (k === 0) {
        const top = doc.outline.addItem('2 Functions');
        for (const [t] of FUNCTIONS) top.addItem(t);
        at(doc, 72, 40, '2 Functions', { bold: true, size: 14 });
      }
      at(doc, 72, 70, title, { bold: true, size: 12 });
      at(doc, 72, 96, `Prototype: int lib_${title.split(' ')[1]!.toLowerCase()}(void *ctx);`);
      at(doc, 72, 120, 'This function performs the following operations every time it is called:');
      operations.forEach((op, i) => {
        at(doc, 84, 140 + i * 16, '•');
        at(doc, 96, 140 + i * 16, op);
      });
      at(doc, 72, 200, 'It returns zero on success and a negative error number otherwise.');
    }),
  );
  return pages;
}

describe('lists inside the sections of a section titled by the items (generated)', () => {
  const doc = generatedDocument(() => drawPdf(reference()), 'api-reference.pdf');

  it('answers "which functions" with the sub-sections, not with the operations one of them lists', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which functions of the library can a boot program call through the jump table?');
    // Before: the operations of "2.1 Open" (three bullets full of the question's words) won.
    expect(answer.items.map((i) => i.name)).toEqual(FUNCTIONS.map(([t]) => t));
    expect(answer.isComplete).not.toBe(false);
  });
});

/**
 * The same shape where the sub-entries are groups of the items: "2 Directives" holds "2.1 Data
 * directives" and "2.2 High level extensions", and the directives of the latter are a list inside
 * it. A question whose words touch that sub-entry's title asks for its list.
 */
const EXTENSIONS = ['.DEF', '.DIM', '.FILE', '.LINE'];

function assemblerManual(): Draw[] {
  return [
    (doc) => {
      const top = doc.outline.addItem('2 Directives');
      top.addItem('2.1 Data directives');
      top.addItem('2.2 High level extensions');
      at(doc, 72, 40, '2 Directives', { bold: true, size: 14 });
      at(doc, 72, 70, '2.1 Data directives', { bold: true, size: 12 });
      at(doc, 72, 94, 'Data directives reserve and fill memory: DB, DW and RES are the common ones.');
      at(doc, 72, 130, '2.2 High level extensions', { bold: true, size: 12 });
      at(doc, 72, 154, 'These directives are written mostly by compilers and other high level language tools:');
      EXTENSIONS.forEach((d, i) => {
        at(doc, 84, 176 + i * 16, '•');
        at(doc, 96, 176 + i * 16, `${d} records debugging information for the source being compiled`);
      });
    },
  ];
}

describe('lists inside sub-entries that group the items (generated)', () => {
  const doc = generatedDocument(() => drawPdf(assemblerManual()), 'assembler-manual.pdf');

  it('answers with the list inside the sub-entry whose title the question touches', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which directives are there mainly for compilers and other high-level language tools?');
    expect(answer.items.map((i) => i.name.split(' ')[0])).toEqual(EXTENSIONS);
  });
});
