import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * A language reference whose chapter on statements opens "All statements are divided into two
 * categories:" over two bullets, then gives each statement a section of its own, titled as one
 * ("4.1 Set statement"). "How many kinds of statements ...?" may ask for either: the two-item
 * list that outranks the sections is one reading among two, and the count it meets ("two
 * categories") cannot prove it the one asked for. Whichever list answers, the verdict is not
 * "complete".
 */

const L = 72;
const STATEMENTS = ['Set statement', 'Parameter statement', 'Solve statement', 'Display statement'];

const pdf = () =>
  drawPdf([
    (doc) => {
      doc.outline.addItem('3 Expressions');
      textAt(doc, L, 60, '3 Expressions', { bold: true, size: 14 });
      textAt(doc, L, 86, 'An expression is a rule for computing a value. Expressions are used in statements.');
      const chapter = doc.outline.addItem('4 Statements');
      textAt(doc, L, 120, '4 Statements', { bold: true, size: 14 });
      textAt(doc, L, 146, 'Statements are the basic units of a model description. All statements are divided into two categories:');
      textAt(doc, L + 10, 166, '• declaration statements;');
      textAt(doc, L + 10, 182, '• functional statements.');
      textAt(doc, L, 204, 'Declaration statements define the objects of the model; functional statements act on them.');
      STATEMENTS.forEach((s, i) => {
        const y = 240 + i * 70;
        chapter.addItem(`4.${i + 1} ${s}`);
        textAt(doc, L, y, `4.${i + 1} ${s}`, { bold: true, size: 12 });
        textAt(doc, L, y + 22, `The ${s.toLowerCase()} is written with its own keyword and ends with a semicolon.`);
      });
    },
  ]);

describe('a count met by one of two lists that fit the question alike (generated)', () => {
  const doc = generatedDocument(pdf, 'model-language.pdf');

  it('does not call the answer complete', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('How many kinds of statements does the language reference describe?');
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.isComplete).not.toBe(true);
    expect(trace.find((t) => t.step === 'completeness')!.decision).toMatch(/^unknown/);
  });
});
