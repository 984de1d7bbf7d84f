import type { TocNode } from '../sql/toc-level.ts';
import { containsPhrase, stemOverlap, tokensOf } from './text-match.ts';

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
}

export interface EntryScore {
  score: number;
  titleScore: number;
  coverage: number;
  reasons: string[];
}

/**
 * Deterministic routing score of one TOC entry: what its title says (codes, section numbers,
 * the question's scope and keywords) weighs most; the keyword tally over its pages breaks ties
 * and carries entries whose titles say nothing useful.
 */
export function scoreEntry(node: TocNode, q: RouteQuery): EntryScore {
  const reasons: string[] = [];
  let titleScore = 0;
  const title = node.title;
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
    titleScore += 2 * matched.length;
    reasons.push(`title words: ${matched.join(', ')}`);
  }
  // "What does the policy not insure?" is answered under "Property Not Insured", not "Property
  // Insured": a title that shares the question's words and its negation fits it better.
  if (q.negated && matched.length && tokensOf(title).some((t) => NEGATIONS.has(t))) {
    titleScore += 3;
    reasons.push('title shares the question\'s negation');
  }
  if (q.itemNoun && stemOverlap(title, tokensOf(q.itemNoun)).share > 0) {
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
  const coverage = q.keywords.length ? hitKeywords / q.keywords.length : 0;
  const totalHits = node.hits.reduce((a, b) => a + b, 0);
  const density = totalHits / Math.max(node.lineCount, 1);
  if (totalHits) reasons.push(`keyword hits ${totalHits} (${hitKeywords}/${q.keywords.length} keywords)`);
  if (node.strongHits) reasons.push(`${node.strongHits} line(s) with several keywords together`);
  // What a title says outweighs how often words occur: tallies only rank among equals.
  const score = 1.5 * titleScore + 3 * coverage + Math.min(2, 10 * density) + Math.min(1, Math.log1p(totalHits) / 5) + Math.min(2, 0.5 * node.strongHits);
  return { score, titleScore, coverage, reasons };
}

/** Words that negate a title or an intro ("Not", "Non-", "No"). */
export const NEGATIONS = new Set(['not', 'non', 'no', 'never']);

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
