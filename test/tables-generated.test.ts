import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { measureUnits } from '../src/listing/measure-units.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * Tables as the structure model reads them: a key cell the parser ran together with the next
 * cell, a header set over two lines under its caption, and rows picked out by a mark the question
 * names. Each table is drawn with pdfkit, so the geometry is known.
 */

const width = (doc: PDFKit.PDFDocument, text: string, size = 11) => doc.font('Helvetica').fontSize(size).widthOfString(text);

/** Levels keyed by name; the longest name sits so close to its definition that one line holds both. */
const levelsTable: Draw = (doc) => {
  at(doc, 72, 60, 'Section 2 Rating Damage', { bold: true, size: 13 });
  at(doc, 72, 85, 'Table 2 gives the damage levels used when rating an event, from the least to the worst.');
  const anchor = 90 + width(doc, 'Substantial') + 8;
  at(doc, 200, 115, 'Table 2. Damage Levels', { bold: true });
  at(doc, 95, 140, 'Level', { bold: true });
  at(doc, anchor + 60, 140, 'Meaning', { bold: true });
  const rows: [string, string][] = [
    ['None', 'No damage to the site or its equipment'],
    ['Minor', 'Cosmetic damage that needs no repair'],
    ['Substantial', 'Damage that stops one service until it is repaired'],
    ['Total', 'The site cannot be used and must be rebuilt'],
  ];
  rows.forEach(([k, v], i) => {
    at(doc, 90, 160 + 16 * i, k);
    at(doc, anchor, 160 + 16 * i, v);
  });
  at(doc, 72, 240, 'Events are rated by the team on duty within one day of the report.');
};

/**
 * Controls with a last column of marks, under a caption and a header set over two lines; above
 * the table, the bulleted criteria the marks stand for.
 */
const marksTable: Draw = (doc) => {
  at(doc, 72, 60, 'Appendix C Tailoring of the Controls', { bold: true, size: 13 });
  at(doc, 72, 85, 'A site control is tailored out of the baseline when one of these criteria holds:');
  at(doc, 80, 103, '• The site control is left to the tenant of the site to carry out;');
  at(doc, 80, 120, '• The site control is merged into another control of the baseline.');
  at(doc, 72, 145, 'Each control of the baseline carries one mark: KEEP, DROP or MERGE.');
  at(doc, 170, 175, 'TABLE C-1: TAILORING OF THE SITE CONTROLS', { bold: true });
  at(doc, 200, 198, 'SITE BASELINE', { bold: true });
  at(doc, 440, 198, 'TAILORING', { bold: true });
  at(doc, 190, 210, 'CONTROL TITLES', { bold: true });
  at(doc, 446, 210, 'MARK', { bold: true });
  const rows: [string, string, string][] = [
    ['SC-1', 'Site Control Policy', 'KEEP'],
    ['SC-2', 'Visitor Badges', 'DROP'],
    ['SC-3', 'Door Locks', 'KEEP'],
    ['SC-4', 'Camera Retention', 'MERGE'],
    ['SC-5', 'Guard Rounds', 'DROP'],
    ['SC-6', 'Key Register', 'KEEP'],
    ['SC-7', 'Alarm Testing', 'KEEP'],
    ['SC-8', 'Fence Repair', 'DROP'],
    ['SC-9', 'Lighting Checks', 'KEEP'],
  ];
  rows.forEach(([code, title, mark], i) => {
    at(doc, 90, 230 + 15 * i, code);
    at(doc, 150, 230 + 15 * i, title);
    at(doc, 450, 230 + 15 * i, mark);
  });
  at(doc, 72, 380, 'Controls marked DROP are left to the tenant of the site.');
};

async function modelOf(pages: Draw[]) {
  const parsed = await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 10 });
  return { parsed, model: buildStructure(parsed, buildToc(parsed).entries) };
}

