import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaptersWithSectionsPdf } from './helpers/chapters-pdf.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import type { ParsedDocument } from '../src/parse/types.ts';
import { buildToc, type TocResult } from '../src/toc/build-toc.ts';
import { sentenceReason } from '../src/toc/noise.ts';
import { parseNumbering } from '../src/toc/numbering.ts';
import { renderTocTree } from '../src/toc/render-toc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';
import { buildIndex } from '../src/toc/doc-index.ts';
import { buildStructure } from '../src/structure/build-structure.ts';

// Synthetic PDFs with known structure: what each builder path must recover, page for page.

const SENTENCES = [
  'The operator reads the gauge before the shift begins and writes the value in the log book kept at the station.',
  'Values outside the expected band are reported to the supervisor, who decides whether the unit keeps running.',
  'Every change to the settings is recorded together with the reason for it and the name of the person who made it.',
  'Spare parts are stored in the cabinet next to the panel and are counted at the end of every month by the team.',
  'A second person checks the readings once a week and signs the page when the values agree with the display.',
];
let paragraphNo = 0;

/** A different paragraph each time, so that no page repeats another page's lines. */
function paragraph(): string {
  const k = paragraphNo++;
  return SENTENCES.map((_, i) => SENTENCES[(i + k) % SENTENCES.length]).slice(0, 3 + (k % 3)).join(' ');
}

type Doc = InstanceType<typeof PDFDocument>;

let dir: string;

async function render(name: string, draw: (doc: Doc) => void): Promise<ParsedDocument> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.concat(chunks));
  return parsePdf(new Uint8Array(readFileSync(file)), { pageCap: 100 });
}

function heading(doc: Doc, text: string, size: number): void {
  doc.font('Helvetica-Bold').fontSize(size).text(text);
  doc.moveDown(0.4);
}

function body(doc: Doc, paragraphs = 2): void {
  doc.font('Helvetica').fontSize(11);
  for (let i = 0; i < paragraphs; i++) {
    doc.text(paragraph());
    doc.moveDown(0.6);
  }
}

/** Printed page number centred in the footer, as book layouts do. */
function footer(doc: Doc, printed: string): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font('Helvetica').fontSize(9).text(printed, 72, 740, { width: 468, align: 'center', lineBreak: false });
  doc.page.margins.bottom = bottom;
  doc.x = 72;
  doc.y = 72;
}

