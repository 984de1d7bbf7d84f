/**
 * Intent from the question and the document together: "What does the policy not insure?" reads
 * as factual from its words, but when the document holds one list that clearly answers it (tied
 * by its intro or a reference the question names, covering the question's words, well ahead of
 * the runner-up) the question is a listing. Questions for a quantity, a time, a person or a
 * place are never re-read.
 */

import type { Db } from '../db/client.ts';
import type { Understanding } from '../answer/understand.ts';
import { loadLists, rankLists } from './candidates.ts';
import { TUNING } from './tuning.ts';

/** Rule signals of questions that ask for one fact by their form (how long, who, what is the ...). */
const FACT_FORMS = /^(how-|who|where|when|why|what-is|which-one|what-kind-of|which-of-singular|(what|which)-measure-noun)/;

export interface IntentProbe {
  listing: boolean;
  reason: string;
  list: number | null;
  score: number | null;
  margin: number | null;
}

export async function probeListingIntent(db: Db, documentId: number, question: string, u: Understanding): Promise<IntentProbe> {
  const none = (reason: string): IntentProbe => ({ listing: false, reason, list: null, score: null, margin: null });
  if (u.intent !== 'factual') return none('already a listing or count');
  if (u.signals.some((s) => FACT_FORMS.test(s))) return none(`asks for one fact by its form (${u.signals[0]})`);
  const ranked = rankLists(await loadLists(db, documentId), u, question, { scope: null, expectedCount: null });
  const [top, runner] = ranked;
  if (!top) return none('the document has no lists');
  const margin = (top.score - (runner?.score ?? 0)) / Math.max(top.score, 1e-9);
  const f = top.features;
  const tied = !f.scopeIsItem && !f.scopeMiss && ((f.refHits ?? 0) > 0 || (f.introduced ?? 0) > 0);
  const fits = top.score >= TUNING.listMinScore && (f.coverage ?? 0) >= TUNING.intentMinCoverage && margin >= TUNING.intentMinMargin && tied;
  const r = Math.round(margin * 100) / 100;
  return fits
    ? { listing: true, reason: `list ${top.list.id} answers it (score ${top.score}, coverage ${f.coverage}, margin ${r})`, list: top.list.id, score: top.score, margin: r }
    : { listing: false, reason: `no list answers it clearly (best ${top.list.id}: score ${top.score}, coverage ${f.coverage}, margin ${r})`, list: top.list.id, score: top.score, margin: r };
}
