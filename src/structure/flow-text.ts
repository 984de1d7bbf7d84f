/**
 * Running text joined from its lines, with the offset where each line starts: what the readers of
 * lists inside prose (inline enumerations, series, numbered points) search, and how they find the
 * line an offset of the joined text came from, to cite it.
 */

import type { ParsedLine } from '../parse/types.ts';
import { LineJoiner } from './lists.ts';

export interface FlowText {
  text: string;
  /** Start offset of each line's text in `text`. */
  starts: number[];
  lines: ParsedLine[];
}

/**
 * The lines as one text, words hyphenated at a line end mended (as joinParts joins them). Built
 * line by line in one pass: a flow from heading to heading can hold thousands of lines, and
 * re-joining the text so far for each one was quadratic.
 */
export function flowOf(lines: ParsedLine[]): FlowText {
  const starts: number[] = [];
  const joined = new LineJoiner();
  for (const l of lines) {
    // Soft hyphens inside a line are invisible; one at its end is kept for joinKind to mend.
    starts.push(joined.add(l.text.replace(/\s+/g, ' ').trim().replace(/\u00AD(?!$)/g, '')));
  }
  return { text: joined.text(), starts, lines };
}

/** The position in `flow.lines` of the line that holds a text offset. */
export function lineIndexAt(flow: FlowText, offset: number): number {
  let i = 0;
  while (i + 1 < flow.starts.length && flow.starts[i + 1]! <= offset) i++;
  return i;
}
