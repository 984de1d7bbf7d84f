import { describe, expect, it } from 'vitest';
import { withoutDocumentWords } from '../src/answer/answer-question.ts';
import type { ListingAnswer } from '../src/answer/types.ts';
import { isNegated, understandQuestion } from '../src/question/understand.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

describe('words that name the document', () => {
  it('drops a numbered name of the document from codes and scope, and a written-out title from keywords', () => {
    const q = 'What does HB 12-3 Rev. 4 require of a tenant with respect to fire doors?';
    const u = withoutDocumentWords(understandQuestion(q), { file_name: 'hb-12-3r4.pdf', title: null, title_entry: 'HB 12-3 Rev. 4, Harbour Building Handbook', text: q });
    expect(u.codes).toEqual([]);
    expect(u.scope).toBeNull();
    const q2 = 'What property does the Harbour Mutual Marine Policy not insure?';
    const u2 = withoutDocumentWords(understandQuestion(q2), { file_name: 'policy.pdf', title: null, title_entry: 'Harbour Mutual Marine Policy, 2025 Edition', text: q2 });
    expect(u2.keywords).toEqual(['property', 'insure']);
  });
  it('drops a hyphenated name whose parts are all the file name\'s words', () => {
    const q = 'How many problems does the troubleshooting chapter of the Rust-Cache-NG manual deal with?';
    const u = withoutDocumentWords(understandQuestion(q), { file_name: 'rust-cache-ng-user-manual.pdf', title: null, title_entry: null, text: q });
    expect(u.keywords).not.toContain('rust-cache-ng');
    expect(u.keywords).toEqual(expect.arrayContaining(['problems', 'troubleshooting']));
    // A compound only some of whose parts name the document is a word of the question.
    const q2 = 'Which cache-control headers does the Rust-Cache-NG manual describe?';
    expect(withoutDocumentWords(understandQuestion(q2), { file_name: 'rust-cache-ng-user-manual.pdf', title: null, title_entry: null, text: q2 }).keywords).toContain('cache-control');
  });
  it('keeps a name word that tells parallel sections apart', () => {
    const q = 'How many command-line options does toolplay accept?';
    const doc = { file_name: 'toolrec-toolplay-guide.pdf', title: null, title_entry: null, text: q };
    const parallel = ['1 Introduction', '3 Command Line Options', '3.1 toolrec Command Line Options', '3.2 toolplay Command Line Options'];
    expect(withoutDocumentWords(understandQuestion(q), { ...doc, headings: parallel }).keywords).toContain('toolplay');
    // Where no sections are told apart by it, the word names the document, as before.
    expect(withoutDocumentWords(understandQuestion(q), { ...doc, headings: ['1 Introduction', '3 Command Line Options'] }).keywords).not.toContain('toolplay');
  });
  it('drops an acronym in capitals that spells the words of the document\'s name, and only such', () => {
    const q = 'Which directories are required directly under / in an EFS 2.0 compliant system?';
    const u = withoutDocumentWords(understandQuestion(q), { file_name: 'extended-file-standard-2.0.pdf', title: null, title_entry: null, text: q });
    expect(u.keywords).not.toContain('efs');
    expect(u.keywords).toEqual(expect.arrayContaining(['directories', 'compliant', 'system']));
    // Lower case, or letters that spell no run of the name's words, are the question's own words.
    const q2 = 'Which DNS records does the extended file standard define?';
    expect(withoutDocumentWords(understandQuestion(q2), { file_name: 'extended-file-standard-2.0.pdf', title: null, title_entry: null, text: q2 }).keywords).toContain('dns');
  });
  it('keeps a section number that only looks like a version', () => {
    const q = 'What does section 5.0 say about logging?';
    const u = withoutDocumentWords(understandQuestion(q), { file_name: 'guide-5.0.pdf', title: null, title_entry: null, text: q });
    expect(u.keywords).toContain('logging');
  });
});

