import { describe, expect, it } from 'vitest';
import {
  isDistinctiveCode,
  mergeCandidates,
  normalizeName,
  splitCodeAndTitle,
  stripEnumerator,
} from '../src/listing/merge.ts';
import type { Candidate } from '../src/listing/strategy-types.ts';

const item = (name: string, extra: Partial<Candidate> = {}): Candidate => ({
  name,
  surfaceForms: [],
  citations: [],
  ...extra,
});
const cite = (pageNum: number, lineNum: number, quote: string) => ({ pageNum, lineNum, quote });

describe('normalizeName', () => {
  it.each([
    ['Coverage A—Building Property', 'coverage a building property'],
    ['Valid & Reliable', 'valid and reliable'],
    ['GV.OC-01', 'gv.oc 01'],
    ['MEASURE 2.10', 'measure 2.10'],
    ['  Multi‑factor   authentication ', 'multi factor authentication'],
    ['Use the server or framework’s session management controls.', 'use the server or framework s session management controls'],
    ['Ｆｕｌｌｗｉｄｔｈ ＡＢＣ', 'fullwidth abc'],
    ['e.g., the server', 'e.g the server'],
    ['5.2.1.', '5.2.1'],
    ['[58]', '58'],
    ['Risk-Informed', 'risk informed'],
  ])('%s -> %s', (input, out) => {
    expect(normalizeName(input)).toBe(out);
  });
});

describe('stripEnumerator', () => {
  it.each([
    ['1. Scope the Organizational Profile', 'Scope the Organizational Profile'],
    ['(a) The date and time of loss', 'The date and time of loss'],
    ['b) Other', 'Other'],
    ['• The encoder contains self-attention layers', 'The encoder contains self-attention layers'],
    ['o Sub bullet item', 'Sub bullet item'],
    ['\uF0B7 [58] Use the server', 'Use the server'],
    ['iv. Fourth thing', 'Fourth thing'],
    ['VII. GENERAL CONDITIONS', 'GENERAL CONDITIONS'],
    ['– dash bullet', 'dash bullet'],
    ['5.4 Regularization', '5.4 Regularization'],
    ['GV.OC-01: text', 'GV.OC-01: text'],
    ['U.S. Army Corps', 'U.S. Army Corps'],
    ['CC. not roman', 'CC. not roman'],
    ['Organizational Profile', 'Organizational Profile'],
  ])('%s -> %s', (input, out) => {
    expect(stripEnumerator(input)).toBe(out);
  });
});

