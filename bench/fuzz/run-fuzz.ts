/**
 * `npm run fuzz -- --count N [--seed S] [--concurrency C] [--keep]`: writes N mutated copies of
 * small corpus PDFs, ingests them in one inline batch (in-process backend, a fresh Postgres
 * database), then prints counts per outcome and error code, peak RSS and wall time. Exits 1 when
 * a document is left unfinished, a failed one kept rows, or the ingest itself threw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../src/app.ts';
import { ingestCommand } from '../../src/cli/commands/ingest.ts';
import { loadConfig } from '../../src/config.ts';
import { createBenchDatabase } from '../bench-db.ts';
import { peakRssMiB, settings } from '../env.ts';
import { FUZZ_SOURCES, fuzzDocRows, fuzzOutcomeCounts, fuzzViolations, writeFuzzFiles } from './fuzz-batch.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    seed: { type: 'string', default: '11' },
    concurrency: { type: 'string', default: '2' },
    'timeout-ms': { type: 'string', default: '30000' },
    keep: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');

const dir = mkdtempSync(path.join(tmpdir(), 'docintel-fuzz-'));
const t0 = performance.now();
const files = writeFuzzFiles(dir, FUZZ_SOURCES.map((f) => path.join(settings.corpusDir, f)), count, seed);
process.stderr.write(`fuzz: ${files.length} files (seed ${seed}) in ${dir}\n`);
const bench = await createBenchDatabase(settings.adminUrl);
await bench.database.close();
const app = await createApp({
  config: loadConfig({
    DATABASE_URL: bench.url,
    DOCINTEL_CONCURRENCY: values.concurrency,
    DOCINTEL_PARSE_TIMEOUT_MS: values['timeout-ms'],
    DOCINTEL_LOG_LEVEL: process.env.DOCINTEL_LOG_LEVEL ?? 'error',
  }),
});
let ingestError: unknown = null;
let exitCode = 0;
try {
  const tIngest = performance.now();
  await ingestCommand(app, [dir], { wait: true, localWorker: true, quiet: true }).catch((e) => {
    ingestError = e;
  });
  const ingestMs = performance.now() - tIngest;
  const docs = await fuzzDocRows(app.db);
  const violations = fuzzViolations(docs);
  const counts = fuzzOutcomeCounts(docs);
  const wallMs = performance.now() - t0;
  console.log(`files: ${files.length}  documents: ${docs.length}  seed: ${seed}  concurrency: ${values.concurrency}`);
  for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(24)} ${v}`);
  console.log(`retried documents (attempts > 1): ${docs.filter((d) => d.attempts > 1).length}`);
  console.log(`ingest: ${(ingestMs / 1000).toFixed(1)} s  wall: ${(wallMs / 1000).toFixed(1)} s  peak RSS: ${peakRssMiB().toFixed(0)} MiB`);
  if (ingestError) console.log(`ingest threw: ${(ingestError as Error).message}`);
  if (violations.length) console.log(`violations (${violations.length}):\n  ${violations.join('\n  ')}`);
  exitCode = ingestError || violations.length || docs.length !== files.length ? 1 : 0;
} finally {
  await app.close();
  if (values.keep) process.stderr.write(`fuzz: kept database ${bench.name} and ${dir}\n`);
  else {
    await bench.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(exitCode);
