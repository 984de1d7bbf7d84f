/**
 * Tables keyed by a column: rows of cells that share a baseline and start at the same column
 * positions. The key column's cells are the items ("Access Control", "Media Protection", ...);
 * when every column carries the same header ("FAMILY | FAMILY") every column holds items, read
 * column by column as printed. A first column of bare numbers keys the rows; the next column
 * names them. Only full-width text is read: two page columns side by side are not a table.
 */

import type { ParsedLine } from '../parse/types.ts';
import { introducesNext, joinParts, labelOf, lastSentence, type StructList } from './lists.ts';
import { romanValue } from '../toc/numbering.ts';
import { wordCount } from '../toc/text.ts';

export interface Row {
  y: number;
  size: number;
  cells: ParsedLine[];
}

const ANCHOR_TOLERANCE = 6;
const MIN_ROWS = 3;

export function detectTables(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; firstIndex: number; bodySize: number; pageHeight: (page: number) => number }): StructList[] {
  const out: StructList[] = [];
  const byPage = new Map<number, ParsedLine[]>();
  // The lowest line of body-size print on each page: footnotes sit below it.
  const lowestBody = new Map<number, number>();
  for (const l of lines) if (!opts.outsideText(l) && l.size >= 0.85 * opts.bodySize) lowestBody.set(l.pageNum, Math.max(lowestBody.get(l.pageNum) ?? 0, l.y0));
  for (const l of lines) {
    // Footnotes (small print at the foot of the page, below its body text) line up like cells
    // but are no table; small print higher up, or beside body-size cells (a table's marks), is read.
    const footnote = l.size < 0.85 * opts.bodySize && l.y0 > 0.75 * opts.pageHeight(l.pageNum) && l.y0 > (lowestBody.get(l.pageNum) ?? 0);
    if (opts.outsideText(l) || l.column !== 0 || !l.text.trim() || footnote) continue;
    const arr = byPage.get(l.pageNum) ?? [];
    arr.push(l);
    byPage.set(l.pageNum, arr);
  }
  // The pages' rows read as one run: a table set over a page break goes on at the top of the
  // next page (tableAt decides what may cross the break).
  const rows = [...byPage.keys()].sort((a, b) => a - b).flatMap((p) => toRows(byPage.get(p)!));
  let i = 0;
  while (i < rows.length) {
    const t = tableAt(rows, i);
    if (!t) {
      i++;
      continue;
    }
    const above = headerAndCaption(rows, i, t.anchors);
    if (!above.caption) above.caption = captionBelow(rows, t.end);
    const list = toList(t.rows, t.anchors, above, opts.firstIndex + out.length);
    if (list) out.push(list);
    i = t.end;
  }
  return out;
}

const pageOf = (r: Row) => r.cells[0]!.pageNum;

export function toRows(lines: ParsedLine[]): Row[] {
  const sorted = [...lines].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const rows: Row[] = [];
  for (const l of sorted) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(l.y0 - last.y) <= 2) last.cells.push(l);
    else rows.push({ y: l.y0, size: l.size, cells: [l] });
  }
  for (const r of rows) r.cells.sort((a, b) => a.x0 - b.x0);
  return rows;
}

const near = (a: number, b: number) => Math.abs(a - b) <= ANCHOR_TOLERANCE;
/** Every cell of the row starts on one of the table's column anchors. */
const onAnchors = (r: Row, anchors: number[]) => r.cells.every((c) => anchors.some((a) => near(a, c.x0)));

