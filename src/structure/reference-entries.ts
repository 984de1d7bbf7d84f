/**
 * An author-year reference list: "Andres Cabrera. 2007. Audio metering and linux. In ...", "He, K.,
 * Zhang, X. (2016). Deep residual ...". Its entries carry no marker and often no hanging indent, so no
 * marker or layout detector sees them; each opens with names and a year instead, and that opening is
 * the grammar read here (the citation style's, never a document's words). Numbered lists ("[12] ...")
 * are the marker detectors' already.
 */

import type { ParsedLine } from '../parse/types.ts';
import { termList } from './hanging-lists.ts';
import { joinParts, type StructItem, type StructList } from './lists.ts';

/**
 * Names (capitalised, no digits, no brackets), a stop or comma, then a year (with a letter when one
 * author has several that year) closed by a stop, comma, colon or bracket: "EBU. 2010a. EBU ...".
 * A year that follows a word with no stop ("In 2007 the ...") is prose.
 */
const ENTRY_START = /^\p{Lu}[^()\d[\]]{0,150}?(?:[.,]\s+\(?|\s+\()(?<year>(?:1[89]|20)\d{2})[a-z]?\)?[.,:](?:\s+(?<rest>\S.*))?$/u;
/** Fewer entries than this are citations in prose, not a list. */
const MIN_ENTRIES = 3;
/** Lines of one entry at most; a longer run without a new opening is text after the list. */
const MAX_LINES = 8;

function opensEntry(l: ParsedLine, prev: ParsedLine | undefined, isHeading: (l: ParsedLine) => boolean): boolean {
  if (!ENTRY_START.test(l.text.trim())) return false;
  // A wrapped line can look like an opening ("Conference, 2007. Available at ..."): an entry opens
  // only after one that ended (a stop or a bracket), after a heading, or as the first line read.
  if (!prev || isHeading(prev)) return true;
  return /[.)\]]$/.test(prev.text.trim());
}

/** The work's title: the first sentence after the year. */
function titleOf(text: string): string {
  const m = ENTRY_START.exec(text);
  const rest = (m?.groups?.rest ?? text).trim();
  const stop = /^(.{3,200}?[^\s.A-Z])\.(?:\s|$)/u.exec(rest);
  return (stop ? stop[1]! : rest).trim();
}

export function detectReferenceEntries(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; firstIndex: number },
): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l));
  const out: StructList[] = [];
  let run: ParsedLine[][] = [];
  const close = () => {
    if (run.length >= MIN_ENTRIES) out.push(toList(run, opts.firstIndex + out.length));
    run = [];
  };
  for (let i = 0; i < body.length; i++) {
    const l = body[i]!;
    if (opts.isHeading(l)) {
      close();
      continue;
    }
    if (opensEntry(l, body[i - 1], opts.isHeading)) {
      run.push([l]);
      continue;
    }
    const open = run.at(-1);
    if (open && open.length < MAX_LINES) open.push(l);
    else close();
  }
  close();
  return out;
}

function toList(entries: ParsedLine[][], index: number): StructList {
  const items: StructItem[] = entries.map((ls, i) => {
    const text = joinParts(ls.map((l) => l.text));
    return { ordinal: i + 1, marker: '', label: titleOf(text), text, lines: ls.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
  });
  return termList(index, items, null, null, 'text', 'reference');
}
