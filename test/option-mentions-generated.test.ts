import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * A language reference whose appendix on the solver names its options only in prose and in
 * command examples, no list or table of them. A question for the options it mentions reads them
 * from the appendix's lines, dashes first; the options another chapter names are not its; and a
 * sweep of mentions is never called complete.
 */

const L = 72;
const pdf = () =>
  drawPdf([
    (doc) => {
      doc.outline.addItem('1 Language');
      textAt(doc, L, 60, '1 Language', { bold: true, size: 14 });
      textAt(doc, L, 86, 'Models are written in plain text. The translator accepts --strict to reject old forms.');
      doc.outline.addItem('Appendix D Solving models with the solver');
      textAt(doc, L, 130, 'Appendix D Solving models with the solver', { bold: true, size: 14 });
      textAt(doc, L, 156, 'The solver reads a model file given with the option --model on the command line:');
      textAt(doc, L + 30, 176, 'solver --model plan.mod');
      textAt(doc, L, 196, 'Data may be kept apart and given with --data, once per data file:');
      textAt(doc, L + 30, 216, 'solver --model plan.mod --data plan.dat');
      textAt(doc, L, 236, 'To write the solution to a file, use the option --output as follows:');
      textAt(doc, L + 30, 256, 'solver --model plan.mod --output plan.sol');
      textAt(doc, L, 276, 'The complete list of options is given in the reference manual of the package.');
    },
  ]);

describe('options a section only mentions (generated)', () => {
  const doc = generatedDocument(pdf, 'model-language-reference.pdf');

  it('answers with the options the appendix writes, and not as complete', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which solver command-line options does the reference mention for solving models?');
    expect(answer.items.map((i) => i.name).sort()).toEqual(['--data', '--model', '--output']);
    expect(answer.isComplete).not.toBe(true);
  });
});
