#!/usr/bin/env node
// Runs the compiled CLI (dist/, built by `npm run build` and by `npm ci` through `prepare`) when
// it is at least as new as every file under src/; otherwise the TypeScript sources directly, through
// the tsx loader, so there is never a build step between an edit and its use. Compiled JS spares
// each process the loader (~170 MiB of RSS). DOCINTEL_FROM_SOURCE=1 forces the sources.
import { runsCompiled } from './compiled-build.js';

if (runsCompiled()) {
  await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
