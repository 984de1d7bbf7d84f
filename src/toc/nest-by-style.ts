/**
 * Some outlines are flat: a chapter's bookmark and its sections' bookmarks side by side at one level
 * ("Secure Coding Practices Checklist", "Input Validation:", "Output Encoding:", ..., "Appendix A:").
 * The page says what the outline does not: the chapter's heading is set larger (or heavier) than
 * its sections'. Siblings that follow an entry and whose headings are set smaller than its heading,
 * up to the next sibling set like it or larger, are its children. Unless the page numbers them as
 * siblings: "9.2.6 duck" and "9.2.7 adequate" are one level however their names are set (a name in
 * a code font can leave the line's dominant font bold for one and plain for the next).
 */

import type { DocIndex } from './doc-index.ts';
import { NUM } from '../lexicon/identifiers.ts';
import { parseNumbering } from './numbering.ts';
import { addFlag, type HeadingStyle, type TocNode } from './tree.ts';

/** The section number printed at the start of the entry's heading line, or null. */
function printedNumber(index: DocIndex, n: TocNode): string | null {
  const line = n.line === null ? undefined : index.pages[n.page]?.find((l) => l.lineNum === n.line);
  return line ? (PRINTED_NUMBER.exec(line.text.trim())?.[1] ?? null) : null;
}
const PRINTED_NUMBER = new RegExp(String.raw`^(${NUM}(?:\.${NUM})*)\.?\s+\S`);

/** Both headings print a number and the second's is not under the first's: no parent and child. */
function numberedApart(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && !b.startsWith(`${a}.`);
}

/** Size difference (pt) that makes two heading styles two levels rather than one. */
const SIZE_STEP = 0.5;

function below(a: HeadingStyle, b: HeadingStyle): boolean {
  return a.size < b.size - SIZE_STEP || (Math.abs(a.size - b.size) <= SIZE_STEP && a.weight < b.weight);
}

/** Nests runs of smaller-set siblings under the entry before them; returns how many entries moved. */
export function nestBySiblingStyle(index: DocIndex, nodes: TocNode[]): number {
  let moved = 0;
  for (let i = 0; i < nodes.length; i++) {
    const head = nodes[i]!;
    const style = head.headingStyle;
    if (!style || !head.verified || head.children.length > 0 || !head.routable) continue;
    // A style no other sibling has is no level ("Table of Contents" set above all the chapters).
    if (!nodes.some((o) => o !== head && o.headingStyle && !below(o.headingStyle, style) && !below(style, o.headingStyle))) continue;
    let j = i + 1;
    const headNumber = printedNumber(index, head);
    // The run: verified headings set alike, each smaller than the head, none with children.
    const first = nodes[j]?.headingStyle ?? null;
    while (j < nodes.length) {
      const n = nodes[j]!;
      // A table's or figure's caption is no section of the entry before it.
      if (!n.verified || !n.routable || !n.headingStyle || n.children.length > 0 || !below(n.headingStyle, style) || parseNumbering(n.title)[0]?.kind === 'caption') break;
      if (first && (Math.abs(n.headingStyle.size - first.size) > SIZE_STEP || n.headingStyle.weight !== first.weight)) break;
      if (numberedApart(headNumber, printedNumber(index, n))) break;
      j++;
    }
    // One smaller sibling may be a stray style; a run of them is a level.
    if (j - i - 1 < 2) continue;
    const run = nodes.splice(i + 1, j - i - 1);
    for (const n of run) addFlag(n, 'nested_by_style');
    head.children.push(...run);
    moved += run.length;
  }
  for (const n of nodes) moved += nestBySiblingStyle(index, n.children);
  return moved;
}
