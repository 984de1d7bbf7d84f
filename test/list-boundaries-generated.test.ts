import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { joinLine } from '../src/structure/lists.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';
import { structureOf } from './helpers/structure-of.ts';

/**
 * Where a list ends, built to isolate four things that are not its end:
 * - a figure caption between two paragraphs of an item, and the page break before it: the item's
 *   next paragraph sits at the item's hanging indent on a page the item fills, so that page has
 *   no flush line to measure indents from;
 * - a running footer that names the chapter beside the page number ("4. Field methods  7"):
 *   it changes with the chapter, so it repeats on too few pages to be found as a repeat;
 * - an item that opens with a path after its bullet glyph ("• /var and /srv ...");
 * - a serial comma in an inline series: "..., and wind and wave" ends with one element;
 * - quoted terms in a sentence ('The words "keep", ..., and "file" in this guide ...'): the last
 *   one ends at its closing quote, not with the sentence's predicate;
 * - a numbered citation after a series ("... and field drawings [3, 7, 12]"): not an element.
 */

const L = 72;
const HANG = 108;
const STEP = 14;

const footer = (doc: PDFKit.PDFDocument, page: number) => {
  textAt(doc, L, 740, '4. Field methods', { size: 9 });
  textAt(doc, 520, 740, String(page), { size: 9 });
};

const para = (doc: PDFKit.PDFDocument, y: number, lines: string[]) => lines.forEach((t, i) => textAt(doc, HANG, y + i * STEP, t));

function page1(): Draw {
  return (doc) => {
    textAt(doc, L, 50, '4. Field methods', { bold: true, size: 13 });
    textAt(doc, L, 80, 'The survey records the site with four methods, each set out below in turn:');
    textAt(doc, 90, 104, '•');
    textAt(doc, HANG, 104, 'Walking transects: the surveyor walks the site along lines set a fixed');
    para(doc, 104 + STEP, ['distance apart and records every feature seen within reach of the line.', 'The lines run north to south unless the ground forbids it.']);
    textAt(doc, 90, 104 + 4 * STEP, '•');
    textAt(doc, HANG, 104 + 4 * STEP, 'Sample pits: small pits dug at the points the transects mark, each');
    para(doc, 104 + 5 * STEP, ['recorded by its depth and the layers seen in its sides, as in Fig. 2.']);
    // The rest of the page is the item's own text, at its hanging indent.
    para(doc, 104 + 7 * STEP, Array.from({ length: 30 }, (_, i) => `Pit note ${i + 1}: the layers are drawn to scale and each one is described in words.`));
    footer(doc, 7);
  };
}

function page2(): Draw {
  return (doc) => {
    doc.rect(HANG + 60, 60, 200, 120).stroke();
    textAt(doc, 200, 190, 'Fig. 2. A sample pit and its layers', { size: 10 });
    // The item runs on after the figure: the whole page sits at the hanging indent.
    para(doc, 215, ['The pits are filled in once the layers are recorded and photographed, and the', 'turf is laid back over them.']);
    textAt(doc, 90, 215 + 3 * STEP, '•');
    textAt(doc, HANG, 215 + 3 * STEP, 'Ground radar: a cart drawn over the site along the transects, whose');
    para(doc, 215 + 4 * STEP, ['readings show buried walls and ditches without digging.']);
    textAt(doc, 90, 215 + 6 * STEP, '•');
    textAt(doc, HANG, 215 + 6 * STEP, 'Aerial photographs: taken from a kite or a drone at dawn, when low');
    para(doc, 215 + 7 * STEP, ['light shows the faint banks and hollows of the ground.']);
    para(doc, 215 + 9 * STEP, Array.from({ length: 24 }, (_, i) => `Photo note ${i + 1}: each photograph is logged with its time, its height and its bearing.`));
    footer(doc, 8);
  };
}

