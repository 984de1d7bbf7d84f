import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { listItemsAsCandidates } from '../src/listing/candidates.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';
import { structureOf } from './helpers/structure-of.ts';

/**
 * A file-format specification whose keywords are a definition list set with a hanging indent
 * and no marker (each entry flush with its term, its description indented under it), running
 * over a page break. Its running header ("[3] Keywords ... 2") sits lower than the page margin,
 * on the page's topmost row beside the page number, and names the current section, so it
 * changes from page to page: it is furniture all the same, and does not cut the list.
 * A paragraph after a colon whose lines are all flush is no such list.
 */

const L = 80;
const HANG = 100;
const STEP = 14;
const TERMS: [string, string, string][] = [
  ['@title', 'gives a short title that names the drawing, as a friendlier label', 'than its number in the file.'],
  ['@author', 'names the person who made the drawing, as they wish to be credited', 'in any listing of the file.'],
  ['@license', 'states the terms under which the drawing may be copied and shared', 'by others.'],
  ['@source', 'points to the data the drawing was made from, by a path or an', 'address the reader can follow.'],
  ['@created', 'gives the date the drawing was first made, in the form year, month', 'and day.'],
];

function header(doc: PDFKit.PDFDocument, section: string, page: number): void {
  // Below the 9% margin (71 pt on a letter page): only its row tells it from body text. The
  // number is set as "page / pages".
  textAt(doc, L, 84, section, { size: 10 });
  textAt(doc, 500, 84, `${page} / 3`, { size: 10 });
}

function entry(doc: PDFKit.PDFDocument, y: number, [term, first, second]: [string, string, string]): number {
  textAt(doc, L, y, `${term} ${first}`);
  textAt(doc, HANG, y + STEP, second);
  return y + 2 * STEP + 4;
}

function spec(): Draw[] {
  return [
    (doc) => {
      header(doc, '[3] Keywords', 1);
      textAt(doc, L, 120, '3 Keywords', { bold: true, size: 14 });
      textAt(doc, L, 146, 'Besides the drawing itself, a file may say who made it and where it came from.');
      textAt(doc, L, 146 + STEP, 'The following keywords are supported:');
      let y = 146 + 3 * STEP;
      for (const t of TERMS.slice(0, 3)) y = entry(doc, y, t);
      // Fill the page, so the list runs over the break.
      for (let n = 0; y < 690; n++, y += STEP) textAt(doc, HANG, y, `Note ${n + 1} on the licence: the terms are quoted in full, word for word, as given.`);
    },
    (doc) => {
      header(doc, '[3.1] Keyword order', 2);
      let y = 120;
      for (const t of TERMS.slice(3)) y = entry(doc, y, t);
      textAt(doc, L, y + 20, '3.1 Keyword order', { bold: true, size: 14 });
      textAt(doc, L, y + 46, 'A reader accepts the keywords in any order, with these limits:');
      textAt(doc, L, y + 46 + STEP, 'a title comes first when there is one, and a date is written once.');
      textAt(doc, L, y + 46 + 2 * STEP, 'Other keywords may be repeated as often as a writer needs them.');
      // One-line entries: a term, a dash, its gloss, after "as follows.".
      textAt(doc, L, y + 46 + 4 * STEP, 'Lengths are given in one of the units as follows.');
      ['mm – millimetres', 'cm – centimetres', 'in – inches, as printed'].forEach((t, n) => textAt(doc, L, y + 46 + (5 + n) * STEP, t));
      textAt(doc, L, y + 46 + 8 * STEP, 'A file that names no unit is read in millimetres throughout.');
    },
    (doc) => {
      header(doc, '[3.1] Keyword order', 3);
      textAt(doc, L, 120, 'Readers that meet a keyword they do not know skip it and go on. The accepted encodings are');
      // A block whose intro only points back: the sentence before says what "they" are.
      textAt(doc, L, 220, 'Some keywords are reserved for later versions of the format. They are:');
      ['@layer', '@scale'].concat(['@grid']).forEach((t, n) => textAt(doc, L + 18, 236 + n * 12, t, { size: 8 }));
      textAt(doc, L, 236 + 3 * 12 + 6, 'A writer must not use them until a later version defines them.');
      // A block of short names set in from the text, in a smaller code font, no marker.
      ['utf-8', 'latin-1', 'ascii'].forEach((t, n) => textAt(doc, L + 18, 136 + n * 12, t, { size: 8 }));
      textAt(doc, L, 136 + 3 * 12 + 6, 'and a reader that meets another encoding reads the file as utf-8 and warns.');
    },
  ];
}

async function modelOf() {
  const parsed = await parsePdf(new Uint8Array(await drawPdf(spec())), { pageCap: 5 });
  return buildStructure(parsed, buildToc(parsed).entries);
}

describe('a definition list set with a hanging indent (generated)', () => {
  it('reads each flush term with its indented lines as one entry, over the page break and past the running header', async () => {
    const model = await modelOf();
    const list = model.lists.find((l) => l.intro === 'The following keywords are supported:')!;
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list.id);
    expect(items.map((i) => i.label)).toEqual(TERMS.map(([t]) => t));
    expect(items[0]!.text).toBe(`${TERMS[0]![0]} ${TERMS[0]![1]} ${TERMS[0]![2]}`);
    // The notes under the third entry are its own text, set at its indent.
    expect(items[2]!.text).toContain('Note 1 on the licence');
    expect(items[2]!.text).not.toContain('Keyword order');
    expect(list.endedBy).toBe('heading');
  });

  it('reads one-line entries of a term, a dash and a gloss as a list, and stops at the line set otherwise', async () => {
    const model = await modelOf();
    const units = model.lists.find((l) => l.intro === 'Lengths are given in one of the units as follows.')!;
    expect(model.items.filter((i) => i.listId === units.id).map((i) => i.label)).toEqual(['mm', 'cm', 'in']);
    // A flush line of text may as well be one more entry on one line: only a heading closes a run.
    expect(units.endedBy).toBe('end');
  });

  it('reads a block of short lines set in under a sentence broken off at its verb as a list', async () => {
    const model = await modelOf();
    const enc = model.lists.find((l) => l.intro?.endsWith('The accepted encodings are'))!;
    expect(model.items.filter((i) => i.listId === enc.id).map((i) => i.label)).toEqual(['utf-8', 'latin-1', 'ascii']);
  });

  it('gives an intro that only points back ("They are:") the sentence before it', async () => {
    const model = await modelOf();
    const reserved = model.lists.find((l) => l.intro === 'Some keywords are reserved for later versions of the format. They are:')!;
    expect(model.items.filter((i) => i.listId === reserved.id).map((i) => i.label)).toEqual(['@layer', '@scale', '@grid']);
  });

  it('reads no list from a paragraph after a colon whose lines are all flush', async () => {
    const model = await modelOf();
    expect(model.lists.some((l) => l.intro?.startsWith('A reader accepts the keywords'))).toBe(false);
  });

  const doc = generatedDocument(() => drawPdf(spec()), 'drawing-format.pdf');

  it('answers a listing question with every keyword', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which keywords does a drawing file support?');
    expect(answer.items.map((i) => i.name)).toEqual(TERMS.map(([t]) => t));
    // Introduced by its colon, closed by the next heading, well ahead of any other list.
    expect(answer.isComplete).toBe(true);
  });
});

/**
 * A daemon's manual lists the environment a program receives: each variable's name opens its
 * entry, set bold, its description hung under it. One description wraps onto a line that opens
 * with another variable's name in the same bold face; entries sit a small space apart; and the
 * paragraph after the list opens with bold names too, its sentence wrapping back to the edge.
 * The names are the list's terms, not run-in headings of the section.
 */
