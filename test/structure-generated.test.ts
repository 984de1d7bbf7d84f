import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { detectLists, type ListSourceLine } from '../src/structure/lists.ts';
import { parseMarker } from '../src/structure/markers.ts';
import { buildToc } from '../src/toc/index.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';
import { ROOT } from './helpers/procs.ts';

const at = textAt;

async function structureOf(pages: Draw[]) {
  const parsed = await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 100 });
  const toc = buildToc(parsed);
  return { parsed, model: buildStructure(parsed, toc.entries) };
}

describe('list markers: one grammar', () => {
  it.each([
    ['1. Loss of revenue', 'decimal', 1],
    ['(a) the placing on the market', 'lower-alpha', 1],
    ['(iv) fourth point', 'lower-roman', 4],
    ['B. Flood in Progress.', 'upper-alpha', 2],
    ['• Mission', 'bullet', null],
    ['\uf0b7 Strategies and goals', 'bullet', null],
    // Any shape of the Geometric Shapes block, and the dingbat arrows: slide decks' bullets.
    ['▶ Orphaned: the package is unmaintained', 'bullet', null],
    ['◊ Request for help', 'bullet', null],
    ['➔ Next step', 'bullet', null],
  ])('%s -> %s %s', (text, kind, ordinal) => {
    expect(parseMarker(text)).toMatchObject({ kind, ordinal });
  });
  it('reads section numbers and numbers in prose as no marker', () => {
    expect(parseMarker('3.1 Valid and Reliable')).toBeNull();
    expect(parseMarker('-5 dB attenuation')).toBeNull();
    expect(parseMarker('2024 was a year')).toBeNull();
  });
  it('keeps the second reading of an ambiguous marker (i = roman 1 or the ninth letter)', () => {
    expect(parseMarker('(i) ninth')!.alternatives).toEqual([{ kind: 'lower-alpha', ordinal: 9 }]);
  });
});

describe('slide bullets (generated, a font with the geometric shapes)', () => {
  // pdfjs-dist ships Liberation Sans, which holds the lozenge and the pointers; the standard
  // fonts hold none of them.
  const font = path.join(ROOT, 'node_modules/pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');
  it('reads items marked by a shape no bullet list named before, nested under the item that introduces them', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 20, 10, 'Adopting orphaned packages', { bold: true, size: 14 });
        at(doc, 30, 40, '◊ Many unmaintained packages', { font, size: 10 });
        at(doc, 30, 58, '◊ Different states:', { font, size: 10 });
        at(doc, 50, 72, '◄ Orphaned: the package is unmaintained', { font, size: 9 });
        at(doc, 50, 86, '◄ Request for adopter', { font, size: 9 });
        at(doc, 50, 100, '◄ Intent to adopt', { font, size: 9 });
        at(doc, 30, 118, '◊ When in doubt, ask the team', { font, size: 10 });
      },
    ]);
    const nested = model.lists.find((l) => l.intro === 'Different states:');
    expect(nested).toBeDefined();
    expect(model.items.filter((i) => i.listId === nested!.id).map((i) => i.label)).toEqual(['Orphaned', 'Request for adopter', 'Intent to adopt']);
    const outer = model.lists.find((l) => l.id === nested!.parentList)!;
    expect(model.items.filter((i) => i.listId === outer.id)).toHaveLength(3);
  });
});

