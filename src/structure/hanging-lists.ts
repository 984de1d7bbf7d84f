/**
 * Lists set with a hanging indent and no marker: after a sentence closed by a colon ("The
 * following keywords are supported:"), each entry opens flush at the text's left edge with its
 * term and runs on in lines indented under it:
 *
 *   @text marks the beginning of a block of free-form, plain-text information that should
 *        be made available to users of the kinemage. ...
 *   @caption works much like @text, but is generally shorter ...
 *
 * Specifications, manuals and glossaries set their definition lists so. The indent is the
 * marker: an entry is a flush line followed by at least one indented line, and the list runs
 * while entries follow one another (across a page break, each page measured from its own left
 * edge). Three entries at least: two flush lines with indented text under them may be a quoted
 * block. A flush line that is not followed by indented lines ends the list, as a heading does.
 *
 * A list of one-line entries, each a term, a dash and its gloss ("VRO – 454/Roche"), is set
 * the same way without the indent; the dash is its marker then.
 *
 * The term names the entry: the line's bold lead-in when it has one, else its first word when
 * that is no plain word (a sigil, a code, a path, a word in capitals), else the entry's opening
 * clause, as for any item.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, labelOf, type StructList } from './lists.ts';
import { parseMarker } from './markers.ts';

/** The indent, in points, that sets a continuation line apart from a flush one. */
const HANG_MIN = 6;
/** A flush line lies within this many points of the left edge. */
const FLUSH_TOLERANCE = 2;
const MIN_ENTRIES = 3;
/** A hanging indent is short: a line set further right (a page number, a centred line) is no continuation. */
const HANG_MAX = 72;
/** What closes an intro: a colon, or "as follows." / "the following." said with a stop. */
const INTRO_END = /(?::|\b(?:as follows|the following)\s*\.)\s*$/i;
/** A one-line entry: a term of one or two words, a dash set apart by spaces, its gloss. */
const DASH_TERM = /^[^\s–—-]+(?:\s[^\s–—-]+)?\s+[–—-]\s+\S/u;
/** Lines before the colon's line read back for the start of its sentence. */
const INTRO_LINES = 3;

export function detectHangingLists(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; bodySize: number; firstIndex: number },
): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim() && l.size >= 0.9 * opts.bodySize);
  const left = leftEdges(body);
  const out: StructList[] = [];
  for (let i = 0; i < body.length - 1; i++) {
    const intro = body[i]!;
    if (!INTRO_END.test(intro.text) || opts.isHeading(intro)) continue;
    // Entries open flush with the intro's last line, the paragraph's left edge; on a later page
    // or column, with that page's text edge.
    const edge = (l: ParsedLine) => (l.pageNum === intro.pageNum && l.column === intro.column ? intro.x0 : (left.get(`${l.pageNum}:${l.column}`) ?? l.x0));
    const flush = (l: ParsedLine) => Math.abs(l.x0 - edge(l)) <= FLUSH_TOLERANCE;
    const hung = (l: ParsedLine) => l.x0 - edge(l) >= HANG_MIN && l.x0 - edge(l) <= HANG_MAX && /\p{L}/u.test(l.text);
    const entries: ParsedLine[][] = [];
    // One-line entries ("VRO – 454/Roche") are entries when the first one is set so: a term, a
    // dash, its gloss. Then every entry is, or the run ends.
    const dashed = DASH_TERM.test(body[i + 1]?.text.trim() ?? '');
    let j = i + 1;
    while (j < body.length) {
      const head = body[j]!;
      // A marked line opens an item of a marked list, found as such.
      if (opts.isHeading(head) || !flush(head) || parseMarker(head.text.trim())) break;
      if (dashed && !DASH_TERM.test(head.text.trim())) break;
      let k = j + 1;
      while (k < body.length && hung(body[k]!) && !opts.isHeading(body[k]!)) k++;
      if (k === j + 1 && !dashed) break;
      entries.push(body.slice(j, k));
      j = k;
    }
    if (entries.length < MIN_ENTRIES) continue;
    const items = entries.map((ls, n) => {
      const text = joinParts(ls.map((l) => l.text));
      return { ordinal: n + 1, marker: '', label: termOf(ls[0]!), text, lines: ls.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
    });
    const end = body[j];
    out.push({
      index: opts.firstIndex + out.length,
      parentList: null,
      parentItem: null,
      depth: 0,
      kind: 'term',
      style: 'hanging',
      intro: sentenceEndingAt(body, i),
      heading: null,
      introLine: { pageNum: intro.pageNum, lineNum: intro.lineNum },
      items,
      sequential: true,
      endedBy: !end ? 'end' : opts.isHeading(end) ? 'heading' : 'text',
      gapAfter: false,
      pageStart: items[0]!.lines[0]!.pageNum,
      pageEnd: items.at(-1)!.lines.at(-1)!.pageNum,
    });
    i = j - 1;
  }
  return out;
}

/** The sentence the colon's line closes, read back over the lines before it. */
function sentenceEndingAt(body: ParsedLine[], i: number): string {
  const text = joinParts(body.slice(Math.max(0, i - INTRO_LINES), i + 1).filter((l) => l.pageNum === body[i]!.pageNum).map((l) => l.text));
  return text.split(/(?<=[.!?])\s+(?=\p{Lu})/u).at(-1)!.trim();
}

/** The entry's term: its bold lead-in, a first word that is no plain word, or its opening clause. */
function termOf(head: ParsedLine): string {
  if (head.leadIn) return head.leadIn.replace(/[.:]$/, '');
  const dashed = /^(\S+(?:\s\S+)?)\s+[–—-]\s/u.exec(head.text.trim());
  if (dashed) return dashed[1]!;
  const first = head.text.trim().split(/\s+/)[0] ?? '';
  if (/[^\p{L}'’-]/u.test(first) || /^\p{Lu}{2,}$/u.test(first)) return first.replace(/[.:,;]$/, '');
  return labelOf(head.text);
}

/** The left edge of the body text of each page column. */
function leftEdges(lines: ParsedLine[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    if (l.text.trim().length < 3) continue;
    const key = `${l.pageNum}:${l.column}`;
    out.set(key, Math.min(out.get(key) ?? Infinity, l.x0));
  }
  return out;
}
