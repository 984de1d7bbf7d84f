import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { titleAbove } from '../src/listing/titles-above.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * A procedure whose tasks each carry a name in capitals right above their coded line
 * ("MOORING CHECK" over "TASK I-1 Check every mooring line ..."), as standards set them: the
 * name is the task's own, and an answer must answer to it, not only to its code and text. The
 * section heading above the first task ("3.2 INSPECT") is numbered: it is no task's name.
 */

const PROSE = ['The harbour master does this task once a week and records', 'what was found in the log kept at the office of the harbour.'];
const TASKS: [string, string][] = [
  ['MOORING CHECK', 'TASK I-1 Check every mooring line for wear and replace worn lines.'],
  ['PILING SURVEY', 'TASK I-2 Survey the pilings after each storm and mark the weak ones.'],
  ['LIGHT AUDIT', 'TASK I-3 Audit the harbour lights and report the failed lamps.'],
];

const procedure = () =>
  drawPdf([
    (doc) => {
      textAt(doc, 60, 50, '3.1 PREPARE', { bold: true, size: 14 });
      textAt(doc, 60, 76, PROSE[0]!);
      textAt(doc, 60, 90, PROSE[1]!);
      textAt(doc, 60, 120, '3.2 INSPECT', { bold: true, size: 14 });
      let y = 146;
      for (const [name, task] of TASKS) {
        textAt(doc, 60, y, name, { bold: true });
        textAt(doc, 60, y + 14, task, { bold: true });
        textAt(doc, 60, y + 32, PROSE[0]!);
        textAt(doc, 60, y + 46, PROSE[1]!);
        y += 76;
      }
    },
  ]);

describe('the name set in capitals above a coded item (generated)', () => {
  const doc = generatedDocument(procedure, 'harbour-procedure.pdf');

  it('keeps each task\'s capitals name among its surface forms', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What are the tasks of the Inspect step?');
    expect(answer.items.map((i) => i.surfaceForms.at(-1))).toEqual(['MOORING CHECK', 'PILING SURVEY', 'LIGHT AUDIT']);
    expect(answer.items.every((i) => i.surfaceForms.some((s) => s.startsWith('TASK I-')))).toBe(true);
  });

  it('takes no numbered heading, sentence or text line above as a name', () => {
    const at = (texts: string[]) => texts.map((text, k) => ({ pageNum: 1, lineNum: k + 1, text }));
    expect(titleAbove(at(['3.2 INSPECT', 'TASK I-1 Check every line.']), 1)).toBeNull();
    expect(titleAbove(at(['what was found in the log.', 'TASK I-2 Survey the pilings.']), 1)).toBeNull();
    expect(titleAbove(at(['3.2 INSPECT', 'CONTROL BASELINES AND', 'PROFILES (Optional)', 'TASK P-4 Establish baselines.']), 3)).toBe('CONTROL BASELINES AND PROFILES (Optional)');
  });
});
