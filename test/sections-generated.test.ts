import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildToc } from '../src/toc/index.ts';
import { numberedBelow } from '../src/toc/numbering.ts';
import { stem, stemOverlap } from '../src/text/text-match.ts';
import { titleNamedBy } from '../src/route/score-entry.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { FILL } from './helpers/paper-text.ts';
import { drawPdf, type Draw } from './helpers/make-pdf.ts';

/**
 * A two-column paper built to isolate how a question for sections is answered:
 * - its second section is titled with the paper's own name ("Deep Widget Learning"), so the
 *   words that name the section also name the document;
 * - that section opens with a numbered list of its ideas, a list in the text that is no section;
 * - its sub-sections run 2.1 … 2.3, while the third section's run 3.1, 3.3 (one is not numbered
 *   in the table of contents as the document numbers it);
 * - the page where the third section starts has a figure for its whole left column, so its lines
 *   come out unsplit, and the figure's small labels sit beside the headings, one at a heading's
 *   height and one, in lower case, right after it in reading order.
 */

const LEFT = 50;
const RIGHT = 312;
const STEP = 12;

const roman = (doc: PDFKit.PDFDocument, x: number, y: number, text: string, size = 10) => doc.font('Times-Roman').fontSize(size).text(text, x, y, { lineBreak: false });
const bold = (doc: PDFKit.PDFDocument, x: number, y: number, text: string, size = 11) => doc.font('Times-Bold').fontSize(size).text(text, x, y, { lineBreak: false });


/** Prose lines from FILL[from]; a section's text opens with a capitalised line (0, 4 or 7). */
const prose = (doc: PDFKit.PDFDocument, x: number, y: number, n: number, from = 0) => {
  for (let i = 0; i < n; i++) roman(doc, x, y + i * STEP, FILL[(i + from) % FILL.length]!);
  return y + n * STEP;
};

function page1(): Draw {
  return (doc) => {
    bold(doc, 170, 40, 'Deep Widget Learning for Sorting', 14);
    bold(doc, LEFT, 80, '1. Introduction', 12);
    let y = prose(doc, LEFT, 100, 12);
    bold(doc, LEFT, y + 10, '2. Deep Widget Learning', 12);
    y = prose(doc, LEFT, y + 30, 4, 4);
    roman(doc, LEFT, y, 'The method rests on three ideas of its own:');
    roman(doc, LEFT, y + STEP, '1) widgets learn the residual of a sort,');
    roman(doc, LEFT, y + 2 * STEP, '2) shortcuts carry the input past a block,');
    roman(doc, LEFT, y + 3 * STEP, '3) blocks of widgets are stacked deep.');
    prose(doc, LEFT, y + 5 * STEP, 10, 1);
    bold(doc, RIGHT, 80, '2.1. Widget Blocks');
    y = prose(doc, RIGHT, 100, 14, 7);
    bold(doc, RIGHT, y + 10, '2.2. Shortcut Widgets');
    prose(doc, RIGHT, y + 30, 14, 0);
  };
}

/** The left column is one figure of small labels; the right column runs on with the text. */
function page2(): Draw {
  return (doc) => {
    // One short label a row, here and there across the column, as a diagram's boxes are.
    for (let i = 0; i < 52; i++) roman(doc, 60 + (i % 3) * 70, 60 + i * 13, `3x3 widget, ${64 * (1 + (i % 4))}`, 5);
    bold(doc, RIGHT, 60, '2.3. Implementation');
    let y = prose(doc, RIGHT, 80, 8, 4);
    // The heading's baseline meets a figure label's; a lower-case label follows it in reading order.
    const h = y + 14;
    bold(doc, RIGHT, h, '3. Experiments', 12);
    roman(doc, 60, h + 7, 'pool, /2', 5);
    roman(doc, 60, h + 14, 'output size: 7', 5);
    bold(doc, RIGHT, h + 22, '3.1. Sorting Benchmarks');
    y = prose(doc, RIGHT, h + 42, 10, 7);
    bold(doc, RIGHT, y + 10, '3.3. Ablations');
    prose(doc, RIGHT, y + 30, 10, 0);
  };
}

function page3(): Draw {
  return (doc) => {
    let y = prose(doc, LEFT, 60, 16, 3);
    bold(doc, LEFT, y + 10, '4. Conclusion', 12);
    prose(doc, LEFT, y + 30, 12, 4);
    prose(doc, RIGHT, 60, 30, 5);
  };
}

const paper = () => drawPdf([page1(), page2(), page3()]);