describe('splitCodeAndTitle', () => {
  it.each([
    ['• Organizational Context (GV.OC): The circumstances…', 'GV.OC', 'Organizational Context', 'The circumstances…'],
    ['GV.OC-01: The organizational mission…', 'GV.OC-01', 'The organizational mission…', null],
    ['V3.2 Unintended Content Interpretation', 'V3.2', 'Unintended Content Interpretation', null],
    ['5.4 Regularization', '5.4', 'Regularization', null],
    ['3.2. CSF Tiers', '3.2', 'CSF Tiers', null],
    ['GOVERN 1.1: Legal and regulatory…', 'GOVERN 1.1', 'Legal and regulatory…', null],
    ['MEASURE 2.x', 'MEASURE 2.x', '', null],
    ['AC-2 ACCOUNT MANAGEMENT', 'AC-2', 'ACCOUNT MANAGEMENT', null],
    ['AC-2(1) AUTOMATED SYSTEM ACCOUNT MANAGEMENT', 'AC-2(1)', 'AUTOMATED SYSTEM ACCOUNT MANAGEMENT', null],
    ['VI. DEDUCTIBLES', 'VI', 'DEDUCTIBLES', null],
    ['A. Coverage A—Building Property', 'A', 'Coverage A—Building Property', null],
    ['Cybersecurity Supply Chain Risk Management (GV.SC)', 'GV.SC', 'Cybersecurity Supply Chain Risk Management', null],
    ['GOVERN (GV)', 'GV', 'GOVERN', null],
    ['Partial (Tier 1)', 'Tier 1', 'Partial', null],
    ['Tier 1: Partial', 'Tier 1', 'Partial', null],
    ['Appendix A. CSF Core', 'Appendix A', 'CSF Core', null],
    ['Task P-8 Mission or Business Focus', 'P-8', 'Mission or Business Focus', null],
    ['TASK P-8 MISSION OR BUSINESS FOCUS', 'P-8', 'MISSION OR BUSINESS FOCUS', null],
    ['Section 5.4 Regularization', '5.4', 'Regularization', null],
    ['\uF0B7 [58] Use the server', '[58]', 'Use the server', null],
    ['3 Model Architecture', '3', 'Model Architecture', null],
    ['GV.SC', 'GV.SC', '', null],
    ['Level 1', 'Level 1', '', null],
    ['Policy Renewal', null, 'Policy Renewal', null],
    ['Business impact analysis (BIA) registers', null, 'Business impact analysis (BIA) registers', null],
    ['U.S. Army Corps of Engineers', null, 'U.S. Army Corps of Engineers', null],
    ['Part of the process is review', null, 'Part of the process is review', null],
    ['10 percent of the value', null, '10 percent of the value', null],
  ])('%s', (input, code, title, description) => {
    expect(splitCodeAndTitle(input)).toEqual({ code, title, description });
  });

  it('keeps the original characters (quotes must still match the stored line)', () => {
    expect(splitCodeAndTitle('V9.1 Token source and integrity…').title).toBe('Token source and integrity…');
  });
});

describe('isDistinctiveCode', () => {
  it('bare ordinals are not distinctive; real identifiers are', () => {
    for (const c of ['1', 'A', 'a', 'VI', 'iv', '(b)', '3.', null, undefined, '']) expect(isDistinctiveCode(c)).toBe(false);
    for (const c of ['GV.SC', 'GV.OC-01', 'V3.2', '5.4', 'AC-2', 'Tier 1', 'Appendix A', '[58]', 'GOVERN 1.1']) expect(isDistinctiveCode(c)).toBe(true);
  });
});

