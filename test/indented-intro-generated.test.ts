import { describe, expect, it } from 'vitest';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A definition list introduced by a paragraph of one line set with a first-line indent, as a
 * book's paragraphs are ("    The following member functions are of interest:"): the entries
 * open flush at the text's edge, left of the intro, their text hung below. The paragraph's edge
 * is the page's, not the indented first line's. And an enumerated item whose sentence runs on in
 * lower case, wrapped back left of its marker to the paragraph's edge, is still that item.
 */

const page: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '2 Using the helper code', { bold: true, size: 14 });
    at(doc, 72, 86, 'The type descriptor holds a collection of routines to deal with the structure.');
    at(doc, 72, 100, 'Each routine takes the descriptor and a pointer to the structure.');
    at(doc, 90, 114, 'The following member functions of the type descriptor are of interest:');
    const entries: [string, string, string][] = [
      ['decoder', 'This is the generic decoder. It fills the target structure', 'from the bytes it is given.'],
      ['encoder', 'This is the generic encoder. It turns the target structure', 'into a series of bytes.'],
      ['check', 'Checks that the contents of the target structure are valid', 'against the constraints of its type.'],
      ['free', 'Frees the target structure and everything it points to,', 'as a generic disposal.'],
    ];
    let y = 136;
    for (const [term, first, second] of entries) {
      at(doc, 72, y, term, { font: 'Courier' });
      at(doc, 72 + 90, y, first);
      at(doc, 102, y + 14, second);
      y += 34;
    }
    at(doc, 72, y + 10, 'Each of the above functions is called through the descriptor.');
  },
];

describe('a definition list after an intro with a first-line indent', () => {
  it('reads the entries flush at the page edge as its items', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(page)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro === 'The following member functions of the type descriptor are of interest:');
    expect(list).toBeDefined();
    expect(model.items.filter((i) => i.listId === list!.id).map((i) => i.label)).toEqual(['decoder', 'encoder', 'check', 'free']);
  });
});

const wrapped: Draw[] = [
  (doc) => {
    at(doc, 72, 60, 'B. Changing a file', { bold: true, size: 12 });
    at(doc, 72, 84, 'The changes we made were random, and each was one of the following:');
    at(doc, 86, 100, '(i) inserting a new word,');
    at(doc, 86, 114, '(ii) swapping two words,');
    at(doc, 86, 128, '(iii) replacing 10 occurrences of a character for another');
    at(doc, 72, 142, 'character, or');
    at(doc, 86, 156, '(iv) deleting 10 occurrences of a character.');
    at(doc, 72, 172, 'The scores of the changed files are shown in the figure.');
  },
];

describe('an item wrapped back left of its marker', () => {
  it('runs on to the next marker, the list whole', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(wrapped)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro === 'The changes we made were random, and each was one of the following:');
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list!.id);
    expect(items).toHaveLength(4);
    expect(items[2]!.text).toBe('replacing 10 occurrences of a character for another character, or');
  });
});
