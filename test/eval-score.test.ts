import { toRecord } from '../src/eval/run-eval.ts';
import type { Answer } from '../src/answer/types.ts';
import { describe, expect, it } from 'vitest';
import type { GoldQuestion } from '../src/eval/gold.ts';
import { factScore, mean, pageShare, scoreDocumentSelection, renderSummaryMarkdown, scoreQuestion, summarize, type AnswerRecord, type ComparisonRow } from '../src/eval/score.ts';
import { renderRecallChart } from '../src/eval/chart.ts';

function goldQ(over: Partial<GoldQuestion>): GoldQuestion {
  return {
    id: 'q',
    document: 'doc.pdf',
    question: 'What?',
    kind: 'listing',
    strategy_hint: 'structure',
    expected_items: [],
    expected_count: null,
    stated_count: null,
    expected_complete: true,
    expected_pages: [],
    expected_section: null,
    answer_facts: [],
    evidence: '',
    ...over,
  };
}

function answerR(over: Partial<AnswerRecord>): AnswerRecord {
  return { items: [], count: null, isComplete: null, citedPages: [], answerText: '', ...over };
}

const tiers = goldQ({
  id: 'csf-tier-count',
  kind: 'count',
  expected_items: [
    { name: 'Partial', aliases: ['Tier 1'], pages: [12] },
    { name: 'Risk Informed', aliases: ['Tier 2'], pages: [12] },
    { name: 'Repeatable', aliases: ['Tier 3'], pages: [12] },
    { name: 'Adaptive', aliases: ['Tier 4'], pages: [12] },
  ],
  expected_count: 4,
  stated_count: 4,
  expected_pages: [12, 29, 30, 31],
});

const optimizer = goldQ({
  id: 'att-optimizer',
  kind: 'factual',
  expected_pages: [7],
  answer_facts: ['Adam optimizer', 'beta1 = 0.9, beta2 = 0.98, epsilon = 1e-9', 'warmup_steps = 4000'],
});

const item = (name: string) => ({ name, surfaceForms: [] });

describe('scoreQuestion', () => {
  it('scores a perfect count answer', () => {
    const s = scoreQuestion(
      answerR({ items: ['Tier 1', 'Tier 2', 'Tier 3', 'Tier 4'].map(item), count: 4, isComplete: true, citedPages: [12, 29] }),
      tiers,
    );
    expect(s).toMatchObject({ recall: 1, precision: 1, exactSet: true, countCorrect: true, completeCorrect: true, falseComplete: false, citedPagesInExpected: 1, factScore: null });
  });

  it('flags a complete claim with missed items as false complete', () => {
    const s = scoreQuestion(answerR({ items: ['Partial', 'Adaptive', 'Managed'].map(item), count: 3, isComplete: true, citedPages: [12, 12, 40] }), tiers);
    expect(s.recall).toBe(0.5);
    expect(s.precision).toBeCloseTo(2 / 3);
    expect(s.exactSet).toBe(false);
    expect(s.countCorrect).toBe(false);
    expect(s.completeCorrect).toBe(true);
    expect(s.falseComplete).toBe(true);
    // Distinct pages: 12 is expected, 40 is not.
    expect(s.citedPagesInExpected).toBe(0.5);
  });

  it('flags a complete claim when the gold says the text cannot be complete', () => {
    const short = { ...tiers, expected_complete: false, stated_count: 5 };
    const all = ['Tier 1', 'Tier 2', 'Tier 3', 'Tier 4'].map(item);
    expect(scoreQuestion(answerR({ items: all, count: 4, isComplete: true }), short)).toMatchObject({ completeCorrect: false, falseComplete: true });
    expect(scoreQuestion(answerR({ items: all, count: 4, isComplete: false }), short)).toMatchObject({ completeCorrect: true, falseComplete: false });
  });

  it('leaves the verdict and count unjudged when the answer gives none', () => {
    const s = scoreQuestion(answerR({ items: [item('Partial')] }), tiers);
    expect(s.completeCorrect).toBeNull();
    expect(s.countCorrect).toBe(false);
    expect(s.falseComplete).toBe(false);
    expect(s.citedPagesInExpected).toBeNull();
  });

  it('checks the count only for count questions', () => {
    expect(scoreQuestion(answerR({ count: 4 }), { ...tiers, kind: 'listing' }).countCorrect).toBeNull();
  });

  it('scores factual questions by facts, not items', () => {
    const s = scoreQuestion(
      answerR({ answerText: 'They used the Adam optimizer with β1 = 0.9, β2 = 0.98 and ε = 10^-9.', isComplete: true, citedPages: [7] }),
      optimizer,
    );
    expect(s).toMatchObject({ recall: null, precision: null, exactSet: null, countCorrect: null, falseComplete: false, citedPagesInExpected: 1 });
    // Only "Adam optimizer" survives the crude token check; the Greek letters and 10^-9 are paraphrases.
    expect(s.factScore).toBeCloseTo(1 / 3);
  });
});