function page3(): Draw {
  return (doc) => {
    textAt(doc, L, 50, '5. Storage', { bold: true, size: 13 });
    textAt(doc, L, 80, 'The records are kept in these places:');
    textAt(doc, 90, 104, '•');
    textAt(doc, HANG, 104, 'the site office');
    textAt(doc, 90, 104 + STEP, '•');
    textAt(doc, HANG, 104 + STEP, '/var and /srv on the survey server');
    textAt(doc, 90, 104 + 2 * STEP, '•');
    textAt(doc, HANG, 104 + 2 * STEP, 'the county archive');
    // An item that opens like a caption is an item still.
    textAt(doc, 90, 104 + 3 * STEP, '•');
    textAt(doc, HANG, 104 + 3 * STEP, 'Table 2 of the reading room');
    textAt(doc, L, 104 + 4 * STEP, 'The hazards the store guards against are fire, damp, theft, and wind and wave.');
    textAt(doc, L, 104 + 6 * STEP, 'The words "keep", "store", "hold on to", and "file" in this guide are to be read as one.');
    textAt(doc, L, 104 + 8 * STEP, 'The store has held records of many kinds including maps, letters, ledgers and field drawings [3, 7, 12].');
    textAt(doc, L, 104 + 10 * STEP, 'Every box holds the record of one site, which may include plans, letters, notes, and sketches.');
    // Elements with a short bracketed aside each; a series led by "by".
    textAt(doc, L, 104 + 12 * STEP, 'Shelf marks are the bay (B), the shelf (S), the box (X), and the folder (F).');
    textAt(doc, L, 104 + 14 * STEP, 'Requests can be made by letter, phone, email or web form.');
    // Members in brackets after the noun, no count: the noun's series, after the bracket before it.
    textAt(doc, L, 104 + 16 * STEP, 'The store keeps boxes (large and small), paper forms (white, blue, and pink) and seals.');
    // Quoted values with bracketed asides between them, one aside quoting a value of its own.
    textAt(doc, L, 104 + 18 * STEP, 'A box grade can be set to "low", "mid" (or equivalently "medium"), "high" (the default) or "top".');
    // A series announced by "consists of", its first element glossed by a longer aside.
    textAt(doc, L, 104 + 20 * STEP, 'A record card holds one site, and each card consists of a site number (written when the card');
    textAt(doc, L, 104 + 21 * STEP, 'is opened), a grid reference, a finder name, a soil type, and the date of the last visit.');
  };
}

const guide = () => drawPdf([page1(), page2(), page3()]);

/** The guide's structure model, read the way ingest reads it. */
async function modelOf() {
  const parsed = await parsePdf(new Uint8Array(await guide()), { pageCap: 5 });
  return buildStructure(parsed, buildToc(parsed).entries);
}