describe('tables in the structure model', () => {
  it('splits a key cell run together with its definition on one line at the column anchor', async () => {
    const { parsed, model } = await modelOf([levelsTable]);
    // The parser did run the two cells together: the premise of the split.
    expect(parsed.lines.some((l) => l.text.startsWith('Substantial Damage that stops'))).toBe(true);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    expect(table.intro).toBe('Table 2. Damage Levels :: Level | Meaning');
    const items = model.items.filter((i) => i.listId === table.id);
    expect(items.map((i) => i.label)).toEqual(['None', 'Minor', 'Substantial', 'Total']);
    expect(items[2]!.text).toBe('Substantial | Damage that stops one service until it is repaired');
  });

  it('keeps a row whose key is set in from the key column, its description on the column after, in the table', async () => {
    // Options with a short form open at the key column; those with a long form only are aligned
    // under the long halves of the others, set in from it.
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'The converter recognizes these switches:');
        const rows: [string, string][] = [
          ['-h, --help', 'Print help and exit'],
          ['-q, --quiet', 'Print nothing but errors'],
          ['-s, --strict', 'Reject unknown input'],
          ['    --no-cache', 'Read every file again'],
          ['    --dry-run', 'Change nothing on disk'],
        ];
        rows.forEach(([k, v], i) => {
          const indent = k.startsWith(' ') ? 4 * 6.6 : 0;
          at(doc, 80 + indent, 80 + 15 * i, k.trim(), { font: 'Courier' });
          at(doc, 230, 80 + 15 * i, v, { font: 'Courier' });
        });
        at(doc, 72, 170, 'Any other switch is an error.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['-h, --help', '-q, --quiet', '-s, --strict', '--no-cache', '--dry-run']);
  });

  it('reads a header row by its case over keys in capitals, a key cut in two inside its column, and a row whose one-letter value runs just past the anchor', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'The parse tree has six types of nodes:');
        const rows: [string, string][] = [
          ['Node Description', 'Main state'],
          ['PAIR (pair)', 'P'],
          ['LEFT (single strand, left)', 'L'],
          ['SPLIT   (bifurcation)', 'B'],
          ['ROOT (root)', 'S'],
          ['STOP (end)', 'E'],
          ['BEGIN (begin)', 'S'],
        ];
        rows.forEach(([k, v], i) => {
          const [key, note] = k.split(/\s{3}/);
          at(doc, 200, 90 + 12 * i, key!);
          if (note) at(doc, 238, 90 + 12 * i, note);
          // The value column stands just past where the longest key ends.
          at(doc, 200 + doc.font('Helvetica').widthOfString('LEFT (single strand, left) '), 90 + 12 * i, v);
        });
        at(doc, 72, 190, 'These node types correspond to the states of the model.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    expect(table.intro).toContain('Node Description');
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['PAIR (pair)', 'LEFT (single strand, left)', 'SPLIT (bifurcation)', 'ROOT (root)', 'STOP (end)', 'BEGIN (begin)']);
  });

  it('reads a header set over two lines, each part under its column, and the caption above it', async () => {
    const { model } = await modelOf([marksTable]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    expect(table.intro).toBe('TABLE C-1: TAILORING OF THE SITE CONTROLS ::  | SITE BASELINE CONTROL TITLES | TAILORING MARK');
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toHaveLength(9);
  });

  it('ends a table at the full-width sentence right under its last row', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 200, 60, 'Table 3. Pipe States', { bold: true });
        const rows: [string, string][] = [
          ['Idle', 'no command sent'],
          ['Waiting', 'a reply is due'],
          ['Closed', 'the pipe is shut'],
        ];
        rows.forEach(([k, v], i) => {
          at(doc, 90, 85 + 15 * i, k);
          at(doc, 160, 85 + 15 * i, v);
        });
        // One line from the key column to the right margin: set as close as a row, yet no row.
        at(doc, 90, 130, 'A diagram of the states and of the commands that move a pipe between them follows.');
        at(doc, 90, 160, 'Each pipe starts in the Idle state when the server opens it.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    expect(table.intro).toBe('Table 3. Pipe States');
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['Idle', 'Waiting', 'Closed']);
  });

  it('keeps numbered sub-rows set between the key and value columns out of the rows they belong to', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 200, 60, 'Table 5. Response Checklist', { bold: true });
        const rows: [string, string, string | null][] = [
          ['1.', 'Confirm the event', null],
          ['1.1', 'Read the alerts', 'sub'],
          ['1.2', 'Ask the owner', 'sub'],
          ['2.', 'Contain the event', null],
          ['3.', 'Remove the cause', null],
          ['3.1', 'Patch the hosts', 'sub'],
          ['4.', 'Restore the service', null],
        ];
        rows.forEach(([k, v, isSub], i) => {
          at(doc, isSub ? 88 : 72, 90 + 15 * i, k);
          at(doc, isSub ? 134 : 110, 90 + 15 * i, v);
        });
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    expect(table.intro).toBe('Table 5. Response Checklist');
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['Confirm the event', 'Contain the event', 'Remove the cause', 'Restore the service']);
  });

  it('keeps the rows whose cells are centred under their column, however wide each cell is', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 200, 60, 'Table 4. Lamp Drivers', { bold: true });
        at(doc, 90, 80, 'Driver', { bold: true });
        at(doc, 250, 80, 'Option', { bold: true });
        const centre = 420;
        const head = 'Works with';
        at(doc, centre - width(doc, head) / 2, 80, head, { bold: true });
        const rows: [string, string, string][] = [
          ['Pulse driver', 'pulse', 'AC/DC'],
          ['Ramp driver', 'ramp', 'AC/DC'],
          ['Flicker driver', 'flicker', 'AC'],
          ['Steady driver', 'steady', 'AC/DC'],
          ['Strobe driver', 'strobe', 'DC'],
        ];
        rows.forEach(([k, o, m], i) => {
          at(doc, 90, 98 + 15 * i, k);
          at(doc, 250, 98 + 15 * i, o);
          at(doc, centre - width(doc, m) / 2, 98 + 15 * i, m);
        });
        at(doc, 72, 190, 'Each driver is chosen by its option when the lamp is set up.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    const items = model.items.filter((i) => i.listId === table.id);
    // Before: the table ended at the first row whose mark was narrower than the ones above it.
    expect(items.map((i) => i.label)).toEqual(['Pulse driver', 'Ramp driver', 'Flicker driver', 'Steady driver', 'Strobe driver']);
    expect(items[2]!.text).toBe('Flicker driver | flicker | AC');
  });

  it('reads a key column set centred, each key under the centre of the one above', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 200, 60, 'Table 6. Pump Makers', { bold: true });
        const centre = 140;
        const rows: [string, string][] = [
          ['Hydra', 'yes'],
          ['Pumpa', 'no'],
          ['Aquaflow Industries', 'yes'],
          ['Zed', 'no'],
          ['Pumpworks', 'yes'],
        ];
        rows.forEach(([k, v], i) => {
          at(doc, centre - width(doc, k) / 2, 85 + 15 * i, k);
          at(doc, 260, 85 + 15 * i, v);
        });
        at(doc, 72, 160, 'Every maker in the table sells pumps to the city.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    // Before: only the rows whose key started where the first row's did were read.
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['Hydra', 'Pumpa', 'Aquaflow Industries', 'Zed', 'Pumpworks']);
  });

  it('keeps a caption set under the last row out of that row\'s key cell', async () => {
    const { model } = await modelOf([
      (doc) => {
        const rows: [string, string][] = [
          ['Byte', 'one unsigned octet'],
          ['Word', 'two octets, high first'],
          ['Long Word', 'four octets, high first'],
        ];
        rows.forEach(([k, v], i) => {
          at(doc, 90, 80 + 15 * i, k);
          at(doc, 250, 80 + 15 * i, v);
        });
        at(doc, 90, 122, 'Number types');
        at(doc, 72, 150, 'All numbers are stored with the high octet first in the file.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    const items = model.items.filter((i) => i.listId === table.id);
    // Before: the caption was read as the rest of the key "Long Word".
    expect(items.map((i) => i.label)).toEqual(['Byte', 'Word', 'Long Word']);
  });

  it('ends a table of bold keys at a line in plain print set on the key column', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 90, 60, 'Command', { bold: true });
        const rows: [string, string][] = [
          ['lister', 'The listing tool (optional)'],
          ['copier', 'The copying tool (optional)'],
          ['mover', 'The moving tool (optional)'],
        ];
        // The value column starts where a word of the sentence under the table does.
        const value = 88 + width(doc, '/bin/lister may be a ');
        at(doc, value, 60, 'Description', { bold: true });
        rows.forEach(([k, v], i) => {
          at(doc, 90, 78 + 16 * i, k, { bold: true });
          at(doc, value, 78 + 16 * i, v);
        });
        // Set as near as a row, and as wide as the two columns: the split at the anchor fits.
        at(doc, 88, 132, '/bin/lister may be a symbolic link to /usr/bin/lister.');
        at(doc, 72, 180, 'Each tool is installed with its subsystem.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    // Before: the sentence under the rows came back as a fourth row, split at the anchor.
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['lister', 'copier', 'mover']);
  });

  it('takes a caption set right under a table for the table\'s own', async () => {
    const { model } = await modelOf([
      (doc) => {
        const rows: [string, string][] = [
          ['Hydra', 'yes'],
          ['Zed', 'no'],
          ['Pumpworks', 'yes'],
        ];
        rows.forEach(([k, v], i) => {
          at(doc, 90, 80 + 15 * i, k);
          at(doc, 260, 80 + 15 * i, v);
        });
        at(doc, 150, 135, 'Table 2: Pump makers that sell to the city');
        at(doc, 72, 170, 'Each maker was asked for a price in the spring.');
      },
    ]);
    const table = model.lists.find((l) => l.kind === 'table-row')!;
    // Before: a caption under the rows was read only when no table took the rows themselves.
    expect(table.intro).toBe('Table 2: Pump makers that sell to the city');
  });
});