describe('structure model on generated PDFs', () => {
  it('keeps rotated margin text as its own furniture line, never inside a body line', async () => {
    const { parsed } = await structureOf([
      (doc) => {
        at(doc, 90, 100, 'Derived Security Requirements', { bold: true });
        at(doc, 90, 200, '3.8.5 Control access to media containing sensitive data during transport');
        at(doc, 90, 220, 'outside of controlled areas.');
        doc.save();
        doc.rotate(-90, { origin: [40, 400] });
        at(doc, 40, 400, 'This publication is available free of charge from: https://example.org/pub', { size: 8 });
        doc.restore();
      },
    ]);
    const body = parsed.lines.filter((l) => !l.furniture);
    const req = body.find((l) => l.text.includes('Control access'));
    expect(req?.text).toMatch(/^3\.8\.5 Control access to media/);
    expect(body.some((l) => l.text.includes('free of charge'))).toBe(false);
    const note = parsed.lines.filter((l) => l.furniture && l.text.includes('free of charge'));
    expect(note).toHaveLength(1);
  });

  it('reads a numbered list across a page break with nested lettered items and whole item text', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 80, 'Property not covered', { bold: true });
        at(doc, 72, 110, 'We do not cover any of the following:');
        at(doc, 80, 135, '1. Land, lawns, trees and shrubs;');
        at(doc, 80, 160, '2. Vehicles, including their parts, other than vehicles');
        at(doc, 100, 175, 'that are:');
        at(doc, 100, 195, 'a. Used mainly to service the described location; or');
        at(doc, 100, 215, 'b. Designed to assist persons with disabilities;');
        at(doc, 80, 240, '3. Underground structures and equipment, including wells,');
        at(doc, 100, 255, 'septic tanks, and septic systems;');
        at(doc, 80, 700, '4. Fences, retaining walls, sea walls, bulkheads, wharves,');
      },
      (doc) => {
        at(doc, 100, 80, 'piers, bridges, and docks;');
        at(doc, 80, 105, '5. Aircraft or watercraft.');
        at(doc, 72, 140, 'Other provisions apply to buildings under construction.');
      },
    ]);
    const top = model.lists.find((l) => l.intro === 'We do not cover any of the following:');
    expect(top).toMatchObject({ itemCount: 5, kind: 'decimal', sequential: true, pageStart: 1, pageEnd: 2, parentList: null });
    const items = model.items.filter((i) => i.listId === top!.id);
    expect(items.map((i) => i.label)).toEqual([
      'Land, lawns, trees and shrubs',
      'Vehicles, including their parts, other than vehicles that are',
      'Underground structures and equipment, including wells, septic tanks, and septic systems',
      'Fences, retaining walls, sea walls, bulkheads, wharves, piers, bridges, and docks',
      'Aircraft or watercraft',
    ]);
    // The item that crosses the page break keeps both its lines.
    expect(items[3]).toMatchObject({ pageStart: 1, pageEnd: 2 });
    const nested = model.lists.find((l) => l.parentList === top!.id);
    expect(nested).toMatchObject({ kind: 'lower-alpha', itemCount: 2, parentItem: 1 });
    expect(nested!.intro).toMatch(/that are:$/);
  });

  it('continues a list from the left column into the right one and ends it at the next paragraph', () => {
    const line = (pageNum: number, lineNum: number, x0: number, column: number, text: string): ListSourceLine => ({ pageNum, lineNum, text, x0, size: 18, bold: false, leadIn: null, column });
    const lines = [
      line(1, 1, 45, 1, 'A. We do not insure for loss caused directly or'),
      line(1, 2, 45, 1, 'indirectly by:'),
      line(1, 3, 57, 1, '1. The pressure or weight of ice;'),
      line(1, 4, 57, 1, '2. Rain, snow, sleet, hail, or'),
      line(1, 5, 77, 1, 'water spray;'),
      line(1, 6, 327, 2, '3. Freezing or thawing; or'),
      line(1, 7, 327, 2, '4. Theft, fire, explosion, wind.'),
      line(1, 8, 315, 2, 'B. We do not insure pollutants.'),
    ];
    const lists = detectLists(lines, { outsideText: () => false, bodySize: 18 });
    const perils = lists.find((l) => l.kind === 'decimal')!;
    expect(perils.items.map((i) => i.text)).toEqual(['The pressure or weight of ice;', 'Rain, snow, sleet, hail, or water spray;', 'Freezing or thawing; or', 'Theft, fire, explosion, wind.']);
    expect(perils.parentList).toBe(lists.find((l) => l.kind === 'upper-alpha')!.index);
    expect(lists.find((l) => l.kind === 'upper-alpha')!.items).toHaveLength(2);
  });

  it('marks a list whose numbering later skips ahead as torn (never whole)', () => {
    const line = (lineNum: number, text: string, x0 = 72): ListSourceLine => ({ pageNum: 1, lineNum, text, x0, size: 11, bold: false, leadIn: null, column: 0 });
    const lists = detectLists([line(1, 'The steps are:'), line(2, '1. Plan.'), line(3, '2. Do.'), line(4, 'Some commentary in between.', 60), line(5, '4. Act.')], { outsideText: () => false, bodySize: 11 });
    expect(lists[0]!.items).toHaveLength(2);
    expect(lists[0]!.gapAfter).toBe(true);
  });

  it('finds an enumeration inside running text, one sentence long, and not references like 6(2)', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'In Table 3 we compare three options: (A) zero-padding shortcuts are used for');
        at(doc, 72, 114, 'increasing dimensions; (B) projection shortcuts are used for increasing dimensions;');
        at(doc, 72, 128, 'and (C) all shortcuts are projections. See Article 6(2) and point (1) there.');
        at(doc, 72, 142, 'A later note mentions (2) once, which is no list at all.');
      },
    ]);
    const inline = model.lists.filter((l) => l.style === 'enclosed');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatchObject({ kind: 'upper-alpha', itemCount: 3, intro: 'In Table 3 we compare three options:' });
    expect(model.items.filter((i) => i.listId === inline[0]!.id).map((i) => i.text)).toEqual([
      'zero-padding shortcuts are used for increasing dimensions',
      'projection shortcuts are used for increasing dimensions',
      'all shortcuts are projections',
    ]);
  });

  it('reads a table keyed by its first column, and every column when all carry the same header', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 60, 'Running text that introduces the tables below, set as one full line of prose.');
        at(doc, 200, 90, 'TABLE 1: TEAM FAMILIES', { bold: true });
        at(doc, 150, 110, 'FAMILY', { bold: true });
        at(doc, 380, 110, 'FAMILY', { bold: true });
        const fam = [['Access Control', 'Media Protection'], ['Audit Review', 'Personnel Security'], ['Incident Response', 'Risk Assessment']];
        fam.forEach(([l, r], i) => (at(doc, 90, 128 + 16 * i, l!), at(doc, 320, 128 + 16 * i, r!)));
        at(doc, 72, 230, 'Table 2 lists the fees and their amounts.');
        at(doc, 90, 255, 'Fee', { bold: true });
        at(doc, 320, 255, 'Amount', { bold: true });
        const fees = [['Entry fee', '10 dollars'], ['Locker fee', '5 dollars'], ['Towel fee', '2 dollars']];
        fees.forEach(([l, r], i) => (at(doc, 90, 273 + 16 * i, l!), at(doc, 320, 273 + 16 * i, r!)));
      },
    ]);
    const tables = model.lists.filter((l) => l.kind === 'table-row');
    expect(tables).toHaveLength(2);
    const labels = (id: number) => model.items.filter((i) => i.listId === id).map((i) => i.label);
    expect(tables[0]!.intro).toBe('TABLE 1: TEAM FAMILIES :: FAMILY | FAMILY');
    expect(labels(tables[0]!.id)).toEqual(['Access Control', 'Audit Review', 'Incident Response', 'Media Protection', 'Personnel Security', 'Risk Assessment']);
    expect(labels(tables[1]!.id)).toEqual(['Entry fee', 'Locker fee', 'Towel fee']);
    expect(model.items.find((i) => i.label === 'Locker fee')!.text).toBe('Locker fee | 5 dollars');
  });
});

