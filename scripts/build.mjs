#!/usr/bin/env node
// Compiles src/ to dist/ (tsc -p tsconfig.build.json), copies the plain .mjs modules tsc leaves
// out (they sit next to a .d.mts), and writes dist/.build-stamp last: bin/docintel.js runs dist/
// only while the stamp is newer than every file under src/, and the TypeScript sources through
// tsx otherwise. Why compiled JS at all: the tsx loader alone costs a worker ~170 MiB of RSS.
//
// `--optional` (the `prepare` script, run by `npm ci`): a build that cannot run or fails leaves
// no dist/ behind and exits 0, so a fresh clone still works, from source, as before.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const optional = process.argv.includes('--optional');
const dist = path.join(root, 'dist');

function fail(why) {
  rmSync(dist, { recursive: true, force: true });
  if (!optional) {
    console.error(`build failed: ${why}`);
    process.exit(1);
  }
  console.error(`docintel: no compiled build (${why}); bin/docintel.js runs the TypeScript sources through tsx`);
  process.exit(0);
}

let tsc;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  fail('typescript is not installed');
}
rmSync(dist, { recursive: true, force: true });
const res = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (res.status !== 0) fail(`tsc exited with ${res.status ?? res.signal}`);
for (const dir of ['parse']) {
  for (const f of readdirSync(path.join(root, 'src', dir))) {
    if (f.endsWith('.mjs')) copyFileSync(path.join(root, 'src', dir, f), path.join(dist, dir, f));
  }
}
writeFileSync(path.join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);