/** A table starting at row `start`: multi-cell rows on common anchors, with wrapped cell lines. */
function tableAt(rows: Row[], start: number): { rows: Row[][]; anchors: number[]; end: number } | null {
  const first = rows[start]!;
  if (first.cells.length < 2) return null;
  const anchors = first.cells.map((c) => c.x0);
  const table: Row[][] = [[first]];
  const splitRows = new Set<Row>();
  // The centres of each column's cells so far: a column may be set centred ("TSP/ATSP" over
  // "TSP"), and its cells then share a centre, not a left edge.
  const centres: number[][] = anchors.map((_, k) => [mid(first.cells[k]!)]);
  let sub: number[] | null = null;
  // What the checks below read of the table so far, kept as rows join it: re-reading every row
  // for each next one was quadratic in a table's length.
  const soFar = { left: Math.min(...first.cells.map((c) => c.x0)), right: Math.max(...first.cells.map((c) => c.x1)), spacings: 0, widest: -Infinity, last: first, keys: 0, plainKeys: 0 };
  const take = (r: Row, opensRow: boolean) => {
    if (opensRow) {
      table.push([r]);
      soFar.keys++;
      if (!r.cells[0]!.bold) soFar.plainKeys++;
    } else table[table.length - 1]!.push(r);
    for (const c of r.cells) {
      soFar.left = Math.min(soFar.left, c.x0);
      soFar.right = Math.max(soFar.right, c.x1);
    }
    if (pageOf(r) === pageOf(soFar.last)) {
      soFar.spacings++;
      soFar.widest = Math.max(soFar.widest, r.y - soFar.last.y);
    }
    soFar.last = r;
  };
  let j = start + 1;
  for (; j < rows.length; j++) {
    const prev = rows[j - 1]!;
    const split = splitRunTogether(rows[j]!, anchors);
    // A cell cut in two is read so only once rows have shown the columns: under a header row
    // alone, a row of more cells ("0 | Undefined | ...") is another table's.
    const keyed = indentedKey(split, anchors);
    const r = onCentres(soFar.keys >= 2 ? joinedInColumn(keyed, anchors) : keyed, anchors, centres);
    if (split !== rows[j]) splitRows.add(r);
    if (pageOf(r) !== pageOf(prev)) {
      const goes = goesOverPage(r, prev, anchors, first);
      if (goes === 'end') break;
      if (goes === 'repeated-header') continue;
      take(r, goes === 'row');
      continue;
    }
    if (r.y - prev.y > 2.6 * Math.max(r.size, prev.size)) break;
    // A line split only by our estimate that runs well past the table's right edge is the
    // sentence after the table ("A state transition diagram ... is given below:"): a table's
    // cells stay inside the table's width, however they wrap.
    // (A row's longest cell may run past the rows before it: only an overrun of half the table's
    // width again is the sentence.)
    const { right, left } = soFar;
    if (r !== rows[j] && r.cells[r.cells.length - 1]!.x1 > right + Math.max(3 * ANCHOR_TOLERANCE, 0.5 * (right - left))) break;
    // Nor is a line split only by our estimate that stands apart from the rows by a wider gap
    // than any row spacing so far ("Other values may be registered ..." under the last row).
    // (Spacings under a header row can be wider: two at least are read.)
    if (split !== rows[j] && soFar.spacings >= 2 && r.y - prev.y > SPLIT_GAP_SHARE * soFar.widest) break;
    if (!onAnchors(r, anchors)) {
      // A sub-row ("6.1 | Identify and mitigate ..." under "6. | Eradicate the incident"): a short
      // key set in between the key and value columns, on anchors of its own, and the lines that
      // wrap onto those anchors. Sub-rows belong to the row above and are not rows of this list.
      const key = r.cells[0]!;
      const opensSub = r.cells.length >= 2 && key.x0 > anchors[0]! + ANCHOR_TOLERANCE && key.x0 < anchors[1]! - ANCHOR_TOLERANCE && SUB_KEY.test(key.text.trim());
      const onSub = sub !== null && r.cells.every((c) => sub!.some((a) => near(a, c.x0)));
      if (opensSub) sub = r.cells.map((c) => c.x0);
      if (!opensSub && !onSub) break;
      // Kept in the row's group for the row spacing; off the table's anchors, so in no cell.
      take(r, false);
      continue;
    }
    // Keys set in bold row after row (the first row may be the header, bold whatever the keys
    // are): a key in plain print is no key of this table ("/bin/csh may be a link to ..." under
    // a column of bold command names).
    if (r.cells.length >= 2 && soFar.keys >= 2 && soFar.plainKeys === 0 && !r.cells[0]!.bold) break;
    // A row whose key cell is empty continues the row above (a wrapped cell).
    if (r.cells.length >= 2 && near(r.cells[0]!.x0, anchors[0]!)) take(r, true);
    else if (r.y - prev.y <= 1.6 * Math.max(r.size, prev.size) && !(keyCannotWrap(table[table.length - 1]!, r, anchors) && !tableGoesOn(rows[j + 1], r, anchors))) take(r, false);
    // A paragraph break inside a cell (a long description in paragraphs) keeps to the cell's
    // column: past it the lines go on off the key column until the next row opens.
    else if (!r.cells.some((c) => near(c.x0, anchors[0]!)) && resumes(rows, j, anchors)) take(r, false);
    else break;
    for (const c of r.cells) centres[anchors.findIndex((a) => near(a, c.x0))]?.push(mid(c));
  }
  // A row set closer to the one above than the table's usual row spacing is a wrapped line of
  // that row's cells ("Privacy" over "Breach"), not a row of its own.
  // (Rows over a page break have no spacing to read.)
  const samePage = (a: Row, b: Row) => pageOf(a) === pageOf(b);
  const gaps = table
    .slice(1)
    .flatMap((g, k) => (samePage(g[0]!, table[k]!.at(-1)!) ? [g[0]!.y - table[k]!.at(-1)!.y] : []))
    .sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] ?? 0;
  const merged: Row[][] = [];
  for (const g of table) {
    const last = merged[merged.length - 1];
    const gap = last && samePage(g[0]!, last.at(-1)!) ? g[0]!.y - last[last.length - 1]!.y : Infinity;
    if (last && usual > 0 && gap < 0.8 * usual) last.push(...g);
    else merged.push([...g]);
  }
  // Rows set out as cells of their own make the table; a row split from one run-together line
  // only joins a table that stands without it (prose lines also start at the key column and
  // run past the next anchor, and must never make a table of themselves).
  const multi = merged.filter((g) => g[0]!.cells.length >= 2);
  const own = multi.filter((g) => !splitRows.has(g[0]!)).length;
  return own >= MIN_ROWS && multi.length - own <= own ? { rows: merged, anchors, end: j } : null;
}

