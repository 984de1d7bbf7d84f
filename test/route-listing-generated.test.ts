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

/**
 * A guide's section on upload methods opens with two sub-entries about all of them (what they
 * share, the settings every one reads), then one sub-entry per method, each titled by the method
 * and the word the question's item phrase holds ("SSH uploads"). The sub-entries so titled are
 * the methods; the two before them are the section's preamble.
 */
describe('sub-entries titled as kinds of what the question asks for, after a preamble (no LLM)', () => {
  const METHODS = ['2.3 SSH uploads', '2.4 FTP uploads', '2.5 Cloud bucket uploads'];
  const doc = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          const sub = (y: number, title: string, text: string) => {
            at(doc, 72, y, title, { bold: true, size: 12 });
            doc.outline.addItem(title);
            at(doc, 72, y + 22, text);
          };
          at(doc, 72, 50, '1 Archives', { bold: true, size: 14 });
          doc.outline.addItem('1 Archives');
          at(doc, 72, 76, 'The tool writes one archive for each folder it is told to keep.');
          at(doc, 72, 110, '2 Upload methods', { bold: true, size: 14 });
          doc.outline.addItem('2 Upload methods');
          sub(140, '2.1 Description', 'Archives can be sent to other hosts once they are written, in several ways.');
          sub(200, '2.2 Global keys', 'Every way of sending reads the host name and the folder to send to.');
          METHODS.forEach((m, n) => sub(260 + 60 * n, m, `This way sends the archives of the day with its own protocol, number ${n + 1}.`));
          at(doc, 72, 460, '3 Purging', { bold: true, size: 14 });
          doc.outline.addItem('3 Purging');
          at(doc, 72, 486, 'Archives older than the set number of days are removed after each run.');
        },
      ]),
    'archiver-guide.pdf',
  );

  it('answers with the sub-entries titled as methods, not the preamble before them', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which upload methods can the tool use to send archives to other hosts?');
    expect(answer.items.map((i) => i.name)).toEqual(METHODS);
  });
});

type Outline = ReturnType<PDFKit.PDFDocument['outline']['addItem']>;

/** A titled entry, its text lines under it and its bookmark under `under` (null: the outline's root). */
function outlined(doc: PDFKit.PDFDocument, under: Outline | null, y: number, title: string, lines: string[], size = 12): Outline {
  at(doc, 72, y, title, { bold: true, size });
  lines.forEach((l, n) => at(doc, 72, y + 20 + 16 * n, l));
  return (under ?? (doc.outline as unknown as Outline)).addItem(title);
}

/**
 * A language reference's chapter on statistics has one sub-entry per kind of function; the
 * question names one kind by the sub-entry's own words ("integer extractor functions" for
 * "8.3 Integer extractors"), while the chapter's title names the question's scope. The items
 * are the sub-entries of that one kind, not the chapter's kinds.
 */
describe('a sub-entry titled by the items the question asks for, under the chapter it routes to (no LLM)', () => {
  const EXTRACTORS = ['8.3.1 @count(s)', '8.3.2 @sum(s)', '8.3.3 @min(s)'];
  const doc = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          const entry = (under: Outline | null, y: number, title: string, text: string, size = 12) => outlined(doc, under, y, title, [text], size);
          const root = null;
          entry(root, 50, '7 Probes', 'A probe names the event a script waits for and what it then does.', 14);
          const stats = entry(root, 110, '8 Statistics (aggregates)', 'Statistics gather values of a script into aggregates that are read at the end.', 14);
          entry(stats, 170, '8.1 The aggregation operator', 'The operator adds one value to an aggregate.');
          entry(stats, 230, '8.2 Extraction functions', 'Each extraction function reads one figure out of an aggregate.');
          const ints = entry(stats, 290, '8.3 Integer extractors', 'These functions return one whole number for the aggregate s.');
          EXTRACTORS.forEach((e, n) => entry(ints, 340 + 50 * n, e, `Returns figure ${n + 1} of the values added to s.`, 11));
          entry(stats, 500, '8.4 Histogram extractors', 'These functions print the values of s as a chart of bars.');
          entry(root, 560, '9 Tapsets', 'A tapset is a library of probes and functions that scripts share.', 14);
        },
      ]),
    'language-reference.pdf',
  );

  it('reads the sub-entry titled by the items, not its siblings', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which integer extractor functions does the language offer for statistics aggregates?');
    expect(answer.items.map((i) => i.name)).toEqual(EXTRACTORS);
  });
});

/**
 * A manual's troubleshooting chapter has one sub-entry per error message, every title set the
 * same way ("The client reports "..."") and the first one's text saying the question's words
 * most often. Its title holds no word of the question that its siblings' do not: the messages
 * are the chapter's sub-entries, not the text of the first one.
 */
