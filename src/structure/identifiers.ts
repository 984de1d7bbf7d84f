/**
 * The identifier index of one document: every code-like token that a line opens with and
 * follows with a title ("3.7.1 Perform maintenance ...", "GV.OC-01: The organizational
 * mission ...", "V5.1.1 Verify that ..."), with its hierarchy read from the code itself
 * (`3.7.1` under `3.7`, `GV.OC-01` under `GV.OC`, `SC-7(3)` under `SC-7`), the section that
 * holds the definition, and the noun the document puts before codes of each level when it
 * does so consistently ("requirement 3.1.1", "Subcategory GV.OC-01").
 *
 * The code shapes come from the one identifier grammar (src/lexicon/identifiers.ts); no form is
 * taken from a particular document. Pure: lines in, identifiers and identifier lists out.
 */

import type { ListSourceLine, StructItem, StructList } from './lists.ts';
// English function words are never the noun of a level ("with 3.1.1", "under 3.2").
import { FUNCTION_WORDS } from '../lexicon/english.ts';
import { BULLET_GLYPH } from '../text/bullets.ts';
import { DASH_NUMBER, DOTTED, DOTTED_DASH, DOTTED_NUMBER, ENHANCEMENT, LETTER_NUMBER, WORD_NUMBER, escapeRegex } from '../lexicon/identifiers.ts';

/**
 * The code forms the structure model reads, most specific first, from the one identifier grammar
 * (src/lexicon/identifiers.ts). A form names shapes, not prefixes: any letters, any numbers.
 */
const CODE_FORMS = [
  // GV.OC-01, SC-7(3), AC-2, P-13: dash codes, with control enhancements in parentheses.
  `${DOTTED_DASH}${ENHANCEMENT}`,
  `${DASH_NUMBER}${ENHANCEMENT}`,
  // V5.1.1, A1.2, V3: a letter prefix glued to a number.
  LETTER_NUMBER,
  // 3.7.1, 3.1, 5.4.2.1: a dotted number.
  DOTTED_NUMBER,
  // GV.OC: two short capital words joined by a dot.
  DOTTED,
  // GOVERN 1.1, MAP 5: a capitalised word and a (dotted) number.
  WORD_NUMBER,
];

/**
 * A dash code after the word that names its level, then its title: "TASK P-1 Identify and assign
 * ...", "Control AC-2 Account Management". The title follows the code with no stop between: a
 * label, number and stop ("TABLE E-1: ...", "Figure D-2. ...") is a caption, not a definition.
 */
const LABELLED_DASH_CODE = `(?<label>[A-Z][A-Za-z]{2,})\\s+(?<labelled>${DOTTED_DASH}${ENHANCEMENT}|${DASH_NUMBER}${ENHANCEMENT})`;
/** Any code, anywhere in a line, on token boundaries (references as well as definitions). */
export const CODE_ANYWHERE = new RegExp(`(?<![A-Za-z0-9.\\-])(?:${CODE_FORMS.join('|')})(?![A-Za-z0-9]|[.\\-]\\d)`, 'g');
/** A line that opens with a code and goes on with a title that starts like a name or a sentence. */
const CODE_AT_START = new RegExp(
  `^\\s*(?<marker>(?:${BULLET_GLYPH}|[o*\\-–])\\s+)?(?:(?<code>${CODE_FORMS.join('|')})(?:\\s*[:.)–—-])?|${LABELLED_DASH_CODE})\\s+(?=[A-Z(\\[“"])(?<title>.*\\S)`,
);
/**
 * A line that is only a code: a table sets its "#" column apart, so the code's text is the next
 * line ("4.4.1" over "Verify that ..."). Only a code no decimal number could be (two dots, or
 * letters with a dot or dash: "4.4.1", "V5.1", "AC-2"): "3.57" alone is a table's value.
 */
