import type { GoldQuestion, QuestionKind } from './gold.ts';
import { matchItems, type AnswerItem, type MatchPair } from './match.ts';
import { normalize, tokens } from './normalize.ts';

/** What a system (docintel or the baseline) answered for one question. */
export type AnswerRecord = {
  items: AnswerItem[];
  count: number | null;
  /** The system's completeness verdict; null when it gave none. */
  isComplete: boolean | null;
  citedPages: number[];
  answerText: string;
};

export type QuestionScore = {
  id: string;
  kind: QuestionKind;
  /** Item metrics; null for factual questions, which have no gold items. */
  recall: number | null;
  precision: number | null;
  exactSet: boolean | null;
  pairs: MatchPair[];
  /** Count questions only. */
  countCorrect: boolean | null;
  /** Null when the answer gave no verdict. */
  completeCorrect: boolean | null;
  /** Claimed complete while the gold says the text cannot be complete or items were missed. */
  falseComplete: boolean;
  /** Share of distinct cited pages that are expected pages; null when nothing was cited. */
  citedPagesInExpected: number | null;
  /** Factual only: crude share of answer_facts found in the answer text. */
  factScore: number | null;
  /** Corpus questions with gold documents: share of picked documents that are gold, and of gold documents picked. */
  documentPrecision?: number | null;
  documentRecall?: number | null;
};

/** Document selection of a corpus question: precision and recall of the picked documents against the gold ones. */
export function scoreDocumentSelection(picked: string[], gold: string[]): { documentPrecision: number | null; documentRecall: number | null } {
  if (!gold.length) return { documentPrecision: null, documentRecall: null };
  const g = new Set(gold);
  const p = [...new Set(picked)];
  const hit = p.filter((d) => g.has(d)).length;
  return { documentPrecision: p.length ? hit / p.length : 0, documentRecall: hit / g.size };
}

/** A fact counts as stated when at least this share of its tokens appears in the answer. */
export const FACT_TOKEN_THRESHOLD = 0.8;

export function scoreQuestion(answer: AnswerRecord, gold: GoldQuestion): QuestionScore {
  const items = gold.kind === 'factual' ? null : matchItems(answer.items, gold.expected_items);
  return {
    id: gold.id,
    kind: gold.kind,
    recall: items?.recall ?? null,
    precision: items?.precision ?? null,
    exactSet: items?.exactSet ?? null,
    pairs: items?.pairs ?? [],
    countCorrect: gold.kind === 'count' ? answer.count !== null && answer.count === gold.expected_count : null,
    completeCorrect: answer.isComplete === null ? null : answer.isComplete === gold.expected_complete,
    falseComplete: answer.isComplete === true && (!gold.expected_complete || (items !== null && items.recall < 1)),
    citedPagesInExpected: pageShare(answer.citedPages, gold.expected_pages),
    factScore: gold.kind === 'factual' ? factScore(answer.answerText, gold.answer_facts) : null,
  };
}

export function pageShare(cited: number[], expected: number[]): number | null {
  const distinct = [...new Set(cited)];
  if (distinct.length === 0) return null;
  const allowed = new Set(expected);
  return distinct.filter((p) => allowed.has(p)).length / distinct.length;
}

/**
 * A stand-in for the README's human/LLM fact judgement: it catches facts that are
 * stated nearly verbatim and misses paraphrases, so it is a lower bound.
 */
export function factScore(answerText: string, facts: string[]): number | null {
  if (facts.length === 0) return null;
  const present = new Set(tokens(normalize(answerText)));
  return facts.filter((f) => factStated(present, f)).length / facts.length;
}

function factStated(answerTokens: Set<string>, fact: string): boolean {
  const factTokens = [...new Set(tokens(normalize(fact)))];
  if (factTokens.length === 0) return false;
  const found = factTokens.filter((t) => answerTokens.has(t)).length;
  return found / factTokens.length >= FACT_TOKEN_THRESHOLD;
}

