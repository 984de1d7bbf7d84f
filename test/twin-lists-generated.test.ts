import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A made-up filesystem standard: the manual page sections are named in a bulleted list and set
 * out again as a table of the same directories right after it; another section lists other
 * directories.
 */
const SECTIONS: [string, string][] = [
  ['man1', 'User programs'],
  ['man2', 'System calls'],
  ['man3', 'Library calls'],
  ['man4', 'Special files'],
];

function standardPdf(): Promise<Buffer> {
  return drawPdf([
    (doc) => {
      doc.outline.addItem('5 Manual pages');
      at(doc, 72, 60, '5 Manual pages', { bold: true, size: 13 });
      at(doc, 72, 84, 'Manual pages are stored by section. A description of each section follows:');
      SECTIONS.forEach(([dir, what], k) => {
        at(doc, 90, 108 + k * 18, '•');
        at(doc, 104, 108 + k * 18, `${dir}: ${what}`);
      });
      at(doc, 72, 200, 'The section directories are the following:');
      at(doc, 72, 222, 'Directory', { bold: true });
      at(doc, 200, 222, 'Description', { bold: true });
      SECTIONS.forEach(([dir, what], k) => {
        at(doc, 72, 244 + k * 20, dir);
        at(doc, 200, 244 + k * 20, what);
      });
      doc.outline.addItem('6 Other pages');
      at(doc, 72, 360, '6 Other pages', { bold: true, size: 13 });
      at(doc, 72, 384, 'Other documentation is kept in these places:');
      ['info files', 'html guides', 'example scripts'].forEach((x, k) => {
        at(doc, 90, 408 + k * 18, '•');
        at(doc, 104, 408 + k * 18, x);
      });
    },
  ]);
}

describe('the runner-up is a list with another answer (generated, no LLM)', () => {
  const standard = generatedDocument(standardPdf, 'fs-standard.pdf');

  it('a table of the same items as the chosen list does not rival it: the margin is read against another list', async () => {
    const { answer } = await standard.ask<ListingAnswer>('Which manual page sections does the standard describe?');
    expect(answer.items.map((i) => i.name.split(':')[0])).toEqual(['man1', 'man2', 'man3', 'man4']);
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessReason).toMatch(/ahead of the runner-up by (?:[3-9]\d|100)%/);
  });
});