/**
 * How the first row of the next page stands to a table that reached the foot of the page before:
 * a row of cells keyed on the key column opens a row of the table; lines on its other columns
 * only go on with the row above (a wrapped description); a header row repeats the table's own
 * (and is skipped) or opens another table. Anything off the anchors (a caption, prose, a lone
 * line on the key column) ends the table.
 */
function goesOverPage(r: Row, prev: Row, anchors: number[], first: Row): 'row' | 'wrapped' | 'repeated-header' | 'end' {
  if (pageOf(r) !== pageOf(prev) + 1 || !onAnchors(r, anchors)) return 'end';
  if (isHeaderRow(r.cells) && !isHeaderRow(prev.cells)) return r.cells.map((c) => c.text.trim()).join('|') === first.cells.map((c) => c.text.trim()).join('|') ? 'repeated-header' : 'end';
  const keyed = r.cells.some((c) => near(c.x0, anchors[0]!));
  if (keyed) return r.cells.length >= 2 ? 'row' : 'end';
  return 'wrapped';
}

/** From row `j` on, lines stay on the table's later columns until a row of cells opens on the key column. */
function resumes(rows: Row[], j: number, anchors: number[]): boolean {
  for (let k = j; k < rows.length && k < j + RESUME_REACH; k++) {
    const r = rows[k]!;
    if (k > j && r.y - rows[k - 1]!.y > 2.6 * Math.max(r.size, rows[k - 1]!.size) && pageOf(r) === pageOf(rows[k - 1]!)) return false;
    if (!onAnchors(r, anchors)) return false;
    if (near(r.cells[0]!.x0, anchors[0]!)) return r.cells.length >= 2;
  }
  return false;
}

/** Rows read ahead for the next row of a table after a paragraph break in a cell. */
const RESUME_REACH = 80;

/** How much wider than the widest row spacing a split line's gap must be to stand apart. */
const SPLIT_GAP_SHARE = 1.25;

const mid = (c: ParsedLine) => (c.x0 + c.x1) / 2;
const CENTRED_WORDS = 3;

