import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A guide whose overview list names each stage by a bold verb after a regular bullet, the
 * sentence going on in regular type ("• Survey the site before ..."), as process standards set
 * their overviews. The bold run is the item's name; the line is a list item, not a run-in
 * heading of the (rebuilt, outline-less) table of contents.
 */

const L = 60;
const STEP = 14;
const STAGES: [string, string, string][] = [
  ['Survey', ' the site and record its boundaries, its access roads and the state of the', 'ground before any other stage begins.'],
  ['Design', ' the works so that each structure meets the loads the survey found, with a', 'margin the owner accepts.'],
  ['Build', ' the structures in the order the design sets, checking each against the', 'drawings as it is finished.'],
  ['Inspect', ' the finished works against the design and the survey, and record every', 'departure found.'],
];

function guide(): Draw {
  return (doc) => {
    textAt(doc, L, 50, '1 Overview', { bold: true, size: 13 });
    textAt(doc, L, 76, 'The method runs in four stages, each one building on the record of the stage before it.');
    textAt(doc, L, 76 + STEP, 'The stages are:');
    let y = 76 + 3 * STEP;
    for (const [term, first, second] of STAGES) {
      textAt(doc, L + 10, y, '•');
      textAt(doc, L + 24, y, term, { bold: true });
      textAt(doc, L + 24 + doc.font('Helvetica-Bold').fontSize(11).widthOfString(`${term} `), y, first.trim());
      textAt(doc, L + 24, y + STEP, second);
      y += 2 * STEP + 6;
    }
    textAt(doc, L, y + 10, '2 Records', { bold: true, size: 13 });
    textAt(doc, L, y + 36, 'Each stage keeps its own record, signed by the person who carried it out.');
    // A year before a bold title is no list marker: the title is no item's name.
    textAt(doc, L, y + 56, '2023');
    textAt(doc, L + doc.font('Helvetica').fontSize(11).widthOfString('2023 '), y + 56, 'Annual Report', { bold: true });
    textAt(doc, L + doc.font('Helvetica').fontSize(11).widthOfString('2023 ') + doc.font('Helvetica-Bold').fontSize(11).widthOfString('Annual Report '), y + 56, 'of the works was filed.');
  };
}

const pdf = () => drawPdf([guide()]);

describe('bold item terms after a regular bullet (generated)', () => {
  it('records the bold term as the line lead-in and names the item by it', async () => {
    const parsed = await parsePdf(new Uint8Array(await pdf()), { pageCap: 5 });
    const bulletLines = parsed.lines.filter((l) => l.text.startsWith('•'));
    expect(bulletLines.map((l) => l.leadIn)).toEqual(STAGES.map(([t]) => t));
    expect(parsed.lines.find((l) => l.text.startsWith('2023'))!.leadIn).toBeNull();
    const toc = buildToc(parsed).entries;
    // The terms open list items: no section of the rebuilt contents is named after one.
    expect(toc.some((e) => STAGES.some(([t]) => e.title === t))).toBe(false);
    const model = buildStructure(parsed, toc);
    const list = model.lists.find((l) => l.intro === 'The stages are:')!;
    const items = model.items.filter((i) => i.listId === list.id);
    expect(items.map((i) => i.label)).toEqual(STAGES.map(([t]) => t));
    // The whole text is kept: both lines of each item.
    expect(items[0]!.text).toBe(`${STAGES[0]![0]}${STAGES[0]![1]} ${STAGES[0]![2]}`);
  });

  const doc = generatedDocument(pdf, 'works-guide.pdf');

  it('answers the listing question with the terms as item names and the whole item among the surface forms', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What are the stages of the method?');
    expect(answer.items.map((i) => i.name)).toEqual(STAGES.map(([t]) => t));
    expect(answer.items[3]!.surfaceForms).toContain(`${STAGES[3]![0]}${STAGES[3]![1]} ${STAGES[3]![2]}`);
    expect(answer.isComplete).toBe(true);
    expect(answer.statedCount).toBe(4);
  });
});