export type Summary = {
  questions: number;
  meanRecall: number | null;
  meanPrecision: number | null;
  exactSets: number;
  itemQuestions: number;
  countCorrect: number;
  countQuestions: number;
  /** Over all questions; a missing verdict counts as not correct. */
  completeCorrect: number;
  falseComplete: number;
  meanCitedPagesInExpected: number | null;
  meanFactScore: number | null;
  factualQuestions: number;
  /** Corpus questions whose document selection was scored. */
  corpusQuestions: number;
  meanDocumentPrecision: number | null;
  meanDocumentRecall: number | null;
};

export function summarize(results: QuestionScore[]): Summary {
  const itemQs = results.filter((r) => r.recall !== null);
  return {
    questions: results.length,
    meanRecall: mean(results.map((r) => r.recall)),
    meanPrecision: mean(results.map((r) => r.precision)),
    exactSets: results.filter((r) => r.exactSet === true).length,
    itemQuestions: itemQs.length,
    countCorrect: results.filter((r) => r.countCorrect === true).length,
    countQuestions: results.filter((r) => r.kind === 'count').length,
    completeCorrect: results.filter((r) => r.completeCorrect === true).length,
    falseComplete: results.filter((r) => r.falseComplete).length,
    meanCitedPagesInExpected: mean(results.map((r) => r.citedPagesInExpected)),
    meanFactScore: mean(results.map((r) => r.factScore)),
    factualQuestions: results.filter((r) => r.kind === 'factual').length,
    corpusQuestions: results.filter((r) => r.documentRecall !== undefined && r.documentRecall !== null).length,
    meanDocumentPrecision: mean(results.map((r) => r.documentPrecision ?? null)),
    meanDocumentRecall: mean(results.map((r) => r.documentRecall ?? null)),
  };
}

/** Mean of the defined values; null when none is defined, so "not applicable" never reads as 0. */
export function mean(values: (number | null)[]): number | null {
  const defined = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return defined.length === 0 ? null : defined.reduce((a, b) => a + b, 0) / defined.length;
}

/** Baseline retrieval quality at one k, shown next to the answer scores. */
export type EvidenceAtK = { k: number; recall: number | null; tokens: number };

export type ComparisonRow = {
  /** The gold record's document, for the per-document table. */
  document?: string;
  docintel: QuestionScore;
  /** Null when the baseline was not run for this question. */
  baseline: QuestionScore | null;
  baselineEvidence?: EvidenceAtK[];
};

type Column = { header: string; cell: (s: QuestionScore) => string };

const COLUMNS: Column[] = [
  { header: 'recall', cell: (s) => num(s.recall) },
  { header: 'precision', cell: (s) => num(s.precision) },
  { header: 'exact set', cell: (s) => flag(s.exactSet) },
  { header: 'count ok', cell: (s) => flag(s.countCorrect) },
  { header: 'verdict ok', cell: (s) => flag(s.completeCorrect) },
  { header: 'false complete', cell: (s) => (s.falseComplete ? '✗ yes' : 'no') },
  { header: 'pages in expected', cell: (s) => num(s.citedPagesInExpected) },
  { header: 'facts (auto)', cell: (s) => num(s.factScore) },
  { header: 'documents P/R', cell: (s) => (s.documentRecall === undefined || s.documentRecall === null ? '–' : `${num(s.documentPrecision ?? null)}/${num(s.documentRecall)}`) },
];

/**
 * One table per question with "docintel / baseline" in every cell, then a totals
 * table with the two systems in adjacent columns.
 */
export function renderSummaryMarkdown(rows: ComparisonRow[]): string {
  const ks = evidenceKs(rows);
  return [
    '## Per question (docintel / baseline)',
    '',
    ...questionTable(rows, ks),
    '',
    '## Totals',
    '',
    ...totalsTable(rows, ks),
    '',
    ...documentTable(rows),
    'Cells read `docintel / baseline`; `–` means not applicable or not run. ' +
      'Facts (auto) is a token-overlap lower bound, not the human/LLM judgement the README asks for.',
    '',
  ].join('\n');
}

