/** Step 4: headings below the deepest listed entries (section numbers, catalogue identifiers, styled
 * subheadings), at most two levels, and only when they form a consistent family. */

import type { DocIndex } from './doc-index.ts';
import { collectHeadingLines, spanLines, type HeadingLine } from './heading-lines.ts';
import { parseNumbering, romanValue } from './numbering.ts';
import { addFlag, newNode, preorder, type Position, type TocNode } from './tree.ts';
import { headingStyleOf } from './typography.ts';

const MAX_CODE_FAMILY = 60;
const MAX_STYLED_FAMILY = 30;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** One member per identifier; a titled occurrence beats a bare one (a summary table cell). */
function dedupeById(members: HeadingLine[]): HeadingLine[] {
  const best = new Map<string, HeadingLine>();
  for (const m of members) {
    const id = m.num?.id ?? m.title;
    const cur = best.get(id);
    if (!cur || (cur.title === id && m.title !== id)) best.set(id, m);
  }
  return members.filter((m) => best.get(m.num?.id ?? m.title) === m);
}

/** A child identifier extends its parent's: "GV.OC" under "GV", "GOVERN 1.1" under "GOVERN 1". */
function extendsId(child: string, parent: string): boolean {
  return child.length > parent.length && child.startsWith(parent) && /[.\- ]/.test(child[parent.length]!);
}

/** Identifier shapes nest ("AA.AA-99" inside "AA.AA", "GOVERN 9.9" inside "GOVERN 9") even when a parent
 * identifier was lost in a table's reading order. */
function nestedIn(inner: HeadingLine[], outer: HeadingLine[]): boolean {
  return extendsId(inner[0]!.family, outer[0]!.family);
}

function strength(f: HeadingLine[]): number {
  const l = f[0]!.line;
  return l.size * 10 + (f[0]!.typo > 0 ? f[0]!.typo : 0);
}

/**
 * Positions of a numbered family. "I", "V" and "X" read as letters alone; in a family that also
 * has "II" or "IV" they are Roman numerals ("CHAPTER I" is chapter 1, not chapter 9).
 */
function sequenceValues(members: HeadingLine[]): number[] {
  const tokens = members.map((m) => m.num!.id.split(' ').at(-1) ?? '');
  const roman = tokens.some((t) => t.length > 1 && /^[IVXLCDM]+$/.test(t));
  return members.map((m, i) => (roman && /^[IVXLCDM]+$/.test(tokens[i]!) ? romanValue(tokens[i]!) : null) ?? m.num!.value ?? 0);
}

/** Families that pass their consistency test. */
function viableFamilies(cands: HeadingLine[], parent: TocNode): Map<string, HeadingLine[]> {
  const byFamily = new Map<string, HeadingLine[]>();
  for (const c of cands) byFamily.set(c.family, [...(byFamily.get(c.family) ?? []), c]);
  const parentNum = parseNumbering(parent.title)[0];
  const out = new Map<string, HeadingLine[]>();
  for (const [key, raw] of byFamily) {
    const kind = raw[0]!.kind;
    if (kind === 'code') {
      const members = dedupeById(raw);
      const enough = members.length >= 3 || (members.length >= 2 && members.every((m) => m.typo > 0));
      const mx = median(members.map((m) => m.line.x0));
      const aligned = members.filter((m) => Math.abs(m.line.x0 - mx) <= 4).length >= 0.7 * members.length;
      if (enough && aligned && members.length <= MAX_CODE_FAMILY) out.set(key, members);
    } else if (kind === 'numbered') {
      const members = dedupeById(raw);
      if (members.length < 2) continue;
      const values = sequenceValues(members);
      let up = 0;
      for (let i = 1; i < values.length; i++) if (values[i]! > values[i - 1]!) up++;
      if (values[0]! > 2 || up < 0.8 * (values.length - 1)) continue;
      const num = members[0]!.num!;
      if (parentNum?.kind === 'decimal' && num.kind === 'decimal') {
        if (num.depth !== parentNum.depth + 1 || !members.every((m) => m.num!.id.startsWith(`${parentNum.id}.`))) continue;
      }
      out.set(key, members);
    } else if (kind === 'lead') {
      if (raw.length < 2 || raw.length > MAX_STYLED_FAMILY) continue;
      if (new Set(raw.map((m) => m.title.toLowerCase())).size < raw.length) continue;
      out.set(key, raw);
    } else {
      if (raw.length < 2 || raw.length > MAX_STYLED_FAMILY) continue;
      // The same words set the same way more than once are table row labels, not section headings.
      if (new Set(raw.map((m) => m.title.toLowerCase())).size < raw.length) continue;
      const s = parent.headingStyle;
      const l = raw[0]!.line;
      // A subheading is set lighter than its parent; the same setting would make it a sibling.
      if (s && (l.size > s.size + 0.3 || (Math.abs(l.size - s.size) <= 0.3 && headingStyleOf(l).weight >= s.weight))) continue;
      out.set(key, raw);
    }
  }
  return out;
}

