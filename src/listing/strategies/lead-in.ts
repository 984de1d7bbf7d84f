/**
 * The name part of a list line: a bold-style lead-in before ':' or ' - ', a title before a
 * parenthesised code, or the first clause. "Organizational Context (GV.OC): The circumstances…"
 * -> "Organizational Context (GV.OC)"; "Residual Dropout We apply dropout…" stays whole when
 * no separator says where the name ends (the citation keeps the full line anyway).
 */
export function leadIn(text: string): string {
  const t = text.replace(/^[\s•●▪◦○·\-–—*o]\s+/, '').trim();
  const colon = t.search(/:\s/);
  if (colon > 0 && colon <= 90) return t.slice(0, colon).trim();
  const dash = t.search(/\s[—–-]\s/);
  if (dash > 0 && dash <= 90) return t.slice(0, dash).trim();
  const sentence = t.search(/\.\s+[A-Z]/);
  if (sentence > 0 && sentence <= 80) return t.slice(0, sentence).trim();
  return t.length > 120 ? `${t.slice(0, 117).trimEnd()}…` : t.replace(/[.;,]$/, '');
}