const VARS: [string, string[]][] = [
  ['RUN_USER', ['The login name of the calling user. When the caller sets the', 'LOGNAME variable the password entry for that name is read, otherwise', 'the login name of the calling process is looked up.']],
  ['RUN_UID', ['The numeric user id of the calling process.']],
  ['RUN_GROUPS', ['The group names of the calling process, listed in the order the', 'process holds them.']],
  ['RUN_DIR', ['The working directory of the caller, or an empty string.']],
  ['RUN_NAME', ['The name of the service the caller asked for.']],
];

function termLine(doc: PDFKit.PDFDocument, x: number, y: number, term: string, rest: string): void {
  textAt(doc, x, y, term, { bold: true });
  const w = doc.font('Helvetica-Bold').fontSize(11).widthOfString(`${term} `);
  textAt(doc, x + w, y, rest);
}

function environmentSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 100, '1 Overview', { bold: true, size: 14 });
      doc.outline.addItem('1 Overview');
      textAt(doc, L, 126, 'The daemon starts the service program on behalf of the caller and passes it a few facts.');
      textAt(doc, L, 200, '2 Environment', { bold: true, size: 14 });
      doc.outline.addItem('2 Environment');
      textAt(doc, L, 226, 'The service program receives these environment variables:');
      let y = 226 + STEP + 12;
      for (const [name, lines] of VARS) {
        termLine(doc, L, y, name, lines[0]!);
        lines.slice(1).forEach((l, n) => {
          const at = y + (n + 1) * STEP;
          // A wrapped line that happens to open with another name in the bold face.
          if (l.startsWith('LOGNAME ')) termLine(doc, HANG, at, 'LOGNAME', l.slice('LOGNAME '.length));
          else textAt(doc, HANG, at, l);
        });
        y += lines.length * STEP + 6;
      }
      termLine(doc, L, y + 6, 'HOME, PATH', 'and SHELL are set as for a login of the service user, from the');
      textAt(doc, L, y + 6 + STEP, 'password entry of that user.');
      textAt(doc, L, y + 60, '3 Exit status', { bold: true, size: 14 });
      doc.outline.addItem('3 Exit status');
      textAt(doc, L, y + 86, 'The caller exits with the status of the service program when it ends normally.');
    },
  ];
}

describe('a definition list of bold names with a name opening a wrapped line (generated)', () => {
  it('reads the names as the terms of one list and none of them as a heading', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(environmentSpec())), { pageCap: 5 });
    const toc = buildToc(parsed);
    expect(toc.entries.map((e) => e.title)).toEqual(['1 Overview', '2 Environment', '3 Exit status']);
    const model = buildStructure(parsed, toc.entries);
    const list = model.lists.find((l) => l.intro === 'The service program receives these environment variables:');
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list!.id);
    // The paragraph after the list wraps back to the edge: prose, not one more entry.
    expect(items.map((i) => i.label)).toEqual(VARS.map(([v]) => v));
    expect(items[0]!.text).toContain('LOGNAME variable');
  });

  const env = generatedDocument(() => drawPdf(environmentSpec()), 'daemon-environment.pdf');

  it('answers which variables the program receives with every name', async () => {
    const { answer } = await env.ask<ListingAnswer>('Which environment variables does the service program receive?');
    expect(answer.items.map((i) => i.name)).toEqual(VARS.map(([v]) => v));
  });
});

/**
 * A command's options as a manual's option table sets them: an option's spellings each on a
 * flush line of their own over one hung description ("-d dir" over "--dir=dir"), the last
 * spelling sometimes carrying the start of the description; an example set deeper than the
 * description inside it; and after the table a paragraph whose first line is indented a little.
 */
const OPT_L = 72;
const OPT_HANG = 130;
function optionsSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, OPT_L, 90, '3 Invoking the tool', { bold: true, size: 14 });
      doc.outline.addItem('3 Invoking the tool');
      textAt(doc, OPT_L, 116, 'The tool links the files of a package into the target tree. The following options are');
      textAt(doc, OPT_L, 116 + STEP, 'supported:');
      let y = 116 + 3 * STEP;
      const lines = (x: number, ls: string[]) => ls.forEach((l) => ((y += STEP), textAt(doc, x, y, l)));
      lines(OPT_L, ['-d dir', '--dir=dir']);
      lines(OPT_HANG, ['Set the package directory to dir. Defaults to the value of the', 'environment variable TOOL_DIR if set, or the current directory otherwise.']);
      lines(OPT_L, ['--ignore=regexp']);
      lines(OPT_HANG, ['Skip the files that match the given regular expression. For example,', 'the options']);
      lines(OPT_HANG + 40, ["--ignore='.*\\.orig' --ignore='.*\\.dist'"]);
      lines(OPT_HANG, ['make the tool skip files ending in .orig or .dist.']);
      lines(OPT_L, ['-n', '--no', '--simulate']);
      lines(OPT_HANG, ['Do not change the file system; only show what would happen.']);
      lines(OPT_L, ['-h']);
      y += STEP;
      textAt(doc, OPT_L, y, '--help');
      textAt(doc, OPT_HANG, y, 'Show the command syntax, and exit.');
      lines(OPT_L + 15, ['The following action flags are supported as well, each once per invocation of the tool:']);
      lines(OPT_L, ['-D', '--delete']);
      lines(OPT_HANG, ['Remove the links of the named packages from the target tree.']);
    },
    (doc) => {
      textAt(doc, OPT_L, 90, '4 Reporting problems', { bold: true, size: 14 });
      doc.outline.addItem('4 Reporting problems');
      textAt(doc, OPT_L, 116, 'Send a report with the version of the tool and the command line you ran.');
    },
  ];
}

describe('an option table: several spellings over one description (generated)', () => {
  it('reads each option with all its spellings as one entry, examples included, and stops at the next paragraph', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(optionsSpec())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.endsWith('The following options are supported:'));
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list!.id);
    expect(items.map((i) => i.label)).toEqual(['-d dir, --dir=dir', '--ignore=regexp', '-n, --no, --simulate', '-h, --help']);
    // The example set deeper is part of its option's text, and so is the text after it.
    expect(items[1]!.text).toContain(".orig' --ignore=");
    expect(items[1]!.text).toContain('make the tool skip files');
    expect(items[3]!.text).not.toContain('action flags');
  });

  const tool = generatedDocument(() => drawPdf(optionsSpec()), 'tool-options.pdf');

  it('answers for the whole table when the question asks for all the options', async () => {
    const { answer } = await tool.ask<ListingAnswer>('Which options does the tool support?');
    expect(answer.items.map((i) => i.name)).toEqual(['-d dir, --dir=dir', '--ignore=regexp', '-n, --no, --simulate', '-h, --help']);
  });

  it('keeps the options whose text meets the condition the question puts, and does not call them complete', async () => {
    // "regular expression" is said by one option's description only; the intro and names never say it.
    const { answer, trace } = await tool.ask<ListingAnswer>('Which options of the tool take a regular expression as their argument?');
    expect(answer.items.map((i) => i.name)).toEqual(['--ignore=regexp']);
    expect(answer.isComplete).not.toBe(true);
    expect(trace.find((t) => t.step === 'candidates')?.decision).toMatch(/kept the 1 items whose text holds "regular expression"/);
  });
});

/**
 * A policy names its default packages in a block set in under a sentence broken off at its verb
 * ("The default packages are"), and later lists other packages after a colon. The broken-off
 * sentence introduces its block as surely as a colon does: asked for the default packages, the
 * block is the answer, not the later list that only shares the word "packages".
 */
function packagesSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 90, '1 Versions', { bold: true, size: 14 });
      doc.outline.addItem('1 Versions');
      textAt(doc, L, 116, 'Several versions of the interpreter may be installed side by side. Modules should use the');
      textAt(doc, L, 116 + STEP, 'default packages when they do not depend on one version. The default packages are');
      ['lua', 'lua-dev', 'lua-doc', 'luarocks'].forEach((t, n) => textAt(doc, L + 18, 116 + (2 + n) * STEP, t, { size: 9 }));
      textAt(doc, L, 116 + 7 * STEP, 'The default packages depend on the packages of the current version and add a few symlinks.');
      textAt(doc, L, 260, '2 Build dependencies', { bold: true, size: 14 });
      doc.outline.addItem('2 Build dependencies');
      textAt(doc, L, 286, 'Extensions that link to the interpreter should depend on one or more of the following packages:');
      ['lua5.4-dev', 'lua5.3-dev', 'liblua-dev'].forEach((t, n) => textAt(doc, L + 18, 286 + (1 + n) * STEP, t, { size: 9 }));
      textAt(doc, L, 286 + 5 * STEP, 'A package built for one version only names that version in its dependency.');
    },
  ];
}

describe('a block introduced by a sentence broken off at its verb (generated)', () => {
  const policy = generatedDocument(() => drawPdf(packagesSpec()), 'interpreter-policy.pdf');

  it('answers with the block the broken-off sentence introduces', async () => {
    const { answer } = await policy.ask<ListingAnswer>('Which default packages does the policy name?');
    expect(answer.items.map((i) => i.name)).toEqual(['lua', 'lua-dev', 'lua-doc', 'luarocks']);
  });
});

/**
 * A packaging guide's settings "table" set as a definition list: a paragraph closed by a full
 * stop (no colon), then one entry per setting whose name and a bracketed note ("(read in:
 * install)") open it in bold, the description regular, wrapped lines hung under it. The bold
 * lead-in is the marker: the entries are one list, each named by its setting without the note,
 * and the plain paragraph after them ends it. Two bold-led lines in a row are no list.
 */
const SETTINGS: [string, string, string[]][] = [
  ['pkg_user', 'configure', ['Name of the account the package runs under. (defaults to: package name)']],
  ['pkg_cache_dir', 'install', ['Directory the package keeps its cache in, created at installation', 'when it is missing. (defaults to: /var/cache/package)']],
  ['pkg_cache_mode', 'configure', ['Permissions given to the cache directory. (defaults to: 0750)']],
  ['pkg_port', 'configure', ['Port the service listens on. (defaults to: 8080)']],
  ['pkg_host', 'configure', ['Address the service binds to. (defaults to: localhost)']],
  ['pkg_log_level', 'configure, install', ['How much the scripts log while they run. (defaults to: info)']],
  ['pkg_seed_file', 'install', ['File whose statements are run against a fresh store, once, on the', 'first installation only. (defaults to: empty)']],
];

function settingsSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 90, '4 Tuning a package', { bold: true, size: 14 });
      doc.outline.addItem('4 Tuning a package');
      textAt(doc, L, 116, 'A package may set defaults of its own for most of the values the tool asks about.');
      textAt(doc, L, 116 + STEP, 'The table below gives the settings a package may set. Set each one only where it says.');
      let y = 116 + 3 * STEP;
      for (const [name, where, lines] of SETTINGS) {
        termLine(doc, L, y, `${name} (read in: ${where})`, lines[0]!);
        lines.slice(1).forEach((l, n) => textAt(doc, HANG, y + (n + 1) * STEP, l));
        y += lines.length * STEP + 6;
      }
      textAt(doc, L, y + 8, 'A setting the package leaves out keeps the default the tool gives it.');
      textAt(doc, L, y + 60, '5 Removing a package', { bold: true, size: 14 });
      doc.outline.addItem('5 Removing a package');
      textAt(doc, L, y + 86, 'Removal drops the store only when the administrator agrees to it.');
      termLine(doc, L, y + 86 + 2 * STEP, 'Purge.', 'Everything the package made is removed, the store included.');
      termLine(doc, L, y + 86 + 3 * STEP, 'Keep.', 'The store is left in place for a later installation.');
      textAt(doc, L, y + 86 + 4 * STEP, 'The administrator is asked which of the two applies.');
    },
  ];
}

describe('a settings table set as bold-led entries after a plain sentence (generated)', () => {
  it('reads the entries as one list named by each setting, ended by the plain paragraph', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(settingsSpec())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.endsWith('The table below gives the settings a package may set. Set each one only where it says.'));
    expect(list).toBeDefined();
    const items = model.items.filter((i) => i.listId === list!.id);
    expect(items.map((i) => i.label)).toEqual(SETTINGS.map(([n]) => n));
    // The note and the hung lines are the entry's text.
    expect(items[1]!.text).toContain('(read in: install)');
    expect(items[1]!.text).toContain('when it is missing.');
    // Two bold-led lines are no list.
    expect(model.lists.some((l) => l.intro?.startsWith('Removal drops the store'))).toBe(false);
  });

  const settings = generatedDocument(() => drawPdf(settingsSpec()), 'package-settings.pdf');

  it('answers which settings a package may set with every one', async () => {
    const { answer } = await settings.ask<ListingAnswer>('Which settings may a package set in section 4?');
    expect(answer.items.map((i) => i.name)).toEqual(SETTINGS.map(([n]) => n));
  });

  it('keeps the settings whose note names the script the question asks about, and does not call that complete', async () => {
    const { answer } = await settings.ask<ListingAnswer>('Which settings of section 4 are read in the install script?');
    expect(answer.items.map((i) => i.name)).toEqual(SETTINGS.filter(([, w]) => w.includes('install')).map(([n]) => n));
    expect(answer.isComplete).not.toBe(true);
  });

  it('keeps the settings whose note gives the one value the question names, the others giving other values', async () => {
    const { answer } = await settings.ask<ListingAnswer>('Which of the package settings in section 4 are used by install?');
    expect(answer.items.map((i) => i.name)).toEqual(SETTINGS.filter(([, w]) => w.includes('install')).map(([n]) => n));
    expect(answer.isComplete).not.toBe(true);
  });
});

/**
 * A directive reference set with bold lead-ins after a plain sentence, one directive's text
 * holding a list of its own ("The modes are:") whose entries are set at the directive's hang,
 * each with its own bold term. Both lists are read: the directives, and the modes inside one.
 */
function directivesSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 90, '2 Directives', { bold: true, size: 14 });
      doc.outline.addItem('2 Directives');
      textAt(doc, L, 116, 'The following directives change how the service runs. The last one given wins.');
      let y = 116 + 2 * STEP;
      termLine(doc, L, y, 'reject', 'Refuse the request outright.');
      termLine(doc, L, (y += STEP), 'start-mode mode', 'Start the service in the mode given, which says when the');
      textAt(doc, HANG, (y += STEP), 'service is started. The modes are:');
      termLine(doc, HANG, (y += STEP), 'manual', 'Started by an administrator only.');
      termLine(doc, HANG, (y += STEP), 'automatic', 'Started when the system boots, before any user');
      textAt(doc, HANG + 16, (y += STEP), 'logs in.');
      termLine(doc, HANG, (y += STEP), 'socket', 'Started when the first client connects.');
      termLine(doc, L, (y += STEP), 'set-limit n', 'Run at most n copies of the service at once.');
      termLine(doc, L, (y += STEP), 'log-level level', 'How much the service writes to its log.');
      textAt(doc, L, (y += 2 * STEP), 'Directives the service does not know are an error.');
    },
  ];
}

describe('a list inside one entry of a bold-led list (generated)', () => {
  it('reads the directives and, inside one of them, its modes', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(directivesSpec())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const labels = (l: { id: number } | undefined) => model.items.filter((i) => i.listId === l?.id).map((i) => i.label);
    const directives = model.lists.find((l) => l.intro?.startsWith('The following directives change'));
    expect(labels(directives)).toEqual(['reject', 'start-mode mode', 'set-limit n', 'log-level level']);
    const modes = model.lists.find((l) => l.intro?.endsWith('The modes are:'));
    expect(labels(modes)).toEqual(['manual', 'automatic', 'socket']);
  });
});