/**
 * A labelled family between two chosen levels: its numbering runs from 1 again after each new
 * member of the outer level (every restart has an outer member before it and none of its runs
 * crosses one), and most of its gaps hold members of the inner level. Never read from words:
 * only from how the numbers run against the levels around them.
 */
export function restartingLevel(cands: HeadingLine[], outer: HeadingLine[], inner: HeadingLine[]): HeadingLine[] {
  const outerFamily = outer[0]!.family;
  const innerFamily = inner[0]!.family;
  const byFamily = new Map<string, HeadingLine[]>();
  for (const c of cands) if (c.kind === 'numbered' && c.num?.kind === 'prefixed' && c.family !== outerFamily && c.family !== innerFamily) byFamily.set(c.family, [...(byFamily.get(c.family) ?? []), c]);
  for (const members of byFamily.values()) {
    const sorted = [...members].sort(order);
    const values = sequenceValues(sorted);
    const ids = new Set(sorted.map((m) => m.num!.id));
    if (sorted.length < 3 || ids.size === sorted.length) continue; // no restart: an ordinary family
    let sound = values[0] === 1;
    for (let i = 1; i < sorted.length && sound; i++) {
      const outerBetween = outer.some((o) => order(o, sorted[i - 1]!) > 0 && order(o, sorted[i]!) < 0);
      // Within one outer member the numbers go up by one; a new outer member starts them at 1.
      sound = outerBetween ? values[i] === 1 : values[i] === values[i - 1]! + 1;
    }
    if (sound && containsAll(sorted, inner)) return sorted;
  }
  return [];
}

/** Most gaps after each member of `outer` (up to the next) hold members of `inner`. */
function containsAll(outer: HeadingLine[], inner: HeadingLine[]): boolean {
  return filledGaps(outer, inner) >= 0.8 * outer.length;
}

/** How many gaps after a member of `outer` (up to the next) hold a member of `inner`. */
function filledGaps(outer: HeadingLine[], inner: HeadingLine[]): number {
  let filled = 0;
  for (let i = 0; i < outer.length; i++) {
    const from = outer[i]!;
    const to = outer[i + 1];
    if (inner.some((m) => order(m, from) > 0 && (!to || order(m, to) < 0))) filled++;
  }
  return filled;
}

/** `outer` opens before `inner`, is smaller, and most gaps between its members hold members of `inner`. */
export function contains(outer: HeadingLine[], inner: HeadingLine[]): boolean {
  if (outer.length < 2 || outer.length >= inner.length || order(outer[0]!, inner[0]!) > 0) return false;
  return containsAll(outer, inner);
}

