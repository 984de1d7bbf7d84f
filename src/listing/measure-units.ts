import { parseNumberWord } from '../lexicon/english.ts';
import { stem, tokensOf } from '../text/text-match.ts';

/**
 * The units a document measures a noun in, read from its own sentences: "a depth of up to 152
 * layers" and "the number of stacked layers (depth)" say a depth is counted in layers, so
 * "18-layer" … "152-layer" are depths. Stems of the unit words.
 */
export function measureUnits(noun: string | null, lines: { text: string }[]): Set<string> {
  // The head of a noun phrase ("network depth" -> "depth").
  const head = tokensOf(noun ?? '').at(-1);
  const units = new Set<string>();
  if (!head || head.length < 3) return units;
  const n = stem(head);
  const word = String.raw`(\p{L}+)`;
  // "<noun> of (up to|over|about) <number> <unit>"
  const of = new RegExp(String.raw`\b(\p{L}+)\s+of\s+(?:up\s+to\s+|over\s+|about\s+|nearly\s+|only\s+)?([\d,.]+|\p{L}+)\s+${word}`, 'giu');
  // "<unit> (<noun>)"
  const glossed = new RegExp(String.raw`${word}\s+\((\p{L}+)\)`, 'giu');
  for (const { text } of lines) {
    for (const m of text.matchAll(of)) {
      if (stem(m[1]!.toLowerCase()) !== n) continue;
      const count = m[2]!.toLowerCase();
      if (!/^\d/.test(count) && parseNumberWord(count) === null) continue;
      units.add(stem(m[3]!.toLowerCase()));
    }
    for (const m of text.matchAll(glossed)) if (stem(m[2]!.toLowerCase()) === n) units.add(stem(m[1]!.toLowerCase()));
  }
  return units;
}
