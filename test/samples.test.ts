import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readQuestionsFile } from '../src/producer/questions-file.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = path.join(ROOT, 'samples');

interface Row {
  file: string;
  pages: number;
  bytes: number;
  sha256: string;
}

/** The rows of the table in samples/README.md (file, ..., pages, bytes, sha256 in its last three columns). */
function readmeRows(): Row[] {
  const text = readFileSync(path.join(SAMPLES, 'README.md'), 'utf8');
  return text
    .split('\n')
    .filter((l) => /^\| `[^`]+\.pdf` \|/.test(l))
    .map((l) => {
      const cells = l.split('|').slice(1, -1).map((c) => c.trim());
      return {
        file: cells[0]!.replace(/`/g, ''),
        pages: Number(cells.at(-3)),
        bytes: Number(cells.at(-2)!.replace(/,/g, '')),
        sha256: cells.at(-1)!.replace(/`/g, ''),
      };
    });
}

describe('samples/ (the PDFs `npm run demo` reads on a fresh clone)', () => {
  const rows = readmeRows();

  it('the README describes exactly the PDFs in the folder, under 6 MB in total', () => {
    const pdfs = readdirSync(SAMPLES).filter((f) => f.endsWith('.pdf')).sort();
    expect(rows.map((r) => r.file).sort()).toEqual(pdfs);
    expect(pdfs).toEqual(['fema-sfip-dwelling-form-f122-2021.pdf', 'nist-csf-2.0.pdf', 'nist-sp-800-37r2.pdf']);
    const total = pdfs.reduce((n, f) => n + readFileSync(path.join(SAMPLES, f)).length, 0);
    expect(total).toBeLessThan(6_000_000);
  });

  it('states the true size, sha256 and page count of each file', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    for (const r of rows) {
      const bytes = readFileSync(path.join(SAMPLES, r.file));
      expect(bytes.length, r.file).toBe(r.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), r.file).toBe(r.sha256);
      const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
      expect(doc.numPages, r.file).toBe(r.pages);
      await doc.destroy();
    }
  });

  it('examples/questions.jsonl asks only about the sample documents', async () => {
    const entries = await readQuestionsFile(path.join(ROOT, 'examples/questions.jsonl'));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const names = new Set(rows.map((r) => r.file));
    for (const e of entries) expect(names.has(e.document ?? ''), `${e.id}: ${e.document}`).toBe(true);
    expect(new Set(entries.map((e) => e.document))).toEqual(names);
  });

  it('npm run demo reads samples/, not a folder outside the repository', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.demo).toMatch(/ run samples /);
    expect(pkg.scripts.demo).not.toContain('..');
  });
});
