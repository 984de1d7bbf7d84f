import { describe, expect, it } from 'vitest';
import type { FactualAnswer } from '../src/answer/types.ts';
import { answerTypes } from '../src/question/answer-type.ts';
import { sentencePriors, splitSentences } from '../src/route/sentences.ts';
import { identifierWeights } from '../src/route/evidence.ts';
import { numbersIn } from '../src/text/text-match.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { mappingGuidePdf } from './helpers/mapping-guide-pdf.ts';
import { rulesStandardPdf } from './helpers/rules-standard-pdf.ts';
import { withoutDocumentWords } from '../src/answer/answer-question.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { adjacentPairs, pairShare } from '../src/search/proximity.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

describe('sentence choice and numbers in factual answers on a generated guide (no LLM)', () => {
  const subject = generatedDocument(mappingGuidePdf, 'mapping-guide.pdf');
  const pages = (a: FactualAnswer) => [...new Set(a.citations.map((c) => c.pageNum))];

  it("does not quote a table's header block, whose lines recur over every table, for a question about the tables", async () => {
    const { answer } = await subject.ask<FactualAnswer>('Where do the relevant partner controls for the guide rules come from?');
    expect(answer.kind).toBe('factual');
    expect(answer.answer).toContain('Harbour Standards Office');
    expect(answer.answer).not.toContain('Relevant Partner Controls');
    expect(pages(answer)).toEqual([6]);
  });

  it('lands on the section whose body holds the number the question writes', async () => {
    const { answer } = await subject.ask<FactualAnswer>('What does the 152-layer net need in operations for one image?');
    expect(answer.section?.title).toBe('3 Second Trials');
    expect(answer.answer).toContain('11.3 billion operations');
  });

  it('answers "from when" with the sentence that holds a date', async () => {
    const { answer } = await subject.ask<FactualAnswer>('From when do the new intake rules apply?');
    expect(answer.answer).toContain('2 March 2027');
    expect(answer.answer).not.toContain('apply to each intake desk');
  });

  it('answers "what does X mean" with the sentence that says what X indicates', async () => {
    const { answer } = await subject.ask<FactualAnswer>('In the register, what does a star next to a desk name mean?');
    expect(answer.answer).toContain('has not yet passed its review');
    expect(answer.answer).not.toContain('red ink');
  });
});

describe('routing when the question\'s words are everywhere, on a generated port handbook (no LLM)', () => {
  // Not named for its subject: a file name's words are dropped from the question as the document's own.
  const subject = generatedDocument(rulesStandardPdf, 'port-handbook.pdf');

  it('does not follow a title word that every section talks about to a section that only names the words apart', async () => {
    const { answer, trace } = await subject.ask<FactualAnswer>('Where do the intake rules come from, and where do the release rules come from?');
    expect(answer.kind).toBe('factual');
    expect(answer.section?.title).toBe('2 Fundamentals');
    expect([...new Set(answer.citations.map((c) => c.pageNum))]).toEqual([2]);
    // The routing table still says why: the level row keeps its scores.
    expect(trace.some((t) => t.stage === 'route' && t.step === 'level')).toBe(true);
  });

  it('quotes the sentence that holds the question\'s words side by side over a shorter one that scatters them', async () => {
    const { answer } = await subject.ask<FactualAnswer>('What time does the night desk close?');
    expect(answer.answer).toContain('The night desk closes at six');
    expect(answer.answer).not.toContain('night guard');
  });
});

describe('the pieces those answers rest on', () => {
  it('measures how many of the question\'s neighbouring word pairs a passage holds side by side', () => {
    const q = adjacentPairs(['night', 'desk', 'close']);
    expect(pairShare(q, ['the', 'night', 'desk', 'close', 'six'])).toBe(1);
    expect(pairShare(q, ['close', 'time', 'desk', 'staff', 'night'])).toBe(0);
  });

  it('keeps the numbers a question writes, but not those of the document\'s own name', () => {
    const q = 'What does SP 800-171 require of the 3 contractors?';
    const u = withoutDocumentWords(understandQuestion(q), { file_name: 'nist-sp-800-171r2.pdf', title: null, title_entry: 'NIST SP 800-171 Rev. 2', text: q });
    expect(u.numbers).toEqual(['3']);
  });

  it('counts a sentence stacked from recurring header lines as furniture, and a prose sentence not', () => {
    const header = ['PARTNER CATALOGUE', 'GUIDE RULES', 'Relevant Partner Controls'];
    const text = ['INTAKE', 'STORAGE', 'RELEASE'].flatMap((f, i) => [`TABLE A-${i + 1}: MAPPING ${f} RULES TO CONTROLS`, ...header, `- Rows for ${f.toLowerCase()} follow below in this table.`]);
    const lines = text.map((t, i) => ({ pageNum: 1, lineNum: i, text: t }));
    const sentences = splitSentences(lines);
    const priors = sentencePriors(sentences, lines);
    const headerAt = sentences.findIndex((s) => s.text.startsWith('TABLE A-2'));
    const proseAt = sentences.findIndex((s) => s.text.startsWith('- Rows for storage'));
    expect(priors[headerAt]).toBeLessThan(0.5);
    expect(priors[proseAt]).toBe(1);
  });

  it('weighs a code once however many tokens it is written with, and a number the question writes as one code', () => {
    const w = identifierWeights(['ISO/IEC 27001', 'GV.OC'], ['27001', '152']);
    expect(w.get('iso')! + w.get('iec')! + w.get('27001')!).toBeCloseTo(w.get('gv.oc')!);
    expect(w.get('152')).toBe(w.get('gv.oc'));
  });

  it("reads the question's numbers and the answer types its form asks for", () => {
    expect(numbersIn('What does the 152-layer net cost next to VGG-16/19?')).toEqual(['152', '16', '19']);
    expect(answerTypes('From when do the prohibitions apply, and when does the Regulation apply in general?')).toContain('date');
    expect(answerTypes('What does an asterisk next to a control mean?')).toEqual(['definition']);
    expect(answerTypes('What is the maximum fine?')).toEqual(['quantity']);
    expect(answerTypes('Who approves overtime for night shifts?')).toEqual([]);
  });
});

describe('a factual answer quotes the paragraph the best sentence opens (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, '1 Setup', { bold: true, size: 14 });
          at(doc, 72, 90, 'The rigs were assembled in the hall by the day crew over two weeks.');
          at(doc, 72, 120, '2 Training', { bold: true, size: 14 });
          at(doc, 72, 150, 'We trained the rowing crews with the Harbor method at a stroke rate of thirty. We raised');
          at(doc, 72, 168, 'the rate by two strokes after each week of training, up to a rate of forty. Each session');
          at(doc, 72, 186, 'ended with a cool-down of ten minutes.');
          at(doc, 72, 216, 'TABLE 2-1: SESSION LOG', { bold: true });
          at(doc, 72, 236, 'Week one held four sessions in the hall.');
          at(doc, 72, 266, '3 Results', { bold: true, size: 14 });
          at(doc, 72, 296, 'The crews finished the season without an injury.');
        },
      ]),
    'rowing-report.pdf',
  );

  it('goes on with the sentences that follow the best one on its lines, and stops at a caption', async () => {
    const { answer } = await subject.ask<FactualAnswer>('Which method and stroke rate schedule were the crews trained with?');
    expect(answer.answer).toContain('Harbor method at a stroke rate of thirty');
    expect(answer.answer).toContain('raised the rate by two strokes after each week');
    expect(answer.answer).not.toContain('SESSION LOG');
  });
});
