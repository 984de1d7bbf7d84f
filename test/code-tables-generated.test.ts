import { describe, expect, it } from 'vitest';
import type { FactualAnswer, ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { editionNumbers } from '../src/route/evidence.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';
import { structureOf } from './helpers/structure-of.ts';

/**
 * A security standard in the layout of a requirements table: each chapter part ("V2.1
 * Sockets") holds a table whose "#" column sets each requirement's code on a line of its own
 * ("2.1.1"), its text in the "Description" column starting on the next line, and its level in
 * a "Level" column at the far right; the column heads sit on rows above the first code. The
 * title page gives the edition ("Version 3.0.0"), and the preface speaks of "WSS 3.0" and of
 * requirements and their numbers again and again, as editions do.
 *
 * - A code alone on its line is a code the document defines, titled by the next line; the
 *   column head right of it names no run of codes, the part titled "V2.1" heads "2.1.x".
 * - A question that names the edition ("WSS 3.0") is not about the passages that repeat that
 *   number: the number names the document, not one thing in it.
 * - "Give the requirement numbers" asks for codes: the part whose own code heads the family
 *   is the list, and its codes are the answer.
 */

const L = 70;
const DESC = 120;
const LEVEL = 500;
const STEP = 14;

const PARTS: { code: string; title: string; reqs: [string, string[], number][] }[] = [
  {
    code: 'V1.1',
    title: 'Stored Secrets',
    reqs: [
      ['1.1.1', ['Verify that secrets are kept in a vault and never in the', 'source tree of the application.'], 1],
      ['1.1.2', ['Verify that each secret has an owner who rotates it.'], 2],
      ['1.1.3', ['Verify that a revoked secret cannot be used again.'], 3],
    ],
  },
  {
    code: 'V2.1',
    title: 'Sockets',
    reqs: [
      ['2.1.1', ['Verify that every socket connection is encrypted in transit.'], 1],
      ['2.1.2', ['Verify that, when a socket opens, the origin of the peer', 'is checked against a list of allowed origins.'], 2],
      ['2.1.3', ['Verify that an idle socket connection is closed after a set time.'], 2],
      ['2.1.4', ['Verify that socket messages larger than the agreed size are rejected.'], 3],
    ],
  },
  {
    code: 'V2.2',
    title: 'Message Queues',
    reqs: [
      ['2.2.1', ['Verify that queue consumers authenticate before they read.'], 1],
      ['2.2.2', ['Verify that a poisoned message is moved aside, not retried forever.'], 2],
    ],
  },
];

function table(doc: PDFKit.PDFDocument, y: number, reqs: [string, string[], number][]): number {
  textAt(doc, L, y, '#');
  textAt(doc, DESC, y, 'Description');
  textAt(doc, LEVEL, y, 'Level');
  y += STEP + 4;
  for (const [code, lines, level] of reqs) {
    textAt(doc, L, y, code);
    y += STEP;
    lines.forEach((t, n) => {
      textAt(doc, DESC, y, t);
      if (n === 0) textAt(doc, LEVEL + 10, y, String(level));
      y += STEP;
    });
    y += 4;
  }
  return y;
}

function standard(): Draw[] {
  return [
    (doc) => {
      textAt(doc, 150, 200, 'Widget Security Standard (WSS)', { bold: true, size: 24 });
      textAt(doc, 150, 240, 'Version 3.0.0', { size: 14 });
      textAt(doc, 150, 270, 'May 2025', { size: 14 });
    },
    (doc) => {
      textAt(doc, L, 80, 'Preface', { bold: true, size: 16 });
      doc.outline.addItem('Preface');
      const prose = [
        'WSS 3.0 requires fewer documents than WSS 2.4 did, and the numbers of many',
        'requirements changed in WSS 3.0 as chapters were merged.',
        'Every requirement in WSS 3.0 carries a level, and the numbers of the levels did not change.',
        'Readers of WSS 3.0 who map requirement numbers from older editions should use the',
        'mapping tables that the project publishes beside WSS 3.0.',
      ];
      prose.forEach((t, n) => textAt(doc, L, 110 + n * STEP, t));
    },
    (doc) => {
      textAt(doc, L, 80, 'V1 Storage', { bold: true, size: 16 });
      doc.outline.addItem('V1 Storage');
      textAt(doc, L, 110, 'This chapter covers what the application keeps at rest.');
      textAt(doc, L, 140, `${PARTS[0]!.code} ${PARTS[0]!.title}`, { bold: true, size: 13 });
      textAt(doc, L, 166, 'Secrets are the keys and passwords the application holds.');
      table(doc, 190, PARTS[0]!.reqs);
    },
    (doc) => {
      textAt(doc, L, 80, 'V2 Network', { bold: true, size: 16 });
      doc.outline.addItem('V2 Network');
      textAt(doc, L, 110, 'This chapter covers what the application sends and receives.');
      let y = 140;
      for (const part of PARTS.slice(1)) {
        textAt(doc, L, y, `${part.code} ${part.title}`, { bold: true, size: 13 });
        textAt(doc, L, y + 26, `These requirements concern ${part.title.toLowerCase()} and how the application uses them.`);
        y = table(doc, y + 50, part.reqs) + 20;
      }
    },
  ];
}

describe('a requirements table with each code alone on its line (generated)', () => {
  it('defines each code by the line after it, headed by the part its own code names', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(standard())), { pageCap: 6 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const codes = model.identifiers.map((i) => i.code);
    for (const part of PARTS) for (const [code] of part.reqs) expect(codes).toContain(code);
    expect(model.identifiers.find((i) => i.code === '2.1.2')!.title).toMatch(/^Verify that, when a socket opens/);
    const sockets = model.lists.find((l) => l.kind === 'identifier' && model.items.some((i) => i.listId === l.id && i.label === '2.1.1'))!;
    // The "Level" column head is no heading of the run; the part "V2.1 Sockets" is.
    expect(sockets.heading).toBe('V2.1 Sockets');
    expect(model.items.filter((i) => i.listId === sockets.id).map((i) => i.label)).toEqual(['2.1.1', '2.1.2', '2.1.3', '2.1.4']);
    // The levels alone in their column are figures: only codes no number could be stand alone.
    expect(codes.filter((c) => /^\d+$/.test(c))).toEqual([]);
  });

  it('reads the edition from the title page, dotted prefixes included', () => {
    expect([...editionNumbers(['Widget Security Standard', 'Version 3.0.0', 'May 2025'])].sort()).toEqual(['3.0', '3.0.0']);
    expect([...editionNumbers(['Guide for Applying the Framework', 'Revision 2'])]).toEqual(['2']);
    expect([...editionNumbers(['Deep Residual Learning', 'We present 152 layers.'])]).toEqual([]);
  });

  const doc = generatedDocument(() => drawPdf(standard()), 'widget-security-standard.pdf');

  it('answers "give the requirement numbers" with the codes of the part the question is about', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('What does WSS 3.0 require for socket connections? Give the requirement numbers.');
    expect(answer.items.map((i) => i.name)).toEqual(['2.1.1', '2.1.2', '2.1.3', '2.1.4']);
    expect(answer.section?.title).toBe('V2.1 Sockets');
    expect(trace.some((t) => t.step === 'intent_from_section' && /V2\.1 Sockets/.test(t.decision ?? ''))).toBe(true);
  });
});

