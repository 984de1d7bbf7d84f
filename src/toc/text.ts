/** Text folding shared by every TOC step: titles from outlines, contents pages and page lines must compare equal
 * whatever their case, spacing, ligatures, quotes, dashes or hyphenation. */
import { BULLET_GLYPH } from '../text/bullets.ts';

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u00B4`]/g;
const DQUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g;

export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(DASHES, '-')
    .replace(QUOTES, "'")
    .replace(DQUOTES, '"')
    .replace(/\u00A0/g, ' ')
    .toLowerCase();
}

/** Letters and digits only: survives lost or extra spaces ("Thoseportionsof") and line-break hyphens. */
export function compact(s: string): string {
  return fold(s).replace(/[^a-z0-9]+/g, '');
}

export function cleanTitle(s: string): string {
  // A dotted number glued to its title ("1.1.11Permissions", a space the layout dropped) is
  // parted from it as numbering.ts reads it.
  return s.replace(/\s+/g, ' ').trim().replace(/^(\d{1,3}(?:\.\d{1,3})+)(?=\p{Lu}\p{Ll}{2})/u, '$1 ');
}

export function wordCount(s: string): number {
  return s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function letterCount(s: string): number {
  return (s.match(/\p{L}/gu) ?? []).length;
}

/** Share of letters that are upper case; headings set in capitals are a typographic signal of their own. */
export function upperRatio(s: string): number {
  const letters = s.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return 0;
  return letters.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length / letters.length;
}

/** Sørensen–Dice over character bigrams of the compact forms: tolerant of a typo or a dropped word in long titles. */
export function dice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  // Bigrams as numbers (two UTF-16 code units), not two-character strings: the TOC locator
  // compares each outline title with many lines, and slicing strings was most of its time.
  const grams = new Map<number, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const g = a.charCodeAt(i) * 65536 + a.charCodeAt(i + 1);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  let hits = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.charCodeAt(i) * 65536 + b.charCodeAt(i + 1);
    const n = grams.get(g) ?? 0;
    if (n > 0) {
      hits++;
      grams.set(g, n - 1);
    }
  }
  return (2 * hits) / (a.length - 1 + b.length - 1);
}

const BULLET = new RegExp(`^(?:${BULLET_GLYPH}|[*\\-–—]|o(?=\\s))\\s*`, 'u');

/** Strips a leading list bullet (including the letter-o bullet some word processors export). */
export function stripBullet(s: string): string {
  return s.replace(BULLET, '');
}

export function hasBullet(s: string): boolean {
  return BULLET.test(s.trim());
}
