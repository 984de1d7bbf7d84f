/** One routed table-of-contents entry (a `toc_entries` row without its document id). */
export interface TocRow {
  id: number;
  parentId: number | null;
  level: number;
  ordinal: number;
  title: string;
  pageStart: number;
  pageEnd: number;
  lineStart: number | null;
  source: 'outline' | 'repaired' | 'contents_page' | 'headings';
  verified: boolean;
  originalPage: number | null;
  flags: string[];
  routable: boolean;
}

export type TocSource = 'outline' | 'contents_page' | 'headings' | 'none';
