import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A short paper with numbered section headings ("1. Introduction", "2. Storage", "3. Features")
 * and no list of what the question asks for: the deterministic extractor, reading the routed
 * section and the pages the question's words hit, must not take the run of numbered headings
 * for an enumeration of the answer.
 */
function paper(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, 'A Small Record Store', { bold: true, size: 16 });
      at(doc, 72, 100, '1. Introduction', { bold: true, size: 12 });
      at(doc, 72, 125, 'The store keeps records for programs. Programs call the store through its library.');
      at(doc, 72, 143, 'This paper describes how the store keeps its records and what the library offers.');
      at(doc, 72, 175, '2. Storage', { bold: true, size: 12 });
      at(doc, 72, 200, 'Records are kept in pages on disk. Each page holds records of one table of the store.');
      at(doc, 72, 218, 'A page is read whole when a program asks for one of its records through the library.');
    },
    (doc) => {
      at(doc, 72, 60, '3. Features', { bold: true, size: 12 });
      at(doc, 72, 85, 'The library has a small set of calls that programs use to open and read the store.');
      at(doc, 72, 110, '3.1. Library calls', { bold: true, size: 12 });
      at(doc, 72, 135, 'The library offers calls to open a store, to read a record and to close the store.');
      at(doc, 72, 153, 'Programs written against older record libraries must be changed to use these calls.');
    },
  ];
}

describe('the deterministic extractor without a list to find', () => {
  const doc = generatedDocument(() => drawPdf(paper()), 'record-store-paper.pdf');

  it('never answers with the document\'s own numbered headings', async () => {
    const { answer } = await doc.ask<Answer>('Which older record libraries does the library replace?');
    // With no list found the answer is the routed section's sentences, a factual extract that
    // claims nothing about a list; any list it gave would hold none of the headings.
    const names = answer.kind === 'factual' ? [] : answer.items.map((i) => i.name);
    for (const heading of ['Introduction', 'Storage', 'Features']) expect(names).not.toContain(heading);
    if (answer.kind === 'factual') expect(answer.notes[0]).toMatch(/^no items found/);
    else expect(answer.isComplete).not.toBe(true);
  });
});