/**
 * A paper that writes a function's complete usage out: the call with every parameter, some with
 * a default, wrapped over two lines after the sentence that introduces it. Its parameters are a
 * list closed by the call's bracket; a call made with values ("define(\"Account\", balance)") is
 * no signature.
 */
function paper(): Draw[] {
  const code = { font: 'Courier', size: 10 };
  return [
    (doc) => {
      textAt(doc, 72, 60, '5 Defining methods', { bold: true, size: 14 });
      textAt(doc, 72, 90, 'The method is created with a call that names the class it belongs to, for example');
      textAt(doc, 90, 112, 'define("Account", balance)', code);
      textAt(doc, 72, 136, 'creates it for the Account class. The function define takes the following arguments, each set by value:');
      textAt(doc, 90, 158, 'define(name, class="default", body, private=FALSE, static=FALSE,', code);
      textAt(doc, 130, 170, 'envir=parent.frame(), generic=TRUE)', code);
      textAt(doc, 72, 194, 'where name is the name of the method, class the name of its class and body the function.');
      textAt(doc, 72, 208, 'A private method can only be called from methods of its own class. As a convenience option,');
      textAt(doc, 72, 222, 'a class argument of the method can be set to "default", "ANY", "numeric" or "character" and');
      textAt(doc, 72, 236, 'define then looks the class up by that name.');
    },
  ];
}

