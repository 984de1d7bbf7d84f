import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../src/db/client.ts';
import { mutatePdfs, type MutatedPdf } from './mutate-pdfs.ts';

/** Small corpus PDFs: fuzzing is about damaged structure, not size, and must stay fast on 2 cores. */
export const FUZZ_SOURCES = ['owasp-secure-coding-practices-qrg-v2.1.pdf', 'fema-sfip-dwelling-form-f122-2021.pdf', 'fema-f-144-rcbap-sfip-2021.pdf'];

/** Writes `count` mutated copies of the source PDFs into `dir`; returns what was written. */
export function writeFuzzFiles(dir: string, sourcePaths: string[], count: number, seed: number): MutatedPdf[] {
  const sources = sourcePaths.map((p) => ({ name: path.basename(p), bytes: readFileSync(p) }));
  const files = mutatePdfs(sources, count, seed);
  for (const f of files) writeFileSync(path.join(dir, f.name), f.bytes);
  return files;
}

export interface FuzzDocRow {
  id: number;
  file_name: string;
  status: string;
  error_code: string | null;
  error: string | null;
  attempts: number;
  lines: number;
  pages: number;
  toc: number;
}

export async function fuzzDocRows(db: Db): Promise<FuzzDocRow[]> {
  return rows<FuzzDocRow>(
    db,
    sql`select d.id::int as id, d.file_name, d.status, d.error_code, d.error, d.attempts,
          (select count(*)::int from lines l where l.document_id = d.id) as lines,
          (select count(*)::int from pages p where p.document_id = d.id) as pages,
          (select count(*)::int from toc_entries t where t.document_id = d.id) as toc
        from documents d order by d.file_name`,
  );
}

/** What a fuzzed batch must never do; an empty list means the batch is sound. */
export function fuzzViolations(docs: FuzzDocRow[]): string[] {
  const out: string[] = [];
  for (const d of docs) {
    if (d.status !== 'parsed' && d.status !== 'failed') out.push(`${d.file_name}: left in status ${d.status}`);
    if (d.status === 'failed' && !d.error_code) out.push(`${d.file_name}: failed without an error code`);
    if (d.status === 'failed' && d.lines + d.pages + d.toc > 0) out.push(`${d.file_name}: failed but kept ${d.lines} lines, ${d.pages} pages, ${d.toc} toc rows`);
    if (d.status === 'parsed' && (d.lines === 0 || d.pages === 0)) out.push(`${d.file_name}: parsed with ${d.lines} lines and ${d.pages} pages`);
    if (d.error && d.error.length > 500) out.push(`${d.file_name}: stored error of ${d.error.length} chars`);
  }
  return out;
}

/** Counts per outcome ('parsed', or 'failed:<code>'). */
export function fuzzOutcomeCounts(docs: FuzzDocRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of docs) {
    const key = d.status === 'failed' ? `failed:${d.error_code ?? '?'}` : d.status;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
