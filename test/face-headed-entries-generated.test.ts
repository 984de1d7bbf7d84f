import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A design document that heads each function by a line in a face of its own (italic here, the
 * code face there, never bold) with its description hung below, indented: one list of entries.
 * The section that holds them is titled by the item noun alone ("2.1 Functions" beside "2.0 Data
 * Structures"), so "which functions make up ..." reads that sub-section; the argument lines of
 * one function's synopsis are a part of that function, not a rival list.
 */

const fn = (doc: PDFKit.PDFDocument, y: number, head: string, face: string, lines: string[]) => {
  at(doc, 72, y, head, { font: face, size: 10 });
  lines.forEach((t, k) => at(doc, 108, y + 14 * (k + 1), t, { font: /^[a-z_]+\(/.test(t) || t.endsWith(',') ? 'Courier' : 'Times-Roman', size: 10 }));
  return y + 14 * (lines.length + 1) + 8;
};

const design: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '2 Session Manager', { size: 16 });
    at(doc, 72, 86, 'The session manager keeps track of the open sessions and of the threads', { font: 'Times-Roman', size: 10 });
    at(doc, 72, 100, 'that wait for one. A table maps each handle to its session.', { font: 'Times-Roman', size: 10 });
    at(doc, 90, 126, '2.0 Data Structures', { size: 12 });
    at(doc, 72, 146, 'struct session_table - include/session.h', { font: 'Times-Italic', size: 10 });
    at(doc, 108, 160, 'The table of open sessions and their handles.', { font: 'Times-Roman', size: 10 });
    at(doc, 90, 186, '2.1 Functions', { size: 12 });
    let y = 206;
    y = fn(doc, y, 'session_init - src/session.c', 'Times-Italic', ['Synopsis:', 'Sets the number of sessions and allocates the table.']);
    y = fn(doc, y, 'session_open - src/session.c', 'Courier', ['Synopsis:', 'Opens a session for the calling thread, or puts it to sleep.']);
    y = fn(doc, y, 'session_close - src/session.c', 'Times-Italic', ['Synopsis:', 'Closes every session of a context.']);
    y = fn(doc, y, 'session_wait - src/session.c', 'Times-Italic', ['Synopsis:', 'session_wait(int handle,', 'int timeout, int flags,', 'int *result)', 'Waits for a session to be free.']);
    at(doc, 72, y + 10, '3 Configuration', { size: 16 });
    at(doc, 72, y + 36, 'The configuration file sets the number of sessions.', { font: 'Times-Roman', size: 10 });
  },
];

describe('entries headed in a face of their own', () => {
  it('reads italic and code-face heads with text hung below them as one list', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(design)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const headed = model.lists.filter((l) => l.style === 'headed');
    const labels = headed.map((l) => model.items.filter((i) => i.listId === l.id).map((i) => i.label));
    expect(labels).toContainEqual(['session_init - src/session.c', 'session_open - src/session.c', 'session_close - src/session.c', 'session_wait - src/session.c']);
  });
});

describe('a question for the functions of a part (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(design), 'session-design.pdf');

  it('reads the sub-section titled by the item noun and answers with its entries', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which functions make up the Session Manager?');
    expect(answer.items.map((i) => i.name.split(' ')[0])).toEqual(['session_init', 'session_open', 'session_close', 'session_wait']);
  });
});

/**
 * A manual whose contents end at "2.2 High level extensions", whose text then heads each directive
 * by a bold line set like the numbered sub-sections (12 points over a 10-point body): the
 * unlisted heads are that section's entries.
 */
const body = (doc: PDFKit.PDFDocument, y: number, t: string) => at(doc, 72, y, t, { size: 10, font: 'Times-Roman' });
const manual: Draw[] = [
  (doc: PDFKit.PDFDocument) => {
    at(doc, 72, 60, 'Contents', { bold: true, size: 16 });
    [['1 Introduction', '2'], ['2 Directives', '3'], ['2.1 Directive summary', '3'], ['2.2 High level extensions', '4'], ['3 Errors', '5']].forEach(([t, p], k) => {
      at(doc, 72, 90 + 16 * k, `${t} ${'.'.repeat(60)} ${p}`, { size: 10, font: 'Times-Roman' });
    });
  },
  (doc: PDFKit.PDFDocument) => {
    at(doc, 72, 60, '1 Introduction', { bold: true, size: 16 });
    body(doc, 85, 'The assembler turns one source file into one object file for the linker.');
  },
  (doc: PDFKit.PDFDocument) => {
    at(doc, 72, 120, '2 Directives', { bold: true, size: 16 });
    body(doc, 145, 'Directives tell the assembler what to do with the lines that follow them.');
    at(doc, 72, 175, '2.1 Directive summary', { bold: true, size: 12 });
    body(doc, 198, 'The directives that every program uses are listed in the manual for the processor.');
  },
  (doc: PDFKit.PDFDocument) => {
    at(doc, 72, 60, '2.2 High level extensions', { bold: true, size: 12 });
    body(doc, 82, 'These directives are meant for compilers. They are only available in relocatable mode.');
    let y = 110;
    for (const [h, t] of <[string, string][]>[['.DEF', 'Creates a new symbol with the options given after it.'], ['.DIM', 'Adds auxiliary entries to a symbol that exists already.'], ['.LINE', 'Marks the source line that the next instruction came from.']]) {
      at(doc, 72, y, h, { bold: true, size: 12 });
      body(doc, y + 20, t);
      body(doc, y + 32, 'See the linker manual for how the entry is stored in the object.');
      y += 60;
    }
  },
  (doc: PDFKit.PDFDocument) => {
    at(doc, 72, 60, '3 Errors', { bold: true, size: 16 });
    body(doc, 85, 'Errors stop the assembler at the first line that cannot be read.');
  },
];

describe('entries headed a little bigger than the text, under a section the contents end at', () => {
  it('reads the unlisted bold heads as one list of entries', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manual)), { pageCap: 10 });
    const toc = buildToc(parsed);
    // The premise: the contents list the sections, not the directives.
    expect(toc.tocSource).toBe('contents_page');
    expect(toc.entries.map((e) => e.title)).not.toContain('.DEF');
    const model = buildStructure(parsed, toc.entries);
    const headed = model.lists.filter((l) => l.style === 'headed');
    // Before: none, the 12-point heads read as headings of the page.
    expect(headed.map((l) => model.items.filter((i) => i.listId === l.id).map((i) => i.label))).toEqual([['.DEF', '.DIM', '.LINE']]);
  });
});
