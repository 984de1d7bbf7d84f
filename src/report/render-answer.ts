import { FactualAnswerSchema, ListingAnswerSchema, type FactualAnswer, type ListingAnswer } from '../answer/types.ts';
import type { Citation } from '../db/rows.ts';
import { html, type Html } from './html.ts';

/** Page, printed page label (when it differs), line: where a person finds the quote. */
export function citationWhere(c: Citation): Html {
  const printed = c.pageLabel && c.pageLabel !== String(c.pageNum) ? html` (printed ${c.pageLabel})` : '';
  return html`<span class="where">p. ${c.pageNum}${printed}, line ${c.lineNum}</span>`;
}

function citations(cs: Citation[]): Html {
  return html`<ul class="citations">${cs.map((c) => html`<li>${citationWhere(c)}: <span class="quote">${c.quote}</span></li>`)}</ul>`;
}

function verdict(a: ListingAnswer): Html {
  const [cls, label] = a.isComplete === null ? ['unknown', 'Completeness unknown'] : a.isComplete ? ['complete', 'Complete'] : ['incomplete', 'Incomplete'];
  return html`<div class="verdict ${cls}"><span class="label">${label}</span> <span class="muted">(verdict from ${a.completenessSource})</span>: <span class="reason">${a.completenessReason}</span></div>`;
}

function tail(a: ListingAnswer | FactualAnswer): Html {
  return html`${a.section ? html`<p class="muted">Section read: ${a.section.title} (pp. ${a.section.pageStart}–${a.section.pageEnd})</p>` : ''}${a.notes.map((n) => html`<p class="muted">Note: ${n}</p>`)}`;
}

function listing(a: ListingAnswer): Html {
  const count = a.kind === 'count' ? html`<p class="answer-text">Count: <strong>${a.count}</strong>${a.statedCount !== null ? html` <span class="muted">(the document states ${a.statedCount})</span>` : ''}</p>` : '';
  const items = a.items.length
    ? html`<ol class="items">${a.items.map((it) => html`<li><span class="item-name">${it.name}</span>${citations(it.citations)}</li>`)}</ol>`
    : html`<p>No items found.</p>`;
  const notFound = a.notFound.length ? html`<p class="muted">Asked for but not found: ${a.notFound.join('; ')}</p>` : '';
  return html`${count}<h3>Items (${a.items.length})</h3>${items}${notFound}${verdict(a)}${tail(a)}`;
}

function factual(a: FactualAnswer): Html {
  return html`<p class="answer-text">${a.notFound ? html`<strong>Not found.</strong> ` : ''}${a.answer}</p>${a.citations.length ? html`<h3>Citations</h3>${citations(a.citations)}` : ''}${tail(a)}`;
}

/** A stored answer payload as a person reads it; a payload of another shape is shown as its JSON. */
export function renderAnswerBody(payload: unknown, error: string | null): Html {
  if (payload === null || payload === undefined) return html`<p class="error">No answer${error ? html`: ${error}` : ''}</p>`;
  const l = ListingAnswerSchema.safeParse(payload);
  if (l.success) return listing(l.data);
  const f = FactualAnswerSchema.safeParse(payload);
  if (f.success) return factual(f.data);
  return html`<p class="muted">Stored answer (not in a known shape):</p><pre>${JSON.stringify(payload, null, 2)}</pre>`;
}
