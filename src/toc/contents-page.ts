/** Finds printed contents pages ("Introduction ........ 3") and reads their entries. The same detection also
 * tells the other steps which lines are contents entries, because a contents line repeats a heading's exact
 * words and must never be taken for the heading itself. */

import type { ParsedLine } from '../parse/types.ts';
import type { DocIndex } from './doc-index.ts';
import { romanValue } from './numbering.ts';
import { letterCount } from './text.ts';

export interface ContentsRow {
  page: number;
  title: string;
  printed: string;
  x0: number;
  y0: number;
  lines: ParsedLine[];
}

interface Row {
  lines: ParsedLine[];
  text: string;
  x0: number;
  y0: number;
}

/** A printed page reference: arabic, or a well-formed roman numeral ("mid" and "dim" are words). */
function isPageToken(t: string): boolean {
  return /^\d{1,4}$/.test(t) || (/^[ivxlcdm]{1,7}$/i.test(t) && romanValue(t) !== null);
}
const LEADERS = /^(.*?[^\s.·…‥_])\s*(?:[.·…‥_]\s*){3,}\s*(\d{1,4}|[ivxlcdm]{1,7})$/i;
/** Consecutive dot-leader rows that make a contents block by themselves. */
const LEADER_RUN = 5;
const CONTENTS_TITLE = /^(?:table\s+of\s+)?contents$|^contents\s*(?:page)?$/i;

