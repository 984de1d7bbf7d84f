/**
 * Intent from the question and the document together: "What does the policy not insure?" reads
 * as factual from its words, but when the document holds one list that clearly answers it (tied
 * by its intro or a reference the question names, covering the question's words, well ahead of
 * the runner-up) the question is a listing. Questions for a quantity, a time, a person or a
 * place are never re-read.
 */

import type { Understanding } from '../question/understand.ts';
import { rankLists, type StoredList } from './candidates.ts';
import { TUNING } from './tuning.ts';
// Letters and digits only: a sentence as the answer quotes it and as the list stored it, alike.
import { compact } from '../toc/text.ts';
import { parseNumberWord } from '../lexicon/english.ts';
import { tokensOf } from '../text/text-match.ts';

/** Rule signals of questions that ask for one fact by their form (how long, who, what is the ...). */
const FACT_FORMS = /^(how-|who|where|when|why|what-is|which-one|what-kind-of|which-of-singular|(what|which)-measure-noun)/;

export interface IntentProbe {
  listing: boolean;
  reason: string;
  list: number | null;
  score: number | null;
  margin: number | null;
  /**
   * The item a factual question names by its code ("requirement 9.1.2"): where it starts, and
   * where the next item of its list starts (null: it is the last one), so it can be read whole.
   */
  namedItem?: { code: string; text: string; pageNum: number; lineNum: number; next: { pageNum: number; lineNum: number } | null };
}

export function probeListingIntent(lists: StoredList[], question: string, u: Understanding, withinSection?: number): IntentProbe {
  const none = (reason: string): IntentProbe => ({ listing: false, reason, list: null, score: null, margin: null });
  if (u.intent !== 'factual') return none('already a listing or count');
  if (u.signals.some((s) => FACT_FORMS.test(s))) return none(`asks for one fact by its form (${u.signals[0]})`);
  // Within the section routing landed on, only its own lists compete.
  const candidates = withinSection === undefined ? lists : lists.filter((l) => l.sectionId === withinSection);
  const ranked = rankLists(candidates, u, question, { scope: null, expectedCount: null });
  const [top, runner] = ranked;
  if (!top) return none('the document has no lists');
  const margin = (top.score - (runner?.score ?? 0)) / Math.max(top.score, 1e-9);
  const f = top.features;
  const tied = !f.scopeIsItem && !f.scopeMiss && ((f.refHits ?? 0) > 0 || (f.introduced ?? 0) > 0);
  // Inside the landed section, a question whose own words are unsure of its intent (the rules'
  // confidence is low: "what does Coverage A still cover there?") is tipped by weaker evidence.
  const unsure = withinSection !== undefined && u.confidence < TUNING.intentUnsureConfidence;
  const minCoverage = unsure ? TUNING.intentUnsureMinCoverage : TUNING.intentMinCoverage;
  const minMargin = unsure ? TUNING.intentUnsureMinMargin : TUNING.intentMinMargin;
  const fits = top.score >= TUNING.listMinScore && (f.coverage ?? 0) >= minCoverage && margin >= minMargin && tied;
  const r = Math.round(margin * 100) / 100;
  return fits
    ? { listing: true, reason: `list ${top.list.id} answers it (score ${top.score}, coverage ${f.coverage}, margin ${r})`, list: top.list.id, score: top.score, margin: r }
    : { listing: false, reason: `no list answers it clearly (best ${top.list.id}: score ${top.score}, coverage ${f.coverage}, margin ${r})`, list: top.list.id, score: top.score, margin: r };
}

/**
 * The list that makes up most of a section's body: the one whose items hold the largest share of
 * its text, or the family of codes its own code heads.
 */
function sectionBodyList(section: { id: number; title: string }, regionText: number, lists: StoredList[]): { l: StoredList; share: number; headed: boolean } | null {
  const inside = lists.filter((l) => l.parentList === null && l.items.length >= 2 && l.sectionId === section.id && l.kind !== 'series');
  const code = /^\s*([A-Za-z]{0,4}[\d.()\-A-Z]*\d[\d.()\-]*)\s/.exec(section.title)?.[1];
  let best: { l: StoredList; share: number; headed: boolean } | null = null;
  for (const l of inside) {
    const share = l.items.reduce((a, i) => a + i.text.length, 0) / regionText;
    const headed = Boolean(code && l.kind === 'identifier' && l.heading?.startsWith(`${code} `));
    if (!best || Number(headed) > Number(best.headed) || (headed === best.headed && share > best.share)) best = { l, share, headed };
  }
  return best;
}

/**
 * A listing question routed to a section whose body is one list: that list is the section's
 * own, and ranking reads it as placed by the routing (as a reference would place it).
 */
export function sectionBodyListId(section: { id: number; title: string } | null, regionText: number, lists: StoredList[]): number | null {
  if (!section || regionText <= 0) return null;
  const best = sectionBodyList(section, regionText, lists);
  return best && (best.headed || best.share >= TUNING.sectionListMinShare) ? best.l.id : null;
}

