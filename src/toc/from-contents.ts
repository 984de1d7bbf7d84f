/** Step 5a: a TOC rebuilt from the printed contents page when the PDF has no outline. */

import type { DocIndex } from './doc-index.ts';
import { isListOfFiguresEntry, type ContentsRow } from './contents-page.ts';
import { parseNumbering } from './numbering.ts';
import { pageMapper, type PageMapper } from './page-labels.ts';
import { addFlag, newNode, type TocNode } from './tree.ts';
import { cleanTitle } from './text.ts';

/** Indentation levels: distinct left edges, 4 pt apart or more, left to right. */
function indentLevels(rows: ContentsRow[]): (x: number) => number {
  const xs = [...new Set(rows.map((r) => Math.round(r.x0)))].sort((a, b) => a - b);
  const clusters: number[] = [];
  for (const x of xs) if (clusters.length === 0 || x - clusters[clusters.length - 1]! > 4) clusters.push(x);
  return (x: number) => {
    let level = 1;
    clusters.forEach((c, i) => {
      if (x >= c - 2) level = i + 1;
    });
    return Math.min(level, 6);
  };
}

export function levelsOf(rows: ContentsRow[]): number[] {
  const byIndent = indentLevels(rows);
  const indents = new Set(rows.map((r) => byIndent(r.x0)));
  if (indents.size > 1) return rows.map((r) => byIndent(r.x0));
  // A flat contents listing: only the section numbers tell the depth.
  return rows.map((r) => {
    const n = parseNumbering(r.title)[0];
    return n?.kind === 'decimal' ? Math.min(n.depth, 6) : 1;
  });
}

export function contentsToNodes(index: DocIndex, all: ContentsRow[]): { roots: TocNode[]; mapper: PageMapper } | null {
  const rows = all.filter((r) => !isListOfFiguresEntry(r.title));
  if (rows.length < 3) return null;
  const mapper = pageMapper(index, rows);
  const levels = levelsOf(rows);
  const roots: TocNode[] = [];
  const stack: { level: number; node: TocNode }[] = [];
  rows.forEach((r, i) => {
    const physical = mapper.toPhysical(r.printed);
    const node = newNode({ title: cleanTitle(r.title), page: physical ?? 0, source: 'contents_page' });
    if (physical === null) addFlag(node, 'unmapped_page');
    const level = levels[i]!;
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    (stack.length ? stack[stack.length - 1]!.node.children : roots).push(node);
    stack.push({ level, node });
  });
  return { roots, mapper };
}
