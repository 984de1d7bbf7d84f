export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
/** pdf.js for this thread, loaded once, with the built-ins its polyfills replaced put back. */
export function loadPdfJs(): Promise<PdfJs>;