describe('factScore', () => {
  it('counts a fact when at least 80% of its tokens appear', () => {
    // "within 60 days after the loss": 5 of 6 tokens present passes, 3 of 6 does not.
    expect(factScore('warmup_steps is 4000', ['warmup_steps = 4000'])).toBe(1);
    expect(factScore('the proof of loss is due within 60 days', ['Within 60 days after the loss'])).toBe(1);
    expect(factScore('within 60 days', ['Within 60 days after the loss'])).toBe(0);
    expect(factScore('anything', [])).toBeNull();
  });
});

describe('helpers', () => {
  it('pageShare uses distinct pages', () => {
    expect(pageShare([1, 1, 2], [1])).toBe(0.5);
    expect(pageShare([], [1])).toBeNull();
  });

  it('mean ignores nulls', () => {
    expect(mean([1, null, 0])).toBe(0.5);
    expect(mean([null])).toBeNull();
  });
});

describe('summarize and renderSummaryMarkdown', () => {
  const good = scoreQuestion(answerR({ items: ['Tier 1', 'Tier 2', 'Tier 3', 'Tier 4'].map(item), count: 4, isComplete: true, citedPages: [12] }), tiers);
  const weak = scoreQuestion(answerR({ items: [item('Tier 1')], count: 1, isComplete: true, citedPages: [50] }), tiers);
  const factual = scoreQuestion(answerR({ answerText: 'Adam optimizer; warmup steps 4000', isComplete: true, citedPages: [7] }), optimizer);
  const factualBase = scoreQuestion(answerR({ answerText: 'Not stated.' }), optimizer);

  it('totals the per-question scores', () => {
    const s = summarize([good, weak, factual]);
    expect(s).toMatchObject({
      questions: 3,
      meanRecall: (1 + 0.25) / 2,
      meanPrecision: 1,
      exactSets: 1,
      itemQuestions: 2,
      countCorrect: 1,
      countQuestions: 2,
      completeCorrect: 3,
      falseComplete: 1,
      meanCitedPagesInExpected: 2 / 3,
      factualQuestions: 1,
    });
    expect(s.meanFactScore).toBeCloseTo(2 / 3);
  });

  it('renders a per-question table and totals with both systems side by side', () => {
    const rows: ComparisonRow[] = [
      { document: 'csf.pdf', docintel: good, baseline: weak, baselineEvidence: [{ k: 5, recall: 0.5, tokens: 2400 }, { k: 10, recall: 0.75, tokens: 4800 }] },
      { document: 'att.pdf', docintel: { ...factual, id: 'att-optimizer' }, baseline: factualBase, baselineEvidence: [{ k: 5, recall: null, tokens: 2300 }] },
    ];
    const md = renderSummaryMarkdown(rows);
    const lines = md.split('\n');
    const header = lines.find((l) => l.startsWith('| id |'))!;
    expect(header).toContain('| recall |');
    expect(header).toContain('baseline evidence@5');
    expect(header).toContain('baseline evidence@10');
    const tierRow = lines.find((l) => l.startsWith('| csf-tier-count |'))!;
    expect(tierRow).toContain('| 1.00 / 0.25 |');
    expect(tierRow).toContain('| ✓ / ✗ |');
    expect(tierRow).toContain('0.50 (2400 tok)');
    const factRow = lines.find((l) => l.startsWith('| att-optimizer |'))!;
    expect(factRow).toContain('| – / – |');
    expect(factRow).toContain('| 0.67 / 0.00 |');
    expect(md).toContain('| metric | docintel | baseline |');
    expect(md).toContain('| mean recall | 1.00 | 0.25 |');
    expect(md).toContain('| count correct | 1/1 | 0/1 |');
    expect(md).toContain('| baseline evidence@10 (mean tokens) | – | 0.75 (4800) |');
    // Per document: the item scores beside the baseline's evidence recall.
    expect(md).toContain('| csf.pdf | 1 | 1.00 | 1.00 | 1/1 | 0 | ');
    expect(md).toMatch(/\| csf\.pdf \|.*\| 0\.50 \| 0\.75 \|/);
    // Every table row has the same number of cells as its header.
    for (const table of md.split('\n\n').filter((b) => b.startsWith('|'))) {
      const widths = table.split('\n').map((l) => l.split(' | ').length);
      expect(new Set(widths).size).toBe(1);
    }
  });

  it('shows a dash for a baseline that was not run', () => {
    const md = renderSummaryMarkdown([{ docintel: good, baseline: null }]);
    expect(md).toContain('| 1.00 / – |');
    expect(md).toContain('| mean recall | 1.00 | – |');
  });
});

