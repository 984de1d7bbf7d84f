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
  const app = await testApp({ redis: false, ...(env ? { env } : {}) });
  return { app, documentId: await ingestInto(app, pdf, name) };
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
 * The in-process app the generated documents of one test file share when they need no settings of
 * their own: each describe block ingests its document into it (questions are asked by document
 * id, so documents never see each other), and the last block to finish closes it. An app costs
 * about 3 s of CPU to start (an embedded database and its migrations); a file of ten blocks
 * paid it ten times. The blocks are counted while the file is collected, before any hook runs.
 */
let shared: { app: Promise<App> | null; blocks: number } | null = null;

/** Writes the PDF to a temp file and ingests it into `app`. */
async function ingestInto(app: App, pdf: Buffer, name: string): Promise<number> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'docintel-gen-')), name);
  writeFileSync(file, pdf);
  const [r] = await ingestPaths(app.db, app.backend, [file]);
  await waitForDocuments(app.db, [r!.documentId]);
  return r!.documentId;
}

/**
 * One generated PDF for a describe block: ingested before its tests (into the file's shared app,
 * or into an app of its own when `env` sets configuration), closed after them. Returns a handle
 * whose `ask` runs a question through the normal pipeline.
 */
export function generatedDocument(makePdf: () => Promise<Buffer>, name: string, env?: Record<string, string>) {
  let doc: { app: App; documentId: number } | null = null;
  if (env) {
    beforeAll(async () => {
      doc = await ingestGenerated(await makePdf(), name, env);
    }, 60_000);
    afterAll(async () => doc?.app.close());
  } else {
    shared ??= { app: null, blocks: 0 };
    const s = shared;
    s.blocks += 1;
    beforeAll(async () => {
      s.app ??= testApp({ redis: false });
      const app = await s.app;
      doc = { app, documentId: await ingestInto(app, await makePdf(), name) };
    }, 60_000);
    afterAll(async () => {
      s.blocks -= 1;
      if (s.blocks > 0 || !s.app) return;
      const app = s.app;
      s.app = null;
      if (shared === s) shared = null;
      await (await app).close();
    });
  }
  return {
    ask: <A extends Answer>(text: string) => askGenerated<A>(doc!.app, doc!.documentId, text),
  };
}
