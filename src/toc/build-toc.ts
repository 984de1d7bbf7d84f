/**
 * Builds a document's table of contents: the native outline, verified, cleaned, completed and deepened;
 * or, when there is no usable outline, a TOC rebuilt from the printed contents page or from the headings.
 * Deterministic and document-agnostic: every rule reads numbering, typography and layout, never titles.
 */

import { numberedContentsLines } from './numbered-contents.ts';
import { nestBySiblingStyle } from './nest-by-style.ts';
import type { ParsedDocument } from '../parse/types.ts';
import { findContents } from './contents-page.ts';
import { buildIndex, type DocIndex } from './doc-index.ts';
import { deepen } from './deepen.ts';
import { contentsToNodes } from './from-contents.ts';
import { headingsToNodes } from './from-headings.ts';
import { fillGaps } from './gaps.ts';
import { appendTrailingHeadings } from './trailing.ts';
import { flagNoise } from './noise.ts';
import { toRows } from './to-rows.ts';
import { preorder, type TocNode } from './tree.ts';
import type { TocRow, TocSource } from './types.ts';
import { outlineToNodes, verifyOutline } from './verify-outline.ts';

export interface TocResult {
  entries: TocRow[];
  tocSource: TocSource;
  stats: Record<string, number>;
}

type Stats = Record<string, number>;

function fromOutline(index: DocIndex, stats: Stats): TocNode[] {
  const roots = outlineToNodes(index.doc.outline);
  const v = verifyOutline(index, roots);
  stats.outline_entries = preorder(roots).length;
  stats.outline_verified = v.verified;
  stats.outline_repaired = v.repaired;
  stats.outline_unverified = v.unverified;
  const noise = flagNoise(index, roots);
  stats.flagged_sentence = noise.sentence;
  stats.flagged_duplicate = noise.duplicate;
  stats.flagged_fragment = noise.fragment;
  stats.reparented = noise.reparented;
  stats.nested_by_style = nestBySiblingStyle(index, roots);
  return roots;
}

/**
 * Poor: fewer than two real, locatable sections, or most real-looking entries point nowhere near their
 * heading. Noise alone does not make an outline poor; it is flagged and routed around.
 */
function isPoor(roots: TocNode[]): boolean {
  const routable = preorder(roots).filter((n) => n.routable);
  const good = routable.filter((n) => n.verified).length;
  return good < 2 || good < 0.5 * routable.length;
}

function complete(index: DocIndex, roots: TocNode[], stats: Stats): void {
  stats.gap_filled = fillGaps(index, roots);
  stats.trailing_headings = appendTrailingHeadings(index, roots);
  stats.deepened = deepen(index, roots);
  // Families found by deepening can have skipped numbers of their own.
  stats.gap_filled += fillGaps(index, roots);
}

/** `index` may be passed in so later stages (the structure model) share its furniture and contents lines. */
export function buildToc(doc: ParsedDocument, index: DocIndex = buildIndex(doc)): TocResult {
  const contents = findContents(index);
  for (const l of numberedContentsLines(index)) index.contents.add(l);
  const stats: Stats = { contents_rows: contents.length };
  let roots: TocNode[] = [];
  let tocSource: TocSource = 'none';

  if (doc.outline.length > 0) {
    roots = fromOutline(index, stats);
    tocSource = 'outline';
    if (isPoor(roots)) stats.outline_poor = 1;
  }
  if (tocSource === 'none' || stats.outline_poor) {
    const rebuilt = contentsToNodes(index, contents);
    if (rebuilt) {
      const v = verifyOutline(index, rebuilt.roots, { keepSource: true });
      stats.contents_verified = v.verified;
      stats.contents_adjusted = v.repaired;
      stats.contents_unverified = v.unverified;
      stats.contents_page_offset = rebuilt.mapper.offset;
      if (!isPoor(rebuilt.roots)) {
        roots = rebuilt.roots;
        tocSource = 'contents_page';
      }
    }
  }
  if (tocSource === 'none' || (tocSource === 'outline' && stats.outline_poor)) {
    const headed = headingsToNodes(index);
    if (preorder(headed).length >= 2) {
      roots = headed;
      tocSource = 'headings';
    }
  }
  if (tocSource === 'outline' || tocSource === 'contents_page') complete(index, roots, stats);

  const entries = toRows(index, roots);
  for (const e of entries) stats[`source_${e.source}`] = (stats[`source_${e.source}`] ?? 0) + 1;
  stats.entries = entries.length;
  stats.routable = entries.filter((e) => e.routable).length;
  return { entries, tocSource, stats };
}
