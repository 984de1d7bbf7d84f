import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A command reference set as a two-column table over page breaks: short keys in small print on
 * the left, long descriptions beside them, one description in two paragraphs. A page holding
 * only such rows shows a gutter between the columns, as a page of two text columns would; and
 * the table runs on at the top of the next page. Drawn with pdfkit, so the geometry is known.
 */

const KEY_X = 74;
const VALUE_X = 300;
const LINE = 12;
const words = 'the tool reads this setting when it starts and keeps it until the session ends unless changed'.split(' ');

/** Description lines of about the value column's width: `n` lines, each a different run of words. */
function description(first: string, n: number): string[] {
  const out = [first];
  for (let i = 1; i < n; i++) out.push(Array.from({ length: 9 }, (_, k) => words[(i * 3 + k) % words.length]).join(' '));
  return out;
}

interface Entry {
  key: string;
  lines: string[];
  /** A paragraph break after this many lines of the description. */
  breakAfter?: number;
}

const general: Entry[] = [
  { key: 'address <addr>', lines: description('Sets the session address and port number.', 6) },
  { key: 'txport <port>', lines: description('Sets the source port number for transmission.', 4) },
  { key: 'ttl <value>', lines: description('Sets the multicast time-to-live of the session.', 3) },
  { key: 'iface <name>', lines: description('Sets the network interface for packets sent.', 5) },
  { key: 'loopback <on>', lines: description('Enables reception of the tool\'s own messages.', 4) },
  { key: 'robust <value>', lines: description('Sets how many times end-of-transmission is sent.', 14), breakAfter: 8 },
  { key: 'instance <name>', lines: description('Names the first running instance of the tool.', 4) },
  { key: 'debug <level>', lines: description('Sets the verbosity of the debug output.', 3) },
  { key: 'logfile <file>', lines: description('Directs the debug output to the file named.', 3) },
  { key: 'mtu <bytes>', lines: description('Sets the largest packet the tool sends.', 6) },
  { key: 'ratecap <bps>', lines: description('Caps the transmit rate of the session.', 6) },
  { key: 'txloss <share>', lines: description('Drops this share of the messages to be sent.', 3) },
  { key: 'rxloss <share>', lines: description('Drops this share of the messages received.', 3) },
];

const receiver: Entry[] = [
  { key: 'cachedir <path>', lines: description('Sets the folder where received files are kept.', 3) },
  { key: 'postproc <cmd>', lines: description('Runs a command on each file once received.', 3) },
  { key: 'keepparts <on>', lines: description('Keeps files that were only partly received.', 3) },
];

/** Lays the entries out from `y` on, page after page; returns the pages and where the last one ends. */
function layout(entries: Entry[], start: { page: number; y: number }, pages: Map<number, ((doc: PDFKit.PDFDocument) => void)[]>): { page: number; y: number } {
  let { page, y } = start;
  const put = (f: (doc: PDFKit.PDFDocument) => void) => pages.set(page, [...(pages.get(page) ?? []), f]);
  for (const e of entries) {
    if (y > 700) ({ page, y } = { page: page + 1, y: 72 });
    const keyY = y;
    put((doc) => at(doc, KEY_X, keyY, e.key, { size: 8.5 }));
    e.lines.forEach((text, i) => {
      if (y > 730) ({ page, y } = { page: page + 1, y: 72 });
      const lineY = y;
      put((doc) => at(doc, VALUE_X, lineY, text, { size: 10 }));
      y += LINE + (e.breakAfter === i + 1 ? 10 : 0);
    });
    y += 4;
  }
  return { page, y };
}

/** The reference, with an outline: "5. Command Reference" over its two groups of commands. */
function commandReference(): Draw[] {
  const pages = new Map<number, ((doc: PDFKit.PDFDocument) => void)[]>();
  let chapter: PDFKit.PDFOutline | null = null;
  pages.set(0, [
    (doc) => {
      chapter = doc.outline.addItem('5. Command Reference');
      chapter.addItem('5.1. General Commands');
      at(doc, 72, 60, '5. Command Reference', { bold: true, size: 14 });
      at(doc, 72, 90, 'The tables below list the commands of the tool, grouped as general and receiver commands.');
      for (let i = 0; i < 30; i++) at(doc, 72, 110 + i * 14, `Commands may be abbreviated on the command line where no other command starts alike (${i + 1}).`);
      at(doc, 72, 560, '5.1. General Commands', { bold: true, size: 13 });
    },
  ]);
  const end = layout(general, { page: 0, y: 590 }, pages);
  const headingY = end.y + 14;
  pages.set(end.page, [...(pages.get(end.page) ?? []), (doc) => {
    chapter!.addItem('5.2. Receiver Commands');
    at(doc, 72, headingY, '5.2. Receiver Commands', { bold: true, size: 13 });
  }]);
  layout(receiver, { page: end.page, y: headingY + 30 }, pages);
  return [...pages.keys()].sort((a, b) => a - b).map((p) => (doc) => pages.get(p)!.forEach((f) => f(doc)));
}

async function modelOf(pages: Draw[]) {
  const parsed = await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 10 });
  return { parsed, model: buildStructure(parsed, buildToc(parsed).entries) };
}

describe('a key/value table set over page breaks', () => {
  it('reads a page of keys beside their descriptions as one column of text, not two page columns', async () => {
    const { parsed } = await modelOf(commandReference());
    // Before: the page holding only rows of the table was split at the gap between key and
    // value, as a page of two text columns is, and no row of it was a row of cells.
    expect(parsed.pages.length).toBeGreaterThanOrEqual(2);
    expect(parsed.pages[1]!.columns).toBe(1);
  });

  it('goes on with the table at the top of the next page and through a paragraph break in a cell', async () => {
    const { model } = await modelOf(commandReference());
    const keysOf = (first: string) => {
      const table = model.lists.find((l) => l.kind === 'table-row' && model.items.some((i) => i.listId === l.id && i.label === first));
      return table ? model.items.filter((i) => i.listId === table.id).map((i) => i.label) : [];
    };
    // Before: the rows on the first page were too few for a table, and the rows after the
    // paragraph break opened a table of their own.
    expect(keysOf('address <addr>')).toEqual(general.map((e) => e.key));
    expect(keysOf('cachedir <path>')).toEqual(receiver.map((e) => e.key));
  });
});

describe('a command table over page breaks through the pipeline (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(commandReference()), 'command-reference.pdf');

  it('counts every general command, the rows of both pages', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many general commands does the command reference list?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name.split(' ')[0])).toEqual(general.map((e) => e.key.split(' ')[0]));
    // The table's end proves nothing by itself, and no count is stated: never "complete".
    expect(answer.isComplete).not.toBe(true);
  });

  it('reads the commands of the one group the question names, not the groups as sections', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many receiver commands does the command reference list?');
    // Before: the sub-sections of "5. Command Reference" (one of them titled with the very
    // phrase asked) came back as the receiver commands.
    expect(answer.items.map((i) => i.name.split(' ')[0])).toEqual(receiver.map((e) => e.key.split(' ')[0]));
  });
});
