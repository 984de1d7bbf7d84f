import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { Citation } from '../db/rows.ts';
import type { Candidate } from '../listing/strategy-types.ts';
import { quoteInLine } from '../text/quote-check.ts';

/**
 * Resolves every candidate citation to a stored line whose text contains the quote. Items left
 * with no valid citation are dropped (and reported), never shown uncited.
 */
export async function verifyItemCitations(
  db: Db,
  documentId: number,
  items: Candidate[],
): Promise<{ items: (Candidate & { verified: Citation[] })[]; dropped: string[] }> {
  const keys = [...new Set(items.flatMap((i) => i.citations.map((c) => `${c.pageNum}:${c.lineNum}`)))];
  const found = new Map<string, { id: number; text: string; label: string | null }>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const r = await rows<{ id: number; page_num: number; line_num: number; text: string; label: string | null }>(
      db,
      sql`select l.id::int, l.page_num, l.line_num, l.text, p.label from lines l
          left join pages p on p.document_id = l.document_id and p.page_num = l.page_num
          where l.document_id = ${documentId} and (l.page_num::text || ':' || l.line_num::text) = any(${sql.param(chunk)}::text[])`,
    );
    for (const x of r) found.set(`${x.page_num}:${x.line_num}`, { id: x.id, text: x.text, label: x.label });
  }
  const out: (Candidate & { verified: Citation[] })[] = [];
  const dropped: string[] = [];
  for (const it of items) {
    const verified: Citation[] = [];
    for (const c of it.citations) {
      const line = found.get(`${c.pageNum}:${c.lineNum}`);
      if (line && quoteInLine(line.text, c.quote)) {
        if (!verified.some((v) => v.lineId === line.id)) verified.push({ lineId: line.id, pageNum: c.pageNum, lineNum: c.lineNum, pageLabel: line.label, quote: c.quote });
      }
    }
    if (verified.length) out.push({ ...it, verified });
    else dropped.push(it.name);
  }
  return { items: out, dropped };
}
