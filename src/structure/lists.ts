/**
 * Every enumeration in a document's body, found from markers and indentation alone: bullets,
 * numbered, lettered and roman items, (a) points, nested lists, and lists that run across a
 * column or page break. Each item keeps its whole text over all its lines, so an item is never a
 * line fragment. Pure: lines in, lists out; the parse job stores the result.
 */

import type { ParsedLine } from '../parse/types.ts';
import { continues, opensList, parseMarker, readingFor, type Marker, type MarkerKind, type MarkerStyle } from './markers.ts';
import { bareNumberMarkers, DIGIT_WIDTH } from './bare-numbers.ts';

/** The parsed line fields list detection reads (one line type: the parser's). */
export type ListSourceLine = Pick<ParsedLine, 'pageNum' | 'lineNum' | 'text' | 'x0' | 'size' | 'bold' | 'leadIn' | 'column' | 'furniture'> & { y0?: number };

export interface LineRef {
  pageNum: number;
  lineNum: number;
}

export interface StructItem {
  /** 1-based position in its list. */
  ordinal: number;
  marker: string;
  /** The item's name: its bold lead-in, or its opening clause. */
  label: string;
  /** The whole item over all its lines (nested lists excluded). */
  text: string;
  lines: LineRef[];
}

export type ListEnd = 'heading' | 'text' | 'sibling-list' | 'parent-item' | 'end';

export interface StructList {
  /** Position in the document's list order (0-based). */
  index: number;
  parentList: number | null;
  /** 0-based index of the parent item in the parent list. */
  parentItem: number | null;
  depth: number;
  /** The marker kind, or a table's rows keyed by a column. */
  kind: MarkerKind | 'table-row' | 'series' | 'identifier' | 'term' | 'record';
  style: MarkerStyle | 'table' | 'prose' | 'code' | 'hanging' | 'headed' | 'labelled' | 'tagged' | 'fields' | 'parallel' | 'reference' | 'counted';
  /** The sentence that introduces the list ("We do not insure any of the following:"). */
  intro: string | null;
  /** The heading lines last seen above the list ("Article 5 Prohibited AI practices"). */
  heading: string | null;
  introLine: LineRef | null;
  items: StructItem[];
  /** Ordered lists: the numbering starts at its first value and has no gap. */
  sequential: boolean;
  /** What ended the list: a boundary the text reached, or the end of the document. */
  endedBy: ListEnd;
  /** A later marker of the same kind skipped past the list's last ordinal (a list torn apart). */
  gapAfter: boolean;
  pageStart: number;
  pageEnd: number;
  /** The section the list belongs to, when it is not the one its first item sits in (a list gathered over several sections). */
  sectionId?: number | null;
}

export interface DetectOptions {
  /** Lines outside the running text (running headers, page numbers, margin notes, printed contents lines): no detector reads them. */
  outsideText: (l: ListSourceLine) => boolean;
  /** Lines that open a section: they close every list. */
  isHeading?: (l: ListSourceLine) => boolean;
  /** Figure and table captions: they float in the text, so a list runs on past one. */
  isCaption?: (l: ListSourceLine) => boolean;
  bodySize: number;
}

interface OpenItem {
  item: StructItem;
  parts: string[];
  textIndent: number | null;
  /** Where the item's hanging text starts on the page (x), and in which page column. */
  textAt: { x: number; column: number } | null;
  /** Continuation lines sit at the marker's own indent (paragraph-style items). */
  flush: boolean;
  lead: string | null;
  /** The size of the line the item opens on. */
  size: number;
}

interface Open {
  list: StructList;
  /** The block list's marker kind and style (a block list is never a table). */
  kind: MarkerKind;
  style: MarkerStyle;
  indent: number | null;
  colKey: string;
  last: number | null;
  glyph: string;
  current: OpenItem;
  /** Text lines after the current item that may still belong to it (a later marker decides). */
  floating: ListSourceLine[];
}

/** Points an item's wrapped line may start left of its marker and still run on the item (a first-line indent). */
const WRAP_BACK_MAX = 24;
/** Lines of one paragraph step down by at most this many times their size; a wider step opens another. */
const PARAGRAPH_STEP = 1.6;
// Lines kept as floating text of an ordered list before the list is given up.
const MAX_FLOATING_LINES = 30;

