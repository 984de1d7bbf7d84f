import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A count stated pages away from the lists ("two lamps") and two lists of lamps, one of them as
 * long as the count. The count may pick that list, but it cannot then prove it whole: another
 * list of that size would have been picked the same way.
 */
const subject = generatedDocument(
  () =>
    drawPdf([
      (doc) => {
        at(doc, 72, 60, 'Section 1 Overview', { bold: true, size: 13 });
        at(doc, 72, 85, 'The stage kit was first sold in the spring and ships with two lamps in its case.');
        at(doc, 72, 99, 'Its owners may order more parts from the maker at any time of the year.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 2 Rigging', { bold: true, size: 13 });
        at(doc, 72, 85, 'The rig is hung from the bar before the lamps are mounted on it.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 3 Lamps of the kit', { bold: true, size: 13 });
        at(doc, 72, 85, 'Lamps that the kit can hold:');
        at(doc, 80, 103, '• Arc lamp');
        at(doc, 80, 120, '• Flood lamp');
        at(doc, 80, 137, '• Spot lamp');
        at(doc, 72, 170, 'Section 4 Spare lamps', { bold: true, size: 13 });
        at(doc, 72, 195, 'Lamps that the kit keeps spare:');
        at(doc, 80, 213, '• Bulb lamp');
        at(doc, 80, 230, '• Tube lamp');
      },
    ]),
  'stage-kit.pdf',
);

describe('a count that only picks the list (no LLM)', () => {
  it('does not call the list of as many items as a far-off count states complete', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('Which lamps does the stage kit have?');
    const cands = trace.find((t) => t.step === 'candidates')!.output as { top: { features: Record<string, number>; score: number }[] };
    // The premise: the count is what put the two spare lamps ahead of the three of the kit.
    expect(answer.items.map((i) => i.name)).toEqual(['Bulb lamp', 'Tube lamp']);
    expect(cands.top[0]!.features.countScored).toBe(1);
    // Before: "complete (cardinality)", the count confirming the list it had picked itself.
    expect(answer.isComplete).toBeNull();
    expect(answer.completenessSource).toBe('unknown');
  });
});

/**
 * A count stated three pages before the one list of its noun, in a sentence about something else
 * (a demo rig's two lamps); the list runs to the end of the document, so nothing closes it. The
 * count met proves nothing of a list it was not stated beside.
 */
const farCount = generatedDocument(
  () =>
    drawPdf([
      (doc) => {
        at(doc, 72, 60, 'Section 1 Overview', { bold: true, size: 13 });
        at(doc, 72, 85, 'The demo rig that section 4 describes runs two lamps at a time on one stand.');
        at(doc, 72, 99, 'Owners of the kit may order more parts from the maker at any time of the year.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 2 Rigging', { bold: true, size: 13 });
        at(doc, 72, 85, 'The rig is hung from the bar before anything is mounted on it.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 3 Cabling', { bold: true, size: 13 });
        at(doc, 72, 85, 'Every cable is taped to the floor along the shortest path to the desk.');
      },
      (doc) => {
        at(doc, 72, 60, 'Section 4 Lamps', { bold: true, size: 13 });
        at(doc, 72, 85, 'Lamps that the kit supports:');
        at(doc, 80, 103, '• Arc lamp');
        at(doc, 80, 120, '• Flood lamp');
      },
    ]),
  'far-count.pdf',
);

