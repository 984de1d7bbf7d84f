/** Step 5b: a TOC rebuilt from the headings themselves when there is neither an outline nor a contents page. */

import type { DocIndex } from './doc-index.ts';
import { collectHeadingLines, spanLines, type HeadingLine } from './heading-lines.ts';
import { contains, nodeFrom, restartingLevel } from './deepen.ts';
import { addFlag, type TocNode } from './tree.ts';
import { lineWeight } from './typography.ts';

const MAX_LEVEL = 4;

function signature(h: HeadingLine): string {
  return `${Math.round(h.line.size * 2) / 2}|${lineWeight(h.line)}`;
}

/**
 * Levels come from section numbers when most headings are numbered ("1", "1.2", "1.2.3"); otherwise from
 * typography, larger and heavier first. A style seen only once is not trusted unless it carries a number.
 */
export function assignLevels(cands: HeadingLine[]): { h: HeadingLine; level: number }[] {
  const decimal = cands.filter((c) => c.kind === 'numbered' && c.num?.kind === 'decimal');
  const bySig = new Map<string, HeadingLine[]>();
  for (const c of cands) bySig.set(signature(c), [...(bySig.get(signature(c)) ?? []), c]);
  if (decimal.length >= 0.5 * cands.length && decimal.length >= 2) {
    const depthOfSig = new Map<string, number>();
    for (const [sig, hs] of bySig) {
      const depths = hs.filter((h) => h.num?.kind === 'decimal').map((h) => h.num!.depth);
      if (depths.length) depthOfSig.set(sig, Math.min(...depths));
    }
    return cands
      .map((h) => {
        const level = h.num?.kind === 'decimal' ? h.num.depth : depthOfSig.get(signature(h));
        return level === undefined ? null : { h, level: Math.min(level, MAX_LEVEL) };
      })
      .filter((x): x is { h: HeadingLine; level: number } => x !== null);
  }
  // Labelled headings ("CHAPTER II ...", "Article 5 ...") take their levels from how their
  // families bracket each other: a family inside another sits one level below it.
  const labelled = cands.filter((c) => c.kind === 'numbered' && c.num?.kind === 'prefixed');
  const families = new Map<string, HeadingLine[]>();
  for (const c of labelled) families.set(c.num!.family, [...(families.get(c.num!.family) ?? []), c]);
  if (families.size >= 2 && labelled.length >= 0.5 * cands.length) {
    const fams = [...families.values()];
    const levelOf = new Map(fams.map((f) => [f[0]!.num!.family, 1 + fams.filter((g) => g !== f && contains(g, f)).length]));
    // A family numbered again from 1 inside each member of an outer one, above an inner one
    // ("SECTION 1" in each CHAPTER, over its Articles), is the level between them.
    for (const outer of fams) {
      for (const inner of fams) {
        if (outer === inner || levelOf.get(inner[0]!.num!.family) !== levelOf.get(outer[0]!.num!.family)! + 1) continue;
        const mid = restartingLevel(cands, outer, inner);
        if (!mid.length) continue;
        levelOf.set(mid[0]!.num!.family, levelOf.get(outer[0]!.num!.family)! + 1);
        levelOf.set(inner[0]!.num!.family, levelOf.get(outer[0]!.num!.family)! + 2);
      }
    }
    return labelled.map((h) => ({ h, level: Math.min(levelOf.get(h.num!.family)!, MAX_LEVEL) }));
  }
  const sigs = [...bySig.keys()]
    .filter((s) => (bySig.get(s)!.length >= 2 || bySig.get(s)!.some((h) => h.kind === 'numbered')))
    .sort((a, b) => {
      const [sa, wa] = a.split('|').map(Number);
      const [sb, wb] = b.split('|').map(Number);
      return sb! - sa! || wb! - wa!;
    });
  return cands
    .filter((h) => sigs.includes(signature(h)))
    // Run-in heads open paragraphs: they are the lowest rank there is, so the cap that keeps stray
    // styles from nesting deep must not lift them to their parent heading's level.
    .map((h) => ({ h, level: Math.min(sigs.indexOf(signature(h)) + 1, h.kind === 'lead' ? MAX_LEVEL + 1 : MAX_LEVEL) }));
}

export function headingsToNodes(index: DocIndex): TocNode[] {
  const lines = spanLines(index, { page: 1, line: 0 }, { page: index.pageCount + 1, line: 0 });
  // Catalogue identifiers at body size are list items when nothing else marks them as headings.
  const cands = collectHeadingLines(index, lines).filter((c) => c.kind !== 'code' || c.typo > 0);
  const roots: TocNode[] = [];
  const stack: { level: number; node: TocNode }[] = [];
  for (const { h, level } of assignLevels(cands)) {
    const node = nodeFrom(h);
    addFlag(node, 'from_headings');
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    (stack.length ? stack[stack.length - 1]!.node.children : roots).push(node);
    stack.push({ level, node });
  }
  return roots;
}
