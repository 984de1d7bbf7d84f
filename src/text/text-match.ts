/** Normalises for matching titles and lines: lowercase, dashes and punctuation to spaces, dots kept inside codes. */
export function norm(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[\u2010-\u2015\u2212-]/g, ' ')
    .replace(/(?<![\p{L}\p{N}])\.|\.(?![\p{L}\p{N}])/gu, ' ')
    .replace(/[^\p{L}\p{N}.\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function tokensOf(s: string): string[] {
  return norm(s).split(' ').filter(Boolean);
}

/**
 * The words a program name is made of, read at its case changes and underscores
 * ("kNameID_LHS_Name" -> name, id, lhs, name; "HTTPServer" -> http, server): a question says
 * "name ID constants" where the document writes the constants' names. Only names with an inner
 * capital after a small letter, a capital run before a word, or an underscore are split; plain
 * words and all-capital acronyms give nothing. Parts of one letter say nothing and are left out.
 */
export function nameParts(s: string): string[] {
  const out: string[] = [];
  for (const w of s.split(/[^\p{L}\p{N}_]+/u)) {
    if (!/\p{Ll}\p{Lu}|\p{Lu}{2}\p{Ll}|\p{L}_\p{L}/u.test(w)) continue;
    for (const m of w.matchAll(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu)) if (m[0].length >= 2) out.push(m[0].toLowerCase());
  }
  return out;
}

/**
 * A negation written as a word of its own ("not", "no", "never", "don't"), never the prefix of a
 * compound ("non-owned"): the one test for titles, list intros and evidence passages alike.
 */
export function negates(text: string): boolean {
  return /(?<![\p{L}\-])(?:not|no|never)(?![\p{L}\-])|n['’]t(?!\p{L})/iu.test(text);
}

/** A crude stem: enough to match "appendices"/"appendix", "categories"/"category", "regularization"/"regularize". */
export function stem(w: string): string {
  const t = w.toLowerCase();
  if (t.length <= 4) return t;
  const base = t
    .replace(/(ies|ied)$/, 'y')
    .replace(/(ices)$/, 'ix')
    .replace(/(ization|isation)$/, 'iz');
  const root = base.replace(/(ing|ed|es|s)$/, '');
  // A final consonant doubled before "-ing" or "-ed" ("debugging", "stopped") was doubled for
  // the suffix, as English spells it: one goes, and the root had no silent e. Not a doubled l, s
  // or z, which the word itself has ("falling", "passed", "buzzing"). Only where a root of four
  // letters or more is left: "getting" read as "get" met every "apt-get" in a manual's text, a
  // common verb matched to a part of a program's name.
  const doubled = /(?:ing|ed)$/.test(base) && root.length >= 5 && /([^aeiouylsz])\1$/.test(root);
  return (doubled ? root.slice(0, -1) : restoreE(root)).slice(0, Math.max(4, Math.min(t.length, 7)));
}

/**
 * A short root left by "-ing" or "-ed" lost its silent e ("using" -> "us", "based" -> "bas",
 * "suing" -> "su"): put it back, so the form meets the word ("use", "base", "sue"). Only roots
 * of two letters with a vowel, or three ending consonant-vowel-consonant, are such roots.
 */
function restoreE(root: string): string {
  if (/^[a-z]*[aeiou][a-z]*$/.test(root) && root.length === 2) return `${root}e`;
  if (/^[^aeiou][aeiouy][^aeiouwxy]$/.test(root)) return `${root}e`;
  return root;
}

/** True when `needle`'s tokens occur consecutively in `hay`'s tokens. */
export function containsPhrase(hay: string, needle: string): boolean {
  const h = tokensOf(hay);
  const n = tokensOf(needle);
  if (n.length === 0 || n.length > h.length) return false;
  for (let i = 0; i + n.length <= h.length; i++) if (n.every((t, j) => h[i + j] === t)) return true;
  return false;
}

/** Share of keywords whose stem starts some token of the text. */
export function stemOverlap(text: string, keywords: string[]): { matched: string[]; share: number } {
  const toks = tokensOf(text).map(stem);
  // A stem is a prefix of its word's forms ("govern", "governance").
  const alike = (t: string, s: string) => t === s || (s.length >= 4 && t.startsWith(s)) || (t.length >= 4 && s.startsWith(t));
  const matched = keywords.filter((k) => {
    // A compound ("learning-rate") is found as its words in a row, never as its first word alone.
    const parts = tokensOf(k).map(stem);
    if (parts.length > 1) return toks.some((_, i) => parts.every((p, j) => toks[i + j] !== undefined && alike(toks[i + j]!, p)));
    const s = stem(k);
    return toks.some((t) => alike(t, s));
  });
  return { matched, share: keywords.length ? matched.length / keywords.length : 0 };
}

/**
 * The numbers a question writes ("the 152-layer net", "within 30 days"): each one is a term as
 * specific as any word, which keyword extraction (words only) leaves out.
 */
export function numbersIn(text: string): string[] {
  return [...new Set(tokensOf(text).filter((t) => /^\d/.test(t)))];
}
