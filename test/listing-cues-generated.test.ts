import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A made-up packing standard, built to isolate two mechanisms:
 * - a count sentence ("We run three kinds of checks on every batch:") introduces the sub-sections
 *   after it, though a table of three rows is set between them (a float), and only two of the
 *   three checks have a section of their own: the table must not win on its count, and the
 *   answer must say the document's count is not met;
 * - a part named by its title only ("the Labelling family") whose number holds the codes its
 *   text opens lines with ("5.1", "5.2" ...): those codes are its items, whole when they run 1..n;
 * - a family of codes two levels deep ("CHECK 1", "CHECK 1.1") under a header naming both levels
 *   ("Categories", "Subcategories"): the noun of the upper level asks for the upper codes;
 * - under the section a question names, a list inside one of its sub-sections, or on its page
 *   above its heading, is not the section's items: its sub-sections are.
 */

function standard(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, '4 Batch Handling', { bold: true, size: 14 });
      at(doc, 72, 88, 'Every batch is handled by the shift that packed it, from the line to the dock.');
      at(doc, 72, 113, '4.1 Batch Records', { bold: true, size: 12 });
      at(doc, 72, 138, 'Each batch carries a record of its packer, its line and the time it was sealed.');
      at(doc, 72, 163, '4.2 Batch Checks', { bold: true, size: 12 });
      at(doc, 72, 188, 'Checks are run at the end of the line by the shift lead.');
      at(doc, 72, 206, 'We run three kinds of checks on every batch:');
      // A table the layout placed between the count sentence and the sections it introduces.
      at(doc, 150, 236, 'Table 1: Batch sizes by line', { bold: true });
      at(doc, 110, 256, 'Line', { bold: true });
      at(doc, 300, 256, 'Batch size', { bold: true });
      [['North line', '120'], ['South line', '80'], ['Spare line', '40']].forEach(([k, v], i) => {
        at(doc, 110, 274 + 16 * i, k!);
        at(doc, 300, 274 + 16 * i, v!);
      });
      at(doc, 72, 340, '4.2.1 Weight Check', { bold: true, size: 11 });
      at(doc, 72, 362, 'The shift lead weighs one box in ten and records the weight of each box weighed.');
      at(doc, 72, 387, '4.2.2 Seal Check', { bold: true, size: 11 });
      at(doc, 72, 409, 'The shift lead pulls the seal of one box in twenty, and reseals the box after it.');
      at(doc, 72, 434, '4.3 Batch Release', { bold: true, size: 12 });
      at(doc, 72, 459, 'A batch leaves the dock once its record is signed by the shift lead on duty.');
    },
    (doc) => {
      at(doc, 72, 60, '5 Labelling Requirements', { bold: true, size: 14 });
      at(doc, 72, 88, 'The requirements below hold for every label printed at the site.');
      at(doc, 72, 113, '5.1 Print every label with the batch number and the date it was packed.');
      // A requirement wrapped onto a second line, set at the hanging indent of its text.
      at(doc, 72, 131, '5.2 Print the name of the packing site on every label of the batch, in letters');
      at(doc, 90, 149, 'at least three millimetres high.');
      at(doc, 72, 167, '5.3 Keep the label clear of the seal, so that opening the box does not tear it.');
      at(doc, 72, 185, '5.4 Reprint a label that is smudged, torn or hard to read before the box ships.');
      at(doc, 72, 210, '6 Dock Requirements', { bold: true, size: 14 });
      at(doc, 72, 238, '6.1 Load boxes in the order of their batch numbers, the oldest first.');
      at(doc, 72, 256, '6.2 Keep the dock doors closed while no truck is at the dock.');
      at(doc, 72, 281, 'Sections 5.2 and 6.1 were revised in the last edition of this standard.');
    },
    (doc) => {
      at(doc, 72, 60, '7 The CHECK Function', { bold: true, size: 14 });
      at(doc, 72, 88, 'The CHECK function is divided into categories, and each category into subcategories.');
      at(doc, 90, 113, 'Categories', { bold: true });
      at(doc, 300, 113, 'Subcategories', { bold: true });
      const rows: [string, string[]][] = [
        ['CHECK 1: Checks are planned.', ['CHECK 1.1: A plan names each check.', 'CHECK 1.2: The plan is reviewed yearly.']],
        ['CHECK 2: Checks are staffed.', ['CHECK 2.1: A lead owns each check.', 'CHECK 2.2: Leads are trained.', 'CHECK 2.3: A deputy stands in.']],
        ['CHECK 3: Checks are recorded.', ['CHECK 3.1: Each result is logged.']],
      ];
      let y = 135;
      for (const [category, subs] of rows) {
        at(doc, 90, y, category);
        subs.forEach((t, i) => at(doc, 300, y + 18 * i, t));
        y += 18 * subs.length + 8;
      }
    },
    (doc) => {
      // The end of one section and the next on one page: a list above the heading, a list inside
      // the last sub-section, and the sub-sections themselves.
      at(doc, 72, 60, '9 Basic Covers', { bold: true, size: 14 });
      at(doc, 72, 88, 'The basic covers pay for damage to these items of the building:');
      ['• roof tiles and the battens under them,', '• gutters and the pipes that drain them,', '• fences and the gates in them.'].forEach((t, i) => at(doc, 84, 106 + 18 * i, t));
      at(doc, 72, 175, '10 Extra Covers', { bold: true, size: 14 });
      at(doc, 72, 203, 'The policy also pays for the extra covers described below, up to the limit.');
      at(doc, 72, 228, '10.1 Debris Removal', { bold: true, size: 12 });
      at(doc, 72, 250, 'We pay to remove the debris of insured property after a covered loss.');
      at(doc, 72, 275, '10.2 Loss Avoidance', { bold: true, size: 12 });
      at(doc, 72, 297, 'We pay for sandbags and pumps used to keep a covered loss from happening.');
      at(doc, 72, 322, '10.3 Shared Repairs', { bold: true, size: 12 });
      at(doc, 72, 344, 'Under the extra covers we also pay your share of these items of shared repairs:');
      ['• charged to you by the owners of the building,', '• made after a covered loss to the building,', '• not paid for by any other policy,', '• agreed to in writing before they start.'].forEach((t, i) => at(doc, 84, 362 + 18 * i, t));
    },
    (doc) => {
      // Entries that share their sub-entries' titles ("About", "Actions"): a template, not items.
      at(doc, 72, 60, '11 Repair Rules', { bold: true, size: 14 });
      at(doc, 72, 88, 'Each rule below is given with what it is about and the actions it calls for.');
      let y = 113;
      for (const n of [1, 2, 3]) {
        at(doc, 72, y, `11.${n} RULE ${n}`, { bold: true, size: 12 });
        at(doc, 72, y + 22, 'About', { bold: true, size: 11 });
        if (n === 2) {
          at(doc, 72, y + 42, 'A clear record of each repair made at the site should cover:');
          ['• who made the repair,', '• when it was made,', '• which parts were used.'].forEach((t, i) => at(doc, 84, y + 60 + 18 * i, t));
          y += 54;
        } else at(doc, 72, y + 42, `Rule ${n} keeps the repairs of the site safe and on time.`);
        at(doc, 72, y + 67, 'Actions', { bold: true, size: 11 });
        at(doc, 72, y + 87, 'The shift lead checks the repair log once a week.');
        y += 115;
      }
    },
  ];
}