/** Writes entries from `y` down: a flush first line, its more lines hung at `hang`, `gap` points after each. */
function entryWriter(doc: PDFKit.PDFDocument, y: number, hang: number, gap: number) {
  const entry = (first: string, more: string[] = []) => {
    textAt(doc, L, y, first);
    y += STEP;
    for (const m of more) ((textAt(doc, hang, y, m), (y += STEP)));
    y += gap;
  };
  return { entry, at: () => y };
}

/**
 * A launcher's manual in the typesetting of a TeX manual: after a colon, options and then
 * environment variables, each a flush term with its gloss on the same line, some entries one
 * line long, others running on in hung lines. The terms are no plain words (an option's dash, a
 * name in capitals whose underscores print as spaces): they mark the entries as a bold face
 * would, and name them, all the capital words of a name included.
 */
function launcherSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 80, '5 Running programs', { bold: true, size: 14 });
      doc.outline.addItem('5 Running programs');
      textAt(doc, L, 106, 'Besides the standard arguments, the launcher supports the following options:');
      const { entry, at } = entryWriter(doc, 106 + 2 * STEP, HANG + 8, 4);
      let y = 0;
      entry('-np <num> A synonym for the standard -n argument');
      entry('-env <name> <value> Set the variable <name> to <value> for the processes', ['being run by the launcher.']);
      entry('-envnone Pass no environment variables to the processes, other than the', ['ones named with -env.']);
      entry('-usize <n> Set the universe size');
      entry('-l Label standard output with the rank of the process');
      y = at();
      textAt(doc, L, y, 'In addition, the launcher reads a number of environment variables that control it:');
      y += 2 * STEP;
      const vars = entryWriter(doc, y, HANG + 8, 4);
      vars.entry('RUN TIMEOUT Maximum running time in seconds; the launcher stops programs that', ['run longer.']);
      vars.entry('RUN UNIVERSE SIZE Set the universe size');
      vars.entry('RUN PORT RANGE Set the range of ports the launcher uses to talk to the', ['processes it starts.']);
      y = vars.at();
      textAt(doc, L, y + 20, '6 Debugging', { bold: true, size: 14 });
      doc.outline.addItem('6 Debugging');
      textAt(doc, L, y + 46, 'Programs can be run under a debugger with the -gdb option.');
    },
  ];
}

describe('options and variables whose terms are no plain words (generated)', () => {
  it('reads one-line and hung entries alike, named by the option or the whole capital name', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(launcherSpec())), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const labels = (l: { id: number } | undefined) => model.items.filter((i) => i.listId === l?.id).map((i) => i.label);
    expect(labels(model.lists.find((l) => l.intro?.endsWith('supports the following options:')))).toEqual(['-np', '-env', '-envnone', '-usize', '-l']);
    expect(labels(model.lists.find((l) => l.intro?.endsWith('environment variables that control it:')))).toEqual(['RUN TIMEOUT', 'RUN UNIVERSE SIZE', 'RUN PORT RANGE']);
  });

  const launcher = generatedDocument(() => drawPdf(launcherSpec()), 'launcher-manual.pdf');

  it('answers which variables control the launcher with every name, none merged', async () => {
    const { answer } = await launcher.ask<ListingAnswer>('Which environment variables control the launcher?');
    expect(answer.items.map((i) => i.name)).toEqual(['RUN TIMEOUT', 'RUN UNIVERSE SIZE', 'RUN PORT RANGE']);
  });
});

/**
 * The same options, one entry's text broken into a paragraph of its own that opens at a small
 * indent, neither flush nor hung ("-genv <name> <value> The" over "  -genv options have ..."),
 * its text hung again under it; the entries go on after it.
 */
function brokenEntrySpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 106, 'Besides the standard arguments, the launcher supports the following options:');
      const { entry, at } = entryWriter(doc, 106 + 2 * STEP, HANG + 8, 4);
      entry('-np <num> A synonym for the standard -n argument');
      entry('-env <name> <value> Set the variable <name> to <value> for the processes', ['being run by the launcher.']);
      entry('-genv <name> <value> The');
      const y = at();
      textAt(doc, L + 5.5, y, '-genv options have the same meaning as their -env versions, except');
      textAt(doc, HANG + 8, y + STEP, 'that they apply to all programs, not just the current one.');
      const rest = entryWriter(doc, y + 2 * STEP + 4, HANG + 8, 4);
      rest.entry('-usize <n> Set the universe size');
      rest.entry('-l Label standard output with the rank of the process');
    },
  ];
}

describe('an entry whose text opens a paragraph at a small indent (generated)', () => {
  it('keeps the paragraph in its entry and reads the entries after it', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(brokenEntrySpec())), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.endsWith('supports the following options:'));
    const items = model.items.filter((i) => i.listId === list?.id);
    expect(items.map((i) => i.label)).toEqual(['-np', '-env', '-genv', '-usize', '-l']);
    expect(items[2]!.text).toContain('apply to all programs');
  });
});

/**
 * A licence's definitions set as a description list with nothing to mark the terms: each term
 * opens a flush line and its gloss follows on the same line; short glosses end on that line,
 * longer ones run on in hung lines. A one-line entry is an entry where hung entries follow it;
 * the flush sentence after the last hung entry is the text after the list.
 */
function definitionsSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 90, 'Definitions', { bold: true, size: 14 });
      doc.outline.addItem('Definitions');
      textAt(doc, L, 116, 'In this licence the following terms are used:');
      const { entry, at } = entryWriter(doc, 116 + 2 * STEP, L + 24, 0);
      entry('Work Any work being distributed under this licence.');
      entry('Derived Work Any work that under any applicable law is derived from the', ['Work.']);
      entry('Modify To apply any procedure that produces a Derived Work.');
      entry('Distribution Making copies of the Work available from one person to', ['another, in whole or in part.']);
      entry('Maintainer A person or persons nominated as such within the Work, or', ['else the holder of its copyright.']);
      entry('These terms are used with these meanings throughout.');
      const y = at();
      textAt(doc, L, y + 20, 'Conditions', { bold: true, size: 14 });
      doc.outline.addItem('Conditions');
      textAt(doc, L, y + 46, 'You may distribute the Work as you received it.');
    },
  ];
}

describe('a description list whose first entries fit on one line (generated)', () => {
  it('reads the one-line entries among the hung ones, and not the sentence after the list', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(definitionsSpec())), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro === 'In this licence the following terms are used:');
    const items = model.items.filter((i) => i.listId === list?.id);
    expect(items.map((i) => i.text.split(' ')[0])).toEqual(['Work', 'Derived', 'Modify', 'Distribution', 'Maintainer']);
    expect(items.at(-1)!.text).not.toContain('throughout');
    // With no font to set the term apart, a gloss opening with a capitalised article or
    // quantifier ("Any work ...", "A person ...") starts after the term.
    expect([0, 1, 4].map((k) => items[k]!.label)).toEqual(['Work', 'Derived Work', 'Maintainer']);
  });
});

/**
 * A paper's description list whose terms stand on lines of their own, each definition's line
 * opening with the colon; entries stand further apart than a definition's lines, and a sentence
 * set at the entries' spacing parts two lists. Then records of repeated fields set the same way.
 */
