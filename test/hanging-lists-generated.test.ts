import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A file-format specification whose keywords are a definition list set with a hanging indent
 * and no marker (each entry flush with its term, its description indented under it), running
 * over a page break. Its running header ("[3] Keywords ... 2") sits lower than the page margin,
 * on the page's topmost row beside the page number, and names the current section, so it
 * changes from page to page: it is furniture all the same, and does not cut the list.
 * A paragraph after a colon whose lines are all flush is no such list.
 */

const L = 80;
const HANG = 100;
const STEP = 14;
const TERMS: [string, string, string][] = [
  ['@title', 'gives a short title that names the drawing, as a friendlier label', 'than its number in the file.'],
  ['@author', 'names the person who made the drawing, as they wish to be credited', 'in any listing of the file.'],
  ['@license', 'states the terms under which the drawing may be copied and shared', 'by others.'],
  ['@source', 'points to the data the drawing was made from, by a path or an', 'address the reader can follow.'],
  ['@created', 'gives the date the drawing was first made, in the form year, month', 'and day.'],
];

function header(doc: PDFKit.PDFDocument, section: string, page: number): void {
  // Below the 9% margin (71 pt on a letter page): only its row tells it from body text. The
  // number is set as "page / pages".
  textAt(doc, L, 84, section, { size: 10 });
  textAt(doc, 500, 84, `${page} / 3`, { size: 10 });
}

function entry(doc: PDFKit.PDFDocument, y: number, [term, first, second]: [string, string, string]): number {
  textAt(doc, L, y, `${term} ${first}`);
  textAt(doc, HANG, y + STEP, second);
  return y + 2 * STEP + 4;
}

function spec(): Draw[] {
  return [
    (doc) => {
      header(doc, '[3] Keywords', 1);
      textAt(doc, L, 120, '3 Keywords', { bold: true, size: 14 });
      textAt(doc, L, 146, 'Besides the drawing itself, a file may say who made it and where it came from.');
      textAt(doc, L, 146 + STEP, 'The following keywords are supported:');
      let y = 146 + 3 * STEP;
      for (const t of TERMS.slice(0, 3)) y = entry(doc, y, t);
      // Fill the page, so the list runs over the break.
      for (let n = 0; y < 690; n++, y += STEP) textAt(doc, HANG, y, `Note ${n + 1} on the licence: the terms are quoted in full, word for word, as given.`);
    },
    (doc) => {
      header(doc, '[3.1] Keyword order', 2);
      let y = 120;
      for (const t of TERMS.slice(3)) y = entry(doc, y, t);
      textAt(doc, L, y + 20, '3.1 Keyword order', { bold: true, size: 14 });
      textAt(doc, L, y + 46, 'A reader accepts the keywords in any order, with these limits:');
      textAt(doc, L, y + 46 + STEP, 'a title comes first when there is one, and a date is written once.');
      textAt(doc, L, y + 46 + 2 * STEP, 'Other keywords may be repeated as often as a writer needs them.');
      // One-line entries: a term, a dash, its gloss, after "as follows.".
      textAt(doc, L, y + 46 + 4 * STEP, 'Lengths are given in one of the units as follows.');
      ['mm – millimetres', 'cm – centimetres', 'in – inches, as printed'].forEach((t, n) => textAt(doc, L, y + 46 + (5 + n) * STEP, t));
      textAt(doc, L, y + 46 + 8 * STEP, 'A file that names no unit is read in millimetres throughout.');
    },
    (doc) => {
      header(doc, '[3.1] Keyword order', 3);
      textAt(doc, L, 120, 'Readers that meet a keyword they do not know skip it and go on. The accepted encodings are');
      // A block whose intro only points back: the sentence before says what "they" are.
      textAt(doc, L, 220, 'Some keywords are reserved for later versions of the format. They are:');
      ['@layer', '@scale'].concat(['@grid']).forEach((t, n) => textAt(doc, L + 18, 236 + n * 12, t, { size: 8 }));
      textAt(doc, L, 236 + 3 * 12 + 6, 'A writer must not use them until a later version defines them.');
      // A block of short names set in from the text, in a smaller code font, no marker.
      ['utf-8', 'latin-1', 'ascii'].forEach((t, n) => textAt(doc, L + 18, 136 + n * 12, t, { size: 8 }));
      textAt(doc, L, 136 + 3 * 12 + 6, 'and a reader that meets another encoding reads the file as utf-8 and warns.');
    },
  ];
}

async function modelOf() {
  const parsed = await parsePdf(new Uint8Array(await drawPdf(spec())), { pageCap: 5 });
  return buildStructure(parsed, buildToc(parsed).entries);
}

describe('a definition list set with a hanging indent (generated)', () => {
  it('reads each flush term with its indented lines as one entry, over the page break and past the running header', async () => {
    const model = await modelOf();
    const list = model.lists.find((l) => l.intro === 'The following keywords are supported:')!;
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list.id);
    expect(items.map((i) => i.label)).toEqual(TERMS.map(([t]) => t));
    expect(items[0]!.text).toBe(`${TERMS[0]![0]} ${TERMS[0]![1]} ${TERMS[0]![2]}`);
    // The notes under the third entry are its own text, set at its indent.
    expect(items[2]!.text).toContain('Note 1 on the licence');
    expect(items[2]!.text).not.toContain('Keyword order');
    expect(list.endedBy).toBe('heading');
  });

  it('reads one-line entries of a term, a dash and a gloss as a list, and stops at the line set otherwise', async () => {
    const model = await modelOf();
    const units = model.lists.find((l) => l.intro === 'Lengths are given in one of the units as follows.')!;
    expect(model.items.filter((i) => i.listId === units.id).map((i) => i.label)).toEqual(['mm', 'cm', 'in']);
    // A flush line of text may as well be one more entry on one line: only a heading closes a run.
    expect(units.endedBy).toBe('end');
  });

  it('reads a block of short lines set in under a sentence broken off at its verb as a list', async () => {
    const model = await modelOf();
    const enc = model.lists.find((l) => l.intro?.endsWith('The accepted encodings are'))!;
    expect(model.items.filter((i) => i.listId === enc.id).map((i) => i.label)).toEqual(['utf-8', 'latin-1', 'ascii']);
  });

  it('gives an intro that only points back ("They are:") the sentence before it', async () => {
    const model = await modelOf();
    const reserved = model.lists.find((l) => l.intro === 'Some keywords are reserved for later versions of the format. They are:')!;
    expect(model.items.filter((i) => i.listId === reserved.id).map((i) => i.label)).toEqual(['@layer', '@scale', '@grid']);
  });

  it('reads no list from a paragraph after a colon whose lines are all flush', async () => {
    const model = await modelOf();
    expect(model.lists.some((l) => l.intro?.startsWith('A reader accepts the keywords'))).toBe(false);
  });

  const doc = generatedDocument(() => drawPdf(spec()), 'drawing-format.pdf');

  it('answers a listing question with every keyword', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which keywords does a drawing file support?');
    expect(answer.items.map((i) => i.name)).toEqual(TERMS.map(([t]) => t));
    // Introduced by its colon, closed by the next heading, well ahead of any other list.
    expect(answer.isComplete).toBe(true);
  });
});