describe('series in running prose', () => {
  it('reads "A, B, and C" after its lead as a list that is never closed by itself, and skips citations and number sets', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'Eligible activities are limited to: elevation, floodproofing, relocation, or demolition of the');
        at(doc, 72, 114, 'building. Earlier work [23, 9, 37, 13] used values n = {3, 5, 7, 9} in every run we made.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ intro: 'Eligible activities are limited to:', endedBy: 'end', itemCount: 4 });
    expect(model.items.filter((i) => i.listId === series[0]!.id).map((i) => i.label)).toEqual(['elevation', 'floodproofing', 'relocation', 'demolition of the building']);
  });
  it('reads a bold line that opens in lower case as part of its sentence, never as a heading that breaks it', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'This guide names the traits that every sound plan of the team shares. Traits of a sound plan');
        at(doc, 72, 114, 'include: clear goals, fair budgets, named owners, and', { bold: true });
        at(doc, 72, 128, 'a fixed date. Each trait is described in its own section below.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    expect(model.items.filter((i) => i.listId === series[0]!.id).map((i) => i.label)).toEqual(['clear goals', 'fair budgets', 'named owners', 'a fixed date']);
  });
  it('reads a series whose elements are separated by semicolons, commas inside them, the last two joined by "and"', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'The board set five duties for every member. The five duties include care of the site; safety and');
        at(doc, 72, 114, 'order; records, logs and reports; fair treatment of tenants and prompt payment. Each duty is');
        at(doc, 72, 128, 'explained in the rules of the board.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    expect(series[0]!.intro).toBe('The five duties include');
    expect(model.items.filter((i) => i.listId === series[0]!.id).map((i) => i.label)).toEqual(['care of the site', 'safety and order', 'records, logs and reports', 'fair treatment of tenants', 'prompt payment']);
  });
  it('finds a series that a word announcing members opens inside a longer clause, and no series after a mere preposition', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'Findings come from many different places, with the most frequent being door sensors, camera');
        at(doc, 72, 114, 'logs, patrol reports, and tenant calls. The rules were set after the long review of the site');
        at(doc, 72, 128, 'by many of the staff on duty, the guards, and the tenants.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    expect(series[0]!.intro).toBe('Findings come from many different places, with the most frequent being');
    expect(model.items.filter((i) => i.listId === series[0]!.id).map((i) => i.label)).toEqual(['door sensors', 'camera logs', 'patrol reports', 'tenant calls']);
  });
  it('reads three elements as a series only after a word announcing members or a colon, their bracketed abbreviations kept', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'The kit leaves out standard interfaces such as Remote Data Access (RDA), Object Binding (OB),');
        at(doc, 72, 114, 'or Query Language (QL). The guards work red, green and blue shifts through the whole year.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    expect(series[0]!.intro).toBe('The kit leaves out standard interfaces such as');
    const items = model.items.filter((i) => i.listId === series[0]!.id);
    expect(items.map((i) => i.label)).toEqual(['Remote Data Access', 'Object Binding', 'Query Language']);
    expect(items.map((i) => i.text)).toEqual(['Remote Data Access (RDA)', 'Object Binding (OB)', 'Query Language (QL)']);
  });
  it('reads the examples after "e.g." as a series of the sentence before it, the comma before "e.g." parting nothing', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'Parts of the kit can be run as separate commands, e.g. kit fetch, kit check header, kit check');
        at(doc, 72, 114, 'library, kit check size and kit clean. The kit runs on every system.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    // Before: "e.g." ended a sentence, and the examples had no sentence to introduce them.
    expect(series[0]!.intro).toBe('Parts of the kit can be run as separate commands e.g.');
    expect(model.items.filter((i) => i.listId === series[0]!.id).map((i) => i.label)).toEqual(['kit fetch', 'kit check header', 'kit check library', 'kit check size', 'kit clean']);
  });
  it('ends a series before a last element that a colon opens into a clause of its own', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'Packages are built for many systems: Alpine, Arch, Debian, Fedora, Gentoo and compilers: GCC,');
        at(doc, 72, 114, 'Clang and others.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    // Before: "compilers" was read as the fifth system.
    expect(model.items.filter((i) => i.listId === series[0]?.id).map((i) => i.label)).toEqual(['Alpine', 'Arch', 'Debian', 'Fedora', 'Gentoo']);
  });
  it('ends the last element of a series before a relative clause that speaks of them all', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'The dyes tested are madder, woad, weld, indigo and saffron dye which are all shown in Figure 2.');
      },
    ]);
    const series = model.lists.filter((l) => l.kind === 'series');
    expect(series).toHaveLength(1);
    expect(model.items.filter((i) => i.listId === series[0]!.id).map((i) => i.label)).toEqual(['madder', 'woad', 'weld', 'indigo', 'saffron dye']);
  });
  it('reads the clause before a bracketed series back to its sentence\'s start past a call\'s brackets, and from the last series\' bracket after one', async () => {
    const { model } = await structureOf([
      (doc) => {
        at(doc, 72, 100, 'All weights are available in weigh(model, kind, bw, ...) where kind names one of the kernels by a');
        at(doc, 72, 114, 'string (Flat, Tent, Bell or Cosine). The tool has edit distances (Hamming, Levenshtein, and Jaro),');
        at(doc, 72, 128, 'set distances (Jaccard, cosine, and Dice) and more.');
      },
    ]);
    const intros = model.lists.filter((l) => l.kind === 'series').map((l) => l.intro);
    expect(intros).toEqual(expect.arrayContaining(['All weights are available in weigh(model, kind, bw, ...) where kind names one of the kernels by a string', 'The tool has edit distances', 'set distances']));
  });
});

