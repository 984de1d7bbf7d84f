// Worker-thread entry: loads pdf.js first, then runs the parser off the main event loop. In the
// compiled build (dist/, see scripts/build.mjs) the parser is plain JS next to this file; from
// source the TypeScript loader is registered AFTER pdf.js, because loaded through tsx its bundles
// cost ~340 MiB more RSS per thread (see load-pdfjs.mjs); the .ts modules reuse the loaded instance.
import { existsSync } from 'node:fs';
import { loadPdfJs } from './load-pdfjs.mjs';

await loadPdfJs();
const compiled = new URL('./parse-thread-main.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./parse-thread-main.ts');
}
