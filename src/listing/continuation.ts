import type { LineRow } from '../db/rows.ts';
import { joinLine } from '../structure/lists.ts';

/** How far right of an item's opening line its continuation may start (a hanging indent), in points. */
const HANGING_INDENT = 40;

/**
 * An item's whole text from its opening line and the lines after it: they carry on while they
 * are set like it (same size, not bold where it is not, neither left of it nor a column away),
 * until a line opens the next item or the text ends a sentence.
 */
export function wholeText(first: LineRow, following: LineRow[], opensItem: (text: string) => boolean, maxLines = 6): string {
  let text = first.text.trim();
  let prev = first;
  for (const l of following.slice(0, maxLines)) {
    if (/[.;]$/.test(text)) break;
    if (l.lineNum !== prev.lineNum + 1 || Math.abs(l.size - first.size) > 0.5 || (l.bold && !first.bold)) break;
    if (l.x0 < first.x0 - 3 || l.x0 > first.x0 + HANGING_INDENT || opensItem(l.text)) break;
    text = joinLine(text, l.text.trim());
    prev = l;
  }
  return text;
}
