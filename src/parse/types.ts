/** What the parser extracts from one PDF; plain data so it can cross a worker-thread boundary. */
export interface ParsedLine {
  pageNum: number; // 1-based physical page
  lineNum: number; // 1-based, reading order within the page
  text: string;
  x0: number; // top-left origin, PDF points
  y0: number;
  x1: number;
  y1: number;
  font: string | null;
  size: number;
  bold: boolean;
  /** Bold text that opens an otherwise regular line: a run-in heading ("Residual Dropout We apply…"). */
  leadIn: string | null;
  column: number; // 0 = full width or single column, 1 = left, 2 = right
  /** Page furniture kept out of the body: rotated margin text, running headers and footers, page numbers. */
  furniture?: boolean;
}

export interface ParsedPage {
  pageNum: number;
  label: string | null;
  width: number;
  height: number;
  lineCount: number;
  columns: number;
}

export interface OutlineItem {
  title: string;
  level: number; // 1 = top
  pageNum: number | null; // resolved physical page, null when the destination did not resolve
  /** Vertical position of the destination from the page top, when the destination gives one. */
  top: number | null;
  children: OutlineItem[];
}

export interface ParsedDocument {
  title: string | null;
  pageCount: number;
  pages: ParsedPage[];
  lines: ParsedLine[];
  outline: OutlineItem[];
  parserVersion: string;
}
