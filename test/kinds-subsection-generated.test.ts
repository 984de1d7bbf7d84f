import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A library manual whose chapter on storage backends has three sub-sections ("1.1 Backend
 * types", "1.2 Collections of backends", "1.3 Default backend name"). The first holds a numbered
 * list of the kinds, introduced by a paragraph with no colon: the sentence that says what the
 * items are ("There are several kinds of storage backend supported in the library.") is not the
 * paragraph's last one.
 *
 * - A list without a colon before it is introduced by the paragraph's last sentences, not by the
 *   last one alone.
 * - "What kinds of storage backend ..." names the sub-section titled by a word for kinds: the
 *   list inside it answers, not the chapter's sub-sections.
 */

const L = 72;
const STEP = 14;
const KINDS: [string, string][] = [
  ['MEMORY', 'keeps the records in the memory of the process and loses them when it exits.'],
  ['FILE', 'stores one record after another in a flat file, the simplest and most portable kind.'],
  ['SOCKET', 'sends the records to a daemon process over a local socket.'],
  ['VAULT', 'hands the records to the platform key store; only some platforms have one.'],
];

function manual(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 70, '1 Storage backend', { bold: true, size: 18 });
      doc.outline.addItem('1 Storage backend');
      textAt(doc, L, 100, 'A storage backend holds the records of a session while they stay valid, so that a later');
      textAt(doc, L, 100 + STEP, 'call can read them again without asking the server.');
      textAt(doc, L, 140, '1.1 Backend types', { bold: true, size: 13 });
      textAt(doc, L, 166, 'The backend interface uses TYPE:value strings to name the backend and its data.');
      textAt(doc, L, 166 + STEP, 'There are several kinds of storage backend supported in the library. Not all are available');
      textAt(doc, L, 166 + 2 * STEP, 'on every platform. In most cases, it is best to use the default type built into the library.');
      let y = 166 + 4 * STEP;
      KINDS.forEach(([name, text], i) => {
        textAt(doc, L + 10, y, `${i + 1}.`);
        textAt(doc, L + 28, y, `${name} ${text}`);
        y += STEP + 4;
      });
      textAt(doc, L, y + 20, '1.2 Collections of backends', { bold: true, size: 13 });
      textAt(doc, L, y + 46, 'Some backends hold several collections of records, one of them the primary collection.');
      textAt(doc, L, y + 80, '1.3 Default backend name', { bold: true, size: 13 });
      textAt(doc, L, y + 106, 'The default backend is named by the STORE variable, or else by the configuration file.');
    },
  ];
}

describe('kinds listed in a sub-section titled by a word for kinds (generated)', () => {
  it('gives a list without a colon the paragraph\'s last sentences as its intro', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manual())), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => model.items.some((i) => i.listId === l.id && i.label.startsWith('MEMORY')))!;
    expect(list.intro).toBe('There are several kinds of storage backend supported in the library. Not all are available on every platform. In most cases, it is best to use the default type built into the library.');
  });

  const doc = generatedDocument(() => drawPdf(manual()), 'storage-manual.pdf');

  it('answers what kinds there are with the list, not with the chapter\'s sub-sections', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many kinds of storage backend does the library support, and what are they?');
    expect(answer.items.map((i) => i.name.split(' ')[0])).toEqual(KINDS.map(([n]) => n));
    expect(answer.count).toBe(4);
  });
});
