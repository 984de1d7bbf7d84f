// The TOC the parse job stores and routing walks: the outline verified, cleaned, gap-filled and
// deepened, or rebuilt from the printed contents page or the headings.
export { buildToc } from './build-toc.ts';
export { renderTocTree } from './render-toc.ts';