function colonLedSpec(): Draw[] {
  return [
    (doc) => {
      const rows: [number, string][] = [
        [112, 'We now briefly describe the other tools of the kit. Each of the following tools'],
        [126, 'writes a report file.'],
        [142, 'scan()'],
        [158, ': walks the tree and records every file it meets. The record is kept in'],
        [172, 'memory until the walk ends.'],
        [188, 'audit()'],
        [204, ': compares two records and reports the files that differ.'],
        [220, 'purge()'],
        [236, ': removes the records older than a given date.'],
        [252, 'In addition, two tools print charts.'],
        [268, 'plot()'],
        [284, ': draws a chart of the records.'],
        [300, 'table()'],
        [316, ': prints the records as a table.'],
        [330, 'The reports are plain text and can be read by any editor.'],
        [380, 'The value of each field follows it, as in this output:'],
        [396, 'processor'],
        [412, ': 0'],
        [428, 'vendor'],
        [444, ': Acme Chips of the North'],
        [460, 'processor'],
        [476, ': 1'],
      ];
      textAt(doc, 72, 90, '4.6 Other tools', { bold: true, size: 12 });
      for (const [y, text] of rows) textAt(doc, 72, y, text);
    },
  ];
}

describe('a description list whose definitions open their line with the colon (generated)', () => {
  it('reads each term with its definition, ends the list at a sentence set between entries, and reads no records of repeated fields', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(colonLedSpec())), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro === 'Each of the following tools writes a report file.');
    const items = model.items.filter((i) => i.listId === list?.id);
    expect(items.map((i) => i.label)).toEqual(['scan()', 'audit()', 'purge()']);
    expect(items[0]!.text).toBe('scan(): walks the tree and records every file it meets. The record is kept in memory until the walk ends.');
    expect(list!.endedBy).toBe('end');
    const charts = model.lists.find((l) => l.intro === 'In addition, two tools print charts.');
    const chartItems = model.items.filter((i) => i.listId === charts?.id);
    expect(chartItems.map((i) => i.label)).toEqual(['plot()', 'table()']);
    expect(chartItems.at(-1)!.text).toBe('table(): prints the records as a table.');
    expect(model.items.some((i) => i.label === 'processor')).toBe(false);
  });
});

describe('a definition list after a sentence that points at what follows, closed by a stop (generated)', () => {
  it('reads the entries as after a colon', async () => {
    const parsed = await parsePdf(
      new Uint8Array(
        await drawPdf([
          (doc) => {
            textAt(doc, L, 100, 'Each call returns a status code. The following status codes indicate a failure of');
            textAt(doc, L, 100 + STEP, 'some kind.');
            const { entry } = entryWriter(doc, 100 + 3 * STEP, HANG + 8, 6);
            entry('ST_NO_MEMORY', ['Returned when memory could not be allocated for the buffer.']);
            entry('ST_BAD_INPUT', ['Returned when the input does not start with the right header.']);
            entry('ST_IO_FAILED', ['Returned when the file could not be read or written.']);
          },
        ]),
      ),
      { pageCap: 3 },
    );
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.includes('status codes indicate a failure'));
    expect(model.items.filter((i) => i.listId === list?.id).map((i) => i.label)).toEqual(['ST_NO_MEMORY', 'ST_BAD_INPUT', 'ST_IO_FAILED']);
  });
});

/**
 * A manual page's options section opens straight into its definition list: no sentence
 * introduces it, the heading does. Each option is set flush in a code font, its description
 * hung under it. A section that opens with a paragraph and an indented example under it is
 * no such list.
 */
const OPTS: [string, string[]][] = [
  ['-c --stdout', ['Write the result to standard output.']],
  ['-k --keep', ['Keep the input files; by default they are removed once', 'the output is written.']],
  ['-q --quiet', ['Print no warnings.']],
  ['-L --license -V --version', ['Print the version and the licence terms.']],
];

function manPageSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 100, '2.3 DESCRIPTION', { bold: true, size: 14 });
      textAt(doc, L, 126, 'The program packs the files named on its command line, one archive for each file.');
      textAt(doc, L, 126 + STEP, 'A file is read in blocks; each block is packed on its own, for example:');
      textAt(doc, L + 18, 126 + 2 * STEP, 'pack -k notes.txt', { font: 'Courier' });
      textAt(doc, L + 18, 126 + 3 * STEP, 'pack -q report.txt', { font: 'Courier' });
      textAt(doc, L, 126 + 4 * STEP, 'Each archive is written next to the file it packs.');
      textAt(doc, L, 126 + 5 * STEP, 'An archive that exists already is left as it is:');
      textAt(doc, L + 18, 126 + 6 * STEP, 'pack -c notes.txt > notes.pk', { font: 'Courier' });
      textAt(doc, L, 126 + 7 * STEP, 'writes to standard output instead.');
      let y = 300;
      textAt(doc, L, y, '2.4 OPTIONS', { bold: true, size: 14 });
      y += 26;
      for (const [term, lines] of OPTS) {
        textAt(doc, L, y, term, { font: 'Courier' });
        lines.forEach((l, n) => textAt(doc, L + 36, y + (n + 1) * STEP, l));
        y += (lines.length + 1) * STEP + 6;
      }
      textAt(doc, L, y + 14, '2.5 EXIT STATUS', { bold: true, size: 14 });
      textAt(doc, L, y + 40, 'The program exits with 0 when every file was packed, and with 1 otherwise.');
    },
  ];
}

describe('a definition list that opens its section, right under the heading (generated)', () => {
  it('reads each option with its hung description as one entry, the heading standing for the intro', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(manPageSpec())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const terms = model.lists.filter((l) => l.kind === 'term');
    const options = terms.find((l) => model.items.some((i) => i.listId === l.id && i.label === '-c --stdout'));
    expect(options).toBeDefined();
    const items = model.items.filter((i) => i.listId === options!.id);
    // A line of options only is all term.
    expect(items.map((i) => i.label)).toEqual(OPTS.map(([t]) => t));
    expect(items[1]!.text).toContain('the output is written.');
    expect(options!.endedBy).toBe('heading');
    // The description's paragraphs with an example set in under them are no list.
    expect(terms.some((l) => model.items.some((i) => i.listId === l.id && /packs the files|block is packed/.test(i.text)))).toBe(false);
  });

  it('reads entries whose terms are options in quotes, as a Texinfo manual sets them, however many spellings a term line holds', async () => {
    const quoted: [string, string[]][] = [
      ['‘-b, --backup, %option backup’', ['Writes a report of the states that back up.']],
      ['‘-d, --debug, %option debug’', ['Runs the scanner in debug mode, one line for each', 'rule it matches.']],
      ['‘-w, --nowarn, %option nowarn’', ['Suppresses warnings.']],
    ];
    const { model } = await structureOf(
      await drawPdf([
        (doc) => {
          textAt(doc, L, 100, '5.5 Debugging Options', { bold: true, size: 14 });
          let y = 126;
          for (const [term, lines] of quoted) {
            textAt(doc, L, y, term, { font: 'Courier' });
            lines.forEach((l, n) => textAt(doc, L + 54, y + (n + 1) * STEP, l));
            y += (lines.length + 1) * STEP + 4;
          }
          textAt(doc, L, y + 14, '5.6 Other Options', { bold: true, size: 14 });
        },
      ]),
    );
    const list = model.lists.find((l) => l.kind === 'term')!;
    expect(model.items.filter((i) => i.listId === list.id).map((i) => i.label)).toEqual(quoted.map(([t]) => t));
  });

  const page = generatedDocument(() => drawPdf(manPageSpec()), 'packer-man-page.pdf');

  it('reads one-line entries of a term, a dash and a gloss set in under their intro as a block, hyphenated terms included', async () => {
    const { itemsOf } = await structureOf(
      await drawPdf([
        (doc) => {
          textAt(doc, 20, 40, 'Checking the synthesis', { size: 14 });
          textAt(doc, 22, 70, 'The test suite compares simulations of the source and of the synthesis results.');
          textAt(doc, 22, 88, 'The following designs are included in the test suite (excerpt):');
          const designs = ['tiny-cpu – a 16 bit CPU', 'aes_core – an AES encryption core', 'vga-pong – a pong game with VGA output', 'rs_decoder – a Reed-Solomon decoder'];
          designs.forEach((d, n) => textAt(doc, 44, 106 + 16 * n, d));
        },
        (doc) => {
          textAt(doc, 20, 40, 'Benefits of open synthesis', { size: 14 });
          textAt(doc, 22, 70, 'Open tools can be studied and changed by anyone.');
        },
      ]),
    );
    expect(itemsOf(/designs are included/).map((i) => i.label)).toEqual(['tiny-cpu', 'aes_core', 'vga-pong', 'rs_decoder']);
  });

  it('reads entries whose term a colon closes on its line, one line long or hung, up to the paragraph after them', async () => {
    const { itemsOf } = await structureOf(
      await drawPdf([
        (doc) => {
          textAt(doc, L, 100, 'The class "Reader" is defined for the input side. The object has the following slots:');
          textAt(doc, L, 126, 'open: A function (path, ...) returning a connection to the file, read from its');
          textAt(doc, L + 27, 126 + STEP, 'first byte on.');
          textAt(doc, L, 126 + 2 * STEP + 8, 'close: A function (con) releasing the connection.');
          textAt(doc, L, 126 + 3 * STEP + 16, 'size: A number of bytes read at a time.');
          textAt(doc, L, 126 + 4 * STEP + 24, 'name: A string naming the reader in printed output.');
          textAt(doc, L, 126 + 5 * STEP + 32, 'Two constructors for readers are provided at the moment, one for files and one for sockets.');
        },
      ]),
    );
    expect(itemsOf(/following slots/).map((i) => i.label)).toEqual(['open', 'close', 'size', 'name']);
  });

  it("answers with the routed section's own list when its heading names the items, however few of the question's words the entries hold", async () => {
    const { answer } = await page.ask<ListingAnswer>('Which named options (both the short and the long forms) does the manual page of the packer document?');
    expect(answer.items.map((i) => i.name)).toEqual(OPTS.map(([t]) => t));
  });
});

