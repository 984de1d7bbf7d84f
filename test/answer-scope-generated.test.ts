import { describe, expect, it } from 'vitest';
import type { FactualAnswer, ListingAnswer } from '../src/answer/types.ts';
import { lackedPhrase, understandQuestion } from '../src/question/understand.ts';
import { mergeSameNames } from '../src/listing/merge.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A made-up standard with numbered requirements and an appendix whose improvements are run-in
 * sections one level below the appendix's own sub-sections. It isolates:
 * - a part of the document named by its topic ("the appendix on search improvements") as scope;
 * - sub-entries a level below the routed entry competing as a candidate list;
 * - a question about one named requirement answered by that requirement, whole.
 */
function standard(): Draw[] {
  const runIn = (doc: PDFKit.PDFDocument, y: number, lead: string, rest: string) => {
    doc.font('Helvetica-Oblique').fontSize(11).text(lead, 72, y, { lineBreak: false });
    const w = doc.widthOfString(`${lead} `);
    doc.font('Helvetica').fontSize(11).text(rest, 72 + w, y, { lineBreak: false });
  };
  return [
    (doc) => {
      at(doc, 72, 60, '1 Vault Rules', { bold: true, size: 14 });
      at(doc, 72, 90, 'The rules of this part apply to every vault of the bank.');
      at(doc, 72, 115, '1.1 Access', { bold: true, size: 12 });
      at(doc, 72, 140, '1.1.1 Verify that every vault door is locked at night by the last guard.');
      at(doc, 72, 165, '1.1.2 Verify that only badges on an allowlist can open the vault, and that');
      at(doc, 90, 180, 'the allowlist never holds a blank badge. The allowlist is checked each');
      at(doc, 90, 195, 'week by the head guard, who signs the check.');
      at(doc, 72, 220, '1.1.3 Verify that the vault logs every opening with the badge that opened it.');
      at(doc, 72, 250, '1.2 Keys', { bold: true, size: 12 });
      at(doc, 72, 275, 'Keys are kept in the key safe, and the key safe is kept in the office.');
    },
    (doc) => {
      at(doc, 72, 60, '2 Scope of the Rules', { bold: true, size: 14 });
      at(doc, 72, 90, 'The standard holds 14 families of rules, one for each trade of the port.');
      at(doc, 72, 108, 'The tide family and the harbour family are out of scope of this standard.');
      at(doc, 72, 126, 'Three exceptions include: a rule to lock the tide gauges at night (derived from TG-2)');
      at(doc, 72, 144, 'from the tide family; a rule to log every mooring of a ship in the book (derived from');
      at(doc, 72, 162, 'HB-4) from the harbour family; and a rule to train the pilots on the new charts of');
      at(doc, 72, 180, 'the port (derived from HB-9) from the harbour family. They are kept as vault rules.');
    },
    (doc) => {
      at(doc, 72, 60, 'Appendix A. Search Improvements', { bold: true, size: 14 });
      at(doc, 72, 90, 'For completeness, this appendix reports how the search of the vault logs was improved.');
      at(doc, 72, 115, 'Setup', { bold: true, size: 12 });
      at(doc, 72, 140, 'The logs of one year were searched on one machine, as in the rules above.');
      at(doc, 72, 165, 'Log Search', { bold: true, size: 12 });
      at(doc, 72, 190, 'Each change below was measured on the same year of logs as before.');
      runIn(doc, 215, 'Beam pruning.', 'We keep only the best paths at each step of the search.');
      runIn(doc, 240, 'Cache reuse.', 'We keep the results of earlier searches for an hour.');
      runIn(doc, 265, 'Early stopping.', 'We stop a search once the badge is found in the log.');
    },
  ];
}

