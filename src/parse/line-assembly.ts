import type { ParsedLine } from './types.ts';

/** A positioned run of text as pdfjs reports it, already converted to top-left coordinates. */
export interface Fragment {
  text: string;
  x: number;
  width: number;
  baseline: number; // distance from page top to baseline
  size: number;
  font: string | null;
  bold: boolean;
  italic?: boolean;
}

type Row = { baseline: number; frags: Fragment[] };
type Segment = Omit<ParsedLine, 'pageNum' | 'lineNum' | 'column'>;

/**
 * Turns a page's fragments into lines in reading order.
 * Two rules keep columns apart: fragments on one baseline separated by a wide
 * gap become separate segments (so no line ever spans a gutter or a table
 * cell boundary), and when the page has a gutter that most rows respect, the
 * left column is read before the right one within each band between
 * full-width lines.
 */
export function assembleLines(frags: Fragment[], pageWidth: number, pageNum: number): { lines: ParsedLine[]; columns: number } {
  const clean = frags.filter((f) => f.text.trim().length > 0 && f.size > 0);
  const rows = groupRows(clean);
  const gutter = findGutter(rows, pageWidth) ?? findGutter(bodyRows(rows), pageWidth, { evenColumns: true });
  const parts: { frags: Fragment[]; side: number }[] = [];
  for (const row of rows) {
    if (gutter === null) {
      parts.push({ frags: row.frags, side: 0 });
      continue;
    }
    // Justified columns can have word gaps as wide as the gutter, so split rows at the gutter itself.
    if (row.frags.some((f) => crosses(f, gutter))) parts.push({ frags: row.frags, side: 0 });
    else {
      const left = row.frags.filter((f) => f.x + f.width <= gutter);
      const right = row.frags.filter((f) => f.x >= gutter);
      if (left.length) parts.push({ frags: left, side: 1 });
      if (right.length) parts.push({ frags: right, side: 2 });
    }
  }
  const segments = parts.flatMap((p) => splitRow(p.frags).map((s) => ({ s, column: p.side })));
  const ordered = gutter === null ? segments : orderByColumns(segments);
  const lines = ordered.map(({ s, column }, i) => ({
    pageNum,
    lineNum: i + 1,
    text: s.text,
    x0: round(s.x0),
    y0: round(s.y0),
    x1: round(s.x1),
    y1: round(s.y1),
    font: s.font,
    size: round(s.size),
    bold: s.bold,
    leadIn: s.leadIn,
    column,
  }));
  return { lines, columns: gutter === null ? 1 : 2 };
}

/**
 * The rows set in the page's body size. A full-width figure or table above two columns of prose
 * crosses the gutter on every one of its rows (cells, axis labels), so when all rows together show
 * no gutter, the running text alone may: its lines are what the columns are made of.
 */
function bodyRows(rows: Row[]): Row[] {
  const chars = new Map<number, number>();
  for (const r of rows) for (const f of r.frags) chars.set(Math.round(f.size * 2) / 2, (chars.get(Math.round(f.size * 2) / 2) ?? 0) + f.text.length);
  const body = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  return rows.filter((r) => {
    const own = r.frags.filter((f) => Math.abs(f.size - body) <= 0.6).reduce((n, f) => n + f.text.length, 0);
    return own >= 0.5 * r.frags.reduce((n, f) => n + f.text.length, 0);
  });
}