/**
 * A user guide documents its switches one by one: each opens with the switch alone on a line in
 * bold (a code face, or the text's bold around a code face: "--burn or -b [<DATE>]"), at the
 * body's size, its paragraphs and an example under it, all flush. The outline lists the section,
 * not the switches. Another section sets a bold "Note" line again and again: a label, no list.
 */
const SWITCHES: [string, string[]][] = [
  ['--version', ['Prints the version of the tool installed on the system and exits.']],
  ['--verbose or -v', ['Reports every action on standard output as it is taken, so that', 'a run can be followed as it goes.']],
  ['--force', ['Overwrites an archive of the same name that exists already.']],
  ['--burn or -b [<DATE>]', ['Only burns the archives of the day, or those of the date given.']],
];

function switchesSpec(): Draw[] {
  return [
    (doc) => {
      // The switches' section is one of two under the chapter the question names by its words.
      textAt(doc, L, 40, '3.1 Command line', { bold: true, size: 15 });
      const chapter = doc.outline.addItem('3.1 Command line');
      textAt(doc, L, 62, '3.1.1 Restrictions', { bold: true, size: 13 });
      chapter.addItem('3.1.1 Restrictions');
      textAt(doc, L, 80, 'Only the administrator may run the tool from the command line.');
      textAt(doc, L, 104, '3.1.2 Options', { bold: true, size: 13 });
      chapter.addItem('3.1.2 Options');
      textAt(doc, L, 128, 'The following switches change what the tool does on a run:');
      let y = 128 + STEP + 10;
      for (const [name, lines] of SWITCHES) {
        if (name.includes(' or ')) {
          const [opt, rest] = [name.slice(0, name.indexOf(' or ')), name.slice(name.indexOf(' or '))];
          textAt(doc, L, y, opt, { font: 'Courier-Bold' });
          textAt(doc, L + doc.font('Courier-Bold').fontSize(11).widthOfString(opt), y, rest, { bold: true });
        } else textAt(doc, L, y, name, { font: 'Courier-Bold' });
        y += STEP + 6;
        for (const l of lines) ((textAt(doc, L, y, l), (y += STEP)));
        textAt(doc, L, y, 'Example:');
        textAt(doc, L + 12, y + STEP, `# tool ${name.split(' ')[0]}`, { font: 'Courier', size: 8 });
        y += 2 * STEP + 10;
      }
      textAt(doc, L, y + 10, '3.1.3 Exit status', { bold: true, size: 13 });
      chapter.addItem('3.1.3 Exit status');
      textAt(doc, L, y + 34, 'The tool exits with 0 after a run that wrote every archive.');
      y += 50;
      textAt(doc, L, y + 10, '3.2 Scheduling', { bold: true, size: 15 });
      doc.outline.addItem('3.2 Scheduling');
      y += 36;
      // A list outside the Options section that names switches too: a rival of its own.
      textAt(doc, L, y, 'The nightly script runs these command-line steps, with the switches it needs:');
      ['cd /var/archives', 'tool --force', 'tool --verbose'].forEach((t, n) => textAt(doc, L + 12, y + (n + 1) * STEP, `• ${t}`));
      y += 5 * STEP;
      for (const t of ['A run may be started every night by the system scheduler.', 'Each run reads the same configuration file.', 'Runs never overlap: a second one waits.']) {
        textAt(doc, L, y, 'Note', { bold: true });
        textAt(doc, L, y + STEP + 4, t);
        y += 2 * STEP + 10;
      }
    },
  ];
}

describe('entries headed by a bold line of their own (generated)', () => {
  it('reads each switch with its paragraphs as one entry, up to the next heading; a recurring bold label is none', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(switchesSpec())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro === 'The following switches change what the tool does on a run:');
    expect(list).toBeDefined();
    expect(list!.endedBy).toBe('heading');
    const items = model.items.filter((i) => i.listId === list!.id);
    expect(items.map((i) => i.label)).toEqual(SWITCHES.map(([n]) => n));
    expect(items[1]!.text).toContain('a run can be followed as it goes.');
    expect(items[3]!.text).not.toContain('Scheduling');
    expect(model.items.some((i) => i.label === 'Note')).toBe(false);
  });

  const guide = generatedDocument(() => drawPdf(switchesSpec()), 'tool-guide.pdf');

  it('answers which switches the options section documents with every one, the section named by the scope', async () => {
    // Routing lands on "3 Command line"; its sub-entry the question's scope names ("Options")
    // holds the list, which is then no mere part of one sub-entry among the two.
    const { answer } = await guide.ask<ListingAnswer>("Which command-line switches are documented in the user guide's Options section?");
    expect(answer.items.map((i) => i.name)).toEqual(SWITCHES.map(([n]) => n));
  });
});

/**
 * A library's status codes as a manual sets them: a term on a line of its own, its meaning hung
 * below. The paragraph before the first run holds the sentence that points ahead ("The following
 * list gives ...") but ends on another; one entry names two codes over one meaning; and a flush
 * sentence pointing ahead between the runs ("The following status codes indicate a failure ...")
 * introduces the second run rather than standing as one more entry of the first.
 */
function statusCodesSpec(): Draw[] {
  return [
    (doc) => {
      textAt(doc, L, 80, '3 Status codes', { bold: true, size: 14 });
      doc.outline.addItem('3 Status codes');
      const para = ['In tool.h the status codes are defined. The following list gives the rough meaning of each', 'code; the calls that return them say more. The first four are normal and denote no', 'failure.'];
      para.forEach((t, i) => textAt(doc, L, 106 + i * STEP, t));
      let y = 106 + 4 * STEP;
      const entry = (term: string, text: string) => {
        textAt(doc, L, y, term);
        textAt(doc, L + 30, y + STEP, text);
        y += 2 * STEP + 8;
      };
      entry('ST_OK', 'The call did what was asked of it.');
      entry('ST_READ_OK, ST_WRITE_OK', 'A read or a write finished and more data may follow.');
      entry('ST_END', 'The last block of the stream was read.');
      textAt(doc, L, y + 4, 'The following status codes indicate a failure of some kind.');
      y += 2 * STEP;
      entry('ST_IO_ERROR', 'The file could not be read or written.');
      entry('ST_MEM_ERROR', 'There was not enough memory for the call.');
      entry('ST_PARAM_ERROR', 'An argument of the call was out of range.');
      textAt(doc, L, y + 10, '4 Examples', { bold: true, size: 14 });
      doc.outline.addItem('4 Examples');
    },
  ];
}

