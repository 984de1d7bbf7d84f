import { describe, expect, it } from 'vitest';
import { coversQuestion } from '../src/listing/dispatch.ts';
import {
  bestCue,
  countEnumeration,
  findCardinalityCues,
  findEnumerations,
  type CueLine,
} from '../src/listing/cardinality.ts';

/** Lines as the parser stores them; page/line numbers are the corpus's real ones where noted. */
function page(pageNum: number, firstLine: number, texts: string[]): CueLine[] {
  return texts.map((text, i) => ({ pageNum, lineNum: firstLine + i, text }));
}

const one = (text: string, pageNum = 1, lineNum = 1): CueLine[] => [{ pageNum, lineNum, text }];

describe('findCardinalityCues: real corpus phrasing', () => {
  it('attention p7: "three types of regularization" counts for the complement noun', () => {
    const lines = page(7, 49, ['5.4 Regularization', 'We employ three types of regularization during training:', '7']);
    const cues = findCardinalityCues(lines, 'regularization');
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ count: 3, noun: 'types of regularization', pageNum: 7, lineNum: 50, match: 'complement' });
    expect(cues[0]!.strength).toBeGreaterThan(0.8); // trigger "employ" + closing colon
  });

  it('attention p7: the same cue counts for the classifier noun "types"', () => {
    const lines = page(7, 50, ['We employ three types of regularization during training:']);
    expect(findCardinalityCues(lines, 'types')[0]).toMatchObject({ count: 3, match: 'head' });
  });

  it('reads a section number before a title as numbering, not as a count', () => {
    expect(findCardinalityCues(page(2, 1, ['5 Labelling Requirements']), 'requirements')).toEqual([]);
    expect(findCardinalityCues(page(2, 1, ['14 requirements are listed below.']), 'requirements')[0]).toMatchObject({ count: 14 });
  });

  it('CSF p31: "There are six CSF Functions" with a modifier between number and noun', () => {
    const lines = page(31, 18, ['The highest level of organization for cybersecurity outcomes. There are six CSF Functions: Govern, Identify,']);
    const [cue] = findCardinalityCues(lines, 'functions');
    expect(cue).toMatchObject({ count: 6, noun: 'CSF Functions', text: 'There are six CSF Functions', match: 'head' });
    expect(cue!.strength).toBeGreaterThanOrEqual(0.9);
  });

  it('CSF p9: a cue wrapped onto the next line ("all six" / "Functions.")', () => {
    const lines = page(9, 4, [
      'improvement opportunities for the organization’s policies, plans, processes, procedures,',
      'and practices that support cybersecurity risk management to inform efforts under all six',
      'Functions.',
      '• PROTECT (PR) — Safeguards to manage the organization’s cybersecurity risks are used.',
    ]);
    const cues = findCardinalityCues(lines, 'functions');
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ count: 6, pageNum: 9, lineNum: 5, endLineNum: 6, text: 'all six Functions' });
  });

  it('does not join lines across pages', () => {
    const lines = [
      { pageNum: 9, lineNum: 40, text: 'to inform efforts under all six' },
      { pageNum: 10, lineNum: 1, text: 'Functions.' },
    ];
    expect(findCardinalityCues(lines, 'functions')).toEqual([]);
  });

  it('CSF p8: "the other five Functions" is a partial count, not a cue', () => {
    const lines = page(8, 18, ['prioritize the outcomes of the other five Functions in the context of its mission and']);
    expect(findCardinalityCues(lines, 'functions')).toEqual([]);
  });

  it('CSF p31: "There are four Tiers:"', () => {
    const lines = page(31, 38, ['There are four Tiers: Partial (Tier 1), Risk Informed (Tier 2), Repeatable (Tier 3), and Adaptive (Tier 4).']);
    const cues = findCardinalityCues(lines, 'tiers');
    expect(cues.map((c) => c.count)).toEqual([4]); // "Tier 1" ... are labels, not counts
  });

  it('SP 800-37 p27: several cues, the agreed count wins', () => {
    const lines = page(27, 32, [
      'There are seven steps in the RMF; a preparatory step to ensure that organizations are ready to',
      'execute the process and six main steps. All seven steps are essential for the successful execution',
      'of the RMF. The steps are:',
    ]);
    const cues = findCardinalityCues(lines, 'steps');
    expect(cues.map((c) => c.count).sort()).toEqual([6, 7, 7]);
    expect(bestCue(cues, 'steps')!.count).toBe(7);
    const six = cues.find((c) => c.count === 6)!;
    expect(six.strength).toBeLessThan(cues.find((c) => c.count === 7)!.strength);
  });

  it('SP 800-37 p22: "Chapter 3 describes the seven steps" keeps the count and drops the label', () => {
    const cues = findCardinalityCues(page(22, 44, ['Chapter 3 describes the seven steps and associated tasks in the RMF.']), 'steps');
    expect(cues.map((c) => c.count)).toEqual([7]);
    expect(cues[0]!.text).toBe('describes the seven steps');
  });

  it('ASVS p13: modifiers between number and noun ("three security verification levels")', () => {
    const cues = findCardinalityCues(page(13, 28, ['The ASVS defines three security verification levels, with each level increasing in depth and complex‑']), 'levels');
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ count: 3, noun: 'security verification levels' });
  });

  it('ASVS: "approximately 350 requirements" is approximate and weak; "a total of 345" is strong', () => {
    const lines = [
      ...page(10, 11, ['• Restructured and Expanded Content: ASVS 5.0 includes approximately 350 requirements across', '17 chapters. Chapters have been reorganized for clarity and usability. A two‑way mapping']),
      ...page(23, 30, ['there are 70 L1 requirements out of a total of 345 requirements, representing 20%.']),
    ];
    const cues = findCardinalityCues(lines, 'requirements');
    const approx = cues.find((c) => c.count === 350)!;
    expect(approx.approximate).toBe(true);
    expect(approx.strength).toBeLessThan(0.3);
    expect(bestCue(cues, 'requirements')!.count).toBe(345);
    expect(findCardinalityCues(lines, 'requirements', { includeApproximate: false }).some((c) => c.approximate)).toBe(false);
  });

  it('ASVS TOC: page numbers closing a line are not counts', () => {
    const lines = page(2, 26, [
      'Application Security Verification Levels . . . . . . . . . . . . . . . . . 12',
      'Level evaluation . . . . . . . . . . . . . . . . . . . . . . . . 13',
      'Level 1 . . . . . . . . . . . . . . . . . . . . . . . . . . 13',
      'Level 2 . . . . . . . . . . . . . . . . . . . . . . . . . . 13',
    ]);
    expect(findCardinalityCues(lines, 'levels')).toEqual([]);
  });

  it('AI RMF p5: figure labels and bare page numbers are not counts', () => {
    const lines = page(5, 21, [
      '11',
      'Fig. 4 Characteristics of trustworthy AI systems. Valid & Reliable is a necessary',
      '12',
      'Fig. 5 Functions organize AI risk management activities at their highest level to',
    ]);
    expect(findCardinalityCues(lines, 'characteristics')).toEqual([]);
    expect(findCardinalityCues(lines, 'functions')).toEqual([]);
  });

  it('AI RMF p25: "composed of four functions:"', () => {
    const cues = findCardinalityCues(page(25, 7, ['trated in Figure 5, the Core is composed of four functions: GOVERN, MAP, MEASURE,']), 'functions');
    expect(cues).toHaveLength(1);
    expect(cues[0]!.count).toBe(4);
    expect(cues[0]!.strength).toBe(1);
  });

  it('AI RMF p23: "three major categories of AI bias" matches the categories and the bias', () => {
    const line = page(23, 4, ['three major categories of AI bias to be considered and managed: systemic, computational']);
    expect(findCardinalityCues(line, 'categories')[0]).toMatchObject({ count: 3, match: 'head' });
    expect(findCardinalityCues(line, 'biases')[0]).toMatchObject({ count: 3, noun: 'major categories of AI bias' });
  });

  it('attention p3: "N = 6 identical layers"', () => {
    const cues = findCardinalityCues(page(3, 6, ['Encoder: The encoder is composed of a stack of N = 6 identical layers. Each layer has two']), 'layers');
    expect(cues[0]).toMatchObject({ count: 6, noun: 'identical layers' });
    expect(cues[0]!.strength).toBeGreaterThan(0.7);
  });

  it('attention p6: the document\'s own noun ("desiderata" for criteria) is no count of the item noun, only a count of its own', () => {
    const lines = page(6, 54, [
      'layer in a typical sequence transduction encoder or decoder. Motivating our use of self-attention we',
      'consider three desiderata.',
      'One is the total computational complexity per layer. Another is the amount of computation that can',
    ]);
    // No hand-written synonym ties the two nouns: the ordinal sentences after the count do that
    // (semantic strategy), and such a count never makes a list complete.
    expect(findCardinalityCues(lines, 'criteria')).toHaveLength(0);
    const own = findCardinalityCues(lines, null);
    expect(own).toHaveLength(1); // "One is ..." is not a count
    expect(own[0]).toMatchObject({ count: 3, noun: 'desiderata', match: 'generic' });
  });

  it('attention p5: "in three different ways:"', () => {
    const cues = findCardinalityCues(page(5, 37, ['The Transformer uses multi-head attention in three different ways:']), 'ways');
    expect(cues[0]).toMatchObject({ count: 3, noun: 'different ways' });
  });

  it('FEMA: ranges, bounds, multipliers and year spans are not counts', () => {
    const lines = [
      ...page(3, 7, ['1. A one to four family residential building, not under', 'a condominium form of ownership;']),
      ...page(3, 61, ['1. A general and temporary condition of partial', 'or complete inundation of two or more acres of', 'normally dry land area or of two or more properties']),
      ...page(10, 41, ['(b) The building has suffered flood damage', 'on two occasions during a 10-year', 'period which ends on the date of the']),
      ...page(16, 46, ['amount will be two times the deductible that would']),
      ...page(12, 20, ['The policy must be in force for at least 3 years and no more than 5 years.']),
    ];
    expect(findCardinalityCues(lines, null)).toEqual([]);
    expect(findCardinalityCues(lines, 'properties')).toEqual([]);
  });

  it('FEMA p28: "provides three methods of settling losses"', () => {
    const lines = page(28, 13, ['This policy provides three methods of settling', 'losses: Replacement Cost, Special Loss']);
    expect(findCardinalityCues(lines, 'methods')[0]).toMatchObject({ count: 3, text: 'provides three methods' });
  });

  it('a cited title ("Four Principles of Explainable Artificial Intelligence") is weak', () => {
    const lines = page(48, 16, ['P. Jonathon Phillips, Carina A. Hahn, Peter C. Fontana, et al. 2021. Four Principles of', 'Explainable Artificial Intelligence. National Institute of Standards and Technology (NIST) IR']);
    const cues = findCardinalityCues(lines, 'principles');
    expect(cues).toHaveLength(1);
    expect(cues[0]!.strength).toBeLessThan(0.4);
  });
});

