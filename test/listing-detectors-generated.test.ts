import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { childrenOf } from '../src/lexicon/identifiers.ts';
import { strategyOrder } from '../src/listing/dispatch.ts';
import type { RoutedSection } from '../src/route/route-toc.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A made-up repair guide. Its second chapter says "repair" on every line and so draws routing;
 * its third chapter's title shares no word with the question, while its opening sentence names
 * the phases its sections describe, and a checklist section follows them that is no phase.
 */
function guide(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, '1 Introduction', { bold: true, size: 14 });
      at(doc, 72, 90, 'This guide tells a workshop how to run its repair work from start to end.');
      at(doc, 72, 115, '2 Organizing a Repair Capability', { bold: true, size: 14 });
      at(doc, 72, 145, 'A repair capability needs a repair team, a repair budget and a repair rota.');
      at(doc, 72, 163, 'The repair team keeps the repair tools and the repair records of the workshop.');
      at(doc, 72, 181, 'Each repair lead signs the repair log at the end of the repair week.');
      at(doc, 72, 206, '2.1 Repair Team Roles', { bold: true, size: 12 });
      at(doc, 72, 231, 'The repair team has a lead, two fitters and an apprentice for each repair shift.');
      at(doc, 72, 256, '2.2 Repair Tools', { bold: true, size: 12 });
      at(doc, 72, 281, 'The repair tools are kept in the tool room, and the repair lead holds its key.');
    },
    (doc) => {
      at(doc, 72, 60, '3 Handling a Fault', { bold: true, size: 14 });
      at(doc, 72, 90, 'The work on a fault has several phases. This section describes the major phases');
      at(doc, 72, 108, 'of the repair life cycle (inspection, mending, and handover) in detail.');
      at(doc, 72, 133, '3.1 Inspection', { bold: true, size: 12 });
      at(doc, 72, 158, 'A fitter looks at the machine and writes down what is broken.');
      at(doc, 72, 183, '3.2 Mending', { bold: true, size: 12 });
      at(doc, 72, 208, 'The fitter replaces the broken part and runs the machine for an hour.');
      at(doc, 72, 233, '3.3 Handover', { bold: true, size: 12 });
      at(doc, 72, 258, 'The lead gives the machine back to its owner with the record of the work.');
      at(doc, 72, 283, '3.4 Checklist', { bold: true, size: 12 });
      at(doc, 72, 308, 'Tick each box on the card before the machine leaves the workshop.');
    },
  ];
}

/**
 * A made-up standard whose chapters are written "V2.1" and whose requirements "2.1.1": a
 * question about the requirements in one section asks for the codes a level below it, and the
 * total the standard states for all its requirements does not count that section.
 */
function standard(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, 'Overview', { bold: true, size: 14 });
      at(doc, 72, 90, 'This standard holds a total of 30 requirements for the doors and keys of a vault.');
      at(doc, 72, 115, 'V2.1 Doors', { bold: true, size: 12 });
      at(doc, 72, 140, '2.1.1 Verify that the vault door is locked at night.');
      at(doc, 72, 160, '2.1.2 Verify that the vault door cannot be opened from outside without a badge.');
      at(doc, 72, 185, 'V2.2 Keys', { bold: true, size: 12 });
      at(doc, 72, 210, '2.2.1 Verify that every key is kept in the key safe.');
      at(doc, 72, 230, '2.2.2 Verify that a lost key is reported within one day.');
      at(doc, 72, 250, '2.2.3 Verify that the key safe is opened by two guards together.');
      at(doc, 72, 270, '2.2.4 Verify that the list of keys is checked each month.');
      at(doc, 72, 295, 'V2.3 Alarms', { bold: true, size: 12 });
      at(doc, 72, 320, '2.3.1 Verify that the alarm rings when the door is forced.');
      at(doc, 72, 340, '2.3.2 Verify that the alarm is tested each week.');
    },
  ];
}

/**
 * A made-up framework: two functions, each with categories as sections and coded outcomes a
 * level below them, and a playbook part whose coded entries each hold "Suggested Actions".
 */
