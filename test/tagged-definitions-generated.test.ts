import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A reference manual that sets each definition with its category at the right margin, as
 * Texinfo's definition commands print them ("int zq_open (const char *path)   [Function]"):
 * every definition of one category is one family, whichever section it stands in, named by
 * what it defines (the name before its parameters, or the word the entries do not share).
 */

const definition = (doc: PDFKit.PDFDocument, y: number, def: string, category: string, text: string) => {
  at(doc, 72, y, def, { font: 'Courier' });
  at(doc, 540 - doc.font('Helvetica').widthOfString(`[${category}]`), y, `[${category}]`);
  at(doc, 100, y + 14, text);
};

const manual: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '2 Library Functions', { bold: true, size: 15 });
    at(doc, 72, 90, '2.1 Opening Archives', { bold: true, size: 13 });
    definition(doc, 115, 'int zq_open (const char *path, int mode)', 'Function', 'Opens the archive at path for reading or writing.');
    definition(doc, 155, 'int zq_close (zq_t *archive)', 'Function', 'Closes the archive and frees its buffers.');
    at(doc, 72, 200, '2.2 Reading Entries', { bold: true, size: 13 });
    definition(doc, 225, 'long zq_read (zq_t *archive, char *buf, long size)', 'Function', 'Reads the next entry into buf.');
    definition(doc, 265, 'int zq_skip (zq_t *archive)', 'Function', 'Skips the next entry without reading it.');
    at(doc, 72, 310, 'The following hints help when reading large archives:');
    at(doc, 80, 328, '• Read entries in the order they were written.');
    at(doc, 80, 344, '• Skip entries you do not need.');
    at(doc, 80, 360, '• Close archives you no longer read.');
  },
  (doc) => {
    at(doc, 72, 60, '2.3 Status Values', { bold: true, size: 13 });
    at(doc, 72, 85, 'Every function returns one of these values.');
    definition(doc, 110, 'zq_status ZQ_OK', 'Status value', 'The call succeeded.');
    definition(doc, 150, 'zq_status ZQ_NOMEM', 'Status value', 'Memory ran out.');
    definition(doc, 190, 'zq_status ZQ_BADFILE', 'Status value', 'The file is no archive.');
    definition(doc, 230, 'zq_status ZQ_EOF', 'Status value', 'No entry is left to read.');
    at(doc, 72, 275, '2.4 Version Check', { bold: true, size: 13 });
    definition(doc, 300, 'const char * zq_version (void)', 'Function', 'Returns the version of the library.');
  },
];

describe('definitions tagged by their category at the right margin', () => {
  it('reads one family per category across the sections, each named by what it defines', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manual)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const tagged = model.lists.filter((l) => l.style === 'tagged');
    expect(tagged.map((l) => l.intro)).toEqual(['Function', 'Status value']);
    const names = (id: number) => model.items.filter((i) => i.listId === id).map((i) => i.label);
    expect(names(tagged[0]!.id)).toEqual(['zq_open', 'zq_close', 'zq_read', 'zq_skip', 'zq_version']);
    // The type every status shares names none of them.
    expect(names(tagged[1]!.id)).toEqual(['ZQ_OK', 'ZQ_NOMEM', 'ZQ_BADFILE', 'ZQ_EOF']);
    // Each entry holds its description, not the category beside its definition.
    const ok = model.items.find((i) => i.label === 'ZQ_OK')!;
    expect(ok.text).toBe('zq_status ZQ_OK The call succeeded.');
  });
});

describe('tagged definitions through the pipeline (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(manual), 'zq-reference.pdf');

  it('answers which status values there are with the family tagged so', async () => {
    const { answer } = await subject.ask<ListingAnswer>('What status values can the zq functions give back, and what does each mean?');
    expect(answer.items.map((i) => i.name)).toEqual(['ZQ_OK', 'ZQ_NOMEM', 'ZQ_BADFILE', 'ZQ_EOF']);
    // Nothing marks where such a family ends: never whole by itself.
    expect(answer.isComplete).not.toBe(true);
  });

  it('counts the functions of the manual across its sections', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many functions does the zq manual document?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name)).toEqual(['zq_open', 'zq_close', 'zq_read', 'zq_skip', 'zq_version']);
  });
});
