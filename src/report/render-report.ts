import { html, raw, type Html } from './html.ts';
import type { ReportData, ReportQuestion } from './load-report.ts';
import { renderAnswerBody } from './render-answer.ts';
import { renderEvalSummary, renderQuestionScores } from './render-eval.ts';
import { renderTimeline } from './render-timeline.ts';
import { REPORT_CSS } from './style.ts';

/** No script, no fetch, no frame, no form: the page can only show itself (and its inline images). */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

function question(q: ReportQuestion, data: ReportData): Html {
  const r = q.row;
  const scores = data.eval?.byQuestion.get(r.question_id);
  const meta = [
    r.document,
    r.status,
    r.kind,
    r.strategy ? `strategy ${r.strategy}` : null,
    r.path ? `${r.path} path` : null,
    r.tokens !== null ? `${r.tokens} tokens` : null,
    r.duration_ms !== null ? `answered in ${r.duration_ms} ms` : null,
    data.runId ? null : `run ${r.run_id}`,
    r.external_id ? `id ${r.external_id}` : null,
  ].filter(Boolean);
  return html`<section class="question" id="q-${r.question_id}">
<h2>Question ${r.question_id}: ${r.question}</h2>
<p class="meta">${meta.join(' · ')}</p>
${r.status === 'failed' && r.error ? html`<p class="error">Failed: ${r.error}</p>` : ''}
${renderAnswerBody(r.payload, r.status === 'failed' ? null : r.error)}
${scores ? renderQuestionScores(scores) : ''}
<details class="trace"><summary>Pipeline trace (${q.trace.length} steps)</summary>${renderTimeline(q.trace)}</details>
</section>`;
}

function contents(data: ReportData): Html {
  return html`<nav class="toc"><ol>${data.questions.map((q) => html`<li><a href="#q-${q.row.question_id}">${q.row.question}</a> <span class="muted">— ${q.row.document}, ${q.row.status}</span></li>`)}</ol></nav>`;
}

/** One self-contained HTML page: inline CSS, no script, no external asset; every stored text escaped. */
export function renderReport(data: ReportData, generatedAt: Date = new Date()): string {
  const answered = data.questions.filter((q) => q.row.status === 'answered').length;
  const tokens = data.questions.reduce((s, q) => s + (q.row.tokens ?? 0), 0);
  const title = data.runId ? `docintel report: run ${data.runId}` : 'docintel report';
  const page = html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(REPORT_CSS)}</style></head>
<body><main>
<h1>${title}</h1>
<p class="meta">${data.questions.length} questions, ${answered} answered, ${tokens} LLM tokens · generated ${generatedAt.toISOString()}</p>
${data.eval ? renderEvalSummary(data.eval) : ''}
${contents(data)}
${data.questions.map((q) => question(q, data))}
</main></body></html>
`;
  return page.value;
}
