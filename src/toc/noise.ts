/** Step 2: outline entries that are not section headings (sentences exported as bookmarks, repeated link
 * text, title-page fragments). They stay in the rows, flagged and not routable, and real sections nested
 * under them are moved back to where their numbering says they belong. */

import type { DocIndex } from './doc-index.ts';
import { aligned } from './layout.ts';
import { NUMBERED_TITLE } from './locate.ts';
import { parseNumbering } from './numbering.ts';
import { compact, wordCount } from './text.ts';
import { inBodyStyle } from './typography.ts';
import { addFlag, preorder, type TocNode } from './tree.ts';

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE = new RegExp(`^(?:(?:${MONTHS})\\.?\\s+(?:\\d{1,2},?\\s+)?\\d{4}|\\d{1,2}\\s+(?:${MONTHS})\\.?\\s+\\d{4}|\\d{4}(?:-\\d{2}){0,2})$`, 'i');

/** Why a title reads as prose rather than a heading, or null. */
export function sentenceReason(title: string): 'sentence' | 'fragment' | null {
  const t = title.trim();
  const words = wordCount(t);
  if (/(?:\.\.\.|…)$/.test(t) && words >= 6) return 'sentence';
  if (words > 18 || t.length > 150) return 'sentence';
  const num = parseNumbering(t)[0];
  // "Potential Inputs: Risk management strategy; ..." — a field label followed by its value.
  const label = /^([\p{Lu}][\p{L}\p{N}/&'’ -]{1,40}?):\s+(\S.*)$/u.exec(t);
  if (label && !num && !/\b(?:[A-Z]|[IVX]+|\d+(?:\.\d+)*)$/.test(label[1]!)) {
    const rest = label[2]!;
    if (wordCount(rest) >= 4 || /[.;]$/.test(rest)) return 'sentence';
  }
  // A full stop ends prose; numbered headings in legal styles may end with one ("2. Definitions.").
  if (/[^.\s]\.$/.test(t) && words >= 2 && !(num && wordCount(num.rest) <= 6)) return 'sentence';
  if (/^\p{Ll}/u.test(t)) return 'fragment';
  return null;
}

/** Leading pages that carry a title block rather than running text (cover, title page). */
function coverPages(index: DocIndex): Set<number> {
  const out = new Set<number>();
  if (index.pageCount < 5) return out;
  for (let p = 1; p <= 3; p++) {
    const bodyLines = index.pages[p]!.filter((l) => !index.furniture.has(l) && inBodyStyle(l, index.body)).length;
    if (bodyLines >= 15) break;
    out.add(p);
  }
  return out;
}

export interface NoiseStats {
  sentence: number;
  duplicate: number;
  fragment: number;
  reparented: number;
}

export function flagNoise(index: DocIndex, roots: TocNode[]): NoiseStats {
  const flat = preorder(roots);
  const parentOf = new Map<TocNode, TocNode | null>();
  const link = (nodes: TocNode[], p: TocNode | null) => nodes.forEach((n) => (parentOf.set(n, p), link(n.children, n)));
  link(roots, null);

  const reasonOf = new Map(flat.map((n) => [n, sentenceReason(n.title)] as const));
  const covers = coverPages(index);
  const sectionStyles = new Set(
    flat.filter((n) => n.headingStyle && !covers.has(n.page) && reasonOf.get(n) === null).map((n) => `${n.headingStyle!.size}|${n.headingStyle!.weight}`),
  );
  // Set like the document's section headings: what a bookmark's line looks like decides, not its words.
  const setAsHeading = (n: TocNode) => n.headingStyle !== null && sectionStyles.has(`${n.headingStyle.size}|${n.headingStyle.weight}`);
  // A title in lower case ("debian/control", a file or command named by a heading) is a
  // fragment of prose only when its line is not set as a heading. Siblings in lower case are
  // judged together: when most of them were located on lines of body text, the few that met a
  // heading-styled line met it by chance, and all stay flagged alike.
  const lower = flat.filter((n) => reasonOf.get(n) === 'fragment' && !covers.has(n.page));
  // Or its line numbers it as a section ("2.3.1 debian/control", the name set in a code font).
  const numberedLine = (n: TocNode) => {
    const line = n.line === null ? null : index.pages[n.page]?.find((l) => l.lineNum === n.line);
    // A dotted number of two levels or more: a bare "3 files" could open a sentence.
    const m = line ? NUMBERED_TITLE.exec(line.text.trim()) : null;
    return Boolean(m && compact(m[1]!) === compact(n.title));
  };
  const headed = new Set<TocNode>();
  for (const group of groupBy(lower, (n) => parentOf.get(n) ?? null).values()) {
    const set = group.filter((n) => setAsHeading(n) || numberedLine(n));
    if (set.length > group.length / 2) set.forEach((n) => headed.add(n));
  }
  for (const n of flat) {
    const why = reasonOf.get(n);
    if (why === 'fragment' && headed.has(n)) continue;
    if (why) addFlag(n, why);
  }

  // Link text repeated as bookmarks: the same title several times, at least twice under one parent.
  const groups = new Map<string, TocNode[]>();
  for (const n of flat) {
    const k = compact(n.title);
    if (!k) continue;
    groups.set(k, [...(groups.get(k) ?? []), n]);
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const parents = g.map((n) => parentOf.get(n) ?? null);
    const sharedParent = parents.some((p, i) => parents.indexOf(p) !== i);
    if (sharedParent && (g.length >= 3 || g.every((n) => n.children.length === 0 && sentenceReason(n.title)))) {
      for (const n of g) addFlag(n, 'duplicate');
    }
  }

  // Title-page fragments: several childless bookmarks on a cover page, or a bare date.
  for (const n of flat) {
    if (n.children.length > 0) continue;
    if (DATE.test(n.title.trim()) && n.page <= 3) {
      addFlag(n, 'fragment');
      continue;
    }
    if (!covers.has(n.page)) continue;
    const crowd = flat.filter((o) => o.page === n.page && o.children.length === 0).length;
    const line = n.line === null ? null : (index.pages[n.page]?.find((l) => l.lineNum === n.line) ?? null);
    // Set like the document's section headings and placed like one (at the margin or centred).
    const looksLikeSection = setAsHeading(n) && line !== null && aligned(index, line);
    if (crowd >= 2 && !looksLikeSection) addFlag(n, 'fragment');
  }

  const stats: NoiseStats = { sentence: 0, duplicate: 0, fragment: 0, reparented: 0 };
  for (const n of flat) {
    for (const f of ['sentence', 'duplicate', 'fragment'] as const) if (n.flags.includes(f)) stats[f]++;
    if (n.flags.some((f) => f === 'sentence' || f === 'duplicate' || f === 'fragment')) n.routable = false;
  }
  stats.reparented = rescueFromNoise(roots);
  return stats;
}

/**
 * Real sections nested under a noise entry (a broken outline can hang "3.2 CATEGORIZE" under a repeated
 * "Quick link ..." bookmark) move next to the nearest earlier section of the same numbering family, or
 * else up beside the noise entry. Entries without numbering follow the section moved just before them.
 */
function rescueFromNoise(roots: TocNode[]): number {
  let moved = 0;
  const parentOf = new Map<TocNode, TocNode | null>();
  const link = (nodes: TocNode[], p: TocNode | null) => nodes.forEach((n) => (parentOf.set(n, p), link(n.children, n)));
  link(roots, null);
  const flat = preorder(roots);
  const childrenOf = (p: TocNode | null) => (p ? p.children : roots);

  for (const noise of flat) {
    if (noise.routable || !noise.children.some((c) => c.routable)) continue;
    let lastTarget: TocNode[] | null = null;
    let lastParent: TocNode | null = null;
    for (const child of [...noise.children]) {
      if (!child.routable) continue;
      const fam = parseNumbering(child.title)[0];
      let target: TocNode[] | null = null;
      let newParent: TocNode | null = null;
      if (fam) {
        const before = flat.slice(0, flat.indexOf(child)).reverse();
        const kin = before.find((o) => o.routable && o !== child && parseNumbering(o.title)[0]?.family === fam.family && !isInside(o, noise, parentOf));
        if (kin) {
          newParent = parentOf.get(kin) ?? null;
          target = childrenOf(newParent);
        }
      }
      if (!target) {
        newParent = lastTarget ? lastParent : (parentOf.get(noise) ?? null);
        target = childrenOf(newParent);
      }
      noise.children.splice(noise.children.indexOf(child), 1);
      insertByPage(target, child);
      parentOf.set(child, newParent);
      lastParent = newParent;
      addFlag(child, 'reparented');
      lastTarget = target;
      moved++;
    }
  }
  return moved;
}

function isInside(n: TocNode, ancestor: TocNode, parentOf: Map<TocNode, TocNode | null>): boolean {
  for (let p = parentOf.get(n); p; p = parentOf.get(p)) if (p === ancestor) return true;
  return false;
}

function insertByPage(list: TocNode[], n: TocNode): void {
  let i = list.length;
  while (i > 0 && (list[i - 1]!.page > n.page || (list[i - 1]!.page === n.page && (list[i - 1]!.y ?? 0) > (n.y ?? 0)))) i--;
  list.splice(i, 0, n);
}

function groupBy<T, K>(xs: T[], key: (x: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const x of xs) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return out;
}
