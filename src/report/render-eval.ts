import type { QuestionScore, Summary } from '../eval/score.ts';
import type { EvalQuestion, EvalResults } from './eval-results.ts';
import { html, type Html } from './html.ts';

const num = (v: number | null) => (v === null ? '–' : v.toFixed(2));
const flag = (v: boolean | null) => (v === null ? '–' : v ? '✓' : '✗');

const QUESTION_METRICS: [string, (s: QuestionScore) => string][] = [
  ['recall', (s) => num(s.recall)],
  ['precision', (s) => num(s.precision)],
  ['exact set', (s) => flag(s.exactSet)],
  ['count correct', (s) => flag(s.countCorrect)],
  ['verdict correct', (s) => flag(s.completeCorrect)],
  ['false complete', (s) => (s.falseComplete ? '✗ yes' : 'no')],
  ['cited pages in expected', (s) => num(s.citedPagesInExpected)],
  ['facts (auto)', (s) => num(s.factScore)],
];

const TOTAL_METRICS: [string, (s: Summary) => string][] = [
  ['questions', (s) => String(s.questions)],
  ['mean recall', (s) => num(s.meanRecall)],
  ['mean precision', (s) => num(s.meanPrecision)],
  ['exact sets', (s) => `${s.exactSets}/${s.itemQuestions}`],
  ['count correct', (s) => `${s.countCorrect}/${s.countQuestions}`],
  ['verdict correct', (s) => `${s.completeCorrect}/${s.questions}`],
  ['false complete', (s) => String(s.falseComplete)],
  ['mean cited pages in expected', (s) => num(s.meanCitedPagesInExpected)],
  ['mean facts (auto)', (s) => num(s.meanFactScore)],
];

function twoColumns(rows: [string, string, string][], caption: string): Html {
  return html`<table class="scores"><caption class="muted">${caption}</caption><thead><tr><th>metric</th><th>docintel</th><th>baseline</th></tr></thead><tbody>${rows.map(([m, d, b]) => html`<tr><th>${m}</th><td>${d}</td><td>${b}</td></tr>`)}</tbody></table>`;
}

/** One question's scores beside the baseline's, and the baseline's retrieval recall at each k. */
export function renderQuestionScores(q: EvalQuestion): Html {
  const rows: [string, string, string][] = QUESTION_METRICS.map(([m, f]) => [m, f(q.docintel), q.baseline ? f(q.baseline) : 'not run']);
  for (const e of q.evidence) rows.push([`evidence recall, top ${e.k} chunks`, '', `${num(e.recall)} (${e.tokens} tokens)`]);
  return html`<h3>Eval scores (gold ${q.goldId})</h3>${twoColumns(rows, 'docintel beside the BM25 top-k baseline')}`;
}

/** The run's totals beside the baseline's and the recall chart, drawn as an image so nothing in it runs. */
export function renderEvalSummary(e: EvalResults): Html {
  const rows: [string, string, string][] = TOTAL_METRICS.map(([m, f]) => [m, f(e.summary), e.baselineSummary ? f(e.baselineSummary) : 'not run']);
  for (const ev of e.evidence) rows.push([`mean evidence recall, top ${ev.k} chunks`, '', num(ev.recall)]);
  const chart = `data:image/svg+xml;base64,${Buffer.from(e.chartSvg).toString('base64')}`;
  return html`<section class="eval" id="eval"><h2>Eval scores</h2><p class="muted">From ${e.dir}/results.jsonl. The baseline answers (when an LLM is configured) from the top 5 BM25 chunks; evidence recall is the share of gold items in the retrieved chunks.</p>
${twoColumns(rows, 'totals: docintel beside the baseline')}
<figure class="chart"><img alt="Recall per question: docintel against the BM25 top-5 and top-10 baselines" src="${chart}"><figcaption class="muted">Recall per question</figcaption></figure></section>`;
}
