import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { ListingAnswer } from '../src/answer/types.ts';
import { ingestPaths } from '../src/producer/ingest.ts';
import { waitForDocuments } from '../src/producer/wait-for-documents.ts';
import { testApp } from './helpers/app.ts';
import { askGenerated } from './helpers/generated-doc.ts';
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
  let app: App;
  let documentId: number;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'docintel-gen-')), 'harbor-handbook.pdf');
    writeFileSync(file, await handbook());
    app = await testApp({ redis: false, env: { DOCINTEL_SECTION_MAX_LINES: '10' } });
    const [r] = await ingestPaths(app.db, app.backend, [file]);
    await waitForDocuments(app.db, [r!.documentId]);
    documentId = r!.documentId;
  }, 60_000);
  afterAll(async () => app?.close());

  it('stops at the section whose title opens with the item noun and answers with its sub-sections', async () => {
    const { answer } = await askGenerated<ListingAnswer>(app, documentId, 'Which roles does the handbook describe for running the harbor?');
    expect(answer.section?.title).toBe('2 Roles and Duties');
    expect(answer.items.map((i) => i.name)).toEqual(['2.1 Harbor Master', '2.2 Pilot', '2.3 Deckhand']);
  });
});
