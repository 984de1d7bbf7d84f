/**
 * Bench-only: lines through `COPY lines FROM STDIN` on a raw node-postgres client, for the
 * COPY-versus-unnest figure. pg-copy-streams would be a new dependency; this is the part of it the
 * comparison needs: pg's Submittable hooks for the CopyInResponse / CommandComplete /
 * ReadyForQuery messages, with the whole document sent as one text-format chunk.
 */
import type pg from 'pg';
import type { ParsedLine } from '../src/parse/types.ts';

const COLUMNS = 'document_id, page_num, line_num, text, x0, y0, x1, y1, font, size, bold, lead_in, "column", furniture';

/** COPY text format: backslash, tab, newline and CR escaped; \N is NULL. */
function field(v: string | null): string {
  if (v === null) return '\\N';
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export function copyText(documentId: number, lines: ParsedLine[]): string {
  const out: string[] = [];
  for (const l of lines) {
    out.push(
      [documentId, l.pageNum, l.lineNum, field(l.text), l.x0, l.y0, l.x1, l.y1, field(l.font), l.size, l.bold ? 't' : 'f', field(l.leadIn), l.column, l.furniture ? 't' : 'f'].join('\t'),
    );
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

type Connection = { query(text: string): void; sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void };

/** Runs COPY ... FROM STDIN with `body` as the data; resolves with the row count. */
export function copyFrom(client: pg.ClientBase, statement: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let error: unknown = null;
    const submittable = {
      submit(connection: Connection) {
        connection.query(statement);
      },
      handleCopyInResponse(connection: Connection) {
        if (body) connection.sendCopyFromChunk(Buffer.from(body));
        connection.endCopyFrom();
      },
      handleCommandComplete(msg: { text?: string }) {
        rows = Number(/COPY (\d+)/.exec(msg.text ?? '')?.[1] ?? 0);
      },
      handleError(e: unknown) {
        error = e;
      },
      handleReadyForQuery() {
        if (error) reject(error);
        else resolve(rows);
      },
    };
    client.query(submittable as never);
  });
}

export function copyLines(client: pg.ClientBase, documentId: number, lines: ParsedLine[], table = 'lines'): Promise<number> {
  return copyFrom(client, `COPY ${table} (${COLUMNS}) FROM STDIN`, copyText(documentId, lines));
}
