import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A count stated pages away from the lists ("two lamps") and two lists of lamps, one of them as
 * long as the count. The count may pick that list, but it cannot then prove it whole: another
 * list of that size would have been picked the same way.
 */
const subject = generatedDocument(
  () =>
    drawPdf([
      (doc) => {
        at(doc, 72, 60, 'Section 1 Overview', { bold: true, size: 13 });
        at(doc, 72, 85, 'The stage kit was first sold in the spring and ships with two lamps in its case.');
        at(doc, 72, 99, 'Its owners may order more parts from the maker at any time of the year.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 2 Rigging', { bold: true, size: 13 });
        at(doc, 72, 85, 'The rig is hung from the bar before the lamps are mounted on it.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 3 Lamps of the kit', { bold: true, size: 13 });
        at(doc, 72, 85, 'Lamps that the kit can hold:');
        at(doc, 80, 103, '• Arc lamp');
        at(doc, 80, 120, '• Flood lamp');
        at(doc, 80, 137, '• Spot lamp');
        at(doc, 72, 170, 'Section 4 Spare lamps', { bold: true, size: 13 });
        at(doc, 72, 195, 'Lamps that the kit keeps spare:');
        at(doc, 80, 213, '• Bulb lamp');
        at(doc, 80, 230, '• Tube lamp');
      },
    ]),
  'stage-kit.pdf',
);

describe('a count that only picks the list (no LLM)', () => {
  it('does not call the list of as many items as a far-off count states complete', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('Which lamps does the stage kit have?');
    const cands = trace.find((t) => t.step === 'candidates')!.output as { top: { features: Record<string, number>; score: number }[] };
    // The premise: the count is what put the two spare lamps ahead of the three of the kit.
    expect(answer.items.map((i) => i.name)).toEqual(['Bulb lamp', 'Tube lamp']);
    expect(cands.top[0]!.features.countScored).toBe(1);
    // Before: "complete (cardinality)", the count confirming the list it had picked itself.
    expect(answer.isComplete).toBeNull();
    expect(answer.completenessSource).toBe('unknown');
  });
});
