import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A numbered list that routing lands on because its section shares one word with the question,
 * introduced by a line that shares that one word too: the list is near the question, not
 * introduced as its answer, so sweeping it whole proves nothing about what was asked.
 */

const L = 72;
const STEP = 16;

function chapter(title: string, body: string[], list?: { lead: string; items: string[] }): Draw {
  return (doc) => {
    doc.outline.addItem(title);
    textAt(doc, L, 60, title, { bold: true, size: 14 });
    let y = 96;
    for (const t of body) (textAt(doc, L, y, t), (y += STEP));
    if (list) {
      y += 8;
      textAt(doc, L, y, list.lead);
      y += STEP + 4;
      list.items.forEach((t, i) => {
        textAt(doc, L + 10, y, `${i + 1}.`);
        textAt(doc, L + 30, y, t);
        y += STEP + 4;
      });
    }
  };
}

const manual = () =>
  drawPdf([
    chapter('1 Purpose', ['This manual sets out how a harbour pilot boards and leaves a vessel.', 'It applies to every pilot licensed by the port.']),
    chapter('2 Boarding', ['Boarding takes place at the pilot station in all weathers.'], {
      lead: 'At the pilot station the crew takes these steps:',
      items: ['Rig the ladder on the lee side of the vessel', 'Light the ladder and the deck at night', 'Post a crew member at the head of the ladder', 'Report the pilot aboard to the bridge'],
    }),
    chapter('3 Leaving', ['The pilot leaves the vessel once it clears the outer buoy.']),
  ]);

describe('a list near the question is not its answer (generated)', () => {
  const doc = generatedDocument(manual, 'pilot-manual.pdf');

  it('does not call the routed section\'s numbered list complete when its lead-in shares one question word', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which licensing fees does the station charge?');
    expect(answer.isComplete).not.toBe(true);
  });

  it('still calls it complete when its lead-in names the items asked for', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What steps does the crew take at the pilot station?');
    expect(answer.items.map((i) => i.name)).toEqual(['Rig the ladder on the lee side of the vessel', 'Light the ladder and the deck at night', 'Post a crew member at the head of the ladder', 'Report the pilot aboard to the bridge']);
    expect(answer.isComplete).toBe(true);
  });
});
