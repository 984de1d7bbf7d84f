import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A made-up verification standard: the requirements of a section are coded rows of a table with
 * a level column ("4.2.1 | Verify ... | 1"); the codes are swept by the question's section code.
 */
const ROWS: [string, string, string][] = [
  ['4.2.1', 'Verify that uploads are limited in size.', '1'],
  ['4.2.2', 'Verify that file types are checked on arrival.', '1'],
  ['4.2.3', 'Verify that archives are checked before unpacking.', '2'],
  ['4.2.4', 'Verify that each user has an upload quota.', '3'],
  ['4.2.5', 'Verify that links inside archives are refused.', '3'],
  ['4.2.6', 'Verify that oversized images are rejected.', '3'],
];

function standardPdf(): Promise<Buffer> {
  return drawPdf([
    (doc) => {
      doc.outline.addItem('4.2 File Upload');
      at(doc, 72, 60, '4.2 File Upload', { bold: true, size: 13 });
      at(doc, 72, 84, 'Uploaded files are a common source of untrusted content.');
      at(doc, 72, 110, '#', { bold: true });
      at(doc, 130, 110, 'Description', { bold: true });
      at(doc, 500, 110, 'Level', { bold: true });
      ROWS.forEach(([code, text, level], k) => {
        const y = 134 + k * 26;
        at(doc, 72, y, code);
        at(doc, 130, y, text);
        at(doc, 500, y, level);
      });
      at(doc, 72, 320, '4.3 File Storage', { bold: true, size: 13 });
      at(doc, 72, 344, 'Stored files are kept apart from the code that serves them.');
    },
  ]);
}

describe('codes swept under a section, kept by a cell value of their rows (generated, no LLM)', () => {
  const standard = generatedDocument(standardPdf, 'upload-standard.pdf');

  it('keeps the requirements whose level cell holds the value the question names, and leaves the verdict open', async () => {
    const { answer, trace } = await standard.ask<ListingAnswer>('In section 4.2, which requirements only apply from Level 3?');
    expect(answer.items.map((i) => i.name)).toEqual(['4.2.4', '4.2.5', '4.2.6']);
    expect(answer.isComplete).not.toBe(true);
    expect(trace.find((t) => t.step === 'row_values')?.decision).toMatch(/keep the 3 of 6 codes/);
  });

  it('sweeps every code of the section when the question names no value', async () => {
    const { answer } = await standard.ask<ListingAnswer>('Which requirements does section 4.2 contain?');
    expect(answer.items.map((i) => i.name)).toEqual(ROWS.map((r) => r[0]));
  });
});
