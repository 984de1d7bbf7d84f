/** Step 3: numbered siblings the outline skipped ("V." then "VII.": where is "VI."?). The missing number is
 * looked for between its neighbours, set in the neighbours' heading style. */

import type { ParsedLine } from '../parse/types.ts';
import { isExcluded, type DocIndex } from './doc-index.ts';
import { candidates, type Candidate } from './locate.ts';
import { parseNumbering, type Numbering } from './numbering.ts';
import { cleanTitle } from './text.ts';
import { addFlag, newNode, type HeadingStyle, type Position, type TocNode } from './tree.ts';
import { headingShaped, headingStyleOf, matchesStyle } from './typography.ts';

const MAX_GAP = 3;
const MAX_TRAILING = 3;

function before(a: Position, b: Position): boolean {
  return a.page < b.page || (a.page === b.page && a.line < b.line);
}

function posOf(n: TocNode): Position {
  return { page: n.page, line: n.line ?? 0 };
}

/** The reading of each sibling's numbering that most siblings share. */
export function dominantFamily(nodes: TocNode[]): { family: string; kind: Numbering['kind']; members: { node: TocNode; num: Numbering }[] } | null {
  const tally = new Map<string, { kind: Numbering['kind']; members: { node: TocNode; num: Numbering }[] }>();
  for (const node of nodes) {
    if (!node.routable) continue;
    for (const num of parseNumbering(node.title, { bareLetter: true })) {
      if (num.value === null || num.kind === 'caption') continue;
      const key = `${num.kind}|${num.family}`;
      const t = tally.get(key) ?? { kind: num.kind, members: [] };
      if (!t.members.some((m) => m.node === node)) t.members.push({ node, num });
      tally.set(key, t);
    }
  }
  let best: { family: string; kind: Numbering['kind']; members: { node: TocNode; num: Numbering }[] } | null = null;
  for (const [key, t] of tally) if (!best || t.members.length > best.members.length) best = { family: key.split('|')[1]!, ...t };
  return best && best.members.length >= 2 ? best : null;
}

/**
 * A heading line numbered `value` in `like`'s family between two positions, set like `style` (or, with no
 * known style, set apart from body text).
 */
export function findNumbered(
  index: DocIndex,
  like: Numbering,
  value: number,
  from: Position,
  to: Position,
  style: HeadingStyle | null,
): Candidate | null {
  for (let p = from.page; p <= Math.min(to.page, index.pageCount); p++) {
    const byFirst = new Map<ParsedLine, Candidate[]>();
    for (const c of candidates(index, p)) byFirst.set(c.lines[0]!, [...(byFirst.get(c.lines[0]!) ?? []), c]);
    for (const [first, group] of byFirst) {
      const pos = { page: p, line: first.lineNum };
      if (!before(from, pos) || !before(pos, to)) continue;
      if (isExcluded(index, first)) continue;
      const num = parseNumbering(first.text, { bareLetter: like.kind === 'alpha' }).find((n) => n.kind === like.kind && n.family === like.family);
      if (!num || num.value !== value) continue;
      const styled = style ? matchesStyle(first, style) : group[0]!.typo > 0;
      if (!styled || !headingShaped(first.text)) continue;
      // Take the wrapped continuation too when it is set in the same style.
      const whole = [...group].reverse().find((c) => c.lines.every((l) => (style ? matchesStyle(l, style) : l.size === first.size && l.bold === first.bold)));
      return whole ?? group[0]!;
    }
  }
  return null;
}

function nodeFrom(c: Candidate): TocNode {
  const first = c.lines[0]!;
  const n = newNode({
    title: cleanTitle(c.text),
    page: c.page,
    line: first.lineNum,
    y: first.y0,
    source: 'headings',
    verified: true,
    headingStyle: headingStyleOf(first),
  });
  addFlag(n, 'gap_filled');
  return n;
}

/** Fills skipped numbers in every sibling group; returns how many entries were added. */
export function fillGaps(index: DocIndex, roots: TocNode[]): number {
  let added = 0;
  const visit = (siblings: TocNode[], limit: Position) => {
    const fam = dominantFamily(siblings);
    if (fam) {
      const members = fam.members.filter((m) => m.node.verified);
      const style = members.find((m) => m.node.headingStyle)?.node.headingStyle ?? null;
      for (let i = 0; i + 1 < members.length; i++) {
        const a = members[i]!;
        const b = members[i + 1]!;
        const gap = b.num.value! - a.num.value!;
        if (gap < 2 || gap > MAX_GAP + 1) continue;
        let from = posOf(a.node);
        const found: TocNode[] = [];
        for (let v = a.num.value! + 1; v < b.num.value!; v++) {
          const c = findNumbered(index, a.num, v, from, posOf(b.node), a.node.headingStyle ?? b.node.headingStyle ?? style);
          if (!c) break;
          const n = nodeFrom(c);
          found.push(n);
          from = posOf(n);
        }
        if (found.length) {
          siblings.splice(siblings.indexOf(b.node), 0, ...found);
          added += found.length;
        }
      }
      // Numbers past the last listed sibling, only in exactly the siblings' style.
      const last = members[members.length - 1];
      if (last && style) {
        let from = posOf(last.node);
        let v = last.num.value! + 1;
        for (let k = 0; k < MAX_TRAILING; k++, v++) {
          const c = findNumbered(index, last.num, v, from, limit, style);
          if (!c) break;
          const n = nodeFrom(c);
          siblings.splice(siblings.indexOf(lastNodeBefore(siblings, n)) + 1, 0, n);
          from = posOf(n);
          added++;
        }
      }
    }
    siblings.forEach((s, i) => {
      const next = siblings.slice(i + 1).find((o) => o.routable && o.page >= s.page);
      visit(s.children, next ? posOf(next) : limit);
    });
  };
  visit(roots, { page: index.pageCount + 1, line: 0 });
  return added;
}

function lastNodeBefore(siblings: TocNode[], n: TocNode): TocNode {
  let best = siblings[0]!;
  for (const s of siblings) if (s.page < n.page || (s.page === n.page && (s.line ?? 0) < (n.line ?? 0))) best = s;
  return best;
}