function crosses(f: Fragment, x: number): boolean {
  return f.x < x - 1 && f.x + f.width > x + 1;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function groupRows(frags: Fragment[]): Row[] {
  const sorted = [...frags].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const rows: Row[] = [];
  for (const f of sorted) {
    const last = rows[rows.length - 1];
    // Same row when baselines are within a fraction of the font size (tolerates sub/superscripts).
    if (last && Math.abs(f.baseline - last.baseline) <= Math.max(2, 0.35 * Math.min(f.size, maxSize(last)))) {
      last.frags.push(f);
    } else {
      rows.push({ baseline: f.baseline, frags: [f] });
    }
  }
  return withScripts(rows);
}

/** Print this much smaller than a line's is a script of it when it sits inside the line's height. */
const SCRIPT_SIZE_SHARE = 0.8;
/** How far (a share of the line's size) a script's baseline may sit above or below the line's. */
const SCRIPT_SHIFT_SHARE = 0.45;
/** Rows either side of a script row searched for its line (a margin number may sit between). */
const SCRIPT_REACH = 3;
/** An ordinal's ending, in English or French. */
const ORDINAL_ENDING = /^(?:st|nd|rd|th|er|re|e|ème)$/iu;
/** How far (points) the ending may stand from the digit it follows. */
const SCRIPT_GAP = 2;

/**
 * A row of smaller print raised inside a larger line's height, right after a digit of it, is
 * that number's ordinal ending ("3rd"): it joins the line where its x puts it. Without this,
 * "3rd party" reads "3 party" beside a line "rd".
 */
function withScripts(rows: Row[]): Row[] {
  const lineOf = (k: number): Row | undefined => {
    const script = rows[k]!;
    // Only an ordinal's raised ending ("3rd", "21st") is joined: it is part of the word before
    // it. A footnote mark stays a line of its own, as it always has, so headings and codes keep
    // their printed text ("3.1 PREPARE", not "3.1 PREPARE 52").
    const text = script.frags.map((f) => f.text).join('').trim();
    if (!ORDINAL_ENDING.test(text)) return undefined;
    const size = maxSize(script);
    const x0 = Math.min(...script.frags.map((f) => f.x));
    const x1 = Math.max(...script.frags.map((f) => f.x + f.width));
    let best: Row | undefined;
    for (let j = Math.max(0, k - SCRIPT_REACH); j <= Math.min(rows.length - 1, k + SCRIPT_REACH); j++) {
      const r = rows[j]!;
      if (j === k || !r.frags.length) continue;
      const big = maxSize(r);
      if (size > SCRIPT_SIZE_SHARE * big || Math.abs(r.baseline - script.baseline) > SCRIPT_SHIFT_SHARE * big) continue;
      const left = Math.min(...r.frags.map((f) => f.x));
      const right = Math.max(...r.frags.map((f) => f.x + f.width));
      if (x0 < left || x1 > right + big) continue;
      // Right after a digit of that line.
      if (!r.frags.some((f) => /\d$/.test(f.text) && Math.abs(f.x + f.width - x0) <= SCRIPT_GAP)) continue;
      if (!best || Math.abs(r.baseline - script.baseline) < Math.abs(best.baseline - script.baseline)) best = r;
    }
    return best;
  };
  for (let k = 0; k < rows.length; k++) {
    const line = lineOf(k);
    if (!line) continue;
    line.frags.push(...rows[k]!.frags);
    rows[k]!.frags = [];
  }
  return rows.filter((r) => r.frags.length);
}

function maxSize(row: Row): number {
  return row.frags.reduce((m, f) => Math.max(m, f.size), 0);
}

function splitRow(rowFrags: Fragment[]): Segment[] {
  const frags = [...rowFrags].sort((a, b) => a.x - b.x);
  const segments: Fragment[][] = [];
  let current: Fragment[] = [];
  let rightEdge = -Infinity;
  for (const f of frags) {
    const gap = f.x - rightEdge;
    // A gap wider than ~2.2 em is a column gutter or a table cell boundary, never a word space.
    if (current.length > 0 && gap > 2.2 * Math.max(f.size, 4)) {
      segments.push(current);
      current = [];
    }
    current.push(f);
    rightEdge = Math.max(rightEdge, f.x + f.width);
  }
  if (current.length) segments.push(current);
  return segments.map(toSegment).filter((s) => s.text.length > 0);
}

function toSegment(frags: Fragment[]): Segment {
  let text = '';
  let rightEdge = -Infinity;
  for (const f of frags) {
    const gap = f.x - rightEdge;
    if (text && gap > 0.15 * f.size && !text.endsWith(' ') && !f.text.startsWith(' ')) text += ' ';
    text += f.text;
    rightEdge = Math.max(rightEdge, f.x + f.width);
  }
  // The dominant fragment (most characters) gives the line its font and size.
  const main = frags.reduce((a, b) => (b.text.trim().length > a.text.trim().length ? b : a));
  const size = frags.reduce((m, f) => Math.max(m, f.size), 0);
  const x0 = Math.min(...frags.map((f) => f.x));
  const x1 = Math.max(...frags.map((f) => f.x + f.width));
  const baseline = Math.max(...frags.map((f) => f.baseline));
  const boldChars = frags.filter((f) => f.bold).reduce((n, f) => n + f.text.trim().length, 0);
  const allChars = frags.reduce((n, f) => n + f.text.trim().length, 0);
  const leadIn = runInLead(frags, boldChars < allChars);
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    x0,
    x1,
    y0: baseline - size,
    y1: baseline + 0.25 * size,
    font: main.font,
    size: main.size,
    bold: allChars > 0 && boldChars / allChars >= 0.6,
    leadIn,
  };
}

