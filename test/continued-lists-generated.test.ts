import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A short regulation built to isolate a numbered run that a heading interrupts:
 * - its annex lists acts under "Section A" numbered 1 … 3, then under "Section B" the
 *   numbering goes on, 4 … 6: the second run is a list of its own, not a skip in the first;
 * - an article before the annex mentions "the acts listed in Section B of Annex I" in a
 *   sentence that itself runs a series ("each sector, the existing governance, ..."): a list
 *   that only mentions the part a question names is not the list in that part.
 */

const L = 60;
const STEP = 14;

function article(): Draw {
  return (doc) => {
    // The outline, as an official journal's: articles, then the annex over its sections.
    doc.outline.addItem('Article 1 Subject matter');
    doc.outline.addItem('Article 2 Relation to other acts');
    textAt(doc, L, 50, 'Article 1', { bold: true, size: 12 });
    textAt(doc, L, 66, 'Subject matter', { bold: true, size: 12 });
    textAt(doc, L, 90, 'This Regulation lays down rules for the placing on the market of harbour equipment.');
    textAt(doc, L, 90 + STEP, 'It applies to the products covered by the acts of harbour legislation in the Annex.');
    textAt(doc, L, 130, 'Article 2', { bold: true, size: 12 });
    textAt(doc, L, 146, 'Relation to other acts', { bold: true, size: 12 });
    textAt(doc, L, 170, 'Any amendment to this Regulation, or implementing acts, which concerns harbour legislation listed in Section B of');
    textAt(doc, L, 170 + STEP, 'Annex I shall take into account the specificities of each sector, and the existing governance,');
    textAt(doc, L, 170 + 2 * STEP, 'conformity checks and enforcement mechanisms and authorities established therein.');
  };
}

const ACTS_A = ['Directive 2001/1 on mooring lines and repealing Directive 90/1', 'Directive 2002/7 on the safety of pontoons', 'Directive 2005/3 on dock cranes and their safety components'];
const ACTS_B = ['Regulation 2010/4 on harbour lighting and the common rules for beacons', 'Regulation 2013/9 on the approval of tug boats and their equipment', 'Directive 2016/2 on the interoperability of harbour rail systems'];

function annex(): Draw {
  return (doc) => {
    const annexEntry = doc.outline.addItem('ANNEX I');
    annexEntry.addItem('Section A. List of harbour legislation based on the common framework');
    annexEntry.addItem('Section B. List of other harbour legislation');
    textAt(doc, 260, 50, 'ANNEX I', { bold: true, size: 12 });
    textAt(doc, 200, 70, 'List of harbour legislation', { bold: true, size: 12 });
    textAt(doc, L, 100, 'Section A. List of harbour legislation based on the common framework', { bold: true, size: 11 });
    let y = 124;
    ACTS_A.forEach((a, i) => {
      textAt(doc, L, y, `${i + 1}.`);
      textAt(doc, L + 24, y, a);
      y += 2 * STEP;
    });
    textAt(doc, L, y + 6, 'Section B. List of other harbour legislation', { bold: true, size: 11 });
    y += 30;
    ACTS_B.forEach((a, i) => {
      textAt(doc, L, y, `${i + 4}.`);
      textAt(doc, L + 24, y, a);
      y += 2 * STEP;
    });
  };
}

const regulation = () => drawPdf([article(), annex()]);

describe('a numbered run that goes on under a new heading (generated)', () => {
  const doc = generatedDocument(regulation, 'harbour-regulation.pdf');

  it('stores the run under the second heading as a list of its own, numbered on from the first', async () => {
    const parsed = await parsePdf(new Uint8Array(await regulation()), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const lists = model.lists.filter((l) => l.kind === 'decimal');
    const texts = lists.map((l) => model.items.filter((i) => i.listId === l.id).map((i) => i.text));
    expect(texts).toEqual([ACTS_A, ACTS_B]);
    expect(model.items.filter((i) => i.listId === lists[1]!.id).map((i) => i.marker)).toEqual(['4.', '5.', '6.']);
    expect(lists[0]!.gapAfter).toBe(false);
  });

  it('answers the acts of the section the question names, not the sentence that mentions it', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which acts are listed in Section B of Annex I?');
    expect(answer.items.map((i) => i.name)).toEqual(ACTS_B);
    // The article's series names the section only as a mention: ranked, and marked so.
    const top = (trace.find((t) => t.step === 'candidates')?.output as { top: { first: string; features: Record<string, number> }[] }).top;
    expect(top.find((c) => c.first === 'each sector')?.features.mentionsRefOnly).toBe(1);
    expect(top.find((c) => ACTS_B[0]!.startsWith(c.first))?.features.mentionsRefOnly).toBe(0);
  });
});

/**
 * Slides of one numbered list, its frame title repeated on each: items 1 … 4 on the first slide,
 * 6 … 8 on the second. Item 5 is lost between the pages (a slide left out of the PDF): the run
 * is one list with a gap, never two lists, and nothing may call it whole.
 */
const CAPABILITIES = ['Parses configuration files of any size', 'Caches the parsed results on disk', 'Reports errors with their line numbers', 'Runs on every Unix-like system'];
const MORE = ['Exports the settings as plain text', 'Checks the settings against a schema', 'Merges several files into one'];

function slide(first: number, items: string[]): Draw {
  return (doc) => {
    textAt(doc, 20, 20, 'Capabilities', { size: 16 });
    if (first === 1) textAt(doc, L, 56, 'The configuration tool has the following capabilities:');
    items.forEach((t, i) => {
      textAt(doc, L, 80 + i * 30, `${first + i}.`);
      textAt(doc, L + 20, 80 + i * 30, t);
    });
  };
}

const slides = () => drawPdf([slide(1, CAPABILITIES), slide(6, MORE)]);

describe('a numbered run that skips one number at a page break (generated)', () => {
  const doc = generatedDocument(slides, 'capability-slides.pdf');

  it('keeps the run one list, marked as not sequential', async () => {
    const parsed = await parsePdf(new Uint8Array(await slides()), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const lists = model.lists.filter((l) => l.kind === 'decimal');
    expect(lists).toHaveLength(1);
    expect(model.items.filter((i) => i.listId === lists[0]!.id).map((i) => i.text)).toEqual([...CAPABILITIES, ...MORE]);
    expect(lists[0]!.sequential).toBe(false);
  });

  it('counts the items the text holds and does not call the list whole', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('How many capabilities are listed?');
    expect(answer.count).toBe(CAPABILITIES.length + MORE.length);
    expect(answer.isComplete).not.toBe(true);
    expect(trace.find((t) => t.step === 'candidates')?.decision).toMatch(/not proven whole: its numbering skips a number/);
  });
});
