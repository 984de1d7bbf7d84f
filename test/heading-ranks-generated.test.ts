import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildToc } from '../src/toc/index.ts';
import { parseNumbering } from '../src/toc/numbering.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A document without outline or contents page whose headings are told apart by size alone, as
 * print-from-browser manuals set them: a heading followed at once by a smaller one ("Using the
 * tool" over "Input"), a heading left alone at the foot of a page with its body on the next
 * ("Options"), and run-in heads that open the paragraphs of the smallest section ("Word
 * filter."). Each of them is a TOC entry at its own rank.
 */

const lead = (doc: PDFKit.PDFDocument, y: number, head: string, rest: string) => {
  at(doc, 72, y, head, { bold: true, size: 11 });
  at(doc, 72 + doc.font('Helvetica-Bold').fontSize(11).widthOfString(`${head} `), y, rest, { size: 11 });
};

const manual: Draw[] = [
  (doc) => {
    at(doc, 72, 60, 'Getting the tool', { bold: true, size: 19 });
    at(doc, 72, 82, 'The tool is free software and runs on any system with a compiler.', { size: 11 });
    at(doc, 72, 96, 'Download', { bold: true, size: 14 });
    at(doc, 72, 116, 'The archive of the latest version is on the project page of the tool.', { size: 11 });
    at(doc, 72, 140, 'Installation', { bold: true, size: 14 });
    at(doc, 72, 162, 'Unpack the archive, go into the new directory and run make there.', { size: 11 });
    at(doc, 72, 200, 'Using the tool', { bold: true, size: 19 });
    at(doc, 72, 230, 'Running it', { bold: true, size: 14 });
    at(doc, 72, 256, 'Input', { bold: true, size: 12.8 });
    at(doc, 72, 278, 'The input is a file of records, or the standard input when no file is named.', { size: 11 });
    at(doc, 72, 306, 'Examples', { bold: true, size: 12.8 });
    at(doc, 72, 328, 'A first run on a small file shows what the output looks like.', { size: 11 });
    at(doc, 72, 700, 'Options', { bold: true, size: 12.8 });
  },
  (doc) => {
    at(doc, 72, 60, '-h : print the help and stop.', { size: 11 });
    at(doc, 72, 78, '-l : the shortest record is the reference.', { size: 11 });
    at(doc, 72, 96, '-a : the alignment is the reference.', { size: 11 });
    at(doc, 72, 114, '-o : sort in ascending order.', { size: 11 });
    at(doc, 72, 142, 'Output', { bold: true, size: 12.8 });
    at(doc, 72, 164, 'The output is written to the standard output unless a file is named.', { size: 11 });
    at(doc, 72, 200, 'How the tool works', { bold: true, size: 19 });
    at(doc, 72, 222, 'The tool groups records whose match passes the threshold.', { size: 11 });
    at(doc, 72, 236, 'Matching', { bold: true, size: 14 });
    at(doc, 72, 256, 'Scoring', { bold: true, size: 11 });
    at(doc, 72, 240 + 38, 'Each pair of records gets the share of the words they have in common.', { size: 11 });
    at(doc, 72, 306, 'Fast comparison of the records', { bold: true, size: 11 });
    lead(doc, 328, 'Word filter.', 'Only pairs that share enough short words are compared at all.');
    at(doc, 72, 342, 'The filter loses no pair that could pass the threshold.', { size: 11 });
    lead(doc, 368, 'Banded alignment.', 'Alignments are computed only near the diagonal of the matrix.');
    at(doc, 72, 382, 'At high thresholds this saves most of the time.', { size: 11 });
    lead(doc, 408, 'Parallel runs.', 'Both steps run on several threads at once.');
    at(doc, 72, 422, 'The number of threads is set on the command line.', { size: 11 });
  },
];

type Row = { title: string; level: number; pageStart: number };

describe('headings ranked by size alone', () => {
  it('keeps a heading followed at once by a smaller one, and one widowed at a page foot', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manual)), { pageCap: 10 });
    const rows: Row[] = buildToc(parsed).entries.map((e) => ({ title: e.title, level: e.level, pageStart: e.pageStart }));
    const at = (t: string) => rows.find((r) => r.title === t);
    expect(at('Using the tool')?.level).toBe(1);
    expect(at('Running it')?.level).toBe(2);
    expect(at('Input')?.level).toBe(3);
    // Its body is on the next page: the heading is still the section's.
    expect(at('Options')).toMatchObject({ level: 3, pageStart: 1 });
    expect(at('How the tool works')?.level).toBe(1);
  });

  it('nests run-in heads below the smallest heading, though its style ranks fourth', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manual)), { pageCap: 10 });
    const rows = buildToc(parsed).entries;
    // Set at the fourth size of five, under a section that skips the third.
    const fast = rows.find((r) => r.title === 'Fast comparison of the records')!;
    expect(fast.level).toBe(3);
    const runIns = rows.filter((r) => r.parentId === fast.id).map((r) => r.title);
    expect(runIns).toEqual(['Word filter', 'Banded alignment', 'Parallel runs']);
  });
});

