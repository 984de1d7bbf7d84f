import { describe, expect, it } from 'vitest';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A licence typeset with a tall bottom margin: each page's number sits centred under the text,
 * higher than the page's outer tenth, where no margin test finds it. Its numbered clauses run
 * over the page break, one clause's sentence carried onto the next page. The numbers count up
 * with the pages at one height: they are page furniture, and the clauses are one list, the
 * carried-over lines the text of the clause they continue.
 */

const L = 90;
const HANG = 106;
const STEP = 14;
const NUMBER_Y = 660;

const CLAUSES: string[][] = [
  ['You may copy the Work as you received it, in any medium.'],
  ['You may distribute a Compiled Work made from an unmodified copy.'],
  ['You may modify your copy of the Work, thus creating a Derived Work.'],
  ['If you distribute a Derived Work, you must keep every notice of the', 'original authors in each file, and state in each changed file what', 'was changed and when, so that a reader can tell', 'the changed files from the original ones.'],
  ['You may not remove the name of the licence from the Work.'],
  ['Nothing in this licence limits what the law already allows you.'],
];

function page(n: number, draw: (doc: PDFKit.PDFDocument) => void): Draw {
  return (doc) => {
    draw(doc);
    textAt(doc, 300, NUMBER_Y, String(n));
  };
}

function licence(): Draw[] {
  return [
    page(1, (doc) => {
      textAt(doc, L, 80, 'Conditions', { bold: true, size: 14 });
      textAt(doc, L, 106, 'The following conditions apply to anyone who copies or changes the Work:');
      let y = 130;
      CLAUSES.slice(0, 3).forEach((c, i) => {
        textAt(doc, L, y, `${i + 1}.`);
        c.forEach((t) => ((textAt(doc, HANG, y, t), (y += STEP))));
        y += 4;
      });
      // Fill the page with the first lines of clause 4, so its sentence runs onto page 2.
      for (let n = 0; y < 560; n++, y += STEP) textAt(doc, HANG, y, `(blank line ${n + 1} of the schedule is reserved for the licensor and left empty)`);
      textAt(doc, L, y, '4.');
      textAt(doc, HANG, y, CLAUSES[3]![0]!);
      textAt(doc, HANG, y + STEP, CLAUSES[3]![1]!);
      textAt(doc, HANG, y + 2 * STEP, CLAUSES[3]![2]!);
    }),
    page(2, (doc) => {
      textAt(doc, HANG, 80, CLAUSES[3]![3]!);
      let y = 80 + STEP + 4;
      CLAUSES.slice(4).forEach((c, i) => {
        textAt(doc, L, y, `${i + 5}.`);
        c.forEach((t) => ((textAt(doc, HANG, y, t), (y += STEP))));
        y += 4;
      });
      textAt(doc, L, y + 20, 'No Warranty', { bold: true, size: 14 });
      textAt(doc, L, y + 46, 'There is no warranty for the Work, to the extent the law permits.');
    }),
    page(3, (doc) => {
      textAt(doc, L, 80, 'Maintenance', { bold: true, size: 14 });
      textAt(doc, L, 106, 'A work is maintained while its maintainer answers the messages sent to them.');
    }),
  ];
}

describe('page numbers set inside the bottom margin (generated)', () => {
  it('flags the numbers that count up with the pages as furniture', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(licence())), { pageCap: 5 });
    buildStructure(parsed, buildToc(parsed).entries);
    const numbers = parsed.lines.filter((l) => /^\d$/.test(l.text.trim()));
    expect(numbers.map((l) => [l.pageNum, l.text.trim(), Boolean(l.furniture)])).toEqual([
      [1, '1', true],
      [2, '2', true],
      [3, '3', true],
    ]);
  });

  it('reads the numbered clauses as one list over the break, the carried-over line in its clause', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(licence())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.startsWith('The following conditions apply'))!;
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list.id);
    expect(items.map((i) => i.ordinal)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(items[3]!.text).toContain('the changed files from the original ones.');
    expect(model.lists.some((l) => l.intro?.startsWith('the changed files'))).toBe(false);
  });
});