describe('mergeCandidates', () => {
  it('code-to-title: "Cybersecurity Supply Chain Risk Management (GV.SC)" and "GV.SC" become one item', () => {
    const r = mergeCandidates([
      item('Cybersecurity Supply Chain Risk Management (GV.SC)', { citations: [cite(20, 9, 'Cybersecurity Supply Chain Risk Management (GV.SC)')] }),
      item('GV.SC', { citations: [cite(27, 3, 'GV.SC')] }),
    ]);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({
      name: 'Cybersecurity Supply Chain Risk Management',
      code: 'GV.SC',
      surfaceForms: ['Cybersecurity Supply Chain Risk Management (GV.SC)', 'GV.SC'],
    });
    expect(r.items[0]!.citations).toHaveLength(2);
    expect(r.merges).toEqual([{ kept: 'Cybersecurity Supply Chain Risk Management', merged: 'GV.SC', reason: 'code-title' }]);
  });

  it('code first, title second: named by the title, at the code item position', () => {
    const r = mergeCandidates([item('Organizational Context'), item('GV.SC'), item('Cybersecurity Supply Chain Risk Management (GV.SC)')]);
    expect(r.items.map((i) => i.name)).toEqual(['Organizational Context', 'Cybersecurity Supply Chain Risk Management']);
  });

  it('merges transitively: "V3.2", "Unintended Content Interpretation" and "V3.2 Unintended Content Interpretation"', () => {
    const r = mergeCandidates([item('V3.2'), item('Unintended Content Interpretation'), item('V3.2 Unintended Content Interpretation')]);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ name: 'Unintended Content Interpretation', code: 'V3.2' });
    expect(r.items[0]!.surfaceForms).toEqual(['V3.2', 'Unintended Content Interpretation', 'V3.2 Unintended Content Interpretation']);
  });

  it('surface dedup ignores case, punctuation and list decoration', () => {
    const r = mergeCandidates([
      item('1. Scope the Organizational Profile', { citations: [cite(12, 4, '1. Scope the Organizational Profile.')] }),
      item('Scope the organizational profile', { citations: [cite(12, 4, '1. Scope the Organizational Profile.')] }),
      item('• Scope the Organizational Profile.'),
      item('(a) Gather the information'),
    ]);
    expect(r.items.map((i) => i.name)).toEqual(['Scope the Organizational Profile', 'Gather the information']);
    expect(r.items[0]!.citations).toEqual([cite(12, 4, '1. Scope the Organizational Profile.')]); // deduped
    expect(r.items[0]!.surfaceForms).toEqual(['1. Scope the Organizational Profile', 'Scope the organizational profile']);
    expect(r.merges.map((m) => m.reason)).toEqual(['surface', 'surface']);
  });

  it('keeps all citations and surface forms, first-seen order, and the best confidence', () => {
    const r = mergeCandidates([
      item('Valid and Reliable', { surfaceForms: ['Valid & Reliable'], citations: [cite(17, 3, 'Valid and Reliable')], confidence: 0.6 }),
      item('Safe', { citations: [cite(17, 4, 'Safe')] }),
      item('valid & reliable', { surfaceForms: ['Valid and reliable systems'], citations: [cite(18, 1, 'Valid & Reliable'), cite(17, 3, 'Valid and Reliable')], confidence: 0.9 }),
    ]);
    expect(r.items.map((i) => i.name)).toEqual(['Valid and Reliable', 'Safe']);
    const v = r.items[0]!;
    expect(v.surfaceForms).toEqual(['Valid and Reliable', 'Valid and reliable systems']);
    expect(v.citations).toEqual([cite(17, 3, 'Valid and Reliable'), cite(18, 1, 'Valid & Reliable')]);
    expect(v.confidence).toBe(0.9);
  });

  it('never merges a category code into its subcategories', () => {
    const r = mergeCandidates([item('GV.OC'), item('GV.OC-01'), item('GV.OC-02'), item('Organizational Context (GV.OC)')]);
    expect(r.items.map((i) => i.code)).toEqual(['GV.OC', 'GV.OC-01', 'GV.OC-02']);
    expect(r.items[0]!.name).toBe('Organizational Context');
  });

  it('does not merge codes that differ only by a suffix: MEASURE 2.1 vs MEASURE 2.10, P-1 vs P-10', () => {
    const r = mergeCandidates([item('MEASURE 2.1'), item('MEASURE 2.10'), item('Task P-1'), item('Task P-10')]);
    expect(r.items).toHaveLength(4);
  });

  it('names a code-only item by its code when the only title is a sentence', () => {
    const r = mergeCandidates([
      item('GV.OC-01'),
      item('GV.OC-01: The organizational mission is understood and informs cybersecurity risk management'),
    ]);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]!.name).toBe('GV.OC-01');
    expect(r.items[0]!.surfaceForms).toHaveLength(2);
  });

  it('same title with two different codes stays two items', () => {
    const r = mergeCandidates([item('GV.PO-01 Policy'), item('ID.IM-01 Policy'), item('Policy')]);
    expect(r.items.filter((i) => i.code).map((i) => i.code)).toEqual(['GV.PO-01', 'ID.IM-01']);
    // "Policy" joins the first group it matches, never bridging the two codes.
    expect(r.items).toHaveLength(2);
  });

  it('labelled codes: "Partial (Tier 1)" and "Tier 1"', () => {
    const r = mergeCandidates([item('Tier 1'), item('Tier 2'), item('Partial (Tier 1)'), item('Risk Informed (Tier 2)')]);
    expect(r.items.map((i) => [i.name, i.code])).toEqual([
      ['Partial', 'Tier 1'],
      ['Risk Informed', 'Tier 2'],
    ]);
  });

  it('containment: a head set off by punctuation ("Coverage A" / "Coverage A—Building Property")', () => {
    const r = mergeCandidates([item('Coverage A—Building Property'), item('Coverage B—Personal Property'), item('Coverage A')]);
    expect(r.items.map((i) => i.name)).toEqual(['Coverage A—Building Property', 'Coverage B—Personal Property']);
    expect(r.merges).toEqual([{ kept: 'Coverage A—Building Property', merged: 'Coverage A', reason: 'containment' }]);
  });

  it('containment: the title after a short label ("Building Property")', () => {
    const r = mergeCandidates([item('Coverage A Building Property'), item('Building Property')]);
    expect(r.items).toHaveLength(1);
    expect(r.merges[0]!.reason).toBe('containment');
  });

  it('containment: a truncated sentence of three or more words', () => {
    const r = mergeCandidates([
      item('Use the server or framework’s session management controls'),
      item('Use the server or framework’s session management controls. The application should only recognize these session identifiers as valid'),
    ]);
    expect(r.items).toHaveLength(1);
  });

  it('no containment between distinct items that share words', () => {
    const r = mergeCandidates([
      item('Personal Property'),
      item('Personal Property Replacement Cost'),
      item('Risk Management'),
      item('Supply Chain Risk Management'),
      item('Safe'),
      item('Secure and Resilient'),
      item('encoder self-attention'),
      item('decoder self-attention'),
      item('Level 1'),
      item('Level 10'),
    ]);
    expect(r.items).toHaveLength(10);
    expect(r.merges).toEqual([]);
  });

  it('ordinal-only codes never merge different items', () => {
    const r = mergeCandidates([item('A. Pair and Set Clause'), item('A. This policy insures the following'), item('1. First'), item('1. Second')]);
    expect(r.items).toHaveLength(4);
    expect(r.items.map((i) => i.code ?? null)).toEqual([null, null, null, null]);
  });

  it('strips list decoration from names but keeps it in surface forms', () => {
    const r = mergeCandidates([item('• In "encoder-decoder attention" layers'), item('VII. GENERAL CONDITIONS')]);
    expect(r.items.map((i) => i.name)).toEqual(['In "encoder-decoder attention" layers', 'GENERAL CONDITIONS']);
    expect(r.items[1]!.surfaceForms).toEqual(['VII. GENERAL CONDITIONS']);
  });

  it('keeps a caller-given code and uses it for merging', () => {
    const r = mergeCandidates([item('Mission or Business Focus', { code: 'P-8' }), item('TASK P-8')]);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ name: 'Mission or Business Focus', code: 'P-8' });
  });

  it('empty input and single items pass through', () => {
    expect(mergeCandidates([])).toEqual({ items: [], merges: [] });
    const r = mergeCandidates([item('Safe', { citations: [cite(1, 1, 'Safe')], confidence: 0.5 })]);
    expect(r.items).toEqual([{ name: 'Safe', surfaceForms: ['Safe'], citations: [cite(1, 1, 'Safe')], confidence: 0.5, code: null }]);
  });

  it('does not mutate its input', () => {
    const input = [item('GV.SC', { surfaceForms: ['x'] }), item('Cybersecurity Supply Chain Risk Management (GV.SC)')];
    const copy = JSON.parse(JSON.stringify(input));
    mergeCandidates(input);
    expect(input).toEqual(copy);
  });

  it('is deterministic', () => {
    const input = [item('V3.2'), item('Unintended Content Interpretation'), item('V3.2 Unintended Content Interpretation'), item('Cookie Setup')];
    expect(mergeCandidates(input)).toEqual(mergeCandidates(input));
  });
});