describe('sections a question asks for (generated)', () => {
  const doc = generatedDocument(paper, 'deep-widget-learning.pdf');

  it('finds the headings of a page whose left column is all figure, the figure\'s labels beside them', async () => {
    const toc = buildToc(await parsePdf(new Uint8Array(await paper()), { pageCap: 10 })).entries;
    const titles = toc.map((e) => e.title);
    expect(titles).toEqual(expect.arrayContaining(['2.3. Implementation', '3. Experiments', '3.1. Sorting Benchmarks', '3.3. Ablations']));
    const experiments = toc.find((e) => e.title === '3. Experiments')!;
    expect(toc.filter((e) => e.parentId === experiments.id).map((e) => e.title)).toEqual(['3.1. Sorting Benchmarks', '3.3. Ablations']);
    const method = toc.find((e) => e.title === '2. Deep Widget Learning')!;
    expect(toc.filter((e) => e.parentId === method.id).map((e) => e.title)).toEqual(['2.1. Widget Blocks', '2.2. Shortcut Widgets', '2.3. Implementation']);
  });

  it('answers the sub-sections of a section named with the paper\'s own words, whole by their numbers, no text list rivalling them', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which subsections does Section 2, Deep Widget Learning, contain?');
    expect(answer.items.map((i) => i.name)).toEqual(['2.1. Widget Blocks', '2.2. Shortcut Widgets', '2.3. Implementation']);
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessSource).toBe('structure');
  });

  it('answers the sub-sections of a section named by its title, and leaves them unknown when their numbers skip one', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What are the subsections of the Experiments section?');
    expect(answer.items.map((i) => i.name)).toEqual(['3.1. Sorting Benchmarks', '3.3. Ablations']);
    expect(answer.isComplete).toBeNull();
  });

  it('tells a section\'s sub-entries numbered a level down without a gap from those with one', () => {
    expect(numberedBelow('3 Model Architecture', ['3.1 Stacks', '3.2 Attention', '3.3 Embeddings'])).toBe(true);
    expect(numberedBelow('Chapter 3 Methods', ['3.2 Attention', '3.1 Stacks'])).toBe(true);
    expect(numberedBelow('V7.4 Sessions', ['V7.4.1 Timeout', 'V7.4.2 Logout'])).toBe(true);
    expect(numberedBelow('3. Deep Learning', ['3.1. Blocks', '3.2. Shortcuts', '4.2. CIFAR'])).toBe(false);
    expect(numberedBelow('3. Deep Learning', ['3.1. Blocks', '3.3. Shortcuts'])).toBe(false);
    expect(numberedBelow('Introduction', ['3.1. Blocks', '3.2. Shortcuts'])).toBe(false);
  });

  it('tells a question naming a section by its whole title, in order, from one that shares its words', () => {
    expect(titleNamedBy('1.2.1 Risk Measurement', 'What risk measurement challenges does the framework describe?')).toBe(true);
    expect(titleNamedBy('3.3 AUDIT AND ACCOUNTABILITY', 'Which requirements are in the Audit and Accountability family?')).toBe(true);
    expect(titleNamedBy('3. Handling an Incident', 'During incident handling, what activities identify the attacking host?')).toBe(false);
    expect(titleNamedBy('THE REQUIREMENTS', 'Which requirements are in the family?')).toBe(false);
  });

  it('stems a form whose root lost its silent e to the word itself', () => {
    for (const [form, word] of [['using', 'use'], ['suing', 'sue'], ['based', 'base'], ['codes', 'code'], ['roles', 'role'], ['pages', 'page'], ['types', 'type'], ['timing', 'time']] as const) expect(stem(form), form).toBe(stem(word));
    // Roots that keep their last consonant, and words never stemmed, are left alone.
    for (const [form, root] of [['added', 'add'], ['aimed', 'aim'], ['fixed', 'fix'], ['keyed', 'key'], ['tasks', 'task']] as const) expect(stem(form), form).toBe(root);
    expect(stemOverlap('You may not sue us unless you comply', ['suing']).matched).toEqual(['suing']);
  });

  it('matches a compound keyword as its words in a row, never as its first word alone', () => {
    expect(stemOverlap('3. Deep Residual Learning', ['learning-rate']).matched).toEqual([]);
    expect(stemOverlap('Learning rate schedules', ['learning-rate']).matched).toEqual(['learning-rate']);
    expect(stemOverlap('3. Deep Residual Learning', ['learning']).matched).toEqual(['learning']);
    expect(stemOverlap('Governance of AI', ['govern']).matched).toEqual(['govern']);
  });
});
