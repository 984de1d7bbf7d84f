import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '../src/db/client.ts';
import { refuseWrites, runAsReader, SQL_READER_ROLE, sqlCommand } from '../src/cli/commands/read-side.ts';
import { registerDocument } from '../src/sql/register-document.ts';
import { freshDatabase } from './helpers/db.ts';

describe('refuseWrites (the check before anything runs)', () => {
  it('passes plain reads, including write words inside strings, quoted names and comments', () => {
    expect(refuseWrites("select * from documents where status = 'update' -- delete\n")).toBe('select');
    expect(refuseWrites('select "delete", updated_at from documents /* drop */')).toBe('select');
    expect(refuseWrites('with t as (select 1) select * from t')).toBe('with');
    expect(refuseWrites('explain select 1')).toBe('explain');
  });
  it('names what it refuses', () => {
    expect(() => refuseWrites('delete from documents')).toThrow('docintel sql is read-only: DELETE is not allowed');
    expect(() => refuseWrites('with d as (delete from documents returning *) select * from d')).toThrow('docintel sql is read-only: DELETE is not allowed');
    expect(() => refuseWrites('select * into t2 from documents')).toThrow('docintel sql is read-only: SELECT INTO is not allowed');
    expect(() => refuseWrites("select pg_catalog.lo_import('/etc/passwd')")).toThrow('docintel sql is read-only: lo_import() is not allowed');
    expect(() => refuseWrites('set transaction read write')).toThrow('docintel sql is read-only: SET is not allowed');
  });
});

const TMP_FILE = path.join(tmpdir(), `docintel-sql-copy-${process.pid}.txt`);

/** The refusals and reads both drivers must give. */
function sharedCases(get: () => Database) {
  it('runs plain SELECTs on every docintel table and view, as the reader role', async () => {
    const db = get().db;
    const names = await rows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`);
    expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(['documents', 'lines', 'answer_citations', 'trace_timeline']));
    for (const { name } of names) {
      const r = await sqlCommand(db, `select count(*)::int as n from "${name}"`);
      expect(r.rows, name).toHaveLength(1);
      expect(r.role).toBe(SQL_READER_ROLE);
    }
    const who = await sqlCommand(db, 'select current_user as u');
    expect(who.rows).toEqual([{ u: SQL_READER_ROLE }]);
  });

  it('refuses COPY to a file, pg_read_file, lo_import, set_config and writable CTEs with the reason', async () => {
    const db = get().db;
    const cases: [string, string][] = [
      [`copy (select 1) to '${TMP_FILE}'`, 'COPY'],
      ["select pg_read_file('/etc/hostname')", 'pg_read_file()'],
      ["select lo_import('/etc/passwd')", 'lo_import()'],
      ["select set_config('transaction_read_only', 'off', true)", 'set_config()'],
      ['with d as (delete from documents returning *) select * from d', 'DELETE'],
      ['delete from documents', 'DELETE'],
      ['drop table lines', 'DROP'],
    ];
    for (const [q, what] of cases) {
      await expect(sqlCommand(db, q), q).rejects.toThrow(`docintel sql is read-only: ${what} is not allowed`);
    }
    expect(existsSync(TMP_FILE)).toBe(false);
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from documents`);
    expect(n!.n).toBe(1);
  });

  it('caps the rows it returns and says so', async () => {
    const r = await sqlCommand(get().db, 'select g from generate_series(1, 50) g order by g', { rowCap: 10 });
    expect(r.rows.map((x) => x.g)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.truncated).toBe(true);
    const all = await sqlCommand(get().db, 'select 1 as one');
    expect(all).toMatchObject({ rows: [{ one: 1 }], truncated: false });
  });
}

describe('docintel sql on Postgres', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase('sqlro');
    await registerDocument(fresh.database.db, { sha256: 'keep-me', path: '/k.pdf', fileName: 'k.pdf', byteSize: 1 });
  });
  afterAll(async () => {
    rmSync(TMP_FILE, { force: true });
    await fresh?.drop();
  });
  sharedCases(() => fresh.database);

  it('is held by the role and the read-only transaction on the server too, not just by the keyword check', async () => {
    const db = fresh.database.db;
    // pg_authid is readable by the superuser the tests connect as, but not by the reader role.
    await expect(sqlCommand(db, 'select rolname from pg_authid')).rejects.toThrow('docintel sql is read-only: permission denied for table pg_authid');
    await expect(sqlCommand(db, 'select * from documents for share')).rejects.toThrow('docintel sql is read-only: SELECT FOR SHARE is not allowed');
    // The same refusals with the keyword check skipped (runAsReader is what sqlCommand runs after it).
    const server = (q: string) => runAsReader(db, q, q.split(' ')[0]!);
    await expect(server(`copy (select 1) to '${TMP_FILE}'`)).rejects.toThrow(/docintel sql is read-only: must be superuser or have privileges of the pg_write_server_files role/);
    await expect(server("select pg_read_file('/etc/hostname')")).rejects.toThrow('docintel sql is read-only: permission denied for function pg_read_file');
    await expect(server("select lo_import('/etc/passwd')")).rejects.toThrow('docintel sql is read-only: permission denied for function lo_import');
    await expect(server("select set_config('transaction_read_only', 'off', false)")).rejects.toThrow(/docintel sql is read-only: transaction read-write mode must be set before any query/);
    await expect(server('delete from documents')).rejects.toThrow('docintel sql is read-only: DELETE is not allowed');
    expect(existsSync(TMP_FILE)).toBe(false);
    // lo_from_bytea writes even in a read-only transaction; the transaction is rolled back, so nothing stays.
    const los = async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from pg_largeobject_metadata`))[0]!.n;
    const before = await los();
    const r = await server("select lo_from_bytea(0, 'x') as oid");
    expect(r.rows).toHaveLength(1);
    expect(await los()).toBe(before);
  });

  it('stops a query at the statement timeout', async () => {
    await expect(sqlCommand(fresh.database.db, 'select pg_sleep(2)', { timeoutMs: 100 })).rejects.toThrow(
      'docintel sql: query cancelled by the 100 ms statement timeout',
    );
  });
});

describe('docintel sql on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
    await registerDocument(database.db, { sha256: 'keep-me', path: '/k.pdf', fileName: 'k.pdf', byteSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
  });
  sharedCases(() => database);
});
