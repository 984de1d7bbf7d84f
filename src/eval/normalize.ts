/**
 * The gold README's normalisation, shared by item matching, the fact score and
 * the baseline's evidence recall so that all three agree on what "appears" means.
 */

// Every Unicode dash punctuation (covers -, ‑, –, — and the rarer ones) plus the minus sign,
// which PDFs often emit in place of a hyphen.
const DASH = /[\p{Pd}\u2212]/gu;
const ALNUM = /[\p{L}\p{N}]/u;
// "Punctuation" is read broadly: anything that is not a letter, mark, digit or space,
// so symbols such as `=`, `+`, `©` or `|` cannot glue two words into one token.
const NOT_WORD = /[^\p{L}\p{M}\p{N}\s.]/gu;

export function normalize(text: string): string {
  const base = text
    .normalize('NFKC')
    .toLowerCase()
    // Padded so that "R&D" and "Valid&Reliable" split into separate tokens.
    .replace(/&/g, ' and ')
    .replace(DASH, ' ');
  return keepInnerDots(base).replace(NOT_WORD, ' ').replace(/\s+/g, ' ').trim();
}

/** Tokens of a normalised string; the unit for every containment test. */
export function tokens(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

/** Drops every `.` that is not flanked by a letter or digit on both sides (`gv.oc`, `5.2.1`, `v3.1`). */
function keepInnerDots(s: string): string {
  const chars = Array.from(s);
  return chars
    .map((c, i) => {
      if (c !== '.') return c;
      const prev = chars[i - 1];
      const next = chars[i + 1];
      return prev !== undefined && next !== undefined && ALNUM.test(prev) && ALNUM.test(next) ? '.' : ' ';
    })
    .join('');
}

/**
 * True when `needle` occurs in `haystack` as a whole run of tokens, so `de` is not
 * inside `identify` and `measure 2.1` is not inside `measure 2.10`. Both sides must
 * already be normalised. An empty needle never matches: it would match everything.
 */
export function containsTokens(haystack: string, needle: string): boolean {
  if (needle === '' || haystack === '') return false;
  return ` ${haystack} `.includes(` ${needle} `);
}