function byTitle(toc: TocResult, title: RegExp) {
  const e = toc.entries.find((x) => title.test(x.title));
  if (!e) throw new Error(`no entry matching ${title} in\n${renderTocTree(toc.entries)}`);
  return e;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docintel-toc-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('no outline, printed contents page with dot leaders and offset page numbers', () => {
  // Physical pages 1-2 are a cover and the contents; printed page 1 is physical page 3.
  const sections = [
    { title: '1 Getting Started', level: 1, printed: 1 },
    { title: '1.1 Installation', level: 2, printed: 1 },
    { title: '1.2 Configuration', level: 2, printed: 2 },
    { title: '2 Operation', level: 1, printed: 3 },
    { title: '2.1 Daily Checks', level: 2, printed: 3 },
    { title: '2.2 Shutdown', level: 2, printed: 4 },
    { title: '3 Maintenance', level: 1, printed: 5 },
    { title: 'Appendix A Troubleshooting', level: 1, printed: 6 },
  ];
  let toc: TocResult;

  beforeAll(async () => {
    const parsed = await render('contents', (doc) => {
      doc.font('Helvetica-Bold').fontSize(30).text('Widget Station Handbook', 72, 250, { align: 'center' });
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(18).text('Contents');
      doc.moveDown(1);
      for (const s of sections) {
        const x = s.level === 1 ? 72 : 90;
        const y = doc.y;
        const font = s.level === 1 ? 'Helvetica-Bold' : 'Helvetica';
        doc.font(font).fontSize(11);
        const width = doc.widthOfString(s.title);
        const dotWidth = doc.widthOfString('.');
        const dots = '.'.repeat(Math.floor((510 - x - width - 12) / dotWidth));
        doc.text(`${s.title} ${dots}`, x, y, { lineBreak: false });
        doc.text(String(s.printed), 510, y, { width: 30, align: 'right', lineBreak: false });
        doc.x = 72;
        doc.y = y + 20;
      }
      for (let printed = 1; printed <= 6; printed++) {
        doc.addPage();
        for (const s of sections.filter((x) => x.printed === printed)) {
          heading(doc, s.title, s.level === 1 ? 16 : 13);
          body(doc, 2);
        }
        if (printed === 4) body(doc, 1);
        footer(doc, String(printed));
      }
    });
    expect(parsed.outline).toEqual([]);
    toc = buildToc(parsed);
  });

  it('rebuilds the tree from the contents page', () => {
    expect(toc.tocSource).toBe('contents_page');
    const fromContents = toc.entries.filter((e) => e.source === 'contents_page');
    expect(fromContents.map((e) => e.title)).toEqual(sections.map((s) => s.title));
    expect(fromContents.map((e) => e.level)).toEqual(sections.map((s) => s.level));
  });

  it('maps printed page numbers to physical pages and verifies each heading there', () => {
    for (const s of sections) {
      const e = byTitle(toc, new RegExp(`^${s.title.replace(/\./g, '\\.')}$`));
      expect(e.pageStart, s.title).toBe(s.printed + 2);
      expect(e.verified, s.title).toBe(true);
      expect(e.lineStart, s.title).not.toBeNull();
    }
  });

  it('nests subsections under their chapter with consistent page ranges', () => {
    const ops = byTitle(toc, /^2 Operation$/);
    const daily = byTitle(toc, /^2\.1 Daily Checks$/);
    const shutdown = byTitle(toc, /^2\.2 Shutdown$/);
    expect(daily.parentId).toBe(ops.id);
    expect(shutdown.parentId).toBe(ops.id);
    expect(ops.pageEnd).toBe(6);
    expect(shutdown.pageEnd).toBeLessThanOrEqual(ops.pageEnd);
    expect(byTitle(toc, /^Appendix A/).pageEnd).toBe(8);
  });
});

describe('no outline and no contents page: headings only', () => {
  const headings = [
    { title: '1 Introduction', level: 1, page: 1 },
    { title: '1.1 Purpose', level: 2, page: 1 },
    { title: '1.2 Scope', level: 2, page: 2 },
    { title: '2 Method', level: 1, page: 3 },
    { title: '2.1 Data Collection', level: 2, page: 3 },
    { title: '2.2 Analysis', level: 2, page: 4 },
    { title: '3 Results', level: 1, page: 5 },
  ];
  let toc: TocResult;

  beforeAll(async () => {
    const parsed = await render('headings', (doc) => {
      for (let page = 1; page <= 5; page++) {
        if (page > 1) doc.addPage();
        for (const h of headings.filter((x) => x.page === page)) {
          heading(doc, h.title, h.level === 1 ? 18 : 13);
          body(doc, 2);
        }
        if (page === 4) {
          // A numbered list in body type: list items, not headings.
          doc.font('Helvetica').fontSize(11);
          for (const item of ['1. Check the inlet valve', '2. Record the pressure', '3. Close the panel']) doc.text(item);
          body(doc, 1);
        }
      }
    });
    toc = buildToc(parsed);
  });

  it('reports headings as the source and finds every heading on its page', () => {
    expect(toc.tocSource).toBe('headings');
    expect(toc.entries.map((e) => e.title)).toEqual(headings.map((h) => h.title));
    expect(toc.entries.map((e) => e.pageStart)).toEqual(headings.map((h) => h.page));
    expect(toc.entries.map((e) => e.level)).toEqual(headings.map((h) => h.level));
    expect(toc.entries.every((e) => e.source === 'headings' && e.verified)).toBe(true);
  });

  it('gives parents ranges that cover their children', () => {
    const method = byTitle(toc, /^2 Method$/);
    expect(method.pageEnd).toBe(4);
    expect(byTitle(toc, /^2\.2 Analysis$/).parentId).toBe(method.id);
    expect(byTitle(toc, /^3 Results$/).pageEnd).toBe(5);
  });
});

describe('outline titles without the label printed above their heading', () => {
  let toc: TocResult;

  beforeAll(async () => {
    const parsed = await render('labelled-appendices', (doc) => {
      heading(doc, 'Introduction', 18);
      body(doc, 2);
      doc.addPage();
      heading(doc, 'APPENDIX A', 14);
      heading(doc, 'DUTIES OF THE CREW', 16);
      body(doc, 2);
      doc.addPage();
      heading(doc, 'APPENDIX B', 14);
      heading(doc, 'Section 4 Spare Parts', 16);
      body(doc, 2);
      doc.switchToPage(0);
      doc.outline.addItem('Introduction');
      doc.switchToPage(1);
      doc.outline.addItem('DUTIES OF THE CREW');
      doc.switchToPage(2);
      doc.outline.addItem('Section 4 Spare Parts');
    });
    toc = buildToc(parsed);
  });

  it('takes the bare label line over the heading into the entry\'s title and starts the entry there', () => {
    const duties = byTitle(toc, /DUTIES OF THE CREW$/);
    expect(duties.title).toBe('APPENDIX A DUTIES OF THE CREW');
    expect(duties.pageStart).toBe(2);
    // A title numbered already keeps its own number.
    expect(byTitle(toc, /Spare Parts$/).title).toBe('Section 4 Spare Parts');
    expect(byTitle(toc, /^Introduction$/).title).toBe('Introduction');
  });
});

describe('outline with wrong destinations', () => {
  // Each heading starts its own page; the bookmarks point one or two pages early.
  const pages = ['Introduction', 'Background', 'Methods', 'Sampling Plan', 'Results', 'Discussion'];
  const bookmarks: { title: string; target: number; heading: number; child?: boolean }[] = [
    { title: 'Introduction', target: 1, heading: 1 },
    { title: 'Background', target: 1, heading: 2 },
    { title: 'Methods', target: 2, heading: 3 },
    { title: 'Sampling Plan', target: 3, heading: 4, child: true },
    { title: 'Results', target: 3, heading: 5 },
    { title: 'Discussion', target: 6, heading: 6 },
  ];
  let toc: TocResult;

  beforeAll(async () => {
    const parsed = await render('bad-outline', (doc) => {
      pages.forEach((title, i) => {
        if (i > 0) doc.addPage();
        heading(doc, title, title === 'Sampling Plan' ? 13 : 18);
        body(doc, 3);
      });
      let parent: ReturnType<typeof doc.outline.addItem> | null = null;
      for (const b of bookmarks) {
        doc.switchToPage(b.target - 1);
        if (b.child && parent) parent.addItem(b.title);
        else parent = doc.outline.addItem(b.title);
      }
    });
    expect(parsed.outline.length).toBe(5);
    toc = buildToc(parsed);
  });

  it('moves each entry to the page that prints its heading and records where it pointed', () => {
    expect(toc.tocSource).toBe('outline');
    for (const b of bookmarks) {
      const e = byTitle(toc, new RegExp(`^${b.title}$`));
      expect(e.pageStart, b.title).toBe(b.heading);
      expect(e.verified, b.title).toBe(true);
      if (b.target === b.heading) {
        expect(e.source, b.title).toBe('outline');
        expect(e.originalPage, b.title).toBeNull();
      } else {
        expect(e.source, b.title).toBe('repaired');
        expect(e.originalPage, b.title).toBe(b.target);
      }
    }
    expect(toc.stats.outline_repaired).toBe(4);
  });

  it('keeps the hierarchy and recomputes ranges from the repaired pages', () => {
    const methods = byTitle(toc, /^Methods$/);
    const sampling = byTitle(toc, /^Sampling Plan$/);
    expect(sampling.parentId).toBe(methods.id);
    expect(methods.pageEnd).toBe(4);
    expect(byTitle(toc, /^Background$/).pageEnd).toBe(2);
  });
});

describe('a flat outline: a chapter and its sections bookmarked side by side', () => {
  // The chapter's heading is set larger than its sections'; the outline puts all of them at one
  // level. A table caption set small after a chapter is not one of its sections, and a heading
  // set larger than every other ("Contents") is no level of its own.
  const layout: { title: string; size: number }[] = [
    { title: 'Contents', size: 22 },
    { title: 'Overview', size: 16 },
    { title: 'Practices', size: 16 },
    { title: 'Input Handling:', size: 12 },
    { title: 'Output Handling:', size: 12 },
    { title: 'Session Handling:', size: 12 },
    { title: 'Glossary', size: 16 },
    { title: 'Table 1: Terms and Sources', size: 12 },
    { title: 'Table 2: Terms and Owners', size: 12 },
  ];
  let toc: TocResult;

  beforeAll(async () => {
    const parsed = await render('flat-outline', (doc) => {
      layout.forEach((h, i) => {
        if (i > 0) doc.addPage();
        heading(doc, h.title, h.size);
        body(doc, 2);
      });
      layout.forEach((h, i) => {
        doc.switchToPage(i);
        doc.outline.addItem(h.title);
      });
    });
    toc = buildToc(parsed);
  });

  it('nests the smaller-set bookmarks under the entry before them', () => {
    expect(toc.tocSource).toBe('outline');
    const practices = byTitle(toc, /^Practices$/);
    const children = toc.entries.filter((e) => e.parentId === practices.id).map((e) => e.title);
    expect(children).toEqual(['Input Handling:', 'Output Handling:', 'Session Handling:']);
    expect(byTitle(toc, /^Input Handling/).flags).toContain('nested_by_style');
    expect(practices.pageEnd).toBe(6);
  });

  it('leaves a caption and the entries after a one-off style where the outline put them', () => {
    expect(byTitle(toc, /^Table 1/).parentId).toBeNull();
    expect(byTitle(toc, /^Table 2/).parentId).toBeNull();
    expect(byTitle(toc, /^Overview$/).parentId).toBeNull();
    expect(byTitle(toc, /^Glossary$/).parentId).toBeNull();
  });
});

describe('siblings the page numbers as one level, set in different weights', () => {
  // A manual names its tools in a code font: a short name leaves the bold section number the
  // line's dominant font, a longer one does not, so one heading reads heavier than the next ones.
  // Their printed numbers say they are siblings; the style difference is no level.
  it('keeps numbered siblings side by side under their parent', async () => {
    const parsed = await render('numbered-siblings', (doc) => {
      heading(doc, '2 Tools', 16);
      body(doc, 1);
      const tools = doc.outline.addItem('2 Tools');
      for (const [n, name] of [['2.1', 'Fsck'], ['2.2', 'Resize volumes'], ['2.3', 'Mount options'], ['2.4', 'Check quotas']] as const) {
        // The first and last tools' headings set bold, the others regular: as the dominant fonts came out.
        doc.font(n === '2.1' || n === '2.4' ? 'Helvetica-Bold' : 'Helvetica').fontSize(12).text(`${n} ${name}`);
        doc.moveDown(0.4);
        body(doc, 1);
        tools.addItem(name);
      }
    });
    const toc = buildToc(parsed);
    expect(toc.tocSource).toBe('outline');
    const parent = byTitle(toc, /^2 Tools$/);
    expect(toc.entries.filter((e) => e.parentId === parent.id).map((e) => e.title)).toEqual(['2.1 Fsck', '2.2 Resize volumes', '2.3 Mount options', '2.4 Check quotas']);
    expect(toc.entries.some((e) => e.flags.includes('nested_by_style'))).toBe(false);
  });
});

describe('rules the builder relies on', () => {
  it('reads section numbers, roman and lettered numbering, prefixed and catalogue identifiers', () => {
    const first = (t: string) => parseNumbering(t)[0];
    expect(first('5.4 Regularization')).toMatchObject({ kind: 'decimal', id: '5.4', depth: 2, rest: 'Regularization' });
    expect(parseNumbering('VI. DEDUCTIBLES').map((n) => n.kind)).toEqual(['roman']);
    expect(parseNumbering('C. Coverage C').map((n) => n.kind)).toEqual(['roman', 'alpha']);
    expect(first('Appendix B: How AI Risks Differ')).toMatchObject({ kind: 'prefixed', value: 2, rest: 'How AI Risks Differ' });
    expect(first('Organizational Context (GV.OC): The circumstances')).toMatchObject({ kind: 'code', id: 'GV.OC', rest: 'Organizational Context' });
    expect(first('GOVERN 1.1: Legal and regulatory requirements')).toMatchObject({ kind: 'code', id: 'GOVERN 1.1', value: 1 });
    expect(first('AC-2 Account Management')).toMatchObject({ kind: 'code', id: 'AC-2', value: 2 });
    expect(first('V3.2 Unintended Content Interpretation')).toMatchObject({ kind: 'code', id: 'V3.2' });
    expect(first('TABLE 1: PREPARE TASKS')).toMatchObject({ kind: 'caption' });
    // Prose that happens to start with a number is not numbered.
    expect(parseNumbering('2014 English-French dataset')).toEqual([]);
    expect(parseNumbering('1.5 million users')).toEqual([]);
  });

  it('tells sentences and field values from headings', () => {
    expect(sentenceReason('Potential Inputs: Organizational security and privacy policies and procedures; organizational charts.')).toBe('sentence');
    expect(sentenceReason('Quick link to summary table for RMF tasks, responsibilities, and supporting roles.')).toBe('sentence');
    expect(sentenceReason('Appendix A: Descriptions of AI Actor Tasks from Figures 2 and 3')).toBeNull();
    expect(sentenceReason('Input Validation:')).toBeNull();
    expect(sentenceReason('VI. Deductibles')).toBeNull();
    expect(sentenceReason('FIGURE 5: CONCEPTUAL VIEW OF THE SYSTEM')).toBeNull();
  });

  it('renders an indented tree with pages, source and flags', () => {
    const row = { parentId: null, ordinal: 1, lineStart: 3, verified: true, routable: true, flags: [] as string[] };
    const text = renderTocTree([
      { ...row, id: 1, level: 1, title: 'Executive Summary', pageStart: 6, pageEnd: 8, source: 'repaired', originalPage: 1 },
      { ...row, id: 2, level: 2, parentId: 1, title: 'Quick link', pageStart: 7, pageEnd: 7, source: 'outline', originalPage: null, flags: ['duplicate'], routable: false },
    ]);
    expect(text.split('\n')).toEqual([
      '1  Executive Summary  p.6-8  [repaired from p.1]',
      '2    Quick link  p.7  [outline]  {duplicate, not routable}',
    ]);
  });
});

describe('headings printed as a label line over a title line', () => {
  it('builds chapters with their articles nested, numbered by the label and titled by the line below', async () => {
    const { drawPdf, textAt } = await import('./helpers/make-pdf.ts');
    const body = (doc: Parameters<typeof textAt>[0], y: number, n: number) => {
      for (let i = 0; i < n; i++) textAt(doc, 72, y + 14 * i, `Member states shall apply these rules to every provider in the market, line ${y + i}.`);
    };
    const centred = (doc: Parameters<typeof textAt>[0], y: number, text: string, bold = false) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
      textAt(doc, (612 - doc.widthOfString(text)) / 2, y, text, { bold });
    };
    const pages = [
      ['CHAPTER I', 'GENERAL RULES', ['Article 1', 'Subject matter'], ['Article 2', 'Scope']],
      ['CHAPTER II', 'PROHIBITED PRACTICES', ['Article 3', 'Prohibited practices'], ['Article 4', 'Penalties']],
      ['CHAPTER III', 'FINAL PROVISIONS', ['Article 5', 'Entry into force'], ['Article 6', 'Repeal']],
    ] as const;
    // Each page sets its headings at other heights, so none reads as a running header.
    const pdf = await drawPdf(
      pages.map(([label, title, a, b], k) => (doc) => {
        const y = 80 + 37 * k;
        centred(doc, y, label);
        centred(doc, y + 16, title, true);
        centred(doc, y + 60, a[0]);
        centred(doc, y + 76, a[1], true);
        body(doc, y + 100, 10);
        centred(doc, y + 260, b[0]);
        centred(doc, y + 276, b[1], true);
        body(doc, y + 300, 10);
      }),
    );
    const toc = buildToc(await parsePdf(new Uint8Array(pdf), { pageCap: 100 }));
    const tops = toc.entries.filter((e) => e.routable && e.parentId === null).map((e) => e.title);
    expect(tops).toEqual(['CHAPTER I GENERAL RULES', 'CHAPTER II PROHIBITED PRACTICES', 'CHAPTER III FINAL PROVISIONS']);
    const ch2 = toc.entries.find((e) => e.title === 'CHAPTER II PROHIBITED PRACTICES')!;
    expect(toc.entries.filter((e) => e.parentId === ch2.id).map((e) => [e.title, e.pageStart])).toEqual([
      ['Article 3 Prohibited practices', 2],
      ['Article 4 Penalties', 2],
    ]);
  });

  it('puts a family numbered again from 1 in each chapter (SECTION 1, 2 ...) between the chapters and their articles', async () => {
    const pdf = await chaptersWithSectionsPdf();
    const toc = buildToc(await parsePdf(new Uint8Array(pdf), { pageCap: 100 }));
    const title = (id: number | null) => toc.entries.find((e) => e.id === id)?.title ?? null;
    const parentOf = (t: string) => title(toc.entries.find((e) => e.title === t)!.parentId);
    expect(toc.entries.filter((e) => e.parentId === null).map((e) => e.title)).toEqual(['CHAPTER I SCOPE', 'CHAPTER II OPERATORS', 'CHAPTER III AUTHORITIES']);
    expect(parentOf('Article 1 Subject matter')).toBe('CHAPTER I SCOPE');
    expect(parentOf('SECTION 2 Penalties')).toBe('CHAPTER III AUTHORITIES');
    expect(parentOf('Article 4 Audits')).toBe('SECTION 1 Duties');
    expect(parentOf('Article 8 Bans')).toBe('SECTION 2 Penalties');
  });
});

