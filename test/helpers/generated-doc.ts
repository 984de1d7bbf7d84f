import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Answer } from '../../src/answer/types.ts';
import { enqueueQuestions, waitForQuestions } from '../../src/producer/ask.ts';
import { ingestPaths } from '../../src/producer/ingest.ts';
import { waitForDocuments } from '../../src/producer/wait-for-documents.ts';
import { listAnswers, loadTrace } from '../../src/sql/list-answers.ts';
import { testApp } from './app.ts';

/** One generated PDF ingested into a fresh in-process app (embedded database, no Redis); `env` sets configuration. */
export async function ingestGenerated(pdf: Buffer, name: string, env?: Record<string, string>): Promise<{ app: App; documentId: number }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'docintel-gen-')), name);
  writeFileSync(file, pdf);
  const app = await testApp({ redis: false, ...(env ? { env } : {}) });
  const [r] = await ingestPaths(app.db, app.backend, [file]);
  await waitForDocuments(app.db, [r!.documentId]);
  return { app, documentId: r!.documentId };
}

/** Asks one question through the normal pipeline; the answer must be stored as answered. */
export async function askGenerated<A extends Answer>(app: App, documentId: number, text: string) {
  const [id] = await enqueueQuestions(app, [{ documentId, text }]);
  await waitForQuestions(app.db, [id!]);
  const [a] = await listAnswers(app.db, { ids: [id!] });
  expect(a!.status, a!.error ?? '').toBe('answered');
  return { id: id!, answer: a!.payload as A, trace: await loadTrace(app.db, id!) };
}

/**
 * One generated PDF for a describe block: ingested before its tests, closed after them. Returns
 * a handle whose `ask` runs a question through the normal pipeline.
 */
export function generatedDocument(makePdf: () => Promise<Buffer>, name: string, env?: Record<string, string>) {
  let doc: { app: App; documentId: number } | null = null;
  beforeAll(async () => {
    doc = await ingestGenerated(await makePdf(), name, env);
  }, 60_000);
  afterAll(async () => doc?.app.close());
  return {
    ask: <A extends Answer>(text: string) => askGenerated<A>(doc!.app, doc!.documentId, text),
  };
}