describe('list items as answer items', () => {
  it('keeps the nested items of an item that introduces them in one more surface form, and the item count', async () => {
    const { listItemsAsCandidates } = await import('../src/listing/candidates.ts');
    const base = { parentList: null, parentItem: null, depth: 0, kind: 'lower-alpha', sectionId: null, heading: null, intro: 'We will not pay for:', itemCount: 2, sequential: true, endedBy: 'text' as const, gapAfter: false, pageStart: 1, pageEnd: 1, sectionPath: '' };
    const item = (ordinal: number, text: string) => ({ ordinal, label: text.replace(/:$/, ''), text, pageNum: 1, lineNum: ordinal, lineId: ordinal, lineText: text });
    const outer = { ...base, id: 1, items: [item(1, 'The cost to comply with any law.'), item(2, 'Any extra cost under this coverage:')] };
    const inner = { ...base, id: 2, parentList: 1, parentItem: 1, depth: 1, kind: 'decimal', intro: null, items: [item(1, 'Until the building is elevated; and'), item(2, 'Unless the building is relocated within two years.')] };
    const out = listItemsAsCandidates(outer, [outer, inner]);
    expect(out).toHaveLength(2);
    expect(out[0]!.surfaceForms).toEqual(['The cost to comply with any law.']);
    expect(out[1]!.surfaceForms.at(-1)).toBe('Any extra cost under this coverage: Until the building is elevated; and Unless the building is relocated within two years.');
  });
});

