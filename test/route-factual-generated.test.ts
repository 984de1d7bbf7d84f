import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { FactualAnswer } from '../src/answer/types.ts';
import { splitSentences } from '../src/route/sentences.ts';
import { askGenerated, ingestGenerated } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A made-up station handbook, one section a page, each section several sentences of filler so the
 * bodies share the common words. The answers sit where no title says so: in a section whose title
 * shares no word with the question, in a footnote, in a table row, and under a title that names
 * the question's words but holds none of the answer (the router must backtrack from it).
 */
function handbook(): Draw[] {
  const filler = (doc: PDFKit.PDFDocument, y: number, topic: string) => {
    const lines = [
      `Staff read this part of the handbook on ${topic} before their first week at the station.`,
      `Questions about ${topic} go to the team lead, who keeps the station binder up to date.`,
      `The station binder holds the forms for ${topic} and a copy of every signed record.`,
    ];
    lines.forEach((t, i) => at(doc, 72, y + 18 * i, t));
  };
  const page = (n: number, title: string, body: (doc: PDFKit.PDFDocument) => void, topic = title.toLowerCase()): Draw => (doc) => {
    at(doc, 72, 60, `${n} ${title}`, { bold: true, size: 14 });
    filler(doc, 95, topic);
    body(doc);
  };
  return [
    page(1, 'Welcome', (doc) => at(doc, 72, 170, 'The station opens at seven and closes when the last boat is in.')),
    page(2, 'Equipment Care', (doc) => {
      at(doc, 72, 170, 'Hoses are flushed with fresh water after each use and hung to dry.');
      at(doc, 72, 188, 'Tanks are stored upright in the cage by the north door.');
    }),
    page(3, 'Surface Intervals', (doc) => {
      at(doc, 72, 170, 'After any dive below thirty metres, a diver rests at least six hours before the');
      at(doc, 72, 188, 'next deep dive, and logs the rest period in the binder.');
    }),
    page(4, 'Access', (doc) => {
      at(doc, 72, 170, 'Every member of staff carries a photo badge on the premises.¹');
      at(doc, 72, 188, 'Visitors sign in at the front desk.');
      at(doc, 72, 720, '¹ A lost badge is replaced by the front desk for a charge of 25 dollars.', { size: 8 });
    }),
    page(5, 'Rates', (doc) => {
      at(doc, 72, 170, 'Item', { bold: true });
      at(doc, 250, 170, 'Rate', { bold: true });
      at(doc, 72, 188, 'Kayak rental per hour');
      at(doc, 250, 188, '12 dollars');
      at(doc, 72, 206, 'Wetsuit rental per day');
      at(doc, 250, 206, '18 dollars');
    }),
    page(6, 'Overtime Approval for Night Shifts', (doc) => {
      at(doc, 72, 170, 'Request slips are collected by the clerk every Friday afternoon.');
      at(doc, 72, 188, 'The clerk files them in the binder by week.');
    }, 'request slips'),
    page(7, 'Staffing Rules', (doc) => {
      at(doc, 72, 170, 'Overtime on night shifts is approved by the duty manager before the shift starts,');
      at(doc, 72, 188, 'never afterwards.');
    }),
  ];
}

describe('factual routing on a generated handbook (no LLM)', () => {
  let app: App;
  let documentId: number;
  beforeAll(async () => {
    ({ app, documentId } = await ingestGenerated(await drawPdf(handbook()), 'station-handbook.pdf'));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const pages = (a: FactualAnswer) => [...new Set(a.citations.map((c) => c.pageNum))];

  it('lands on a section whose title shares no word with the question, by its body, and quotes the whole wrapped sentence', async () => {
    const { answer, trace } = await askGenerated<FactualAnswer>(app, documentId, 'How long must a diver rest before the next deep dive?');
    expect(answer.kind).toBe('factual');
    expect(answer.section?.title).toBe('3 Surface Intervals');
    expect(pages(answer)).toEqual([3]);
    // The sentence runs over two lines: both are cited, and the answer reads as one sentence.
    expect(answer.citations.map((c) => c.lineNum).length).toBeGreaterThanOrEqual(2);
    expect(answer.answer).toContain('rests at least six hours before the next deep dive');
    expect(trace.some((t) => t.stage === 'route' && t.step === 'candidate')).toBe(true);
  }, 60_000);

  it('answers from a footnote', async () => {
    const { answer } = await askGenerated<FactualAnswer>(app, documentId, 'What is the charge for replacing a lost badge?');
    expect(pages(answer)).toEqual([4]);
    expect(answer.answer).toContain('25 dollars');
  }, 60_000);

  it('answers from a table row', async () => {
    const { answer } = await askGenerated<FactualAnswer>(app, documentId, 'What does wetsuit rental cost per day?');
    expect(pages(answer)).toEqual([5]);
    expect(answer.answer).toContain('18 dollars');
  }, 60_000);

  it('backtracks from a misleading title that holds none of the evidence, and traces the backtrack', async () => {
    const { answer, trace } = await askGenerated<FactualAnswer>(app, documentId, 'Who approves overtime for night shifts?');
    expect(answer.section?.title).toBe('7 Staffing Rules');
    expect(pages(answer)).toEqual([7]);
    expect(answer.answer).toContain('approved by the duty manager');
    const back = trace.find((t) => t.stage === 'route' && t.step === 'backtrack');
    expect(back, 'a backtrack row').toBeTruthy();
    expect(JSON.stringify(back!.input)).toContain('Overtime Approval for Night Shifts');
  }, 60_000);
});

describe('sentences from wrapped lines', () => {
  it('joins wrapped lines, mends a broken hyphen, keeps abbreviations inside, and starts a new sentence at a marker', () => {
    const lines = ['The team must wait fif-', 'teen minutes, e.g. while calling.', 'Then escalate. A', 'new one.', '1. Item one'].map((text, i) => ({ pageNum: 1, lineNum: i, text }));
    const s = splitSentences(lines);
    expect(s.map((x) => x.text)).toEqual(['The team must wait fifteen minutes, e.g. while calling.', 'Then escalate.', 'A new one.', '1. Item one']);
    // Every piece is a verbatim slice of its line.
    expect(s[0]!.pieces.map((p) => lines[p.index]!.text.slice(p.start, p.end))).toEqual(['The team must wait fif-', 'teen minutes, e.g. while calling.']);
  });
});
