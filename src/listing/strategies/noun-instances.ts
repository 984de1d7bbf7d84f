import type { LineRow } from '../../db/rows.ts';
import { FUNCTION_WORDS } from '../../lexicon/english.ts';
import { escapeRegex } from '../../lexicon/identifiers.ts';
import { cite, type Candidate } from '../strategy-types.ts';

/**
 * Instances of the item noun that prose names by putting a name before it: "prints results in
 * FASTA and BIOM formats", "in OTU map (observation map) format" are the formats FASTA, BIOM and
 * OTU map. A name is a word the text capitalises inside a sentence (an acronym, a proper name),
 * with at most one lower-case word after it ("OTU map"); names coordinated by commas, "and" or
 * "or" before one noun are each an instance. What a sentence opens with is capitalised by
 * position, not as a name. Read only when nothing else in the region lists the items, and never
 * whole: prose names what it happens to mention.
 */

/** The most words before the noun a series of names is read over. */
const WINDOW_WORDS = 12;

export function nounInstances(lines: LineRow[], nounSingular: string | null): Candidate[] {
  const head = nounSingular?.trim().split(/\s+/).at(-1)?.toLowerCase();
  if (!head || head.length < 3) return [];
  const noun = new RegExp(String.raw`\b${escapeRegex(head)}(?:s|es)?\b`, 'gi');
  const found = new Map<string, Candidate>();
  for (const l of lines) {
    for (const m of l.text.matchAll(noun)) {
      // The words before the noun on its line, a bracketed aside right before it set aside.
      const before = l.text.slice(0, m.index).replace(/\s*\([^()]*\)\s*$/, ' ');
      for (const name of namesBefore(before)) {
        const key = name.toLowerCase();
        if (!found.has(key)) found.set(key, { name, surfaceForms: [name, l.text.trim()], citations: [cite(l)], confidence: 0.5 });
      }
    }
  }
  return found.size >= 2 ? [...found.values()] : [];
}

/** The names a text ends with, in order: "results in FASTA and BIOM" -> FASTA, BIOM. */
function namesBefore(text: string): string[] {
  const words = text.trim().split(/\s+/).slice(-WINDOW_WORDS);
  const names: string[] = [];
  let k = words.length - 1;
  while (k >= 0) {
    // One name ends at k: a capitalised word, or one lower-case word after it ("OTU map").
    let start = k;
    if (k >= 1 && isPlain(words[k]!) && isName(words[k - 1]!, words[k - 2])) start = k - 1;
    else if (!isName(words[k]!, words[k - 1])) break;
    names.unshift(words.slice(start, k + 1).join(' ').replace(/[,;]$/, ''));
    k = start - 1;
    // Another name before it only across a comma, "and" or "or" ("A, B and C", "A, or B").
    if (k >= 0 && /^(?:and|or)$/i.test(words[k]!)) k--;
    else if (!(k >= 0 && /,$/.test(words[k]!))) break;
    if (k >= 0) words[k] = words[k]!.replace(/,$/, '');
  }
  return names;
}

/** A capitalised word that is not a function word and does not open a sentence. */
function isName(word: string, previous: string | undefined): boolean {
  const w = word.replace(/[,;]$/, '');
  if (!/^\p{Lu}[\p{L}\d_+-]*$/u.test(w) || FUNCTION_WORDS.has(w.toLowerCase())) return false;
  return previous !== undefined && !/[.!?:]$/.test(previous);
}

function isPlain(word: string): boolean {
  return /^\p{Ll}[\p{Ll}-]*$/u.test(word) && !FUNCTION_WORDS.has(word);
}