// How much larger than the item's text a page-top line is to be a slide's repeated title (14 pt over 11).
const REPEATED_TITLE_SIZE = 1.2;

const ENDS_ITEM = /([.;:!?]["”’)\]]*|[;,]\s+(or|and))$/i;

export function detectLists(lines: ListSourceLine[], opts: DetectOptions): StructList[] {
  const out: StructList[] = [];
  const colLeft = columnLefts(lines, opts);
  const stack: Open[] = [];
  let recent: ListSourceLine[] = [];
  let headings: string[] = [];
  let sinceHeading = 0;
  const closedByKind = new Map<string, StructList>();
  // The last ordinal each closed list reached, by the same key: a run that goes on under a new
  // heading ("Section B" numbering 13, 14 … after Section A's 1 … 12) opens from there.
  const lastByKind = new Map<string, number | null>();
  // Intros set between the items of one numbered run, by list: where each part starts.
  const breaks = new Map<StructList, { at: number; text: string; line: LineRef }[]>();

  const tol = (l: ListSourceLine) => Math.max(3, 0.45 * l.size);
  // Figures with no dot or bracket number items only where the layout says so.
  const bare = bareNumberMarkers(lines, opts.outsideText);
  const finishItem = (o: Open) => {
    o.current.item.text = joinParts(o.current.parts);
    o.current.item.label = o.current.lead ?? labelOf(o.current.item.text);
  };
  const close = (o: Open, by: ListEnd) => {
    finishItem(o);
    o.list.endedBy = by;
    closedByKind.set(`${o.list.kind}|${o.list.style}|${o.list.depth}`, o.list);
    lastByKind.set(`${o.list.kind}|${o.list.style}|${o.list.depth}`, o.last);
    if (o.floating.length) recent = [...o.floating];
  };
  const popTo = (n: number, by: ListEnd) => {
    while (stack.length > n) close(stack.pop()!, by);
  };

  let previous: ListSourceLine | null = null;
  for (const l of lines) {
    if (opts.outsideText(l) || !l.text.trim()) continue;
    // Footnotes and superscript reference numbers sit inside a list without ending it.
    if (l.size < opts.bodySize * 0.85 && !l.bold) continue;
    if (stack.length && opts.isCaption?.(l)) continue;
    // A capitalised line a paragraph's space below the line before opens a paragraph of its own.
    const step = previous && previous.pageNum === l.pageNum && previous.y0 !== undefined && l.y0 !== undefined ? l.y0 - previous.y0 : null;
    const paragraphApart = step !== null && step > PARAGRAPH_STEP * l.size && /^\p{Lu}/u.test(l.text.trim());
    previous = l;
    const colKey = `${l.pageNum}:${l.column}`;
    const indent = l.x0 - (colLeft.get(colKey) ?? 0);
    const m = bare.get(l) ?? parseMarker(l.text);
    // A bold or centred line that continues an open list is its next item, not a heading
    // ("2. Gather the information ..." set in bold like a heading).
    const continuesOpen = m !== null && stack.some((o) => continues(m, o.kind, o.style, o.last, o.glyph));
    const heading = !continuesOpen && (opts.isHeading?.(l) ?? false);
    if (heading) {
      popTo(0, 'heading');
      recent = [];
      // Consecutive heading lines are one heading ("Article 5" over "Prohibited AI practices").
      headings = sinceHeading === 0 ? [...headings, l.text.trim()].slice(-3) : [l.text.trim()];
      sinceHeading = 0;
      continue;
    }
    sinceHeading++;
    if (m) {
      let matched = -1;
      for (let i = stack.length - 1; i >= 0; i--) {
        const o = stack[i]!;
        const sameCol = o.colKey === colKey && o.indent !== null;
        if (sameCol && indent > o.indent! + tol(l)) break; // deeper than this list: not its sibling
        // Numbers set flush right grow to the left: "10." starts a digit's width left of "9.".
        const wider = Math.max(0, (/\d+/.exec(m.raw)?.[0].length ?? 0) - String(o.last).length) * DIGIT_WIDTH * l.size;
        const indentOk = !sameCol || Math.abs(indent - o.indent!) <= tol(l) || (indent < o.indent! && o.indent! - indent <= tol(l) + wider);
        if (indentOk && continues(m, o.kind, o.style, o.last, o.glyph)) {
          matched = i;
          break;
        }
        // The first marker of a new page one number past the next ("11." after "9." on the page
        // before): an item lost between pages (a slide left out, a page missing), not a new list.
        // The run goes on and is no longer sequential, so nothing calls it whole.
        if (indentOk && skipsOneAtPageBreak(m, o, l)) {
          o.list.sequential = false;
          matched = i;
          break;
        }
      }
      if (matched >= 0) {
        popTo(matched + 1, 'sibling-list');
        const o = stack[matched]!;
        // Floating text between two items of an ordered list belonged to the earlier item, unless
        // it introduces the items after it ("The following are not currently emitted."): the run
        // of numbers goes on, and the items from here on are a part of it with an intro of its own.
        const interjected = o.floating.length ? joinParts(o.floating.map((f) => f.text)) : '';
        if (interjected && introducesNext(interjected)) {
          breaks.set(o.list, [...(breaks.get(o.list) ?? []), { at: o.list.items.length, text: interjected, line: ref(o.floating[0]!) }]);
        } else for (const f of o.floating) o.current.parts.push(f.text), o.current.item.lines.push(ref(f));
        o.floating = [];
        finishItem(o);
        const r = readingFor(m, o.kind);
        o.last = r.ordinal;
        o.indent = indent;
        o.colKey = colKey;
        o.current = newItem(o.list, m.raw, m.rest, l);
        o.list.pageEnd = l.pageNum;
        continue;
      }
      const open = opensList(m) ?? continuesUnderHeading(m, closedByKind.get(`${m.kind}|${m.style}|${stack.length}`), lastByKind.get(`${m.kind}|${m.style}|${stack.length}`) ?? null);
      if (open) {
        // A new list closes the lists at its own level or deeper, and nests in the item above it.
        while (stack.length) {
          const top = stack[stack.length - 1]!;
          const sameCol = top.colKey === colKey && top.indent !== null;
          // An item ending in a colon introduces what follows, even at its own indent
          // ("1. The following practices shall be prohibited:" then "(a) ...").
          const introduces = lastPart(top).trim().endsWith(':') && !top.floating.length && (top.list.kind !== open.kind || top.list.style !== m.style);
          const nests = sameCol ? indent > top.indent! + tol(l) || introduces : introduces;
          if (nests) break;
          close(stack.pop()!, 'sibling-list');
        }
        const parent = stack[stack.length - 1];
        if (parent) {
          for (const f of parent.floating) parent.current.parts.push(f.text), parent.current.item.lines.push(ref(f));
          parent.floating = [];
        }
        const introSource = parent ? null : recent;
        const intro = parent ? lastSentence(joinParts(parent.current.parts)) : introOf(introSource ?? []);
        const list: StructList = {
          index: out.length,
          parentList: parent ? parent.list.index : null,
          parentItem: parent ? parent.list.items.length - 1 : null,
          depth: stack.length,
          kind: open.kind,
          style: m.style,
          intro: intro?.text ?? null,
          heading: headings.length ? headings.join(' ') : null,
          introLine: intro?.line ?? (parent ? parent.current.item.lines[0] ?? null : null),
          items: [],
          sequential: true,
          endedBy: 'end',
          gapAfter: false,
          pageStart: l.pageNum,
          pageEnd: l.pageNum,
        };
        out.push(list);
        const o: Open = { list, kind: open.kind, style: m.style, indent, colKey, last: open.ordinal, glyph: m.raw, current: newItem(list, m.raw, m.rest, l), floating: [] };
        stack.push(o);
        recent = [];
        continue;
      }
      // A marker that neither continues nor opens a list: a sequence skipped a number.
      const torn = closedByKind.get(`${m.kind}|${m.style}|${stack.length}`);
      if (torn && torn.items.length && m.ordinal !== null && m.ordinal > torn.items.length + 1) torn.gapAfter = true;
    }
    // A text line: continues an open item, floats after an ordered list, or ends lists.
    let placed = false;
    while (stack.length && !placed) {
      const o = stack[stack.length - 1]!;
      const sameCol = o.colKey === colKey && o.indent !== null;
      const cur = o.current;
      const unfinished = !ENDS_ITEM.test(lastPart(o).trim());
      // A line set larger than the item at the top of the next page, which the heading test let
      // pass, is the title a slide repeats over the list it continues ("Features" on each frame):
      // neither more of the item nor the list's end.
      const lastPage = cur.item.lines.at(-1)?.pageNum ?? l.pageNum;
      if (l.pageNum > lastPage && l.size >= cur.size * REPEATED_TITLE_SIZE) {
        placed = true;
        continue;
      }
      if (!sameCol) {
        // First line after a column or page break: an unfinished item runs on, and so does a new
        // paragraph of the item set at its hanging indent, as on the page before.
        // A page filled by the item has no flush line to measure indents from: in the same page
        // column, the hanging text's own x tells; in another column, the indent from its edge.
        const sameX = cur.textAt !== null && cur.textAt.column === l.column && Math.abs(l.x0 - cur.textAt.x) <= tol(l);
        const hanging = cur.textIndent !== null && o.indent !== null && cur.textIndent > o.indent + tol(l) && (sameX || Math.abs(indent - cur.textIndent) <= tol(l));
        if ((unfinished || hanging) && !o.floating.length) {
          append(o, l);
          o.colKey = colKey;
          // The hanging text lines up, so the marker's place holds on this page too, measured
          // from this page's edge (which the item itself may set, when it fills the page).
          if (hanging) o.indent = o.indent! + indent - cur.textIndent!;
          else o.indent = null;
          cur.textIndent = indent;
          placed = true;
        } else if (o.list.kind !== 'bullet' && o.floating.length < MAX_FLOATING_LINES) {
          o.floating.push(l);
          o.colKey = colKey;
          o.indent = null;
          placed = true;
        } else close(stack.pop()!, 'text');
        continue;
      }
      const t = tol(l);
      // A sentence that opens "The following ..." after an item that ended is no more of that
      // item, even set at its text's indent: it announces the items after it (see introducesNext).
      if (!o.floating.length && o.list.kind !== 'bullet' && !unfinished && FOLLOWING_OPENER.test(l.text.trim())) {
        o.floating.push(l);
        placed = true;
        continue;
      }
      if (o.floating.length) {
        if (o.floating.length < MAX_FLOATING_LINES && indent >= o.indent! - t) (o.floating.push(l), (placed = true));
        else close(stack.pop()!, 'text');
        continue;
      }
      if (cur.textIndent !== null && indent >= cur.textIndent - t && indent > o.indent! + t) {
        append(o, l);
        placed = true;
      } else if (cur.textIndent === null && indent > o.indent! + t) {
        cur.textIndent = indent;
        cur.textAt = { x: l.x0, column: l.column };
        append(o, l);
        placed = true;
      } else if (Math.abs(indent - o.indent!) <= t) {
        // An item that runs on at its marker's edge (paragraph-style items) does so line under
        // line: the text after the last item, a paragraph's space below it, is no more of it.
        if (cur.flush || (unfinished && cur.textIndent === null && !paragraphApart)) {
          cur.flush = true;
          append(o, l);
          placed = true;
        } else if (o.list.kind !== 'bullet') {
          o.floating.push(l);
          placed = true;
        } else close(stack.pop()!, 'text');
      } else if (unfinished && indent >= o.indent! - WRAP_BACK_MAX && /^\p{Ll}/u.test(l.text.trim())) {
        // An item whose sentence runs on in lower case, wrapped back left of its marker to the
        // paragraph's edge ("(v) replacing ... for another" / "character, or"), as word
        // processors set items indented on their first line only.
        append(o, l);
        placed = true;
      } else if (indent < o.indent! - t) {
        close(stack.pop()!, stack.length > 1 ? 'parent-item' : 'text');
      } else {
        // Between the marker and the text column: treat as running text of the item.
        append(o, l);
        placed = true;
      }
    }
    if (!placed) {
      recent.push(l);
      if (recent.length > 8) recent.shift();
    }
  }
  popTo(0, 'end');
  for (const list of out) if (list.kind === 'bullet') list.sequential = true;
  const kept = out.filter((list) => list.items.length >= 1);
  return [...kept, ...partsOf(kept, breaks, kept.length)];
}

/** What closes an intro: a colon, or "as follows." / "the following." said with a stop. */
export const INTRO_END = /(?::|\b(?:as follows|the following)\s*\.)\s*$/i;
/** A sentence broken off at its verb, the members set below it: "The default packages are". */
export const OPEN_VERB_END = /\b(?:are|include|includes|is)\s*$/i;
/** A sentence that opens by pointing at what comes next ("The following are ..."). */
const FOLLOWING_OPENER = /^the\s+following\b/i;
/** "... are as follows, with X unless stated otherwise.": the pointer ahead, then a proviso on what follows. */
const AS_FOLLOWS_PROVISO = /\b(?:are|is)\s+as\s+follows\s*,\s+\S[^:]*\.\s*$/i;
/** A sentence between two items that announces the items after it. */
export const introducesNext = (text: string) => FOLLOWING_OPENER.test(text) || INTRO_END.test(text) || AS_FOLLOWS_PROVISO.test(text);

/**
 * The parts of numbered runs that intros interrupt, as lists of their own nested in the run
 * (no parent item: a part of the whole, as a run of codes under a sub-heading is). The first part
 * keeps the run's own intro. The run itself stays whole: which one answers is the question's.
 */
function partsOf(lists: StructList[], breaks: Map<StructList, { at: number; text: string; line: LineRef }[]>, firstIndex: number): StructList[] {
  const parts: StructList[] = [];
  for (const whole of lists) {
    const bs = breaks.get(whole);
    if (!bs?.length) continue;
    const starts = [{ at: 0, text: whole.intro, line: whole.introLine }, ...bs];
    starts.forEach((b, k) => {
      const items = whole.items.slice(b.at, starts[k + 1]?.at ?? whole.items.length);
      if (!items.length) return;
      const last = items.at(-1)!.lines.at(-1)!;
      parts.push({
        ...whole,
        index: firstIndex + parts.length,
        parentList: whole.index,
        parentItem: null,
        depth: whole.depth + 1,
        intro: b.text,
        introLine: b.line,
        items: items.map((it, i) => ({ ...it, ordinal: i + 1 })),
        endedBy: k + 1 < starts.length ? 'sibling-list' : whole.endedBy,
        pageStart: items[0]!.lines[0]!.pageNum,
        pageEnd: last.pageNum,
      });
    });
  }
  return parts;
}

function ref(l: ListSourceLine): LineRef {
  return { pageNum: l.pageNum, lineNum: l.lineNum };
}

/**
 * A numbered run a heading interrupted goes on under it: the next number after the last item of
 * the list the heading closed opens a list of its own ("13." under "Section B" after "12."
 * under "Section A"), the numbering continued, not skipped.
 */
function continuesUnderHeading(m: Marker, closed: StructList | undefined, last: number | null): { kind: MarkerKind; ordinal: number | null } | null {
  if (!closed || closed.endedBy !== 'heading' || last === null || m.kind === 'bullet') return null;
  const all = [{ kind: m.kind, ordinal: m.ordinal }, ...m.alternatives];
  return all.find((r) => r.kind === closed.kind && r.ordinal === last + 1) ?? null;
}

function skipsOneAtPageBreak(m: Marker, o: Open, l: ListSourceLine): boolean {
  const lastPage = o.current.item.lines[0]?.pageNum ?? l.pageNum;
  if (o.kind === 'bullet' || o.last === null || l.pageNum <= lastPage || m.style !== o.style) return false;
  const all = [{ kind: m.kind, ordinal: m.ordinal }, ...m.alternatives];
  return all.some((r) => r.kind === o.kind && r.ordinal === o.last! + 2);
}

function newItem(list: StructList, marker: string, rest: string, l: ListSourceLine): OpenItem {
  const item: StructItem = { ordinal: list.items.length + 1, marker, label: '', text: '', lines: [ref(l)] };
  list.items.push(item);
  list.pageEnd = l.pageNum;
  // A bold run-in heading after the marker names the item ("1. Scope. The policy ...").
  const leadMarker = l.leadIn ? parseMarker(l.leadIn) : null;
  const lead = (leadMarker ? leadMarker.rest : l.leadIn ?? '').replace(/[\s.:;–—-]+$/u, '').trim();
  return { item, parts: [rest], textIndent: null, textAt: null, flush: false, lead: lead && rest.startsWith(lead) ? lead : null, size: l.size };
}

function append(o: Open, l: ListSourceLine): void {
  o.current.parts.push(l.text);
  o.current.item.lines.push(ref(l));
  o.list.pageEnd = l.pageNum;
}

function lastPart(o: Open): string {
  return o.current.parts[o.current.parts.length - 1] ?? '';
}

/** Joins wrapped lines, mending words hyphenated at a line end. */
export function joinParts(parts: string[]): string {
  const j = new LineJoiner();
  for (const raw of parts) j.add(raw.trim());
  return j.text().replace(/\s+/g, ' ').replace(/\u00AD/g, '').trim();
}

/**
 * How one more line goes onto a text, decided by the text's end alone: a word hyphenated at the
 * line end is mended ('mend': the hyphen dropped) when the line goes on in lower case, unless the
 * document being read writes the compound whole elsewhere ("third-party" in a line of its own
 * makes "third-" / "party" that compound: 'glue', the hyphen kept); a soft hyphen (U+00AD, set
 * only where a word was broken) always mends; otherwise a space ('space').
 */
export type JoinKind = 'mend' | 'glue' | 'space';

/**
 * How much of a text's end decides its join: its last word and hyphen. Why a bound at all: a
 * regex anchored at `$` scans the whole string, and a flow joins thousands of lines, so joining
 * on the whole text was quadratic (three quarters of the structure model's time on a long act).
 */
const JOIN_END_CHARS = 256;

export function joinKind(end: string, line: string): JoinKind {
  if (/\p{L}\u00AD$/u.test(end)) return 'mend';
  // Some typesetters break words with a hyphen character of their own (U+2010, U+2011).
  if (/\p{L}[-\u2010\u2011]$/u.test(end) && /^\p{Ll}/u.test(line)) {
    const before = /(\p{L}+)[-\u2010\u2011]$/u.exec(end)?.[1] ?? '';
    const after = /^\p{L}+/u.exec(line)?.[0] ?? '';
    return compounds.has(`${before}-${after}`.toLowerCase()) ? 'glue' : 'mend';
  }
  return 'space';
}

/** One more line onto a text (see joinKind). */
export function joinLine(text: string, line: string): string {
  const kind = joinKind(text.length > JOIN_END_CHARS ? text.slice(-JOIN_END_CHARS) : text, line);
  return kind === 'mend' ? text.slice(0, -1) + line : kind === 'glue' ? text + line : `${text} ${line}`;
}

/**
 * Joins many lines into one text in linear time: the parts are kept apart and only the text's end
 * is carried for joinKind; `add` returns where the line's text starts in the joined text.
 */
export class LineJoiner {
  private readonly parts: string[] = [];
  private length = 0;
  private end = '';

  /** Adds a trimmed line (an empty one adds nothing) and returns the offset its text starts at. */
  add(line: string): number {
    if (!line) return this.length;
    if (this.parts.length) {
      const kind = joinKind(this.end, line);
      if (kind === 'mend') {
        // The part before is always a line (a space is followed by one), never empty here.
        this.parts[this.parts.length - 1] = this.parts[this.parts.length - 1]!.slice(0, -1);
        this.end = this.end.slice(0, -1);
        this.length--;
      } else if (kind === 'space') {
        this.parts.push(' ');
        this.end += ' ';
        this.length++;
      }
    }
    this.parts.push(line);
    this.length += line.length;
    this.end = (this.end + line).slice(-JOIN_END_CHARS);
    return this.length - line.length;
  }

  text(): string {
    return this.parts.join('');
  }
}

/** The hyphenated compounds the document being read writes within a line (see withCompounds). */
let compounds: ReadonlySet<string> = new Set();

/** The compounds a document writes whole ("third-party"), lower case. */
export function compoundsOf(lines: { text: string }[]): Set<string> {
  const out = new Set<string>();
  for (const l of lines) for (const m of l.text.matchAll(/\p{L}+[-\u2010\u2011]\p{L}+/gu)) out.add(m[0].toLowerCase().replace(/[\u2010\u2011]/g, '-'));
  return out;
}

/**
 * Runs `fn` with the document's compounds in force for joinLine: the structure model reads one
 * document at a time, and each of its readers joins lines.
 */
export function withCompounds<T>(set: ReadonlySet<string>, fn: () => T): T {
  const before = compounds;
  compounds = set;
  try {
    return fn();
  } finally {
    compounds = before;
  }
}

/**
 * An item's name: a run-in heading ("Coverage A. ..."), else the text up to its first clause
 * break when that is short, else its first words.
 */
export function labelOf(text: string): string {
  const t = text.trim();
  const stop = /^(.{3,120}?)(?:[.:;!?](?=\s|$)|\s[–—]\s)/u.exec(t);
  if (stop) return stop[1]!.trim();
  const words = t.split(/\s+/);
  return words.length <= 16 ? t : words.slice(0, 16).join(' ');
}

/** Where one sentence ends and the next begins: a stop, space, then a capital, quote or bracket. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z“"(])/u;

export function lastSentence(text: string): { text: string; line: LineRef | null } | null {
  const t = text.trim();
  if (!t) return null;
  const parts = t.split(SENTENCE_BREAK);
  return { text: withAntecedent(parts), line: null };
}

/** An intro that only points back ("They are:", "These include:"): a pronoun and a verb or two. */
const POINTING_INTRO = /^(?:they|these|those|such|it|this)\b(?:\s+\p{L}+){0,2}\s*:?$/iu;

/**
 * The last sentence of the text before a list; when it only points back ("They are:"), with
 * the sentence before it, which says what "they" are ("Several directories are reserved ...").
 */
export function withAntecedent(sentences: string[]): string {
  const last = sentences.at(-1)?.trim() ?? '';
  const before = sentences.at(-2)?.trim();
  return POINTING_INTRO.test(last) && before ? `${before} ${last}` : last;
}

/** Sentences read back for a list's intro when its last sentence does not announce it. */
const PLAIN_INTRO_SENTENCES = 3;

function introOf(recent: ListSourceLine[]): { text: string; line: LineRef | null } | null {
  if (!recent.length) return null;
  const tail = recent.slice(-4);
  const joined = joinParts(tail.map((l) => l.text));
  const s = lastSentence(joined);
  if (!s) return null;
  // The intro's line: the last recent line whose text is part of that sentence.
  const head = s.text.slice(0, 20);
  const line = tail.find((l) => l.text.includes(head)) ?? tail[tail.length - 1]!;
  if (!introducesNext(s.text)) {
    // No colon announces the list ("There are several kinds of X. Not all are supported. In
    // most cases, use the default."): which sentence of the paragraph says what the items are
    // is unknown, so the paragraph's last whole sentences (those that start in the lines read)
    // are the intro. The line stays the last sentence's.
    const whole = joined.trim().split(SENTENCE_BREAK).slice(1).slice(-PLAIN_INTRO_SENTENCES);
    if (whole.length > 1) return { text: whole.join(' '), line: ref(line) };
  }
  return { text: s.text, line: ref(line) };
}

/** Left edge of the text block of each page column: indents are measured from it. */
function columnLefts(lines: ListSourceLine[], opts: DetectOptions): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    if (opts.outsideText(l) || l.size < opts.bodySize * 0.85 || l.text.trim().length < 3) continue;
    const key = `${l.pageNum}:${l.column}`;
    out.set(key, Math.min(out.get(key) ?? Infinity, l.x0));
  }
  return out;
}
