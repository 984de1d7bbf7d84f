import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A method whose overview lists its stages by bold verbs ("• Survey the site ...") and then
 * gives each stage a section of its own ("2.1 SURVEY" ...), as process standards do. The
 * overview's items and the sections are one set named twice: each item is the stage's section,
 * cited at its heading as well as at the overview line, and answers to the heading's words.
 * When the sections are titled otherwise (or are fewer than the items), the items stay the
 * overview's own, whole text and all.
 */

const L = 60;
const STEP = 14;
const STAGES: [string, string][] = [
  ['Survey', ' the site and record its boundaries and the state of the ground.'],
  ['Design', ' the works so that each structure meets the loads the survey found.'],
  ['Build', ' the structures in the order the design sets, checking each one.'],
  ['Inspect', ' the finished works against the design and record every departure.'],
];

function overview(): Draw {
  return (doc) => {
    textAt(doc, L, 50, '1 Overview', { bold: true, size: 13 });
    textAt(doc, L, 76, 'The method runs in four stages, each one building on the record of the stage before it.');
    textAt(doc, L, 76 + STEP, 'The stages are:');
    let y = 76 + 3 * STEP;
    for (const [term, rest] of STAGES) {
      textAt(doc, L + 10, y, '•');
      textAt(doc, L + 24, y, term, { bold: true });
      textAt(doc, L + 24 + doc.font('Helvetica-Bold').fontSize(11).widthOfString(`${term} `), y, rest.trim());
      y += STEP + 6;
    }
    textAt(doc, L, y + 10, 'Each stage keeps its own record, signed by the person who carried it out.');
  };
}

/** The stages' own sections, two to a page, titled by `title`. */
function stagePages(title: (term: string, n: number) => string): Draw[] {
  const page = (from: number): Draw => (doc) => {
    if (from === 0) textAt(doc, L, 50, '2 Practice', { bold: true, size: 13 });
    let y = from === 0 ? 90 : 50;
    for (let n = from; n < from + 2; n++) {
      textAt(doc, L, y, `2.${n + 1} ${title(STAGES[n]![0], n)}`, { bold: true, size: 13 });
      textAt(doc, L, y + 26, `This section sets out the tasks of the ${STAGES[n]![0].toLowerCase()} stage and the record it keeps.`);
      textAt(doc, L, y + 26 + STEP, 'The record is signed and kept with the works file until the works are handed over.');
      y += 120;
    }
  };
  return [page(0), page(2)];
}

function closing(): Draw {
  return (doc) => {
    textAt(doc, L, 50, '3 Records', { bold: true, size: 13 });
    textAt(doc, L, 76, 'Records are kept for ten years after the works are handed over to the owner.');
  };
}

describe('an overview list whose items each have a section (generated)', () => {
  const doc = generatedDocument(() => drawPdf([overview(), ...stagePages((t) => t.toUpperCase()), closing()]), 'staged-method.pdf');

  it('answers with the sections: each item cited at the overview line and at its heading', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('What are the stages of the method?');
    expect(answer.items.map((i) => i.name)).toEqual(STAGES.map(([t]) => t));
    const survey = answer.items[0]!;
    expect(survey.surfaceForms).toContain('2.1 SURVEY');
    // Page 1 (the overview line, with its words in the quote) and page 2 (the heading).
    expect(survey.citations.map((c) => c.pageNum)).toEqual([1, 2]);
    expect(survey.citations[0]!.quote).toContain('Survey');
    expect(answer.items[3]!.citations.map((c) => c.pageNum)).toEqual([1, 3]);
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessReason).toContain('sections under "2 Practice"');
    expect(trace.some((t) => t.step === 'sections_of_items')).toBe(true);
  });
});

describe('an overview list whose sections are titled otherwise (generated)', () => {
  const doc = generatedDocument(() => drawPdf([overview(), ...stagePages((t, n) => (n === 3 ? 'Handover' : t.toUpperCase())), closing()]), 'staged-method-other.pdf');

  it('keeps the overview items, whole text among the surface forms, cited once', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('What are the stages of the method?');
    expect(answer.items.map((i) => i.name)).toEqual(STAGES.map(([t]) => t));
    expect(answer.items[0]!.surfaceForms).toContain(`${STAGES[0]![0]}${STAGES[0]![1]}`);
    expect(answer.items[0]!.citations.map((c) => c.pageNum)).toEqual([1]);
    expect(trace.some((t) => t.step === 'sections_of_items')).toBe(false);
  });
});
