/** Finds the line (or the two or three consecutive lines) that print a given title on a page. */

import type { ParsedLine } from '../parse/types.ts';
import { isExcluded, type DocIndex } from './doc-index.ts';
import { parseNumbering, stripNumbering, type Numbering } from './numbering.ts';
import { compact, dice, fold, wordCount } from './text.ts';
import { DOTTED_NUMBER } from '../lexicon/identifiers.ts';
import { headingShaped, typographyScore } from './typography.ts';

export interface Candidate {
  page: number;
  lines: ParsedLine[];
  text: string;
  c: string;
  /** Compact form without the leading numbering. */
  cr: string;
  numbering: Numbering | null;
  typo: number;
}

export interface Hit extends Candidate {
  quality: number;
  score: number;
}

/**
 * "2.3.1 debian/control", "6.2.3 cdbs Example": a dotted section number of two levels or more (a bare
 * "3 files" could open a sentence) and a title. parseNumbering reads no number before a lower-case
 * title ("1.5 million" is prose), so a heading that names a file or a tool in lower case is matched here.
 */
export const NUMBERED_TITLE = new RegExp(`^${DOTTED_NUMBER}\\.?\\s+(\\S.*)$`);

const cache = new WeakMap<DocIndex, Map<number, Candidate[]>>();

/** Every line of a page, alone and joined with the one or two lines set directly under it in the same style. */
export function candidates(index: DocIndex, page: number): Candidate[] {
  let perDoc = cache.get(index);
  if (!perDoc) {
    perDoc = new Map();
    cache.set(index, perDoc);
  }
  const hit = perDoc.get(page);
  if (hit) return hit;
  const lines = (index.pages[page] ?? []).filter((l) => !isExcluded(index, l));
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const group = [lines[i]!];
    for (let k = 1; k <= 2 && i + k < lines.length; k++) {
      const prev = group[group.length - 1]!;
      const next = lines[i + k]!;
      const gap = next.y0 - prev.y1;
      const sameStyle = Math.abs(next.size - prev.size) <= 0.15 * prev.size;
      if (gap < -2 || gap > 0.9 * prev.size || !sameStyle || next.column !== prev.column) break;
      group.push(next);
    }
    for (let n = 1; n <= group.length; n++) {
      const ls = group.slice(0, n);
      const text = ls.map((l) => l.text).join(' ').replace(/(\p{L})- (\p{Ll})/gu, '$1$2');
      const numbering = parseNumbering(text)[0] ?? null;
      out.push({
        page,
        lines: ls,
        text,
        c: compact(text),
        cr: compact(stripNumbering(text)),
        numbering,
        typo: typographyScore(ls[0]!, index.body),
      });
    }
  }
  perDoc.set(page, out);
  return out;
}

/** A title's compact forms and numbering, computed once per title rather than once per line compared. */
export interface PreparedTitle {
  raw: string;
  tc: string;
  tr: string;
  tn: Numbering | null;
}

export function prepareTitle(title: string | PreparedTitle): PreparedTitle {
  if (typeof title !== 'string') return title;
  return { raw: title, tc: compact(title), tr: compact(stripNumbering(title)), tn: parseNumbering(title, { bareLetter: true })[0] ?? null };
}

/** How well a printed text matches a title: 1 exact, 0.9+ equal up to numbering, 0.85 fuzzy, 0.7 run-in. */
export function matchQuality(title: string | PreparedTitle, cand: Pick<Candidate, 'text' | 'c' | 'cr' | 'numbering'>): number {
  const { tc, tr, tn } = prepareTitle(title);
  if (tc.length === 0) return 0;
  if (tc === cand.c) return 1;
  const ln = cand.numbering;
  // Two different numbers ("3.1" vs "3.2") mean two different sections, however alike the words.
  if (tn && ln && tn.kind !== 'caption' && ln.kind !== 'caption' && compact(tn.id) !== compact(ln.id) && tn.kind === ln.kind) return 0;
  if (tr && tr === cand.cr) return 0.95;
  if (tr && tr === cand.c) return 0.9;
  if (tc === cand.cr) return 0.95;
  if (!ln && !tn) {
    const m = NUMBERED_TITLE.exec(cand.text.trim());
    if (m && compact(m[1]!) === tc) return 0.95;
  }
  const a = tr || tc;
  const b = cand.cr || cand.c;
  // Dice >= 0.88 needs lengths within ~25% of each other: skip the bigram count otherwise.
  if (a.length >= 12 && b.length >= 8 && Math.abs(a.length - b.length) <= 0.25 * Math.max(a.length, b.length) && dice(a, b) >= 0.88) return 0.85;
  // Run-in heading: the title starts the line and the paragraph follows ("Flood in Progress. If this policy ...").
  if (a.length >= 6 && b.startsWith(a) && b.length > a.length) {
    const rest = fold(cand.text).replace(/^[^a-z0-9]*/, '');
    if (!/^[\d\s.·…_]+$/.test(rest.slice(-6))) return 0.7;
  }
  // A footnote reference exported into the bookmark title ("3.1 PREPARE 51F" for the heading "3.1 PREPARE").
  const sameNumber = tn === null || (ln !== null && compact(tn.id) === compact(ln.id));
  if (sameNumber && b.length >= 4 && a.startsWith(b) && a.length - b.length <= 4 && /^\d+[a-z]?$/.test(a.slice(b.length))) return 0.9;
  // The outline title runs on past the printed line (long titles truncated or wrapped beyond three lines).
  if (b.length >= 20 && a.startsWith(b) && b.length >= 0.6 * a.length) return 0.7;
  return 0;
}

function scoreHit(title: PreparedTitle, cand: Candidate, top: number | null): Hit | null {
  const quality = matchQuality(title, cand);
  if (quality === 0) return null;
  let score = quality * 10 + cand.typo * 1.5 + (headingShaped(cand.text) ? 1 : 0) - (cand.lines.length - 1) * 0.3;
  if (top !== null) score -= Math.min(3, Math.abs(cand.lines[0]!.y0 - top) / 100);
  return { ...cand, quality, score };
}

/** Best match for `title` on one page, or null. */
export function findOnPage(index: DocIndex, title: string | PreparedTitle, page: number, top: number | null = null): Hit | null {
  const t = prepareTitle(title);
  let best: Hit | null = null;
  for (const cand of candidates(index, page)) {
    const h = scoreHit(t, cand, top);
    if (h && (!best || h.score > best.score)) best = h;
  }
  return best;
}

/** A match good enough to move an entry to another page: the words match and the line looks like a heading. */
export function isConvincingHeading(title: string | PreparedTitle, h: Hit): boolean {
  if (h.quality < 0.85) return false;
  if (h.typo > 0) return true;
  return h.quality >= 0.95 && wordCount(prepareTitle(title).raw) >= 3 && headingShaped(h.text);
}

/**
 * Searches pages lo..hi for the title as a heading, nearest the target first; forward moves are preferred
 * because broken outline destinations usually point at an earlier page (the end of the previous section).
 */
export function searchNear(index: DocIndex, title: string | PreparedTitle, target: number, lo: number, hi: number): Hit | null {
  const t = prepareTitle(title);
  let best: { hit: Hit; rank: number } | null = null;
  for (let p = Math.max(1, lo); p <= Math.min(index.pageCount, hi); p++) {
    if (p === target) continue;
    const h = findOnPage(index, t, p);
    if (!h || !isConvincingHeading(t, h)) continue;
    const d = p - target;
    const rank = h.score - (d > 0 ? 0.4 * d : 0.8 * -d);
    if (!best || rank > best.rank) best = { hit: h, rank };
  }
  return best?.hit ?? null;
}
