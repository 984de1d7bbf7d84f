import { describe, expect, it } from 'vitest';
import type { FactualAnswer } from '../src/answer/types.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { statesCountOf } from '../src/route/count-evidence.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';
import { generatedDocument } from './helpers/generated-doc.ts';

/**
 * A made-up regatta report: its introduction sums the result up in one sentence that holds nearly
 * every word of the question but not the count; the racing section states the count ("five
 * boats"), with the time and the win in the sentences after it; another section counts boats of
 * another fleet, which won another race.
 */
function report(): Draw[] {
  const heading = (doc: PDFKit.PDFDocument, text: string) => at(doc, 72, 60, text, { bold: true, size: 14 });
  const lines = (doc: PDFKit.PDFDocument, y: number, texts: string[]) => texts.forEach((t, i) => at(doc, 72, y + 18 * i, t));
  return [
    (doc) => {
      heading(doc, '1 Introduction');
      lines(doc, 95, ['This report describes the season of the rowing club.', 'Our fleet reached a time of 41 minutes and won the 2031 harbour regatta, ahead of every other club.']);
    },
    (doc) => {
      heading(doc, '2 Boats and Crews');
      lines(doc, 95, ['The club owns long and short boats of several kinds.', 'Each crew trains twice a week on the lake before the season opens.']);
    },
    (doc) => {
      heading(doc, '3 Racing');
      lines(doc, 95, [
        'The crews trained for a whole season before the harbour race.',
        'We combine five boats of different size to form a fleet (only with two long ones at the start).',
        'This leads to a time of 41 minutes on the harbour course.',
        'This fleet won the regatta in 2031.',
      ]);
    },
    (doc) => {
      heading(doc, '4 Other Races');
      lines(doc, 95, ['Our fleet of 3 boats has a time of 55 minutes on the river course.', 'This result won the river cup in 2031.']);
    },
  ];
}

describe('a factual question that also counts something, on a generated report (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(report()), 'club-report.pdf');

  it('reads the noun a factual question counts', () => {
    expect(understandQuestion('How many boats made up the fleet that won the 2031 harbour regatta, and what time did it reach?')).toMatchObject({ intent: 'factual', countedNoun: 'boat' });
    expect(understandQuestion('How many days do I have to send the form?').countedNoun).toBe('day');
    expect(understandQuestion('What time does the desk close?').countedNoun ?? null).toBeNull();
  });

  it('tells a count of the noun from numbers that count nothing', () => {
    expect(statesCountOf('We combine six models of different depth to form an ensemble.', 'model')).toBe(true);
    expect(statesCountOf('an ensemble of 3 models', 'model')).toBe(true);
    expect(statesCountOf('two 152-layer models', 'model')).toBe(true);
    expect(statesCountOf('the 152-layer models', 'model')).toBe(false);
    expect(statesCountOf('one of the models', 'model')).toBe(false);
    expect(statesCountOf('in 2015 models were trained', 'model')).toBe(false);
    expect(statesCountOf('within 60 days after the loss', 'day')).toBe(true);
  });

  it('routes "how many X ..., and what ...?" to the passage that states the count, not to a summary that lacks it', async () => {
    const { answer } = await subject.ask<FactualAnswer>('How many boats made up the fleet that won the 2031 harbour regatta, and what time did it reach?');
    expect(answer.kind).toBe('factual');
    expect(answer.section?.title).toBe('3 Racing');
    expect([...new Set(answer.citations.map((c) => c.pageNum))]).toEqual([3]);
    // The best sentence answers the other part (the win); the count is quoted beside it.
    expect(answer.answer).toContain('five boats');
  });
});