/**
 * Intent from where routing landed: a question that reads as factual ("What does SP 800-171
 * require with respect to maintenance?") routed by its words to a section whose body is one list
 * (its items hold most of the section's text, or the section's own code heads a family of codes
 * defined in it) asks for that list.
 */
export function sectionListIntent(u: Understanding, section: { id: number; title: string; pageStart: number; pageEnd: number } | null, regionText: number, lists: StoredList[]): IntentProbe {
  const none = (reason: string): IntentProbe => ({ listing: false, reason, list: null, score: null, margin: null });
  if (u.intent !== 'factual') return none('already a listing or count');
  if (u.signals.some((s) => FACT_FORMS.test(s))) return none(`asks for one fact by its form (${u.signals[0]})`);
  if (!section || regionText <= 0) return none('routing landed on no section');
  const best = sectionBodyList(section, regionText, lists);
  if (!best) return none(`"${section.title}" holds no list`);
  const share = Math.round(best.share * 100) / 100;
  // "What does requirement 9.1.2 require?" asks about one item of the list, not for the list.
  const named = u.codes.find((c) => best!.l.items.some((i) => i.label === c || i.text.startsWith(`${c} `)));
  if (named) {
    const k = best.l.items.findIndex((i) => i.label === named || i.text.startsWith(`${named} `));
    const item = best.l.items[k]!;
    const next = best.l.items[k + 1];
    return { ...none(`the question names ${named}, one item of list ${best.l.id} in "${section.title}"`), namedItem: { code: named, text: item.text, pageNum: item.pageNum, lineNum: item.lineNum, next: next ? { pageNum: next.pageNum, lineNum: next.lineNum } : null } };
  }
  return best.headed || best.share >= TUNING.sectionListMinShare
    ? { listing: true, reason: `"${section.title}" is list ${best.l.id} (${best.headed ? 'its code heads the codes defined in it' : `its items hold ${share} of the section's text`})`, list: best.l.id, score: share, margin: null }
    : { listing: false, reason: `"${section.title}" is not one list (best ${best.l.id} holds ${share} of its text)`, list: best.l.id, score: share, margin: null };
}

/**
 * Intent from the answer itself: the extract a factual question drew quotes a sentence that ends
 * in a colon and introduces a stored list ("... you will need the following packages installed:"),
 * but not the list. What answers the question is what that sentence introduces, so the question is
 * a listing of that list. Fact forms (how many, who, when ...) are never re-read, and a list whose
 * items the extract already quotes needs nothing more.
 */
export function answerIntroducesList(u: Understanding, answer: string, lists: StoredList[], region: { pageStart: number; pageEnd: number }): IntentProbe {
  const none = (reason: string): IntentProbe => ({ listing: false, reason, list: null, score: null, margin: null });
  if (u.intent !== 'factual') return none('already a listing or count');
  if (u.signals.some((s) => FACT_FORMS.test(s))) return none(`asks for one fact by its form (${u.signals[0]})`);
  const quoted = compact(answer);
  const introduced = lists.filter(
    (l) =>
      l.parentList === null &&
      l.items.length >= 2 &&
      l.pageStart >= region.pageStart &&
      l.pageStart <= region.pageEnd &&
      /:\s*$/.test(l.intro ?? '') &&
      compact(l.intro!).length > 0 &&
      quoted.includes(compact(l.intro!)),
  );
  const open = introduced.filter((l) => l.items.filter((i) => quoted.includes(compact(i.label))).length * 2 < l.items.length);
  const list = open[0];
  if (list) return { listing: true, reason: `the answer quotes the sentence that introduces list ${list.id} ("${list.intro!.slice(-60)}") but not the list`, list: list.id, score: null, margin: null };
  // The extract quotes a sentence that counts its members and names them ("The four keys are A,
  // B, C and D"): the evidence is a list whose size the text states, and a question for a thing
  // by its noun ("What information does it add ...?") asks for it. A question for what something
  // does ("What does the decoder report?") asks for no list a sentence on the way happens to count.
  const byNoun = u.signals.some((s) => /^(?:what|which)-singular-noun/.test(s));
  const counted = byNoun && lists.find(
    (l) =>
      l.parentList === null &&
      l.kind === 'series' &&
      l.items.length >= 2 &&
      l.pageStart >= region.pageStart &&
      l.pageStart <= region.pageEnd &&
      statesCount(l.intro ?? '', l.items.length) &&
      quoted.includes(compact(l.intro!)) &&
      l.items.every((i) => quoted.includes(compact(i.label))),
  );
  if (counted) return { listing: true, reason: `the answer quotes list ${counted.id}, whose sentence counts its ${counted.items.length} members ("${counted.intro!.slice(-60)}")`, list: counted.id, score: null, margin: null };
  return none(introduced.length ? 'the answer quotes the lists it introduces' : 'the answer introduces no list');
}

/** The intro writes the number of its list's members ("The four keys are", "two modes:"). */
function statesCount(intro: string, n: number): boolean {
  return tokensOf(intro).some((w) => parseNumberWord(w) === n);
}