/** A minimal well-formedness check: every tag closes in order and nothing is left open. */
function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(xml.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
}

describe('renderRecallChart', () => {
  const rows = [
    { id: 'csf-tier-count', docintel: 1, baseline5: 0.5, baseline10: 0.75 },
    { id: 'fema-coverages', docintel: 0.75, baseline5: 0, baseline10: Number.NaN },
    { id: 'a<b&c', docintel: 2, baseline5: -1, baseline10: 0.25 },
  ];
  const svg = renderRecallChart(rows);

  it('produces a self-contained, well-formed SVG', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/href=|<script|NaN|Infinity/);
    assertWellFormedXml(svg);
  });

  it('labels every question, both axes and the legend', () => {
    expect(svg).toContain('>csf-tier-count</text>');
    expect(svg).toContain('>fema-coverages</text>');
    expect(svg).toContain('>a&lt;b&amp;c</text>');
    expect(svg).toContain('Recall (share of gold items)');
    expect(svg).toContain('>Question</text>');
    for (const label of ['docintel', 'BM25 top-5 baseline', 'BM25 top-10 baseline']) expect(svg).toContain(`>${label}</text>`);
  });

  it('is wide enough for its title and legend with a single question', () => {
    const one = renderRecallChart([{ id: 'q', docintel: 1, baseline5: 1, baseline10: 1 }]);
    const width = Number(/^<svg [^>]*width="(\d+)"/.exec(one)![1]);
    const lastLegend = Math.max(...[...one.matchAll(/<text x="([\d.]+)" y="42">([^<]+)<\/text>/g)].map((m) => Number(m[1]) + m[2]!.length * 6.5));
    expect(width).toBeGreaterThanOrEqual(lastLegend);
    expect(width).toBeGreaterThanOrEqual(64 + 52 * 8.5); // the 15 px bold title, about 8.5 px a character
  });

  it('draws three bars per question with heights clamped to [0, 1]', () => {
    const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)" fill="#(?:0072B2|E69F00|D55E00)"><title>/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(9);
    const full = heights[0]!;
    expect(heights[1]).toBeCloseTo(full / 2, 0);
    expect(heights[6]).toBe(full);
    expect(heights[7]).toBe(0);
    expect(heights[5]).toBe(0);
  });
});

describe('scoreDocumentSelection', () => {
  it('is precision and recall of the picked documents against the gold ones', () => {
    expect(scoreDocumentSelection(['a.pdf', 'b.pdf', 'c.pdf'], ['a.pdf', 'b.pdf'])).toEqual({ documentPrecision: 2 / 3, documentRecall: 1 });
    expect(scoreDocumentSelection(['c.pdf'], ['a.pdf', 'b.pdf'])).toEqual({ documentPrecision: 0, documentRecall: 0 });
    expect(scoreDocumentSelection([], ['a.pdf'])).toEqual({ documentPrecision: 0, documentRecall: 0 });
    expect(scoreDocumentSelection(['a.pdf'], [])).toEqual({ documentPrecision: null, documentRecall: null });
  });
});

describe('a factual answer in the eval record', () => {
  const factual = { kind: 'factual', question: 'q', answer: 'It is 30 days.', citations: [{ lineId: 1, pageNum: 3, lineNum: 4, quote: '30 days' }], notFound: false } as unknown as Answer;
  it('reads as complete for a factual gold question, and as no verdict for a listing one', () => {
    expect(toRecord(factual, 'factual').isComplete).toBe(true);
    expect(toRecord(factual, 'listing').isComplete).toBeNull();
    expect(toRecord(factual, 'count').isComplete).toBeNull();
    expect(toRecord({ ...factual, notFound: true } as Answer, 'factual').isComplete).toBeNull();
  });
});