/**
 * The lead-in of a line set apart in type: a run of bold fragments that opens an otherwise
 * regular line, or a run of italic ones that closes with its own full stop or colon ("Box
 * refinement. Our box ..."). Italic marks emphasis and titles inside prose far more often than
 * bold does, so only the shape of a run-in heading (a capital, its own closing stop) makes an
 * italic run a lead-in.
 */
function runInLead(frags: Fragment[], regularAfter: boolean): string | null {
  const join = (run: Fragment[]) => run.reduce((lead, f) => lead + (lead && !lead.endsWith(' ') && !f.text.startsWith(' ') ? ' ' : '') + f.text, '').replace(/\s+/g, ' ').trim();
  const bold = join(frags.slice(0, until(frags, (f) => f.bold)));
  if (bold) return regularAfter && /\p{L}/u.test(bold) ? bold : null;
  // A list item's term set in bold after a regular marker ("• **Prepare** to execute ..."): the
  // marker is the item's typography, the bold run its name.
  const m = until(frags, (f) => f.text.trim() === '' || isMarkerFragment(f));
  if (frags.slice(0, m).some(isMarkerFragment) && m < frags.length) {
    const term = join(frags.slice(m, m + until(frags.slice(m), (f) => f.bold)));
    const after = frags.slice(m + until(frags.slice(m), (f) => f.bold));
    if (term && /\p{L}{2}/u.test(term) && after.some((f) => /\p{L}/u.test(f.text) && !f.bold)) return term;
  }
  const n = until(frags, (f) => Boolean(f.italic));
  const italic = join(frags.slice(0, n));
  const rest = join(frags.slice(n));
  // A heading opens with a capital ("et al." at a line start is no heading) and regular text follows.
  return n < frags.length && /^\p{Lu}/u.test(italic) && /\p{L}{2}/u.test(italic) && /[.:]$/.test(italic) && /\p{L}/u.test(rest) && !frags[n]!.bold ? italic : null;
}

/**
 * A fragment that is only a list marker: a glyph ("•"), a number of two digits at most closed by a
 * stop or bracket ("3.", "(2)"), or a letter or roman numeral so closed ("a.", "(iv)"). Its
 * shape, never its words: "2023" or "Note." opens no item.
 */
function isMarkerFragment(f: Fragment): boolean {
  const t = f.text.trim();
  if (t === '' || f.bold) return false;
  return /^(?:[^\p{L}\p{N}\s]{1,2}|\(?\d{1,2}[.)]|\(\d{1,2}\))$/u.test(t) || /^\(?(?:[a-z]|[ivxlcdm]{1,4})[.)]$/i.test(t);
}

/** How many fragments from the start satisfy `ok`. */
function until(frags: Fragment[], ok: (f: Fragment) => boolean): number {
  let n = 0;
  while (n < frags.length && ok(frags[n]!)) n++;
  return n;
}

/**
 * Finds an x position that few rows cross, with prose on both sides.
 * Returns null for single-column pages (and for tables, whose cells are short).
 */
