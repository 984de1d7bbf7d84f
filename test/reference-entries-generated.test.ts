import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * An author-year reference list: no markers, no hanging indent, each entry opened by names and a
 * year. One entry wraps onto a line that looks like an opening ("Conference, 2019. Available at")
 * but follows a line that did not end; a paragraph of prose with a year in it is no entry.
 */

const paper: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 Introduction', { bold: true, size: 14 });
    at(doc, 72, 88, 'In 2019, counts made by ear were first compared with counts made from recordings.');
    at(doc, 72, 104, 'Smith. 2019 showed how the two differ, and the survey manual fixed the method in 2020.');
    at(doc, 72, 120, 'The method below follows the manual and its addendum in every step of the survey.');
    at(doc, 72, 150, 'References', { bold: true, size: 14 });
    at(doc, 72, 176, 'Alice Smith. 2019. Counting birds by ear.');
    at(doc, 72, 190, 'In Proceedings of the Field Survey');
    at(doc, 72, 204, 'Conference, 2019. Available at');
    at(doc, 72, 218, 'http://example.org/birds.');
    at(doc, 72, 240, 'Bureau. 2020a. Survey Manual, Second');
    at(doc, 72, 254, 'Edition. Bureau, available at');
    at(doc, 72, 268, 'http://example.org/manual.');
    at(doc, 72, 290, 'Bureau. 2020b. Survey Addendum.');
    at(doc, 72, 312, 'Chen, L., and Diaz, M. (2018). Sampling with');
    at(doc, 72, 326, 'nets. Journal of Fieldwork, 4, 1-9.');
  },
];

describe('an author-year reference list', () => {
  it('reads one entry per opening of names and a year, each named by its title', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(paper)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const refs = model.lists.filter((l) => l.style === 'reference');
    expect(refs).toHaveLength(1);
    const items = model.items.filter((i) => i.listId === refs[0]!.id);
    expect(items.map((i) => i.label)).toEqual(['Counting birds by ear', 'Survey Manual, Second Edition', 'Survey Addendum', 'Sampling with nets']);
    // The wrapped "Conference, 2019." line stays in its entry.
    expect(items[0]!.lineNums).toHaveLength(4);
  });
});

describe('a question about the reference list (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(paper), 'birds-paper.pdf');

  it('counts the entries of the list under the references heading', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many works are in the paper\'s reference list? List them.');
    expect(answer.count).toBe(4);
    expect(answer.items.map((i) => i.name)).toEqual(['Counting birds by ear', 'Survey Manual, Second Edition', 'Survey Addendum', 'Sampling with nets']);
  });
});