describe('a table of codes in ascending order is no contents page', () => {
  // Codes 0 ... 17 in a three-page document: each line ends in a number, the numbers ascend, and
  // the block is titled like a list; only page numbers that exist make a contents page.
  it('keeps the headings of the document and never reads a code value as a page number', async () => {
    const codes = ['HELLO', 'ACK', 'NAK', 'PING', 'OPEN', 'CLOSE', 'BEGIN', 'END', 'SEND', 'RECV', 'WAIT', 'QUIT'];
    const parsed = await parsePdf(
      new Uint8Array(
        await drawPdf([
          (doc) => {
            at(doc, 72, 60, '1 Introduction', { bold: true, size: 16 });
            at(doc, 72, 90, 'A client and a server exchange short commands over one pipe, one command at a time.');
            at(doc, 72, 130, '2 Commands', { bold: true, size: 16 });
            at(doc, 72, 160, 'Each command is sent as its code, a number from the table below.');
            codes.forEach((c, i) => {
              at(doc, 90, 185 + 15 * i, `CMD_${c}`);
              at(doc, 300, 185 + 15 * i, String(i + (i > 5 ? 6 : 0)));
            });
          },
          (doc) => {
            at(doc, 72, 60, '3 Errors', { bold: true, size: 16 });
            at(doc, 72, 90, 'A server that cannot read a command answers with the code of NAK and closes the pipe.');
          },
          (doc) => {
            at(doc, 72, 60, '4 Examples', { bold: true, size: 16 });
            at(doc, 72, 90, 'The client sends HELLO, waits for ACK, and then sends its first OPEN command.');
          },
        ]),
      ),
      { pageCap: 10 },
    );
    const toc = buildToc(parsed);
    expect(toc.stats.contents_rows ?? 0).toBe(0);
    expect(toc.tocSource).not.toBe('contents_page');
    expect(toc.entries.map((e) => e.title)).toEqual(['1 Introduction', '2 Commands', '3 Errors', '4 Examples']);
  });

  // Codes 0 ... 13 on page 14 of 16: every value but 0 is a page of the document, and the values
  // ascend one by one; page 0 is never printed, so the table is no contents (before, its 14 rows
  // were read as contents entries, appended to a real contents' entries where there was one).
  it('never reads a table of values from 0 as a contents page, however many of its values are pages', async () => {
    const names = ['UNDEFINED', 'FILE', 'RANGE', 'INTERNAL', 'NULL', 'READ', 'SEEK', 'WRITE', 'UNKNOWN', 'CHECK', 'DEFINED', 'SIGNATURE', 'CORRUPT', 'UNSUITABLE'];
    const titles = ['Overview', 'Installing', 'Contexts', 'Profiles', 'Transforms', 'Memory', 'Interpolation', 'Curves', 'Formatters', 'Tags', 'Intents', 'Stages', 'Optimization', 'Error logging', 'Mutexes', 'Threads'];
    const chapter = (n: number) => (doc: PDFKit.PDFDocument) => {
      at(doc, 72, 60, `${n} ${titles[n - 1]!}`, { bold: true, size: 16 });
      at(doc, 72, 90, 'This chapter describes one more service of the library in plain words, with examples.');
    };
    const pages = Array.from({ length: 16 }, (_, k) => chapter(k + 1));
    pages[13] = (doc) => {
      at(doc, 72, 60, '14 Error logging', { bold: true, size: 16 });
      at(doc, 72, 90, 'A plug-in reports a failure with one of these error codes:');
      names.forEach((c, i) => {
        at(doc, 90, 115 + 15 * i, `ERR_${c}`);
        at(doc, 480, 115 + 15 * i, String(i));
      });
    };
    const toc = buildToc(await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 20 }));
    expect(toc.stats.contents_rows ?? 0).toBe(0);
    expect(toc.tocSource).not.toBe('contents_page');
    expect(toc.entries.map((e) => e.title).filter((t) => t.startsWith('ERR_'))).toEqual([]);
    expect(toc.entries.map((e) => e.title)).toContain('14 Error logging');
  });
});