describe('what introduces a table', () => {
  const rows: [string, string][] = [
    ['lister', 'The listing tool'],
    ['copier', 'The copying tool'],
    ['mover', 'The moving tool'],
  ];
  const drawRows = (doc: PDFKit.PDFDocument, y: number) =>
    rows.forEach(([k, v], i) => {
      at(doc, 90, y + 16 * i, k);
      at(doc, 260, y + 16 * i, v);
    });
  const tableOf = (model: Awaited<ReturnType<typeof modelOf>>['model']) => model.lists.find((l) => l.kind === 'table-row')!;

  it('reads a first row whose key is set in another font than the keys below it as the header, not a member', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'Table 3: Functions for fitted objects.');
        // The header in the body face, the keys in a typewriter face, no bold anywhere.
        at(doc, 90, 84, 'Function');
        at(doc, 260, 84, 'Description');
        ['print()', 'summary()', 'coef()', 'vcov()'].forEach((k, i) => {
          doc.font('Courier').fontSize(11).text(k, 90, 104 + 16 * i, { lineBreak: false });
          at(doc, 260, 104 + 16 * i, `What ${k} gives back`);
        });
      },
    ]);
    const table = tableOf(model);
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['print()', 'summary()', 'coef()', 'vcov()']);
    expect(table.intro).toBe('Table 3: Functions for fitted objects. :: Function | Description');
  });

  it('reads a grid of single words under no header as members all, column by column', async () => {
    const grid = [
      ['and', 'else', 'mod'],
      ['by', 'if', 'not'],
      ['cross', 'in'],
    ];
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'A keyword is a sequence of letters. The reserved keywords are the following:');
        grid.forEach((row, r) => row.forEach((w, c) => at(doc, 180 + 62 * c, 84 + 14 * r, w)));
        at(doc, 72, 140, 'Other keywords are described in the following sections.');
        // Figures in a grid are measurements, not members: the first column keys its rows.
        [['1', '0.5', '12'], ['2', '0.7', '15'], ['3', '0.9', '19']].forEach((row, r) => row.forEach((w, c) => at(doc, 180 + 62 * c, 180 + 14 * r, w)));
      },
    ]);
    const words = model.lists.find((l) => l.intro === 'The reserved keywords are the following:')!;
    expect(model.items.filter((i) => i.listId === words.id).map((i) => i.label)).toEqual(['and', 'by', 'cross', 'else', 'if', 'in', 'mod', 'not']);
  });

  it('takes the whole sentence over the table for its intro, not its last line alone', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'Each tool is optional. The following tools, or symbolic links to tools, must be installed');
        at(doc, 72, 73, 'in /opt/bin if the subsystem that uses them is installed:');
        drawRows(doc, 100);
      },
    ]);
    // Before: "in /opt/bin if the subsystem that uses them is installed:" alone.
    expect(tableOf(model).intro).toBe('The following tools, or symbolic links to tools, must be installed in /opt/bin if the subsystem that uses them is installed:');
  });

  it('takes a plain header line under an announcing sentence for the header, and the sentence for the intro', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'And finally, the following tools, each with a manual page, are provided:');
        // The header in plain print, its two cells close enough to read as one line.
        at(doc, 90, 84, 'Tool name   Purpose of the tool');
        drawRows(doc, 104);
      },
    ]);
    // Before: the header line was taken for the caption, and the sentence was lost.
    expect(tableOf(model).intro).toBe('And finally, the following tools, each with a manual page, are provided: :: Tool name Purpose of the tool');
  });

  it('takes an announcing sentence set a table\'s space above the header for the intro, and reads no list off the header and first row', async () => {
    const options: [string, string, string][] = [
      ['-c', '--create', 'Create a new archive'],
      ['-d', '--delete', 'Delete a member'],
      ['-q', '--quiet', 'Quiet mode'],
      ['-x', '--extract', 'Extract a member'],
    ];
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'The general syntax for running the archiver is', { size: 10 });
        doc.font('Courier').fontSize(10).text('arch [options] archive [member]', 90, 78, { lineBreak: false });
        at(doc, 72, 96, 'Where options can be one of:', { size: 10 });
        // The header a gap of three lines' height below (more than 2.6 times its size), its
        // three cells close enough to read as one line.
        at(doc, 90, 128, 'Option  Long option  Meaning', { size: 10 });
        options.forEach(([o, l, m], i) => {
          at(doc, 90, 146 + 13 * i, o, { size: 10 });
          at(doc, 130, 146 + 13 * i, l, { size: 10 });
          at(doc, 200, 146 + 13 * i, m, { size: 10 });
        });
      },
    ]);
    const table = tableOf(model);
    // Before: the header line was the intro, and a term list of three "items" (the header, "-c",
    // "--create") rivalled the table.
    expect(table.intro).toBe('Where options can be one of: :: Option Long option Meaning');
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['-c', '-d', '-q', '-x']);
    expect(model.lists.filter((l) => l.id !== table.id && model.items.some((i) => i.listId === l.id && /^Option/.test(i.label)))).toEqual([]);
  });

  it('takes the sentence closing the page before for the intro of a table at the top of a page', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'TOOLS');
        at(doc, 72, 690, 'Each tool is set up by the installer. Predefined tools are as follows:');
      },
      (doc) => drawRows(doc, 72),
    ]);
    // Before: a table's intro was looked for on its own page only.
    expect(tableOf(model).intro).toBe('Predefined tools are as follows:');
  });

  it('takes a sentence that announces what follows, closing the page before, without a colon', async () => {
    const { model } = await modelOf([
      (doc) => {
        at(doc, 72, 60, 'TOOLS');
        at(doc, 72, 677, 'The following tools are defined at this time; more may be defined in the future');
        at(doc, 72, 690, 'should the need arise.');
      },
      (doc) => drawRows(doc, 72),
    ]);
    // Before: only a sentence closed by a colon introduced a table over the page break.
    expect(tableOf(model).intro).toBe('The following tools are defined at this time; more may be defined in the future should the need arise.');
  });

  it('ends a table at a sentence set apart under its last row, even one the column split would cut', async () => {
    const { model } = await modelOf([
      (doc) => {
        // Values as wide as the page, so the sentence below stays inside the table's width.
        rows.forEach(([k, v], i) => {
          at(doc, 90, 72 + 16 * i, k);
          at(doc, 160, 72 + 16 * i, `${v}, which reads the folder it is given and prints each entry`);
        });
        // A blank line, then a sentence from the key column across the value column.
        at(doc, 90, 72 + 16 * 3 + 8, 'Other tools may be registered with the maintainers.');
      },
    ]);
    const table = tableOf(model);
    // Before: "Other tools may | be registered ..." came back as a fourth row.
    expect(model.items.filter((i) => i.listId === table.id).map((i) => i.label)).toEqual(['lister', 'copier', 'mover']);
  });
});

