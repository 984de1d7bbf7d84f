import { sql, TransactionRollbackError } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { JobBackend } from '../../queue/backend.ts';
import { renderTable } from '../table.ts';
import { DocintelError } from '../../errors.ts';
import { DatabaseError } from '../../db/query-errors.ts';

export async function statusCommand(db: Db, backend: JobBackend): Promise<string> {
  const docs = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from documents group by status order by status`);
  const qs = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from questions group by status order by status`);
  const counts = await backend.counts();
  const queueRows = Object.entries(counts).map(([queue, c]) => ({ queue, ...c }));
  return [
    `queue backend: ${backend.kind}`,
    renderTable(queueRows),
    '',
    'documents by status:',
    renderTable(docs),
    '',
    'questions by status:',
    renderTable(qs),
  ].join('\n');
}

export async function docsCommand(db: Db): Promise<string> {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select d.id::int as id, d.file_name as file, d.status, d.page_count as pages,
          (select count(*)::int from lines l where l.document_id = d.id) as lines,
          (select count(*)::int from toc_entries t where t.document_id = d.id) as toc_entries,
          d.toc_source, coalesce(d.error_code || ': ' || d.error, '') as error
        from documents d order by d.id`,
  );
  return renderTable(r);
}

/** The role `docintel sql` queries run as (created by migration 0003): SELECT on docintel's tables and views only. */
export const SQL_READER_ROLE = 'docintel_sql_reader';

export interface SqlOptions {
  /** Rows returned at most; the result says when more were cut off. */
  rowCap?: number;
  /** statement_timeout for the query, in milliseconds. */
  timeoutMs?: number;
}

export interface SqlResult {
  rows: Record<string, unknown>[];
  /** True when the query had more rows than the cap. */
  truncated: boolean;
  /** The role the query ran as; null when the reader role is missing (migrating user without CREATEROLE). */
  role: string | null;
}

/**
 * Runs a user query so that it can look but never change or reach outside the database: exactly
 * one statement, refused up front when it writes or calls a file/large-object/settings function,
 * then run in a read-only transaction under the reader role (no file access, SELECT grants only),
 * with a statement timeout and a row cap. Exactly one statement is allowed, since a second one
 * (`commit; delete …`) would run after the read-only transaction ended under node-postgres'
 * simple query protocol.
 */
export async function sqlCommand(db: Db, query: string, opts: SqlOptions = {}): Promise<SqlResult> {
  const statement = singleStatement(query);
  const head = refuseWrites(statement);
  return runAsReader(db, statement, head, opts);
}

/**
 * The database-side half of `sqlCommand`: runs one statement read-only, as the reader role, with
 * the timeout and row cap. Exported so tests can show the server refuses what the keyword check
 * would have caught first.
 */
export async function runAsReader(db: Db, statement: string, head: string, opts: SqlOptions = {}): Promise<SqlResult> {
  const rowCap = opts.rowCap ?? 10_000;
  const timeoutMs = Math.max(1, Math.floor(opts.timeoutMs ?? 10_000));
  let result: SqlResult | undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local statement_timeout = ${timeoutMs}`));
      const [r] = await rows<{ usable: boolean }>(
        tx as never,
        sql`select case when exists (select 1 from pg_roles where rolname = ${SQL_READER_ROLE})
                 then pg_has_role(current_user, ${SQL_READER_ROLE}, 'MEMBER') else false end as usable`,
      );
      const role = r?.usable ? SQL_READER_ROLE : null;
      if (role) await tx.execute(sql.raw(`set local role ${role}`));
      // Row-returning statements are capped in the database, so a huge result is never fetched.
      const capped = WRAPPABLE.has(head) ? `select * from (\n${statement}\n) as docintel_sql limit ${rowCap + 1}` : statement;
      const res = (await tx.execute(sql.raw(capped))) as unknown as { rows?: Record<string, unknown>[] };
      const all = res.rows ?? [];
      result = { rows: all.slice(0, rowCap), truncated: all.length > rowCap, role };
      // Never commit: a function that writes despite READ ONLY (lo_from_bytea creates a large
      // object in a read-only transaction) leaves nothing behind.
      tx.rollback();
    });
  } catch (e) {
    if (e instanceof TransactionRollbackError && result) return result;
    throw explainSqlError(e, timeoutMs);
  }
  throw new DocintelError('sql', 'docintel sql: the query did not run');
}

