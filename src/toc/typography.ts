/** What a heading looks like relative to the body text of its document. Absolute sizes mean nothing
 * across documents (the FEMA form sets body text at 18 pt and headings at 11 pt), so every signal here is
 * relative to the dominant body style. */

import type { ParsedLine } from '../parse/types.ts';
import { letterCount, stripBullet, upperRatio, wordCount } from './text.ts';
import type { HeadingStyle } from './tree.ts';

export interface BodyStyle {
  size: number;
  weight: number;
  font: string | null;
  /** Every style that carries a large share of the text: some PDFs set running text in two fonts or sizes. */
  keys: Set<string>;
}

function bodyKey(l: ParsedLine): string {
  return `${Math.round(l.size * 2) / 2}|${l.font}`;
}

/** Set in one of the document's running-text styles. */
export function inBodyStyle(l: ParsedLine, body: BodyStyle): boolean {
  return body.keys.has(bodyKey(l));
}

/** Weight class from a font name; "Medi" in Times clones and "Demi" in Franklin Gothic are heavier than their
 * regular cuts even when the PDF does not flag them bold. */
export function fontWeight(font: string | null, bold: boolean): number {
  const name = (font ?? '').toLowerCase();
  const style = name.includes('-') ? name.slice(name.lastIndexOf('-') + 1) : name.includes(',') ? name.slice(name.lastIndexOf(',') + 1) : name;
  let w = 400;
  if (/black|heavy|ultra|extrabold|extra bold|xbold/.test(style)) w = 800;
  else if (/semibold|semibd|demi|dmcd|^dm|sembd/.test(style)) w = 600;
  else if (/bold|^bd|bdcn|^b$|boldmt/.test(style) || /^cmbx|^cmb\d/.test(name)) w = 700;
  else if (/medi|^med|mdcd|^md/.test(style)) w = 500;
  else if (/light|thin|^lt/.test(style)) w = 300;
  if (bold) w = Math.max(w, 700);
  return w;
}

export function lineWeight(l: ParsedLine): number {
  return fontWeight(l.font, l.bold);
}

/** The style carrying most characters: that is the body text everything else is measured against. */
export function bodyStyle(lines: ParsedLine[]): BodyStyle {
  const tally = new Map<string, { n: number; size: number; weight: number; font: string | null }>();
  let total = 0;
  for (const l of lines) {
    const key = bodyKey(l);
    const t = tally.get(key) ?? { n: 0, size: Math.round(l.size * 2) / 2, weight: lineWeight(l), font: l.font };
    t.n += l.text.length;
    total += l.text.length;
    tally.set(key, t);
  }
  let best: { n: number; size: number; weight: number; font: string | null } | null = null;
  for (const t of tally.values()) if (!best || t.n > best.n) best = t;
  const keys = new Set([...tally].filter(([, t]) => t.n >= 0.2 * total).map(([k]) => k));
  return best ? { size: best.size, weight: best.weight, font: best.font, keys } : { size: 10, weight: 400, font: null, keys };
}

export function isEmphasized(l: ParsedLine, body: BodyStyle): boolean {
  return !body.keys.has(bodyKey(l)) && lineWeight(l) >= body.weight + 100;
}

export function isLarger(l: ParsedLine, body: BodyStyle): boolean {
  return !body.keys.has(bodyKey(l)) && l.size >= body.size * 1.08 + 0.3;
}

/** How strongly a line is set apart from body text (0 = body text). */
export function typographyScore(l: ParsedLine, body: BodyStyle): number {
  if (body.keys.has(bodyKey(l))) return 0;
  let s = 0;
  if (isLarger(l, body)) s += 1 + Math.min(2, (l.size / body.size - 1) * 4);
  if (isEmphasized(l, body)) s += 1;
  if (upperRatio(l.text) > 0.9 && letterCount(l.text) >= 3) s += 0.4;
  return s;
}

/** A style signature for grouping heading lines that were set the same way. */
export function styleKey(l: ParsedLine): string {
  return `${Math.round(l.size * 2) / 2}|${lineWeight(l)}|${upperRatio(l.text) > 0.9 ? 'C' : 'c'}`;
}

/** Short, capitalised, not a sentence: the shape of heading text whatever its typography. */
export function headingShaped(text: string): boolean {
  const t = stripBullet(text.trim());
  if (letterCount(t) < 2) return false;
  if (wordCount(t) > 16 || t.length > 140) return false;
  if (/[,;]$/.test(t)) return false;
  // A full stop ends sentences; a heading may only end with one right after its number ("VI.").
  if (/[^.]\.$/.test(t) && !/^\S+\.$/.test(t) && !/\b(?:etc|no|vs|inc|ltd|co)\.$/i.test(t)) return false;
  const first = t.replace(/^[^\p{L}\p{N}]+/u, '')[0] ?? '';
  return first !== '' && first === first.toUpperCase();
}

export function headingStyleOf(l: ParsedLine): HeadingStyle {
  return { size: l.size, weight: lineWeight(l), font: l.font, caps: upperRatio(l.text) > 0.9, x0: l.x0, column: l.column };
}

/** Same typographic setting as a known heading: size within half a point, same weight class and case. */
export function matchesStyle(l: ParsedLine, s: HeadingStyle): boolean {
  return Math.abs(l.size - s.size) <= 0.6 && lineWeight(l) === s.weight && (upperRatio(l.text) > 0.9) === s.caps;
}