describe('outline entries titled in lower case', () => {
  // A packaging guide's sections named by the files they cover: "debian/control" is a heading
  // set like the others, not a fragment of a sentence; a lower-case bookmark whose line is body
  // text still is.
  let toc: TocResult;
  beforeAll(async () => {
    const parsed = await render('lowercase-outline', (doc) => {
      heading(doc, '1 Packaging', 18);
      body(doc, 1);
      // One set bold like the other headings; one numbered, its name in a code font.
      heading(doc, 'debian/control', 13);
      body(doc, 1);
      doc.font('Courier').fontSize(13).text('1.2 debian/copyright');
      doc.moveDown(0.4);
      body(doc, 1);
      heading(doc, '1.3 Uploads', 13);
      body(doc, 1);
      // A short name in lower case under its printed number, the bookmark without the number.
      heading(doc, '1.4 cdbs rules', 13);
      body(doc, 1);
      doc.font('Helvetica').fontSize(11).text('and the files it names in the team repository');
      const top = doc.outline.addItem('1 Packaging');
      for (const t of ['debian/control', 'debian/copyright', '1.3 Uploads', 'cdbs rules', 'and the files it names in the team repository']) top.addItem(t);
    });
    toc = buildToc(parsed);
  });

  it('keeps a lower-case title set as a heading routable, and flags a lower-case line of prose', () => {
    expect(toc.tocSource).toBe('outline');
    const routable = toc.entries.filter((e) => e.routable).map((e) => e.title);
    expect(routable).toEqual(['1 Packaging', 'debian/control', 'debian/copyright', '1.3 Uploads', 'cdbs rules']);
    // Found on its numbered line, though no number is read before a lower-case title.
    expect(toc.entries.find((e) => e.title === 'cdbs rules')?.flags).not.toContain('unverified');
    expect(toc.entries.find((e) => e.title.startsWith('and the files'))?.flags).toContain('fragment');
  });
});

