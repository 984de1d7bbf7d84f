import { describe, expect, it } from 'vitest';
import type { Answer, FactualAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A question read as a listing ("..., and which gates are applied?") about a section that holds
 * no list at all: the sweep finds nothing, and an empty list is no answer. The routed section's
 * best sentences are, given as a factual extract that claims nothing about a list.
 */

const note: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 Scope', { bold: true, size: 14 });
    at(doc, 72, 86, 'This note describes how the meter reports a level for a whole programme.');
    at(doc, 72, 118, '2 Programme level', { bold: true, size: 14 });
    at(doc, 72, 144, 'The programme level is worked out as the mean power of all blocks of the programme.');
    at(doc, 72, 160, 'Blocks quieter than the silence gate are dropped before the mean is taken.');
    at(doc, 72, 176, 'A second gate, set ten units under the first mean, drops the quiet passages too.');
    at(doc, 72, 208, '3 Display', { bold: true, size: 14 });
    at(doc, 72, 234, 'The level is shown on the panel in whole units and refreshed every second.');
  },
];

describe('a listing question whose section holds no list (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(note), 'meter-note.pdf');

  it('answers with the section\'s best sentences instead of an empty list, and says why', async () => {
    const { answer, trace } = await subject.ask<Answer>('How is the programme level worked out, and which gates are applied?');
    expect(answer.kind).toBe('factual');
    const factual = answer as FactualAnswer;
    expect(factual.notFound).toBe(false);
    expect(factual.answer).toMatch(/gate/);
    expect(factual.notes[0]).toMatch(/^no items found/);
    expect(trace.some((t) => t.step === 'fallback_factual')).toBe(true);
  });
});
