import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A handbook whose second chapter is titled by what the question asks for ("Roles and Duties")
 * and holds one sub-section per role. Sections are routed as large (a small section limit), so
 * routing must decide by titles whether to go on down.
 */
function handbook() {
  const role = (doc: PDFKit.PDFDocument, y: number, title: string, what: string) => {
    at(doc, 72, y, title, { bold: true, size: 12 });
    at(doc, 72, y + 22, `The ${what} takes part in running the harbor and keeps the harbor log for the shift.`);
    at(doc, 72, y + 40, `Each ${what} reports to the board once a month on how the harbor was run.`);
  };
  return drawPdf([
    (doc) => {
      at(doc, 72, 60, '1 Introduction', { bold: true, size: 14 });
      at(doc, 72, 90, 'This handbook says who does what when the harbor is run from day to day.');
      at(doc, 72, 108, 'It is read by every new member of the harbor staff in the first week.');
    },
    (doc) => {
      at(doc, 72, 60, '2 Roles and Duties', { bold: true, size: 14 });
      at(doc, 72, 90, 'The following sections describe the people who run the harbor.');
      role(doc, 120, '2.1 Harbor Master', 'harbor master');
      role(doc, 200, '2.2 Pilot', 'pilot');
      role(doc, 280, '2.3 Deckhand', 'deckhand');
    },
    (doc) => {
      at(doc, 72, 60, '3 Fees', { bold: true, size: 14 });
      at(doc, 72, 90, 'Ships pay a fee for each day they stay in the harbor.');
    },
  ]);
}

describe('routing a listing to the section titled by its items (no LLM)', () => {
  const doc = generatedDocument(handbook, 'harbor-handbook.pdf', { DOCINTEL_SECTION_MAX_LINES: '10' });

  it('stops at the section whose title opens with the item noun and answers with its sub-sections', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which roles does the handbook describe for running the harbor?');
    expect(answer.section?.title).toBe('2 Roles and Duties');
    expect(answer.items.map((i) => i.name)).toEqual(['2.1 Harbor Master', '2.2 Pilot', '2.3 Deckhand']);
  });
});

describe('a question that sets the scene before it asks (no LLM)', () => {
  const doc = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, '1 Overview', { bold: true, size: 14 });
          at(doc, 72, 90, 'The tool formats ledgers for the harbor office and checks their totals.');
          at(doc, 72, 120, '2 Changes in Ledger V5.0', { bold: true, size: 14 });
          at(doc, 72, 150, 'In V5.0 the tool was rebuilt from scratch. The goals of this redesign were to make a tool that:');
          at(doc, 72, 175, '1. reads every older ledger without changes.');
          at(doc, 72, 195, '2. checks as many totals as possible while it reads.');
          at(doc, 72, 215, '3. cleans up the report layouts.');
          at(doc, 72, 235, '4. can be extended by the office itself.');
          at(doc, 72, 265, '2.1 Removed Commands', { bold: true, size: 12 });
          at(doc, 72, 290, 'The print and export commands were removed in favour of one report command.');
          at(doc, 72, 320, '2.2 New Options', { bold: true, size: 12 });
          at(doc, 72, 345, 'The report command takes a layout option and a totals option.');
        },
      ]),
    'ledger-tool.pdf',
  );

  it('answers with the list its intro announces by the item noun, though the scene-setting words are not in it', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Ledger V5.0 was rewritten by its maintainers as a native plugin grammar for spreadsheets. How many goals did that redesign have, and what were they?');
    expect(answer.count).toBe(4);
    expect(answer.items.map((i) => i.name)[0]).toMatch(/^reads every older ledger/);
  });
});