/** The row after `above` goes on with the table: its cells sit on the anchors, one past the key. */
function tableGoesOn(next: Row | undefined, above: Row, anchors: number[]): boolean {
  if (!next || pageOf(next) !== pageOf(above) || next.y - above.y > 2.6 * Math.max(next.size, above.size)) return false;
  return onAnchors(next, anchors) && next.cells.some((c) => anchors.slice(1).some((a) => near(a, c.x0)));
}

/**
 * A lone line on the key column under a row can be that row's key cell wrapped only if the key's
 * last line was full: had its first word fitted in the key column's first three quarters beside
 * that line, it would not have wrapped ("UInt32" over the caption "Basic data types"). Such a
 * line is still the row's when the table goes on after it (the caller asks tableGoesOn): a
 * glossary term may break its line on purpose ("availability" over "[44 USC 3552]").
 */
function keyCannotWrap(group: Row[], r: Row, anchors: number[]): boolean {
  const line = r.cells[0]!;
  if (r.cells.length !== 1 || anchors.length < 2 || !near(line.x0, anchors[0]!)) return false;
  const key = group.flatMap((g) => g.cells).filter((c) => near(c.x0, anchors[0]!)).pop();
  if (!key) return false;
  const word = line.text.trim().split(/\s+/)[0]!;
  const charWidth = (line.x1 - line.x0) / Math.max(1, line.text.length);
  return key.x1 + charWidth * (word.length + 1) < anchors[0]! + 0.75 * (anchors[1]! - anchors[0]!);
}

/**
 * A row whose short cells are off the anchors but centred on a column's earlier cells: each such cell is
 * read as the column's ("TSP" centred under "TSP/ATSP"). A key cell is read so only in a row of
 * several cells: a lone line centred on the key column is no wrapped cell of the table.
 */
function onCentres(r: Row, anchors: number[], centres: number[][]): Row {
  let moved = false;
  const cells = r.cells.map((c, i) => {
    // Only a short cell (a mark, a name) is set centred; a line of a ragged text column may
    // share a centre with another by chance.
    if (anchors.some((a) => near(a, c.x0)) || (i === 0 && r.cells.length < 2) || c.text.trim().split(/\s+/).length > CENTRED_WORDS) return c;
    // The column must stand as one already (two cells at least): a header centred over its
    // first value proves no column of centred cells.
    const k = centres.findIndex((ms, col) => (col > 0) === (i > 0) && ms.length >= 2 && ms.some((m) => near(m, mid(c))));
    if (k < 0) return c;
    moved = true;
    return { ...c, x0: anchors[k]!, x1: anchors[k]! + (c.x1 - c.x0) };
  });
  return moved ? { ...r, cells } : r;
}

/**
 * A key cell run together with the next cell on one line ("Medium Organization has lost …"), alone
 * or before the row's later cells: the
 * gap between the columns was narrower than the parser's cell boundary. The line starts on the key
 * anchor and runs past the next one; it is split at the word boundary whose position, estimated
 * from the line's mean character width, is nearest that anchor. Only a boundary within a few
 * characters of the anchor splits it: a line of prose that merely starts at the key column and
 * runs on is left whole (and then ends the table as before).
 */
function splitRunTogether(r: Row, anchors: number[]): Row {
  const [l, ...others] = r.cells;
  if (anchors.length < 2 || !l || !inKeyColumn(l, anchors)) return r;
  const next = anchors[1]!;
  if (l.x1 <= next || others.some((c) => c.x0 < l.x1)) return r;
  const cw = (l.x1 - l.x0) / Math.max(1, l.text.length);
  // A line that ends just past the next anchor ("MATL (single strand, left) L", its value one
  // letter) splits only where a word starts right on the anchor.
  const barely = l.x1 <= next + ANCHOR_TOLERANCE;
  let best: { cut: number; resume: number; d: number } | null = null;
  for (const m of l.text.matchAll(/ +/g)) {
    const d = Math.abs(l.x0 + (m.index + m[0].length) * cw - next);
    if (!best || d < best.d) best = { cut: m.index, resume: m.index + m[0].length, d };
  }
  if (!best || best.d > (barely ? 1 : SPLIT_TOLERANCE_CHARS) * cw) return r;
  // A line set in from the key column splits only into a one-word key ("--no-alabelroundtrip"
  // run into its description): a paragraph's indented first line would split into words of prose.
  if (!near(l.x0, anchors[0]!) && /\s/.test(l.text.slice(0, best.cut).trim())) return r;
  const key: ParsedLine = { ...l, text: l.text.slice(0, best.cut), x1: l.x0 + best.cut * cw };
  const value: ParsedLine = { ...l, text: l.text.slice(best.resume), x0: next };
  return { ...r, cells: [key, value, ...others] };
}

