import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { installQueryErrorScrubber } from './query-errors.ts';

export type Schema = typeof schema;
/** Both drivers (node-postgres and PGlite) give this same query surface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** Runs `fn` while holding a database-wide lock (a no-op lock on single-process PGlite). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Runs a raw statement on either driver and returns its rows. */
export async function rows<T>(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Opens server Postgres when a URL is given, otherwise embedded PGlite in `dataDir`; applies migrations. */
export async function openDatabase(opts: { url?: string; dataDir: string; migrate?: boolean }): Promise<Database> {
  // Query errors carry their reason, never their bound parameters (see query-errors.ts).
  installQueryErrorScrubber();
  const database = opts.url ? await openPostgres(opts.url) : await openPglite(opts.dataDir);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // A pool error (server restart) must not crash the worker; queries will fail and be retried.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(7406201)');
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock(7406201)').catch(() => {});
      client.release();
    }
  };
  return { db, kind: 'postgres', close: () => pool.end(), exclusive };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dir: string | undefined;
  if (dataDir !== ':memory:') {
    dir = path.resolve(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), exclusive: (fn) => fn() };
}

/** Same migration files for both drivers; an advisory lock stops two worker processes migrating at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await database.exclusive(() => migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR }));
}
