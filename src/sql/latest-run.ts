import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

/** The run that asked the most recent question, or null when no question is stored. */
export async function latestRunId(db: Db): Promise<string | null> {
  const r = await rows<{ run_id: string }>(db, sql`select run_id from questions order by id desc limit 1`);
  return r[0]?.run_id ?? null;
}