/** Statements docintel sql accepts, by first keyword; the first four are wrapped for the row cap. */
const WRAPPABLE = new Set(['select', 'with', 'values', 'table']);
const READ_HEADS = new Set([...WRAPPABLE, 'explain', 'show']);
/** Keywords that make any statement (a writable CTE, SELECT INTO, FOR UPDATE) a write. */
const WRITE_WORDS = new Set(['insert', 'update', 'delete', 'merge', 'copy', 'into', 'create', 'drop', 'alter', 'truncate', 'grant', 'revoke', 'lock']);
/** Functions that reach files, large objects, settings, other sessions or other servers. */
const REFUSED_FUNCTIONS = /^(pg_read_file|pg_read_binary_file|pg_ls_\w+|pg_stat_file|pg_file_\w+|lo_\w+|set_config|dblink\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_advisory\w*|pg_try_advisory\w*|query_to_xml\w*|cursor_to_xml\w*|pg_logical_emit_message|pg_switch_wal|pg_create_\w+|txid_\w+|pg_notify)$/;

const refused = (what: string) => new DocintelError('sql', `docintel sql is read-only: ${what} is not allowed`);

/**
 * Refuses, before anything runs, a statement that is not a plain read: the first keyword must
 * start a query, no write keyword may appear (outside strings, quoted names and comments), and no
 * file, large-object or settings function may be called. Returns the first keyword, lower case.
 */
export function refuseWrites(statement: string): string {
  const words = sqlWords(statement);
  const head = words[0]?.word ?? '';
  if (!READ_HEADS.has(head)) throw refused(head ? head.toUpperCase() : 'an empty statement');
  for (const { word, call } of words) {
    if (WRITE_WORDS.has(word)) throw refused(word === 'into' ? 'SELECT INTO' : word === 'update' && !call ? 'UPDATE (or FOR UPDATE)' : word.toUpperCase());
    if (call && REFUSED_FUNCTIONS.test(word)) throw refused(`${word}()`);
  }
  return head;
}

/** The statement's bare words (lower case), skipping string literals, quoted identifiers and comments. */
function sqlWords(q: string): { word: string; call: boolean }[] {
  const out: { word: string; call: boolean }[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (c === "'" || c === '"') {
      const end = q.indexOf(c, i + 1);
      i = end < 0 ? q.length : end + 1;
    } else if (c === '-' && q[i + 1] === '-') {
      const nl = q.indexOf('\n', i);
      i = nl < 0 ? q.length : nl + 1;
    } else if (c === '/' && q[i + 1] === '*') {
      const end = q.indexOf('*/', i + 2);
      i = end < 0 ? q.length : end + 2;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(q.slice(i))!;
      i += m[0].length;
      // A preceding dot means a qualified name's second part (pg_catalog.lo_import): still a call.
      const rest = q.slice(i);
      out.push({ word: m[0].toLowerCase(), call: /^\s*\(/.test(rest) });
    } else i++;
  }
  return out;
}

/** Says why the server refused the query, in docintel's words. */
function explainSqlError(e: unknown, timeoutMs: number): unknown {
  if (!(e instanceof DatabaseError)) return e;
  const reason = e.message.replace(/ \(query: [\s\S]*\)$/, '');
  if (e.sqlState === '25006') {
    const what = /cannot execute (.+?) in a read-only transaction/.exec(reason)?.[1] ?? reason;
    return refused(what);
  }
  // 25001: "transaction read-write mode must be set before any query" (set_config of transaction_read_only).
  if (e.sqlState === '42501' || e.sqlState === '25001') return new DocintelError('sql', `docintel sql is read-only: ${reason}`);
  if (e.sqlState === '57014') return new DocintelError('sql', `docintel sql: query cancelled by the ${timeoutMs} ms statement timeout`);
  return new DocintelError('sql', reason);
}

/** Returns the query without trailing semicolons; throws when it holds more than one statement. */
export function singleStatement(query: string): string {
  const q = query.trim().replace(/;\s*$/, '');
  let quote: string | null = null;
  for (let i = 0; i < q.length; i++) {
    const c = q[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '-' && q[i + 1] === '-') {
      const nl = q.indexOf('\n', i);
      i = nl < 0 ? q.length : nl;
    } else if (c === ';') throw new DocintelError('sql', 'docintel sql runs one statement at a time');
    else if (c === '$' && /^\$[A-Za-z_]*\$/.test(q.slice(i))) throw new DocintelError('sql', 'dollar-quoted strings are not accepted by docintel sql');
  }
  return q;
}
