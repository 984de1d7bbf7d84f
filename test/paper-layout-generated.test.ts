import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { buildIndex } from '../src/toc/doc-index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { FILL } from './helpers/paper-text.ts';
import { drawPdf, type Draw } from './helpers/make-pdf.ts';

/**
 * A two-column paper as journals set them, built to isolate three mechanisms:
 * - a full-width table of small print above the columns (it crosses the gutter on every row) must
 *   not hide the columns of the running text below it;
 * - points of an argument numbered by sentence adverbs ("First, ... Second, ... Last, ...") that
 *   run from one column and page to the next, with a footnote in between, are one list;
 * - run-in headings set in italic and closed by a full stop ("Warm restarts. We ...") are headings.
 */

const roman = (doc: PDFKit.PDFDocument, x: number, y: number, text: string, size = 10) => doc.font('Times-Roman').fontSize(size).text(text, x, y, { lineBreak: false });

/** An italic run-in heading and the regular text after it, on one line. */
function runIn(doc: PDFKit.PDFDocument, x: number, y: number, lead: string, rest: string): void {
  doc.font('Times-Italic').fontSize(10).text(lead, x, y, { lineBreak: false });
  const w = doc.widthOfString(`${lead} `);
  doc.font('Times-Roman').fontSize(10).text(rest, x + w, y, { lineBreak: false });
}

const LEFT = 50;
const RIGHT = 312;
const STEP = 12;


function page1(): Draw {
  return (doc) => {
    doc.font('Times-Bold').fontSize(14).text('Deep Widgets for Sorting', 200, 40, { lineBreak: false });
    // A full-width table of small print: every row has a cell across the page's middle.
    const cols = [60, 160, 250, 400, 480];
    for (let r = 0; r < 8; r++) cols.forEach((x, c) => roman(doc, x, 70 + r * 9, c === 0 ? `config ${r + 1}` : c === 2 ? `${r + 2} layers of widgets in the middle block` : `${(r + 1) * (c + 2)}.${c}x`, 7));
    roman(doc, LEFT, 150, 'Table 1. Sorting error of widgets of each depth, measured on the held-out set of the study.', 9);
    doc.font('Times-Bold').fontSize(11).text('3. Results', LEFT, 175, { lineBreak: false });
    for (let i = 0; i < 24; i++) roman(doc, LEFT, 195 + i * STEP, FILL[i % FILL.length]!);
    const right = [
      'Shallow widgets sort the short lists well enough,',
      'and the deeper ones were expected to do better.',
      'We have three main observations from Table 1.',
      'First, the deeper widgets sort faster than the',
      'shallow ones on every list of the study we ran.',
      'This holds for the longest lists of the study too,',
      'where the shallow widgets run out of their steps.',
      'Second, the error of the deeper widgets falls by a',
      'third when the lists are longer than a thousand,',
    ];
    // The argument fills the bottom of the right column and goes on over the page.
    for (let i = 0; i < 12; i++) roman(doc, RIGHT, 195 + i * STEP, FILL[(i + 3) % FILL.length]!);
    right.forEach((t, i) => roman(doc, RIGHT, 195 + (12 + i) * STEP, t));
    // The footnote under the right column is smaller print and no part of the argument.
    roman(doc, RIGHT, 480, '1 We also tried a schedule with twice the steps.', 8);
  };
}

function page2(): Draw {
  return (doc) => {
    const left = [
      'which the shallow widgets never reach in our runs.',
      'Last, the deepest widgets need no extra memory at',
      'all, since each layer reuses the buffers of the last.',
      'These results hold on both data sets of the study.',
    ];
    left.forEach((t, i) => roman(doc, LEFT, 60 + i * STEP, t));
    for (let i = left.length; i < 16; i++) roman(doc, LEFT, 60 + i * STEP, FILL[i % FILL.length]!);
    doc.font('Times-Bold').fontSize(11).text('B. Tuning Improvements', RIGHT, 60, { lineBreak: false });
    roman(doc, RIGHT, 80, 'For completeness, we report each improvement made.');
    runIn(doc, RIGHT, 92 + STEP, 'Warm restarts.', 'We restart the schedule twice in');
    roman(doc, RIGHT, 92 + 2 * STEP, 'each run, which lowers the error of the deep ones.');
    runIn(doc, RIGHT, 92 + 4 * STEP, 'Label smoothing.', 'We soften the targets of the');
    roman(doc, RIGHT, 92 + 5 * STEP, 'sort by a tenth, as most recent studies have done.');
    // Italic that is no heading: a title in running text, not closed by its own full stop.
    runIn(doc, RIGHT, 92 + 6 * STEP, 'Sorting Today', 'reported the same gain for lists.');
    runIn(doc, RIGHT, 92 + 8 * STEP, 'Weight averaging.', 'We average the weights of the');
    roman(doc, RIGHT, 92 + 9 * STEP, 'last five checkpoints before we test each widget.');
    for (let i = 11; i < 16; i++) roman(doc, RIGHT, 92 + i * STEP, FILL[i % FILL.length]!);
  };
}

