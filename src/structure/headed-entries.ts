/**
 * Entries headed by a line of their own in bold, under one section the table of contents lists
 * without them: a manual's options ("--verbose or -v" over its paragraphs, "--force" over its
 * own), a guide's settings, a glossary set one term to a paragraph. Each head is short, set in
 * the body's size in a bold face (or a little bigger, see MAX_HEAD_RATIO), and followed by text
 * of its own; the heads of one run share
 * their size, and no heading of the contents comes between them. Three such entries at
 * least, else two bold lines are two notes.
 *
 * Where the contents were rebuilt from the same bold lines they are its headings, and the
 * section's children answer for them: such lines are left to the contents.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, lastSentence, type StructItem, type StructList } from './lists.ts';
import { termList } from './hanging-lists.ts';

const MIN_ENTRIES = 3;
/** A head names its entry: a few words, never a sentence. */
const MAX_HEAD_WORDS = 6;
/** A head set in the body's size give or take this is an entry's (points). */
const SIZE_TOLERANCE = 0.5;
/**
 * A bold head set bigger than the body, up to this ratio, heads an entry too when the contents do
 * not list it: a manual's unlisted sub-headings (".DEF", ".DIM" ... set like its numbered
 * sub-sections, in a section the contents end at) are the entries of that section. Larger print
 * is a page's or a chapter's heading.
 */
const MAX_HEAD_RATIO = 1.25;
/** Lines an entry's text may run to without the next head: past them the run is over. */
const MAX_ENTRY_LINES = 30;
/** The entry under a head set in a face of its own is indented below it by at least this much (points). */
const HANG_INDENT = 10;
/** Lines before the first head read back for the sentence that introduces the entries. */
const INTRO_LINES = 3;

export function detectHeadedEntries(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; isTocHeading: (l: ParsedLine) => boolean; opensItem?: (l: ParsedLine) => boolean; bodySize: number; bodyFont: string | null; firstIndex: number },
): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  // A head set in a face of its own, not bold (a design document's "auth_mgr_init –
  // tcs/auth_mgr.c" in italics or in the code face), is set apart as a bold one is when its
  // entry's text hangs below it, indented and in another face: an italic line over text at its
  // own edge is emphasis in a paragraph, a code line over indented code is code.
  const next = new Map(body.map((l, k) => [l, body[k + 1]] as const));
  const hangsBelow = (l: ParsedLine) => {
    const n = next.get(l);
    // The head may close its page, its text opening the next. Text beside the head on its own
    // row is a table's next cell: the entry's text hangs on the rows below.
    const below = n !== undefined && (n.pageNum > l.pageNum || n.y0 >= l.y1 - 0.2 * l.size);
    return n !== undefined && below && n.pageNum - l.pageNum <= 1 && n.x0 >= l.x0 + HANG_INDENT && n.font !== l.font;
  };
  const apart = (l: ParsedLine) => (l.bold && opts.isHeading(l)) || (!l.bold && l.font !== opts.bodyFont && hangsBelow(l) && !opts.opensItem?.(l));
  const shaped = (l: ParsedLine) =>
    apart(l) && !l.leadIn && !opts.isTocHeading(l) && (Math.abs(l.size - opts.bodySize) <= SIZE_TOLERANCE || (l.bold && l.size > opts.bodySize && l.size <= opts.bodySize * MAX_HEAD_RATIO)) && NAME.test(l.text.trim()) && balanced(l.text) && l.text.trim().split(/\s+/).length <= MAX_HEAD_WORDS;
  // A bold line the document sets again and again ("DISCUSSION", "Example", "Where") labels a
  // field of every record, not one entry of a list: only heads of their own name an entry.
  const seen = new Map<string, number>();
  for (const l of body) if (shaped(l)) seen.set(key(l), (seen.get(key(l)) ?? 0) + 1);
  const isHead = (l: ParsedLine) => shaped(l) && seen.get(key(l)) === 1;
  // Such a label inside an entry is the entry's text, as the lines around it are.
  const ends = (l: ParsedLine) => isHead(l) || (opts.isHeading(l) && !(shaped(l) && !isHead(l)));
  // One run's heads share their print; not always one font ("--burn or -b [<DATE>]" mixes a
  // code face with the text's bold one), so the size tells it.
  const face = (l: ParsedLine) => l.size.toFixed(1);
  const out: StructList[] = [];
  let i = 0;
  while (i < body.length) {
    if (!isHead(body[i]!)) {
      i++;
      continue;
    }
    const first = i;
    const entries: ParsedLine[][] = [];
    let endedBy: 'heading' | 'end' = 'end';
    let j = i;
    while (j < body.length && isHead(body[j]!) && face(body[j]!) === face(body[first]!)) {
      let k = j + 1;
      // The entry's text: every line up to the next head or heading, within reach.
      while (k < body.length && !ends(body[k]!) && k - j <= MAX_ENTRY_LINES) k++;
      if (k === j + 1) break; // a head with no text of its own: a heading, not an entry
      entries.push(body.slice(j, k));
      if (k < body.length && ends(body[k]!) && !(isHead(body[k]!) && face(body[k]!) === face(body[first]!))) endedBy = 'heading';
      j = k;
    }
    i = Math.max(j, first + 1);
    if (entries.length < MIN_ENTRIES) continue;
    // Each line of an entry past its reach was cut, not closed: the run's end is not proven.
    if (entries.at(-1)!.length > MAX_ENTRY_LINES) endedBy = 'end';
    const items: StructItem[] = entries.map((ls, n) => ({
      ordinal: n + 1,
      marker: '',
      label: ls[0]!.text.trim().replace(/[:.]$/, ''),
      text: joinParts(ls.map((l) => l.text)),
      lines: ls.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })),
    }));
    const intro = introBefore(body, first, ends);
    out.push(termList(opts.firstIndex + out.length, items, intro?.text ?? null, intro?.line ?? null, endedBy, 'headed'));
  }
  return out;
}

/**
 * A head names its entry with words: it opens with a letter or a digit, or with a sigil set
 * against a letter ("--force", ".pdfsync", "@title"), and holds two letters in a row. A bare
 * number is a table's code column, a line that opens with "#", ";" or a bracket is code.
 */
const NAME = /^(?=.*\p{L}{2})(?:[\p{L}\d]|[-–.@$%\\]{1,2}\p{L})/u;

const key = (l: ParsedLine) => l.text.trim().toLowerCase();

/** Brackets opened and closed on the line: "(true" is a line of code cut at its break. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The last sentence of the paragraph between the heading above and the first head, if any. */
function introBefore(body: ParsedLine[], first: number, isHeading: (l: ParsedLine) => boolean): ReturnType<typeof lastSentence> {
  let from = first;
  while (from > Math.max(0, first - INTRO_LINES) && !isHeading(body[from - 1]!) && body[from - 1]!.pageNum >= body[first]!.pageNum - 1) from--;
  if (from === first) return null;
  const lines = body.slice(from, first);
  const sentence = lastSentence(joinParts(lines.map((l) => l.text)));
  if (!sentence) return null;
  return { text: sentence.text, line: { pageNum: lines.at(-1)!.pageNum, lineNum: lines.at(-1)!.lineNum } };
}
