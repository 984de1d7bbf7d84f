/** Reads the numbering in front of a heading ("5.4", "VI.", "Appendix A:", "AC-2", "GOVERN 1.1",
 * "Organizational Context (GV.OC):") so that siblings can be compared as sequences and headings matched
 * with or without their numbers. */

import { stripBullet } from './text.ts';
import { CAPITAL_WORD, DASH_NUMBER, NUMBER_PATH } from '../lexicon/identifiers.ts';
import { CARDINALS } from '../lexicon/english.ts';

// "GOVERN 1.1 Title", "TASK P-1: Title": a family word, then a number path or a dash code (the identifier grammar's forms).
const WORD_CODE_HEADING = new RegExp(String.raw`^(${CAPITAL_WORD})\s+(${NUMBER_PATH}|${DASH_NUMBER})(?=$|[\s:.)])\s*[:.]?\s*(.*)$`);

export type NumberingKind =
  | 'decimal'
  | 'roman'
  | 'alpha'
  | 'roman-lower'
  | 'alpha-lower'
  | 'prefixed'
  | 'code'
  | 'caption';

export interface Numbering {
  kind: NumberingKind;
  /** The numbering as printed, e.g. "5.4", "VI.", "Appendix A:", "(GV.OC)". */
  token: string;
  /** Identity of the sequence the number belongs to: siblings share it ("decimal:5.", "roman:", "code:GV.OC-"). */
  family: string;
  /** Position in the family (the last number); null for letter-only codes such as GV.OC. */
  value: number | null;
  /** Decimal/code depth: "5.4" is 2, "5" is 1, "GV.OC-01" is 3. */
  depth: number;
  /** Normalised identifier ("5.4", "VI", "APPENDIX A", "GV.OC"). */
  id: string;
  /** Title words after the numbering. */
  rest: string;
}

