import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * "Which other key terms does the handbook define?" over a list whose intro itself says "the
 * other key terms we use in this handbook": the question repeats the document's words, so no
 * item is set against the others, and the term "Handbook", named by the question too, stays.
 */

const TERMS: [string, string][] = [
  ['Handbook', 'This document and every annex the board adopts with it.'],
  ['Member', 'A person whose yearly fee the club has received.'],
  ['Meeting', 'A gathering of members called by the board with a week of notice.'],
  ['Quorum', 'A third of the members, present in person at a meeting.'],
];

const pdf = () =>
  drawPdf([
    (doc) => {
      doc.outline.addItem('1 Purpose');
      textAt(doc, 72, 60, '1 Purpose', { bold: true, size: 14 });
      textAt(doc, 72, 86, 'The club keeps its rules in this handbook. The board is the club as a whole, acting');
      textAt(doc, 72, 100, 'through the members it elects every year at the first meeting of the season.');
      doc.outline.addItem('2 Definitions');
      textAt(doc, 72, 136, '2 Definitions', { bold: true, size: 14 });
      textAt(doc, 72, 162, 'The following are the other key terms we use in this handbook:');
      TERMS.forEach(([term, text], i) => textAt(doc, 72, 186 + i * 20, `${i + 1}. ${term}. ${text}`));
      doc.outline.addItem('3 Fees');
      textAt(doc, 72, 290, '3 Fees', { bold: true, size: 14 });
      textAt(doc, 72, 316, 'The yearly fee is set by the board and falls due at the first meeting of the season.');
    },
  ]);

describe('a question that repeats the list\'s own "other" (generated)', () => {
  const doc = generatedDocument(pdf, 'club-handbook.pdf');

  it('keeps every term, the one the question also names among them', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which other key terms does the handbook define?');
    expect(answer.items.map((i) => i.name)).toEqual(TERMS.map(([t]) => t));
    expect(trace.some((t) => t.step === 'others_only')).toBe(false);
  });
});
