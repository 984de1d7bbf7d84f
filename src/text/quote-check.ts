import { stemOverlap, tokensOf } from './text-match.ts';

/** Case- and whitespace-insensitive form used to compare quotes with stored lines. */
export function squashText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The one evidence rule: a quote supports a claim only if it is really in the cited line and is
 * more than a few characters (an empty quote would "match" any line), or is the whole line (a
 * table cell of two letters, the command "ed", is its own line).
 */
export function quoteInLine(lineText: string, quote: string): boolean {
  const q = squashText(quote);
  const line = squashText(lineText);
  return q.length > 0 && (line === q || (q.replace(/\s/g, '').length >= 3 && line.includes(q)));
}

/**
 * A name the model gave an item is supported by the line it cites when most of the name's words
 * stand in that line: a real quote next to a made-up name ("the" quoted, "Floods on Mars" named)
 * is a fabrication.
 */
export function nameSupportedByLine(name: string, lineText: string): boolean {
  const words = tokensOf(name).filter((w) => w.length >= 3 || /\d/.test(w));
  if (words.length === 0) return tokensOf(name).length > 0 && tokensOf(name).every((w) => tokensOf(lineText).includes(w));
  return stemOverlap(lineText, words).share >= 0.6;
}

/**
 * Numbers in a model's answer that none of the supporting texts holds: a page, amount or date the
 * model wrote that the cited lines do not say.
 */
export function unsupportedNumbers(answer: string, support: string[]): string[] {
  const held = new Set(support.flatMap((s) => s.match(/\d+(?:[.,]\d+)*/g) ?? []).map(digitsOf));
  return [...new Set((answer.match(/\d+(?:[.,]\d+)*/g) ?? []).map(digitsOf))].filter((n) => !held.has(n));
}

function digitsOf(n: string): string {
  return n.replace(/[.,](?=\d{3}\b)/g, '').replace(/\.$/, '');
}
