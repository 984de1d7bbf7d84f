/**
 * Points of an argument numbered by sentence adverbs: "We have three major observations ...
 * First, the situation is reversed ... Second, compared to its plain counterpart, ... Last, we
 * also note ...". The points may open paragraphs of their own and run over a column or a page
 * break (footnotes and captions in between are not the flow), so the text is read as one flow
 * from heading to heading. A run starts at "First" and counts up without a gap; "Finally" or
 * "Last" may end it. Each point runs to the next one; the last to the end of its sentence.
 */

import type { ParsedLine } from '../parse/types.ts';
import { FINAL_ADVERBS, ORDINAL_ADVERBS } from '../lexicon/english.ts';
import { flowOf, lineIndexAt, type FlowText } from './flow-text.ts';
import { labelOf, type StructList } from './lists.ts';

// A sentence adverb and its comma, at the start of a sentence.
const ADVERB = /(?<=^|[.!?]["”’)]?\s+)(\p{Lu}\p{Ll}+),\s+/gu;
/** How far (in characters) the next point may start after the one before it. */
const MAX_POINT_CHARS = 1500;

type Flow = FlowText;

export function detectOrdinalSeries(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; bodySize: number; firstIndex: number },
): StructList[] {
  const out: StructList[] = [];
  for (const flow of flows(lines, opts)) {
    for (const run of runs(flow.text)) out.push(toList(flow, run, opts.firstIndex + out.length));
  }
  return out;
}

/**
 * Body text between headings, in reading order. Only print of the body's size is the flow:
 * footnotes, captions and table cells set smaller sit between the points, not in them.
 */
function flows(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; bodySize: number }): Flow[] {
  const out: Flow[] = [];
  let cur: ParsedLine[] = [];
  const flush = () => {
    if (cur.length) out.push(flowOf(cur));
    cur = [];
  };
  for (const l of lines) {
    // Smaller print is skipped before it is asked to be a heading: a bold table cell is none.
    if (opts.outsideText(l) || !l.text.trim() || l.size < 0.95 * opts.bodySize) continue;
    if (opts.isHeading(l)) {
      flush();
      continue;
    }
    cur.push(l);
  }
  flush();
  return out;
}

interface Point {
  at: number;
  /** Where the point's own words start (after the adverb and its comma). */
  from: number;
  final: boolean;
}

function runs(text: string): Point[][] {
  const out: Point[][] = [];
  let run: Point[] = [];
  const close = () => {
    if (run.length >= 2) out.push(run);
    run = [];
  };
  for (const m of text.matchAll(ADVERB)) {
    const word = m[1]!.toLowerCase();
    const n = ORDINAL_ADVERBS.get(word);
    const final = FINAL_ADVERBS.has(word);
    if (n === undefined && !final) continue;
    const point = { at: m.index!, from: m.index! + m[0].length, final };
    const near = run.length > 0 && point.at - run[run.length - 1]!.at <= MAX_POINT_CHARS;
    if (near && (final || n === run.length + 1)) {
      run.push(point);
      if (final) close();
      continue;
    }
    close();
    if (n === 1) run.push(point);
  }
  close();
  return out;
}

function toList(flow: Flow, run: Point[], index: number): StructList {
  const lineAt = (offset: number) => lineIndexAt(flow, offset);
  const items = run.map((p, k) => {
    const end = k + 1 < run.length ? run[k + 1]!.at : sentenceEnd(flow.text, p.from);
    const text = flow.text.slice(p.from, end).trim();
    const from = lineAt(p.at);
    const to = lineAt(Math.max(p.at, end - 1));
    return { ordinal: k + 1, marker: flow.text.slice(p.at, p.from).trim(), label: labelOf(text), text, lines: flow.lines.slice(from, to + 1).map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
  });
  // The sentence before the first point introduces them ("We have three major observations ...").
  const before = flow.text.slice(0, run[0]!.at).trimEnd();
  const stops = [...before.slice(0, -1).matchAll(/[.!?]["”’)]?\s+(?=["“(]?\p{Lu})/gu)];
  const introStart = stops.length ? stops.at(-1)!.index! + stops.at(-1)![0].length : 0;
  const intro = before.slice(introStart).trim();
  const introLine = flow.lines[lineAt(introStart)]!;
  return {
    index,
    parentList: null,
    parentItem: null,
    depth: 0,
    kind: 'series',
    style: 'prose',
    intro: intro || null,
    heading: null,
    introLine: intro ? { pageNum: introLine.pageNum, lineNum: introLine.lineNum } : null,
    items,
    sequential: true,
    // Prose can always make one more point: the run earns "complete" only from a stated count.
    endedBy: 'end',
    gapAfter: false,
    pageStart: items[0]!.lines[0]!.pageNum,
    pageEnd: items.at(-1)!.lines.at(-1)!.pageNum,
  };
}

function sentenceEnd(text: string, from: number): number {
  const m = /[.!?](?=\s+["“(]?\p{Lu}|\s*$)/u.exec(text.slice(from));
  return m ? from + m.index + 1 : text.length;
}