describe('tables through the pipeline (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf([levelsTable, marksTable]), 'site-guide.pdf');

  it('counts the levels of a table whose longest key ran into its definition', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many damage levels does the guide use for rating an event, and what are they?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name)).toEqual(['None', 'Minor', 'Substantial', 'Total']);
  });

  it('answers with the rows that carry the mark the question names, not the whole table', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('Which site controls does the tailoring mark DROP?');
    expect(answer.items.map((i) => i.name)).toEqual(['SC-2', 'SC-5', 'SC-8']);
    const cands = trace.find((t) => t.step === 'candidates')!.output as { top: { features: Record<string, number> }[] };
    expect(cands.top[0]!.features.markedRows).toBe(1);
    // A table's end proves nothing about its rows: no stated count, so no "complete".
    expect(answer.isComplete).not.toBe(true);
  });

  it('reads a question that restates what a mark means as asking for the marked rows, not for the criteria', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which site controls are marked DROP, i.e. the site control is left to the tenant of the site to carry out?');
    expect(answer.items.map((i) => i.name)).toEqual(['SC-2', 'SC-5', 'SC-8']);
  });
});

describe('the lines before a list\'s intro speak for it (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, 'Section 1 Charter', { bold: true, size: 13 });
          at(doc, 72, 85, 'In its charter of 2019 the harbour board adopted three safety principles for every crew on');
          at(doc, 72, 99, 'duty at the quays. The three principles include clear signals; steady watches; and fair');
          at(doc, 72, 113, 'shifts for all. They apply from the first day of service.');
          at(doc, 72, 150, 'Section 2 Crew Matters', { bold: true, size: 13 });
          at(doc, 72, 175, 'The board of the harbour sets out the following crew matters for every quay:');
          at(doc, 80, 195, '• Uniforms of the crew');
          at(doc, 80, 212, '• Lockers at the quay');
          at(doc, 80, 229, '• Parking for crew cars');
        },
      ]),
    'harbour-charter.pdf',
  );

  it('ranks the list whose preceding sentence says what it is of above one whose own intro shares a few words', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many safety principles did the harbour board adopt in its charter, and what are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['clear signals', 'steady watches', 'fair shifts for all']);
  });
});

