import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * Paragraphs a paper numbers by a word of its own ("Definition 1. Name. ..."): one list across
 * the document, each member named by its run-in name. A numbered list inside one member (the
 * two conditions of a cluster) is a part of that member, not the answer to "which concepts are
 * defined".
 */

const paper: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '2 Clustering by Density', { bold: true, size: 14 });
    at(doc, 72, 88, 'We recall the notions the method rests on, one definition at a time.');
    at(doc, 72, 115, 'Definition 1. Radius. The radius of a point is the distance within which its neighbours lie.');
    at(doc, 72, 140, 'Definition 2. Dense point. A point is dense when its radius holds at least five points.');
    at(doc, 72, 165, 'Definition 3. Reachable. A point is reachable from a dense point within its radius.');
    at(doc, 72, 190, 'Definition 4. Group. A group is a set of points that satisfies the following conditions:');
    at(doc, 90, 208, '1. Closure: every point reachable from a member is a member.');
    at(doc, 90, 224, '2. Linkage: any two members are reachable from a common point.');
    at(doc, 72, 250, 'Definition 2 gives the threshold of five points that the rest of the paper keeps fixed.');
  },
  (doc) => {
    at(doc, 72, 60, '3 Ordering', { bold: true, size: 14 });
    at(doc, 72, 88, 'Definition 5 (Core radius). The core radius of a dense point is the smallest radius that keeps it dense.');
    at(doc, 72, 120, 'The ordering visits points by their core radius, the smallest first.');
  },
];

describe('paragraphs numbered by a word of the document', () => {
  it('reads them as one list across the sections, named by their run-in names; a reference back is no member', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(paper)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const family = model.lists.find((l) => l.style === 'labelled')!;
    expect(family.intro).toBe('Definition 1 to Definition 5');
    expect(model.items.filter((i) => i.listId === family.id).map((i) => i.label)).toEqual(['Radius', 'Dense point', 'Reachable', 'Group', 'Core radius']);
    expect(family.endedBy).toBe('text');
  });
});

describe('a question that names the numbered paragraphs (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(paper), 'density-paper.pdf');

  it('answers with the members of the family, not with the numbered list inside one of them', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which concepts does the paper formally define in its numbered definitions?');
    expect(answer.items.map((i) => i.name)).toEqual(['Radius', 'Dense point', 'Reachable', 'Group', 'Core radius']);
  });
});
