/** Key for surface dedup: case, punctuation, list markers and leading numbering do not make items differ. */
export function normalizeItemName(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^\s*([•●▪◦○·*o-]|\(?[0-9]{1,2}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])\s+/, '')
    .replace(/&/g, ' and ')
    .replace(/[\u2010-\u2015-]/g, ' ')
    .replace(/[^\p{L}\p{N}.\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
