/**
 * A document-level routing reply is checked against the documents it was shown before it picks
 * anything, as check-route-reply.ts does one TOC level down: every pick must be one of the shown
 * ids, the reply must pick at least one document (a corpus question is always answered
 * somewhere), and no more than the cap. Repeated ids collapse. What the model wrote as its reason is data.
 */

export interface CorpusReply {
  picks: number[];
  reason: string;
}

export type CorpusCheck =
  | { ok: true; picks: number[]; agreesWithRules: boolean }
  | { ok: false; check: 'corpus_pick' | 'corpus_empty' | 'corpus_too_many'; why: string };

export function checkCorpusReply(reply: CorpusReply, o: { shown: number[]; rules: number[]; maxPicks: number }): CorpusCheck {
  const picks = [...new Set(reply.picks)];
  const stray = picks.filter((p) => !o.shown.includes(p));
  if (stray.length) {
    return { ok: false, check: 'corpus_pick', why: `pick(s) ${stray.slice(0, 5).join(', ')} not among the ${o.shown.length} documents shown (ids ${o.shown.slice(0, 12).join(', ')}${o.shown.length > 12 ? ', ...' : ''})` };
  }
  if (picks.length === 0) return { ok: false, check: 'corpus_empty', why: 'the reply picks no document' };
  if (picks.length > o.maxPicks) return { ok: false, check: 'corpus_too_many', why: `the reply picks ${picks.length} documents, more than the cap of ${o.maxPicks}` };
  const agreesWithRules = picks.length === o.rules.length && picks.every((p) => o.rules.includes(p));
  return { ok: true, picks, agreesWithRules };
}
