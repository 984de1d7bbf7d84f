/**
 * Text Postgres can store. A `text` value may not contain U+0000 ("invalid byte sequence for
 * encoding UTF8: 0x00") and a lone UTF-16 surrogate has no UTF-8 encoding at all; both turn up
 * in text extracted from damaged or oddly encoded PDFs and in error messages quoting such text.
 * Everything that leaves the parser or is stored as an error passes through here.
 */

// U+0000, and a high surrogate not followed by a low one or a low surrogate not preceded by a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes NULs and lone surrogates; everything else (including valid surrogate pairs) is kept. */
export function storableText(s: string): string {
  return s.replace(UNSTORABLE, '');
}

/** `storableText` for nullable values (titles, labels, font names). */
export function storableOrNull(s: string | null | undefined): string | null {
  return s == null ? null : storableText(s);
}

export const ERROR_MESSAGE_MAX = 500;

/**
 * An error message fit to store in a row or a log line: query parameters dropped (drizzle's
 * "Failed query: … params: …" lists every bound value, e.g. a document's whole text), control
 * characters and unstorable code points removed, one line, at most `max` characters.
 */
export function safeErrorMessage(e: unknown, max = ERROR_MESSAGE_MAX): string {
  let msg = e instanceof Error ? e.message : typeof e === 'string' ? e : String(e);
  msg = stripQueryParams(msg);
  msg = storableText(msg)
    // C0/C1 controls (tabs and newlines included) become spaces: stored errors are one line.
    .replace(/[\u0001-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (msg.length > max) {
    let cut = msg.slice(0, max - 1);
    // Never end on half a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
    msg = `${cut}…`;
  }
  return msg;
}

/** Drops a trailing "params: …" list (drizzle's query error format) wherever it appears. */
export function stripQueryParams(msg: string): string {
  return msg.replace(/(^|\n|\s)params:[\s\S]*$/, '$1[params omitted]');
}