describe('a contents block above the first section, on one page', () => {
  // A short guide prints its contents with dot leaders at the top of page 1 and starts "1.
  // Background" below it: too few rows for a contents page by share, but a run of leader rows.
  it('reads the leader rows as the contents, and keeps them out of the body text', async () => {
    const entries: [string, number][] = [['1. Background', 1], ['2. Building', 2], ['2.1. Unix', 2], ['3. Operation', 2], ['3.1. Files', 3], ['4. Usage', 3], ['5. Reference', 3]];
    const parsed = await render('contents-block', (doc) => {
      doc.font('Helvetica-Bold').fontSize(20).text('Relay User Guide');
      doc.moveDown(0.5);
      doc.font('Helvetica').fontSize(10);
      for (const [t, p] of entries) doc.text(`${t} ${'.'.repeat(60)} ${p}`);
      doc.moveDown(1);
      heading(doc, '1. Background', 16);
      body(doc, 4);
      doc.addPage();
      for (const [t, p] of entries.slice(1)) {
        if (p === 2) {
          heading(doc, t, t.split('.').length > 2 ? 13 : 16);
          body(doc, 1);
        }
      }
      doc.addPage();
      for (const [t, p] of entries.slice(1)) {
        if (p === 3) {
          heading(doc, t, t.split('.').length > 2 ? 13 : 16);
          body(doc, 1);
        }
      }
    });
    const index = buildIndex(parsed);
    const toc = buildToc(parsed, index);
    expect(toc.tocSource).toBe('contents_page');
    expect(toc.entries.map((e) => e.title)).toEqual(entries.map(([t]) => t));
    buildStructure(parsed, toc.entries, index);
    const leaderLines = parsed.lines.filter((l) => /\.{10,}/.test(l.text));
    expect(leaderLines).toHaveLength(entries.length);
    expect(leaderLines.every((l) => l.furniture)).toBe(true);
    expect(parsed.lines.filter((l) => l.pageNum === 1 && !l.furniture && /^The operator/.test(l.text)).length).toBeGreaterThan(0);
  });
});

