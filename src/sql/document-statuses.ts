import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

export interface DocumentStatus {
  id: number;
  file_name: string;
  path: string;
  status: 'queued' | 'parsing' | 'parsed' | 'failed';
  error_code: string | null;
  error: string | null;
  page_count: number | null;
}

export async function documentStatuses(db: Db, ids: number[]): Promise<DocumentStatus[]> {
  if (ids.length === 0) return [];
  return rows<DocumentStatus>(
    db,
    sql`select id::int as id, file_name, path, status, error_code, error, page_count from documents where id = any(${sql.param(ids)}::bigint[]) order by id`,
  );
}