describe('what a count sentence introduces, and a part named by its title (generated)', () => {
  const doc = generatedDocument(() => drawPdf(standard()), 'packing-standard.pdf');

  it('answers the sections the count sentence introduces past a table of as many rows, and says the count is not met', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many kinds of checks are run on every batch, and what are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['4.2.1 Weight Check', '4.2.2 Seal Check']);
    expect(answer.isComplete).toBe(false);
    expect(answer.completenessSource).toBe('cardinality');
  });

  it('answers the codes below a part the question names by its title, whole when they run 1..n', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('How many requirements does the Labelling Requirements section set, and what are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['5.1', '5.2', '5.3', '5.4']);
    expect(answer.count).toBe(4);
    expect(answer.isComplete).toBe(true);
    expect(trace.some((t) => t.step === 'container')).toBe(true);
    // Each code keeps its whole text, over the lines it wraps onto, and no more.
    expect(answer.items[1]!.surfaceForms).toContain('5.2 Print the name of the packing site on every label of the batch, in letters at least three millimetres high.');
    expect(answer.items[2]!.surfaceForms).toContain('5.3 Keep the label clear of the seal, so that opening the box does not tear it.');
  });

  it('answers the sub-sections of the section it names, not a list inside one of them or above its heading', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which items fall under the Extra Covers?');
    expect(answer.items.map((i) => i.name)).toEqual(['10.1 Debris Removal', '10.2 Loss Avoidance', '10.3 Shared Repairs']);
  });

  it('answers a list inside a sub-entry when the sub-entries are the document\'s template, not items', async () => {
    const { answer } = await doc.ask<ListingAnswer>('For RULE 2, what examples does the standard give of what a repair record should cover?');
    expect(answer.items.map((i) => i.name.replace(/[,.]$/, ''))).toEqual(['who made the repair', 'when it was made', 'which parts were used']);
  });

  it('answers the level above the sub-level\'s codes for a noun whose sub-level the document names', async () => {
    const upper = await doc.ask<ListingAnswer>('What are the categories of the CHECK function?');
    expect(upper.answer.items.map((i) => i.name)).toEqual(['CHECK 1', 'CHECK 2', 'CHECK 3']);
    const lower = await doc.ask<ListingAnswer>('What are the subcategories of the CHECK function?');
    expect(lower.answer.items.map((i) => i.name)).toEqual(['CHECK 1.1', 'CHECK 1.2', 'CHECK 2.1', 'CHECK 2.2', 'CHECK 2.3', 'CHECK 3.1']);
  });
});