/** The line starts in the key column: on its anchor, or set in from it short of the next column. */
const inKeyColumn = (l: ParsedLine, anchors: number[]) => near(l.x0, anchors[0]!) || (l.x0 > anchors[0]! && l.x0 < anchors[1]! - ANCHOR_TOLERANCE);

/**
 * A row whose key is set in from the key column, its other cells on the table's later anchors:
 * a key aligned on a part of the keys above it ("--no-tr46" under the long halves of "-h, --help",
 * "-V, --version"), a row like the others. Its key is read on the key column. A short number or
 * letter so set is a sub-row's key (see SUB_KEY), and a line with nothing on the later columns
 * is no row.
 */
function indentedKey(r: Row, anchors: number[]): Row {
  const [key, ...others] = r.cells;
  if (anchors.length < 2 || !key || others.length === 0 || near(key.x0, anchors[0]!) || !inKeyColumn(key, anchors) || key.x1 > anchors[1]! - ANCHOR_TOLERANCE) return r;
  if (SUB_KEY.test(key.text.trim()) || !others.every((c) => anchors.slice(1).some((a) => near(a, c.x0)))) return r;
  return { ...r, cells: [{ ...key, x0: anchors[0]! }, ...others] };
}

/**
 * A row whose cell is cut in two by a wide space inside its column ("BIF" and "(bifurcation)"
 * both in the key column, where the rows above read "MATP (pair)" as one cell): the parts are one
 * cell, read on the column's anchor. Only when every cell then stands on an anchor.
 */
function joinedInColumn(r: Row, anchors: number[]): Row {
  if (anchors.length < 2 || r.cells.length < 2 || !near(r.cells[0]!.x0, anchors[0]!) || onAnchors(r, anchors)) return r;
  const cells: ParsedLine[] = [];
  for (const c of r.cells) {
    const prev = cells.at(-1);
    if (prev && !anchors.some((a) => near(a, c.x0)) && columnOf(c.x0, anchors) === columnOf(prev.x0, anchors)) cells[cells.length - 1] = { ...prev, text: `${prev.text} ${c.text}`, x1: c.x1 };
    else cells.push(c);
  }
  const joined = { ...r, cells };
  return onAnchors(joined, anchors) ? joined : r;
}

/** The key of a sub-row: a short number or letter ("6.1", "b.", "(ii)"), never words. */
const SUB_KEY = /^\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivx]{1,4})[.)]?$/;

/** How far (in mean character widths) an estimated word boundary may sit from the column anchor. */
const SPLIT_TOLERANCE_CHARS = 6;

interface Above {
  /** Column headers, one per anchor ('' where a column has none). */
  header: string[] | null;
  caption: ParsedLine | null;
}

/**
 * What sits above a table's first row: header rows (bold or capitals, possibly two lines and
 * centred over their columns, so off the cells' anchors) and, above them, a one-line caption
 * ("TABLE E-1: …", "Table 3-3. …"). A header cell belongs to the column its centre falls in.
 */