describe("a chapter's own contents repeating the master contents", () => {
  // A book generated from DocBook prints the whole contents up front and opens each chapter with
  // its own contents again: the same entries, at the same pages, read once.
  it('reads each entry once, under its own chapter', async () => {
    const entries: [string, number, number][] = [['1. Setup', 2, 1], ['1.1. Unpacking', 2, 2], ['1.2. Wiring', 3, 2], ['2. Operation', 4, 1], ['2.1. Starting', 4, 2], ['2.2. Stopping', 5, 2]];
    const leaders = (rows: [string, number, number][]) => {
      doc0!.font('Helvetica').fontSize(10);
      for (const [t, p, level] of rows) doc0!.text(`${t} ${'.'.repeat(60)} ${p}`, level === 1 ? 72 : 90);
      doc0!.moveDown(1);
      doc0!.x = 72;
    };
    let doc0: Doc | null = null;
    const parsed = await render('chapter-contents', (doc) => {
      doc0 = doc;
      doc.font('Helvetica-Bold').fontSize(18).text('Table of Contents');
      leaders(entries);
      for (const chapter of [1, 2]) {
        const own = entries.filter(([t]) => t.startsWith(`${chapter}.`));
        for (const page of [...new Set(own.map(([, p]) => p))]) {
          doc.addPage();
          if (page === own[0]![1]) {
            heading(doc, own[0]![0], 18);
            doc.font('Helvetica-Bold').fontSize(13).text('Table of Contents');
            leaders(own.slice(1));
          }
          for (const [t, p, level] of own) if (p === page && level === 2) ((heading(doc, t, 13), body(doc, 1)));
        }
      }
    });
    const toc = buildToc(parsed);
    expect(toc.tocSource).toBe('contents_page');
    expect(toc.entries.map((e) => e.title)).toEqual(entries.map(([t]) => t));
    const starting = toc.entries.find((e) => e.title === '2.1. Starting')!;
    expect(toc.entries.find((e) => e.id === starting.parentId)?.title).toBe('2. Operation');
  });
});

