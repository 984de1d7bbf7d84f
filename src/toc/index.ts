// Entry point used by the parse job; swapped to the full verify/repair/rebuild builder when it lands.
export { buildOutlineOnlyToc as buildToc } from './outline-basic.ts';
export { renderBasicTree as renderTocTree } from './outline-basic.ts';
