import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, cleanEnv } from './helpers/procs.ts';
// @ts-expect-error: plain JS next to the CLI entry, no declarations
import { compiledIsCurrent } from '../bin/compiled-build.js';

const isCurrent = compiledIsCurrent as () => boolean;

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * bin/docintel.js runs dist/ when `npm ci` (prepare) or `npm run build` left a current build; the
 * other tests run the sources (DOCINTEL_FROM_SOURCE=1). This one checks that the compiled CLI,
 * parser threads included, stores exactly what the sources store. In CI `npm ci` must have left
 * a current build; elsewhere a stale or missing one is built first, so the test always runs.
 */
describe('the compiled build (dist/)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'docintel-compiled-'));
  const builtByNpmCi = isCurrent();
  beforeAll(() => {
    if (builtByNpmCi) return;
    const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is current: built by npm ci in CI, or just now', () => {
    if (process.env.CI) expect(builtByNpmCi).toBe(true);
    expect(isCurrent()).toBe(true);
  });

  // Two of the three samples (the third, 183 pages, would double the test's time for no path
  // the other two do not take: both go through the parser threads, outline and contents alike).
  const docs = ['fema-sfip-dwelling-form-f122-2021.pdf', 'nist-csf-2.0.pdf'].map((f) => path.join(ROOT, 'samples', f));
  it('parses the samples into the same rows as the sources', async () => {
    const count = "select count(*)::int as lines, count(distinct document_id)::int as docs, md5(string_agg(text || bold::text || coalesce(lead_in, ''), '|' order by document_id, page_num, line_num)) as h from lines";
    const out: string[] = [];
    for (const fromSource of ['0', '1']) {
      const env = cleanEnv({ DOCINTEL_FROM_SOURCE: fromSource, DOCINTEL_DATA_DIR: path.join(tmp, `db-${fromSource}`), DOCINTEL_LOG_LEVEL: 'warn' });
      const ingest = await cli(['ingest', ...docs], env);
      expect(ingest.code, ingest.stderr).toBe(0);
      expect(ingest.stdout).toMatch(/parsed: 2\s+failed: 0/);
      const q = await cli(['sql', '--json', count], env);
      expect(q.code, q.stderr).toBe(0);
      out.push(q.stdout);
    }
    const first = JSON.parse(out[0]!) as { lines: number; docs: number };
    expect(first.docs).toBe(2);
    expect(first.lines).toBeGreaterThan(1000);
    expect(out[0]).toBe(out[1]);
  });
});
