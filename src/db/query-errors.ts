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
