/** Case- and whitespace-insensitive form used to compare quotes with stored lines. */
export function squashText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The one evidence rule: a quote supports a claim only if it is really in the cited line and is
 * more than a few characters (an empty quote would "match" any line).
 */
export function quoteInLine(lineText: string, quote: string): boolean {
  const q = squashText(quote);
  return q.replace(/\s/g, '').length >= 3 && squashText(lineText).includes(q);
}
