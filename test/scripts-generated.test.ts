import { describe, expect, it } from 'vitest';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * An ordinal's ending set as its own smaller, raised run ("3" + "rd"), with a margin line
 * number between it and its line in reading order, as a word processor's numbered draft sets
 * it: it belongs to the number it follows. A footnote mark stays a line of its own, so headings
 * and codes keep their printed text.
 */
const page = () =>
  drawPdf([
    (doc) => {
      const y = 120;
      textAt(doc, 40, y + 1, '108', { size: 10 });
      textAt(doc, 90, y, '1. Do not gate 3', { size: 12 });
      const w = doc.font('Helvetica').fontSize(12).widthOfString('1. Do not gate 3');
      textAt(doc, 90 + w, y + 1, 'rd', { size: 7 });
      const w2 = doc.font('Helvetica').fontSize(7).widthOfString('rd');
      textAt(doc, 90 + w + w2 + 4, y, 'party packets heard on the radio.', { size: 12 });
      textAt(doc, 90, y + 16, 'A note follows the rule.', { size: 12 });
      const w3 = doc.font('Helvetica').fontSize(12).widthOfString('A note follows the rule.');
      textAt(doc, 90 + w3, y + 17, '2', { size: 7 });
      textAt(doc, 90, y + 40, 'The next paragraph is set on its own line, in the same size as the text.', { size: 12 });
    },
  ]);

describe('superscripts (generated)', () => {
  it('joins a raised ordinal ending to its number, past a margin number between them, and leaves a footnote mark apart', async () => {
    const parsed = await parsePdf(new Uint8Array(await page()), { pageCap: 1 });
    const texts = parsed.lines.map((l) => l.text);
    expect(texts).toContain('1. Do not gate 3rd party packets heard on the radio.');
    expect(texts).toContain('A note follows the rule.');
    expect(texts).toContain('2');
    expect(texts).not.toContain('rd');
    expect(texts).toContain('108');
    expect(texts).toContain('The next paragraph is set on its own line, in the same size as the text.');
  });
});
