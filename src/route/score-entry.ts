import type { TocNode } from '../sql/toc-level.ts';
import { stripNumbering } from '../toc/numbering.ts';
import { EDITION_WORDS, FUNCTION_WORDS, MONTH_NAMES, OPTION_NOUNS } from '../lexicon/english.ts';
import { containsPhrase, negates, stem, stemOverlap, tokensOf } from '../text/text-match.ts';

export interface RouteQuery {
  intent: 'listing' | 'count' | 'factual';
  keywords: string[];
  codes: string[];
  phrases: string[];
  scope: string | null;
  sectionRef: string | null;
  itemNoun: string | null;
  itemNounSingular?: string | null;
  itemPhrase?: string | null;
  /** The question negates its predicate ("does not insure"). */
  negated?: boolean;
  /** Other surface forms of the keywords (plural, hyphen parts), for the full-text detector. */
  variants?: string[];
  /** The numbers the question writes outside its codes, for the full-text detector. */
  numbers?: string[];
  /** The noun a factual question counts, singular, for the count detector (see count-evidence.ts). */
  countedNoun?: string | null;
}

/**
 * What a level knows beyond one entry: how much each keyword tells the siblings apart (a word
 * every sibling's body holds counts little), and how much of the question's evidence (see
 * evidence.ts) lies in each sibling.
 */
export interface LevelContext {
  /** Per keyword, its idf across the siblings' bodies. */
  keywordWeights: number[];
  /** This entry's share of the evidence lying under the level (0..1). */
  evidenceShare: number;
  /** How many entries the level has (the keyword weights' document count). */
  siblings?: number;
}