describe('findCardinalityCues: rules', () => {
  it.each([
    ['The framework consists of six Functions.', 6],
    ['The Core comprises 4 functions.', 4],
    ['It is organized into twenty-two functions.', 22],
    ['We list the following 9 functions:', 9],
    ['There are a dozen functions.', 12],
    ['The three (3) functions are described below.', 3],
    ['The standard defines only two functions.', 2],
  ])('%s -> %d', (text, n) => {
    const cues = findCardinalityCues(one(text), 'functions');
    expect(cues.map((c) => c.count)).toEqual([n]);
  });

  it.each([
    'Section 5.4 describes the functions.',
    'See Table 2 functions.',
    'The framework was published in 2024 with functions.',
    'One of the functions is GOVERN.',
    'One or more functions apply.',
    'Two of the functions are new.',
    'At least three functions apply.',
    'More than 4 functions apply.',
    'Up to 5 functions may be used.',
    'Between two and four functions apply.',
    'It uses a two-function model.',
    'The five function model is old.',
    'GOVERN 1 functions are listed.',
    'Level 2 functions are listed.',
    'The first three functions are listed.',
    'The remaining four functions are listed.',
    'It covers 100,000 functions.',
    'Functions are described in 3.5 pages.',
    '(2) functions',
    '3. Functions',
    'It covers 3% of functions.',
  ])('no cue in: %s', (text) => {
    expect(findCardinalityCues(one(text), 'functions')).toEqual([]);
  });

  it('rejects counts above maxCount', () => {
    expect(findCardinalityCues(one('There are 900 functions.'), 'functions')).toEqual([]);
    expect(findCardinalityCues(one('There are 900 functions.'), 'functions', { maxCount: 1000 })).toHaveLength(1);
  });

  it('matches singular and plural forms of the item noun', () => {
    expect(findCardinalityCues(one('There are three categories.'), 'category')).toHaveLength(1);
    expect(findCardinalityCues(one('There are three criteria.'), 'criterion')).toHaveLength(1);
    expect(findCardinalityCues(one('It has four appendices.'), 'appendix')).toHaveLength(1);
  });

  it('counts "types" for "event types" only with what they classify: before them or after "of"', () => {
    expect(findCardinalityCues(one('There are two types of questions: open and closed.'), 'event types')).toEqual([]);
    expect(findCardinalityCues(one('There are two types.'), 'event types')).toEqual([]);
    expect(findCardinalityCues(one('It is followed by JSON files of two kinds:'), 'types', { qualifiers: ['event'] })).toEqual([]);
    expect(findCardinalityCues(one('There are eight event types in the archive.'), 'event types')[0]).toMatchObject({ count: 8, match: 'head' });
    expect(findCardinalityCues(one('The archive holds eight types of events:'), 'event types')[0]).toMatchObject({ count: 8 });
    // The question's item noun may be the classifier alone, its phrase's words passed beside it.
    expect(findCardinalityCues(one('There are two types of questions: open and closed.'), 'types', { qualifiers: ['event'] })).toEqual([]);
    expect(findCardinalityCues(one('There are two types of questions: open and closed.'), 'types')).toHaveLength(1);
  });

  it('counts a bare head right after its number only where the sentence names a qualifier of the question', () => {
    // "global cost functions": the two functions of a passing remark are some other functions.
    expect(findCardinalityCues(one('The domains of the two functions must match.'), 'functions', { qualifiers: ['global', 'cost'] })).toEqual([]);
    // The sentence says which: its subject holds a qualifier.
    expect(findCardinalityCues(one('The global library offers four functions:'), 'functions', { qualifiers: ['global', 'cost'] })[0]).toMatchObject({ count: 4, match: 'head' });
    // A noun phrase of its own after the number is read as before.
    expect(findCardinalityCues(one('The three q-gram based distances are computed alike.'), 'distances', { qualifiers: ['gram', 'based'] })[0]).toMatchObject({ count: 3 });
    // Without qualifiers in the question, a bare head counts.
    expect(findCardinalityCues(one('The domains of the two functions must match.'), 'functions')[0]).toMatchObject({ count: 2 });
  });

  it('matches a modifier word of a multiword item noun, a little weaker than the head', () => {
    const cues = findCardinalityCues(one('GOVERN has 31 subcategories.'), 'subcategory codes');
    expect(cues[0]).toMatchObject({ count: 31, match: 'modifier' });
  });

  it('accepts caller synonyms and question keywords', () => {
    expect(findCardinalityCues(one('There are five pillars.'), 'principles', { synonyms: ['pillars'] })[0]).toMatchObject({ count: 5, match: 'synonym' });
    expect(findCardinalityCues(one('There are five pillars.'), 'principles', { keywords: ['pillars'] })[0]).toMatchObject({ count: 5, match: 'keyword' });
  });

  it('a count of one needs an explicit statement', () => {
    expect(findCardinalityCues(one('There is one exception.'), 'exceptions')).toHaveLength(1);
    expect(findCardinalityCues(one('One exception applies to basements.'), 'exceptions')).toEqual([]);
    expect(findCardinalityCues(one('There is one exception.'), null)).toEqual([]);
  });

  it('with no item noun returns plural noun cues, skipping units', () => {
    const cues = findCardinalityCues(one('There are six CSF Functions, trained for 12 hours on eight GPUs over three days.'), null);
    expect(cues.map((c) => c.count)).toEqual([6]);
    expect(cues[0]!.match).toBe('generic');
  });

  it('passes the line id through', () => {
    const cues = findCardinalityCues([{ id: 42, pageNum: 3, lineNum: 7, text: 'There are four tiers.' }], 'tiers');
    expect(cues[0]!.lineId).toBe(42);
  });

  it('rejoins a word hyphenated across the line end', () => {
    const lines = page(1, 1, ['the framework identifies three sub-', 'categories of risk']);
    // "sub-" + "categories" -> "subcategories"
    expect(findCardinalityCues(lines, 'subcategories')[0]).toMatchObject({ count: 3, endLineNum: 2 });
  });
});

