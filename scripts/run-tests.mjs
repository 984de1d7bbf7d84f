#!/usr/bin/env node
// Runs vitest and then prints the plain closing line "N passed, N failed[, N skipped]" that CI
// reads, computed from vitest's JSON report (vitest's own summary format is not recognised there).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const out = path.join(mkdtempSync(path.join(tmpdir(), 'docintel-vitest-')), 'report.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)];
const res = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed with no failed test failed outside its tests (collection, or a beforeAll such
  // as a missing corpus in CI): vitest marks its tests skipped, but they never ran, so they count
  // as failed here (at least one per such file), never as skipped.
  for (const file of report.testResults ?? []) {
    const results = file.assertionResults ?? [];
    if (file.status !== 'failed' || results.some((t) => t.status === 'failed')) continue;
    const notRun = results.filter((t) => t.status === 'skipped' || t.status === 'pending' || t.status === 'todo').length;
    skipped -= notRun;
    failed += Math.max(1, notRun);
  }
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
const code = res.status ?? 1;
process.exit(code !== 0 ? code : failed > 0 ? 1 : passed === 0 ? 1 : 0);