/** Keyword weights across siblings: BM25's idf with the siblings as documents. */
export function siblingKeywordWeights(level: TocNode[], keywords: string[]): number[] {
  const n = level.length;
  return keywords.map((_, k) => {
    const df = level.filter((x) => (x.hits[k] ?? 0) > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
}

/**
 * What a title word still counts when every sibling's body holds it too: a word the whole level
 * talks about ("requirements" in a standard of requirements) says little about which sibling
 * answers, however the titles put it; a word only this entry's body holds counts in full.
 */
export const UBIQUITOUS_TITLE_WORD = 0.25;

/**
 * A title word's weight at its level (0.25..1): its sibling idf against that of a word only one
 * sibling's body holds. Without a level context (listings) every title word counts in full.
 */
function titleWordWeight(k: number, ctx: LevelContext | undefined): number {
  const w = ctx?.keywordWeights[k];
  if (w === undefined || !ctx!.siblings || ctx!.siblings < 2) return 1;
  const one = Math.log(1 + (ctx!.siblings - 1 + 0.5) / 1.5);
  return UBIQUITOUS_TITLE_WORD + (1 - UBIQUITOUS_TITLE_WORD) * Math.min(1, w / one);
}

/** Points the evidence adds to an entry that holds all of its level's evidence. */
export const EVIDENCE_WEIGHT = 5;

export interface EntryScore {
  score: number;
  titleScore: number;
  coverage: number;
  evidenceShare: number;
  reasons: string[];
}

/**
 * Deterministic routing score of one TOC entry: what its title says (codes, section numbers,
 * the question's scope and keywords) weighs most; the keyword tally over its pages breaks ties
 * and carries entries whose titles say nothing useful.
 */
export function scoreEntry(node: TocNode, q: RouteQuery, ctx?: LevelContext, question?: string): EntryScore {
  const reasons: string[] = [];
  let titleScore = 0;
  const title = node.title;
  // The question writes the entry's whole title (a document's own name, whose words may be no
  // keywords at all): it names the entry as a phrase of its own would.
  if (question && titleNamedBy(title, question)) {
    titleScore += 4;
    reasons.push('the question writes the whole title');
  }
  if (q.sectionRef && new RegExp(`^\\s*(section\\s+)?${escapeRe(q.sectionRef)}(\\b|\\s|\\.|$)`, 'i').test(title)) {
    titleScore += 8;
    reasons.push(`title starts with section ${q.sectionRef}`);
  }
  for (const code of q.codes) {
    if (containsPhrase(title, code) || titleStartsWithCodePrefix(title, code)) {
      titleScore += 6;
      reasons.push(`title has code ${code}`);
    } else {
      const parent = numberedAncestor(title, code);
      if (parent) {
        // "V9.1 Token source…" is the section that holds requirement 9.1.2.
        titleScore += 5 + 2 * parent.split('.').length;
        reasons.push(`title numbers ${parent}, which contains ${code}`);
      }
    }
  }
  if (q.scope && containsPhrase(title, q.scope)) {
    titleScore += 5;
    reasons.push(`title has scope "${q.scope}"`);
  }
  for (const p of q.phrases) {
    if (containsPhrase(title, p)) {
      titleScore += 4;
      reasons.push(`title has "${p}"`);
    }
  }
  const { matched } = stemOverlap(title, q.keywords);
  if (matched.length) {
    titleScore += matched.reduce((a, k) => a + 2 * titleWordWeight(q.keywords.indexOf(k), ctx), 0);
    reasons.push(`title words: ${matched.join(', ')}`);
  }
  // "What does the policy not insure?" is answered under "Property Not Insured", not "Property
  // Insured": a title that shares the question's words and its negation fits it better.
  if (q.negated && matched.length && negates(title)) {
    titleScore += 3;
    reasons.push('title shares the question\'s negation');
  }
  if (q.itemNoun && (stemOverlap(title, tokensOf(q.itemNoun)).share > 0 || sameOptionClass(title, q.itemNoun))) {
    titleScore += 1;
    reasons.push(`title names the items (${q.itemNoun})`);
  }
  const titleHasAnchor = reasons.some((r) => r.startsWith('title has code') || r.startsWith('title has scope') || r.startsWith('title starts with section') || r.startsWith('title numbers'));
  if (!titleHasAnchor && node.anchorBelow > 0) {
    // The scope or code names an entry further down this branch: the branch is the way there.
    titleScore += 6;
    reasons.push(`${node.anchorBelow} entr${node.anchorBelow === 1 ? 'y' : 'ies'} below name ${[q.scope, ...q.codes, q.sectionRef].filter(Boolean).join('/')}`);
  } else if (titleScore === 0 && node.nounBelow > 0) {
    titleScore += 1.5;
    reasons.push(`${node.nounBelow} entr${node.nounBelow === 1 ? 'y' : 'ies'} below name the items (${q.itemNoun})`);
  }
  const hitKeywords = node.hits.filter((h) => h > 0).length;
  let coverage = q.keywords.length ? hitKeywords / q.keywords.length : 0;
  if (ctx && q.keywords.length) {
    // Keywords weighted by how well they tell the siblings apart; all alike weigh as before.
    const total = ctx.keywordWeights.reduce((a, w) => a + w, 0);
    if (total > 0) coverage = ctx.keywordWeights.reduce((a, w, k) => a + ((node.hits[k] ?? 0) > 0 ? w : 0), 0) / total;
  }
  const totalHits = node.hits.reduce((a, b) => a + b, 0);
  // Hits weighted as coverage weighs keywords: a short section dense with a word most siblings
  // hold too ("example usage" dense with a term the whole manual uses) is not thereby dense with
  // the question; the word that tells siblings apart counts in full.
  const top = ctx?.keywordWeights.length ? Math.max(...ctx.keywordWeights) : 0;
  const weightedHits = top > 0 ? node.hits.reduce((a, h, k) => a + h * ((ctx!.keywordWeights[k] ?? 0) / top), 0) : totalHits;
  const density = weightedHits / Math.max(node.lineCount, 1);
  if (totalHits) reasons.push(`keyword hits ${totalHits} (${hitKeywords}/${q.keywords.length} keywords)`);
  if (node.strongHits) reasons.push(`${node.strongHits} line(s) with several keywords together`);
  // What a title says outweighs how often words occur: tallies only rank among equals.
  let score = 1.5 * titleScore + 3 * coverage + Math.min(2, 10 * density) + Math.min(1, Math.log1p(totalHits) / 5) + Math.min(2, 0.5 * node.strongHits);
  const evidenceShare = ctx?.evidenceShare ?? 0;
  if (evidenceShare > 0) {
    score += EVIDENCE_WEIGHT * evidenceShare;
    reasons.push(`holds ${Math.round(evidenceShare * 100)}% of the question's evidence`);
  }
  return { score, titleScore, coverage, evidenceShare, reasons };
}

/**
 * For a dotted numeric code (9.1.2, 5.4), the longest proper prefix (9.1, 9) that the title's
 * leading number carries, optionally behind a letter prefix (V9.1).
 */
function numberedAncestor(title: string, code: string): string | null {
  const m = /^(?:[A-Za-z]{1,3}\s?)?(\d+(?:\.\d+)+)$/.exec(code.trim());
  if (!m) return null;
  const lead = /^\s*(?:[A-Za-z]{1,3})?(\d+(?:\.\d+)*)\.?(\s|$)/.exec(title);
  if (!lead) return null;
  const parts = m[1]!.split('.');
  for (let n = parts.length - 1; n >= 1; n--) {
    if (lead[1] === parts.slice(0, n).join('.')) return lead[1]!;
  }
  return null;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "V3.2 ..." belongs under a question about "V3"; "GV.OC" under "GV". */
function titleStartsWithCodePrefix(title: string, code: string): boolean {
  const t = tokensOf(title)[0] ?? '';
  const c = tokensOf(code).join(' ');
  return c.length >= 2 && t === c;
}

/** The strong anchors of a question, looked for in the titles of entries below each candidate. */
export function routeAnchors(q: RouteQuery): { anchors: string[]; nouns: string[] } {
  const clean = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => Boolean(x && x.trim().length >= 2)).map((x) => x.trim()))];
  // For a listing, an entry titled by the item noun ("3.2 CSF Tiers") is a place the list may live.
  return { anchors: clean([q.scope, q.sectionRef, ...q.codes]), nouns: q.intent === 'factual' ? [] : clean([q.itemNoun, q.itemNounSingular]).filter((x) => x.length >= 3) };
}

/**
 * The question names the entry by its whole title, two content words at least, in order,
 * numbering aside ("What risk measurement challenges ..." names "1.2.1 Risk Measurement"): the
 * question is about that section, and a listing asks what is under it.
 */
export function titleNamedBy(title: string, question: string): boolean {
  // Content words: "THE REQUIREMENTS" is named by no question that merely says "the requirements".
  const content = (text: string) => tokensOf(text).filter((w) => !FUNCTION_WORDS.has(w));
  const words = content(nameOfTitle(stripNumbering(title)));
  // In the title's order: "during incident handling" does not name "Handling an Incident".
  const asked = content(question);
  return words.length >= 2 && asked.some((_, i) => words.every((w, k) => asked[i + k] === w));
}

/**
 * A title without its qualifiers: an edition date or version after a comma ("…, April 2021",
 * "…, Version 2") and an acronym that prefixes a mixed-case name ("NFIP Residential …"). A
 * question names a document part by its name and seldom writes those.
 */
function nameOfTitle(title: string): string {
  let t = title.replace(/,\s*([^,]*)$/, (whole, tail: string) => (isEditionTag(tail) ? '' : whole));
  const first = /^(\p{Lu}{2,}[\p{Lu}\p{N}]*)\s+(.*)$/u.exec(t);
  // Only before a mixed-case rest of three words or more: "AI Risks" keeps its "AI".
  if (first && first[2] !== first[2]!.toUpperCase() && tokensOf(first[2]!).filter((w) => !FUNCTION_WORDS.has(w)).length >= 3) t = first[2]!;
  return t;
}

/** "April 2021", "2021", "Version 2.1", "Rev. 3": a tag of when or which edition, not a name. */
function isEditionTag(text: string): boolean {
  const toks = tokensOf(text);
  if (!toks.length || toks.length > 3) return false;
  return toks.every((w) => /^\d[\d.]*$/.test(w) || MONTH_NAMES.has(w) || EDITION_WORDS.has(w)) && toks.some((w) => /\d/.test(w));
}

/**
 * The lexicon's nouns for command-line options name one thing ("flags" asked, "Command line
 * options" titled): a title with any of them names the items a question for another asks for.
 */
function sameOptionClass(title: string, itemNoun: string): boolean {
  const isOption = (w: string) => OPTION_NOUNS.has(stem(w));
  const head = tokensOf(itemNoun).at(-1);
  return head !== undefined && isOption(head) && tokensOf(title).some(isOption);
}

/** The entry's title, its number aside, is the item noun and nothing else ("3.6.1 Functions" for "functions"). */
export function titledByNounAlone(title: string, noun: string): boolean {
  const words = tokensOf(stripNumbering(title));
  return words.length > 0 && words.join(' ') === tokensOf(noun).join(' ');
}
