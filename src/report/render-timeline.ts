import type { TraceRow } from '../sql/list-answers.ts';
import { html, type Html, type HtmlValue } from './html.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** A step is a fallback when it is named one or says it fell back (an LLM failure, a rejected pick). */
export function isFallback(t: TraceRow): boolean {
  return t.step === 'fallback' || /^fallback\b|\brejected\b/.test(t.decision ?? '');
}

function table(headers: string[], rows: HtmlValue[][]): Html {
  return html`<table><thead><tr>${headers.map((h) => html`<th>${h}</th>`)}</tr></thead><tbody>${rows.map((r) => html`<tr>${r.map((c) => (typeof c === 'number' ? html`<td class="num">${c}</td>` : html`<td>${c}</td>`))}</tr>`)}</tbody></table>`;
}

/** Routing: the entries shown at this level, the one picked, and the top scores. */
function routeLevel(t: TraceRow): Html {
  const input = obj(t.input);
  const output = obj(t.output);
  const pick = obj(output?.pick);
  const entries = arr(input?.entries).map(text);
  const picked = (e: string) => pick !== null && e.startsWith(`${text(pick.id)} |`);
  const scores = arr(output?.scores).map(obj).filter((s): s is Obj => s !== null);
  return html`<p class="muted">Level ${t.iteration ?? ''} under ${text(input?.parent) || '(document root)'}: ${entries.length} entries shown, ${pick ? html`picked <strong>${text(pick.title)}</strong>` : 'none picked'}${output?.stop ? ' (stops here)' : ''}</p>
<ul class="entries">${entries.map((e) => html`<li class="${picked(e) ? 'picked' : ''}">${e}${picked(e) ? ' ← picked' : ''}</li>`)}</ul>
${scores.length ? table(['entry', 'score'], scores.map((s) => [text(s.title), Number(s.score)])) : ''}`;
}

function features(f: unknown): string {
  const o = obj(f);
  return o ? Object.entries(o).filter(([, v]) => v !== 0 && v !== null).map(([k, v]) => `${k}=${text(v)}`).join(' ') : '';
}

