import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/tx.ts';
import type { ParsedLine } from '../parse/types.ts';

/**
 * Rows per statement. The bench compares batch sizes and COPY FROM STDIN on the same table: the two
 * GIN indexes (trigram, FTS) take ~90% of the insert time, so neither a larger batch nor COPY moves
 * the rate much, and 5000 keeps each bind message a few MiB.
 */
export const INSERT_LINES_BATCH = 5000;

/** Bulk-inserts lines with one multi-row `unnest` per batch (not a statement per line). */
export async function insertLines(db: DbOrTx, documentId: number, lines: ParsedLine[], batch = INSERT_LINES_BATCH): Promise<number> {
  for (let i = 0; i < lines.length; i += batch) {
    const b = lines.slice(i, i + batch);
    await db.execute(sql`
      insert into lines (document_id, page_num, line_num, text, x0, y0, x1, y1, font, size, bold, lead_in, "column", furniture)
      select ${documentId}, * from unnest(
        ${sql.param(b.map((l) => l.pageNum))}::int[],
        ${sql.param(b.map((l) => l.lineNum))}::int[],
        ${sql.param(b.map((l) => l.text))}::text[],
        ${sql.param(b.map((l) => l.x0))}::real[],
        ${sql.param(b.map((l) => l.y0))}::real[],
        ${sql.param(b.map((l) => l.x1))}::real[],
        ${sql.param(b.map((l) => l.y1))}::real[],
        ${sql.param(b.map((l) => l.font))}::text[],
        ${sql.param(b.map((l) => l.size))}::real[],
        ${sql.param(b.map((l) => l.bold))}::bool[],
        ${sql.param(b.map((l) => l.leadIn))}::text[],
        ${sql.param(b.map((l) => l.column))}::int[],
        ${sql.param(b.map((l) => l.furniture ?? false))}::bool[]
      )`);
  }
  return lines.length;
}
