import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client.ts';
import { DatabaseError } from '../src/db/query-errors.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { safeErrorMessage, storableText } from '../src/sanitize.ts';
import { insertLines } from '../src/sql/insert-lines.ts';
import { markDocumentFailed } from '../src/sql/mark-document.ts';
import { registerDocument } from '../src/sql/register-document.ts';
import { failQuestion } from '../src/workers/answer-question.ts';
import { freshDatabase } from './helpers/db.ts';
import { makeRawPdf } from './helpers/make-pdf.ts';

describe('storableText', () => {
  it('removes NULs and lone surrogates and keeps everything else', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD800y')).toBe('xy'); // high surrogate alone
    expect(storableText('x\uDC00y')).toBe('xy'); // low surrogate alone
    expect(storableText('\uDC00\uD800')).toBe(''); // reversed pair: both lone
    expect(storableText('emoji \uD83D\uDE00 ok')).toBe('emoji \uD83D\uDE00 ok'); // a real pair stays
    expect(storableText('tab\tand é and 中文')).toBe('tab\tand é and 中文');
  });
});

describe('safeErrorMessage', () => {
  it('drops drizzle-style query params, control characters and unstorable code points', () => {
    const m = safeErrorMessage(new Error('Failed query: insert into lines values ($1)\nparams: the whole secret text of a document'));
    expect(m).toBe('Failed query: insert into lines values ($1) [params omitted]');
    expect(safeErrorMessage('bad\u0000 byte\n\tand \uD800 surrogate')).toBe('bad byte and surrogate');
  });
  it('caps long messages without splitting a surrogate pair', () => {
    const long = 'x'.repeat(498) + '\uD83D\uDE00' + 'y'.repeat(100);
    const m = safeErrorMessage(long);
    expect(m.length).toBeLessThanOrEqual(500);
    expect(m.endsWith('…')).toBe(true);
    expect(storableText(m)).toBe(m);
  });
});

describe('the parser boundary', () => {
  it('removes NULs from lines, outline titles, page labels and the document title', async () => {
    const pdf = makeRawPdf({
      lines: ['(Hello\\000World)', '(Second line)', '<0000>'],
      outlineTitle: '(Intro\\000duction)',
      label: '(A\\000-)',
      title: '(Bad\\000Title)',
    });
    const doc = await parsePdf(new Uint8Array(pdf), { pageCap: 10 });
    // A line that held only NULs is gone, the others lost just the NULs.
    expect(doc.lines.map((l) => l.text)).toEqual(['HelloWorld', 'Second line']);
    expect(doc.outline.map((o) => o.title)).toEqual(['Introduction']);
    expect(doc.pages[0]!.label).toBe('A-1');
    expect(doc.title).toBe('BadTitle');
    expect(JSON.stringify(doc)).not.toMatch(/\\u0000/);
  });
});

describe('on real Postgres', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase('textsafety');
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('stores a failure whose reason holds NULs, lone surrogates and a params list, sanitised and capped', async () => {
    const { db } = fresh.database;
    const doc = await registerDocument(db, { sha256: 'nul-reason', path: '/x.pdf', fileName: 'x.pdf', byteSize: 1 });
    const reason = `pdf.js said: bad\u0000 string \uD800 here ${'z'.repeat(2000)}\nparams: 1,2,secret`;
    await markDocumentFailed(db, doc.id, 'corrupt', reason);
    const [r] = await rows<{ status: string; error_code: string; error: string }>(db, sql`select status, error_code, error from documents where id = ${doc.id}`);
    expect(r!.status).toBe('failed');
    expect(r!.error_code).toBe('corrupt');
    expect(r!.error.startsWith('pdf.js said: bad string here zzz')).toBe(true);
    expect(r!.error.length).toBeLessThanOrEqual(500);
    expect(r!.error).not.toContain('secret');
  });

  it('stores a question failure with a NUL in its reason', async () => {
    const { db } = fresh.database;
    const doc = await registerDocument(db, { sha256: 'q-doc', path: '/q.pdf', fileName: 'q.pdf', byteSize: 1 });
    const [q] = await rows<{ id: number }>(db, sql`insert into questions (run_id, document_id, text) values ('r1', ${doc.id}, 'what?') returning id::int as id`);
    await failQuestion(db, q!.id, 'document failed: a\u0000b');
    const [r] = await rows<{ status: string; error: string }>(db, sql`select status, error from questions where id = ${q!.id}`);
    expect(r).toEqual({ status: 'failed', error: 'document failed: ab' });
  });

  it('reports a failed query with the server reason and the statement, never its parameters', async () => {
    const { db } = fresh.database;
    const doc = await registerDocument(db, { sha256: 'lines-doc', path: '/l.pdf', fileName: 'l.pdf', byteSize: 1 });
    const line = { pageNum: 1, lineNum: 1, x0: 0, y0: 0, x1: 1, y1: 1, font: null, size: 10, bold: false, leadIn: null, column: 0 };
    // A NUL that bypassed the parser boundary: Postgres refuses the row.
    const err = await insertLines(db, doc.id, [{ ...line, text: 'confidential line text\u0000' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseError);
    const e = err as DatabaseError;
    expect(e.code).toBe('database');
    expect(e.sqlState).toBe('22021');
    expect(e.message).toMatch(/invalid byte sequence for encoding "UTF8": 0x00/);
    expect(e.message).toMatch(/query: insert into lines/);
    for (const s of [e.message, e.stack ?? '', JSON.stringify(e)]) {
      expect(s).not.toContain('confidential');
      expect(s).not.toContain('params');
    }
  });
});
