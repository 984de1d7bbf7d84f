/**
 * A contents list printed without page numbers: a block of numbered titles, line under line
 * ("1.0 Introduction", "1.1 Overall Design Considerations", "1.1.0 Threading Model" ...), that the
 * document's headings repeat later, number for number. Nothing on its rows says "contents" (no
 * dot leaders, no page references), but a heading is never announced twice in order before its
 * section: the earlier block is the contents list, and its lines are no headings.
 */

import type { ParsedLine } from '../parse/types.ts';
import type { DocIndex } from './doc-index.ts';
import { parseNumbering } from './numbering.ts';
import { compact } from './text.ts';

/** Numbered rows a run needs before it can be a contents list: fewer is a short list of steps. */
const MIN_RUN = 5;
/** Share of a run's entries that must come back later as lines of their own. */
const MIN_REPEATED = 0.6;

export function numberedContentsLines(index: DocIndex): ParsedLine[] {
  const lines = index.doc.lines.filter((l) => !index.furniture.has(l) && !index.contents.has(l));
  const key = (l: ParsedLine) => {
    const n = parseNumbering(l.text)[0];
    return n && n.kind === 'decimal' && /\p{L}{2}/u.test(n.rest) ? `${n.id}|${compact(n.rest)}` : null;
  };
  const keys = lines.map(key);
  // Where each numbered line occurs last: a repeat must come after the run.
  const lastAt = new Map<string, number>();
  keys.forEach((k, i) => k && lastAt.set(k, i));
  const out: ParsedLine[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!keys[i]) {
      i++;
      continue;
    }
    // The run ends where a number comes back: the list is over and the headings begin (the
    // first heading may follow the list's last row with nothing between).
    let j = i;
    const inRun = new Set<string>();
    while (j < lines.length && keys[j] && !inRun.has(keys[j]!)) inRun.add(keys[j++]!);
    const run = keys.slice(i, j) as string[];
    if (run.length >= MIN_RUN) {
      const repeated = run.filter((k) => (lastAt.get(k) ?? -1) >= j).length;
      if (repeated >= MIN_REPEATED * run.length) out.push(...lines.slice(i, j));
    }
    i = j;
  }
  return out;
}
