import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * Items numbered by a bare figure ("1 Always tag ..."), with no dot or bracket: only the layout
 * (lines hanging where the text starts after the figure, figures counting 1, 2, 3 at one x) says
 * they are a list. A page of prose whose lines open with numbers ("3 sets of data ...") is no
 * list. The checklist is a section of its own, with nothing else in its body.
 */

const MARK_X = 72;
const SIZE = 10;
// Where the text starts after "1 " (Helvetica figures are 0.556 em, a space 0.278 em).
const HANG_X = MARK_X + 0.834 * SIZE;

const checklist: string[][] = [
  ['1 Tag every release in the repository with its version number before the archive is built,', 'and sign the tag with the key the project publishes on its download page.'],
  ['2 Build the archive from a clean checkout of the tag, never from a working copy that holds', 'local changes, and keep the build log beside the archive.'],
  ['3 Publish the checksums of every archive next to it on the download page.'],
  ['4 Announce the release on the mailing list once the archives can be downloaded, and link', 'the notes that say what changed since the release before.'],
];

const draw: Draw[] = [
  (doc) => {
    doc.outline.addItem('1 Overview');
    at(doc, 72, 60, '1 Overview', { bold: true, size: 14 });
    const prose = [
      'The project ships a release four times a year. Each release is built by one maintainer.',
      '3 sets of data were kept for every release in the last year: downloads, bug reports and',
      'the time from tag to announcement. The numbers are in the yearly report.',
      '12 maintainers have built a release so far; each one kept to the checklist below.',
    ];
    prose.forEach((t, i) => at(doc, 72, 90 + i * 13, t, { size: SIZE }));
  },
  (doc) => {
    doc.outline.addItem('Appendix A Release Checklist');
    at(doc, 72, 60, 'Appendix A', { bold: true, size: 16 });
    at(doc, 72, 85, 'Release Checklist', { bold: true, size: 18 });
    let y = 130;
    for (const item of checklist) {
      item.forEach((line, k) => at(doc, k === 0 ? MARK_X : HANG_X, y + k * 12, line, { size: SIZE }));
      y += item.length * 12 + 8;
    }
  },
];

async function modelOf(pages: Draw[]) {
  const parsed = await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 10 });
  return { parsed, model: buildStructure(parsed, buildToc(parsed).entries) };
}

describe('items numbered by a bare figure', () => {
  it('reads a run of hanging items numbered 1, 2, 3, 4 as one list, each item whole', async () => {
    const { model } = await modelOf(draw);
    const list = model.lists.find((l) => l.style === 'bare');
    // Before: a figure without a dot or bracket was no marker, and the items were text.
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list!.id);
    expect(items.map((i) => i.text)).toEqual(checklist.map((lines) => lines.join(' ').replace(/^\d+ /, '')));
  });

  it('leaves prose whose lines open with numbers as text', async () => {
    const { model } = await modelOf(draw);
    const onOverview = model.lists.filter((l) => l.pageStart === 1 && l.style === 'bare');
    expect(onOverview).toEqual([]);
  });
});

describe('a checklist section through the pipeline (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(draw), 'release-guide.pdf');

  it('answers with the list that is the whole body of the section the question names', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('How many points are on the release checklist, and what do they say?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name.split(' ').slice(0, 2).join(' '))).toEqual(['Tag every', 'Build the', 'Publish the', 'Announce the']);
    const cands = trace.find((t) => t.step === 'candidates')!.output as { top: { features: Record<string, number> }[] };
    // Placed by routing: the section's body is that list.
    expect(cands.top[0]!.features.sectionList).toBe(1);
    // The list runs to the document's end, which closes nothing: no "complete" without a count.
    expect(answer.isComplete).not.toBe(true);
  });
});
