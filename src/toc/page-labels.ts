/** Maps printed page numbers (what a contents page lists, what readers quote) to physical pages. */

import { isPageNumberText, pageHeight, type DocIndex } from './doc-index.ts';
import type { ContentsRow } from './contents-page.ts';
import { compact } from './text.ts';
import { romanValue } from './numbering.ts';
import { findOnPage, isConvincingHeading } from './locate.ts';

export interface PageMapper {
  toPhysical(printed: string): number | null;
  /** How the mapping was established, for the stats. */
  method: 'labels' | 'footers' | 'headings' | 'identity';
  offset: number;
}

function mode(values: number[]): { value: number; votes: number } | null {
  const tally = new Map<number, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  let best: { value: number; votes: number } | null = null;
  for (const [value, votes] of tally) if (!best || votes > best.votes) best = { value, votes };
  return best;
}

/** Physical minus printed, voted by the bare page numbers printed in page margins. */
function offsetFromFooters(index: DocIndex): { value: number; votes: number } | null {
  const votes: number[] = [];
  for (let p = 1; p <= index.pageCount; p++) {
    const h = pageHeight(index, p);
    for (const l of index.pages[p]!) {
      if (!(l.y0 < h * 0.1 || l.y1 > h * 0.88)) continue;
      if (!isPageNumberText(l.text)) continue;
      const n = /(\d+)/.exec(l.text);
      if (n) votes.push(p - Number(n[1]));
    }
  }
  const m = mode(votes);
  return m && m.votes >= Math.max(2, 0.3 * votes.length) ? m : null;
}

/** Physical minus printed, voted by contents entries whose heading is found somewhere after the contents. */
function offsetFromHeadings(index: DocIndex, rows: ContentsRow[]): { value: number; votes: number } | null {
  const after = Math.max(...rows.map((r) => r.page));
  const votes: number[] = [];
  for (const r of rows.slice(0, 40)) {
    if (!/^\d+$/.test(r.printed)) continue;
    for (let p = after + 1; p <= index.pageCount; p++) {
      const hit = findOnPage(index, r.title, p);
      if (hit && isConvincingHeading(r.title, hit) && hit.quality >= 0.9) {
        votes.push(p - Number(r.printed));
        break;
      }
    }
  }
  const m = mode(votes);
  return m && m.votes >= 2 ? m : null;
}

export function pageMapper(index: DocIndex, rows: ContentsRow[]): PageMapper {
  const clamp = (n: number) => (n >= 1 && n <= index.pageCount ? n : null);
  const contentsEnd = Math.max(0, ...rows.map((r) => r.page));
  const labels = index.doc.pages.map((p) => p.label);
  const informative = labels.some((l, i) => l !== null && l !== String(i + 1));
  if (informative) {
    const resolved = rows.filter((r) => labels.includes(r.printed)).length;
    if (resolved >= 0.6 * rows.length) {
      return {
        method: 'labels',
        offset: 0,
        toPhysical(printed) {
          const want = compact(printed);
          const pages = labels.map((l, i) => (l !== null && compact(l) === want ? i + 1 : 0)).filter(Boolean);
          // Front matter can reuse a label ("1" on the cover and on the first body page): take the one after the contents.
          return pages.find((p) => p > contentsEnd) ?? pages[0] ?? null;
        },
      };
    }
  }
  const footers = offsetFromFooters(index);
  const voted = footers ?? offsetFromHeadings(index, rows);
  const offset = voted?.value ?? 0;
  return {
    method: footers ? 'footers' : voted ? 'headings' : 'identity',
    offset,
    toPhysical(printed) {
      if (/^\d+$/.test(printed)) return clamp(Number(printed) + offset);
      // Roman front-matter numbers usually count from the first page.
      const r = romanValue(printed);
      return r !== null ? clamp(r) : null;
    },
  };
}
