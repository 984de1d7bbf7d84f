import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

export interface BenchDatabase {
  name: string;
  url: string;
  database: Database;
  serverVersion: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database `docintel_bench_<random>` on the admin URL's server. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `docintel_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let serverVersion = 'unknown';
  try {
    serverVersion = ((await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? 'unknown').split(' ')[0]!;
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database?.close().catch(() => {});
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
  let database: Database | undefined;
  try {
    database = await openDatabase({ url, dataDir: '' });
  } catch (e) {
    await drop().catch(() => {});
    throw e;
  }
  return { name, url, database, serverVersion, drop };
}
