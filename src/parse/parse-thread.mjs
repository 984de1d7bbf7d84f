// Worker-thread entry: loads pdf.js first, then registers the TypeScript loader and runs the parser
// off the main event loop. pdf.js goes before tsx because, loaded through tsx, its bundles cost
// ~340 MiB more RSS per thread (see load-pdfjs.mjs); the .ts modules reuse the loaded instance.
import { register } from 'tsx/esm/api';
import { loadPdfJs } from './load-pdfjs.mjs';

await loadPdfJs();
register();
await import('./parse-thread-main.ts');