/**
 * A table whose columns are the variants it compares, its header row a series of depths
 * ("8-stage" … "64-stage"), its rows the parts of each variant; the text says a depth is
 * counted in stages. The header row is a list of its own, and a question for the depths asks
 * for it, not for the rows.
 */
const variantsTable: Draw = (doc) => {
  at(doc, 72, 60, 'Section 4 Sorting Networks', { bold: true, size: 13 });
  at(doc, 72, 85, 'We build sorting networks with a depth of up to 64 stages, each stage a row of comparators.');
  at(doc, 72, 101, 'Deeper networks sort longer lists in one pass, at the cost of more comparators.');
  const cols = ['8-stage', '16-stage', '32-stage', '64-stage'];
  at(doc, 90, 130, 'part', { size: 9 });
  cols.forEach((c, i) => at(doc, 220 + 80 * i, 130, c, { size: 9 }));
  const rows: [string, string[]][] = [
    ['input', ['8 wires', '16 wires', '32 wires', '64 wires']],
    ['merge', ['2 blocks', '4 blocks', '8 blocks', '16 blocks']],
    ['output', ['8 wires', '16 wires', '32 wires', '64 wires']],
  ];
  rows.forEach(([k, vs], r) => {
    at(doc, 90, 148 + 16 * r, k, { size: 9 });
    vs.forEach((v, i) => at(doc, 220 + 80 * i, 148 + 16 * r, v, { size: 9 }));
  });
  at(doc, 72, 210, 'Table 3. Sorting networks of each depth, by part.', { size: 10 });
  at(doc, 72, 240, 'The 16-stage network is the smallest that sorts a full page of records in one pass.');
};