describe('bestCue', () => {
  it('returns null on no cues', () => {
    expect(bestCue([], 'functions')).toBeNull();
  });

  it('prefers the strongest cue, then the count other cues agree on', () => {
    const lines = [
      ...one('The document mentions three functions in passing', 1, 1),
      ...one('There are six functions:', 2, 1),
      ...one('All six functions matter', 3, 1),
    ];
    expect(bestCue(findCardinalityCues(lines, 'functions'), 'functions')!.count).toBe(6);
  });

  it('prefers a cue naming the whole item noun over one naming part of it', () => {
    const lines = [...one('There are 22 subcategories.', 1, 1), ...one('There are 22 subcategory codes.', 2, 1), ...one('There are 20 codes.', 3, 1)];
    const best = bestCue(findCardinalityCues(lines, 'subcategory codes'), 'subcategory codes')!;
    expect(best.noun).toBe('subcategory codes');
  });

  it('prefers an exact count over an approximate one', () => {
    const lines = [...one('ASVS has approximately 350 requirements.', 1, 1), ...one('In total it has 345 requirements.', 2, 1)];
    expect(bestCue(findCardinalityCues(lines, 'requirements'), 'requirements')!.count).toBe(345);
  });
});

describe('findEnumerations / countEnumeration', () => {
  it('CSF p12: numbered steps with wrapped lines', () => {
    const lines = page(12, 4, [
      '1. Scope the Organizational Profile. Document the high-level facts and assumptions on',
      'which the Profile will be based to define its scope. An organization can have as many',
      '2. Gather the information needed to prepare the Organizational Profile. Examples of',
      'information may include organizational policies, risk management priorities and',
      '3. Create the Organizational Profile. Determine what types of information the Profile',
      '4. Analyze the gaps between the Current and Target Profiles, and create an action plan.',
      'Conduct a gap analysis to identify and analyze the differences between the Current and',
      '5. Implement the action plan, and update the Organizational Profile. Follow the action',
      'Given the importance of continual improvement, an organization can repeat these steps as',
    ]);
    const e = countEnumeration(lines)!;
    expect(e).toMatchObject({ kind: 'decimal', style: '1.', count: 5, first: 1, last: 5, contiguous: true, startsAtOne: true, ordered: true });
    expect(e.items[1]).toMatchObject({ pageNum: 12, lineNum: 6, marker: '2.', ordinal: 2 });
    expect(e.items[0]!.text).toMatch(/^Scope the Organizational Profile/);
  });

  it('SCP p7: bracket numbers behind a symbol-font bullet, not starting at one', () => {
    const lines = page(7, 20, [
      'Session Management:',
      '\uF0B7 [58] Use the server or framework’s session management controls. The application should only',
      'recognize these session identifiers as valid',
      '\uF0B7 [59] Session identifier creation must always be done on a trusted system (e.g., The server)',
      '\uF0B7 [60] Session management controls should use well vetted algorithms that ensure sufficiently random',
      'session identifiers',
      '\uF0B7 [61] Set the domain and path for cookies containing authenticated session identifiers to an',
    ]);
    const e = countEnumeration(lines)!;
    expect(e).toMatchObject({ kind: 'bracket', count: 4, first: 58, last: 61, startsAtOne: false, contiguous: true });
    expect(e.items[0]!.text).toMatch(/^Use the server/);
  });

  it('attention p5: bullets', () => {
    const lines = page(5, 37, [
      'The Transformer uses multi-head attention in three different ways:',
      '• In "encoder-decoder attention" layers, the queries come from the previous decoder layer,',
      'and the memory keys and values come from the output of the encoder. This allows every',
      '• The encoder contains self-attention layers. In a self-attention layer all of the keys, values',
      '• Similarly, self-attention layers in the decoder allow each position in the decoder to attend to',
    ]);
    expect(countEnumeration(lines)).toMatchObject({ kind: 'bullet', style: '•', count: 3, ordered: false, first: null });
  });

  it('FEMA: an outer lettered list survives nested numbered and lettered lists', () => {
    const lines = page(17, 1, [
      'VII. GENERAL CONDITIONS',
      'A. Pair and Set Clause',
      'In case of loss to an article that is part of a pair or set, we will have the option of paying you:',
      '1. An amount equal to the cost of replacing the lost, damaged, or destroyed article, minus its',
      '2. The amount that represents the fair proportion of the total value of the pair or set that the',
      'B. Other Insurance',
      '1. If other insurance is issued to you, covering the same property, we will not pay more',
      'a. We will pay only the proportion of the loss that the amount of insurance that applies',
      'b. If the other policy has a provision stating that it is excess insurance, this policy will',
      'c. This policy will be primary (but subject to its own deductible) up to the deductible',
      'C. Amendments, Waivers, Assignment',
      'D. Insufficient Premium or Rating Information',
    ]);
    const runs = findEnumerations(lines);
    const upper = runs.find((r) => r.kind === 'alpha-upper')!;
    expect(upper.count).toBe(4);
    expect(upper.items.map((i) => i.text)).toEqual(['Pair and Set Clause', 'Other Insurance', 'Amendments, Waivers, Assignment', 'Insufficient Premium or Rating Information']);
    expect(runs.find((r) => r.kind === 'alpha-lower')!.count).toBe(3);
    // The first run to start is the outer list; "VII." alone is not a list.
    expect(countEnumeration(lines)!.kind).toBe('alpha-upper');
  });

  it('restarted numbering starts a new run', () => {
    const lines = page(1, 1, ['1. a', '2. b', 'text', '1. c', '2. d', '3. e']);
    const runs = findEnumerations(lines);
    expect(runs.map((r) => r.count)).toEqual([2, 3]);
  });

  it('reads "i." as alphabetic after "h." and as roman at the start of a list', () => {
    const alpha = page(1, 1, ['g. seven', 'h. eight', 'i. nine', 'j. ten']);
    expect(findEnumerations(alpha)).toMatchObject([{ kind: 'alpha-lower', count: 4 }]);
    const roman = page(1, 1, ['i. one', 'ii. two', 'iii. three', 'iv. four', 'v. five']);
    expect(findEnumerations(roman)).toMatchObject([{ kind: 'roman-lower', count: 5, last: 5 }]);
  });

  it('parenthesised and right-paren markers are separate styles', () => {
    const lines = page(1, 1, ['(a) first', '(b) second', 'a) other', 'b) other two', '(1) x', '(2) y']);
    const runs = findEnumerations(lines);
    expect(runs.map((r) => r.style)).toEqual(['(a)', 'a)', '(1)']);
  });

  it('tolerates one lost item and flags the gap', () => {
    const lines = page(1, 1, ['1. one', '2. two', '4. four', '5. five']);
    expect(countEnumeration(lines)).toMatchObject({ count: 4, first: 1, last: 5, contiguous: false });
  });

  it('labelled steps ("Step 1:") form a list', () => {
    const lines = page(1, 1, ['Step 1: Prepare', 'body', 'Step 2: Categorize', 'Step 3: Select']);
    expect(countEnumeration(lines)).toMatchObject({ kind: 'label', style: 'step', count: 3 });
  });

  it('section numbers, page numbers and prose are not list markers', () => {
    const lines = page(1, 1, ['5.4 Regularization', '7', 'e.g. something', 'U.S. Army Corps', 'A sentence.', '3.2. CSF Tiers']);
    expect(findEnumerations(lines)).toEqual([]);
    expect(countEnumeration(lines)).toBeNull();
  });

  it('a long silence between bullets ends the list', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `prose line ${i}`);
    const lines = page(1, 1, ['• a', '• b', ...filler, '• c', '• d', '• e']);
    expect(findEnumerations(lines).map((r) => r.count)).toEqual([2, 3]);
    expect(findEnumerations(lines, { maxGapLines: 30 }).map((r) => r.count)).toEqual([5]);
  });

  it('"o" sub-bullets and dash bullets', () => {
    expect(countEnumeration(page(1, 1, ['o First thing', 'o Second thing']))).toMatchObject({ kind: 'bullet', style: 'o', count: 2 });
    expect(countEnumeration(page(1, 1, ['- First thing', '- Second thing', '- Third']))).toMatchObject({ kind: 'bullet', style: '-', count: 3 });
  });
});