function headerAndCaption(rows: Row[], start: number, anchors: number[]): Above {
  const first = rows[start]!;
  const header: string[][] = anchors.map(() => []);
  let k = start - 1;
  let below = first;
  let headerRows = 0;
  for (; k >= 0 && headerRows < MAX_HEADER_ROWS; k--) {
    const r = rows[k]!;
    if (pageOf(r) !== pageOf(first) || below.y - r.y > 2.6 * Math.max(r.size, below.size)) break;
    // A line that opens with a label and a number ("TABLE E-1:", "Table 3-3.") is the caption;
    // any other one-cell header line heads the column its centre falls in ("NIST SP 800-53" over
    // "MODERATE BASELINE SECURITY CONTROLS").
    if (!isHeaderRow(r.cells) || (r.cells.length === 1 && (CAPTION.test(r.cells[0]!.text) || headerRows === 0))) break;
    for (const c of [...r.cells].reverse()) header[columnOf((c.x0 + c.x1) / 2, anchors)]!.unshift(c.text.trim());
    headerRows++;
    below = r;
  }
  const cap = k >= 0 && start - k <= MAX_HEADER_ROWS + 1 ? rows[k]! : null;
  const closeAbove = cap && cap.cells.length === 1 && pageOf(cap) === pageOf(first) && below.y - cap.y <= 4 * Math.max(cap.size, below.size);
  // A table at the top of a page is introduced by the sentence that closed the page before
  // when that sentence announces it ("Predefined values are as follows:", "The following name
  // ID values are defined at this time; more may be defined ...").
  const intro = cap && cap.cells.length === 1 ? introSentence(rows, k) : null;
  const overPage = intro !== null && pageOf(cap!) === pageOf(below) - 1 && introducesNext(intro.text.trim());
  const caption = closeAbove || overPage ? intro : null;
  // A column header set as one run of words ("Haskell type   Represented C type" read as one
  // line) under the sentence that announces the table ("... the following types ... are
  // provided:") is the header; the sentence introduces the table.
  const announced = !headerRows && caption && closeAbove ? announcingAbove(rows, k) : null;
  if (announced) return { header: [cap!.cells[0]!.text.trim()], caption: announced };
  return { header: headerRows ? header.map((h) => h.join(' ')) : null, caption };
}

/**
 * The sentence right above a one-line caption candidate that is no sentence itself (no caption
 * label, no closing stop) and announces what follows with its colon: the table's real intro.
 */
function announcingAbove(rows: Row[], k: number): ParsedLine | null {
  const line = rows[k]!.cells[0]!.text.trim();
  if (CAPTION.test(line) || SENTENCE_END.test(line) || k === 0) return null;
  const above = rows[k - 1]!;
  // The sentence stands as close above as a caption may (a table is often set apart by a gap).
  if (above.cells.length !== 1 || pageOf(above) !== pageOf(rows[k]!) || rows[k]!.y - above.y > 4 * Math.max(above.size, rows[k]!.size)) return null;
  const sentence = introSentence(rows, k - 1);
  return /:\s*$/.test(sentence.text.trim()) ? sentence : null;
}

/**
 * The line above a table with the lines of its sentence set before it: "The following
 * directories ... must be in /, if the corresponding subsystem" over "is installed:" introduce
 * the table together. A caption ("Table 3: ...") is one line of its own.
 */
function introSentence(rows: Row[], k: number): ParsedLine {
  const last = rows[k]!.cells[0]!;
  if (CAPTION.test(last.text.trim())) return last;
  const parts = [last];
  for (let j = k - 1; j >= 0 && parts.length < INTRO_MAX_LINES; j--) {
    const above = rows[j]!;
    const line = above.cells[0]!;
    const below = parts[0]!;
    if (above.cells.length !== 1 || pageOf(above) !== below.pageNum || below.y0 - line.y0 > 1.6 * Math.max(line.size, below.size) || line.x0 > below.x0 + ANCHOR_TOLERANCE) break;
    if (SENTENCE_END.test(line.text.trim())) break;
    parts.unshift(line);
  }
  // From the start of the sentence the last line ends (a line read up may end an earlier one),
  // read as every list's intro is read.
  const sentence = lastSentence(joinParts(parts.map((p) => p.text)))?.text ?? last.text;
  return sentence === last.text ? last : { ...parts[0]!, text: sentence };
}

