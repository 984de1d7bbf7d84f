import path from 'node:path';
import type { Db } from '../db/client.ts';
import type { JobBackend } from '../queue/backend.ts';
import { registerDocument } from '../sql/register-document.ts';
import { markDocumentFailed, requeueDocument } from '../sql/mark-document.ts';
import { discoverFiles } from './discover-files.ts';
import { sha256File, sha256Text } from './hash-file.ts';

export interface IngestedFile {
  path: string;
  documentId: number;
  sha256: string;
  outcome: 'queued' | 'duplicate' | 'failed';
  reason?: string;
}

/**
 * Hashes the files, registers one document per distinct content and enqueues parse jobs in
 * bulk. Files already stored are reported as duplicates and cost nothing; a path that cannot
 * be read still gets a failed document row, so the batch summary shows it.
 */
export async function ingestPaths(db: Db, backend: JobBackend, args: string[]): Promise<IngestedFile[]> {
  const files = await discoverFiles(args);
  const results: IngestedFile[] = [];
  const jobs: { documentId: number; sha256: string }[] = [];
  for (const f of files) {
    const hashed = f.missing ? null : await sha256File(f.path).catch(() => null);
    if (!hashed) {
      // No bytes to hash: key the failure by path, so re-running reports it once, not twice.
      const key = `unreadable:${sha256Text(f.path)}`;
      const doc = await registerDocument(db, { sha256: key, path: f.path, fileName: path.basename(f.path), byteSize: null });
      const reason = f.missing ? `path does not exist: ${f.path}` : `cannot read file: ${f.path}`;
      await markDocumentFailed(db, doc.id, 'unreadable', reason);
      results.push({ path: f.path, documentId: doc.id, sha256: key, outcome: 'failed', reason });
      continue;
    }
    const doc = await registerDocument(db, { sha256: hashed.sha256, path: f.path, fileName: path.basename(f.path), byteSize: hashed.bytes });
    if (!doc.created && doc.status === 'failed') {
      // Bad input fails the same way every time: report it, do not parse it again.
      if (doc.error_code !== 'internal') {
        results.push({ path: f.path, documentId: doc.id, sha256: hashed.sha256, outcome: 'failed', reason: `${doc.error_code}: ${doc.error ?? ''}` });
        continue;
      }
      await requeueDocument(db, doc.id);
    }
    const duplicate = !doc.created && (doc.status === 'parsed' || results.some((r) => r.documentId === doc.id));
    if (duplicate) {
      results.push({ path: f.path, documentId: doc.id, sha256: hashed.sha256, outcome: 'duplicate' });
      continue;
    }
    // Queued or half-done documents are enqueued again: the job id makes that a no-op if the job still exists.
    jobs.push({ documentId: doc.id, sha256: hashed.sha256 });
    results.push({ path: f.path, documentId: doc.id, sha256: hashed.sha256, outcome: 'queued' });
  }
  await backend.enqueueParse(jobs);
  return results;
}