/**
 * A count that hands a series over with a colon, one of whose elements holds an "and" of its
 * own ("electrical, thermal and mechanical, and human-operational"): the count says where the
 * commas part the elements. Or in brackets after the counted noun ("six machine families
 * (lathes, ..., and looms)"), even before a colon that opens a list of another noun ("3 kinds of
 * hand tool (saws, drills, files) and two kinds of bench:").
 */
function workshop(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, '1 Scope', { bold: true, size: 14 });
      at(doc, 72, 88, 'This guide applies to every machine the workshop repairs, old or new.');
      at(doc, 72, 120, '2 Faults', { bold: true, size: 14 });
      at(doc, 72, 148, 'Faults are broader than the wear of one part. The workshop has identified');
      at(doc, 72, 162, 'three major kinds of fault to be watched and repaired: electrical, thermal and');
      at(doc, 72, 176, 'mechanical, and human-operational. Each of these can occur in a new machine,');
      at(doc, 72, 190, 'whatever its age, and each is logged with the machine it was found in.');
      at(doc, 72, 222, '3 Machines', { bold: true, size: 14 });
      at(doc, 72, 250, 'The workshop was opened for lathes alone. Today it services a total of six machine');
      at(doc, 72, 264, 'families (lathes, mills, c3, presses, kilns, and looms) and two kinds of vehicle.');
      at(doc, 72, 296, '4 Tools', { bold: true, size: 14 });
      at(doc, 72, 324, 'The workshop keeps 3 kinds of hand tool (saws, drills, files) and two kinds of bench:');
      at(doc, 84, 340, '•');
      at(doc, 96, 340, 'A wood bench for the saws and the files.');
      at(doc, 84, 356, '•');
      at(doc, 96, 356, 'A steel bench for the drills.');
      at(doc, 72, 388, '5 Parts', { bold: true, size: 14 });
      at(doc, 72, 416, 'The workshop stocks 3 spare parts (belts, fuses, bearings) for the machines it repairs.');
      at(doc, 72, 440, 'Old machines need two additional parts of their own:');
      at(doc, 84, 456, '•');
      at(doc, 96, 456, 'a crank for the treadle drive');
      at(doc, 84, 472, '•');
      at(doc, 96, 472, 'a flywheel for the old lathes');
      at(doc, 72, 504, '6 Manuals', { bold: true, size: 14 });
      at(doc, 72, 532, 'The workshop library holds 7 service manuals for the machines it repairs.');
      at(doc, 72, 556, 'The safety manuals posted on the wall are:');
      at(doc, 84, 572, '•');
      at(doc, 96, 572, 'Lathe safety rules');
      at(doc, 84, 588, '•');
      at(doc, 96, 588, 'Kiln safety rules');
    },
  ];
}

describe('a count that hands a series over with a colon (generated)', () => {
  const doc = generatedDocument(() => drawPdf(workshop()), 'workshop-faults.pdf');

  it('parts the series at the commas the count asks for, and earns the verdict from the count', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many major kinds of fault does the workshop say must be watched, and what are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['electrical', 'thermal and mechanical', 'human-operational']);
    expect(answer.count).toBe(3);
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessSource).toBe('cardinality');
  });

  it('takes the series inside the count sentence over the list its colon opens, when the count is that series\'', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which kinds of hand tool does the workshop keep?');
    expect(answer.items.map((i) => i.name)).toEqual(['saws', 'drills', 'files']);
    expect(answer.isComplete).toBe(true);
  });

  it('takes the count of the whole item phrase over a count of its head noun alone', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which spare parts does the workshop stock?');
    expect(answer.statedCount).toBe(3);
    expect(answer.items.map((i) => i.name)).toEqual(['belts', 'fuses', 'bearings']);
  });

  it('takes no count of another kind of the noun asked for as the list\'s count', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which safety manuals are posted on the wall?');
    expect(answer.items.map((i) => i.name)).toEqual(['Lathe safety rules', 'Kiln safety rules']);
    // "7 service manuals" counts the library's manuals, not the safety manuals on the wall.
    expect(answer.statedCount).toBeNull();
    expect(answer.isComplete).not.toBe(false);
  });

  it('reads a series the count hands over in brackets after the counted noun', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many machine families does the workshop service, and which are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['lathes', 'mills', 'c3', 'presses', 'kilns', 'looms']);
    expect(answer.count).toBe(6);
    expect(answer.isComplete).toBe(true);
  });
});
