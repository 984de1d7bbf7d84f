import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/tx.ts';
import { safeErrorMessage, storableOrNull } from '../sanitize.ts';

export async function markDocumentParsing(db: DbOrTx, documentId: number): Promise<void> {
  await db.execute(
    sql`update documents set status = 'parsing', attempts = attempts + 1, updated_at = now() where id = ${documentId} and status <> 'parsed'`,
  );
}

export async function markDocumentParsed(
  db: DbOrTx,
  documentId: number,
  v: { title: string | null; pageCount: number; tocSource: string; parserVersion: string },
): Promise<void> {
  await db.execute(sql`
    update documents set status = 'parsed', error = null, error_code = null, title = coalesce(${storableOrNull(v.title)}, title),
      page_count = ${v.pageCount}, toc_source = ${v.tocSource}, parser_version = ${v.parserVersion},
      parsed_at = now(), updated_at = now()
    where id = ${documentId}`);
}

/**
 * The reason is stored sanitised: one line (error messages from pdfjs, pg or sockets may span
 * several), no NULs or lone surrogates (Postgres would refuse the row, leaving the document in
 * `parsing`), no query parameters, capped at 500 characters.
 */
export async function markDocumentFailed(db: DbOrTx, documentId: number, code: string, reason: string): Promise<void> {
  const stored = safeErrorMessage(reason);
  await db.execute(sql`
    update documents set status = 'failed', error_code = ${safeErrorMessage(code, 40)}, error = ${stored}, updated_at = now()
    where id = ${documentId}`);
}

/** Re-ingesting retries a document that failed for an internal reason; bad input would only fail again. */
export async function requeueDocument(db: DbOrTx, documentId: number): Promise<void> {
  await db.execute(sql`update documents set status = 'queued', error = null, error_code = null, updated_at = now() where id = ${documentId} and status = 'failed' and error_code = 'internal'`);
}
