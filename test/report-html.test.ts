import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { summarize, type QuestionScore } from '../src/eval/score.ts';
import { escapeXml, renderRecallChart } from '../src/eval/chart.ts';
import { escapeHtml, html, raw } from '../src/report/html.ts';
import type { ReportData } from '../src/report/load-report.ts';
import { renderReport } from '../src/report/render-report.ts';
import type { TraceRow } from '../src/sql/list-answers.ts';

/** Markup an attacker would put in a PDF or get a model to say. */
const EVIL = [`<script>alert("x")</script>`, `<img src=x onerror=alert(1)>`, `</pre></details><iframe srcdoc="<b>">`, `" onmouseover="alert(1)`, `<style>body{display:none}</style>`];
const evil = (i: number) => `${EVIL[i % EVIL.length]} [${i}]`;

function step(seq: number, stage: string, stepName: string, extra: Partial<TraceRow>): TraceRow {
  return { seq, stage, step: stepName, iteration: null, strategy: null, decision: evil(100 + seq), keywords_before: null, keywords_after: null, tokens: 3, duration_ms: 5, input: null, output: null, ...extra };
}

const score: QuestionScore = { id: 'gold-1', kind: 'listing', recall: 0.5, precision: 1, exactSet: false, pairs: [], countCorrect: null, completeCorrect: true, falseComplete: false, citedPagesInExpected: 1, factScore: null };

function hostileReport(): ReportData {
  const payload: ListingAnswer = {
    kind: 'listing',
    question: evil(1),
    items: [{ name: evil(2), surfaceForms: [evil(3)], citations: [{ lineId: 1, pageNum: 4, lineNum: 7, pageLabel: evil(4), quote: evil(5) }], confidence: 1 }],
    count: 1,
    isComplete: false,
    completenessSource: 'llm',
    completenessReason: evil(6),
    statedCount: null,
    strategy: 'semantic',
    section: { title: evil(7), pageStart: 1, pageEnd: 2 },
    notFound: [evil(8)],
    notes: [evil(9)],
    path: 'llm',
  };
  const trace: TraceRow[] = [
    step(1, 'understand', 'intent_from_document', { output: { reason: evil(10), listing: true } }),
    step(2, 'route', 'level', { iteration: 1, input: { parent: evil(11), entries: [`1 | ${evil(12)} | pp.1-2`] }, output: { pick: { id: 1, title: evil(13) }, scores: [{ id: 1, title: evil(14), score: 2 }] }, keywords_before: [evil(15)] }),
    step(3, 'list', 'candidates', { input: { lists: 2, ranked: 2, chain: evil(16) }, output: { top: [{ list: 3, pages: [1, 2], items: 4, score: 1.5, first: evil(17), context: evil(18), features: { noun: evil(19) } }], margin: 0.2, arbiterRejected: evil(20) } }),
    step(4, 'list', 'arbiter', { input: { shown: [evil(21)] }, output: { pick: 9, modelReason: evil(22), rejected: evil(23) } }),
    step(5, 'list', 'iteration', { iteration: 1, strategy: 'semantic', keywords_before: ['a'], keywords_after: ['a', evil(24)], output: { candidates: 1, newItems: 1, total: 1, llmReason: evil(25) } }),
    step(6, 'list', 'fallback', { output: { error: evil(26) } }),
  ];
  return {
    runId: evil(27),
    questions: [
      {
        row: { question_id: 1, external_id: evil(28), run_id: evil(27), document: evil(29), question: evil(30), status: 'answered', kind: 'listing', strategy: evil(31), is_complete: false, completeness_source: 'llm', item_count: 1, path: 'llm', tokens: 3, duration_ms: 9, text: evil(32), error: null, payload },
        trace,
      },
      {
        row: { question_id: 2, external_id: null, run_id: evil(27), document: 'b.pdf', question: 'q', status: 'failed', kind: null, strategy: null, is_complete: null, completeness_source: null, item_count: null, path: null, tokens: null, duration_ms: null, text: null, error: evil(33), payload: { unknown: evil(34) } },
        trace: [],
      },
    ],
    eval: {
      dir: evil(35),
      byQuestion: new Map([[1, { goldId: evil(36), docintel: score, baseline: null, evidence: [{ k: 5, recall: 0.25, tokens: 500 }] }]]),
      summary: summarize([score]),
      baselineSummary: null,
      evidence: [{ k: 5, recall: 0.25 }],
      chartSvg: renderRecallChart([{ id: evil(37), docintel: 0.5, baseline5: 0.25, baseline10: 0.5 }]),
    },
  };
}

describe('report HTML escapes every stored and model text', () => {
  const page = renderReport(hostileReport(), new Date('2026-01-01T00:00:00Z'));

  it('no document or model text becomes an element or an attribute', () => {
    // The page's own elements only: no script, iframe or style from the data, one image (the chart).
    expect(page).not.toMatch(/<(script|iframe)\b/i);
    expect(page).not.toMatch(/<[^>]*\bon\w+=/i);
    expect(page.match(/<style>/g)).toHaveLength(1);
    expect(page.match(/<img /g)).toHaveLength(1);
    expect(page).toMatch(/<img alt="[^"<]*" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+">/);
    // Each hostile string is there, escaped, wherever it was stored.
    const missing = [];
    for (const i of [...Array(38).keys(), 101, 102, 103, 104, 105, 106].slice(1)) if (!page.includes(escapeHtml(evil(i)))) missing.push(i);
    // Not shown: the payload's copy of the question (1, the stored question is), surface forms (3),
    // answers.text (32, the payload is shown instead), the chart's ids (37, inside the image).
    expect(missing).toEqual([1, 3, 32, 37]);
    const svg = Buffer.from(/src="data:image\/svg\+xml;base64,([^"]+)"/.exec(page)![1]!, 'base64').toString();
    expect(svg).toContain(escapeXml(evil(37)));
    expect(svg).not.toMatch(/<(script|img|iframe)\b/);
  });

  it('is self-contained: a CSP that forbids scripts and network, no external URL', () => {
    const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page).not.toMatch(/<link /);
  });

  it('marks fallbacks and rejected picks in the timeline', () => {
    expect(page.match(/<span class="badge">fallback<\/span>/g)?.length).toBeGreaterThanOrEqual(1);
    expect(page).toContain('<li class="stage-list fallback">');
  });

  it('the html tag escapes values, keeps Html, flattens arrays; raw is for the program\'s own markup', () => {
    expect(html`<p>${'<b>&'}</p>`.value).toBe('<p>&lt;b&gt;&amp;</p>');
    expect(html`<p title="${`"x'`}">${[html`<i>1</i>`, 2, null, false]}</p>`.value).toBe('<p title="&quot;x&#39;"><i>1</i>2</p>');
    expect(html`${raw('<hr>')}`.value).toBe('<hr>');
  });
});
