import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, type Db } from '../src/db/client.ts';
import { createLogger } from '../src/log.ts';
import { InProcessBackend } from '../src/queue/inprocess-backend.ts';
import { markDocumentParsing } from '../src/sql/mark-document.ts';
import { registerDocument } from '../src/sql/register-document.ts';
import { failDocument } from '../src/workers/parse-document.ts';
import { freshDatabase } from './helpers/db.ts';

describe('no document is left behind in parsing', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase('noleft');
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('failDocument still records the code when writing the reason fails', async () => {
    const { db } = fresh.database;
    const doc = await registerDocument(db, { sha256: 'fallback', path: '/f.pdf', fileName: 'f.pdf', byteSize: 1 });
    await markDocumentParsing(db, doc.id);
    // The first transaction fails (as a write of an unstorable reason did), later ones go through.
    let calls = 0;
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return (fn: Parameters<Db['transaction']>[0]) => {
            calls += 1;
            if (calls === 1) return Promise.reject(new Error('invalid byte sequence for encoding "UTF8": 0x00'));
            return target.transaction(fn);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    await failDocument({ db: flaky }, doc.id, 'corrupt', 'a reason the database refused');
    expect(calls).toBe(2);
    const [r] = await rows<{ status: string; error_code: string; error: string }>(db, sql`select status, error_code, error from documents where id = ${doc.id}`);
    expect(r!.status).toBe('failed');
    expect(r!.error_code).toBe('corrupt');
    expect(r!.error).toMatch(/^corrupt \(the original error could not be stored: invalid byte sequence/);
  });

  it('in-process: a failure handler that throws neither ends the batch nor escapes as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const ran: number[] = [];
    try {
      const backend = new InProcessBackend(
        {
          parse: async (job) => {
            ran.push(job.documentId);
            if (job.documentId === 1) throw new Error('parser thread crashed');
            return job.documentId;
          },
          answer: async () => undefined,
          onGiveUp: async () => {
            throw new Error('could not write the failure');
          },
        },
        { concurrency: 1, log: createLogger('silent'), maxAttempts: 1 },
      );
      await backend.enqueueParse([1, 2, 3].map((documentId) => ({ documentId, sha256: `s${documentId}` })));
      await backend.idle();
      await new Promise((r) => setTimeout(r, 50));
      expect(ran).toEqual([1, 2, 3]);
      expect((await backend.counts()).inprocess).toMatchObject({ completed: 2, failed: 1, waiting: 0, active: 0 });
      await backend.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