const ROMAN = /^(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;
const NUMBER_WORDS = [...CARDINALS.keys()].filter((w) => CARDINALS.get(w)! <= 20);
const PREFIX_WORDS = 'appendix|appendices|annex|attachment|chapter|part|section|article|step|unit|module|lesson|volume|book|schedule|supplement';
const CAPTION_WORDS = 'table|figure|fig\\.|exhibit|chart|box|listing|diagram';
const CAPTION_RE = new RegExp(`^(${CAPTION_WORDS})\\s+([A-Z]?-?\\d+(?:[.-]\\d+)*[a-z]?|[A-Z])\\b\\s*[:.\\-–—]?\\s*(.*)$`, 'i');
const PREFIXED_RE = new RegExp(
  `^(${PREFIX_WORDS})\\s+([A-Z]|[IVXLCDM]+|\\d+(?:\\.\\d+)*|${NUMBER_WORDS.join('|')})(?=$|[\\s:.\\-–—)])\\s*[:.\\-–—)]?\\s*(.*)$`,
  'i',
);

export function romanValue(s: string): number | null {
  const u = s.toUpperCase();
  if (!ROMAN.test(u)) return null;
  const v: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  let total = 0;
  for (let i = 0; i < u.length; i++) {
    const cur = v[u[i]!]!;
    const next = i + 1 < u.length ? v[u[i + 1]!]! : 0;
    total += cur < next ? -cur : cur;
  }
  return total;
}

/** Value of an identifier token after a prefix word: letter, roman, arabic or spelled-out number. */
function tokenValue(tok: string): { value: number; depth: number } | null {
  if (/^\d+(?:\.\d+)*$/.test(tok)) {
    const parts = tok.split('.').map(Number);
    return { value: parts[parts.length - 1]!, depth: parts.length };
  }
  const w = NUMBER_WORDS.indexOf(tok.toLowerCase());
  if (w >= 0) return { value: w, depth: 1 };
  if (/^[A-Z]$/.test(tok)) return { value: tok.charCodeAt(0) - 64, depth: 1 };
  const r = romanValue(tok);
  if (r !== null && tok === tok.toUpperCase()) return { value: r, depth: 1 };
  return null;
}

// A title after a number must not start in lower case: "1.5 million" and "2.0 website" are prose, not headings.
const TITLE_START = /^(?:$|[\p{Lu}\p{Lt}\p{N}"'“‘(\[])/u;

/**
 * All plausible readings of the numbering at the start of `text`, most specific first.
 * Letters such as "I." or "C." are both roman and alphabetic; the caller decides from the siblings.
 */
export function parseNumbering(raw: string, opts: { bareLetter?: boolean } = {}): Numbering[] {
  const text = stripBullet(raw.trim());
  const out: Numbering[] = [];

  let m = CAPTION_RE.exec(text);
  if (m) {
    const word = m[1]!.toLowerCase().replace('.', '');
    const nums = m[2]!.match(/\d+/g) ?? [];
    out.push({
      kind: 'caption', token: `${m[1]} ${m[2]}`, family: `caption:${word === 'fig' ? 'figure' : word}`,
      value: nums.length ? Number(nums[nums.length - 1]) : null, depth: 1, id: `${word.toUpperCase()} ${m[2]!.toUpperCase()}`, rest: m[3]!.trim(),
    });
    return out;
  }

  m = PREFIXED_RE.exec(text);
  if (m) {
    const tv = tokenValue(m[2]!);
    if (tv) {
      const word = m[1]!.toLowerCase().replace(/ices$/, 'ix');
      out.push({
        kind: 'prefixed', token: text.slice(0, text.length - m[3]!.length).trim(), family: `prefixed:${word}`,
        value: tv.value, depth: tv.depth, id: `${word.toUpperCase()} ${m[2]!.toUpperCase()}`, rest: m[3]!.trim(),
      });
      return out;
    }
  }

  // "Organizational Context (GV.OC): ..." — a label followed by its identifier in parentheses and a colon.
  m = /^(.{2,90}?)\s*\(([A-Z]{1,5}\d{0,3}(?:[.\-][A-Z0-9]{1,5}){0,3})\)\s*:/.exec(text);
  if (m && /[A-Za-z]{2}/.test(m[1]!)) {
    out.push(codeNumbering(m[2]!, `(${m[2]})`, m[1]!.trim()));
    return out;
  }

  // A dotted number may come glued to its title where the layout dropped the space
  // ("1.1.11Permissions"); a bare number never (a "3Com" is a name).
  m = /^(\d{1,3}(?:\.\d{1,3}){0,5})(\.?)(?:(?=\s|$)|(?<=\d\.\d{1,3})(?=\p{Lu}\p{Ll}{2}))\s*(.*)$/u.exec(text);
  if (m && TITLE_START.test(m[3]!)) {
    const parts = m[1]!.split('.').map(Number);
    out.push({
      kind: 'decimal', token: m[1]! + m[2]!, family: `decimal:${parts.slice(0, -1).join('.')}`,
      value: parts[parts.length - 1]!, depth: parts.length, id: m[1]!, rest: m[3]!.trim(),
    });
    return out;
  }

  // Upper-case roman or letter with a dot or parenthesis ("VI.", "B)"), or bare ("B Coverage B") when asked.
  m = /^\(?([A-Z]{1,7})([.)])\s+(.*)$/.exec(text) ?? (opts.bareLetter ? /^([A-Z])()\s+(?=[A-Z])(.*)$/.exec(text) : null);
  if (m && TITLE_START.test(m[3]!)) {
    const tok = m[1]!;
    const rv = romanValue(tok);
    if (rv !== null) out.push({ kind: 'roman', token: tok + m[2]!, family: 'roman:', value: rv, depth: 1, id: tok, rest: m[3]!.trim() });
    if (tok.length === 1) {
      out.push({ kind: 'alpha', token: tok + m[2]!, family: 'alpha:', value: tok.charCodeAt(0) - 64, depth: 1, id: tok, rest: m[3]!.trim() });
    }
    if (out.length) return out;
  }

  m = /^\(?([a-z]{1,6})([.)])\s+(.*)$/.exec(text);
  if (m) {
    const tok = m[1]!;
    const rv = romanValue(tok);
    if (rv !== null) out.push({ kind: 'roman-lower', token: text.slice(0, text.length - m[3]!.length).trim(), family: 'roman-lower:', value: rv, depth: 1, id: tok, rest: m[3]!.trim() });
    if (tok.length === 1) {
      out.push({ kind: 'alpha-lower', token: text.slice(0, text.length - m[3]!.length).trim(), family: 'alpha-lower:', value: tok.charCodeAt(0) - 96, depth: 1, id: tok, rest: m[3]!.trim() });
    }
    if (out.length) return out;
  }

  // "GOVERN 1.1", "MANAGE 4:", "TASK P-1": an upper-case word that names its family, then a number.
  m = WORD_CODE_HEADING.exec(text);
  if (m && TITLE_START.test(m[3]!)) {
    out.push(codeNumbering(`${m[1]} ${m[2]}`, text.slice(0, text.length - m[3]!.length).trim(), m[3]!.trim()));
    return out;
  }

  // "AC-2", "GV.OC-01", "V3.2", "ID.AM": letters with digits or separators, as control catalogues print them.
  m = /^([A-Z]{1,5}\d{0,3}(?:[.\-](?:[A-Z]{1,5}|\d{1,3}))+|[A-Z]{1,3}\d{1,3}(?:\.\d{1,3})*)(?=$|[\s:)(,])\s*:?\s*(.*)$/.exec(text);
  if (m && /[A-Z]/.test(m[1]!) && TITLE_START.test(m[2]!)) {
    out.push(codeNumbering(m[1]!, text.slice(0, text.length - m[2]!.length).trim(), m[2]!.trim()));
  }
  return out;
}

/** Family and value of a control-style identifier: the trailing number counts, everything before it names the family. */
function codeNumbering(code: string, token: string, rest: string): Numbering {
  const segs = code.split(/[.\- ]/).filter(Boolean);
  const tail = /(\d+)$/.exec(code);
  if (tail) {
    const head = code.slice(0, code.length - tail[1]!.length);
    return { kind: 'code', token, family: `code:${head}`, value: Number(tail[1]), depth: segs.length, id: code, rest };
  }
  const lastSep = Math.max(code.lastIndexOf('.'), code.lastIndexOf('-'));
  const head = lastSep >= 0 ? code.slice(0, lastSep + 1) : '';
  return { kind: 'code', token, family: `code:${head}`, value: null, depth: segs.length, id: code, rest };
}

/** A table's or figure's title ("TABLE 1: ...", "Figure 3. ..."): a float, not a section. */
export function isCaptionTitle(title: string): boolean {
  return parseNumbering(title)[0]?.kind === 'caption';
}

/** Title without its numbering; the title itself when it has none. */
export function stripNumbering(text: string): string {
  const n = parseNumbering(text)[0];
  if (!n || n.kind === 'caption') return text.trim();
  if (n.kind === 'code' && n.token.startsWith('(')) return n.rest;
  return n.rest || text.trim();
}

/** The number path a title opens with ("3", "3.1", "V7.4"; "Chapter 3" -> "3"), or null. */
export function numberPath(title: string): string | null {
  const n = parseNumbering(title)[0];
  if (!n || n.kind === 'caption') return null;
  return /([A-Z]?\d+(?:\.\d+)*)$/i.exec(n.id)?.[1] ?? null;
}

/** Titles numbered 1..n without a gap, one family at the first level ("I." … "XI.", "1" … "5"). */
function numberedFromOne(titles: string[]): boolean {
  const ns = titles.map((t) => parseNumbering(t)[0]);
  const family = ns[0]?.family;
  if (!family || ns.some((n) => !n || n.kind === 'caption' || n.family !== family || n.depth !== 1 || n.value === null)) return false;
  return ns.map((n) => n!.value!).sort((a, b) => a - b).every((v, i) => v === i + 1);
}

/**
 * Sub-entries numbered one level below their parent ("3" holds "3.1" … "3.n") with no number
 * missing: the table of contents holds every sub-entry the document numbers there.
 */
export function numberedBelow(parent: string, children: string[]): boolean {
  if (children.length < 2) return false;
  const p = numberPath(parent)?.toLowerCase();
  // An unnumbered parent (a document's own title) holds its parts numbered from one: "I." …
  // "XI.", "1" … "n", of one family at the first level.
  if (!p) return parseNumbering(parent).length === 0 && numberedFromOne(children);
  const values = children.map((c) => {
    const q = numberPath(c)?.toLowerCase();
    const rest = q?.startsWith(`${p}.`) ? q.slice(p.length + 1) : '';
    return /^\d+$/.test(rest) ? Number(rest) : NaN;
  });
  return values.every((v) => !Number.isNaN(v)) && [...values].sort((a, b) => a - b).every((v, i) => v === i + 1);
}
