/**
 * Typed errors. Each carries a stable `code` (stored on the document row and
 * in the trace) and the context needed to find the failing thing again.
 */
export type ErrorContext = { documentId?: number; page?: number; jobId?: string; questionId?: number; path?: string };

export class DocintelError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly context: ErrorContext = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
  toJSON() {
    return { name: this.name, code: this.code, message: this.message, context: this.context };
  }
}

/** Codes for input that will never parse: such jobs are not retried. */
export const BAD_INPUT_CODES = [
  'not_pdf',
  'corrupt',
  'encrypted',
  'empty',
  'no_text',
  'too_many_pages',
  'unreadable',
] as const;
export type BadInputCode = (typeof BAD_INPUT_CODES)[number];

/** The document itself is unusable; retrying cannot help. */
export class BadInputError extends DocintelError {
  constructor(code: BadInputCode, message: string, context: ErrorContext = {}, options?: { cause?: unknown }) {
    super(code, message, context, options);
  }
}

/** Something outside the document failed (database, timeout): worth a retry. */
export class TransientError extends DocintelError {}

/** A question names a document that does not exist. */
export class NotFoundError extends DocintelError {}

/** The LLM replied with something that does not match the schema even after repair. */
export class LlmSchemaError extends DocintelError {}

/** The LLM endpoint failed after all retries. */
export class LlmUnavailableError extends DocintelError {}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
