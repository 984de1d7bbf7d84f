import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { DocintelError } from '../errors.ts';
import { safeErrorMessage } from '../sanitize.ts';

/**
 * A failed query, described without its parameters. drizzle's own error says
 * "Failed query: <sql> params: <every bound value>", and that message ends up in logs, in
 * BullMQ's failedReason/stacktrace in Redis and in `documents.error`; for a bulk insert the
 * params are the document's whole text. This error keeps the server's reason, its SQLSTATE
 * and the head of the statement, and nothing else.
 */
export class DatabaseError extends DocintelError {
  constructor(
    message: string,
    /** SQLSTATE from the server (e.g. '22021'), when there is one. */
    readonly sqlState: string | undefined,
    /** The first words of the statement, to say which query failed. */
    readonly statement: string,
  ) {
    super('database', message);
  }
}

/** Turns drizzle's query error into a DatabaseError; any other value is returned unchanged. */
export function withoutQueryParams(e: unknown): unknown {
  if (!(e instanceof DrizzleQueryError)) return e;
  const cause = e.cause as { message?: string; code?: string } | undefined;
  const reason = safeErrorMessage(cause?.message ?? 'query failed', 300);
  const statement = safeErrorMessage(e.query, 120);
  return new DatabaseError(`${reason} (query: ${statement})`, typeof cause?.code === 'string' ? cause.code : undefined, statement);
}

let installed = false;

/**
 * Wraps drizzle's one choke point for query execution (both the node-postgres and the PGlite
 * drivers run every query through PgPreparedQuery.queryWithCache), so no caller ever sees a
 * DrizzleQueryError. Idempotent.
 */
export function installQueryErrorScrubber(): void {
  if (installed) return;
  installed = true;
  const proto = PgPreparedQuery.prototype as unknown as {
    queryWithCache: (this: unknown, queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
  };
  const original = proto.queryWithCache;
  if (typeof original !== 'function') throw new Error('drizzle-orm changed: PgPreparedQuery.queryWithCache is missing');
  proto.queryWithCache = async function (queryString, params, query) {
    try {
      return await original.call(this, queryString, params, query);
    } catch (e) {
      throw withoutQueryParams(e);
    }
  };
}

// Socket errors, and the SQLSTATEs of a server going away: class 08 (connection exception),
// 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up).
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES = /connection terminated|terminating connection|connection timeout|server closed the connection|client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Whether an error means the database connection is lost (worth waiting out), not that a query is wrong. */
export function isConnectionError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth += 1) {
    const x = cur as { code?: unknown; sqlState?: unknown; message?: unknown; cause?: unknown };
    for (const code of [x.code, x.sqlState]) {
      if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    }
    if (typeof x.message === 'string' && CONNECTION_MESSAGES.test(x.message)) return true;
    cur = x.cause;
  }
  return false;
}