/** Lines read up from a table's intro line for the rest of its sentence. */
const INTRO_MAX_LINES = 4;
const SENTENCE_END = /[.:;!?]["”’)\]]*$/;

/**
 * A caption set right under a table's last row, as papers set them ("Table 1: A Comparison of
 * ..."), unless it sits nearer the rows of cells below it: then it is the next table's.
 */
function captionBelow(rows: Row[], end: number): ParsedLine | null {
  const cap = rows[end];
  const last = rows[end - 1];
  if (!cap || !last || pageOf(cap) !== pageOf(last) || cap.cells.length !== 1 || !CAPTION.test(cap.cells[0]!.text.trim())) return null;
  const gap = cap.y - last.y;
  if (gap > 3 * Math.max(cap.size, last.size)) return null;
  const next = rows[end + 1];
  return next && pageOf(next) === pageOf(cap) && next.cells.length >= 2 && next.y - cap.y < gap ? null : cap.cells[0]!;
}

const MAX_HEADER_ROWS = 3;
/** A caption opens with a label word and a number: "TABLE E-1:", "Table 3-3.", "Exhibit 4 –". */
export const CAPTION = /^\p{L}+\s+(?:[\p{Lu}]{1,2}[-.]?)?\d+(?:[.-]\d+)*\s*[.:–—-]/u;

function columnOf(x: number, anchors: number[]): number {
  let col = 0;
  for (let a = 1; a < anchors.length; a++) if (x >= anchors[a]! - ANCHOR_TOLERANCE) col = a;
  return col;
}

/**
 * With no header above it, the first row is the header when its key is set in another font than
 * the keys below it, nearly all of which share one ("Function" in roman over "print()",
 * "summary()" in typewriter; a key glued to its description may read as the other font): the
 * column's name, not a member. Its cells are names, a few words each.
 */
function headerByFont(groups: Row[][], anchors: number[]): boolean {
  if (groups.length < 3 || groups[0]![0]!.cells.some((c) => wordCount(c.text) > HEADER_CELL_WORDS)) return false;
  const keyFont = (g: Row[]) => g[0]!.cells.find((c) => near(c.x0, anchors[0]!))?.font ?? null;
  const first = keyFont(groups[0]!);
  const fonts = new Map<string | null, number>();
  for (const g of groups.slice(1)) {
    const f = keyFont(g);
    fonts.set(f, (fonts.get(f) ?? 0) + 1);
  }
  const [body, n] = [...fonts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
  return first !== null && body !== null && body !== first && n >= HEADER_FONT_SHARE * (groups.length - 1);
}
const HEADER_FONT_SHARE = 0.8;

/**
 * So is a first row whose key is a word in lower case after its capital ("Node") over keys
 * nearly all written in capitals ("MATP", "BIF", "ROOT"): the column's name over its codes.
 */
function headerByCase(groups: Row[][], anchors: number[]): boolean {
  if (groups.length < 3 || groups[0]![0]!.cells.some((c) => wordCount(c.text) > HEADER_CELL_WORDS)) return false;
  const key = (g: Row[]) => g[0]!.cells.find((c) => near(c.x0, anchors[0]!))?.text.trim().split(/\s+/)[0] ?? '';
  const capitals = (w: string) => /\p{Lu}/u.test(w) && !/\p{Ll}/u.test(w);
  const body = groups.slice(1).map(key);
  return /^\p{Lu}\p{Ll}+$/u.test(key(groups[0]!)) && body.filter(capitals).length >= HEADER_FONT_SHARE * body.length;
}
const HEADER_CELL_WORDS = 4;

function isHeaderRow(cells: ParsedLine[]): boolean {
  return cells.every((c) => c.bold) || cells.every((c) => c.text === c.text.toUpperCase() && /\p{L}/u.test(c.text));
}

function cellText(group: Row[], anchor: number): { text: string; lines: ParsedLine[] } {
  const lines = group.flatMap((r) => r.cells.filter((c) => near(c.x0, anchor)));
  return { text: joinParts(lines.map((l) => l.text)), lines };
}

/**
 * A key cell that numbers its row rather than naming it: "3", "12a", "(b)", "A1", "iv." — a
 * number, one letter or a small roman numeral. A short word ("bin", "usr", "opt") names its row.
 */
function isRowNumber(cell: string): boolean {
  const m = /^\(?([0-9a-zA-Z]{1,4})[.)]?$/.exec(cell.trim());
  if (!m) return false;
  const t = m[1]!;
  // Rows are numbered in small numerals: "cd" or "mm" would be 400 or 2000, so they are words.
  const roman = romanValue(t);
  return (/\d/.test(t) && t.length <= 3) || t.length === 1 || (roman !== null && roman <= MAX_ROMAN_ROW);
}
const MAX_ROMAN_ROW = 40;

/** A cell of a word grid: one word of letters (digits, "_" and "-" inside it), or nothing. */
const GRID_WORD = /^(?:\p{L}[\p{L}\d_-]*)?$/u;

function toList(groups: Row[][], anchors: number[], above: Above, index: number): StructList | null {
  // The table's first row is its header when it is set as one (bold or capitals) on the anchors;
  // otherwise the header rows above it, if any.
  const own = groups[0]![0]!.cells;
  const ownHeader = (isHeaderRow(own) || (!above.header && (headerByFont(groups, anchors) || headerByCase(groups, anchors)))) && own.length === anchors.length;
  const headerCells = ownHeader ? anchors.map((a) => own.find((c) => near(c.x0, a))?.text.trim() ?? '') : above.header;
  const body = ownHeader ? groups.slice(1) : groups;
  if (body.length < 2) return null;
  const sameHeader = Boolean(headerCells && headerCells.length === anchors.length && headerCells.every(Boolean) && new Set(headerCells.map((c) => c.toLowerCase())).size === 1);
  // A grid of single words under no header ("and  else  mod  union" / "by  if  not  within" after
  // "The reserved keywords are the following:"): each cell is a member, none describes another.
  const grid = !headerCells && anchors.length >= 2 && body.every((g) => anchors.every((a) => GRID_WORD.test(cellText(g, a).text)));
  const everyColumn = sameHeader || grid;
  const keyIsNumber = !grid && body.every((g) => isRowNumber(cellText(g, anchors[0]!).text));
  const columns = everyColumn ? anchors : keyIsNumber && anchors.length > 1 ? [anchors[1]!] : [anchors[0]!];
  const items: StructList['items'] = [];
  for (const a of columns) {
    for (const g of body) {
      const cell = cellText(g, a);
      if (!cell.text) continue;
      const marker = keyIsNumber && !everyColumn ? cellText(g, anchors[0]!).text : '';
      // The row's other cells describe the key (unless every column holds items of its own).
      const rest = everyColumn ? [] : anchors.filter((x) => x !== a && !(keyIsNumber && x === anchors[0])).map((x) => cellText(g, x).text).filter(Boolean);
      const text = rest.length ? `${cell.text} | ${rest.join(' | ')}` : cell.text;
      items.push({ ordinal: items.length + 1, marker, label: labelOf(cell.text), text, lines: cell.lines.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) });
    }
  }
  if (items.length < 2) return null;
  return tableList(index, items, above.caption, headerCells);
}

/**
 * A table's rows as a list: the caption and the column headers introduce it. Where a table ends
 * is no proof it is whole (it may go on over the page, or in the next table): a table is never
 * closed by itself, so it earns "complete" only from a stated count.
 */
export function tableList(index: number, items: StructList['items'], captionLine: ParsedLine | null, headerCells: string[] | null): StructList {
  const caption = captionLine?.text.trim() ?? null;
  const pages = items.flatMap((it) => it.lines.map((l) => l.pageNum));
  return {
    index,
    parentList: null,
    parentItem: null,
    depth: 0,
    kind: 'table-row',
    style: 'table',
    intro: [caption, headerCells ? headerCells.join(' | ') : null].filter(Boolean).join(' :: ') || null,
    heading: null,
    introLine: captionLine ? { pageNum: captionLine.pageNum, lineNum: captionLine.lineNum } : null,
    items,
    sequential: true,
    endedBy: 'end',
    gapAfter: false,
    pageStart: Math.min(...pages),
    pageEnd: Math.max(...pages),
  };
}