/**
 * A page whose right column holds a table captioned below it, as papers set them: key cells
 * centred in their column, a block of rows that fills two more columns under a header line set
 * between the rows, and figures in the value columns.
 */
function page3(): Draw {
  return (doc) => {
    for (let i = 0; i < 30; i++) roman(doc, LEFT, 60 + i * STEP, FILL[i % FILL.length]!);
    const centred = (x: number, w: number, y: number, text: string) => {
      doc.font('Times-Roman').fontSize(9);
      roman(doc, x + (w - doc.widthOfString(text)) / 2, y, text, 9);
    };
    centred(RIGHT, 110, 60, 'method');
    roman(doc, RIGHT + 170, 60, 'error (%)', 9);
    const first: [string, string][] = [['Bubble [3]', '9.38'], ['Quick [7]', '8.81'], ['Heap [12]', '8.22']];
    first.forEach(([k, v], i) => {
      centred(RIGHT, 110, 72 + i * STEP, k);
      roman(doc, RIGHT + 170, 72 + i * STEP, v, 9);
    });
    roman(doc, RIGHT + 95, 72 + 3 * STEP, '# depth   # size', 9);
    const second: [string, string, string, string][] = [['Merge [9]', '19', '2.5M', '8.39'], ['Radix sort [4, 5]', '32', '1.2M', '7.54'], ['Widget', '44', '0.6M', '6.97']];
    second.forEach(([k, d, z, v], i) => {
      centred(RIGHT - 20, 110, 72 + (4 + i) * STEP, k);
      roman(doc, RIGHT + 100, 72 + (4 + i) * STEP, d, 9);
      roman(doc, RIGHT + 135, 72 + (4 + i) * STEP, z, 9);
      roman(doc, RIGHT + 170, 72 + (4 + i) * STEP, v, 9);
    });
    roman(doc, RIGHT, 72 + 8 * STEP, 'Table 2. Error of each method on the sorting benchmark,', 9);
    // The caption's second line carries a mark set smaller; the next table follows at once.
    roman(doc, RIGHT + 2, 72 + 9 * STEP - 1, '\u2020', 6);
    roman(doc, RIGHT + 10, 72 + 9 * STEP, 'reported on the held-out lists.', 9);
    roman(doc, RIGHT, 72 + 11 * STEP, 'method', 9);
    roman(doc, RIGHT + 170, 72 + 11 * STEP, 'time (s)', 9);
    [['Bubble [3]', '41.0'], ['Quick [7]', '2.5'], ['Heap [12]', '3.1']].forEach(([k, v], i) => {
      roman(doc, RIGHT, 72 + (12 + i) * STEP, k!, 9);
      roman(doc, RIGHT + 170, 72 + (12 + i) * STEP, v!, 9);
    });
    roman(doc, RIGHT, 72 + 15 * STEP + 4, 'Table 3. Time of each method on the sorting benchmark.', 9);
    for (let i = 0; i < 16; i++) roman(doc, RIGHT, 280 + i * STEP, FILL[(i + 2) % FILL.length]!);
  };
}

const paper = () => drawPdf([page1(), page2(), page3()]);

