import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { rows, type Db } from '../db/client.ts';
import { findDocument } from '../sql/find-document.ts';
import { createQuestion } from '../sql/store-answer.ts';
import { ingestPaths } from './ingest.ts';

/** Resolves a document reference; a PDF path not stored yet is ingested (the question then waits for it). */
export async function resolveDocument(app: App, ref: string): Promise<number> {
  if (existsSync(ref)) {
    const [r] = await ingestPaths(app.db, app.backend, [ref]);
    if (r) return r.documentId;
  }
  return (await findDocument(app.db, ref)).id;
}

export async function enqueueQuestions(app: App, qs: { documentId: number; text: string; externalId?: string | null }[], noCache = false): Promise<number[]> {
  const ids: number[] = [];
  for (const q of qs) ids.push(await createQuestion(app.db, { runId: app.runId, documentId: q.documentId, text: q.text, externalId: q.externalId }));
  await app.backend.enqueueAnswer(ids.map((questionId) => ({ questionId, noCache })));
  return ids;
}

export async function waitForQuestions(db: Db, ids: number[], onProgress?: (done: number) => void, pollMs = 300): Promise<void> {
  for (;;) {
    const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from questions where id = any(${sql.param(ids)}::bigint[]) and status in ('answered', 'failed')`);
    const done = r[0]?.n ?? 0;
    onProgress?.(done);
    if (done >= ids.length) return;
    await new Promise((res) => setTimeout(res, pollMs));
  }
}