describe('run-in terms of a definition list under a deepened section', () => {
  // A paper's section holds run-in paragraph headings ("Greedy rule. ...") and, after a line
  // that ends with a colon, a definition list whose terms are set the same way.
  it('deepens the section by its run-in headings and leaves the list terms to the list', async () => {
    const runIn = (doc: Doc, term: string, rest: string, indentRest = false) => {
      doc.font('Helvetica-Bold').fontSize(11).text(`${term} `, { continued: true });
      doc.font('Helvetica').text(rest, indentRest ? { indent: 0 } : {});
    };
    const parsed = await render('runin-terms', (doc) => {
      heading(doc, '1 Introduction', 16);
      body(doc, 2);
      doc.outline.addItem('1 Introduction');
      doc.addPage();
      heading(doc, '2 Methods', 16);
      doc.outline.addItem('2 Methods');
      body(doc, 1);
      runIn(doc, 'Greedy rule', 'The greedy rule adds the cheapest edge at every step until the tour is closed. It is fast and simple.');
      doc.moveDown(0.5);
      runIn(doc, 'Insertion rules', 'Insertion rules grow a tour by adding one city at a time. The following variations are implemented:');
      doc.moveDown(0.3);
      for (const [t, g] of [['Near insertion', 'The next city is the one nearest to the tour.'], ['Far insertion', 'The next city is the one farthest from the tour.'], ['Random insertion', 'The next city is drawn at random.']]) runIn(doc, t!, g!);
      doc.moveDown(0.5);
      runIn(doc, 'Local search', 'Local search improves a finished tour by swapping pairs of edges while that shortens it.');
      body(doc, 1);
      doc.addPage();
      heading(doc, '3 Results', 16);
      doc.outline.addItem('3 Results');
      body(doc, 2);
    });
    const toc = buildToc(parsed);
    expect(toc.tocSource).toBe('outline');
    const titles = toc.entries.map((e) => e.title);
    expect(titles).toContain('Greedy rule');
    expect(titles).toContain('Local search');
    expect(titles.filter((t) => /insertion$/.test(t))).toEqual([]);
  });
});

