import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * One numbered run of items that sentences between them divide ("The following are not yet
 * written."): the run stays whole, and each stretch is a part of it with that sentence as its
 * intro. A question that negates asks for the part introduced with the negation; the structural
 * noun it qualifies ("log sections") is the document's subject, not its own sections.
 */

const spec: Draw = (doc) => {
  at(doc, 72, 60, '1 Overview', { bold: true, size: 14 });
  at(doc, 72, 85, 'A recorder file is made of blocks that the reader finds by their names.');
  at(doc, 72, 115, '2 What the recorder writes', { bold: true, size: 14 });
  at(doc, 72, 140, 'The following standard log sections may be written by the recorder:');
  const items = ['Section .head holds the file header.', 'Section .time holds the clock samples.', 'Section .meta holds the device names.', 'Section .tags holds user marks.', 'Section .crc holds the checksums.'];
  items.slice(0, 3).forEach((t, i) => at(doc, 84, 160 + 15 * i, `${i + 1}. ${t}`));
  at(doc, 102, 208, 'The following are not written by the current recorder.');
  items.slice(3).forEach((t, i) => at(doc, 84, 226 + 15 * i, `${i + 4}. ${t}`));
  at(doc, 72, 280, '3 Reading a file', { bold: true, size: 14 });
  at(doc, 72, 305, 'A reader opens the header first and then seeks to each block it needs.');
};

describe('sentences set between the items of one numbered run', () => {
  it('keep the run whole and make each stretch a part with its own intro', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf([spec])), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const whole = model.lists.find((l) => l.kind === 'decimal' && l.parentList === null)!;
    expect(whole.itemCount).toBe(5);
    const parts = model.lists.filter((l) => l.parentList === whole.id && l.parentItem === null);
    expect(parts.map((p) => [p.intro, p.itemCount])).toEqual([
      ['The following standard log sections may be written by the recorder:', 3],
      ['The following are not written by the current recorder.', 2],
    ]);
    // The sentence is no part of the item before it.
    const third = model.items.find((i) => i.listId === whole.id && i.ordinal === 3)!;
    expect(third.text).toBe('Section .meta holds the device names.');
  });
});

describe('a negated question over such a run (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf([spec]), 'recorder-format.pdf');

  it('answers with the part introduced by the negation, whole, not the whole run nor the document sections', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which standard log sections does the current recorder not write?');
    expect(answer.items.map((i) => i.name)).toEqual(['Section .tags holds user marks', 'Section .crc holds the checksums']);
    // The part runs from its intro to the heading that ends the run: closed, and it beats the whole.
    expect(answer.isComplete).toBe(true);
  });
});
