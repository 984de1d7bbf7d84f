import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnderstandingSchema, nounModifiers, understandQuestion } from '../src/question/understand.ts';
import { isPluralNoun, pluralize, singularize } from '../src/lexicon/plurals.ts';
import { parseNumberWord } from '../src/lexicon/english.ts';
import { EVAL_DIR, skipWithoutEval } from './helpers/corpus.ts';

const u = understandQuestion;

describe('understandQuestion: intent', () => {
  it.each([
    // listing
    ['List every MEASURE 2.x subcategory in the Playbook.', 'listing'],
    ['List all the General Conditions in the policy.', 'listing'],
    ['Enumerate the exclusions.', 'listing'],
    ['The old rules were withdrawn, but which duties still apply to tenants?', 'listing'],
    ['Two parts were dropped, yet which clauses remain in force?', 'listing'],
    ['Can you list all the tasks in the Prepare step?', 'listing'],
    ['Please list the CSF Functions', 'listing'],
    ['What are all the subcategory codes under GOVERN?', 'listing'],
    ['What are the ASVS verification levels?', 'listing'],
    ['What are the steps for creating and using a CSF Organizational Profile?', 'listing'],
    ['Which exclusions apply to basements?', 'listing'],
    ['Which Functions does the CSF define?', 'listing'],
    ['What sections are in the V3 Web Frontend Security chapter?', 'listing'],
    ['What appendices does the CSF 2.0 document contain?', 'listing'],
    ['What coverages are included under Property Insured?', 'listing'],
    ['What criteria does the paper use to compare self-attention with recurrent layers?', 'listing'],
    ['In which ways does the Transformer use multi-head attention?', 'listing'],
    ['In what ways can bias enter an AI system?', 'listing'],
    ['What categories fall under GOVERN?', 'listing'],
    ['Which of the requirements mention TLS?', 'listing'],
    ['What types of bias does the AI RMF identify?', 'listing'],
    ['Name the six Functions.', 'listing'],
    ['Tell me the steps of the RMF', 'listing'],
    ['Give me all exclusions that concern mold.', 'listing'],
    ['What is the list of exclusions?', 'listing'],
    ['What are the names of the CSF Functions?', 'listing'],
    ['Explain the three verification levels', 'listing'],
    // count
    ['How many CSF Tiers are there and what are they called?', 'count'],
    ['How many steps are in the Risk Management Framework, and what are they?', 'count'],
    ['How many subcategories does the MANAGE function have?', 'count'],
    ['What is the total number of requirements in ASVS?', 'count'],
    ['What is the number of tasks in the Prepare step?', 'count'],
    ['Count the exclusions in Section V.', 'count'],
    ['Tell me how many appendices there are.', 'count'],
    ['What are the categories, and how many are there?', 'count'],
    ['How many desks does the port run, and which desks are they?', 'count'],
    // factual
    ['What is the list price?', 'factual'],
    ['What is the minimum password length ASVS requires?', 'factual'],
    ['What password length does the guide recommend?', 'factual'],
    ['How long do I have to send a proof of loss after a flood?', 'factual'],
    ['How many days do I have to file a proof of loss?', 'factual'],
    ['Who has primary responsibility for the authorization decision (Task R-4)?', 'factual'],
    ['Which AI transparency resource does the Playbook list for GOVERN 1.1?', 'factual'],
    ['Which exclusion applies to basements?', 'factual'],
    ['What optimizer and learning-rate schedule were used to train the Transformer?', 'factual'],
    ['What does ASVS requirement 9.1.2 require, and at which level?', 'factual'],
    ['Which CSF Category has the identifier RS.CO, and what outcome does it describe?', 'factual'],
    ['Is mold damage covered?', 'factual'],
    ['Does the policy cover basements?', 'factual'],
    ['Where is the definition of flood?', 'factual'],
    ['Why does the Transformer use positional encodings?', 'factual'],
    ["What's the deadline for filing a claim?", 'factual'],
    ['What kind of attention is used in the decoder?', 'factual'],
    ['Which of the Functions is at the center of the wheel?', 'factual'],
    ['Describe the GOVERN function.', 'factual'],
    // A count beside a fact of its own ("and what prize ..."), not beside the counted items: factual.
    ['How many boats took part in the regatta, and what prize did the winner get?', 'factual'],
  ])('%s -> %s', (q, intent) => {
    expect(u(q).intent).toBe(intent);
  });

  it('"what is the list price?" is not fooled by the word "list"', () => {
    const r = u('What is the list price?');
    expect(r.intent).toBe('factual');
    expect(r.itemNoun).toBeNull();
  });

  it('is unsure about wordings that could be a description or a listing', () => {
    expect(u('What does GOVERN cover?').confidence).toBeLessThanOrEqual(0.5);
    expect(u('What does the policy exclude?').confidence).toBeLessThanOrEqual(0.5);
    expect(u('What are Informative References?').confidence).toBeLessThanOrEqual(0.5);
    expect(u('GOVERN subcategories').confidence).toBeLessThan(0.6);
  });

  it('is confident on clear wordings', () => {
    expect(u('How many CSF Tiers are there?').confidence).toBeGreaterThanOrEqual(0.9);
    expect(u('List all the General Conditions in the policy.').confidence).toBeGreaterThanOrEqual(0.9);
    expect(u('What is the minimum password length?').confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('reads the plural before an adverb or an indefinite object as the noun, its verb after it', () => {
    // "functions" could be a verb; before "actually print" it is the noun, and "print" its verb.
    expect(u('Which library functions actually print something for the user?')).toMatchObject({ intent: 'listing', itemNoun: 'functions', itemPhrase: 'library functions' });
    expect(u('Which routines print something?')).toMatchObject({ intent: 'listing', itemNoun: 'routines' });
    // A verb before an adverb and a preposition stays the verb.
    expect(u('Which teams work closely with the board?')).toMatchObject({ intent: 'listing', itemNoun: 'teams' });
  });

  it('a later listing clause upgrades a factual opening', () => {
    const r = u('What is the Core, and what are its Functions?');
    expect(r.intent).toBe('listing');
    expect(r.itemNoun).toBe('functions');
  });

  it('a later "Just the <plural>" clause says what the answer lists, and upgrades a factual opening', () => {
    const r = u('What must the safety file for a crane contain at a minimum? Just the numbered headings of Annex II.');
    expect(r.intent).toBe('listing');
    expect(r.itemNoun).toBe('headings');
    expect(r.signals).toContain('just-the-plural');
    // A singular "only the amount" asks for one fact.
    expect(u('What is the maximum fine? Only the amount.').intent).toBe('factual');
  });

  it('reads the question behind a subordinate clause, an embedded "which", "which of ... does" and "which ones"', () => {
    // A question word before a gerund opens a subordinate clause; the question comes after it.
    const sub = u('When planning the survey for Area 3, inspectors of which trades does the guide say to hire?');
    expect(sub).toMatchObject({ intent: 'listing', itemNoun: 'trades' });
    expect(sub.signals).toContain('embedded-which-plural');
    expect(u('When is the survey repeated?').intent).toBe('factual');
    // So does a conjunction before a clause that a question word follows after its comma.
    const clause = u('When an inspector files the survey form, which fields does the office check?');
    expect(clause).toMatchObject({ intent: 'listing', itemNoun: 'fields' });
    expect(clause.signals).not.toContain('when');
    expect(u('If the gauge reads high, what does the operator report?').signals).not.toContain('if');
    expect(u('When the survey form is filed, the office checks it.').signals).toContain('when');
    // "does" is the auxiliary of another subject: the plural picked from decides.
    expect(u('For which of the sample services does one need a paid account?')).toMatchObject({ intent: 'listing', itemNoun: 'services' });
    expect(u('Which of the sample services has the lowest price?').intent).toBe('factual');
    // "does" as the main verb, with no verb of another subject after it.
    expect(u('Which of the teams does the most work?').intent).toBe('factual');
    // "which ones" asks for members of a plural named before it.
    expect(u('Some inputs pass the routine unchecked; which ones must be checked separately?').intent).toBe('listing');
    // A counted noun that would be a measure ("words") is the items when their members are asked for.
    const counted = u('How many reserved words does the grammar define, and which ones?');
    expect(counted).toMatchObject({ intent: 'count', itemNoun: 'words' });
    expect(u('How many words does the abstract have?').intent).toBe('factual');
  });

  it('reads a bare word after a plural and before a preposition as the plural\'s verb', () => {
    // "characters count as": the plural is the head; a compound would say "character count".
    expect(u('Which symbols count as separators in a ledger file?')).toMatchObject({ intent: 'listing', itemNoun: 'symbols' });
    expect(u('Which duties apply to the tenant?')).toMatchObject({ intent: 'listing', itemNoun: 'duties' });
    // A compound whose words are all nouns stays one phrase: nothing after "tax" is a preposition.
    expect(u('Which sales tax rules apply to online stores?')).toMatchObject({ intent: 'listing', itemNoun: 'rules', itemPhrase: 'sales tax rules' });
    // The singular compound is a measure, one fact.
    expect(u('Which character count does the form allow?').intent).toBe('factual');
    // A verb with a bare object before its preposition ("take part in") is a verb all the same.
    expect(u('Which roles take part in running the harbor?')).toMatchObject({ intent: 'listing', itemNoun: 'roles' });
    expect(u('Which crews play a part in the review?')).toMatchObject({ intent: 'listing', itemNoun: 'crews' });
  });

  it('keeps a slash-joined modifier in the noun phrase, and reads "what do they say" after a counted subject as asking for the members', () => {
    expect(u('Which default input/output ports does the board expose?')).toMatchObject({ intent: 'listing', itemNoun: 'ports' });
    // "points are ...": the points are the subject, "they" are the points.
    expect(u('How many points are on the safety checklist, and what do they say?')).toMatchObject({ intent: 'count', itemNoun: 'points' });
    // "they" is the team, not the points: one fact.
    expect(u('How many points did the team score, and what did they win?').intent).toBe('factual');
    // A participle before a plural noun modifies it; before a preposition it opens a clause.
    expect(u('How many cloud based services does the policy allow?')).toMatchObject({ intent: 'count', itemNoun: 'services', itemPhrase: 'cloud based services' });
    expect(u('What are the Profile types described in the CSF?')).toMatchObject({ itemNoun: 'types', itemPhrase: 'Profile types' });
  });

  it('keeps a participle after an adverb in the noun phrase, and reads "who are the <plural>" as a listing', () => {
    expect(u('Which individually named parameters does the spec define?')).toMatchObject({ intent: 'listing', itemNoun: 'parameters', itemPhrase: 'individually named parameters' });
    const who = u('Who are the parties of the protocol?');
    expect(who).toMatchObject({ intent: 'listing', itemNoun: 'parties' });
    expect(who.signals).toContain('who-are-the');
    // A singular, or no article, is a question about one person.
    expect(u('Who is the author of the protocol?').intent).toBe('factual');
    expect(u('Who are you?').intent).toBe('factual');
  });

  it('tells a structural noun the question qualifies from the bare one', () => {
    expect(nounModifiers(u('Which standard DWARF sections does the toolchain not emit?'))).toEqual(['standard', 'dwarf']);
    expect(nounModifiers(u('How many chapters is the standard divided into?'))).toEqual([]);
    expect(nounModifiers(u('What are the sub-sections of chapter 4?'))).toEqual([]);
    expect(nounModifiers(u('What must the documentation contain? Just the numbered headings of Annex IV.'))).toEqual([]);
  });

  it('reads contractions and "a list of"', () => {
    expect(u("What's in Appendix C?")).toMatchObject({ intent: 'listing', scope: 'Appendix C' });
    expect(u("What's in Appendix C?").confidence).toBeLessThan(0.5);
    const r = u('Give a list of all Appendices.');
    expect(r).toMatchObject({ intent: 'listing', itemNoun: 'appendices', scope: null });
    expect(r.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('treats a mass noun with an enumerating participle as an unsure listing', () => {
    const r = u('What property is not insured?');
    expect(r.intent).toBe('listing');
    expect(r.confidence).toBeLessThan(0.6);
    expect(u('What deductible is applied?').intent).toBe('factual');
  });

  it('stops the item phrase at a participle ("the Profile types described in the CSF")', () => {
    expect(u('What are the Profile types described in the CSF?').itemPhrase).toBe('Profile types');
    expect(u('Name the three types of regularization used in the paper.').itemPhrase).toBe('types of regularization');
  });

  it('records which rules fired', () => {
    const r = u('How many CSF Tiers are there and what are they called?');
    expect(r.signals).toContain('how-many');
  });
});

describe.skipIf(skipWithoutEval)('understandQuestion: dev set generality check', () => {
  // Read while collecting: in CI (never skipped) a missing gold file fails this file.
  const gold = skipWithoutEval ? [] : (JSON.parse(readFileSync(path.join(EVAL_DIR, 'dev.json'), 'utf8')) as { question: string; kind: string }[]);
  // it.each over no rows would collect no test at all: when skipped, one row stands for the set.
  // Implicit listing questions ("What does the policy not insure?") read as factual from their
  // words alone: their intent needs the document too (issue 10, failure class "intent"). So the
  // rules are held to a counted bound over the whole set, and every question must still parse.
  it('reads the gold kind of all but at most 8 of the dev questions from their words', () => {
    const misses = gold.filter((g) => u(g.question).intent !== g.kind).map((g) => `${g.kind}: ${g.question}`);
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(8);
    expect(gold.length).toBe(79);
  });
  const cases = skipWithoutEval ? [['every dev-set question']] : gold.map((g) => [g.question]);
  it.each(cases)('%s parses into a valid understanding', (q) => {
    expect(() => UnderstandingSchema.parse(u(q))).not.toThrow();
  });
});

describe('understandQuestion: item noun and expected count', () => {
  it.each([
    ['What are all the subcategory codes under GOVERN?', 'subcategory codes', 'subcategory code'],
    ['How many CSF Tiers are there and what are they called?', 'tiers', 'tier'],
    ['How many session management practices does the checklist list?', 'practices', 'practice'],
    ['What appendices does the CSF 2.0 document contain?', 'appendices', 'appendix'],
    ['What are the ASVS verification levels?', 'levels', 'level'],
    ['List all the General Conditions in the policy.', 'conditions', 'condition'],
    ['What coverages are included under Property Insured?', 'coverages', 'coverage'],
    ['What criteria does the paper use to compare layers?', 'criteria', 'criterion'],
    ['List every MEASURE 2.x subcategory in the Playbook.', 'subcategories', 'subcategory'],
    ['In which ways does the Transformer use multi-head attention?', 'ways', 'way'],
    ['What sections are in the V3 Web Frontend Security chapter?', 'sections', 'section'],
    ['What are the names of the CSF Functions?', 'functions', 'function'],
    ['How many steps are in the Risk Management Framework, and what are they?', 'steps', 'step'],
    ['Which exclusions apply to basements?', 'exclusions', 'exclusion'],
    ['What are the characteristics of trustworthy AI systems?', 'characteristics', 'characteristic'],
    // A name joined by underscores is one word: its first part is no noun of the question.
    ['List the run_tests error messages that the manual explains.', 'messages', 'message'],
  ])('%s -> %s', (q, noun, singular) => {
    const r = u(q);
    expect(r.itemNoun).toBe(noun);
    expect(r.itemNounSingular).toBe(singular);
  });

  it('keeps the whole noun phrase and classifier complements in itemPhrase', () => {
    expect(u('How many session management practices does the checklist list?').itemPhrase).toBe('session management practices');
    expect(u('What types of bias does the AI RMF identify?').itemPhrase).toBe('types of bias');
    expect(u('List all the General Conditions in the policy.').itemPhrase).toBe('General Conditions');
  });

  it('has no item noun for factual questions', () => {
    expect(u('What password length does the guide recommend?').itemNoun).toBeNull();
    expect(u('Which AI transparency resource does the Playbook list for GOVERN 1.1?').itemNoun).toBeNull();
  });

  it.each([
    ['List the six Functions of the CSF.', 6],
    ['Name 5 exclusions in the policy', 5],
    ['What are the 7 steps of the RMF?', 7],
    ['What are the three levels?', 3],
    ['What are the twenty-two subcategories of MEASURE?', 22],
    ['Give the top 3 risks', 3],
  ])('%s -> expected count %d', (q, n) => {
    expect(u(q).expectedCount).toBe(n);
  });

  it.each([
    'What does GOVERN 1.1 require?',
    'List all requirements in V3.2',
    'What is on page 12?',
    'Which tasks are in Section 3.1?',
    'How many Tier 2 practices are there?',
    'What does CSF 2.0 add?',
    'List the categories of the one framework',
  ])('no expected count in %s', (q) => {
    expect(u(q).expectedCount).toBeNull();
  });
});

describe('understandQuestion: codes', () => {
  it.each([
    ['Which CSF Category has the identifier RS.CO?', ['RS.CO']],
    ['What does GV.OC-01 say?', ['GV.OC-01']],
    ['List the subcategories of GV.SC', ['GV.SC']],
    ['What is AC-2 about?', ['AC-2']],
    ['Who performs Task R-4?', ['R-4']],
    ['What does AC-2(1) add?', ['AC-2(1)']],
    ['What does Section 5.4 describe?', ['5.4']],
    ['What does ASVS requirement 9.1.2 require?', ['9.1.2']],
    ['What sections are in the V3 Web Frontend Security chapter?', ['V3']],
    ['What requirements are in V6.2?', ['V6.2']],
    ['Which AI transparency resource does the Playbook list for GOVERN 1.1?', ['GOVERN 1.1']],
    ['List every MEASURE 2.x subcategory in the Playbook.', ['MEASURE 2.x']],
    ['What does Govern 1.2 ask for?', ['Govern 1.2']],
    ['What does NIST SP 800-37 say about Tier 2?', ['SP 800-37', 'Tier 2']],
    ['What is Coverage B?', ['Coverage B']],
    ['What is in Appendix A?', ['Appendix A']],
  ])('%s -> %j', (q, codes) => {
    expect(u(q).codes).toEqual(codes);
  });

  it.each([
    'What does CSF 2.0 add?',
    'What changed in ASVS 5.0.0?',
    'What is new in version 1.1?',
    'Was it trained for 3.5 days?',
    'What is the U.S. flood program?',
    'What is the list price?',
    'When do I file?',
  ])('finds no code in %s', (q) => {
    expect(u(q).codes).toEqual([]);
  });
});

describe('understandQuestion: scope and references', () => {
  it.each([
    ['What are all the subcategory codes under GOVERN?', 'GOVERN'],
    ['What coverages are included under Property Insured?', 'Property Insured'],
    ['What sections are in the V3 Web Frontend Security chapter?', 'V3 Web Frontend Security'],
    ['How many subcategories does the MANAGE function have?', 'MANAGE'],
    ['How many tasks does the RMF Prepare step have at the system level?', 'RMF Prepare'],
    ['Which AI transparency resource does the Playbook list for GOVERN 1.1?', 'GOVERN 1.1'],
    ['List every MEASURE 2.x subcategory in the Playbook.', 'MEASURE 2.x'],
    ['What are the subcategories of GV.OC?', 'GV.OC'],
    ['What categories fall under the GOVERN function?', 'GOVERN'],
    ['What does GOVERN cover?', 'GOVERN'],
    ['What roles are involved in the Authorize step?', 'Authorize'],
    ['Describe the GOVERN function.', 'GOVERN'],
    ['What requirements are in V6.2?', 'V6.2'],
    ['What is covered under Coverage B of the policy?', 'Coverage B'],
    ['Who has primary responsibility for the authorization decision (Task R-4) in the RMF?', 'R-4'],
    ['What exclusions apply under Section V?', 'Section V'],
    ['What is in Section 5.4?', '5.4'],
    ['What are the outputs of the Select step?', 'Select'],
    ['Which Categories are in the PROTECT Function?', 'PROTECT'],
    ['What subcategories are under MAP 1?', 'MAP 1'],
    ['What items are listed under Coverage C—Other Coverages?', 'Coverage C—Other Coverages'],
    // A number with a plus is one quantity of the phrase, no end of it.
    ['Which encodings are registered in the section on 128+ glyph text encodings?', '128+ glyph text encodings'],
    // What the document's possessive names is a part of the document.
    ["Which flags are explained in the manual's Invocation chapter?", 'Invocation'],
  ])('%s -> %s', (q, scope) => {
    expect(u(q).scope).toBe(scope);
  });

  it('keeps level qualifiers apart from the scope', () => {
    const r = u('How many tasks does the RMF Prepare step have at the system level?');
    expect(r.scopeQualifiers).toEqual(['system level']);
  });

  it.each([
    'List all the General Conditions in the policy.',
    'What appendices does the CSF 2.0 document contain?',
    'How many session management practices does the checklist list?',
    'What are the characteristics of trustworthy AI systems in the AI RMF?',
    'How many steps are in the Risk Management Framework, and what are they?',
    'What are the steps for creating and using a CSF Organizational Profile?',
    'What is the total number of requirements in ASVS?',
  ])('no scope when the anchor is the document itself: %s', (q) => {
    expect(u(q).scope).toBeNull();
  });

  it.each([
    ['What does Section 5.4 describe?', '5.4'],
    ['Summarize section 3', '3'],
    ['What is in § 2.1?', '2.1'],
    ['What does Chapter V3 require?', 'V3'],
    ['What is in Appendix B?', 'Appendix B'],
    ['What sections are in the V3 chapter?', null],
  ])('%s -> sectionRef %s', (q, ref) => {
    expect(u(q).sectionRef).toBe(ref);
  });

  it.each([
    ['What is on page 12?', 12],
    ['What does p. 7 say about dropout?', 7],
    ['Summarize pages 3', 3],
    ['What does the wheel show?', null],
  ])('%s -> pageRef %s', (q, ref) => {
    expect(u(q).pageRef).toBe(ref);
  });
});

describe('understandQuestion: keywords and phrases', () => {
  it('drops stopwords, question words and codes; keeps content words in order', () => {
    const r = u('What are all the subcategory codes under GOVERN?');
    expect(r.keywords).toEqual(['subcategory', 'codes', 'govern']);
  });

  it('keeps short acronyms like AI and does not stem them', () => {
    const r = u('What are the characteristics of trustworthy AI systems in the AI RMF?');
    expect(r.keywords).toEqual(['characteristics', 'trustworthy', 'ai', 'systems', 'rmf']);
    expect(r.keywordVariants).toContain('characteristic');
    expect(r.keywordVariants).toContain('system');
    expect(r.keywordVariants).not.toContain('rmfs');
  });

  it('splits hyphenated words into variants', () => {
    const r = u('In which ways does the Transformer use multi-head attention?');
    expect(r.keywords).toContain('multi-head');
    expect(r.keywordVariants).toEqual(expect.arrayContaining(['multihead', 'multi', 'head']));
  });

  it('leaves count words out of keywords', () => {
    expect(u('Name the six Functions.').keywords).toEqual(['functions']);
  });

  it('extracts quoted phrases in straight, curly and single quotes', () => {
    expect(u('Where does the paper mention "label smoothing"?').phrases).toEqual(['label smoothing']);
    expect(u('What is “Residual Dropout” used for?').phrases).toEqual(['Residual Dropout']);
    expect(u("Which items mention 'remember me' functionality?").phrases).toEqual(['remember me']);
    expect(u("What's the user's password policy?").phrases).toEqual([]);
  });

  it('always returns a schema-valid object', () => {
    for (const q of ['', '?', 'GOVERN', '12', 'list', 'How many?', 'What?']) {
      expect(() => UnderstandingSchema.parse(u(q))).not.toThrow();
    }
  });

  it('is deterministic', () => {
    const q = 'How many tasks does the RMF Prepare step have at the system level?';
    expect(u(q)).toEqual(u(q));
  });
});

describe('noun helpers', () => {
  it.each([
    ['categories', 'category'],
    ['appendices', 'appendix'],
    ['criteria', 'criterion'],
    ['processes', 'process'],
    ['biases', 'bias'],
    ['ways', 'way'],
    ['practices', 'practice'],
    ['switches', 'switch'],
    ['subcategory codes', 'subcategory code'],
    ['analysis', 'analysis'],
    ['status', 'status'],
    ['series', 'series'],
    ['TLS', 'TLS'],
  ])('singularize(%s) = %s', (p, s) => {
    expect(singularize(p)).toBe(s);
  });

  it.each([
    ['category', 'categories'],
    ['appendix', 'appendices'],
    ['criterion', 'criteria'],
    ['process', 'processes'],
    ['subcategory', 'subcategories'],
    ['key', 'keys'],
    ['tiers', 'tiers'],
  ])('pluralize(%s) = %s', (s, p) => {
    expect(pluralize(s)).toBe(p);
  });

  it('plural test treats acronyms, -ss/-us/-is words and verbs as not plural', () => {
    expect(isPluralNoun('Functions')).toBe(true);
    expect(isPluralNoun('APIs')).toBe(true);
    expect(isPluralNoun('desiderata')).toBe(true);
    expect(isPluralNoun('ASVS')).toBe(false);
    expect(isPluralNoun('access')).toBe(false);
    expect(isPluralNoun('status')).toBe(false);
    expect(isPluralNoun('analysis')).toBe(false);
    expect(isPluralNoun('this')).toBe(false);
  });

  it('parses number words', () => {
    expect(parseNumberWord('six')).toBe(6);
    expect(parseNumberWord('Twelve')).toBe(12);
    expect(parseNumberWord('twenty-two')).toBe(22);
    expect(parseNumberWord('17')).toBe(17);
    expect(parseNumberWord('two-way')).toBeNull();
    expect(parseNumberWord('sixth')).toBeNull();
  });
});

describe('understandQuestion: numbers of structural units and conditions on the asker', () => {
  it('reads "the requirement numbers" as asking for codes, and "numbers" as no keyword', () => {
    const r = u('What does the standard require for socket connections? Give the requirement numbers.');
    expect(r.asksCodes).toBe(true);
    expect(r.keywords).not.toContain('numbers');
    expect(r.keywords).toContain('requirement');
    // Numbers of something that is no structural unit are what the question is about.
    expect(u('Which phone numbers does the form ask for?').keywords).toContain('numbers');
  });

  it('reads "if I am not the X" as a condition on the asker, not as members set aside', () => {
    expect(u('If I am not the Current Maintainer, how many conditions does clause 6 set for distributing a Derived Work?').excluded).toEqual([]);
    expect(u('Which rules apply, not the core ones?').excluded).toEqual(['core']);
  });
});

describe('understandQuestion: a dimension is one word', () => {
  it('keeps "3x3" whole, in the keywords and in the item phrase', () => {
    const u = understandQuestion('What 3x3 matrix helper functions does the plug-in API give me?');
    // Before: "x3", read from the letter on.
    expect(u.keywords).toContain('3x3');
    expect(u.keywords).not.toContain('x3');
    expect(u.itemPhrase).toBe('3x3 matrix helper functions');
  });
});

describe('understandQuestion: a name template is one word', () => {
  it('reads "tool_* commands" as a plural noun phrase with the template as a modifier, its stem a keyword', () => {
    const u = understandQuestion('Which separate tool_* commands does the kit install?');
    // Before: the phrase stopped at the underscore, "tool" read as a singular noun: a factual question.
    expect(u.intent).toBe('listing');
    expect(u.itemPhrase).toBe('tool_* commands');
    expect(u.keywords).toContain('tool');
    expect(u.keywords.some((k) => k.includes('*'))).toBe(false);
  });
});

describe('plurals: Greek and Latin plurals in -a by their endings', () => {
  it('reads "-omena", "-eria" and a long "-ata" as plurals of "-on" and "-um", and a short "-ata" word as singular', () => {
    expect(isPluralNoun('prolegomena')).toBe(true);
    expect(singularize('prolegomena')).toBe('prolegomenon');
    expect(singularize('selection criteria')).toBe('selection criterion');
    expect(singularize('desiderata')).toBe('desideratum');
    expect(pluralize('criterion')).toBe('criteria');
    expect(isPluralNoun('sonata')).toBe(false);
  });
});