describe('parallel sub-entry titles, the first one said most often (no LLM)', () => {
  const MESSAGES = ['The client reports "Socket timeout after 10 seconds"', 'The client reports "Received 0 bytes from server"', 'The client reports "Unable to read output"'];
  const doc = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          const entry = (under: Outline | null, y: number, title: string, lines: string[], size = 12) => outlined(doc, under, y, title, lines, size);
          const root = null;
          entry(root, 50, '5 Setup', ['The client is installed on the monitoring host and the server on each remote host.'], 14);
          const trouble = entry(root, 120, '6 Troubleshooting', ['Each error message of the client is explained below with its likely causes.'], 14);
          entry(trouble, 180, MESSAGES[0]!, [
            'The client error message says the server did not answer in time. Check that:',
            '• the server is running on the remote host;',
            '• no firewall drops the replies;',
            '• the timeout is long enough for the command.',
            'The client error message may also read "Connection refused": the client error',
            'messages of the manual then point to the server log, where the error messages say more.',
          ]);
          entry(trouble, 330, MESSAGES[1]!, ['The server closed the connection before it sent a reply.']);
          entry(trouble, 390, MESSAGES[2]!, ['The command the server ran printed nothing.']);
          entry(root, 450, '7 Upgrading', ['A new version is installed over the old one; the settings are kept.'], 14);
        },
      ]),
    'relay-handbook.pdf',
    // Sections are routed as large, as a long manual's are: routing must decide by titles.
    { DOCINTEL_SECTION_MAX_LINES: '10' },
  );

  it('reads the chapter and answers with its sub-entries', async () => {
    const { answer } = await doc.ask<ListingAnswer>('List the client error messages that the troubleshooting part of the manual explains.');
    expect(answer.items.map((i) => i.name)).toEqual(MESSAGES);
  });
});

describe('a hyphenated keyword finds its words written apart (no LLM)', () => {
  // "high-level" in the question, "High level" in the heading and the text: PostgreSQL indexes
  // the hyphenated compound as itself and its parts, so only the parts in sequence match both.
  const doc = generatedDocument(
    () =>
      drawPdf([
        (d) => {
          at(d, 72, 60, '1 Overview', { bold: true, size: 13 });
          at(d, 72, 85, 'The assembler reads one source file and writes one object file for the linker.');
          at(d, 72, 120, '2 Macros', { bold: true, size: 13 });
          at(d, 72, 145, 'A macro names a block of source lines that the assembler copies where it is used.');
        },
        (d) => {
          at(d, 72, 60, '3 Directive summary', { bold: true, size: 13 });
          at(d, 72, 85, 'Directives are written one per line, each in its own column of the source file:');
          at(d, 80, 103, '• ORG sets the address');
          at(d, 80, 120, '• EQU names a value');
          at(d, 80, 137, '• END closes the source');
        },
        (d) => {
          at(d, 72, 60, '4 High level extensions', { bold: true, size: 13 });
          at(d, 72, 85, 'The assembler supports several directives for use with high level languages:');
          at(d, 80, 103, '• .DEF creates a symbol');
          at(d, 80, 120, '• .DIM adds auxiliary entries');
          at(d, 80, 137, '• .LINE marks a source line');
        },
      ]),
    'assembler-guide.pdf',
  );
  it('counts "High level" as hits of "high-level" and routes to the section about it', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which directives are there for high-level language tools?');
    const level = trace.find((t) => t.stage === 'route' && t.step === 'level')!;
    expect((level.input as { entries: string[] }).entries.find((e) => e.includes('4 High level extensions'))).toMatch(/high-level=2/);
    // Before: no hits, and routing went to "3 Directive summary" by its title word.
    expect((level.output as { pick: { title: string } }).pick.title).toBe('4 High level extensions');
    expect(answer.items.map((i) => i.name)).toEqual(['.DEF creates a symbol', '.DIM adds auxiliary entries', '.LINE marks a source line']);
  });
});

describe('sub-entries a level down, each titled as one of the items (no LLM)', () => {
  // The question names the chapter ("the inputs for the XML interface"); its sub-entries are not
  // the components, the sub-entries of its "2.3" are, each titled "<name> component". They are a
  // part of one sub-entry, but as the level the question asks for, named as such, not a list
  // inside one item.
  const doc = generatedDocument(
    () => {
      let part: PDFKit.PDFOutline;
      let opts: PDFKit.PDFOutline;
      return drawPdf([
  (doc: PDFKit.PDFDocument) => {
    doc.outline.addItem('1 Command line');
    at(doc, 72, 60, '1 Command line', { bold: true, size: 16 });
    at(doc, 72, 90, 'The program reads its options from the command line and writes its results to files.');
  },
  (doc: PDFKit.PDFDocument) => {
    part = doc.outline.addItem('2 Inputs for the XML interface');
    at(doc, 72, 60, '2 Inputs for the XML interface', { bold: true, size: 16 });
    part.addItem('2.1 Mixture models');
    at(doc, 72, 90, '2.1 Mixture models', { bold: true, size: 13 });
    at(doc, 72, 112, 'A mixture model lets the rates of change vary from one site of the alignment to the next.');
    part.addItem('2.2 The XML format');
    at(doc, 72, 140, '2.2 The XML format', { bold: true, size: 13 });
    at(doc, 72, 162, 'The XML file is made of components, each with attributes that set the model.');
  },
  (doc: PDFKit.PDFDocument) => {
    opts = part.addItem('2.3 Options of the file');
    at(doc, 72, 60, '2.3 Options of the file', { bold: true, size: 13 });
    let y = 90;
    for (const [c, t] of <[string, string][]>[['phyml', 'The root of the file, which names the run.'], ['topology', 'The starting tree of the search.'], ['ratematrices', 'The substitution models of the mixture.'], ['equfreqs', 'The frequencies of the states.']]) {
      opts.addItem(`${c} component`);
      at(doc, 72, y, `${c} component`, { bold: true, size: 13 });
      at(doc, 72, y + 18, `${t} Each instance of the ${c} component has the following options:`, { size: 10 });
      at(doc, 90, y + 34, '• id: the name of the instance', { size: 10 });
      y += 64;
    }
  },
  (doc: PDFKit.PDFDocument) => {
    doc.outline.addItem('3 Examples');
    at(doc, 72, 60, '3 Examples', { bold: true, size: 16 });
    at(doc, 72, 90, 'The examples below show a mixture of four models on one alignment.');
  },
]);
    },
    'model-manual.pdf',
  );
  it('answers with the entries titled by the item noun, not with the chapter\'s sub-entries', async () => {
    const { answer } = await doc.ask<ListingAnswer>('In the inputs for the XML interface, which components are described one by one?');
    expect(answer.items.map((i) => i.name)).toEqual(['phyml component', 'topology component', 'ratematrices component', 'equfreqs component']);
  });
});