/** Lines sharing a baseline within one column, left to right: a title and its page number often come apart. */
function rowsOf(lines: ParsedLine[]): Row[] {
  const sorted = [...lines].sort((a, b) => a.y1 - 0.25 * a.size - (b.y1 - 0.25 * b.size) || a.x0 - b.x0);
  const rows: Row[] = [];
  for (const l of sorted) {
    const base = l.y1 - 0.25 * l.size;
    const row = rows.find((r) => {
      const r0 = r.lines[0]!;
      return Math.abs(r0.y1 - 0.25 * r0.size - base) <= 2.5 && (r0.column === l.column || r0.column === 0 || l.column === 0);
    });
    if (row) row.lines.push(l);
    else rows.push({ lines: [l], text: '', x0: 0, y0: 0 });
  }
  for (const r of rows) {
    r.lines.sort((a, b) => a.x0 - b.x0);
    r.text = r.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').trim();
    r.x0 = r.lines[0]!.x0;
    r.y0 = Math.min(...r.lines.map((l) => l.y0));
  }
  return rows.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/** A row that ends with a page reference: dot leaders, or a page number standing apart on the right. */
function asEntry(r: Row): { title: string; printed: string } | null {
  const m = LEADERS.exec(r.text);
  if (m && letterCount(m[1]!) >= 2 && isPageToken(m[2]!)) return { title: m[1]!.trim(), printed: m[2]! };
  if (r.lines.length >= 2) {
    const last = r.lines[r.lines.length - 1]!;
    const prev = r.lines[r.lines.length - 2]!;
    const title = r.lines.slice(0, -1).map((l) => l.text).join(' ').replace(/[\s.·…_]+$/, '').trim();
    if (isPageToken(last.text.trim()) && last.x0 - prev.x1 > 15 && letterCount(title) >= 2) return { title, printed: last.text.trim() };
  }
  return null;
}

/** Contents pages and their entries, in order. Marks their lines in `index.contents`. */
export function findContents(index: DocIndex): ContentsRow[] {
  const out: ContentsRow[] = [];
  // A book may open each chapter with its own contents, the master contents' entries again
  // ("2.1. NAME ... 2" under "2. How to use bzip2"): an entry already read is not read twice.
  const seen = new Set<string>();
  let previousWasContents = false;
  for (let p = 1; p <= index.pageCount; p++) {
    const lines = index.pages[p]!.filter((l) => !index.furniture.has(l));
    if (lines.length === 0) {
      previousWasContents = false;
      continue;
    }
    const rows = rowsOf(lines);
    const hits = rows.map(asEntry);
    const n = hits.filter(Boolean).length;
    const titled = rows.slice(0, 4).some((r) => CONTENTS_TITLE.test(r.text.replace(/\s+/g, ' ').trim()));
    const share = n / rows.length;
    const printed = hits.filter((h): h is { title: string; printed: string } => h !== null).map((h) => h.printed);
    const ordered = pageNumbersAscend(printed) && pagesExist(printed, index.pageCount);
    // A run of rows with dot leaders is a contents block wherever it stands, even on a page that
    // goes on with the first section's text (a short guide's contents above its "1. Background").
    const leaderRun = longestRun(rows.map((r) => LEADERS.test(r.text)));
    const isContents: boolean = ordered && ((n >= 4 && share >= 0.4) || (titled && n >= 2) || (previousWasContents && n >= 3 && share >= 0.3) || leaderRun >= LEADER_RUN);
    previousWasContents = isContents;
    if (!isContents) continue;
    let pending: Row | null = null;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const e = hits[i];
      if (!e) {
        // A wrapped entry title: its first row has no page number, the next row finishes it.
        pending = letterCount(r.text) >= 2 && !CONTENTS_TITLE.test(r.text) ? r : null;
        continue;
      }
      let title = e.title;
      let x0 = r.x0;
      let y0 = r.y0;
      const rowLines = [...r.lines];
      // A wrapped entry title is set like the entry; a document title above the block is not.
      if (pending && r.y0 - pending.y0 < 2.2 * pending.lines[0]!.size && r.x0 >= pending.x0 - 2 && Math.abs(pending.lines[0]!.size - r.lines[0]!.size) <= 0.5) {
        title = `${pending.text} ${title}`;
        x0 = pending.x0;
        y0 = pending.y0;
        rowLines.unshift(...pending.lines);
      }
      pending = null;
      for (const l of rowLines) index.contents.add(l);
      const key = `${title.replace(/\s+/g, ' ').trim().toLowerCase()}|${e.printed}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ page: p, title: title.replace(/\s+/g, ' ').trim(), printed: e.printed, x0, y0, lines: rowLines });
    }
  }
  return out;
}

/** Page numbers in a contents listing run forwards; table columns of levels or counts ("2, 1, 3, 2") do not. */
function pageNumbersAscend(printed: string[]): boolean {
  const nums = printed.filter((p) => /^\d+$/.test(p)).map(Number);
  if (nums.length < 2) return true;
  let up = 0;
  for (let i = 1; i < nums.length; i++) if (nums[i]! >= nums[i - 1]!) up++;
  return up / (nums.length - 1) >= 0.8 && new Set(nums).size >= Math.min(3, nums.length);
}

function longestRun(flags: boolean[]): number {
  let best = 0;
  let run = 0;
  for (const f of flags) best = Math.max(best, (run = f ? run + 1 : 0));
  return best;
}

/**
 * A printed page number is never 0 and never beyond the document's last page (front matter only
 * pushes printed numbers below the physical ones). A table of codes or values in ascending order
 * ("IJS_CMD_ACK 0 ... IJS_CMD_EXIT 17" in a 12-page document) fails this; a contents page passes.
 */
function pagesExist(printed: string[], pageCount: number): boolean {
  const nums = printed.filter((p) => /^\d+$/.test(p)).map(Number);
  if (nums.length < 2) return true;
  // Page 0 is never printed: one row of it marks a table of values, however many rows run on
  // (the error codes 0..13 of an API, their table on page 58 of 69).
  if (nums.includes(0)) return false;
  return nums.filter((n) => n <= pageCount).length >= 0.9 * nums.length;
}

/** Contents entries that list figures or tables rather than sections. */
export function isListOfFiguresEntry(title: string): boolean {
  return /^(?:figure|fig\.|table|exhibit|chart|listing|box)\s+[A-Z]?[-\d.]+/i.test(title.trim());
}