/** Up to two levels of families: the outermost, and one nested in it. */
function chooseLevels(families: Map<string, HeadingLine[]>): HeadingLine[][] {
  const list = [...families.values()];
  for (const kind of ['numbered', 'code', 'styled', 'lead'] as const) {
    const fams = list.filter((f) => f[0]!.kind === kind);
    if (fams.length === 0) continue;
    if (kind === 'numbered') {
      fams.sort((a, b) => a[0]!.num!.depth - b[0]!.num!.depth || b.length - a.length);
      const top = fams[0]!;
      const ids = top.map((t) => t.num!.id);
      const inner = fams.find(
        (f) => f !== top && f[0]!.num!.depth === top[0]!.num!.depth + 1 && f.filter((m) => ids.some((id) => extendsId(m.num!.id, id))).length >= 0.6 * f.length,
      );
      if (inner) return [top, inner];
      // Two labelled families at one depth ("CHAPTER I" ... and "Article 1" ...): the smaller one,
      // opening before the other and with members of the other between its own, contains it.
      const container = fams.find((f) => f !== top && f[0]!.num!.kind === 'prefixed' && top[0]!.num!.kind === 'prefixed' && contains(f, top));
      return container ? [container, top] : [top];
    }
    if (kind === 'code') {
      const tops = fams.filter((f) => !fams.some((g) => g !== f && nestedIn(f, g)));
      tops.sort((a, b) => a[0]!.line.pageNum - b[0]!.line.pageNum || a[0]!.line.lineNum - b[0]!.line.lineNum);
      const top = tops[0];
      if (!top) return [];
      const inner = fams.find((f) => f !== top && nestedIn(f, top) && !fams.some((g) => g !== top && g !== f && nestedIn(f, g) && nestedIn(g, top)));
      return inner ? [top, inner] : [top];
    }
    fams.sort((a, b) => strength(b) - strength(a) || b.length - a.length);
    const top = fams[0]!;
    if (kind === 'lead') return [top];
    const inner = fams.find((f) => f !== top && strength(f) < strength(top));
    return inner ? [top, inner] : [top];
  }
  return [];
}

/** A TOC node for a detected heading line (shared with the headings-only rebuild). */
export function nodeFrom(h: HeadingLine): TocNode {
  return newNode({
    title: h.title,
    page: h.line.pageNum,
    line: h.line.lineNum,
    y: h.line.y0,
    source: 'headings',
    verified: true,
    headingStyle: headingStyleOf(h.line),
  });
}

function order(a: HeadingLine, b: HeadingLine): number {
  return a.line.pageNum - b.line.pageNum || a.line.lineNum - b.line.lineNum;
}

// A parent's own text before its first listed child is read for headings only when it is this
// long: a short preamble is an introduction, many pages of it are unlisted sections.
const MIN_FRONT_SPAN_PAGES = 3;

/**
 * Adds children under every verified leaf whose text has a consistent heading family, and under
 * every parent whose own text before its first listed child runs for pages; returns how many.
 */
export function deepen(index: DocIndex, roots: TocNode[]): number {
  let added = 0;
  const flat = preorder(roots);
  // The document's own text before its first listed entry is a front span of the whole document.
  const first = roots.filter((r) => r.routable).sort((a, b) => a.page - b.page || (a.line ?? 0) - (b.line ?? 0))[0];
  if (first && first.page - 1 >= MIN_FRONT_SPAN_PAGES) {
    const document = newNode({ title: '', page: 1, source: 'headings', verified: true });
    added += deepenSpan(index, document, { page: 1, line: 0 }, { page: first.page, line: first.line ?? 0 });
    roots.unshift(...document.children);
  }
  flat.forEach((n, i) => {
    if (!n.routable || !n.verified) return;
    // A table or figure caption's text belongs to the section around it, which is deepened instead.
    if (parseNumbering(n.title)[0]?.kind === 'caption') return;
    const from: Position = { page: n.page, line: n.line ?? 0 };
    const firstChild = n.children.filter((c) => c.routable).sort((a, b) => a.page - b.page || (a.line ?? 0) - (b.line ?? 0))[0];
    if (firstChild) {
      if (firstChild.page - n.page < MIN_FRONT_SPAN_PAGES) return;
      added += deepenSpan(index, n, from, { page: firstChild.page, line: firstChild.line ?? 0 });
      return;
    }
    // The section runs to the next real heading after it (an out-of-order bookmark does not end it).
    const next = flat
      .slice(i + 1)
      .find((o) => o.routable && o.page >= n.page && parseNumbering(o.title)[0]?.kind !== 'caption' && !isDescendant(o, n));
    const to: Position = next ? { page: next.page, line: next.line ?? 0 } : { page: index.pageCount + 1, line: 0 };
    added += deepenSpan(index, n, from, to);
  });
  return added;
}