describe('status codes in two runs, the first after a paragraph that points ahead (generated)', () => {
  it('reads two lists, each with its own intro, and an entry naming two codes names both', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(statusCodesSpec())), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const labels = (l: { id: number } | undefined) => model.items.filter((i) => i.listId === l?.id).map((i) => i.label);
    const normal = model.lists.find((l) => l.intro === 'The first four are normal and denote no failure.');
    expect(labels(normal)).toEqual(['ST_OK', 'ST_READ_OK, ST_WRITE_OK', 'ST_END']);
    const failures = model.lists.find((l) => l.intro === 'The following status codes indicate a failure of some kind.');
    expect(labels(failures)).toEqual(['ST_IO_ERROR', 'ST_MEM_ERROR', 'ST_PARAM_ERROR']);
    // Each code of the two-code entry is an item of its own when the list is swept.
    const stored = { ...normal!, id: 1, sectionPath: '', items: model.items.filter((i) => i.listId === normal!.id).map((i) => ({ ordinal: i.ordinal, label: i.label, text: i.text, pageNum: i.pageStart, lineNum: i.lineStart, lineId: 0, lineText: i.text })) };
    const candidates = listItemsAsCandidates(stored);
    expect(candidates.map((c) => c.name)).toEqual(['ST_OK', 'ST_READ_OK', 'ST_WRITE_OK', 'ST_END']);
    expect(candidates[2]!.surfaceForms).toContain('ST_READ_OK, ST_WRITE_OK A read or a write finished and more data may follow.');
  });

  const doc = generatedDocument(() => drawPdf(statusCodesSpec()), 'status-codes.pdf');

  it('answers "normal rather than failures" with the run whose intro says they are no failure, the section number no count', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which status codes defined in tool.h are normal rather than failures?');
    expect(answer.items.map((i) => i.name)).toEqual(['ST_OK', 'ST_READ_OK', 'ST_WRITE_OK', 'ST_END']);
    // The section's number in "3 Status codes" is no count of the codes.
    expect(answer.statedCount).toBeNull();
    expect(answer.completenessSource).toBe('unknown');
  });
});

/**
 * A decoder's options, each on one line with its gloss: an entry whose gloss is two plain words
 * ("--no-enh disable post-filter") is a whole entry, not one more spelling of the entry below it.
 */
describe('one-line option entries whose glosses are short (generated)', () => {
  it('reads every option as an entry of its own', async () => {
    const options = ['--enh enable post-filter (default)', '--no-enh disable post-filter', '--force-nb Force decoding in narrowband', '--mono Force decoding in mono', '--rate n Force decoding at n Hz sampling rate'];
    const spec: Draw[] = [
      (doc) => {
        textAt(doc, L, 90, '4.2 decoder', { bold: true, size: 14 });
        doc.outline.addItem('4.2 decoder');
        textAt(doc, L, 116, 'The decoder plays the file to the soundcard when no output file is given. The valid options are:');
        options.forEach((o, i) => textAt(doc, L, 140 + i * 20, o));
        textAt(doc, L, 260, '4.3 encoder', { bold: true, size: 14 });
        doc.outline.addItem('4.3 encoder');
      },
    ];
    const parsed = await parsePdf(new Uint8Array(await drawPdf(spec)), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.endsWith('The valid options are:'));
    expect(model.items.filter((i) => i.listId === list?.id).map((i) => i.label)).toEqual(['--enh', '--no-enh', '--force-nb', '--mono', '--rate']);
  });
});

/**
 * A manual whose numbered headings stand out in the left margin, left of the text: a colon ends
 * the last line of a page, and the entries (terms flush with the text, descriptions hung under
 * them) open the next page. The text's edge is the paragraphs', not the headings': measured from
 * the headings, the next page's edge moved right and its terms read as set out of the text.
 */
describe('a definition list after a page break, under headings set in the margin (generated)', () => {
  it('reads the entries on the next page as the list the colon introduces', async () => {
    const terms = ['Skip the header checks', 'Stop on the first error', 'Force a new download', 'Show more detail'];
    const text = 'The option is off by default and is kept for one run only.';
    const spec: Draw[] = [
      (doc) => {
        textAt(doc, 30, 90, '7.1.1 Manual cleanup', { bold: true, size: 14 });
        doc.outline.addItem('7.1.1 Manual cleanup');
        let y = 116;
        for (let n = 0; y < 680; n++, y += STEP) textAt(doc, L, y, `Cleanup reads the index files and marks what is no longer referenced, pass ${n + 1}.`);
        textAt(doc, L, y, 'Parameters of the cleanup:');
      },
      (doc) => {
        let y = 90;
        for (const t of terms) {
          textAt(doc, L, y, t);
          textAt(doc, L + 24, y + STEP, text);
          textAt(doc, L + 24, y + 2 * STEP, 'It has no effect on the cache itself.');
          y += 3 * STEP + 10;
        }
        textAt(doc, L, y + 10, 'A run with no parameter set reads the whole cache and removes nothing.');
      },
      (doc) => {
        textAt(doc, 30, 90, '7.1.2 Automatic cleanup', { bold: true, size: 14 });
        doc.outline.addItem('7.1.2 Automatic cleanup');
        textAt(doc, L, 116, 'The daemon runs the cleanup once a day.');
      },
    ];
    const parsed = await parsePdf(new Uint8Array(await drawPdf(spec)), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const list = model.lists.find((l) => l.intro?.endsWith('Parameters of the cleanup:'));
    expect(model.items.filter((i) => i.listId === list?.id).map((i) => i.label)).toEqual(terms);
  });
});

/**
 * Code blocks whose entries run over several lines, set apart by blank lines: a library's
 * declarations (each over its parameters, set deeper) and the synopses of example programs (each
 * wrapped at the block's edge). Each entry is one item, named by what its first line declares or
 * runs; a block of one-line entries is still read line by line.
 */
function library(): Draw[] {
  const code = { font: 'Courier', size: 10 };
  return [
    (doc) => {
      textAt(doc, 72, 60, '2 Counters', { bold: true, size: 14 });
      textAt(doc, 72, 600, 'A counter holds a tag, a label and the values it has counted so far, and it may be reset');
      textAt(doc, 72, 614, 'at any time by the program that made it. Counters are not shared between threads unless');
      textAt(doc, 72, 628, 'the program locks them itself; the library takes no lock of its own when a counter steps.');
      textAt(doc, 72, 642, 'A counter made with a start value begins there; one made without it begins at zero, and');
      textAt(doc, 72, 656, 'one made with a step value moves by that step each time, where the others move by one.');
      textAt(doc, 72, 90, 'The storage for the counter is allocated when it is made. This must be done with one of the');
      textAt(doc, 72, 104, 'dedicated counter constructor functions:');
      const decl = (y: number, name: string, params: string[]) => {
        textAt(doc, 100, y, `struct counter* ${name}(const char* tag,`, code);
        params.forEach((p, i) => textAt(doc, 250, y + 12 * (i + 1), p, code));
      };
      decl(130, 'counter_new0', ['const char* label);']);
      decl(174, 'counter_new1', ['const char* label,', 'int start);']);
      decl(230, 'counter_newn', ['const char* label,', 'int start,', 'int step);']);
      textAt(doc, 72, 298, 'Every constructor allocates one block that the caller frees when it is done with it.');
      textAt(doc, 72, 330, '3 Examples', { bold: true, size: 14 });
      textAt(doc, 72, 360, 'The distribution comes with example programs for several common commands, with the');
      textAt(doc, 72, 374, 'source code of the following programs:');
      textAt(doc, 100, 400, 'head [-n LINES] [--help] [FILE]...', code);
      textAt(doc, 100, 426, 'sort [-bdfgiMnrRuz] [--key=KEYDEF] [--field-separator=SEP] [--', code);
      textAt(doc, 100, 438, 'output=FILE] [--parallel=N] [--help] [--version] [FILE]...', code);
      textAt(doc, 100, 464, 'tail [-fqv] [--lines=N] [--bytes=N] [--follow=[NAME]] [--', code);
      textAt(doc, 100, 476, 'retry] [--help] [FILE]...', code);
      textAt(doc, 100, 502, 'wc [-clmw] [--help] [--version] [FILE]...', code);
      textAt(doc, 72, 534, 'Each program parses its own command line with the library.');
    },
  ];
}

describe('code blocks whose entries run over several lines (generated)', () => {
  it('reads each declaration and each wrapped synopsis as one entry, named by what it declares or runs', async () => {
    const { itemsOf } = await structureOf(await drawPdf(library()));
    expect(itemsOf(/constructor functions:$/).map((i) => i.label)).toEqual(['counter_new0', 'counter_new1', 'counter_newn']);
    expect(itemsOf(/following programs:$/).map((i) => i.label)).toEqual(['head', 'sort', 'tail', 'wc']);
  });

  const subject = generatedDocument(() => drawPdf(library()), 'counter-library.pdf');

  it('answers how many constructor functions there are with the three declarations', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many constructor functions does the library have for a counter, and when would I use each one?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name)).toEqual(['counter_new0', 'counter_new1', 'counter_newn']);
    expect(answer.count).toBe(3);
  });
});

