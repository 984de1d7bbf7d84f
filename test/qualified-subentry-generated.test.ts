import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A guide to two tools whose chapter "3 Command Line Options" holds one section per tool, titled
 * as the chapter qualified by the tool's name ("3.2 player Command Line Options"). The outline
 * of the second section stops at its third option while the text numbers two more. A question
 * for one tool's options reads that tool's section (its name tells the sections apart), and
 * gives the options the text numbers past the outline too, without calling them complete.
 */

const L = 72;
const RECORDER = ['-d or --input-dir', '-o or --output', '-v or --verbose'];
const PLAYER = ['-c or --cpus', '-i or --iterations', '-n or --no-wait', '-s or --speed', '-w or --write'];

function section(doc: PDFKit.PDFDocument, parent: PDFKit.PDFOutline, num: string, tool: string, options: string[], listed: number, y0: number): void {
  const entry = parent.addItem(`${num} ${tool} Command Line Options`);
  textAt(doc, L, y0, `${num} ${tool} Command Line Options`, { bold: true, size: 13 });
  options.forEach((o, i) => {
    const y = y0 + 28 + i * 44;
    if (i < listed) entry.addItem(`${num}.${i + 1} ${o}`);
    textAt(doc, L, y, `${num}.${i + 1} ${o}`, { bold: true });
    textAt(doc, L + 18, y + 16, `Sets how the ${tool} runs; the default suits most traces.`);
  });
}

const pages: Draw[] = [
  (doc) => {
    doc.outline.addItem('1 Introduction');
    textAt(doc, L, 60, '1 Introduction', { bold: true, size: 15 });
    textAt(doc, L, 90, 'The recorder writes traces of a workload; the player replays them on another machine.');
  },
  (doc) => {
    const chapter = doc.outline.addItem('3 Command Line Options');
    textAt(doc, L, 50, '3 Command Line Options', { bold: true, size: 15 });
    textAt(doc, L, 76, 'Each tool takes the options below; options may be given in any order.');
    section(doc, chapter, '3.1', 'recorder', RECORDER, RECORDER.length, 110);
    section(doc, chapter, '3.2', 'player', PLAYER, 3, 290);
  },
];

const pdf = () => drawPdf(pages);

describe('a section named by the question among parallel ones, its outline stopping short (generated)', () => {
  const doc = generatedDocument(pdf, 'trace-tools-guide.pdf');

  it('answers with the named tool\'s options, those numbered past the outline too, and no "complete"', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which command line options does the player accept?');
    expect(answer.items.map((i) => i.name)).toEqual(PLAYER.map((o, i) => `3.2.${i + 1} ${o}`));
    expect(answer.isComplete).not.toBe(true);
  });
});
