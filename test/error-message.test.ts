import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliErrorMessage } from '../src/cli/error-message.ts';
import { sqlCommand } from '../src/cli/commands/read-side.ts';
import { openDatabase, rows, type Database } from '../src/db/client.ts';
import { DocintelError } from '../src/errors.ts';

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('cliErrorMessage: database errors show their cause, not drizzle\'s query dump', () => {
  let pglite: Database;
  beforeAll(async () => {
    pglite = await openDatabase({ dataDir: ':memory:', migrate: false });
  });
  afterAll(async () => pglite?.close());

  it('a failed query prints the database message and code, without the query text or its params', async () => {
    const e = await caught(rows(pglite.db, sql`select * from no_such_table where x = ${'secret-param-value'}`));
    // The database layer already strips drizzle's "Failed query: ... params: ..." dump.
    expect((e as Error).message).not.toContain('secret-param-value');
    const msg = cliErrorMessage(e);
    expect(msg).toContain('relation "no_such_table" does not exist');
    expect(msg).toContain('42P01');
    expect(msg).toContain('information_schema.columns'); // the next step: where to see the tables
    expect(msg).not.toContain('Failed query');
    expect(msg).not.toContain('params');
    expect(msg).not.toContain('secret-param-value');
  });

  it('a write through docintel sql says the command is read-only', async () => {
    const e = await caught(sqlCommand(pglite.db, 'create table t (x int)'));
    const msg = cliErrorMessage(e);
    // Refused before it reaches the database, with the reason.
    expect(msg).toMatch(/docintel sql is read-only: CREATE is not allowed/);
    expect(msg).not.toContain('Failed query');
  });

  it('a DocintelError wrapping a failed query keeps its code and adds the database cause', async () => {
    const q = await caught(rows(pglite.db, sql`select nope from pg_class`));
    const msg = cliErrorMessage(new DocintelError('store', 'could not store the answer', {}, { cause: q }));
    expect(msg).toMatch(/^store: could not store the answer \(database error 42703: column "nope" does not exist/);
    expect(msg).not.toContain('Failed query');
  });

  it('a refused Postgres connection names the address and points at DATABASE_URL', async () => {
    const db = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/nothing', dataDir: ':memory:', migrate: false });
    try {
      const msg = cliErrorMessage(await caught(rows(db.db, sql`select 1`)));
      expect(msg).toMatch(/ECONNREFUSED.*127\.0\.0\.1:1/);
      expect(msg).toContain('check DATABASE_URL, or unset it to use the embedded database');
      expect(msg).not.toContain('Failed query');
    } finally {
      await db.close();
    }
  });

  it('other errors print as before: code and message', () => {
    expect(cliErrorMessage(new DocintelError('config', 'bad value'))).toBe('config: bad value');
    expect(cliErrorMessage(new Error('plain'))).toBe('plain');
  });
});
