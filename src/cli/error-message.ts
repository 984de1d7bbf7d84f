import { DrizzleQueryError } from 'drizzle-orm';
import { DatabaseError } from '../db/query-errors.ts';
import { DocintelError, errorMessage } from '../errors.ts';

/** What node-postgres and PGlite errors carry besides their message. */
interface DatabaseErrorLike {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', '28P01', '28000', '3D000']);
const SCHEMA_CODES = new Set(['42P01', '42703', '42883']);

/** drizzle's wrapper ("Failed query: <sql> params: <values>"), found by class or, across module copies, by shape. */
function isQueryError(e: unknown): e is Error & { cause?: unknown } {
  return e instanceof DrizzleQueryError || (e instanceof Error && e.message.startsWith('Failed query:') && 'params' in e);
}

function nextStep(code: string | undefined): string | null {
  if (!code) return null;
  if (CONNECTION_CODES.has(code)) return 'check DATABASE_URL, or unset it to use the embedded database in DOCINTEL_DATA_DIR';
  if (code === '25006') return 'docintel sql runs read-only queries; change data through ingest, ask and run';
  if (SCHEMA_CODES.has(code)) return `see the tables and columns with: docintel sql "select table_name, column_name from information_schema.columns where table_schema = 'public'"`;
  return null;
}

/** The database's own message (with detail and hint), never the query text or its parameters. */
function describeDatabaseError(cause: unknown): string {
  if (!(cause instanceof Error)) return cause === undefined ? 'database query failed' : `database error: ${String(cause)}`;
  const inner = (cause as { errors?: unknown[] }).errors; // AggregateError (a refused connection to every address) has an empty message
  const c = cause as unknown as DatabaseErrorLike;
  const first = Array.isArray(inner) && inner[0] instanceof Error ? (inner[0] as unknown as DatabaseErrorLike) : undefined;
  const message = c.message || first?.message || cause.name;
  const code = c.code ?? first?.code;
  const parts = [`database error${code ? ` ${code}` : ''}: ${message}`];
  if (c.detail) parts.push(`detail: ${c.detail}`);
  if (c.hint) parts.push(`hint: ${c.hint}`);
  const step = nextStep(code);
  if (step) parts.push(step);
  return parts.join('; ');
}

/**
 * The line the CLI prints for a failed command: the error's code and message, or for a failed
 * database query the database's own message instead of drizzle's "Failed query: ... params: ...".
 */
export function cliErrorMessage(e: unknown): string {
  let cur: unknown = e;
  for (let depth = 0; cur instanceof Error && depth < 5; depth++) {
    // The database layer already turned drizzle's error into one without parameters.
    if (cur instanceof DatabaseError) {
      const step = nextStep(cur.sqlState);
      const db = `database error${cur.sqlState ? ` ${cur.sqlState}` : ''}: ${cur.message}${step ? `; ${step}` : ''}`;
      return e !== cur && e instanceof DocintelError ? `${e.code}: ${e.message} (${db})` : db;
    }
    if (isQueryError(cur)) {
      const db = describeDatabaseError(cur.cause);
      return e instanceof DocintelError && e !== cur && !e.message.includes('Failed query:') ? `${e.code}: ${e.message} (${db})` : db;
    }
    cur = (cur as Error).cause;
  }
  // `docintel sql` refusals already say what refused them ("docintel sql is read-only: ...").
  if (e instanceof DocintelError) return e.code === 'sql' ? e.message : `${e.code}: ${e.message}`;
  // A refused connection outside a query (opening the pool, migrating): an AggregateError has no message of its own.
  const code = (e as { code?: unknown } | null)?.code;
  const aggregate = e instanceof Error && !e.message && Array.isArray((e as { errors?: unknown[] }).errors);
  if (aggregate || (e instanceof Error && typeof code === 'string' && CONNECTION_CODES.has(code))) return describeDatabaseError(e);
  return errorMessage(e);
}
