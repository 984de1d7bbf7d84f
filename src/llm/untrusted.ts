/**
 * Model replies are untrusted input. Whatever the schema lets through, a reply is checked against
 * what the model was shown before the pipeline acts on it; a reply that fails is traced here as
 * rejected (with the check and why) and the caller takes its deterministic choice. Text the model
 * wrote (reasons, notes) is kept as data under `model*` keys, never as the pipeline's decision.
 */

import type { Tracer } from '../trace/tracer.ts';

export interface ModelRejection {
  /** Pipeline stage whose reply it was: understand, route, list, answer. */
  stage: string;
  /** Which check failed: 'route_pick', 'route_stop', 'arbiter_pick', 'item_citation', ... */
  check: string;
  /** Why, in the pipeline's words (never the model's). */
  why: string;
  /** What is used instead. */
  fallback: string;
  /** The offending part of the reply, stored as data. */
  reply?: unknown;
  iteration?: number;
}

/** Longest model-written string copied into a trace row. */
const MODEL_TEXT_CHARS = 500;

/** Model-written text as data: a string, cut to a bounded length, never interpreted. */
export function modelText(s: unknown): string {
  const t = typeof s === 'string' ? s : JSON.stringify(s ?? null);
  return t.length <= MODEL_TEXT_CHARS ? t : `${t.slice(0, MODEL_TEXT_CHARS)}… (${t.length} chars)`;
}

/** One pipeline_trace row per rejected reply: step 'model_rejected', decision "rejected (check): why; use fallback". */
export async function traceRejection(tracer: Tracer, r: ModelRejection): Promise<void> {
  await tracer.record({
    stage: r.stage,
    step: 'model_rejected',
    strategy: r.check,
    iteration: r.iteration ?? null,
    output: { check: r.check, why: r.why, fallback: r.fallback, ...(r.reply !== undefined ? { modelReply: dataOnly(r.reply) } : {}) },
    decision: `rejected (${r.check}): ${r.why}; ${r.fallback}`,
  });
}

/** Strings inside a reply, bounded; numbers and booleans as they are. */
function dataOnly(v: unknown): unknown {
  if (typeof v === 'string') return modelText(v);
  if (Array.isArray(v)) return v.slice(0, 20).map(dataOnly);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).slice(0, 20).map(([k, x]) => [k, dataOnly(x)]));
  return v;
}