describe('findCardinalityCues: line-break and case edge cases', () => {
  it('ASVS p105: the tail of a hyphen-broken publication number is not a count', () => {
    const lines = page(105, 5, [
      'The relative security strengths for various cryptographic systems are in this table (from NIST SP 800‑',
      '57 Part 1, p.71):',
      'Symmetric Key',
    ]);
    expect(findCardinalityCues(lines, 'sections')).toEqual([]);
    expect(findCardinalityCues(lines, null)).toEqual([]);
  });

  it('a singular noun after a count above one is not the counted noun', () => {
    expect(findCardinalityCues(one('The five function model is old.'), 'functions')).toEqual([]);
    expect(findCardinalityCues(one('It has three part structure.'), 'parts')).toEqual([]);
  });

  it('reads headings in capitals', () => {
    expect(findCardinalityCues(one('THE SIX FUNCTIONS OF THE CORE'), 'functions')).toHaveLength(1);
  });
});

describe('a stated count decides a verdict only when it is met', () => {
  it('calls a list that holds more items than the document states unknown, never complete', async () => {
    const { decideCompleteness } = await import('../src/listing/completeness.ts');
    const result = { strategy: 'structure' as const, variant: 'candidate-list', items: [], exhaustive: false, relevant: true, detail: {}, tokens: 0, llmCalls: 0 };
    const cue = { count: 2, noun: 'models', text: 'two models', pageNum: 3, lineNum: 1, endLineNum: 1, strength: 0.8, match: 'head' as const, approximate: false };
    expect(decideCompleteness(result, 10, cue)).toMatchObject({ isComplete: null, source: 'unknown' });
    expect(decideCompleteness(result, 2, cue)).toMatchObject({ isComplete: true, source: 'cardinality' });
    expect(decideCompleteness(result, 1, cue)).toMatchObject({ isComplete: false, source: 'cardinality' });
  });

  it('a swept list whose members merged into fewer items is not whole by the sweep', async () => {
    const { decideCompleteness } = await import('../src/listing/completeness.ts');
    const item = (name: string) => ({ name, surfaceForms: [name], citations: [{ pageNum: 1, lineNum: 1, quote: name, lineId: 1 }] });
    const sweep = { strategy: 'structure' as const, variant: 'candidate-list', items: [item('RUN TIMEOUT'), item('RUN PORT RANGE'), item('RUN PREFIX')], exhaustive: true, detail: { list: 3, margin: 0.5, endedBy: 'heading' }, tokens: 0, llmCalls: 0 };
    expect(decideCompleteness(sweep, 3, null)).toMatchObject({ isComplete: true, source: 'structure' });
    const merged = decideCompleteness(sweep, 1, null);
    expect(merged).toMatchObject({ isComplete: null, source: 'unknown' });
    expect(merged.reason).toMatch(/3 members came out as 1 items/);
  });
});

describe('a list earns "whole" only when it is about the question', () => {
  it('never from one shared word, whatever share of the question\'s words that is', () => {
    // "what other ways ...": one keyword, held by one item of a list of references.
    expect(coversQuestion({ coverage: 1, wordsCovered: 1, noun: 0, refHits: 0 })).toBe(false);
    expect(coversQuestion({ coverage: 1, wordsCovered: 1, noun: 1, refHits: 0 })).toBe(true);
    expect(coversQuestion({ coverage: 1, wordsCovered: 1, noun: 0, refHits: 2 })).toBe(true);
    expect(coversQuestion({ coverage: 0.8, wordsCovered: 4, noun: 0, refHits: 0 })).toBe(true);
    expect(coversQuestion({ coverage: 0.2, wordsCovered: 2, noun: 1, refHits: 0 })).toBe(false);
  });
});