/**
 * Two sub-entries that score alike: the tie sends a listing to their parent only when their titles
 * match it alike. One that names the items where the other does not, or holds every word of the
 * asking sentence the other holds and more, is the one: words of a sentence that only sets the
 * scene ("My converter does not behave ...") do not make its sibling a match.
 */
function converterManual() {
  const option = (doc: PDFKit.PDFDocument, y: number, term: string, text: string) => {
    at(doc, 72, y, term, { font: 'Courier' });
    at(doc, 110, y + 14, text);
    return y + 34;
  };
  return drawPdf([
    (doc) => {
      at(doc, 72, 60, '4 Converter Options', { bold: true, size: 14 });
      at(doc, 72, 88, 'The converter reads its options from the command line.');
      at(doc, 72, 115, '4.1 Options on How the Converter Behaves', { bold: true, size: 12 });
      let y = 140;
      y = option(doc, y, '--strict', 'turn on to make the converter stop at a bad record.');
      y = option(doc, y, '--lenient', 'makes the converter skip bad records.');
      y = option(doc, y, '--batch', 'reads records in batches.');
      at(doc, 72, y + 10, '4.2 Debugging Options', { bold: true, size: 12 });
      y += 35;
      y = option(doc, y, '--trace', 'prints each record as it is read.');
      y = option(doc, y, '--warn', 'prints a line for each record that converts badly.');
      y = option(doc, y, '--report', 'prints a summary when the conversion ends.');
      at(doc, 72, y + 10, '4.3 Other Options', { bold: true, size: 12 });
      at(doc, 72, y + 35, 'The --help option prints a summary of the options.');
    },
    (doc) => {
      at(doc, 72, 60, '5 Library Functions', { bold: true, size: 14 });
      at(doc, 72, 88, 'The library gives the converter to programs of their own.');
      at(doc, 72, 115, '5.1 Error Handling', { bold: true, size: 12 });
      at(doc, 72, 140, 'An error of a cv function is told by the status it gives back; cv_error turns an error into a message.');
      at(doc, 72, 158, 'Functions that fail give back an error status, and an error of one function is never fatal.');
      at(doc, 72, 176, 'The last status is kept until the next call.');
      at(doc, 72, 200, '5.2 Return Codes', { bold: true, size: 12 });
      at(doc, 72, 225, 'Every function returns one of the following codes:');
      let y = 245;
      y = option(doc, y, 'CV_OK', 'The conversion succeeded.');
      y = option(doc, y, 'CV_NOMEM', 'Memory ran out.');
      y = option(doc, y, 'CV_BADREC', 'A record could not be read.');
      at(doc, 72, y + 10, '5.3 Version Check', { bold: true, size: 12 });
      at(doc, 72, y + 35, 'cv_version returns the version of the library.');
    },
  ]);
}

describe('sub-entries that match a listing alike, or not (no LLM)', () => {
  const doc = generatedDocument(converterManual, 'converter-manual.pdf', { DOCINTEL_SECTION_MAX_LINES: '10' });

  it('goes down into the sub-entry whose title holds more of the asking sentence, not the one a scene-setting word matches', async () => {
    const { answer } = await doc.ask<ListingAnswer>('My converter does not behave as I expect. Which options can I turn on to debug it or to get warnings and reports?');
    expect(answer.section?.title).toBe('4.2 Debugging Options');
    expect(answer.items.map((i) => i.name)).toEqual(['--trace', '--warn', '--report']);
  });

  it('goes down into the sub-entry titled by the items, not its sibling titled by their qualifier', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What status and error codes can the cv functions give back?');
    expect(answer.section?.title).toBe('5.2 Return Codes');
    expect(answer.items.map((i) => i.name)).toEqual(['CV_OK', 'CV_NOMEM', 'CV_BADREC']);
  });
});