describe('polarity', () => {
  it('reads a negated predicate, never a set-aside clause', () => {
    expect(isNegated('what property does the policy not insure?')).toBe(true);
    expect(isNegated("which losses aren't covered?")).toBe(true);
    expect(isNegated('list the extended rules (not the core ones)')).toBe(false);
    // "X rather than Y" asks for what is not Y; "rather" itself is no keyword.
    expect(isNegated('Which codes are normal outcomes rather than errors?')).toBe(true);
    expect(understandQuestion('Which codes are normal outcomes rather than errors?').keywords).not.toContain('rather');
  });

  it('reads the negation of the sentence that asks, not of a sentence that sets the scene before it', () => {
    // "does not work" says what is wrong; the question asks for options, not for what is not one.
    expect(isNegated('My parser does not work as I expect. Which options can I turn on to trace it?')).toBe(false);
    expect(isNegated('My parser works well. Which options does it not accept?')).toBe(true);
    // Without a question mark, the whole request asks.
    expect(isNegated('List the options the parser does not accept.')).toBe(true);
  });
});

describe('a negated question routes to the negated title and answers with its list (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, 'Harbour Mutual Marine Policy, 2025 Edition', { bold: true, size: 16 });
          at(doc, 72, 100, 'I. Property Insured', { bold: true, size: 13 });
          at(doc, 72, 125, 'We insure the following property of the insured harbour building:');
          at(doc, 80, 145, '1. Quay walls and their fixings;');
          at(doc, 80, 162, '2. Cranes bolted to the quay;');
          at(doc, 80, 179, '3. Warehouse roofs and gutters;');
          at(doc, 80, 196, '4. Mooring bollards.');
          at(doc, 72, 220, 'Property insured under this part is valued at replacement cost for the insured building.');
          at(doc, 72, 260, 'II. Property Not Insured', { bold: true, size: 13 });
          at(doc, 72, 285, 'We do not insure any of the following:');
          at(doc, 80, 305, '1. Vessels afloat;');
          at(doc, 80, 322, '2. Cargo in transit;');
          at(doc, 80, 339, '3. Floating pontoons.');
          at(doc, 72, 370, 'III. Claims', { bold: true, size: 13 });
          at(doc, 72, 395, 'Claims for insured property are filed within 60 days.');
        },
      ]),
    'policy.pdf',
  );

  it('lands on "II. Property Not Insured" and lists what it excludes', async () => {
    const q = 'What property does the Harbour Mutual Marine Policy not insure?';
    expect(understandQuestion(q).intent).toBe('factual');
    const { answer, trace } = await subject.ask<ListingAnswer>(q);
    const read = trace.find((t) => t.step === 'read_section')!.output as { title: string };
    expect(read.title).toBe('II. Property Not Insured');
    expect(answer.kind).toBe('listing');
    expect(answer.items.map((i) => i.name)).toEqual(['Vessels afloat', 'Cargo in transit', 'Floating pontoons']);
  });

});

describe('instances of the item noun (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, 'IV. Extra Payments', { bold: true, size: 13 });
          at(doc, 72, 85, 'This part sets out what the policy pays besides repairs to property.');
          at(doc, 72, 115, 'A. Benefit A—Salvage Costs', { bold: true, size: 12 });
          at(doc, 72, 140, 'We pay the following salvage costs:');
          at(doc, 80, 160, '• Raising a sunken crane;');
          at(doc, 80, 177, '• Removing debris from the quay;');
          at(doc, 80, 194, '• Pumping out flooded sheds.');
          at(doc, 72, 225, 'B. Benefit B—Harbour Dues', { bold: true, size: 12 });
          at(doc, 72, 250, 'We pay the following dues while repairs last:');
          at(doc, 80, 270, '• Berth fees;');
          at(doc, 80, 287, '• Pilotage fees.');
        },
      ]),
    'benefits.pdf',
  );

  it('level: items named by the item noun are the answer, not a list inside one of them', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('What benefits are included under Extra Payments?');
    expect(answer.items.map((i) => i.name)).toEqual(['A. Benefit A—Salvage Costs', 'B. Benefit B—Harbour Dues'].map((n) => n.replace(/^[A-Z]\. /, '')));
    const cands = trace.find((t) => t.step === 'candidates')!.output as { top: { list: number | string; features: { itemsNamed: number; scopeIsItem: number } }[] };
    expect(cands.top.filter((c) => typeof c.list === 'number').every((c) => c.features.scopeIsItem === 1)).toBe(true);
  });
});