describe('column gutter', () => {
  it('is the widest empty band: a footer crossing it does not push it between a marker and its text', async () => {
    const { assembleLines } = await import('../src/parse/line-assembly.ts');
    const frag = (text: string, x: number, width: number, baseline: number, size = 18) => ({ text, x, width, baseline, size, font: 'F', bold: false });
    const frags = [];
    for (let i = 0; i < 20; i++) {
      const y = 60 + 20 * i;
      frags.push(frag(`left column prose line number ${i} runs on`, 72, 225, y));
      if (i % 5 === 2) frags.push(frag(['f.', 'g.', 'h.', 'i.'][(i - 2) / 5]!, 342, 8, y), frag(`the item text of row ${i} continues`, 357, 210, y));
      else frags.push(frag(`right column prose line number ${i} runs`, 360, 207, y));
    }
    frags.push(frag('RUNNING FOOTER OF THE FORM SET ACROSS MOST OF THE PAGE', 45, 311, 760, 9));
    const { lines, columns } = assembleLines(frags, 612, 1);
    expect(columns).toBe(2);
    const f = lines.find((l) => l.text.startsWith('f.'))!;
    expect(f).toMatchObject({ column: 2, text: 'f. the item text of row 2 continues' });
  });
});

describe('numbers set flush right (generated)', () => {
  it('keeps "10." in the list though it starts a digit\'s width left of "9."', async () => {
    const page: Draw = (doc) => {
      textAt(doc, 72, 60, 'Design Goals', { bold: true, size: 14 });
      textAt(doc, 72, 90, 'The framework strives to:');
      for (let n = 1; n <= 10; n++) {
        const marker = `${n}.`;
        // Right-aligned at x = 90: two digits start one digit further left.
        const x = 90 - doc.font('Helvetica').fontSize(11).widthOfString(marker);
        textAt(doc, x, 90 + 18 * n, `${marker} Be goal number ${n} of the framework.`);
      }
      textAt(doc, 72, 300, 'These goals are reviewed every year.');
    };
    const parsed = await parsePdf(new Uint8Array(await drawPdf([page])), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro === 'The framework strives to:')!;
    expect(model.items.filter((i) => i.listId === list.id).map((i) => i.marker.replace(/\.$/, ''))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
});