describe('a count stated pages away from the list (no LLM)', () => {
  it('does not call the list complete because it has as many items as a far-off sentence counts', async () => {
    const { answer, trace } = await farCount.ask<ListingAnswer>('Which lamps does the kit support?');
    expect(answer.items.map((i) => i.name)).toEqual(['Arc lamp', 'Flood lamp']);
    // The premise: the far-off count is the count the listing found.
    expect(trace.find((t) => t.stage === 'list' && t.step === 'cardinality')!.decision).toMatch(/states 2 lamps \(p\.1/);
    // Before: "complete (cardinality)".
    expect(answer.isComplete).toBeNull();
    expect(answer.completenessSource).toBe('unknown');
    expect(answer.completenessReason).toMatch(/stated pages away from the list/);
  });
});

/**
 * A count of the item noun on the page before a table whose rows are each named by that noun
 * ("Frame module", ...), while routing reads a section titled by one of them, which enumerates
 * as many steps. The document says where its four modules are: the table it counts.
 */
const countedTable = generatedDocument(
  () =>
    drawPdf([
      (doc) => {
        at(doc, 72, 60, '1. Introduction', { bold: true, size: 13 });
        at(doc, 72, 85, 'The rig is composed of four largely independent modules. In the first module, the');
        at(doc, 72, 99, 'frame is set up; the others feed, steer and report, as the table below shows.');
      },
      (doc) => {
        at(doc, 90, 60, 'Module', { bold: true });
        at(doc, 230, 60, 'Routine', { bold: true });
        at(doc, 340, 60, 'Description', { bold: true });
        const rows: [string, string, string][] = [
          ['Frame module', 'mkFrame', 'Holds the lamps in place'],
          ['Power module', 'mkPower', 'Feeds current to the lamps'],
          ['Control module', 'mkControl', 'Sets the level of each lamp'],
          ['Output module', 'mkOutput', 'Shows the state of the rig'],
        ];
        rows.forEach(([m, f, d], i) => {
          at(doc, 90, 80 + 16 * i, m);
          at(doc, 230, 80 + 16 * i, f);
          at(doc, 340, 80 + 16 * i, d);
        });
        at(doc, 180, 160, 'Table 1: The modular structure of the rig.');
      },
      (doc) => {
        at(doc, 72, 60, '2. Control module', { bold: true, size: 13 });
        at(doc, 72, 85, 'The control routine runs these steps on every cue of the show:');
        at(doc, 80, 103, '1. Update the level of each lamp');
        at(doc, 80, 120, '2. Solve the mix of the channels');
        at(doc, 80, 137, '3. Update the state of the desk');
        at(doc, 80, 154, '4. Return the result to the operator');
        at(doc, 72, 180, 'The steps run in this order, one cue at a time, until the show ends.');
      },
    ]),
  'counted-table.pdf',
);

describe('a count on the page before a table of its noun (no LLM)', () => {
  it('answers with the table the count places, not the routed section\'s steps of the same number', async () => {
    const { answer } = await countedTable.ask<ListingAnswer>('Into how many modules is the rig split internally, and which routine carries out each one?');
    expect(answer.items.map((i) => i.name)).toEqual(['Frame module', 'Power module', 'Control module', 'Output module']);
    expect(answer.count).toBe(4);
  });
});

/** A section titled by one member of the kind asked for, numbering that member's own steps. */
const memberSteps = generatedDocument(
  () =>
    drawPdf([
      (doc) => {
        at(doc, 72, 60, '1. Overview', { bold: true, size: 13 });
        at(doc, 72, 85, 'The rig is built from parts that each do one job on the stage.');
        at(doc, 72, 120, '2. Control module', { bold: true, size: 13 });
        at(doc, 72, 145, 'The control routine runs these steps on every cue of the show:');
        at(doc, 80, 163, '1. Update the level of each lamp');
        at(doc, 80, 180, '2. Solve the mix of the channels');
        at(doc, 80, 197, '3. Return the result to the operator');
        at(doc, 72, 225, 'The steps run in this order, one cue at a time, until the show ends.');
      },
    ]),
  'member-steps.pdf',
);

describe('a heading titled by one member does not introduce the members (no LLM)', () => {
  it('does not call the steps under "2. Control module" the complete list of modules', async () => {
    const { answer } = await memberSteps.ask<ListingAnswer>('Which modules does the rig have?');
    // Before: "complete (structure)", the heading's "module" read as the steps' lead-in.
    expect(answer.isComplete).not.toBe(true);
  });
});