function framework(): Draw[] {
  const actions = (doc: PDFKit.PDFDocument, y: number, code: string, text: string, a: string[]) => {
    at(doc, 72, y, code, { bold: true, size: 12 });
    at(doc, 72, y + 20, text);
    at(doc, 72, y + 40, 'Suggested Actions', { bold: true, size: 11 });
    a.forEach((t, i) => at(doc, 84, y + 60 + 16 * i, `• ${t}`));
  };
  return [
    (doc) => {
      at(doc, 72, 60, 'WATCH (WA)', { bold: true, size: 14 });
      at(doc, 72, 88, 'The function covers how a site watches its doors and gates.');
      at(doc, 72, 113, 'Door Watch (WA.DW)', { bold: true, size: 12 });
      at(doc, 72, 138, 'WA.DW-01: Doors are watched at night');
      at(doc, 72, 156, 'WA.DW-02: Door alarms are tested each week');
      at(doc, 72, 181, 'Gate Watch (WA.GW)', { bold: true, size: 12 });
      at(doc, 72, 206, 'WA.GW-01: Gates are watched by a guard');
      at(doc, 72, 224, 'WA.GW-02: Gate logs are kept for a year');
      at(doc, 72, 242, 'WA.GW-03: Gate keys are counted each day');
    },
    (doc) => {
      at(doc, 72, 60, 'Shield', { bold: true, size: 14 });
      at(doc, 72, 88, 'The playbook part on shielding the site from harm.');
      actions(doc, 113, 'SHIELD 1.1', 'Harms to the site are known and written down.', ['Walk the site each month.', 'Write down each harm found.']);
      actions(doc, 253, 'SHIELD 1.2', 'Each harm has an owner.', ['Name an owner for each harm.', 'Review the owners each year.']);
      actions(doc, 393, 'SHIELD 2.1', 'Owners report on their harms.', ['Ask each owner for a report.', 'Keep the reports in the office.', 'Read the reports at the meeting.']);
    },
  ];
}

/** A quick-reference checklist: bracket-numbered items behind a box glyph, wrapped under their text. */
function checklist(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, 'Vault Checklist', { bold: true, size: 14 });
      at(doc, 72, 90, 'Key Practices:', { bold: true });
      at(doc, 86, 110, '[11] Keep every key of the vault in the key safe and count the keys at the end of');
      at(doc, 100, 126, 'each shift (e.g., the night shift)');
      at(doc, 86, 142, '[12] Report a lost key at once');
      at(doc, 86, 158, '[13] Change the locks of a door whose key was lost, and write the change into the');
      at(doc, 100, 174, 'lock book of the vault');
      at(doc, 72, 200, 'Each guard signs the checklist when the shift ends.');
    },
  ];
}

describe('the question read as its own sentence, with its noun and the part it names', () => {
  it('reads the question of a text that opens with context, and a noun past a parenthetical', () => {
    const u = understandQuestion('We think a fault has happened but we have no repair team. What steps does the guide say to take?');
    expect(u.intent).toBe('listing');
    expect(u.itemNoun).toBe('steps');
    expect(understandQuestion('What are the major (top-level) steps under Mending?').itemNoun).toBe('steps');
    // A stop inside a name is no sentence end.
    expect(understandQuestion('Which requirements are in section 3.5 of SP 800-171 Rev. 2?').containerCodes).toEqual(['3.5']);
  });

  it('knows which code holds the items and which codes lie a level below it', () => {
    expect(understandQuestion('Which requirements are in section V7.4 of the standard?').containerCodes).toEqual(['V7.4']);
    expect(understandQuestion('What does requirement 3.1.1 say?').containerCodes).toEqual([]);
    const below = (code: string) => new RegExp(`^${childrenOf(code)}$`);
    expect(below('V7.4').test('7.4.1')).toBe(true);
    expect(below('V7.4').test('V7.4.12')).toBe(true);
    expect(below('V7.4').test('7.5.1')).toBe(false);
    expect(below('3.5').test('3.5.10')).toBe(true);
    expect(below('GV.OC').test('GV.OC-01')).toBe(true);
    // Below one level the prefix is required: "6.5" is a figure, not a section of chapter V6.
    expect(below('V6').test('V6.1')).toBe(true);
    expect(below('V6').test('6.5')).toBe(false);
    // "of" places the container too, and a full stop after the code ends the sentence.
    expect(understandQuestion('What are the subcategories of GV.OC?').containerCodes).toEqual(['GV.OC']);
    expect(understandQuestion('List the requirements in section V6.2.').containerCodes).toEqual(['V6.2']);
    expect(understandQuestion('Is requirement 3.1.1 in the Access Control family?').containerCodes).toEqual([]);
    // A code in brackets after the part's name is that part's code.
    expect(understandQuestion('Which requirements make up the Door family (2.2) of the standard?').containerCodes).toEqual(['2.2']);
    expect(childrenOf('SP 800-171')).toBeNull();
  });

  it('knows a code written as a family, a container or one specific place, and orders the sweeps so', () => {
    const routed: RoutedSection = { entry: null, path: [], pageStart: 1, pageEnd: 1, reason: '', tokens: 0, llmCalls: 0, usedLlm: false, modelChosen: false, evidence: [], backtracks: 0 };
    const first = (q: string) => strategyOrder({ u: understandQuestion(q), routed })[0];
    // A family asks for its members, a container for the codes below it.
    expect(first('List every SHIELD 2.x subcategory in the playbook.')).toBe('pattern');
    expect(first('What sections does the V6 Door chapter contain?')).toBe('pattern');
    expect(understandQuestion('What sections does the V6 Door chapter contain?').containerCodes).toEqual(['V6']);
    // One specific code names where the items are: the lists there compete, as for any question.
    expect(first('For SHIELD 1.2, what should the policies of the site be designed to do?')).toBe('structure');
  });

  it('reads a series document named with its revision as the document, not a scope inside it', () => {
    expect(understandQuestion('Which attack vectors does Section 3.2.1 of SP 800-61 Rev. 2 list?').scope).toBe('3.2.1');
    expect(understandQuestion('Which requirements are in SP 800-171 Rev. 2?').scope).toBeNull();
  });

  it('reads a part a participle ties to another noun as a reference, not as the place of the items', () => {
    // "a vessel listed in Annex B": where vessels are listed, not where the exemptions are.
    expect(understandQuestion('Under what exemptions is a vessel listed in Annex B not subject to the fee?').scope).toBeNull();
    expect(understandQuestion('What are the exemptions listed in Annex B?').scope).toBe('Annex B');
    expect(understandQuestion('Which duties referred to in Article 12 apply to pilots?').scope).toBe('Article 12');
    // A passive verb of the clause is no such participle: the appendix holds the items.
    expect(understandQuestion('Which fixes to the pump are described in the appendix on pump fixes?').scope).toBe('pump fixes');
  });

  it('reads a verb-like word before an auxiliary as the head noun of a which-question', () => {
    const u = understandQuestion('Which ensemble results does the paper compare in Table 5?');
    expect(u.intent).toBe('listing');
    expect(u.itemNoun).toBe('results');
  });

  it('reads a name in capitals before a structural noun as the scope, and asks for codes when the question asks for their identifiers', () => {
    expect(understandQuestion('How many SHIELD subcategories does the playbook give suggested actions for? List them.').scope).toBe('SHIELD');
    expect(understandQuestion('Which subcategories fall under the WATCH function? Give their identifiers.').asksCodes).toBe(true);
    expect(understandQuestion('Which category has the identifier WA.DW?').asksCodes).toBe(false);
  });
});

