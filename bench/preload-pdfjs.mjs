// `npm run bench` loads pdf.js before the TypeScript loader, as the parser threads do
// (see src/parse/load-pdfjs.mjs): through tsx its bundles cost ~340 MiB more RSS.
import { loadPdfJs } from '../src/parse/load-pdfjs.mjs';

await loadPdfJs();