describe('a contents list printed without page numbers', () => {
  const contentsFirst: Draw[] = [
    (doc) => {
      at(doc, 72, 60, 'Low-Level Design of the Pump Controller', { bold: true, size: 16 });
      const entries = ['1.0 Introduction', '1.1 Goals', '1.1.0 Safety', '1.1.1 Cost', '2.0 Design', '2.1 Sensors', '2.2 Valves'];
      entries.forEach((e, i) => at(doc, 90 + (e.split('.').length - 2) * 18, 100 + i * 16, e, { size: 11 }));
    },
    (doc) => {
      at(doc, 72, 60, '1.0 Introduction', { size: 16 });
      at(doc, 72, 86, 'This design describes the controller of the pumps in the station network.', { size: 10 });
      at(doc, 72, 110, '1.1 Goals', { size: 14 });
      at(doc, 72, 134, 'The goals below decide most of the choices made further down.', { size: 10 });
      at(doc, 90, 160, '1.1.0 Safety', { size: 12 });
      at(doc, 72, 182, 'No valve opens while a sensor reports a fault.', { size: 10 });
      at(doc, 90, 208, '1.1.1Cost', { size: 12 });
      at(doc, 72, 230, 'Parts are bought from the list the station keeps.', { size: 10 });
    },
    (doc) => {
      at(doc, 72, 60, '2.0 Design', { size: 16 });
      at(doc, 72, 86, 'The controller reads its sensors and drives its valves.', { size: 10 });
      at(doc, 72, 110, '2.1 Sensors', { size: 14 });
      at(doc, 72, 134, 'Each sensor reports its state once a second.', { size: 10 });
      at(doc, 90, 160, '2.1.0 Functions', { size: 12 });
      at(doc, 72, 182, 'read_sensor - sensor.c', { size: 10, font: 'Helvetica-Oblique' });
      at(doc, 90, 198, 'Reads one sensor and returns its state.', { size: 10 });
      at(doc, 72, 220, 'reset_sensor - sensor.c', { size: 10, font: 'Helvetica-Oblique' });
      at(doc, 90, 236, 'Clears the fault a sensor holds.', { size: 10 });
      at(doc, 72, 270, '2.2 Valves', { size: 14 });
      at(doc, 72, 294, 'Each valve opens and closes on command.', { size: 10 });
    },
  ];

  it('takes the headings from the body, not from the list that announces them', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(contentsFirst)), { pageCap: 10 });
    const rows = buildToc(parsed).entries;
    expect(rows.filter((r) => r.pageStart === 1)).toEqual([]);
    const intro = rows.filter((r) => /Introduction/.test(r.title));
    expect(intro.map((r) => r.pageStart)).toEqual([2]);
    // A numbered heading over a line that opens in lower case ("read_sensor") is still a heading.
    expect(rows.find((r) => r.title === '2.1.0 Functions')?.pageStart).toBe(3);
    // A dotted number glued to its title still numbers it.
    expect(rows.find((r) => r.title === '1.1.1 Cost')?.level).toBe(rows.find((r) => r.title === '1.1.0 Safety')?.level);
  });

  it('reads a dotted number glued to a capitalised title, never a bare one', () => {
    expect(parseNumbering('1.1.11Permissions')[0]).toMatchObject({ kind: 'decimal', id: '1.1.11', rest: 'Permissions' });
    expect(parseNumbering('3Com switches')[0]?.kind).not.toBe('decimal');
  });
});

describe('a question about the fastest part (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(manual), 'tool-manual.pdf');

  it('finds the options under the widowed heading', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many options does the manual document?');
    expect(answer.items).toHaveLength(4);
    expect(answer.items.map((i) => i.name)).toEqual(['-a', '-h', '-l', '-o']);
  });
});
