/**
 * The one grammar of list markers: what may open an enumerated item at the start of a line.
 * Kinds are typographic (bullet, 1., (a), iv., ...), never words of any document.
 */

import { romanValue } from '../toc/numbering.ts';
import { BULLET_GLYPH } from '../text/bullets.ts';

export type MarkerKind = 'bullet' | 'decimal' | 'lower-alpha' | 'upper-alpha' | 'lower-roman' | 'upper-roman';
/** How the marker is punctuated: "1." and "1)" and "(1)" are different lists; "bare" is a figure alone (see bare-numbers.ts). */
export type MarkerStyle = 'dot' | 'paren' | 'enclosed' | 'glyph' | 'bare';

export interface Marker {
  kind: MarkerKind;
  style: MarkerStyle;
  /** 1-based position the marker states (a=1, iv=4); null for bullets. */
  ordinal: number | null;
  /** The marker as printed ("4.", "(a)", "•"). */
  raw: string;
  /** Text after the marker. */
  rest: string;
  /** Other readings of an ambiguous marker ("i." is roman 1 or the letter after h). */
  alternatives: { kind: MarkerKind; ordinal: number }[];
}

// Dashes used as bullets need a space after them. A lone "o" is the second-level bullet word
// processors set in Courier ("o OWASP CLASP Project"): no English word is the letter o alone, so
// a line opening with it and a space is an item.
const BULLET = new RegExp(`^(?:(${BULLET_GLYPH})\\s*|([-–—*o])\\s+)(?=\\S)`, 'u');
const ENCLOSED = /^\(([0-9]{1,2}|[a-zA-Z]|[ivxlcdmIVXLCDM]{1,6})\)\s*(?=\S)/;
const DELIMITED = /^([0-9]{1,2}|[a-zA-Z]|[ivxlcdmIVXLCDM]{1,6})([.)])\s+(?=\S)/;

function readings(token: string): { kind: MarkerKind; ordinal: number }[] {
  if (/^\d+$/.test(token)) return [{ kind: 'decimal', ordinal: Number(token) }];
  const out: { kind: MarkerKind; ordinal: number }[] = [];
  const roman = romanValue(token);
  const lower = token === token.toLowerCase();
  if (roman !== null) out.push({ kind: lower ? 'lower-roman' : 'upper-roman', ordinal: roman });
  if (token.length === 1) out.push({ kind: lower ? 'lower-alpha' : 'upper-alpha', ordinal: token.toLowerCase().charCodeAt(0) - 96 });
  return out;
}

/** The marker opening `text`, if any. */
export function parseMarker(text: string): Marker | null {
  const t = text.trimStart();
  const enclosed = ENCLOSED.exec(t);
  if (enclosed) {
    const rs = readings(enclosed[1]!);
    if (!rs.length) return null;
    return { kind: rs[0]!.kind, style: 'enclosed', ordinal: rs[0]!.ordinal, raw: enclosed[0].trim(), rest: t.slice(enclosed[0].length), alternatives: rs.slice(1) };
  }
  const delimited = DELIMITED.exec(t);
  if (delimited) {
    const rs = readings(delimited[1]!);
    if (!rs.length) return null;
    const style: MarkerStyle = delimited[2] === ')' ? 'paren' : 'dot';
    return { kind: rs[0]!.kind, style, ordinal: rs[0]!.ordinal, raw: delimited[0].trim(), rest: t.slice(delimited[0].length), alternatives: rs.slice(1) };
  }
  const bullet = BULLET.exec(t);
  if (bullet) {
    const rest = t.slice(bullet[0].length);
    // "-5 dB" or "--" are not bullets: a dash, star or "o" is a bullet only before a word. A
    // bullet glyph is one before anything ("• /bin and /sbin ...", "• .deb files").
    if (bullet[2] && !/^[\p{L}\p{N}“"'(‘]/u.test(rest)) return null;
    // A dash is a bullet only when a space follows it ("- item", never "-5 dB").
    return { kind: 'bullet', style: 'glyph', ordinal: null, raw: (bullet[1] ?? bullet[2])!, rest, alternatives: [] };
  }
  return null;
}

/** The reading of `m` that continues a list of `kind` after `last`, if one does. */
export function continues(m: Marker, kind: MarkerKind, style: MarkerStyle, last: number | null, glyph?: string): boolean {
  if (m.style !== style) return false;
  if (kind === 'bullet') return m.kind === 'bullet' && m.raw === glyph;
  const all = [{ kind: m.kind, ordinal: m.ordinal }, ...m.alternatives];
  return all.some((r) => r.kind === kind && last !== null && r.ordinal === last + 1);
}

/** The reading of `m` that continues the list, or its first reading. */
export function readingFor(m: Marker, kind: MarkerKind): { kind: MarkerKind; ordinal: number | null } {
  const alt = m.alternatives.find((a) => a.kind === kind);
  return m.kind === kind ? { kind: m.kind, ordinal: m.ordinal } : alt ?? { kind: m.kind, ordinal: m.ordinal };
}

/** A marker that can open a new list: a bullet, or the first of its sequence (1, a, i, A, I). */
export function opensList(m: Marker): { kind: MarkerKind; ordinal: number | null } | null {
  if (m.kind === 'bullet') return { kind: 'bullet', ordinal: null };
  const all = [{ kind: m.kind, ordinal: m.ordinal }, ...m.alternatives];
  return all.find((r) => r.ordinal === 1) ?? null;
}