export function findGutter(rows: Row[], pageWidth: number, opts: { evenColumns?: boolean } = {}): number | null {
  if (rows.length < 12) return null;
  const lo = Math.floor(pageWidth * 0.3);
  const hi = Math.ceil(pageWidth * 0.7);
  const crossing = (x: number) => rows.filter((r) => r.frags.some((f) => crosses(f, x))).length;
  const sideRows = (x: number, side: 1 | 2) =>
    rows.filter((r) => r.frags.some((f) => (side === 1 ? f.x + f.width <= x : f.x >= x))).length;
  // The gutter is the widest band that (almost) no row crosses. "Almost": a running footer or a
  // full-width heading may cross it once; the first zero-crossing point could instead be a sliver
  // between an item's marker and its text in the right column.
  const xs: { x: number; crossing: number }[] = [];
  for (let x = lo; x <= hi; x += 2) {
    // Only positions with text on both sides can be a gutter (page margins are not).
    if (sideRows(x, 1) < 6 || sideRows(x, 2) < 6) continue;
    xs.push({ x, crossing: crossing(x) });
  }
  if (xs.length === 0) return null;
  const min = Math.min(...xs.map((p) => p.crossing));
  if (min > 0.15 * rows.length) return null;
  const allowed = min + 1;
  let bestRun: { a: number; b: number } | null = null;
  let run: { a: number; b: number } | null = null;
  for (const p of xs) {
    if (p.crossing <= allowed) {
      run = run && p.x - run.b <= 2 ? { a: run.a, b: p.x } : { a: p.x, b: p.x };
      if (!bestRun || run.b - run.a > bestRun.b - bestRun.a) bestRun = run;
    } else run = null;
  }
  const x = (bestRun!.a + bestRun!.b) / 2;
  const widths = (side: 1 | 2) =>
    rows
      .map((r) => r.frags.filter((f) => !crosses(f, x) && (side === 1 ? f.x + f.width <= x : f.x >= x)))
      .filter((fs) => fs.length > 0)
      .map((fs) => ({ x0: Math.min(...fs.map((f) => f.x)), x1: Math.max(...fs.map((f) => f.x + f.width)) }));
  const fill = (spans: { x0: number; x1: number }[]) => {
    const ws = spans.map((s) => s.x1 - s.x0).sort((p, q) => p - q);
    const median = ws[Math.floor(ws.length / 2)] ?? 0;
    const colWidth = Math.max(...spans.map((s) => s.x1)) - Math.min(...spans.map((s) => s.x0));
    return colWidth > 0 ? median / colWidth : 0;
  };
  // Prose columns: on each side, most lines fill the column; table cells and label/value pairs do not.
  if (fill(widths(1)) < 0.6 || fill(widths(2)) < 0.6) return null;
  const span = (side: 1 | 2) => {
    const w = widths(side);
    return Math.max(...w.map((s) => s.x1)) - Math.min(...w.map((s) => s.x0));
  };
  // A key column beside its values (a command table run over pages: "ttl <value>" beside lines
  // of description) leaves a gutter too, but its left side is sparse and narrow: one short key
  // per entry, each on the baseline of its value's first line. Page columns of prose are set
  // about as wide as each other and fill both sides line after line.
  const leftRows = rows.filter((r) => r.frags.some((f) => !crosses(f, x) && f.x + f.width <= x));
  const rightRows = rows.filter((r) => r.frags.some((f) => !crosses(f, x) && f.x >= x)).length;
  const paired = leftRows.filter((r) => r.frags.some((f) => f.x >= x)).length;
  if (leftRows.length <= KEY_COLUMN_ROWS * rightRows && paired >= KEY_COLUMN_PAIRED * leftRows.length && span(1) < EVEN_COLUMNS * span(2)) return null;
  // Read from the body rows alone, a table's key and value columns (a narrow key beside wide
  // text) could pass for columns of prose; page columns of running text are set as wide as each other.
  if (opts.evenColumns) {
    if (Math.min(span(1), span(2)) < EVEN_COLUMNS * Math.max(span(1), span(2))) return null;
  }
  return x;
}

/** How close in width (smaller / larger) two page columns of prose are set. */
const EVEN_COLUMNS = 0.85;
/** A key column holds at most this share of the rows its values fill ... */
const KEY_COLUMN_ROWS = 0.5;
/** ... and nearly every key shares its baseline with a value line. */
const KEY_COLUMN_PAIRED = 0.8;

function orderByColumns(segments: { s: Segment; column: number }[]): { s: Segment; column: number }[] {
  const byTop = [...segments].sort((a, b) => a.s.y0 - b.s.y0 || a.s.x0 - b.s.x0);
  const out: { s: Segment; column: number }[] = [];
  let left: { s: Segment; column: number }[] = [];
  let right: { s: Segment; column: number }[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const seg of byTop) {
    if (seg.column === 1) left.push(seg);
    else if (seg.column === 2) right.push(seg);
    else {
      // A full-width line closes the band above it: both columns of that band come first.
      flush();
      out.push(seg);
    }
  }
  flush();
  return out;
}
