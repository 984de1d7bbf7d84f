/** Per-document lookups every TOC step needs: lines by page, the body style, and the lines that can never be
 * headings (running headers and footers, printed contents entries). */

import type { ParsedDocument, ParsedLine } from '../parse/types.ts';
import { bodyStyle, type BodyStyle } from './typography.ts';
import { compact, wordCount } from './text.ts';

export interface DocIndex {
  doc: ParsedDocument;
  pageCount: number;
  /** Lines of each physical page in reading order; index 0 unused. */
  pages: ParsedLine[][];
  body: BodyStyle;
  /** Running headers, footers and page numbers. */
  furniture: Set<ParsedLine>;
  /** Lines of printed contents pages (entry titles and their page numbers). */
  contents: Set<ParsedLine>;
}

export function buildIndex(doc: ParsedDocument): DocIndex {
  const pageCount = Math.max(doc.pageCount, ...doc.lines.map((l) => l.pageNum), 0);
  const pages: ParsedLine[][] = Array.from({ length: pageCount + 1 }, () => []);
  for (const l of doc.lines) pages[l.pageNum]?.push(l);
  for (const p of pages) p.sort((a, b) => a.lineNum - b.lineNum);
  const furniture = findFurniture(doc, pages);
  const body = bodyStyle(doc.lines.filter((l) => !furniture.has(l)));
  return { doc, pageCount, pages, body, furniture, contents: new Set() };
}

export function pageHeight(index: DocIndex, page: number): number {
  return index.doc.pages[page - 1]?.height ?? 792;
}

/**
 * Lines that repeat at the same height on many pages (digits ignored, so "Page 3" and "Page 4" repeat too),
 * plus bare page numbers in the top or bottom margin.
 */
function findFurniture(doc: ParsedDocument, pages: ParsedLine[][]): Set<ParsedLine> {
  const out = new Set<ParsedLine>();
  const pageCount = pages.length - 1;
  const byKey = new Map<string, { pages: Set<number>; lines: ParsedLine[] }>();
  for (const lines of pages) {
    for (const l of lines) {
      const key = `${compact(l.text.replace(/\d+/g, '#')) || l.text.replace(/\d+/g, '#')}|${Math.round(l.y0 / 6)}`;
      const e = byKey.get(key) ?? { pages: new Set(), lines: [] };
      e.pages.add(l.pageNum);
      e.lines.push(l);
      byKey.set(key, e);
    }
  }
  const need = Math.max(3, Math.ceil(pageCount * 0.2));
  for (const e of byKey.values()) {
    if (e.pages.size < need) continue;
    // Repeated prose in the text block is content (a boilerplate paragraph), not a running header;
    // so are figures alone there (a table's "8.81" or "19" lines up with another page's by chance).
    for (const l of e.lines) if (inMargin(doc, l) || (wordCount(l.text) <= 12 && /\p{L}/u.test(l.text))) out.add(l);
    // Bare numbers at one height that count up with the pages are page numbers, however far the
    // page sets them inside its margin; a table's figures do not keep step with the page.
    const byOffset = new Map<number, ParsedLine[]>();
    for (const l of e.lines) {
      if (!/^\d{1,4}$/.test(l.text.trim())) continue;
      const offset = Number(l.text.trim()) - l.pageNum;
      byOffset.set(offset, [...(byOffset.get(offset) ?? []), l]);
    }
    for (const ls of byOffset.values()) if (new Set(ls.map((l) => l.pageNum)).size >= need) for (const l of ls) out.add(l);
  }
  // A running header that names the current chapter ("How to use bzip2", then "Programming with
  // libbzip2") repeats on too few pages where a chapter is short; but it is set in the slot the
  // long chapters' header was found in: the same height in the margin, the same print. A short
  // line there that repeats on pages of its own is that header too.
  const slot = (l: ParsedLine) => `${Math.round(l.y0 / 6)}|${l.size.toFixed(1)}`;
  const slots = new Set([...out].filter((l) => inMargin(doc, l) && /\p{L}/u.test(l.text) && !isPageNumberText(l.text)).map(slot));
  if (slots.size) {
    for (const e of byKey.values()) {
      if (e.pages.size < 2) continue;
      const inSlot = e.lines.filter((l) => !out.has(l) && inMargin(doc, l) && slots.has(slot(l)) && wordCount(l.text) <= 12 && /\p{L}/u.test(l.text));
      if (new Set(inSlot.map((l) => l.pageNum)).size >= 2) for (const l of inSlot) out.add(l);
    }
  }
  for (const lines of pages) {
    for (const l of lines) {
      // Rotated margin text is flagged by the parser itself.
      if (l.furniture || (inMargin(doc, l) && isPageNumberText(l.text))) out.add(l);
    }
  }
  // A running header set lower than the margin (a tall top margin): the topmost row of a page
  // pairs a bare page number with a short line. On one page that could be a table's first row;
  // on many pages it is the header, whatever the line says.
  const topRows = pages.map((lines) => {
    if (!lines.length) return null;
    const top = Math.min(...lines.map((l) => l.y0));
    const row = lines.filter((l) => Math.abs(l.y0 - top) < 0.5 * l.size);
    const numbers = row.filter((l) => isPageNumberText(l.text));
    return numbers.length === 1 && row.length === 2 && wordCount(row.find((l) => !numbers.includes(l))!.text) <= 12 ? row : null;
  });
  if (topRows.filter(Boolean).length >= need) for (const row of topRows) for (const l of row ?? []) out.add(l);
  // A running header or footer that names the current chapter beside the page number ("9.2. Package
  // lint tools ... 99") changes with the chapter, so it repeats on too few pages to be found above;
  // it shares the page number's row in the margin, which body text never does.
  for (const lines of pages) {
    const numbers = lines.filter((l) => out.has(l) && inMargin(doc, l) && isPageNumberText(l.text));
    for (const l of lines) {
      if (out.has(l) || !inMargin(doc, l) || wordCount(l.text) > 12) continue;
      if (numbers.some((n) => Math.abs(n.y0 - l.y0) < 0.5 * Math.max(n.size, l.size))) out.add(l);
    }
  }
  return out;
}

function inMargin(doc: ParsedDocument, l: ParsedLine): boolean {
  const h = doc.pages[l.pageNum - 1]?.height ?? 792;
  return l.y0 < h * 0.09 || l.y1 > h * 0.9;
}

/** "12", "- 12 -", "Page 12", "PAGE 12 OF 30", "12 of 30", "12 / 30", "xii". */
export function isPageNumberText(text: string): boolean {
  return /^(?:[-–—]\s*)?(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:\bof\b|\/)\s*\d{1,4})?(?:\s*[-–—])?$/i.test(text.trim());
}

/** Lines that cannot be a heading for a TOC entry. */
export function isExcluded(index: DocIndex, l: ParsedLine): boolean {
  return index.furniture.has(l) || index.contents.has(l);
}