describe('the level a question asks for, from its scope and the identifiers it wants', () => {
  const doc = generatedDocument(() => drawPdf(framework()), 'watch-framework.pdf');

  it('answers "their identifiers" with the coded outcomes under the function, not its category sections', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which subcategories fall under the WATCH function? Give their identifiers.');
    expect(answer.items.map((i) => i.name)).toEqual(['WA.DW-01', 'WA.DW-02', 'WA.GW-01', 'WA.GW-02', 'WA.GW-03']);
  });

  it('answers with the entries coded under the scope, not a list of actions inside one of them', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many SHIELD subcategories does the playbook give suggested actions for? List them.');
    expect(answer.items.map((i) => i.name)).toEqual(['SHIELD 1.1', 'SHIELD 1.2', 'SHIELD 2.1']);
    expect(answer.count).toBe(3);
    // Swept as the scope's codes, not as those the question restricts itself to: not proven whole.
    expect(answer.isComplete).not.toBe(true);
  });
});

describe('sections an opening sentence names, wherever routing went', () => {
  const doc = generatedDocument(() => drawPdf(guide()), 'repair-guide.pdf');

  it('answers with the sections the opening names, not the checklist after them, and never calls them whole', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('What are the phases of the repair life cycle?');
    expect(answer.items.map((i) => i.name)).toEqual(['3.1 Inspection', '3.2 Mending', '3.3 Handover']);
    expect(answer.isComplete).toBeNull();
    expect(trace.find((t) => t.step === 'candidates')?.decision).toMatch(/sub-entries of "3 Handling a Fault" that its opening names/);
  });
});

describe('the codes a level below the section a question names', () => {
  const doc = generatedDocument(() => drawPdf(standard()), 'vault-levels.pdf');

  it('sweeps the requirements of the section, not the sections beside it, and the total of all requirements does not make it incomplete', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which requirements are in section V2.2 Keys?');
    expect(answer.items.map((i) => i.name)).toEqual(['2.2.1', '2.2.2', '2.2.3', '2.2.4']);
    expect(answer.isComplete).not.toBe(false);
    expect(trace.some((t) => t.step === 'cardinality' && /not the count of the part/.test(t.decision ?? ''))).toBe(true);
  });
});

describe('enumerated items read whole, over their wrapped lines', () => {
  const doc = generatedDocument(() => drawPdf(checklist()), 'vault-checklist.pdf');

  it('keeps each item whole, its wrapped lines included, and stops at the next item', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What does the checklist list under Key Practices?');
    expect(answer.items).toHaveLength(3);
    expect(answer.items[0]!.surfaceForms.join(' | ')).toContain('count the keys at the end of each shift (e.g., the night shift)');
    expect(answer.items[1]!.surfaceForms.join(' | ')).not.toMatch(/Change the locks/);
    expect(answer.items[2]!.surfaceForms.join(' | ')).toContain('write the change into the lock book of the vault');
  });
});
