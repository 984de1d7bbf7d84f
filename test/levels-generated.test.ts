import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildToc } from '../src/toc/index.ts';
import { numberedBelow } from '../src/toc/numbering.ts';
import { titleNamedBy } from '../src/route/score-entry.ts';
import { parseMarker } from '../src/structure/markers.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A short policy built to isolate two levels a question may ask for:
 * - the document's own title, with its issuer's acronym before it and its edition date after
 *   it ("HDA Harbour Dock Association Policy, March 2020"), over parts numbered I. … V.: a
 *   question naming the policy by its name asks for those parts, whole by their numbering;
 * - in part III a bulleted list of practices, most with one second-level item set as a word
 *   processor sets it ("o Lantern Registry Project"): the resources the practices point to are
 *   a level of their own, and a question for them is answered by that level, not the practices.
 */

const L = 60;
const STEP = 14;
const PROSE = [
  'This part applies to every dock the association insures,',
  'whatever its size, and to the walkways that serve it,',
  'as long as the dock is used by the members of the',
  'association or by their guests on the same premises.',
];

const PARTS = ['I. Agreement', 'II. Definitions', 'III. Good Practice', 'IV. Exclusions', 'V. What Law Governs'];

const prose = (doc: PDFKit.PDFDocument, y: number, n = 4) => {
  for (let i = 0; i < n; i++) textAt(doc, L, y + i * STEP, PROSE[i % PROSE.length]!);
  return y + n * STEP + 10;
};

function page1(): Draw {
  return (doc) => {
    const title = 'HDA Harbour Dock Association Policy, March 2020';
    textAt(doc, L, 50, title, { bold: true, size: 16 });
    // The outline holds the document's title as its one root, the parts under it.
    const root = doc.outline.addItem(title);
    for (const part of PARTS) root.addItem(part);
    let y = 90;
    for (const part of PARTS.slice(0, 2)) {
      textAt(doc, L, y, part, { bold: true, size: 12 });
      y = prose(doc, y + 20);
    }
    textAt(doc, L, y, PARTS[2]!, { bold: true, size: 12 });
    y += 20;
    textAt(doc, L, y, 'The association recommends the following practices and resources:');
    y += STEP + 4;
    const practices: [string, string | null][] = [
      ['Keep a log of every mooring', null],
      ['Inspect the pilings each spring', 'Lantern Registry Project'],
      ['Train every member in rope safety', 'Harbour Knot Project'],
      ['Mark the walkways at night', 'Beacon Standard Project'],
    ];
    for (const [practice, resource] of practices) {
      textAt(doc, L + 20, y, `•   ${practice}`);
      y += STEP;
      if (resource) {
        textAt(doc, L + 44, y, `o ${resource}`);
        y += STEP;
      }
    }
    y = prose(doc, y + 10, 2);
    for (const part of PARTS.slice(3)) {
      textAt(doc, L, y, part, { bold: true, size: 12 });
      y = prose(doc, y + 20);
    }
  };
}

const policy = () => drawPdf([page1()]);

describe('the level a question asks for (generated)', () => {
  const doc = generatedDocument(policy, 'harbour-dock-policy.pdf');

  it('reads a lone "o" opening a line as a bullet, never a word', () => {
    expect(parseMarker('o Lantern Registry Project')).toMatchObject({ kind: 'bullet', raw: 'o', rest: 'Lantern Registry Project' });
    expect(parseMarker('of the dock')).toBeNull();
    expect(parseMarker('on 5 March')).toBeNull();
  });

  it('keeps the outline\'s parts under the document title', async () => {
    const toc = buildToc(await parsePdf(new Uint8Array(await policy()), { pageCap: 5 })).entries;
    const root = toc.find((e) => e.title.startsWith('HDA Harbour Dock'))!;
    expect(toc.filter((e) => e.parentId === root.id).map((e) => e.title)).toEqual(['I. Agreement', 'II. Definitions', 'III. Good Practice', 'IV. Exclusions', 'V. What Law Governs']);
  });

  it('answers the parts of the document named by its name, whole by their numbering', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many numbered sections is the Harbour Dock Association Policy divided into, and what are they called?');
    expect(answer.items.map((i) => i.name)).toEqual(['Agreement', 'Definitions', 'Good Practice', 'Exclusions', 'What Law Governs']);
    expect(answer.count).toBe(5);
    expect(answer.isComplete).toBe(true);
  });

  it('answers the level below the practices when the question asks for what they point to', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which projects does the association recommend as resources?');
    expect(answer.items.map((i) => i.name)).toEqual(['Lantern Registry Project', 'Harbour Knot Project', 'Beacon Standard Project']);
    // The trace says which level answered.
    expect(trace.find((t) => t.step === 'candidates')?.decision).toMatch(/use the items nested in list \d+'s items/);
  });

  it('still answers the practices themselves at their own level', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which practices does the association recommend?');
    expect(answer.items.map((i) => i.name)).toEqual(['Keep a log of every mooring', 'Inspect the pilings each spring', 'Train every member in rope safety', 'Mark the walkways at night']);
  });

  it('tells an unnumbered parent whose parts are numbered from one, and a title named without its qualifiers', () => {
    expect(numberedBelow('Harbour Policy, March 2020', ['I. Agreement', 'II. Definitions', 'III. Practice'])).toBe(true);
    expect(numberedBelow('Harbour Policy', ['I. Agreement', 'III. Practice'])).toBe(false);
    expect(numberedBelow('Harbour Policy', ['1. Agreement', 'II. Definitions'])).toBe(false);
    expect(titleNamedBy('HDA Harbour Dock Association Policy, March 2020', 'What does the Harbour Dock Association Policy cover?')).toBe(true);
    expect(titleNamedBy('Harbour Dock Policy, Lake District', 'What does the Harbour Dock Policy cover?')).toBe(false);
    expect(titleNamedBy('AI Risks and Trustworthiness', 'Which risks and trustworthiness traits?')).toBe(false);
  });
});