describe('a console transcript and a list announced "as follows, with ..." (generated)', () => {
  it('reads no definition list from commands after a prompt with their output set under them', async () => {
    const { model } = await structureOf(
      await drawPdf([
      (doc) => {
        textAt(doc, L, 100, 'Bags hold repeated members. As for plain sets, the usual operations such as union and');
        textAt(doc, L, 100 + STEP, 'intersection are available:');
        let y = 100 + 3 * STEP;
        const cmd = (t: string) => ((textAt(doc, L, y, t, { font: 'Courier-Oblique', size: 10 }), (y += STEP)));
        const out = (t: string) => ((y += 6), textAt(doc, L, y, t, { font: 'Courier', size: 10 }), (y += STEP + 8));
        cmd('R> X <- bag(c("A", "B", "C"), 4:6)');
        cmd('R> Y <- bag(c("B", "C", "D"), 1:3)');
        cmd('R> X | Y');
        out('{"A" [4], "B" [5], "C" [6], "D" [3]}');
        cmd('R> X & Y');
        out('{"B" [1], "C" [2]}');
        cmd('R> X - Y');
        out('{"A" [4], "B" [4], "C" [4]}');
        textAt(doc, L, y + 10, 'The product and the sum of bags are defined as well, and multiply or add the counts.');
      },
      ]),
    );
    // Before: a term list of "R>", "R>", "R>", each command's output read as its definition.
    expect(model.lists.filter((l) => l.kind === 'term')).toEqual([]);
  });

  it('reads the entries after "... are as follows, with X unless stated otherwise." as a list that sentence introduces', async () => {
    const { model } = await structureOf(
      await drawPdf([
      (doc) => {
        textAt(doc, L, 100, 'A. Available blending modes', { bold: true, size: 14 });
        textAt(doc, L, 126, 'Let a and b be the two layers. Available specifications and the corresponding modes are');
        textAt(doc, L, 126 + STEP, 'as follows, with full opacity used unless stated otherwise.');
        const { entry } = entryWriter(doc, 126 + 3 * STEP, HANG + 8, 6);
        entry('"normal" The top layer covers the one below it wherever it is', ['opaque, and lets it show through elsewhere.']);
        entry('"multiply" The two layers are multiplied pixel by pixel, which', ['darkens the picture wherever both are dark.']);
        entry('"screen" The inverses of both layers are multiplied, and the', ['result inverted, which lightens the picture.']);
      },
      ]),
    );
    const list = model.lists.find((l) => l.kind === 'term');
    expect(list?.intro).toMatch(/as follows, with full opacity used unless stated otherwise\.$/);
    expect(model.items.filter((i) => i.listId === list?.id).map((i) => i.label)).toEqual(['"normal"', '"multiply"', '"screen"']);
  });
});

describe('one definition list in two runs, the second after a paragraph that points ahead (generated)', () => {
  const modes = (doc: PDFKit.PDFDocument, y: number, entries: [string, string, string][]) => {
    const { entry, at } = entryWriter(doc, y, HANG + 8, 6);
    for (const [term, a, b] of entries) entry(`"${term}" ${a}`, [b]);
    return at();
  };
  const spec = (secondIntro: string) => async () =>
    drawPdf([
      (doc) => {
        textAt(doc, L, 100, 'A. Available blending modes', { bold: true, size: 14 });
        textAt(doc, L, 126, 'Let a and b be the two layers. Available specifications and the corresponding modes are');
        textAt(doc, L, 126 + STEP, 'as follows, with full opacity used unless stated otherwise.');
        let y = modes(doc, 126 + 3 * STEP, [
          ['normal', 'The top layer covers the one below it wherever it is', 'opaque, and lets it show through elsewhere.'],
          ['multiply', 'The two layers are multiplied pixel by pixel, which', 'darkens the picture wherever both are dark.'],
          ['darken', 'Keeps the darker of the two layers at each pixel, so that', 'no part of the picture grows lighter.'],
        ]);
        textAt(doc, L, y + 4, secondIntro);
        y = modes(doc, y + 2 * STEP + 4, [
          ['screen', 'The inverses of both layers are multiplied, and the', 'result inverted, which lightens the picture.'],
          ['overlay', 'Multiplies where the lower layer is dark and screens', 'where it is light, keeping its highlights.'],
          ['lighten', 'Keeps the lighter of the two layers at each pixel, so that', 'no part of the picture grows darker.'],
        ]);
      },
    ]);

  it('reads the first run on through the second when both intros name the same things, never whole by itself', async () => {
    const { model } = await structureOf(await spec('The following inverted modes are obtained by combining the corresponding modes above.')());
    const first = model.lists.find((l) => l.intro?.includes('as follows, with full opacity'));
    expect(model.items.filter((i) => i.listId === first?.id).map((i) => i.label)).toEqual(['"normal"', '"multiply"', '"darken"', '"screen"', '"overlay"', '"lighten"']);
    expect(first!.sequential).toBe(false);
    const second = model.lists.find((l) => l.intro?.includes('inverted modes'));
    expect(model.items.filter((i) => i.listId === second?.id).map((i) => i.label)).toEqual(['"screen"', '"overlay"', '"lighten"']);
  });

  it('keeps the runs apart when the second intro hands over other things, whatever plurals it shares', async () => {
    for (const intro of ['The following layer settings are read by every mode listed above.', 'Besides the modes above, the program reads a number of layer settings that change each mode:']) {
      const { model } = await structureOf(await spec(intro)());
      const first = model.lists.find((l) => l.intro?.includes('as follows, with full opacity'));
      expect(model.items.filter((i) => i.listId === first?.id).map((i) => i.label)).toEqual(['"normal"', '"multiply"', '"darken"']);
    }
  });
});
