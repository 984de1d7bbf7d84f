import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * An appendix of paragraphs opened by bold run-in heads ("Planning tasks are ..."), then a bold
 * heading on a line of its own ("Outside Parties") over more run-in paragraphs. The run-in heads
 * after it are its children in the rebuilt contents, and a question for the appendix's roles
 * reads the run-in heads above it, not the heading that groups the others.
 */

const L = 72;
const STEP = 14;
const ROLES: [string, string][] = [
  ['Planning', 'tasks set the goals of the project and the budget that bounds them.'],
  ['Building', 'tasks turn the plan into parts that can be tested one by one.'],
  ['Testing', 'tasks check each part against the plan before it is shipped.'],
  ['Support', 'tasks answer the users once the parts are in their hands.'],
];
const OUTSIDE: [string, string][] = [
  ['Suppliers', 'sell the project the parts it does not build itself.'],
  ['Regulators', 'set the rules the parts must meet before they are sold.'],
  ['Neighbours', 'live near the plant and hear the noise of the tests.'],
];

function runIn(doc: PDFKit.PDFDocument, y: number, lead: string, rest: string): void {
  textAt(doc, L, y, lead, { bold: true });
  textAt(doc, L + doc.font('Helvetica-Bold').fontSize(11).widthOfString(`${lead} `), y, rest);
  textAt(doc, L, y + STEP, 'The board reviews this work each quarter and records what it found in its minutes.');
}

const pages: Draw[] = [
  (doc) => {
    doc.outline.addItem('1 Overview');
    textAt(doc, L, 60, '1 Overview', { bold: true, size: 15 });
    for (let i = 0; i < 4; i++) textAt(doc, L, 90 + i * STEP, 'The project builds machines for farms and keeps a record of every part it makes.');
  },
  (doc) => {
    doc.outline.addItem('Appendix A: Roles of the Project');
    textAt(doc, L, 60, 'Appendix A: Roles of the Project', { bold: true, size: 15 });
    let y = 96;
    for (const [lead, rest] of ROLES) {
      runIn(doc, y, lead, rest);
      y += 3 * STEP;
    }
    textAt(doc, L, y + 6, 'Outside Parties', { bold: true });
    y += 2 * STEP + 6;
    for (const [lead, rest] of OUTSIDE) {
      runIn(doc, y, lead, rest);
      y += 3 * STEP;
    }
  },
];

const pdf = () => drawPdf(pages);

describe('a heading that groups run-in heads (generated)', () => {
  it('nests the run-in heads after it under it, the ones before it under the appendix', async () => {
    const parsed = await parsePdf(new Uint8Array(await pdf()), { pageCap: 5 });
    const toc = buildToc(parsed).entries;
    const appendix = toc.find((e) => e.title === 'Appendix A: Roles of the Project')!;
    const children = toc.filter((e) => e.parentId === appendix.id);
    expect(children.map((e) => e.title)).toEqual([...ROLES.map(([t]) => t), 'Outside Parties']);
    const group = children.at(-1)!;
    expect(group.flags).toContain('grouping');
    expect(toc.filter((e) => e.parentId === group.id).map((e) => e.title)).toEqual(OUTSIDE.map(([t]) => t));
  });

  const doc = generatedDocument(pdf, 'project-roles.pdf');

  it('answers the appendix\'s roles with the run-in heads, not the grouping heading', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which roles does Appendix A describe?');
    expect(answer.items.map((i) => i.name)).toEqual(ROLES.map(([t]) => t));
  });
});