describe('back matter set like the sections but left out of the outline', () => {
  // Outlines generated from numbered sections often stop at the last one; the unnumbered
  // "References" that follows in the sections' own setting is a section all the same. A line
  // after it in another setting (a bold run-in label, a larger title) is not.
  let toc: TocResult;
  beforeAll(async () => {
    const parsed = await render('trailing-back-matter', (doc) => {
      for (const t of ['1 Scope', '2 Method', '3 Results']) {
        heading(doc, t, 14);
        body(doc, 1);
        doc.outline.addItem(t);
      }
      heading(doc, 'Closing Notes', 14);
      body(doc, 1);
      heading(doc, 'Data Sources', 11);
      body(doc, 1);
      doc.addPage();
      heading(doc, 'Index of Terms', 14);
      body(doc, 1);
    });
    toc = buildToc(parsed);
  });

  it('appends the unnumbered headings after the last entry that share the top level\'s setting', () => {
    expect(toc.tocSource).toBe('outline');
    const top = toc.entries.filter((e) => e.level === 1 && e.routable).map((e) => e.title);
    expect(top).toEqual(['1 Scope', '2 Method', '3 Results', 'Closing Notes', 'Index of Terms']);
    expect(byTitle(toc, /^Closing Notes$/).flags).toContain('trailing_heading');
    expect(byTitle(toc, /^Index of Terms$/).pageStart).toBe(2);
    // The last outline entry now ends where the back matter starts.
    expect(byTitle(toc, /^3 Results$/).pageEnd).toBe(1);
    expect(toc.entries.some((e) => e.title === 'Data Sources' && e.level === 1)).toBe(false);
  });
});

describe('a definition list whose first term is too short to read as a heading', () => {
  // "TS_" (two letters) opens a list of bold prefixes after a colon, each over its hung text; the
  // terms after it ("TSM_", "ETS_", "ETSM_") are the list's too, no sub-sections of the chapter.
  let toc: TocResult;
  let parsed: ParsedDocument;

  beforeAll(async () => {
    parsed = await render('short-first-term', (doc) => {
      const chapters = ['1 Overview', '2 Test Assertions', '3 Test Runners'];
      chapters.forEach((title, i) => {
        if (i > 0) doc.addPage();
        heading(doc, title, 16);
        body(doc, 1);
        if (i === 1) {
          const y0 = doc.y + 10;
          doc.font('Helvetica').fontSize(11).text('There are four categories of test assertions, distinguished by their prefixes:', 72, y0, { lineBreak: false });
          ['TS_', 'TSM_', 'ETS_', 'ETSM_'].forEach((term, k) => {
            const y = y0 + 26 + 48 * k;
            doc.font('Helvetica-Bold').fontSize(11).text(term, 74.5, y, { lineBreak: false });
            doc.font('Helvetica').fontSize(11).text('These assertions perform a test and report its failure to the runner, each', 96, y + 13, { lineBreak: false });
            doc.font('Helvetica').fontSize(11).text('in the way its prefix says.', 96, y + 26, { lineBreak: false });
          });
          doc.x = 72;
          doc.y = y0 + 26 + 48 * 4;
          body(doc, 1);
        }
      });
      chapters.forEach((title, i) => {
        doc.switchToPage(i);
        doc.outline.addItem(title);
      });
    });
    toc = buildToc(parsed);
  });

  it('reads none of the terms as a heading below the chapter', () => {
    expect(toc.tocSource).toBe('outline');
    expect(toc.entries.map((e) => e.title)).toEqual(['1 Overview', '2 Test Assertions', '3 Test Runners']);
  });

  it('reads the four bold terms, the two-letter one too, as the entries of one list', () => {
    const model = buildStructure(parsed, toc.entries);
    const list = model.lists.find((l) => /distinguished by their prefixes:$/.test(l.intro ?? ''));
    expect(list).toBeDefined();
    expect(model.items.filter((i) => i.listId === list!.id).map((i) => i.label)).toEqual(['TS_', 'TSM_', 'ETS_', 'ETSM_']);
  });
});