describe('a two-column paper (generated)', () => {
  it('reads the columns below a full-width table of small print column by column', async () => {
    const parsed = await parsePdf(new Uint8Array(await paper()), { pageCap: 10 });
    const p1 = parsed.lines.filter((l) => l.pageNum === 1);
    const first = p1.find((l) => l.text.startsWith('First, the deeper'))!;
    expect(first.column).toBe(2);
    // The line after it in reading order is the one below it in the same column.
    expect(p1[p1.indexOf(first) + 1]!.text).toBe('shallow ones on every list of the study we ran.');
    // The table above keeps its rows whole.
    expect(p1.filter((l) => l.text.startsWith('config ')).every((l) => l.column === 0)).toBe(true);
  });

  it('records an italic lead-in closed by its own full stop, and no other italic', async () => {
    const parsed = await parsePdf(new Uint8Array(await paper()), { pageCap: 10 });
    const leads = parsed.lines.filter((l) => l.leadIn).map((l) => l.leadIn);
    expect(leads).toEqual(['Warm restarts.', 'Label smoothing.', 'Weight averaging.']);
  });

  it('makes the italic run-in headings the sub-entries of their section', async () => {
    const parsed = await parsePdf(new Uint8Array(await paper()), { pageCap: 10 });
    const toc = buildToc(parsed).entries;
    const section = toc.find((e) => e.title === 'B. Tuning Improvements')!;
    expect(toc.filter((e) => e.parentId === section.id).map((e) => e.title)).toEqual(['Warm restarts', 'Label smoothing', 'Weight averaging']);
  });

  it('reads points numbered by sentence adverbs across a column, a page and a footnote as one list', async () => {
    const parsed = await parsePdf(new Uint8Array(await paper()), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const series = model.lists.filter((l) => l.intro === 'We have three main observations from Table 1.');
    expect(series).toHaveLength(1);
    const items = model.items.filter((i) => i.listId === series[0]!.id);
    expect(items.map((i) => i.marker)).toEqual(['First,', 'Second,', 'Last,']);
    expect(items[1]!.text).toBe('the error of the deeper widgets falls by a third when the lists are longer than a thousand, which the shallow widgets never reach in our runs.');
    expect(items[1]!.pages).toEqual([1, 1, 2]);
    // The last point ends with its sentence.
    expect(items[2]!.text).toBe('the deepest widgets need no extra memory at all, since each layer reuses the buffers of the last.');
  });

  it('reads a table captioned below it from the caption up: centred keys, a block with more columns, a header line between the rows', async () => {
    const parsed = await parsePdf(new Uint8Array(await paper()), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const table = model.lists.find((l) => l.intro?.startsWith('Table 2.'))!;
    expect(table.intro).toBe('Table 2. Error of each method on the sorting benchmark, :: method | error (%)');
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['Bubble [3]', 'Quick [7]', 'Heap [12]', 'Merge [9]', 'Radix sort [4, 5]', 'Widget']);
  });

  it('reads a caption set between two tables as the caption of the table above it, a smaller mark on its line or not', async () => {
    const parsed = await parsePdf(new Uint8Array(await paper()), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const second = model.lists.find((l) => l.intro?.startsWith('Table 3.'))!;
    expect(model.items.filter((i) => i.listId === second.id).map((i) => i.label)).toEqual(['Bubble [3]', 'Quick [7]', 'Heap [12]']);
    expect(model.lists.filter((l) => l.intro?.startsWith('Table 2.'))).toHaveLength(1);
  });

  it('reads a table of values set below its caption, from the caption down, with its header row apart', async () => {
    // Body-size prose above and below, a caption of two lines, a header of words, rows of formulas
    // (one row without a digit), then the running text again.
    const page: Draw = (doc) => {
      for (let i = 0; i < 6; i++) roman(doc, LEFT, 60 + i * STEP, FILL[i]!);
      roman(doc, LEFT + 20, 150, 'Table 4: Cost per step and longest path for different widget types. n is the', 10);
      roman(doc, LEFT + 20, 162, 'length of the list and k the width of a widget.', 10);
      // Value cells centred in their columns, as papers set them: they share no left edge.
      const centred = (x: number, w: number, y: number, text: string) => {
        doc.font('Times-Roman').fontSize(10);
        roman(doc, x + (w - doc.widthOfString(text)) / 2, y, text);
      };
      const rows = [['Widget Type', 'Cost per Step', 'Longest Path'], ['Folding', 'O(n \u00b7 k \u00b7 k)', 'O(1)'], ['Chained', 'O(n)', 'O(n \u00b7 n)'], ['Stacked', 'O(k \u00b7 n)', 'O(log n)']];
      rows.forEach(([a, b, c], i) => {
        roman(doc, LEFT + 40, 184 + i * STEP, a!);
        centred(LEFT + 170, 120, 184 + i * STEP, b!);
        centred(LEFT + 300, 120, 184 + i * STEP, c!);
      });
      for (let i = 0; i < 6; i++) roman(doc, LEFT, 260 + i * STEP, FILL[(i + 3) % FILL.length]!);
      // A table of words wrapped over lines under its caption is not read this way.
      roman(doc, LEFT + 20, 350, 'Table 5: Tasks and outcomes of each stage.', 10);
      [['Tasks', 'Outcomes'], ['Sort the widgets', 'The widgets are sorted and'], ['by their depth', 'written into the book'], ['Weigh the widgets', 'Each widget has a weight']].forEach(([a, b], i) => {
        roman(doc, LEFT + 40, 372 + i * STEP, a!);
        centred(LEFT + 220, 200, 372 + i * STEP, b!);
      });
      for (let i = 0; i < 6; i++) roman(doc, LEFT, 440 + i * STEP, FILL[(i + 1) % FILL.length]!);
    };
    const parsed = await parsePdf(new Uint8Array(await drawPdf([page])), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const table = model.lists.find((l) => l.intro?.startsWith('Table 4:'))!;
    expect(table.intro).toMatch(/ :: Widget Type \| Cost per Step \| Longest Path$/);
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['Folding', 'Chained', 'Stacked']);
    expect(model.lists.some((l) => l.intro?.startsWith('Table 5:'))).toBe(false);
  });

  it('keeps figures that recur at one height on several pages in the body, unlike a running header', async () => {
    const pages: Draw[] = [1, 2, 3].map((n) => (doc) => {
      roman(doc, 250, 30, 'Deep Widgets for Sorting');
      for (let i = 0; i < 20; i++) roman(doc, LEFT, 80 + i * STEP, FILL[i % FILL.length]!);
      roman(doc, LEFT, 400, 'Widget');
      roman(doc, LEFT + 150, 400, `${n}.81`);
    });
    const parsed = await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 10 });
    const model = buildIndex(parsed);
    const furniture = [...model.furniture].map((l) => l.text);
    expect(furniture.filter((t) => t === 'Deep Widgets for Sorting')).toHaveLength(3);
    expect(furniture.some((t) => /\.81$/.test(t))).toBe(false);
  });

  describe('answers', () => {
    const doc = generatedDocument(paper, 'paper.pdf');

    it('answers the observations with the three points, complete by the stated count', async () => {
      const { answer } = await doc.ask<ListingAnswer>('What observations do the authors draw from Table 1?');
      // Each name is the point's first sentence, cut at 16 words when longer than a label runs.
      expect(answer.items.map((i) => i.name)).toEqual(['the deeper widgets sort faster than the shallow ones on every list of the study we ran', 'the error of the deeper widgets falls by a third when the lists are longer than', 'the deepest widgets need no extra memory at all, since each layer reuses the buffers of the last']);
      expect(answer.isComplete).toBe(true);
      expect(answer.completenessSource).toBe('cardinality');
    });

    it('answers the methods of a table captioned below it', async () => {
      const { answer } = await doc.ask<ListingAnswer>('Which methods are compared in the sorting benchmark error table?');
      expect(answer.items.map((i) => i.name)).toEqual(['Bubble [3]', 'Quick [7]', 'Heap [12]', 'Merge [9]', 'Radix sort [4, 5]', 'Widget']);
    });

    it('leaves out the item the question sets the others against ("which other methods are widgets compared against")', async () => {
      const { answer } = await doc.ask<ListingAnswer>('Which other methods are widgets compared against in the sorting benchmark error table?');
      expect(answer.items.map((i) => i.name)).toEqual(['Bubble [3]', 'Quick [7]', 'Heap [12]', 'Merge [9]', 'Radix sort [4, 5]']);
    });

    it('answers the improvements with the italic run-in headings of the section', async () => {
      const { answer } = await doc.ask<ListingAnswer>('Which improvements are described in the section on tuning improvements?');
      expect(answer.items.map((i) => i.name)).toEqual(['Warm restarts', 'Label smoothing', 'Weight averaging']);
    });
  });
});