describe('a function\'s usage written out with its parameters (generated)', () => {
  it('reads the parameters of the usage as a list closed by its bracket, and no list from a call with values', async () => {
    const { model, itemsOf } = await structureOf(await drawPdf(paper()));
    const params = itemsOf(/following arguments, each set by value:$/);
    expect(params.map((i) => i.label)).toEqual(['name', 'class', 'body', 'private', 'static', 'envir', 'generic']);
    expect(params.find((i) => i.label === 'class')!.text).toBe('class="default"');
    expect(model.items.filter((i) => i.label === 'balance')).toHaveLength(0);
  });

  const subject = generatedDocument(() => drawPdf(paper()), 'methods-paper.pdf');

  it('answers how many arguments the function takes in its complete form with every parameter', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many arguments does define() take in its complete form, and what are they?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name)).toEqual(['name', 'class', 'body', 'private', 'static', 'envir', 'generic']);
    expect(answer.count).toBe(7);
  });

  it('answers for the values one parameter takes, not with the parameters, when the question names that parameter', async () => {
    const { answer } = await subject.ask<ListingAnswer | FactualAnswer>('Which values can the class argument of define be set to?');
    // The values are a series in prose too weak to stand alone here: the extract answers them.
    const names = answer.kind === 'factual' ? [] : answer.items.map((i) => i.name);
    expect(names).not.toContain('envir');
    expect(answer.kind === 'factual' ? answer.answer : names.join(' ')).toMatch(/numeric/);
  });
});

/**
 * An API reference in the text's own face: each function's entry opens with its declaration
 * (over two lines for the last), its description and a "Parameters:" label every entry repeats.
 */
const apiReference: Draw = (doc) => {
  textAt(doc, 72, 50, 'Vector helpers', { bold: true, size: 12 });
  textAt(doc, 72, 74, 'Vectors have three components. The library provides several primitives for vector math.');
  textAt(doc, 72, 92, 'typedef struct { double n[3]; } vec3;');
  let y = 120;
  const entry = (decl: string[], text: string) => {
    decl.forEach((d, k) => textAt(doc, 72, y + 14 * k, d));
    y += 14 * decl.length + 8;
    textAt(doc, 72, y, text);
    textAt(doc, 72, y + 18, 'Parameters:', { bold: true });
    textAt(doc, 100, y + 34, 'r: the vector that receives the result.');
    y += 62;
  };
  entry(['void vec_init(vec3* r, double x, double y, double z);'], 'Fills the vector with the three values.');
  entry(['double vec_length(const vec3* a);'], 'Returns the length of the vector.');
  entry(['void vec_cross(vec3* r,', '               const vec3* a, const vec3* b);'], 'Sets the result to the cross product of the two vectors.');
  textAt(doc, 72, y + 10, 'Matrix helpers', { bold: true, size: 12 });
  textAt(doc, 72, y + 34, 'A matrix is made of three vectors, as the call mat_init(&m, a, b, c); shows.');
};

describe('an API reference that heads each entry by its declaration (generated)', () => {
  it('reads the entries as one list named by their functions, up to the next heading', async () => {
    const { model, itemsOf } = await structureOf(await drawPdf([apiReference]));
    expect(itemsOf(/several primitives for vector math/).map((i) => i.label)).toEqual(['vec_init', 'vec_length', 'vec_cross']);
    // A call in a sentence ("... mat_init(&m, a, b, c); shows.") is no declaration.
    expect(model.items.some((i) => i.label === 'mat_init')).toBe(false);
  });
});