describe('what does not end a list (generated)', () => {
  it('runs an item on past a page break and a figure caption, at its hanging indent, to its next items', async () => {
    const model = await modelOf();
    const list = model.lists.find((l) => l.intro?.startsWith('The survey records the site with four methods'))!;
    const items = model.items.filter((i) => i.listId === list.id);
    expect(items.map((i) => i.label)).toEqual(['Walking transects', 'Sample pits', 'Ground radar', 'Aerial photographs']);
    expect(items[1]!.text).toContain('turf is laid back over them.');
    expect(items[1]!.text).not.toContain('A sample pit and its layers');
  });

  it('takes a footer line on the page number\'s row for furniture, and reads a path after a bullet glyph as an item', async () => {
    const parsed = await parsePdf(new Uint8Array(await guide()), { pageCap: 5 });
    const footers = parsed.lines.filter((l) => l.text === '4. Field methods' && l.y0 > 700);
    expect(footers).toHaveLength(2);
    const toc = buildToc(parsed).entries;
    // The footer is no heading: the contents hold the chapter once.
    expect(toc.filter((e) => e.title === '4. Field methods')).toHaveLength(1);
    const model = buildStructure(parsed, toc);
    const places = model.lists.find((l) => l.intro === 'The records are kept in these places:')!;
    expect(model.items.filter((i) => i.listId === places.id).map((i) => i.label)).toEqual(['the site office', '/var and /srv on the survey server', 'the county archive', 'Table 2 of the reading room']);
  });

  it('ends an inline series with the element after its serial comma, whole', async () => {
    const model = await modelOf();
    const hazards = model.lists.find((l) => l.kind === 'series' && l.intro?.includes('guards against'))!;
    expect(model.items.filter((i) => i.listId === hazards.id).map((i) => i.label)).toEqual(['fire', 'damp', 'theft', 'wind and wave']);
  });

  it('reads quoted terms in a sentence as a series, the last one ending at its quote', async () => {
    const model = await modelOf();
    const words = model.lists.find((l) => l.kind === 'series' && l.intro === 'The words')!;
    expect(model.items.filter((i) => i.listId === words.id).map((i) => i.label)).toEqual(['keep', 'store', 'hold on to', 'file']);
  });

  it('reads quoted values past their bracketed asides, an aside\'s own quote no element', async () => {
    const model = await modelOf();
    const grades = model.lists.find((l) => l.kind === 'series' && l.intro?.startsWith('A box grade can be set to'))!;
    expect(model.items.filter((i) => i.listId === grades.id).map((i) => i.label)).toEqual(['low', 'mid', 'high', 'top']);
  });

  it('ends a series before a numbered citation, whose commas are not the series\'', async () => {
    const model = await modelOf();
    const kinds = model.lists.find((l) => l.kind === 'series' && l.intro?.includes('many kinds'))!;
    expect(model.items.filter((i) => i.listId === kinds.id).map((i) => i.label)).toEqual(['maps', 'letters', 'ledgers', 'field drawings']);
  });

  it('opens a series after a word announcing members inside its first short piece', async () => {
    const model = await modelOf();
    const held = model.lists.find((l) => l.kind === 'series' && l.intro?.startsWith('Every box holds'))!;
    expect(model.items.filter((i) => i.listId === held.id).map((i) => i.label)).toEqual(['plans', 'letters', 'notes', 'sketches']);
  });

  it('keeps a short bracketed aside with its element, and opens a series after "by"', async () => {
    const model = await modelOf();
    const marks = model.lists.find((l) => l.kind === 'series' && l.intro === 'Shelf marks are')!;
    const items = model.items.filter((i) => i.listId === marks.id);
    expect(items.map((i) => i.label)).toEqual(['the bay', 'the shelf', 'the box', 'the folder']);
    expect(items[0]!.text).toBe('the bay (B)');
    const requests = model.lists.find((l) => l.kind === 'series' && l.intro === 'Requests can be made by')!;
    expect(model.items.filter((i) => i.listId === requests.id).map((i) => i.label)).toEqual(['letter', 'phone', 'email', 'web form']);
  });

  it('reads a bracket of three or more short names after a noun as its series, and no bracket of two', async () => {
    const model = await modelOf();
    const forms = model.lists.find((l) => l.kind === 'series' && l.intro === 'paper forms')!;
    expect(model.items.filter((i) => i.listId === forms.id).map((i) => i.label)).toEqual(['white', 'blue', 'pink']);
    expect(model.lists.some((l) => l.kind === 'series' && l.intro?.endsWith('boxes'))).toBe(false);
  });

  it('mends a word broken at a line end by a typesetter\'s own hyphen character', () => {
    expect(joinLine('documentation, which may in\u2011', 'clude work papers')).toBe('documentation, which may include work papers');
    expect(joinLine('which may in\u2010', 'clude')).toBe('which may include');
  });

  it('reads a series announced by "consists of", past a gloss in brackets', async () => {
    const model = await modelOf();
    const card = model.lists.find((l) => l.kind === 'series' && l.intro?.endsWith('each card consists of'))!;
    expect(model.items.filter((i) => i.listId === card.id).map((i) => i.label)).toEqual(['a site number', 'a grid reference', 'a finder name', 'a soil type', 'the date of the last visit']);
  });

  const doc = generatedDocument(guide, 'field-guide.pdf');

  it('answers what each record consists of with the series, as a listing', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What does each record card consist of?');
    expect(answer.kind).toBe('listing');
    expect(answer.items.map((i) => i.name)).toEqual(['a site number', 'a grid reference', 'a finder name', 'a soil type', 'the date of the last visit']);
  });

  it('answers with all four methods and no verdict from a list cut at the page break', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which methods does the survey record the site with?');
    expect(answer.items.map((i) => i.name)).toEqual(['Walking transects', 'Sample pits', 'Ground radar', 'Aerial photographs']);
    expect(answer.isComplete).toBe(true);
    expect(answer.statedCount).toBe(4);
  });
});

/**
 * Bullet glyphs set at the paragraph's own edge, the items' text after them (no hanging indent),
 * the last item's sentence left without a stop: the paragraph a paragraph's space below it is no
 * more of that item, and the bullets after the next paragraph are another list.
 */
function overview(): Draw[] {
  return [
    (doc) => {
      textAt(doc, 72, 60, '1 Overview', { bold: true, size: 14 });
      textAt(doc, 72, 90, 'The framework is designed to be as portable as possible; it does not require');
      ['• Run-time type information', '• Member templates', '• Exception handling', '• External libraries (including file and console I/O)'].forEach((t, i) => textAt(doc, 72, 114 + 20 * i, t));
      textAt(doc, 72, 200, 'In particular, it was tailored for compilers on small devices, which often lack these');
      textAt(doc, 72, 214, 'features. It can still use them where a compiler supports them.');
      textAt(doc, 72, 240, 'This guide has the following chapters:');
      ['• Getting Started: simple examples', '• Assertions: the checks a test can make', '• Installation: how to install it'].forEach((t, i) => textAt(doc, 72, 264 + 20 * i, t));
    },
  ];
}

describe('a paragraph after bullets set at its own edge (generated)', () => {
  it('ends the list before the paragraph and reads the bullets after it as another list', async () => {
    const { itemsOf } = await structureOf(await drawPdf(overview()));
    const required = itemsOf(/does not require$/);
    expect(required.map((i) => i.label)).toEqual(['Run-time type information', 'Member templates', 'Exception handling', 'External libraries (including file and console I/O)']);
    expect(required.at(-1)!.text).not.toMatch(/In particular/);
    expect(itemsOf(/following chapters:$/)).toHaveLength(3);
  });
});
