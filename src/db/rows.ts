/**
 * Shapes of stored rows that every stage after parsing passes around: a stored line as it is read
 * back, and a citation of one. They live with the database, not with a stage, so the listing, the
 * answer, the report and the sql readers share them without importing each other.
 */
import { z } from 'zod';

/** A stored line as the answering stages see it. */
export interface LineRow {
  id: number;
  pageNum: number;
  lineNum: number;
  text: string;
  x0: number;
  size: number;
  bold: boolean;
  leadIn: string | null;
  label: string | null;
}

/** A pointer to one stored line; `quote` must occur in that line's text. */
export const CitationSchema = z.object({
  lineId: z.number().int(),
  pageNum: z.number().int(),
  lineNum: z.number().int(),
  pageLabel: z.string().nullable().optional(),
  quote: z.string(),
});
export type Citation = z.infer<typeof CitationSchema>;