describe('joining wrapped lines', () => {
  it('mends a word broken at a soft hyphen whatever the next line opens with, and drops soft hyphens inside lines', async () => {
    const { joinParts } = await import('../src/structure/lists.ts');
    expect(joinParts(['Any Increased Cost of Com\u00AD', 'pliance under this', 'cover\u00ADage D'])).toBe('Any Increased Cost of Compliance under this coverage D');
    // A plain hyphen before a capital is kept: it may join two words ("Inter- Agency").
    expect(joinParts(['applies to Inter-', 'Agency work'])).toBe('applies to Inter- Agency work');
  });

  it('keeps the hyphen of a compound broken over a line when the document writes it whole elsewhere, and mends any other broken word', async () => {
    const { compoundsOf, joinParts, withCompounds } = await import('../src/structure/lists.ts');
    const compounds = compoundsOf([{ text: 'Risks of third-party tools are tracked.' }, { text: 'A cost-effective plan.' }]);
    withCompounds(compounds, () => {
      expect(joinParts(['policies include deployed and third-', 'party AI systems'])).toBe('policies include deployed and third-party AI systems');
      expect(joinParts(['the organiza-', 'tion signs'])).toBe('the organization signs');
    });
    // Outside the document being read, every broken word is mended as before.
    expect(joinParts(['deployed and third-', 'party systems'])).toBe('deployed and thirdparty systems');
  });

  it('joins a long flow in one pass exactly as line-by-line joining does, each line found at its offset', async () => {
    const { compoundsOf, joinLine, withCompounds } = await import('../src/structure/lists.ts');
    const { flowOf, lineIndexAt } = await import('../src/structure/flow-text.ts');
    // Every join kind, repeated far past the end the joiner carries (a mend, a kept compound,
    // a soft hyphen, a plain space), so the text's end alone must decide each join.
    const texts = ['the organiza-', 'tion keeps third-', 'party records of com\u00AD', 'pliance and', 'Inter-', 'Agency work.'];
    const lines = Array.from({ length: 3000 }, (_, k) => ({ text: texts[k % texts.length]! })) as unknown as import('../src/parse/types.ts').ParsedLine[];
    withCompounds(compoundsOf([{ text: 'a third-party tool' }]), () => {
      const flow = flowOf(lines);
      let expected = '';
      for (const l of lines) expected = expected ? joinLine(expected, l.text) : l.text;
      expect(flow.text).toBe(expected);
      expect(flow.text).toContain('the organization keeps third-party records of compliance and Inter- Agency work. the organization');
      // Line 1998 opens "the organiza-": its offset points at its own words.
      expect(flow.text.slice(flow.starts[1998], flow.starts[1998]! + 10)).toBe('the organi');
      expect(lineIndexAt(flow, flow.starts[1998]! + 3)).toBe(1998);
    });
  });
});