/** Candidate lists of the structure model with their scores, and how the arbiter weighed in. */
function candidates(t: TraceRow): Html {
  const input = obj(t.input);
  const o = obj(t.output);
  const top = arr(o?.top).map(obj).filter((c): c is Obj => c !== null);
  const arbiter = obj(o?.arbiter);
  const facts = [`${text(input?.lists)} lists, ${text(input?.ranked)} ranked`, `margin ${text(o?.margin)}`, `closed ${text(o?.closed)}`, `tied ${text(o?.tied)}`];
  return html`<p class="muted">${facts.join(' · ')}${input?.chain ? ` · other strategies' answer: ${text(input.chain)}` : ''}</p>
${top.length ? table(['#', 'list', 'pages', 'items', 'score', 'first item', 'context', 'features'], top.map((c, i) => [i + 1, text(c.list), arr(c.pages).join('–'), Number(c.items), Number(c.score), text(c.first), text(c.context), features(c.features)])) : ''}
${arbiter ? html`<p>Arbiter's pick: list ${text(arbiter.list)} (score ${text(arbiter.score)})</p>` : ''}${o?.arbiterRejected ? html`<p class="error">Arbiter rejected: ${text(o.arbiterRejected)}</p>` : ''}`;
}

/** The LLM arbiter: the candidate lines it was shown, its pick and its own reason (model text). */
function arbiterStep(t: TraceRow): Html {
  const shown = arr(obj(t.input)?.shown).map(text);
  const o = obj(t.output);
  return html`${shown.length ? html`<ol class="entries">${shown.map((s) => html`<li>${s}</li>`)}</ol>` : ''}${o ? html`<p>Model's pick: ${text(o.pick) || 'none'}${o.rejected ? html` <span class="error">(rejected: ${text(o.rejected)})</span>` : ''}</p>${o.modelReason ? html`<p class="model-text">Model's reason: ${text(o.modelReason)}</p>` : ''}` : ''}`;
}

/** A semantic loop iteration: what it read, what it found, the model's own judgement. */
function iteration(t: TraceRow): Html {
  const o = obj(t.output);
  const read = obj(t.input)?.linesRead;
  return html`<p class="muted">${read !== undefined ? `${text(read)} lines read · ` : ''}${o ? `${text(o.candidates)} candidates, ${text(o.newItems)} new, ${text(o.total)} in total${o.rejectedQuotes ? `, ${text(o.rejectedQuotes)} quotes rejected` : ''}` : ''}</p>${o?.llmReason ? html`<p class="model-text">Model (says ${o.llmComplete ? 'complete' : 'incomplete'}): ${text(o.llmReason)}</p>` : ''}`;
}

function keyValues(o: Obj | null): Html {
  if (!o) return html``;
  return table(['field', 'value'], Object.entries(o).map(([k, v]) => [k, text(v)]));
}

/** Keywords before and after the step: added ones marked, dropped ones struck. */
function keywords(t: TraceRow): Html {
  const before = t.keywords_before ?? [];
  const after = t.keywords_after ?? [];
  if (!after.length || after.join('|') === before.join('|')) return before.length ? html`<p class="kw muted">keywords: ${before.join(', ')}</p>` : html``;
  const kept = before.filter((k) => after.includes(k));
  const added = after.filter((k) => !before.includes(k));
  const dropped = before.filter((k) => !after.includes(k));
  return html`<p class="kw">keywords: ${kept.join(', ')}${added.map((k) => html` <ins>+${k}</ins>`)}${dropped.map((k) => html` <del>${k}</del>`)}</p>`;
}

function detail(t: TraceRow): Html | string {
  const key = `${t.stage}/${t.step}`;
  if (key === 'route/level') return routeLevel(t);
  if (key === 'list/candidates') return candidates(t);
  if (key === 'list/arbiter') return arbiterStep(t);
  if (key === 'list/iteration') return iteration(t);
  if (key === 'understand/intent_from_document') return keyValues(obj(t.output));
  if (key === 'list/strategy') {
    const items = arr(obj(t.output)?.items).map(text);
    return items.length ? html`<p class="muted">${items.length} items: ${items.slice(0, 15).join('; ')}${items.length > 15 ? ' …' : ''}</p>` : '';
  }
  return '';
}

function step(t: TraceRow): Html {
  const fallback = isFallback(t);
  const cost = [t.tokens ? `${t.tokens} tokens` : '', t.duration_ms ? `${t.duration_ms} ms` : ''].filter(Boolean).join(', ');
  const raw = t.input !== null || t.output !== null ? html`<details class="raw"><summary>stored input and output</summary><pre>${JSON.stringify({ input: t.input, output: t.output }, null, 2)}</pre></details>` : '';
  return html`<li class="stage-${t.stage}${fallback ? ' fallback' : ''}">
<div class="step-head">#${t.seq} ${t.stage} / ${t.step}${t.iteration !== null ? ` [${t.iteration}]` : ''}${t.strategy ? ` (${t.strategy})` : ''}${fallback ? html`<span class="badge">fallback</span>` : ''}${cost ? html`<span class="cost">${cost}</span>` : ''}</div>
${t.decision ? html`<p class="decision">→ ${t.decision}</p>` : ''}${keywords(t)}${detail(t)}${raw}</li>`;
}

/** A question's pipeline trace as a timeline with its step and token totals (each step shows its own time). */
export function renderTimeline(trace: TraceRow[]): Html {
  if (!trace.length) return html`<p class="muted">No trace stored.</p>`;
  const tokens = trace.reduce((s, t) => s + t.tokens, 0);
  const fallbacks = trace.filter(isFallback).length;
  return html`<p class="muted">${trace.length} steps, ${tokens} tokens${fallbacks ? `, ${fallbacks} fallback${fallbacks === 1 ? '' : 's'}` : ''}</p><ol class="timeline">${trace.map(step)}</ol>`;
}