describe('a scope that opens with the document name', () => {
  it('keeps the part after the name', () => {
    const q = "What activities are eligible under the HMP's Extra Cost coverage?";
    const u = withoutDocumentWords(understandQuestion(q), { file_name: 'harbour-hmp-2025.pdf', title: null, title_entry: null, text: q });
    expect(u.scope).toBe('Extra Cost coverage');
  });
});

describe('a question whose words are unsure of its intent, inside the section it routes to (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, 'I. Agreement', { bold: true, size: 13 });
          at(doc, 72, 85, 'This contract covers the harbour buildings named in the schedule.');
          at(doc, 72, 120, 'II. Quay Cover', { bold: true, size: 13 });
          at(doc, 72, 145, 'Quay Cover insures the quay walls, their fixings and the paving on them.');
          at(doc, 72, 165, 'Repairs are paid at replacement cost once the damage is assessed.');
          at(doc, 72, 190, 'If the quay has a cellar, Quay Cover still insures only these items in the cellar:');
          at(doc, 80, 210, '1. Bilge pumps and their motors;');
          at(doc, 80, 227, '2. Fuse boxes and switchgear;');
          at(doc, 80, 244, '3. Fixed stairs and ladders.');
          at(doc, 72, 270, 'Stored goods in the cellar are never insured.');
          at(doc, 72, 300, 'III. Shed Cover', { bold: true, size: 13 });
          at(doc, 72, 325, 'Shed Cover insures the sheds on the quay and their roofs.');
          at(doc, 72, 350, 'If a shed has a cellar, Shed Cover still insures only these items in the cellar:');
          at(doc, 80, 370, '1. Drain grates;');
          at(doc, 80, 387, '2. Wall lamps.');
          at(doc, 72, 420, 'IV. Claims', { bold: true, size: 13 });
          at(doc, 72, 445, 'Claims are filed within 60 days of the damage.');
        },
      ]),
    'quay.pdf',
  );

  it('reads the list inside the landed section as the answer when the whole document cannot tell two alike apart', async () => {
    const q = 'If the quay has a cellar, what does Quay Cover still cover there?';
    const u = understandQuestion(q);
    expect(u.intent).toBe('factual');
    expect(u.confidence).toBeLessThan(0.6);
    const { answer, trace } = await subject.ask<ListingAnswer>(q);
    expect(trace.find((t) => t.step === 'intent_from_document')?.decision).toMatch(/^factual/);
    expect(trace.find((t) => t.step === 'intent_from_section')?.decision).toMatch(/^listing/);
    expect(answer.items.map((i) => i.name)).toEqual(['Bilge pumps and their motors', 'Fuse boxes and switchgear', 'Fixed stairs and ladders']);
  });
});

describe('questions for a subset of the items', () => {
  it('are told apart, so a count of all the items never confirms their list', async () => {
    const { restrictsItems } = await import('../src/question/understand.ts');
    expect(restrictsItems('How many families have no derived requirements, and which are they?')).toBe(true);
    expect(restrictsItems('Which rules apply to sheds without a cellar?')).toBe(true);
    expect(restrictsItems('How many families are there, and which are they?')).toBe(false);
    expect(restrictsItems('What property does the policy not insure?')).toBe(false);
  });
});
