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

/**
 * A manual's running header names the current chapter, in the top margin: a long chapter's name
 * repeats on many pages and is found as furniture by that alone; a short chapter's name, set in
 * the same slot, repeats on too few pages to be. Its keyword list runs over a page break, under
 * that header: the header is furniture all the same, and does not cut the list.
 */
const CHAPTERS: [string, number][] = [
  ['Using the packer', 16],
  ['File format', 3],
];
const KEYS: [string, string, string][] = [
  ['@name', 'gives the name the archive is known by, as its writer', 'chose it.'],
  ['@date', 'gives the day the archive was written, in the form year,', 'month and day.'],
  ['@size', 'gives the number of bytes the archive holds once it is', 'unpacked.'],
  ['@sum', 'gives the check sum of the unpacked bytes, in hexadecimal', 'digits.'],
  ['@note', 'gives a free remark of the writer, on one line of', 'plain text.'],
];

function manual(): Draw[] {
  const pages: Draw[] = [];
  for (const [name, count] of CHAPTERS) {
    for (let n = 0; n < count; n++) {
      const at = pages.length + 1;
      pages.push((doc) => {
        textAt(doc, 420, 36, name, { size: 10 });
        textAt(doc, 300, 740, String(at), { size: 10 });
        if (n === 0) textAt(doc, L, 90, `${CHAPTERS.findIndex(([c]) => c === name) + 1} ${name}`, { bold: true, size: 16 });
        if (name === 'File format' && n === 0) {
          textAt(doc, L, 120, 'An archive opens with a header of keywords, one to a line.');
          textAt(doc, L, 120 + STEP, 'The header may hold these keywords:');
          let y = 120 + 3 * STEP;
          for (const [k, a, b] of KEYS.slice(0, 3)) {
            textAt(doc, L, y, `${k} ${a}`);
            textAt(doc, L + 20, y + STEP, b);
            y += 2 * STEP + 4;
          }
          for (let r = 0; y < 700; r++, y += STEP) textAt(doc, L + 20, y, `Remark ${r + 1}: the value is written as it is, with no quotes around it.`);
        } else if (name === 'File format' && n === 1) {
          let y = 90;
          for (const [k, a, b] of KEYS.slice(3)) {
            textAt(doc, L, y, `${k} ${a}`);
            textAt(doc, L + 20, y + STEP, b);
            y += 2 * STEP + 4;
          }
          textAt(doc, L, y + 20, '2.1 Body', { bold: true, size: 13 });
          textAt(doc, L, y + 46, 'The body follows the header after one empty line.');
        } else {
          textAt(doc, L, 130, `Page ${at} of the chapter explains one more way to use the packer, step by step.`);
        }
      });
    }
  }
  return pages;
}

describe('a running header that names each chapter (generated)', () => {
  it("flags a short chapter's name in the long chapters' header slot as furniture, and reads the list over the break as one", async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manual())), { pageCap: 30 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const headers = parsed.lines.filter((l) => l.text.trim() === 'File format');
    expect(headers.map((l) => [l.pageNum, Boolean(l.furniture)])).toEqual([17, 18, 19].map((p) => [p, true]));
    const list = model.lists.find((l) => l.intro?.endsWith('The header may hold these keywords:'));
    expect(model.items.filter((i) => i.listId === list?.id).map((i) => i.label)).toEqual(KEYS.map(([k]) => k));
  });
});