const CODE_ALONE = new RegExp(`^\\s*(?<code>${CODE_FORMS.join('|')})\\s*$`);
const unmistakable = (code: string) => !/\s/.test(code) && (/^\d+(?:\.\d+){2,}$/.test(code) || (/\p{L}/u.test(code) && /\d/.test(code) && /[.-]/.test(code)));
/** The line after a lone code opens its title as a title line would: a capital, a bracket, a quote. */
const TITLE_START = /^\s*[A-Z(\[“"]/;

export interface ParsedCode {
  code: string;
  /** Letters become A, numbers 9: codes of one family share it ("9.9.9", "A.A-9"). */
  family: string;
  /** Number of segments: 3.7.1 is 3, GV.OC-01 is 3, AC-2 is 2. */
  depth: number;
  /** The code one level up, or null at the top ("3.7" for 3.7.1, "GV.OC" for GV.OC-01). */
  parent: string | null;
  /** The last segment's number, for sequence checks (null for letter segments). */
  last: number | null;
}

export function parseCode(raw: string): ParsedCode {
  const code = raw.replace(/\s+/g, ' ').trim();
  const segments = code.match(/[A-Za-z]+|\d+/g) ?? [];
  const family = code.replace(/[A-Z]+/g, 'A').replace(/\d+/g, '9');
  // The parent drops the last segment and the separator before it.
  const m = /^(.*?)[\s.\-(]*([A-Za-z]+|\d+)\)?$/.exec(code);
  const parent = m && m[1] ? m[1].replace(/[\s.\-(]+$/, '') : null;
  const lastSeg = segments.at(-1) ?? '';
  return { code, family, depth: segments.length, parent: parent || null, last: /^\d+$/.test(lastSeg) ? Number(lastSeg) : null };
}

export interface IdentifierDef extends ParsedCode {
  /** The rest of the defining line and its continuation: the code's title or requirement text. */
  title: string;
  pageNum: number;
  lineNum: number;
  lines: { pageNum: number; lineNum: number }[];
  /** The heading last seen above the definition (a run's heading, "Derived Security Requirements"). */
  heading: string | null;
  /** How often the code occurs in the document, its definition included. */
  mentions: number;
  /** The code opens a bulleted item: the list detector already holds it as a list item. */
  afterMarker: boolean;
}

export interface IdentifierIndex {
  defs: IdentifierDef[];
  /** The noun the document writes before codes of a family at a level ("requirement"), by `family|depth`. */
  levelNouns: Map<string, string>;
  /** Every code the document mentions, with its count. */
  mentions: Map<string, number>;
}

export interface IdentifierOptions {
  outsideText: (l: ListSourceLine) => boolean;
  isHeading: (l: ListSourceLine) => boolean;
}

/** A title line set further right of the code than this (points) is a column head, unless it is a heading. */
const COLUMN_HEAD_INSET = 72;

/** How many lines a definition's text may run on after its code (a wrapped requirement). */
const MAX_CONTINUATION = 8;

/** Reads every code definition and mention of a document. */
export function indexIdentifiers(lines: ListSourceLine[], o: IdentifierOptions): IdentifierIndex {
  const body = lines.filter((l) => !o.outsideText(l));
  const mentions = new Map<string, number>();
  // The word before each mention, by code: tallied by level once the defined codes are known.
  const wordBefore: { code: string; word: string }[] = [];
  for (const l of body) {
    for (const m of l.text.matchAll(CODE_ANYWHERE)) {
      const code = m[0].replace(/\s+/g, ' ');
      mentions.set(code, (mentions.get(code) ?? 0) + 1);
      const word = /([A-Za-z]{4,})\s+$/.exec(l.text.slice(0, m.index ?? 0))?.[1]?.toLowerCase();
      if (word && !FUNCTION_WORDS.has(word)) wordBefore.push({ code, word });
    }
  }
  const defs: IdentifierDef[] = [];
  // A heading names a run of codes only when a code follows it at once ("Derived Security
  // Requirements" then "3.1.3 ..."); a heading over prose ("Discussion") leaves the run as it was.
  let runHeading: string | null = null;
  let runDepth: number | null = null;
  let pending: ListSourceLine | null = null;
  for (let i = 0; i < body.length; i++) {
    const l = body[i]!;
    const m = CODE_AT_START.exec(l.text) ?? codeOverTitle(body, i, o);
    if (!m) {
      pending = o.isHeading(l) || isTitleLine(l.text) ? l : null;
      continue;
    }
    const parsed = parseCode((m.groups!.code ?? m.groups!.labelled)!);
    // A title set right of the code is a table's column head ("Level" over its cells), no heading.
    if (pending !== null && (o.isHeading(pending) || pending.x0 <= l.x0 + COLUMN_HEAD_INSET)) {
      runHeading = pending.text.trim();
      runDepth = parsed.depth;
    } else if (runDepth !== null && parsed.depth < runDepth) {
      // A code of a higher level ("3.2" after "3.1.22") opens a new part: the run is over.
      runHeading = null;
      runDepth = null;
    }
    pending = null;
    let title = m.groups!.title!.trim();
    const used = [{ pageNum: l.pageNum, lineNum: l.lineNum }];
    // A title that does not end a sentence wraps onto the next lines of the same column.
    let j = i + 1;
    if (m.groups!.alone) {
      // The code stood alone: its title is the next line, read on from there.
      used.push({ pageNum: body[j]!.pageNum, lineNum: body[j]!.lineNum });
      j++;
    }
    // A code line set as a heading ("3.7 Fair – with Harmful Bias Managed") is whole as it is,
    // unless the next line carries on its sentence in lower case.
    const heading = o.isHeading(m.groups!.alone ? body[i + 1]! : l);
    for (; j < body.length && used.length <= MAX_CONTINUATION && !/[.:;!?]["”)]?$/.test(title); j++) {
      const n = body[j]!;
      if (heading && !/^[a-z(]/.test(n.text.trim())) break;
      if (n.pageNum !== l.pageNum || n.column !== l.column || CODE_AT_START.test(n.text) || o.isHeading(n) || isTitleLine(n.text)) break;
      title = `${title} ${n.text.trim()}`;
      used.push({ pageNum: n.pageNum, lineNum: n.lineNum });
    }
    defs.push({ ...parsed, title, afterMarker: Boolean(m.groups!.marker), pageNum: l.pageNum, lineNum: l.lineNum, lines: used, heading: runDepth === parsed.depth ? runHeading : null, mentions: mentions.get(parsed.code) ?? 1 });
    i = j - 1;
  }
  // Only mentions of codes the document defines speak for a level's noun: "version 5.0.0" is a
  // number shaped like a code, not a member of the family.
  const defined = new Set(defs.map((d) => d.code));
  const before = new Map<string, Map<string, number>>();
  for (const { code, word } of wordBefore) {
    if (!defined.has(code)) continue;
    const p = parseCode(code);
    const key = `${p.family}|${p.depth}`;
    const tally = before.get(key) ?? new Map<string, number>();
    tally.set(word, (tally.get(word) ?? 0) + 1);
    before.set(key, tally);
  }
  const levelNouns = new Map<string, string>();
  for (const [key, tally] of before) {
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    const [word, n] = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]!;
    // A noun the document uses for the level: written before its codes often and mostly.
    if (n >= 3 && n / total >= 0.3) levelNouns.set(key, word);
  }
  return { defs, levelNouns, mentions };
}

/** A lone code over the line that opens its title, read as one code line: the code, its title, no marker. */
function codeOverTitle(body: ListSourceLine[], i: number, o: IdentifierOptions): { groups: Record<string, string | undefined> } | null {
  const code = CODE_ALONE.exec(body[i]!.text)?.groups!.code;
  const next = body[i + 1];
  if (!code || !unmistakable(code) || !next || next.pageNum !== body[i]!.pageNum || o.isHeading(next) || !TITLE_START.test(next.text)) return null;
  if (CODE_AT_START.test(next.text) || CODE_ALONE.test(next.text)) return null;
  return { groups: { code, title: next.text.trim(), marker: undefined, alone: 'yes' } };
}

/**
 * The families of defined codes as lists: the codes defined under one parent in one section,
 * in document order, each code once. Where headings split a family into runs ("Basic ..." /
 * "Derived ..."), each run is also a list, nested in the family's list (no parent item). A
 * family is sequential when its last numbers run from 1 without a gap, and it is torn
 * (`gapAfter`) when the document mentions the next code after its last one.
 */
export function identifierLists(ix: IdentifierIndex, sectionOf: (pageNum: number, lineNum: number) => { id: number; title: string; parentId: number | null } | null, firstIndex: number): StructList[] {
  const groups = new Map<string, IdentifierDef[]>();
  const add = (key: string, d: IdentifierDef) => {
    const g = groups.get(key) ?? [];
    if (!g.some((x) => x.code === d.code)) g.push(d);
    groups.set(key, g);
  };
  const perSection = new Map<string, IdentifierDef[]>();
  for (const d of ix.defs) {
    if (d.parent === null) continue;
    const key = `${d.family}|${d.parent}|${sectionOf(d.pageNum, d.lineNum)?.id ?? ''}`;
    perSection.set(key, [...(perSection.get(key) ?? []), d]);
  }
  // A family defined one code per section, each under a heading of its own that does not write
  // the code ("CONTROL IMPLEMENTATION" over "TASK I-1 Implement the controls ..."), is held by the
  // section those sections are parts of: the contents cannot show the family, its codes can.
  // (Sections titled by their codes, "1.1 Background", are the contents' own entries.)
  for (const [key, g] of perSection) {
    const codes = new Set(g.map((d) => d.code));
    const section = sectionOf(g[0]!.pageNum, g[0]!.lineNum);
    const titled = section && new RegExp(`(?<![\\w.-])${escapeRegex(g[0]!.code)}(?![\\w]|[.-]\\d)`).test(section.title);
    const lone = codes.size === 1 && section && section.parentId !== null && !titled;
    for (const d of g) add(lone ? `${d.family}|${d.parent}|up:${section.parentId}` : key, d);
  }
  const byCode = new Map(ix.defs.map((d) => [d.code, d] as const));
  const out: StructList[] = [];
  for (const g of groups.values()) {
    // Codes that open bulleted items are already a list of the structure model.
    if (g.length < 2 || g.every((d) => d.afterMarker)) continue;
    // The family's heading is its parent's definition, or the section titled by the parent code.
    const parentDef = byCode.get(g[0]!.parent!);
    const section = sectionOf(g[0]!.pageNum, g[0]!.lineNum);
    // "V4.4 WebSocket" heads 4.4.1 as "4.4 ..." would: a letter prefix marks the part, as in routing.
    const sectionHeads = section && new RegExp(`^\\s*(?:[A-Za-z]{1,3}\\s?)?${escapeRegex(g[0]!.parent!)}(?!\\w|\\.\\d)`).test(section.title);
    const heading = parentDef ? `${parentDef.code} ${parentDef.title}` : sectionHeads ? section.title : g[0]!.heading;
    const whole = asList(g, firstIndex + out.length, null, 0, heading, ix);
    out.push(whole);
    const runs = splitRuns(g);
    if (runs.length > 1) for (const r of runs) if (r.length >= 2) out.push(asList(r, firstIndex + out.length, whole.index, 1, r[0]!.heading, ix));
  }
  return out;
}

function splitRuns(g: IdentifierDef[]): IdentifierDef[][] {
  const runs: IdentifierDef[][] = [];
  for (const d of g) {
    const last = runs.at(-1);
    if (last && last.at(-1)!.heading === d.heading) last.push(d);
    else runs.push([d]);
  }
  return runs;
}

function asList(g: IdentifierDef[], index: number, parentList: number | null, depth: number, heading: string | null, ix: IdentifierIndex): StructList {
  const nums = g.map((d) => d.last);
  const sequential = nums.every((n, i) => n !== null && n === (nums[0] ?? 0) + i) && (parentList !== null || nums[0] === 1 || nums[0] === 0);
  const lastDef = g.at(-1)!;
  const next = lastDef.last !== null ? lastDef.code.replace(/\d+(\)?)$/, (_, close: string) => `${lastDef.last! + 1}${close}`) : null;
  const items: StructItem[] = g.map((d, i) => ({ ordinal: i + 1, marker: d.code, label: d.code, text: `${d.code} ${d.title}`, lines: d.lines }));
  return {
    index,
    parentList,
    parentItem: null,
    depth,
    kind: 'identifier',
    style: 'code',
    intro: null,
    heading,
    introLine: null,
    items,
    sequential,
    // A family ends where its section ends: a boundary, unless a later code of it is mentioned.
    endedBy: 'heading',
    gapAfter: Boolean(parentList === null && next && (ix.mentions.get(next) ?? 0) > 0),
    pageStart: g[0]!.pageNum,
    pageEnd: lastDef.lines.at(-1)!.pageNum,
  };
}

/**
 * A short line in title case or capitals with no closing punctuation ("Derived Security
 * Requirements"): it names the run of codes that follows it at once, even in body type.
 */
function isTitleLine(text: string): boolean {
  const t = text.trim();
  const words = t.split(/\s+/);
  if (words.length > 8 || /[.;,:]$/.test(t) || !/^[A-Z]/.test(t)) return false;
  const capitalised = words.filter((w) => /^[A-Z0-9]/.test(w)).length;
  return capitalised >= Math.ceil(words.length * 0.6);
}