describe('a header row of variants (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf([variantsTable]), 'sorting-networks.pdf');

  it('reads the header row of variants as a list of its own, introduced by the table caption', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf([variantsTable])), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const header = model.lists.find((l) => model.items.some((i) => i.listId === l.id && i.label === '8-stage'))!;
    expect(header.intro).toMatch(/^Table 3\. Sorting networks of each depth/);
    expect(model.items.filter((i) => i.listId === header.id).map((i) => i.label)).toEqual(['8-stage', '16-stage', '32-stage', '64-stage']);
  });

  it('answers the depths with the variants, as the text counts depth in stages', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many network depths does Table 3 give, and what are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['8-stage', '16-stage', '32-stage', '64-stage']);
    expect(answer.count).toBe(4);
  });

  it('reads the units a document measures a noun in from its own sentences', () => {
    expect([...measureUnits('network depth', [{ text: 'residual nets with a depth of up to 152 layers, 8x deeper' }])]).toEqual(['layer']);
    expect([...measureUnits('depth', [{ text: 'by the number of stacked layers (depth).' }])]).toEqual(['layer']);
    expect([...measureUnits('depth', [{ text: 'the depth of representations is of central importance' }])]).toEqual([]);
  });
});

describe('a mark that is a word of another mark (no LLM)', () => {
  const driversTable: Draw = (doc) => {
    at(doc, 72, 60, 'Section 3 Drivers', { bold: true, size: 13 });
    at(doc, 72, 85, 'The lamp kit can be run by several drivers; the table shows the mains each one works with.');
    at(doc, 200, 110, 'Table 1: Available drivers of the lamp kit.', { bold: true });
    at(doc, 90, 130, 'Driver', { bold: true });
    at(doc, 250, 130, 'Option', { bold: true });
    const centre = 420;
    at(doc, centre - width(doc, 'Mains') / 2, 130, 'Mains', { bold: true });
    const rows: [string, string, string][] = [
      ['Pulse driver', 'pulse', 'AC/DC'],
      ['Ramp driver', 'ramp', 'AC/DC'],
      ['Flicker driver', 'flicker', 'AC'],
      ['Steady driver', 'steady', 'AC/DC'],
      ['Strobe driver', 'strobe', 'AC/DC'],
      ['Glow driver', 'glow', 'AC'],
    ];
    rows.forEach(([k, o, m], i) => {
      at(doc, 90, 148 + 15 * i, k);
      at(doc, 250, 148 + 15 * i, o);
      at(doc, centre - width(doc, m) / 2, 148 + 15 * i, m);
    });
    at(doc, 72, 250, 'Each driver is chosen by its option when the lamp kit is set up.');
  };
  const subject = generatedDocument(() => drawPdf([driversTable]), 'lamp-kit.pdf');

  it('reads "AC" beside "AC/DC" as no set of rows: every driver works with AC', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('Which drivers can be chosen for AC mains according to the table of available drivers?');
    // Before: only the two rows marked "AC" alone came back, and "AC/DC" rows were left out.
    expect(answer.items.map((i) => i.name)).toEqual(['Pulse driver', 'Ramp driver', 'Flicker driver', 'Steady driver', 'Strobe driver', 'Glow driver']);
    const cands = trace.find((t) => t.step === 'candidates')!.output as { top: { features: Record<string, number> }[] };
    expect(cands.top[0]!.features.markedRows ?? 0).toBe(0);
  });
});