function questionTable(rows: ComparisonRow[], ks: number[]): string[] {
  const header = ['id', 'kind', ...COLUMNS.map((c) => c.header), ...ks.map((k) => `baseline evidence@${k}`)];
  const body = rows.map((r) => [
    r.docintel.id,
    r.docintel.kind,
    ...COLUMNS.map((c) => `${c.cell(r.docintel)} / ${r.baseline ? c.cell(r.baseline) : '–'}`),
    ...ks.map((k) => evidenceCell(r.baselineEvidence?.find((e) => e.k === k))),
  ]);
  return table(header, body);
}

function totalsTable(rows: ComparisonRow[], ks: number[]): string[] {
  const d = summarize(rows.map((r) => r.docintel));
  const baselineScores = rows.flatMap((r) => (r.baseline ? [r.baseline] : []));
  const b = baselineScores.length > 0 ? summarize(baselineScores) : null;
  const line = (label: string, f: (s: Summary) => string) => [label, f(d), b ? f(b) : '–'];
  const body = [
    line('questions', (s) => String(s.questions)),
    line('mean recall', (s) => num(s.meanRecall)),
    line('mean precision', (s) => num(s.meanPrecision)),
    line('exact sets', (s) => `${s.exactSets}/${s.itemQuestions}`),
    line('count correct', (s) => `${s.countCorrect}/${s.countQuestions}`),
    line('verdict correct', (s) => `${s.completeCorrect}/${s.questions}`),
    line('false complete', (s) => String(s.falseComplete)),
    line('mean pages in expected', (s) => num(s.meanCitedPagesInExpected)),
    line('mean facts (auto)', (s) => num(s.meanFactScore)),
    line('document selection precision / recall (corpus questions)', (s) => (s.corpusQuestions ? `${num(s.meanDocumentPrecision)} / ${num(s.meanDocumentRecall)} (${s.corpusQuestions})` : '–')),
    ...ks.map((k) => {
      const at = rows.flatMap((r) => r.baselineEvidence?.filter((e) => e.k === k) ?? []);
      const tokensMean = mean(at.map((e) => e.tokens));
      return [`baseline evidence@${k} (mean tokens)`, '–', `${num(mean(at.map((e) => e.recall)))} (${tokensMean === null ? '–' : Math.round(tokensMean)})`];
    }),
  ];
  return table(['metric', 'docintel', 'baseline'], body);
}

/** Per document: docintel's item scores and verdicts beside the baseline's evidence recall. */
function documentTable(rows: ComparisonRow[]): string[] {
  const docs = [...new Set(rows.map((r) => r.document).filter((d): d is string => Boolean(d)))].sort();
  if (!docs.length) return [];
  const ks = evidenceKs(rows);
  const body = docs.map((doc) => {
    const mine = rows.filter((r) => r.document === doc);
    const d = summarize(mine.map((r) => r.docintel));
    return [
      doc,
      String(d.questions),
      num(d.meanRecall),
      num(d.meanPrecision),
      `${d.exactSets}/${d.itemQuestions}`,
      String(d.falseComplete),
      num(d.meanCitedPagesInExpected),
      ...ks.map((k) => num(mean(mine.map((r) => r.baselineEvidence?.find((e) => e.k === k)?.recall ?? null)))),
    ];
  });
  return ['## Per document', '', ...table(['document', 'questions', 'recall', 'precision', 'exact sets', 'false complete', 'pages in expected', ...ks.map((k) => `baseline evidence@${k}`)], body), ''];
}

function evidenceKs(rows: ComparisonRow[]): number[] {
  const ks = new Set(rows.flatMap((r) => r.baselineEvidence?.map((e) => e.k) ?? []));
  return [...ks].sort((a, b) => a - b);
}

function evidenceCell(e: EvidenceAtK | undefined): string {
  return e === undefined ? '–' : `${num(e.recall)} (${e.tokens} tok)`;
}

function table(header: string[], body: string[][]): string[] {
  const row = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [row(header), row(header.map(() => '---')), ...body.map(row)];
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function num(v: number | null): string {
  return v === null ? '–' : v.toFixed(2);
}

function flag(v: boolean | null): string {
  return v === null ? '–' : v ? '✓' : '✗';
}
