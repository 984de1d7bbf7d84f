import { describe, expect, it } from 'vitest';
import { scoreEntry, siblingKeywordWeights, type RouteQuery } from '../src/route/score-entry.ts';
import type { TocNode } from '../src/sql/toc-level.ts';

const node = (id: number, title: string, lineCount: number, hits: number[]): TocNode => ({
  id, parentId: null, level: 1, title, pageStart: id, pageEnd: id, lineStart: 1, childCount: 0, flags: [], lineCount, hits, strongHits: 0, anchorBelow: 0, nounBelow: 0,
});

describe('routing scores (unit)', () => {
  it('weighs the density of hits by how well each keyword tells the siblings apart', () => {
    // "stream" is in every sibling's body, "flush" in one: a one-page example dense with
    // "stream" is not thereby denser with the question than the reference that holds "flush".
    // Two words no body holds ("behaviours", "chosen") weigh most, as a question's own words do.
    const keywords = ['flush', 'behaviours', 'chosen', 'stream', 'sending'];
    const level = [
      node(1, 'Background', 60, [0, 0, 0, 4, 0]),
      node(2, 'Concepts', 80, [0, 0, 0, 5, 1]),
      node(3, 'Command reference', 160, [10, 0, 0, 3, 4]),
      node(4, 'Example usage', 12, [0, 0, 0, 2, 1]),
    ];
    const weights = siblingKeywordWeights(level, keywords);
    const q: RouteQuery = { intent: 'listing', keywords, codes: [], phrases: [], scope: null, sectionRef: null, itemNoun: null };
    const score = (n: TocNode) => scoreEntry(n, q, { keywordWeights: weights, evidenceShare: 0, siblings: level.length }).score;
    // Before: the example's raw density (3 hits in 12 lines) took the capped maximum and it
    // outscored the reference.
    expect(score(level[2]!)).toBeGreaterThan(score(level[3]!));
  });
});