/**
 * A standard lists the directories required in each place of the file tree, one table per place,
 * each introduced by the same sentence but for its path ("required in /.", "required in /var:").
 * The path the question writes is a reference: it picks its table. The standard's version after
 * its name ("EFS 2.0") is no section number the tables would have to carry, and its acronym, which
 * a list of the document's purpose also writes, names the document, not a part of it. The
 * directories' names are three letters each ("bin", "opt", "usr"): words naming their rows, not
 * row numbers.
 */
/** A section whose table lists the directories required in one place, under its heading at `y`. */
function placeTable(doc: PDFKit.PDFDocument, y: number, heading: string, path: string, rows: [string, string][]): void {
  at(doc, 72, y, heading, { bold: true, size: 14 });
  doc.outline.addItem(heading);
  at(doc, 72, y + 30, `The following directories, or symbolic links to directories, are required in ${path}`);
  [['Directory', 'Description'], ...rows].forEach(([k, v], i) => {
    at(doc, 90, y + 56 + 16 * i, k!, { bold: i === 0 });
    at(doc, 260, y + 56 + 16 * i, v!, { bold: i === 0 });
  });
  at(doc, 72, y + 140, 'Each directory listed above is specified in its own section below.');
}

const placesTables: Draw[] = [
  (doc) => {
    // The purpose list says the standard's acronym and "compliant system", as the question does.
    at(doc, 72, 60, '1 Purpose', { bold: true, size: 14 });
    doc.outline.addItem('1 Purpose');
    at(doc, 72, 90, 'The EFS document is used by:');
    ['Vendors, to build systems which are EFS compliant', 'Users, to check that a system is EFS compliant', 'Authors of tools that must run on any compliant system'].forEach((t, i) => at(doc, 90, 110 + 16 * i, `• ${t}`));
    at(doc, 72, 170, 'The document does not cover the contents of the files themselves.');
  },
  (doc) => {
    placeTable(doc, 60, '3 The Root Directory', '/.', [['bin', 'Essential command binaries'], ['opt', 'Add-on application packages'], ['usr', 'Secondary hierarchy']]);
    placeTable(doc, 260, '4 The Variable Directory', '/var:', [['cache', 'Application cache data'], ['lib', 'Variable state information'], ['log', 'Log files and directories']]);
  },
];

describe('a path the question writes picks the table of that place (generated)', () => {
  const standard = generatedDocument(() => drawPdf(placesTables), 'extended-file-standard-2.0.pdf');

  it('answers the directories required directly under / with the table introduced for /', async () => {
    // "EFS" spells the document's name (extended-file-standard): it names the document, no part of it.
    const { answer } = await standard.ask<ListingAnswer>('Which directories are required directly under / in an EFS 2.0 compliant system?');
    expect(answer.items.map((i) => i.name)).toEqual(['bin', 'opt', 'usr']);
  });

  it('answers the directories required in /var with the table introduced for /var', async () => {
    const { answer } = await standard.ask<ListingAnswer>('Which directories are required in /var?');
    expect(answer.items.map((i) => i.name)).toEqual(['cache', 'lib', 'log']);
  });
});