/** Heading families found between `from` and `to`, added as children of `n` (two levels at most). */
function deepenSpan(index: DocIndex, n: TocNode, from: Position, to: Position): number {
  let added = 0;
  {
    const lines = spanLines(index, from, to);
    if (lines.length === 0) return 0;
    const cands = collectHeadingLines(index, lines);
    const levels = chooseLevels(viableFamilies(cands, n));
    if (levels.length === 0) return 0;
    const [outer, inner = []] = levels;
    // A labelled family whose numbering starts again inside each member of the outer one
    // ("SECTION 1", "SECTION 2" in each CHAPTER, above its Articles) is a level between them.
    const mid = levels.length === 2 ? restartingLevel(cands, outer!, inner) : [];
    const groups = levels.length === 1 ? groupHeadings(cands, outer!) : [];
    const grouped = (h: HeadingLine) => groups.length > 0 && order(h, groups[0]!) > 0;
    const all = [
      ...outer!.map((h) => ({ h, depth: grouped(h) ? 2 : 1 })),
      ...groups.map((h) => ({ h, depth: 1 })),
      ...mid.map((h) => ({ h, depth: 2 })),
      ...inner.map((h) => ({ h, depth: mid.length ? 3 : 2 })),
    ].sort((a, b) => order(a.h, b.h));
    const outerNodes: { h: HeadingLine; node: TocNode }[] = [];
    let current: { h: HeadingLine; node: TocNode } | null = null;
    let middle: { h: HeadingLine; node: TocNode } | null = null;
    for (const { h, depth } of all) {
      const node = nodeFrom(h);
      addFlag(node, 'deepened');
      if (groups.includes(h)) addFlag(node, 'grouping');
      if (depth === 1) {
        n.children.push(node);
        current = { h, node };
        middle = null;
        outerNodes.push(current);
        added++;
        continue;
      }
      if (depth === 2 && mid.length) {
        (current ? current.node.children : n.children).push(node);
        middle = { h, node };
        added++;
        continue;
      }
      if (depth === 3 && middle) {
        middle.node.children.push(node);
        added++;
        continue;
      }
      // Tables read row by row can interleave levels, so identifiers find their parent by prefix.
      const owner = h.kind === 'code' ? outerNodes.find((o) => extendsId(h.num!.id, o.h.num!.id)) : current;
      (owner ? owner.node.children : n.children).push(node);
      added++;
    }
    for (const o of outerNodes) o.node.children.sort((a, b) => a.page - b.page || (a.line ?? 0) - (b.line ?? 0));
    for (const o of outerNodes) for (const c of o.node.children) c.children.sort((a, b) => a.page - b.page || (a.line ?? 0) - (b.line ?? 0));
    n.children.sort((a, b) => a.page - b.page || (a.line ?? 0) - (b.line ?? 0));
  }
  return added;
}

/**
 * Headings on lines of their own that part a family of run-in heads ("Additional Actors" after
 * ten run-in paragraphs, five more after it): each is a level above the run-in heads that follow
 * it, set no lighter than they are. Only between heads: one before the first would be the
 * section's own title, one with fewer than two heads after it groups nothing.
 */
function groupHeadings(cands: HeadingLine[], lead: HeadingLine[]): HeadingLine[] {
  if (lead[0]!.kind !== 'lead') return [];
  const size = lead[0]!.line.size;
  const between = cands.filter((c) => c.kind === 'styled' && c.line.bold && c.line.size >= size - 0.3 && order(c, lead[0]!) > 0 && order(c, lead.at(-1)!) < 0);
  return between.filter((g, i) => {
    const next = between[i + 1];
    return lead.filter((h) => order(h, g) > 0 && (!next || order(h, next) < 0)).length >= 2;
  });
}

function isDescendant(o: TocNode, n: TocNode): boolean {
  const stack = [...n.children];
  while (stack.length) {
    const c = stack.pop()!;
    if (c === o) return true;
    stack.push(...c.children);
  }
  return false;
}