describe('answers that need the part of the document the question names', () => {
  it('reads "the appendix on X" as a scope named by its topic', () => {
    expect(understandQuestion('Which improvements are described in the appendix on search improvements?').scope).toBe('search improvements');
    expect(understandQuestion('What topics are covered in the chapter about incident handling?').scope).toBe('incident handling');
  });

  it('folds items of one list only when they carry the same short name', () => {
    const item = (name: string, page: number) => ({ name, surfaceForms: [name], citations: [{ pageNum: page, lineNum: 1, quote: name }] });
    const long = 'the placing on the market of a system that deploys subliminal techniques';
    const merged = mergeSameNames([item('ResNet', 1), item('Highway', 1), item('ResNet', 2), item(long, 3), item(long, 4)]);
    expect(merged.items.map((i) => i.name)).toEqual(['ResNet', 'Highway', long, long]);
    expect(merged.items[0]!.citations.map((c) => c.pageNum)).toEqual([1, 2]);
  });

  const doc = generatedDocument(() => drawPdf(standard()), 'vault-standard.pdf');

  it('answers with the sub-entries a level below the appendix routing stopped at', async () => {
    // Routing stops at the scope the question names; the sub-entries of that entry are the level
    // of "the log search", which the question names itself, so the level below it is asked for.
    const { answer, trace } = await doc.ask<ListingAnswer>('Which improvements to the log search are described under Appendix A?');
    expect(answer.items.map((i) => i.name)).toEqual(['Beam pruning', 'Cache reuse', 'Early stopping']);
    expect(trace.find((t) => t.step === 'candidates')?.decision).toMatch(/sub-entries of "Log Search"/);
  });

  it('never calls sub-entries complete when they have sub-entries of their own: either level may be the one asked', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which improvements are described in the appendix on search improvements?');
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.isComplete).toBeNull();
  });

  it('reads members a stated count announces, clauses and brackets and all, and earns the verdict from that count', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('The tide and harbour families are out of scope, but which rules were still carried over from them?');
    expect(answer.items.map((i) => i.name)).toEqual([
      'a rule to lock the tide gauges at night (derived from TG-2) from the tide family',
      'a rule to log every mooring of a ship in the book (derived from HB-4) from the harbour family',
      'a rule to train the pilots on the new charts of the port (derived from HB-9) from the harbour family',
    ]);
    // The count is the list's own ("Three exceptions"), not the 14 families stated elsewhere.
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessSource).toBe('cardinality');
    expect(trace.some((t) => t.step === 'cardinality' && /intro states 3 exceptions/.test(t.decision ?? ''))).toBe(true);
  });

  it('answers a question about one named requirement with that requirement, whole', async () => {
    const { answer } = await doc.ask<FactualAnswer>('What does requirement 1.1.2 require?');
    expect(answer.answer).toContain('The allowlist is checked each week by the head guard, who signs the check.');
    expect(answer.citations.map((c) => c.pageNum)).toEqual([1, 1, 1]);
  });
});

/** Rule families, each with its basic and derived rules; two say they have no derived rules. */
function families(): Draw[] {
  // Each family opens with a few lines of its own, so its parts stand at other heights than the
  // other families' (a line repeated at one height on every page would be a running header).
  const family = (title: string, intro: number, basic: string[], derived: string[] | null): Draw => (doc) => {
    at(doc, 72, 60, title, { bold: true, size: 14 });
    for (let i = 0; i < intro; i++) at(doc, 72, 88 + 16 * i, `This family holds the rules of its trade, part ${i + 1} of its scope.`);
    const top = 96 + 16 * intro;
    at(doc, 72, top, 'Basic Rules', { size: 12 });
    basic.forEach((t, i) => at(doc, 72, top + 22 + 16 * i, t));
    const y = top + 22 + 16 * basic.length + 14;
    at(doc, 72, y, 'Derived Rules', { size: 12 });
    (derived ?? ['None.']).forEach((t, i) => at(doc, 72, y + 22 + 16 * i, t));
  };
  return [
    family('1 Gate Family', 1, ['1.1 Lock the gates at night.', '1.2 Keep the gate keys in the safe.'], ['1.3 Log every opening of a gate.']),
    family('2 Crane Family', 2, ['2.1 Inspect the cranes every week.'], null),
    family('3 Dock Family', 3, ['3.1 Keep the docks clear of cargo.'], ['3.2 Mark the edge of every dock.', '3.3 Light the docks at night.']),
    family('4 Tug Family', 4, ['4.1 Fuel the tugs before each shift.'], null),
  ];
}

describe('sections that lack what the question names', () => {
  it('reads what the items lack from the question', () => {
    expect(lackedPhrase('How many rule families have no derived rules at all, and which are they?')).toBe('derived rules');
    expect(lackedPhrase('Which chapters are without exercises?')).toBe('exercises');
    expect(lackedPhrase('What does the policy cover?')).toBeNull();
  });

  const doc = generatedDocument(() => drawPdf(families()), 'port-rules.pdf');

  it('answers with the sibling sections whose part of that name says it holds nothing, complete when every sibling names it', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many rule families have no derived rules at all, and which families are they?');
    expect(answer.items.map((i) => i.name)).toEqual(['2 Crane Family', '4 Tug Family']);
    expect(answer.items.map((i) => i.citations[0]!.quote)).toEqual(['None.', 'None.']);
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessSource).toBe('structure');
  });

  it('answers that no section lacks the part when every sibling has it, and claims nothing whole from an empty list', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which rule families have no basic rules at all?');
    expect(answer.items).toEqual([]);
    expect(answer.isComplete).toBeNull();
  });
});
