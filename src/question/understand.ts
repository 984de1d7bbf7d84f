/**
 * Rule-based question understanding. Pure and deterministic: the same text always yields the same
 * Understanding, so traces are reproducible and the LLM classifier is only consulted when
 * `confidence` is low.
 */
import { askingSentences } from '../text/asking.ts';
import { z } from 'zod';
import { numbersIn, tokensOf } from '../text/text-match.ts';
import { ACRONYM, DASH_NUMBER, OPTION, DOTTED, DOTTED_NUMBER, ENHANCEMENT, LETTER_NUMBER, NUM, NUM_OR_WILDCARD, SERIES_NUMBER, TITLE_WORD, childrenOf, dottedDash, escapeRegex, isSeriesNumber, wordNumber } from '../lexicon/identifiers.ts';
// The grammar word classes come from the one lexicon.
import { IRREGULAR_PLURALS, isPluralNoun, pluralizeWord, singularize, singularizeWord } from '../lexicon/plurals.ts';
import { AUX, CARDINALS, CLASSIFIER_WORDS, CONNECTIVE_ADVERBS, CONTAINING_PREPOSITIONS, INDEFINITE_PRONOUNS, parseNumberWord, DETERMINERS, PART_NOUNS, PREPOSITIONS as PREPS, PRONOUNS, SECTION_NOUNS, SUBORDINATING_CONJUNCTIONS, WH_WORDS as WH } from '../lexicon/english.ts';

export const IntentSchema = z.enum(['listing', 'count', 'factual']);
export type Intent = z.infer<typeof IntentSchema>;

export const UnderstandingSchema = z.object({
  intent: IntentSchema,
  confidence: z.number().min(0).max(1),
  keywords: z.array(z.string()),
  /** Singular/plural and hyphen-part variants of `keywords` that are not keywords themselves. */
  keywordVariants: z.array(z.string()),
  phrases: z.array(z.string()),
  codes: z.array(z.string()),
  itemNoun: z.string().nullable(),
  itemNounSingular: z.string().nullable(),
  /** The whole item noun phrase as written ("session management practices", "types of bias"). */
  itemPhrase: z.string().nullable(),
  scope: z.string().nullable(),
  /** Secondary anchors that narrow the scope ("system level" in "at the system level"). */
  scopeQualifiers: z.array(z.string()),
  expectedCount: z.number().int().positive().nullable(),
  sectionRef: z.string().nullable(),
  pageRef: z.number().int().positive().nullable(),
  /** The question negates its own predicate ("does not insure", "never applies"): titles and intros that negate too fit it better. */
  negated: z.boolean().optional(),
  /** The question asks for a subset of its items by what they lack ("families that have no ..."). */
  restricted: z.boolean().optional(),
  /** What those items lack, as the question words it ("derived security requirements"). */
  lacks: z.string().nullable().optional(),
  /** Words the question sets aside ("(not the basic ones)", "other than X"): never keywords, and a list named by them is not the answer. */
  excluded: z.array(z.string()).optional(),
  /** The numbers the question writes outside its codes ("the 152-layer net"): terms as specific as a code (see route/evidence.ts). */
  numbers: z.array(z.string()).optional(),
  /**
   * The noun a factual question counts ("how many models made up the ensemble, and what error did
   * it reach?" -> model; "how many days ..." -> day), singular: its answer states "six models",
   * "60 days" (see route/evidence.ts). Null when the question counts nothing, or is a count itself.
   */
  countedNoun: z.string().nullable().optional(),
  /**
   * The codes the question places as the container of its items ("in section 3.5", "under
   * GV.OC"): the items are a level below them, not their siblings.
   */
  containerCodes: z.array(z.string()).optional(),
  /** The question asks for the items' identifiers ("the subcategory codes", "give their identifiers"). */
  asksCodes: z.boolean().optional(),
  /** Each item has a division of the document to itself ("topics, each with a chapter of its own"): the items are sections. */
  sectionEach: z.boolean().optional(),
  /** Names of the rules that fired, in order, so the trace can say why. */
  signals: z.array(z.string()),
});
export type Understanding = z.infer<typeof UnderstandingSchema>;

/** The words that restrict items to those lacking something: "have no", "with no", "without", "lack". */
const LACKING = String.raw`\b(?:ha(?:ve|s|d)\s+no|with\s+no|without(?:\s+any)?|lack(?:s|ing)?(?:\s+any)?)`;

/** The question narrows its items by what they lack ("have no", "with no", "without", "lacking"). */
export function restrictsItems(question: string): boolean {
  return new RegExp(`${LACKING}\\b`, 'i').test(question);
}

/**
 * What the items asked for lack: "families that have no derived security requirements at all"
 * -> "derived security requirements". The phrase runs to a clause break ("at all", a comma, "and",
 * a question word, the end).
 */
export function lackedPhrase(question: string): string | null {
  const m = new RegExp(String.raw`${LACKING}\s+((?:[\p{L}][\p{L}'’-]*\s*){1,6}?)(?=\s*(?:at\s+all\b|[,;:?.!()]|\band\b|\bor\b|\bwhich\b|\bthat\b|$))`, 'iu').exec(question);
  const phrase = m?.[1]?.trim() ?? '';
  return phrase && /\p{L}{3}/u.test(phrase) ? phrase : null;
}

/**
 * A question that negates its predicate: "not" or "never" before a word that is not a
 * determiner ("does not insure"; "(not the basic ones)" sets words aside instead).
 */
export function isNegated(q: string): boolean {
  // A sentence that sets the scene before the question ("My scanner does not behave as I
  // expect. Which options ...?") says what is wrong, not what is asked: only the sentences
  // that ask (those closed by a question mark, when there are any) negate the question.
  const asking = askingSentences(q);
  // "normal outcomes rather than errors" asks for what is not an error, as "not" would.
  return /\b(?:not|never|rather\s+than)\s+(?!the\b|any\b|those\b|a\b|an\b|only\b)[a-z]/i.test(asking) || /n't\s+[a-z]/i.test(asking);
}

/**
 * The words the question sets before its item noun ("standard DWARF" in "the standard DWARF
 * sections"): a structural noun so qualified names things the document is about, not its parts.
 */
export function nounModifiers(u: { itemPhrase: string | null; itemNoun: string | null }): string[] {
  const own = new Set(tokensOf(u.itemNoun ?? ''));
  // A participle says how the parts are set ("the numbered headings", "the titled sections"),
  // not what kind of thing they are: it qualifies nothing away from the document's own parts.
  return tokensOf(u.itemPhrase ?? '').filter((t) => !own.has(t) && !/^[a-z]{3,}ed$/.test(t));
}

/**
 * What the question sets aside: "(not the basic ones)", "not the X", "excluding X", "other than
 * X", "except X", "apart from X". A bare "not" before a verb ("does not insure") negates the
 * question's own predicate and sets nothing aside, so "not" counts only before a determiner or
 * inside parentheses.
 */
export function excludedWords(q: string): string[] {
  const out = new Set<string>();
  const forms = [
    /\(\s*not\s+(?:the\s+|any\s+|those\s+)?([^()]{2,50}?)\s*\)/gi,
    // "... not the X": a copula before it ("if I am not the Current Maintainer") says who or what
    // the subject is, a condition of the question, not members it sets aside.
    /(?<!\b(?:am|is|are|was|were|be|been|being|i'm|you're|we're|they're|it's)\s+)\bnot\s+(?:the|any|those)\s+([a-z][a-z\- ]{1,40}?)(?:\s+ones?)?(?=\s*[),.;?!]|$)/gi,
    /\b(?:excluding|except(?:\s+for)?|other\s+than|apart\s+from|leav(?:e|ing)\s+out|omit(?:ting)?)\s+(?:the\s+|any\s+|those\s+)?([a-z][a-z\- ]{1,60}?)(?:\s+ones?)?(?=\s*[),.;?!]|$)/gi,
    // A leading clause that sets a series aside before the question proper: "Besides the Core,
    // Profiles and Tiers, which ...", "Apart from X and Y, what ...".
    /^\s*(?:besides|aside\s+from|apart\s+from|other\s+than|in\s+addition\s+to|beyond)\s+([^?]{2,80}?),\s*(?=(?:which|what|who|whom|how|where|when|do|does|did|is|are|can)\b)/gi,
  ];
  for (const re of forms) {
    for (const m of q.matchAll(re)) {
      // A word the question proper writes again ("In addition to the basic requirements, which
      // derived requirements ...") is what it asks about, not what it sets aside.
      // The same holds for a word written before it ("parameters ... (leave out the page device
      // parameters)"): the setting aside narrows that noun, it does not drop it.
      const after = new Set((q.slice(0, m.index!) + ' ' + q.slice(m.index! + m[0].length)).toLowerCase().split(/[^a-z\-]+/));
      for (const w of m[1]!.toLowerCase().split(/[^a-z\-]+/)) if (w.length >= 3 && !STOPWORDS.has(w) && w !== 'ones' && w !== 'one' && !after.has(w)) out.add(w);
    }
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Word lists


const NP_STOP = new Set([
  ...PREPS, ...AUX, ...CONNECTIVE_ADVERBS, 'not', 'never', 'that', 'which', 'who', 'whom', 'whose', 'where', 'when', 'why', 'how', 'than',
  'as', 'like', 'if', 'whether', 'because', 'so', 'then', 'there', 'it', 'they', 'them',
]);
/** Determiners that make "what are the X" read as "enumerate X" rather than "define X". */
const DEFINITE = new Set(['the', 'all', 'its', 'their', 'these', 'those', 'each', 'every', 'both']);

/** Verbs that end a "which/what NOUN ..." noun phrase even without an auxiliary. */
const NP_VERBS = new Set([
  'apply', 'include', 'contain', 'cover', 'exist', 'require', 'mention', 'describe', 'appear',
  'relate', 'support', 'belong', 'affect', 'need', 'define', 'list', 'address', 'make', 'help',
  'allow', 'use', 'fall', 'occur', 'lead', 'cause', 'provide', 'protect', 'happen', 'remain',
  'qualify', 'involve', 'pertain', 'trigger', 'result', 'constitute', 'comprise', 'form', 'deal',
  'focus', 'mean', 'determine', 'govern', 'get', 'go', 'come', 'exclude', 'limit', 'specify',
  'reference', 'refer', 'map', 'say', 'state', 'recommend', 'call', 'name', 'identify', 'matter',
]);
/** "What does X <verb>?" verbs that ask for the contents of X. */
const ENUMERATING_VERBS = new Set([
  'contain', 'include', 'comprise', 'list', 'exclude', 'consist', 'enumerate', 'encompass',
  'cover', 'insure',
]);
const ENUMERATING_PARTICIPLES = new Set([
  'covered', 'included', 'excluded', 'listed', 'insured', 'contained', 'required', 'prohibited',
  'defined', 'enumerated',
]);
/** Units: "how many days ..." asks for a quantity, not for a set of document items. */
const UNIT_NOUNS = new Set([
  'second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'time', 'percent', 'dollar', 'cent',
  'character', 'bit', 'byte', 'kilobyte', 'megabyte', 'gigabyte', 'foot', 'inch', 'mile', 'meter',
  'metre', 'kilometer', 'pound', 'kilogram', 'gram', 'degree', 'point', 'token', 'epoch',
  'attempt', 'digit', 'letter', 'word', 'page', 'acre', 'unit', 'person', 'people',
]);
/** Measures: "what amount / which date / what length ..." asks for one value, never for a list. */
const MEASURE_NOUNS = new Set([
  'amount', 'number', 'length', 'size', 'cost', 'rate', 'deadline', 'date', 'limit', 'percentage',
  'duration', 'period', 'value', 'threshold', 'maximum', 'minimum', 'total', 'price', 'fee', 'age',
]);
/** Heads that stand for a list of their complement ("the names of the Functions"). */
const TRANSPARENT_HEADS = new Set(['names', 'titles', 'list', 'set', 'labels', 'identifiers', 'ids']);
/** Classifier heads whose complement must stay in the item phrase ("types of bias"). */
const CLASSIFIER_HEADS = new Set([
  ...[...CLASSIFIER_WORDS].filter((w) => w.endsWith('s')), 'classes', 'categories', 'examples', 'ways',
  'aspects', 'components', 'elements', 'parts', 'groups', 'families',
]);
/** Structural units of documents: kept as a modifier of the head ("subcategory codes"). */
const STRUCTURAL_NOUNS = new Set([
  'category', 'subcategory', 'function', 'section', 'subsection', 'chapter', 'control',
  'requirement', 'task', 'step', 'clause', 'article', 'appendix', 'part', 'outcome', 'practice',
  'principle', 'objective', 'activity', 'item', 'rule', 'criterion', 'level', 'tier',
]);
/** Container nouns that close a scope phrase ("the V3 ... chapter") and are stripped from it. */
const CONTAINER_NOUNS = new Set([
  'chapter', 'section', 'subsection', 'function', 'category', 'subcategory', 'part', 'step',
  'heading', 'clause', 'article', 'appendix', 'annex', 'phase', 'stage', 'domain', 'table',
  'area', 'group', 'family', 'module', 'unit', 'component', 'process', 'task', 'control',
  'requirement', 'objective', 'principle', 'provision', 'tier', 'level',
]);
/** Nouns that name the whole document: a scope ending in one of these is no scope at all. */
const DOC_NOUNS = new Set([
  'document', 'documents', 'paper', 'policy', 'guide', 'guidance',
  'standard', 'publication', 'report', 'manual', 'form', 'framework', 'pdf', 'specification',
  'spec', 'book', 'handbook', 'text', 'whitepaper', 'file', 'doc', 'article', 'study', 'model',
]);
const LABEL_CODE_WORDS = [
  'Tier', 'Level', 'Step', 'Task', 'Phase', 'Stage', 'Part', 'Appendix', 'Annex', 'Coverage',
  'Control', 'Requirement', 'Article', 'Principle', 'Objective',
];

const STOPWORDS = new Set([
  ...AUX, ...PREPS, ...WH, ...DETERMINERS, ...PRONOUNS, ...CONNECTIVE_ADVERBS,
  'and', 'or', 'nor', 'but', 'not', 'no', 'yes', 'i', 'me', 'we', 'us', 'you', 'he', 'she',
  'him', 'itself', 'themselves', 'there', 'here', 'than', 'then', 'so', 'such', 'as', 'also',
  'just', 'only', 'very', 'too', 'rather', 'more', 'most', 'much', 'many', 'less', 'least', 'other',
  'another', 'own', 'same', 'if', 'whether', 'because', 'while', 'into', 'onto', 'out', 'up', 'apart', 'aside', 'besides',
  'down', 'off', 'again', 'further', 'once', 'ever', 'please', 'kindly', 'being', 'having',
  'doing', 'done', "i'm", "i'd", 'am', 'whichever', 'whatever', 'etc', 'e.g', 'i.e', 'vs',
  'tell', 'show', 'give', 'list', 'lists', 'listed', 'listing', 'name', 'names', 'named',
  'enumerate', 'describe', 'described', 'describes', 'explain', 'explained', 'summarize',
  'summarise', 'identify', 'provide', 'provided', 'mention', 'mentioned', 'mentions', 'contain',
  'contains', 'contained', 'include', 'includes', 'included', 'say', 'says', 'said', 'called',
  'according', 'exist', 'exists', 'know', 'want', 'need', 'like', 'find', 'count', 'number',
  'total', 'document', 'paper', 'pdf', 'text', 'question', 'answer', 'way', 'thing', 'things',
  'kind', 'type', 'sort', 'get', 'got', 'let', 'use', 'used', 'uses', 'using', 'does', 'anything',
  'everything', 'something', 'exactly', 'actually', 'really', 'overall', 'respectively',
  ...[...CARDINALS.keys()].filter((w) => w !== 'zero'), 'dozen',
]);

// ---------------------------------------------------------------------------------------------
// Plurals (the tables live in src/lexicon/plurals.ts)

function isAcronym(word: string): boolean {
  return /^[A-Z][A-Z0-9&]+$/.test(word);
}

// ---------------------------------------------------------------------------------------------
// Codes, references, phrases

interface Span {
  start: number;
  end: number;
  text: string;
  /** A command-line option ("-f"): a token of its own that anchors nothing (see withOptions). */
  option?: boolean;
}

/** A revision or version written after a document's name ("Rev", "Rev. 2", "Revision 5", "v1.1"). */
const VERSION_TAIL = /\s+(?:rev(?:ision)?|ver(?:sion)?|v|r|release)\.?\s*[\d.]*\s*$/i;
const VERSION_LEAD = /(?:\b(?:version|ver|v|rev|revision|release|r)\.?\s*)$/i;

function isVersionLike(text: string, before: string): boolean {
  if (VERSION_LEAD.test(before)) return true;
  const parts = text.split('.');
  // "CSF 2.0", "ASVS 5.0.0": a product acronym with a .0 tail is an edition, not a clause.
  if (parts.length > 1 && parts.slice(1).every((p) => /^0+$/.test(p))) return true;
  return false;
}

const CODE_PATTERNS: { re: RegExp; accept?: (m: RegExpExecArray, text: string) => string | null }[] = [
  // Publications of a numbered series: "SP 800-37", "RFC 4180", "FIPS 199". Tried first, so a
  // series name is never read as a family word ("FIPS 199" is not like "GOVERN 1").
  { re: new RegExp(String.raw`\b${SERIES_NUMBER}\b`, 'g') },
  // CSF-style: "GV.OC-01", "GV.SC", "RS.CO", wildcard "GV.OC-xx".
  { re: new RegExp(String.raw`\b(?:${dottedDash(NUM_OR_WILDCARD)}|${DOTTED})(?!\w|\.\w)`, 'g') },
  // Function + number: "GOVERN 1.1", "MEASURE 2.x", "MAP 5".
  {
    re: new RegExp(String.raw`\b${wordNumber(NUM_OR_WILDCARD)}(?!\w|\.\w)`, 'g'),
    accept: (m, text) => {
      const [word, num] = m[0].split(/\s/);
      // Capitalised structural labels number the parts of a document, not a family of codes.
      if (/^(?:PAGE|SECTION|CHAPTER|TABLE|FIGURE|FIG|STEP|TIER|LEVEL|PART)$/.test(word!)) return null;
      if (isVersionLike(num!, text.slice(0, m.index))) return null;
      return m[0];
    },
  },
  // Title-case function names written by users: "Govern 1.1", "Measure 2.x" (dotted only).
  {
    re: new RegExp(String.raw`\b${TITLE_WORD}\s${NUM}\.${NUM_OR_WILDCARD}(?!\w|\.\w)`, 'g'),
    accept: (m) => {
      const word = m[0].split(/\s/)[0]!.toLowerCase();
      if (/^(section|chapter|table|figure|fig|page|version|release|revision|rev|step|tier|level|part|requirement|appendix|clause|article|item|control|task|ver)$/.test(word)) return null;
      return m[0];
    },
  },
  // Control/task codes: "AC-2", "R-4", "P-8", "AC-2(1)", "CWE-79".
  { re: new RegExp(String.raw`\b${DASH_NUMBER}${ENHANCEMENT}(?![\w.]|-\d)`, 'g') },
  // Chapter/requirement codes: "V3", "V3.2", "V6.2.1".
  { re: new RegExp(String.raw`\b${LETTER_NUMBER}(?!\w|\.\w)`, 'g') },
  // Dotted numbers: "5.4", "9.1.2", "3.2".
  {
    re: new RegExp(String.raw`(?<![\w.\-])${DOTTED_NUMBER}(?![\w]|\.\d)`, 'g'),
    accept: (m, text) => {
      const before = text.slice(0, m.index);
      if (isVersionLike(m[0], before) && /(?:\b[A-Z]{2,}|version|ver|v|rev|revision|release)\.?\s*$/i.test(before)) return null;
      if (/^0\./.test(m[0])) return null; // decimal fraction
      const after = text.slice(m.index + m[0].length);
      if (/^\s*(?:%|percent|days?|hours?|minutes?|seconds?|years?|months?|weeks?|times|x\b|GB|MB|KB|ms)/i.test(after)) return null;
      return m[0];
    },
  },
  // Labelled identifiers: "Tier 1", "Level 2", "Appendix A", "Coverage B", "Step 3".
  {
    re: new RegExp(`\\b(?:${LABEL_CODE_WORDS.join('|')})\\s+(?:${NUM}|[A-Z])(?![\\w.\\-]|\\.\\d)`, 'gi'),
    accept: (m) => {
      const id = m[0].split(/\s+/)[1]!;
      // A lowercase single letter after a label is an article or pronoun, not an identifier.
      if (/^[a-z]$/.test(id)) return null;
      return m[0];
    },
  },
  // Parenthesised acronyms used as identifiers: "(GV)", "(ID.AM)".
  {
    re: new RegExp(String.raw`\((${ACRONYM})\)`, 'g'),
    accept: (m) => m[1]!,
  },
];

function extractCodes(text: string): Span[] {
  const found: Span[] = [];
  for (const { re, accept } of CODE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const got = accept ? accept(m, text) : m[0];
      if (!got) continue;
      const offset = m[0].indexOf(got);
      found.push({ start: m.index + offset, end: m.index + offset + got.length, text: got });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const out: Span[] = [];
  for (const s of found) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) continue;
    out.push(s);
  }
  return out;
}

/**
 * A command-line option written in the question ("which -f flags ...") is one token, a modifier of
 * the noun after it as a code would be; it is no identifier of the document's, so it joins the
 * tokens only, never the question's codes.
 */
function withOptions(text: string, codes: Span[]): Span[] {
  const re = new RegExp(String.raw`(?<=^|\s)${OPTION}(?=[\s,;:?!)]|$)`, 'g');
  const options = [...text.matchAll(re)]
    .map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0], option: true }))
    .filter((o) => !codes.some((c) => o.start < c.end && c.start < o.end));
  return [...codes, ...options].sort((a, b) => a.start - b.start);
}

function extractPhrases(text: string): string[] {
  const out: string[] = [];
  // A markup name in angle brackets ("the <registry> element") is written as literally as a
  // quoted one: the document names the thing by it.
  const re = /"([^"]{2,}?)"|“([^”]{2,}?)”|(?<=^|[\s(])'([^']{2,}?)'(?=$|[\s.,;:?!)])|‘([^’]{2,}?)’(?=$|[\s.,;:?!)])|`([^`]{2,}?)`|(?<=^|[\s(])(<[A-Za-z][\w:.-]*\/?>)(?=$|[\s.,;:?!)])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const p = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? '').trim();
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

function extractPageRef(text: string): number | null {
  const m = /\b(?:on\s+)?(?:pages?|pg\.?|pp?\.)\s*#?\s*(\d{1,4})\b/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 ? n : null;
}

function extractSectionRef(text: string): string | null {
  const sec = /(?:\b(?:section|sec\.|subsection|chapter|clause)\s+|§\s*)((?:[A-Z]?\d+(?:\.\d+)*)(?![\w.])|[IVXLC]+\b|[A-Z]\b)/i.exec(text);
  if (sec) return sec[1]!.replace(/\.$/, '');
  const app = /\b(appendix|annex)\s+([A-Z]|\d+)\b/i.exec(text);
  if (app) return `${app[1]![0]!.toUpperCase()}${app[1]!.slice(1).toLowerCase()} ${app[2]!.toUpperCase()}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Tokens

interface Tok {
  text: string;
  lower: string;
  kind: 'word' | 'num' | 'code' | 'option' | 'punct';
  start: number;
}

/**
 * A dimension or size written with a letter between numbers ("3x3 matrix", "1024x768") is one
 * word: read from its letter on it would be "x3".
 */
const DIMENSION = String.raw`\d+[xX]\d+(?![A-Za-z0-9])`;
const DIMENSION_WORD = new RegExp(`^${DIMENSION}$`);

function tokenize(text: string, codes: Span[]): Tok[] {
  const toks: Tok[] = [];
  let pos = 0;
  const pushPlain = (chunk: string, base: number) => {
    // A number with a plus after it ("128+ glyph encodings") is one quantity, no break in a phrase.
    // A name joined by underscores ("check_nrpe") is one word, as a hyphenated one is.
    // A name template with a wildcard for its last part ("mkc_*", "HAB_*") is one word too, read as its stem.
    const re = new RegExp(`${DIMENSION}|[A-Za-z][A-Za-z0-9]*(?:['’\\-\\u2010\\u2011_][A-Za-z0-9]+)*(?:_\\*)?|\\d+(?:[.,]\\d+)*(?:\\+(?!\\d))?|[^\\sA-Za-z0-9]`, 'g');
    for (let m = re.exec(chunk); m; m = re.exec(chunk)) {
      const t = m[0];
      // "What's in ..." reads as "What is in ...", not as a possessive.
      const contraction = /^(what|where|who|how|that|there|it)['’](s|re)$/i.exec(t);
      if (contraction) {
        toks.push({ text: contraction[1]!, lower: contraction[1]!.toLowerCase(), kind: 'word', start: base + m.index });
        const verb = contraction[2]!.toLowerCase() === 's' ? 'is' : 'are';
        toks.push({ text: verb, lower: verb, kind: 'word', start: base + m.index + contraction[1]!.length });
        continue;
      }
      const kind: Tok['kind'] = /^[A-Za-z]/.test(t) || DIMENSION_WORD.test(t) ? 'word' : /^\d/.test(t) ? 'num' : 'punct';
      const lower = t.toLowerCase().replace(/['’]s$/, '').replace(/[\u2010\u2011]/g, '-').replace(/_\*$/, '');
      toks.push({ text: t, lower, kind, start: base + m.index });
    }
  };
  for (const c of codes) {
    pushPlain(text.slice(pos, c.start), pos);
    toks.push({ text: c.text, lower: c.text.toLowerCase(), kind: c.option ? 'option' : 'code', start: c.start });
    pos = c.end;
  }
  pushPlain(text.slice(pos), pos);
  return toks;
}

/**
 * "When a controller asks for its status, what does the reply report on?": a first clause opened by
 * a conjunction, not inverted ("When does X apply?" is a question of time), before a clause of its
 * own is the question's condition. The question is what follows; the condition's words stay in the
 * keywords, read from the whole text.
 */
function withoutLeadingCondition(clauses: Tok[][]): Tok[][] {
  const [first, ...rest] = clauses;
  if (!first || rest.length === 0) return clauses;
  const w0 = first[0]?.lower ?? '';
  const w1 = first[1]?.lower ?? '';
  return SUBORDINATING_CONJUNCTIONS.has(w0) && !AUX.has(w1) && first.length >= 3 ? rest : clauses;
}

/** Splits at boundaries that start a new question: ", and what ...", "; how many ...". */
function splitClauses(toks: Tok[]): Tok[][] {
  const clauses: Tok[][] = [];
  let cur: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind === 'punct' && /[?;!]/.test(t.text)) {
      if (cur.length) clauses.push(cur);
      cur = [];
      continue;
    }
    if (t.kind === 'punct' && t.text === ',' || (t.kind === 'word' && (t.lower === 'and' || t.lower === 'or'))) {
      // Look past "and"/prepositions for a question word; only then is it a new clause.
      let j = i + 1;
      // Coordinating words before the question word: ", and which ...", ", but which ...".
      while (j < toks.length && (['and', 'also', 'then', 'but', 'yet', 'so'].includes(toks[j]!.lower) || (PREPS.has(toks[j]!.lower) && j - i <= 2))) j++;
      const nxt = toks[j];
      if (nxt && (WH.has(nxt.lower) || ['list', 'name', 'enumerate', 'count', 'identify', 'describe'].includes(nxt.lower)) && j > i) {
        if (cur.length) clauses.push(cur);
        cur = toks.slice(i + 1, j).filter((x) => PREPS.has(x.lower));
        i = j - 1;
        continue;
      }
    }
    if (t.kind === 'punct' && t.text === '.' && i === toks.length - 1) continue;
    // A full stop between sentences ("We have no capability. What steps ...?"): what came before
    // is context, and the question starts a clause of its own. A stop after a letter ("U.S.")
    // or before a number ("Rev. 2") ends no sentence.
    const prev = toks[i - 1];
    const next = toks[i + 1];
    if (t.kind === 'punct' && t.text === '.' && prev?.kind === 'word' && prev.text.length >= 2 && next?.kind === 'word' && /^[A-Z][a-z]/.test(next.text)) {
      if (cur.length) clauses.push(cur);
      cur = [];
      continue;
    }
    cur.push(t);
  }
  if (cur.length) clauses.push(cur);
  return clauses;
}

interface NounPhrase {
  toks: Tok[]; // content tokens (no determiners)
  count: number | null;
  end: number; // index after the phrase in the source token array
  hasDefinite: boolean;
  hasConj: boolean;
  pronoun: boolean;
  /** Reached through "a list of" / "the set of". */
  listOf: boolean;
}

function isVerbToken(t: Tok): boolean {
  if (t.kind !== 'word' || t.text !== t.lower) return false;
  const w = t.lower;
  if (NP_VERBS.has(w)) return true;
  if (w.endsWith('ies') && NP_VERBS.has(w.slice(0, -3) + 'y')) return true;
  if (w.endsWith('es') && NP_VERBS.has(w.slice(0, -2))) return true;
  if (w.endsWith('s') && NP_VERBS.has(w.slice(0, -1))) return true;
  return false;
}

/** Tokens a parenthetical inside a noun phrase may span, brackets included. */
const PARENTHETICAL_MAX = 6;

function readNounPhrase(toks: Tok[], start: number): NounPhrase {
  let i = start;
  let hasDefinite = false;
  let listOf = false;
  let count: number | null = null;
  // Determiners, quantifiers and "all of the" / "a list of" wrappers.
  for (; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind === 'word' && DETERMINERS.has(t.lower)) {
      if (DEFINITE.has(t.lower)) hasDefinite = true;
      continue;
    }
    if (t.lower === 'of' && i > start && ['all', 'each', 'both', 'some', 'any', 'list', 'set', 'names'].includes(toks[i - 1]!.lower)) continue;
    if ((t.lower === 'list' || t.lower === 'set') && toks[i + 1]?.lower === 'of') {
      hasDefinite = true;
      listOf = true;
      continue;
    }
    if (t.kind === 'word' && t.lower === 'top' && toks[i + 1] && parseNumberWord(toks[i + 1]!.lower) !== null) continue;
    const n = t.kind === 'num' || t.kind === 'word' ? parseNumberWord(t.lower) : null;
    if (n !== null && n > 1 && n < 1000) {
      count = n;
      continue;
    }
    break;
  }
  const first = toks[i];
  if (first && first.kind === 'word' && PRONOUNS.has(first.lower)) {
    return { toks: [], count, end: i + 1, hasDefinite, hasConj: false, pronoun: true, listOf };
  }
  const out: Tok[] = [];
  let hasConj = false;
  for (; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind === 'punct') {
      // A parenthetical inside the phrase ("the major (top-level) steps") qualifies a modifier:
      // the noun goes on after it.
      const close = t.text === '(' && out.length ? toks.findIndex((x, j) => j > i && j <= i + PARENTHETICAL_MAX && x.text === ')') : -1;
      const after = close > 0 ? toks[close + 1] : undefined;
      if (after && after.kind === 'word' && !NP_STOP.has(after.lower) && !isVerbToken(after)) {
        i = close;
        continue;
      }
      if (t.text === '&' && out.length) {
        hasConj = true;
        out.push(t);
        continue;
      }
      // A slash between two words joins them into one modifier ("Tcl/Tk packages", "input/output").
      if (t.text === '/' && out.length && out[out.length - 1]!.kind === 'word' && toks[i + 1]?.kind === 'word') {
        out.push(t);
        continue;
      }
      break;
    }
    if (t.kind === 'word' && (t.lower === 'and' || t.lower === 'or')) {
      const nxt = toks[i + 1];
      if (out.length && nxt && (nxt.kind === 'word' || nxt.kind === 'code') && !NP_STOP.has(nxt.lower) && !WH.has(nxt.lower)) {
        hasConj = true;
        out.push(t);
        continue;
      }
      break;
    }
    if (t.kind === 'word' && NP_STOP.has(t.lower)) break;
    // A verb-like word right before an auxiliary is the phrase's head ("which ensemble results
    // does the paper compare"): a verb there would leave the auxiliary without a subject.
    const nextIsAux = toks[i + 1]?.kind === 'word' && AUX.has(toks[i + 1]!.lower);
    // So is one before an adverb and a bare word ("which library functions actually print ..."):
    // the adverb stands between the subject and its verb ("teams work closely with" keeps a
    // preposition after the adverb).
    const adverbThenVerb = toks[i + 1]?.kind === 'word' && /^[a-z]{3,}ly$/.test(toks[i + 1]!.text) && toks[i + 2]?.kind === 'word' && toks[i + 2]!.text === toks[i + 2]!.lower && !PREPS.has(toks[i + 2]!.lower) && !DETERMINERS.has(toks[i + 2]!.lower) && !NP_STOP.has(toks[i + 2]!.lower);
    if (out.length && isVerbToken(t) && out[out.length - 1]!.kind !== 'punct' && !nextIsAux && !adverbThenVerb) break;
    // A bare word after a plural noun and before a preposition or an article is the plural's
    // verb ("which characters count as whitespace", "which rules apply to"): an English compound
    // sets its modifier in the singular ("the character count").
    // So is one before a bare singular object and a preposition ("which roles take part in").
    const bare = (k: number) => toks[k]?.kind === 'word' && toks[k]!.text === toks[k]!.lower && !/s$/.test(toks[k]!.lower);
    // An indefinite pronoun after it is its object too ("which routines print something").
    const beforePrep = (k: number) => toks[k]?.kind === 'word' && (PREPS.has(toks[k]!.lower) || DETERMINERS.has(toks[k]!.lower) || toks[k]!.lower === 'as' || INDEFINITE_PRONOUNS.has(toks[k]!.lower));
    // An adverb after a plural noun opens the verb phrase ("which functions actually print"):
    // a noun phrase sets no adverb between its noun and what follows.
    if (out.length && out[out.length - 1]!.kind === 'word' && isPluralNoun(out[out.length - 1]!.text) && t.kind === 'word' && /^[a-z]{3,}ly$/.test(t.text)) break;
    if (out.length && out[out.length - 1]!.kind === 'word' && isPluralNoun(out[out.length - 1]!.text) && t.kind === 'word' && bare(i) && (beforePrep(i + 1) || (bare(i + 1) && !NP_STOP.has(toks[i + 1]!.lower) && toks[i + 2]?.kind === 'word' && PREPS.has(toks[i + 2]!.lower)))) break;
    // A participle after the noun starts a reduced relative clause: "the Profile types described in".
    // Before a plural noun it is the noun's modifier instead ("q-gram based distances").
    const modifiesNext = toks[i + 1]?.kind === 'word' && isPluralNoun(toks[i + 1]!.text) && !PREPS.has(toks[i + 1]!.lower);
    // After an adverb it is a modifier too ("individually named parameters"): an adverb cannot end
    // a noun phrase, so the phrase goes on.
    const afterAdverb = out.length > 0 && out[out.length - 1]!.kind === 'word' && /^[a-z]{3,}ly$/.test(out[out.length - 1]!.text);
    if (out.length && t.kind === 'word' && /^[a-z]{2,}(?<!e)ed$/.test(t.text) && !modifiesNext && !afterAdverb) break;
    out.push(t);
  }
  while (out.length && (out[out.length - 1]!.lower === 'and' || out[out.length - 1]!.lower === 'or' || out[out.length - 1]!.text === '&')) out.pop();
  return { toks: out, count, end: i, hasDefinite, hasConj, pronoun: false, listOf };
}

function headOf(np: NounPhrase): Tok | null {
  for (let i = np.toks.length - 1; i >= 0; i--) {
    const t = np.toks[i]!;
    if (t.kind === 'word' && t.lower !== 'and' && t.lower !== 'or') return t;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Intent

interface ClauseReading {
  intent: Intent;
  confidence: number;
  np: NounPhrase | null;
  /** Tokens after the item noun phrase: used for the "of X" complement of classifier heads. */
  after: Tok[];
  signal: string;
}

const IMPERATIVE_STRONG = new Set(['list', 'enumerate', 'itemize', 'itemise', 'tabulate']);
const IMPERATIVE_SOFT = new Set([
  'name', 'outline', 'summarize', 'summarise', 'describe', 'explain', 'identify', 'give', 'provide',
  'show', 'tell', 'state', 'find', 'present', 'cite', 'mention', 'specify', 'report',
]);
const POLITE_PREFIXES: string[][] = [
  ['please'], ['can', 'you'], ['could', 'you'], ['would', 'you'], ['will', 'you'], ['kindly'],
  ['i', 'want', 'to', 'know'], ['i', 'would', 'like', 'to', 'know'], ['i', 'need', 'to', 'know'],
  ['do', 'you', 'know'], ['i', 'wonder'],
];

function stripPolite(toks: Tok[]): Tok[] {
  let out = toks;
  let changed = true;
  while (changed) {
    changed = false;
    for (const p of POLITE_PREFIXES) {
      if (p.every((w, k) => out[k]?.lower === w)) {
        out = out.slice(p.length);
        changed = true;
      }
    }
  }
  return out;
}

function plural(np: NounPhrase): 'plural' | 'singular' | 'none' {
  const h = headOf(np);
  if (!h) return 'none';
  if (isPluralNoun(h.text)) return 'plural';
  return 'singular';
}

function readClause(clauseIn: Tok[]): ClauseReading {
  let c = stripPolite(clauseIn);
  // "tell me ...", "show us ...": drop the indirect object so the rest reads like any imperative.
  if (c[0] && IMPERATIVE_SOFT.has(c[0].lower) && (c[1]?.lower === 'me' || c[1]?.lower === 'us')) {
    const rest = c.slice(2);
    if (rest[0] && (WH.has(rest[0].lower) || rest[0].lower === 'if' || rest[0].lower === 'whether')) return readClause(rest);
    c = [c[0], ...rest];
  }
  const w = c.map((t) => t.lower);
  const w0 = w[0] ?? '';
  const w1 = w[1] ?? '';
  const after = (np: NounPhrase) => c.slice(np.end);

  // "When building teams for X, experts in which fields ...?": a question word before a gerund
  // opens a subordinate clause, not a question of time; the question is the clause after it.
  if (['when', 'while', 'before', 'after'].includes(w0) && /^\p{L}{3,}ing$/u.test(w1)) {
    const comma = c.findIndex((t) => t.kind === 'punct' && t.text === ',');
    if (comma > 1 && comma < c.length - 2) return readClause(c.slice(comma + 1));
  }

  // Count questions.
  const hm = w.findIndex((x, k) => x === 'how' && w[k + 1] === 'many');
  if (hm >= 0) {
    let s = hm + 2;
    if (w[s] === 'of') s++;
    const np = readNounPhrase(c, s);
    const h = headOf(np);
    if (h && UNIT_NOUNS.has(singularizeWord(h.lower))) {
      return { intent: 'factual', confidence: 0.7, np, after: after(np), signal: 'how-many-unit' };
    }
    return { intent: 'count', confidence: 0.95, np, after: after(np), signal: 'how-many' };
  }
  const numberOf = w.findIndex((x, k) => x === 'number' && w[k + 1] === 'of' && k > 0 && ['the', 'total', 'a'].includes(w[k - 1]!));
  if (numberOf >= 0 && (WH.has(w0) || IMPERATIVE_SOFT.has(w0) || w0 === 'count')) {
    const np = readNounPhrase(c, numberOf + 2);
    return { intent: 'count', confidence: 0.9, np, after: after(np), signal: 'number-of' };
  }
  if (w0 === 'count') {
    const np = readNounPhrase(c, 1);
    return { intent: 'count', confidence: 0.9, np, after: after(np), signal: 'count-imperative' };
  }

  // "Just the numbered headings of Annex IV.", "Only the areas, not the use cases.": a clause
  // that says which items the answer is made of is a listing's own specification.
  if ((w0 === 'just' || w0 === 'only') && w1 === 'the') {
    const np = readNounPhrase(c, 2);
    if (plural(np) === 'plural') return { intent: 'listing', confidence: 0.8, np, after: after(np), signal: 'just-the-plural' };
  }

  // Imperatives.
  if (IMPERATIVE_STRONG.has(w0)) {
    const np = readNounPhrase(c, 1);
    return { intent: 'listing', confidence: 0.95, np, after: after(np), signal: 'list-imperative' };
  }
  if (IMPERATIVE_SOFT.has(w0) && !(w0 === 'name' && w1 === 'of')) {
    if (WH.has(w1)) return readClause(c.slice(1));
    const np = readNounPhrase(c, 1);
    const p = plural(np);
    const quantified = np.count !== null || np.listOf || c.slice(1, 4).some((t) => ['all', 'every', 'each'].includes(t.lower));
    if (p === 'plural' || quantified) {
      const conf = w0 === 'name' || quantified ? 0.85 : 0.7;
      return { intent: 'listing', confidence: conf, np, after: after(np), signal: `imperative-${w0}-plural` };
    }
    return { intent: 'factual', confidence: 0.65, np, after: after(np), signal: `imperative-${w0}-singular` };
  }

  // "In which ways ...", "In what section ..." read like "which ways ...".
  let q = c;
  if (PREPS.has(w0) && (w1 === 'which' || w1 === 'what')) q = c.slice(1);
  const qw = q.map((t) => t.lower);
  const q0 = qw[0] ?? '';
  const q1 = qw[1] ?? '';

  if (q0 === 'what' || q0 === 'which') {
    // "which of the X ..." / "which one ..."
    if (q1 === 'of') {
      const np = readNounPhrase(q, 2);
      const verb = q[np.end]?.lower ?? '';
      // "Which of the APIs does one need ...": "does" is the auxiliary of another subject, so
      // the plural the question picks from decides, as in "which APIs does one need".
      const subject = readNounPhrase(q, np.end + 1);
      // ... and a verb of that subject after it ("does one need"; "does the most work" has none).
      const ownVerb = q[subject.end];
      const auxOfOther = (verb === 'does' || verb === 'did') && plural(np) === 'plural' && subject.toks.length > 0 && ownVerb?.kind === 'word' && !AUX.has(ownVerb.lower);
      if (auxOfOther) return { intent: 'listing', confidence: 0.7, np, after: q.slice(np.end), signal: 'which-of-plural-object' };
      if (['is', 'was', 'has', 'does'].includes(verb) || (verb.endsWith('s') && !AUX.has(verb) && verb !== 'are')) {
        return { intent: 'factual', confidence: 0.75, np, after: q.slice(np.end), signal: 'which-of-singular' };
      }
      return { intent: 'listing', confidence: 0.75, np, after: q.slice(np.end), signal: 'which-of-plural' };
    }
    if (q1 === 'one') return { intent: 'factual', confidence: 0.8, np: null, after: [], signal: 'which-one' };
    // "..., which ones?" asks for the members of a plural named elsewhere in the question.
    if (q1 === 'ones') return { intent: 'listing', confidence: 0.75, np: null, after: q.slice(2), signal: 'which-ones' };

    // "what is / what are ..."
    if (AUX.has(q1) && q1 !== 'does' && q1 !== 'do' && q1 !== 'did') {
      const np = readNounPhrase(q, 2);
      const q2 = qw[2] ?? '';
      if ((q1 === 'is' || q1 === 'are') && ['in', 'inside', 'under', 'within'].includes(q2)) {
        return { intent: 'listing', confidence: 0.45, np: null, after: q.slice(2), signal: 'what-is-in(ambiguous)' };
      }
      if (q1 === 'is' || q1 === 'was') {
        if (ENUMERATING_PARTICIPLES.has(q2)) {
          return { intent: 'listing', confidence: 0.5, np: null, after: q.slice(3), signal: 'what-is-participle' };
        }
        const listOf = qw.findIndex((x, k) => (x === 'list' || x === 'set') && qw[k + 1] === 'of' && k <= 4);
        if (listOf >= 0) {
          const inner = readNounPhrase(q, listOf + 2);
          return { intent: 'listing', confidence: 0.85, np: inner, after: q.slice(inner.end), signal: 'what-is-list-of' };
        }
        return { intent: 'factual', confidence: 0.85, np, after: q.slice(np.end), signal: 'what-is' };
      }
      if (q1 === 'are' || q1 === 'were') {
        if (np.pronoun) return { intent: 'listing', confidence: 0.8, np: null, after: [], signal: 'what-are-they' };
        if (np.hasDefinite || np.count !== null) {
          return { intent: 'listing', confidence: 0.85, np, after: q.slice(np.end), signal: 'what-are-the' };
        }
        if (ENUMERATING_PARTICIPLES.has(q2)) {
          return { intent: 'listing', confidence: 0.6, np: null, after: q.slice(3), signal: 'what-are-participle' };
        }
        const rest = q.slice(np.end).filter((t) => t.kind !== 'punct');
        if (rest.length) return { intent: 'listing', confidence: 0.65, np, after: q.slice(np.end), signal: 'what-are-qualified' };
        return { intent: 'factual', confidence: 0.5, np, after: [], signal: 'what-are-bare(definition?)' };
      }
      // what can / should / must ...
      return { intent: 'factual', confidence: 0.6, np: null, after: [], signal: 'what-modal' };
    }

    // "what does X <verb>"
    if (q1 === 'does' || q1 === 'do' || q1 === 'did') {
      const subj = readNounPhrase(q, 2);
      const verb = q[subj.end];
      const v = verb?.lower ?? '';
      const lemma = v.replace(/(es|s)$/, '');
      if (ENUMERATING_VERBS.has(v) || ENUMERATING_VERBS.has(lemma)) {
        const cover = v === 'cover' || v === 'address';
        return {
          intent: cover ? 'factual' : 'listing',
          confidence: cover ? 0.4 : 0.5,
          np: null,
          after: q.slice(subj.end + 1),
          signal: cover ? 'what-does-cover(ambiguous)' : 'what-does-contain(ambiguous)',
        };
      }
      if (['mean', 'say', 'describe', 'do', 'involve', 'entail', 'address'].includes(v)) {
        return { intent: 'factual', confidence: 0.45, np: null, after: [], signal: `what-does-${v}(ambiguous)` };
      }
      return { intent: 'factual', confidence: 0.8, np: null, after: [], signal: 'what-does-verb' };
    }

    // "what/which kinds of X ..."
    const np = readNounPhrase(q, 1);
    const h = headOf(np);
    if (!h) return { intent: 'factual', confidence: 0.6, np: null, after: [], signal: 'wh-no-noun' };
    if (['kind', 'type', 'sort', 'form'].includes(h.lower) && q[np.end]?.lower === 'of') {
      return { intent: 'factual', confidence: 0.75, np, after: q.slice(np.end), signal: 'what-kind-of' };
    }
    if (MEASURE_NOUNS.has(h.lower)) {
      return { intent: 'factual', confidence: 0.9, np, after: q.slice(np.end), signal: `${q0}-measure-noun` };
    }
    const p = plural(np);
    if (p === 'plural') {
      return { intent: 'listing', confidence: q0 === 'which' || np.toks.length > 0 ? 0.8 : 0.7, np, after: q.slice(np.end), signal: `${q0}-plural-noun` };
    }
    // "What property is not insured?": a mass noun with an enumerating participle asks for a list.
    const tail = q.slice(np.end, np.end + 3).map((t) => t.lower).filter((x) => x !== 'not');
    if (AUX.has(tail[0] ?? '') && ENUMERATING_PARTICIPLES.has(tail[1] ?? '')) {
      return { intent: 'listing', confidence: 0.55, np, after: q.slice(np.end), signal: `${q0}-noun-participle(ambiguous)` };
    }
    return { intent: 'factual', confidence: 0.8, np, after: q.slice(np.end), signal: `${q0}-singular-noun${np.hasConj ? '-conj' : ''}` };
  }

  if (q0 === 'how') return { intent: 'factual', confidence: 0.85, np: null, after: [], signal: `how-${q1}` };
  // "Who are the parties ...": a definite plural after "who are" asks for its members.
  if (q0 === 'who' && (q1 === 'are' || q1 === 'were')) {
    const np = readNounPhrase(q, 2);
    if (np.hasDefinite && plural(np) === 'plural') return { intent: 'listing', confidence: 0.7, np, after: q.slice(np.end), signal: 'who-are-the' };
  }
  if (['who', 'whom', 'whose', 'when', 'where', 'why'].includes(q0)) {
    return { intent: 'factual', confidence: 0.85, np: null, after: [], signal: q0 };
  }
  if (AUX.has(q0)) return { intent: 'factual', confidence: 0.8, np: null, after: [], signal: 'yes-no' };

  // "Experts in which fields does the Playbook suggest?": a question word inside the clause,
  // before a plural and the auxiliary of the question's inversion, asks for those members.
  for (let k = 1; k < q.length - 2; k++) {
    if (qw[k] !== 'which' && qw[k] !== 'what') continue;
    const np = readNounPhrase(q, k + 1);
    if (plural(np) === 'plural' && AUX.has(q[np.end]?.lower ?? '')) return { intent: 'listing', confidence: 0.75, np, after: q.slice(np.end), signal: 'embedded-which-plural' };
  }

  // Keyword-style input without a question form.
  const quant = q.findIndex((t) => ['all', 'every', 'each'].includes(t.lower));
  if (quant >= 0) {
    const np = readNounPhrase(q, quant);
    if (plural(np) !== 'none') return { intent: 'listing', confidence: 0.6, np, after: q.slice(np.end), signal: 'quantified-noun' };
  }
  const np = readNounPhrase(q, 0);
  if (plural(np) === 'plural' && np.end >= q.length - 3) {
    return { intent: 'listing', confidence: 0.45, np, after: q.slice(np.end), signal: 'bare-plural' };
  }
  return { intent: 'factual', confidence: 0.4, np: null, after: [], signal: 'default' };
}

// ---------------------------------------------------------------------------------------------
// Scope

function phraseAfter(toks: Tok[], start: number): { toks: Tok[]; end: number; hadThe: boolean } {
  let i = start;
  let hadThe = false;
  while (toks[i] && ['the', 'a', 'an', 'all', 'every', 'each', 'its', 'their', 'these', 'those', 'this', 'that'].includes(toks[i]!.lower)) {
    hadThe = true;
    i++;
  }
  const out: Tok[] = [];
  for (; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind === 'punct') {
      if ((t.text === '&' || t.text === '-' || t.text === '—' || t.text === '–') && out.length && toks[i + 1]?.kind === 'word') {
        out.push(t);
        continue;
      }
      break;
    }
    if (t.kind === 'word' && (t.lower === 'and' || t.lower === 'or')) {
      // Keep "and" inside title-case names ("Risk Assessment and Treatment").
      const prev = out[out.length - 1];
      const nxt = toks[i + 1];
      if (prev && nxt && /^[A-Z]/.test(prev.text) && /^[A-Z]/.test(nxt.text) && !WH.has(nxt.lower)) {
        out.push(t);
        continue;
      }
      break;
    }
    if (t.kind === 'word' && (NP_STOP.has(t.lower) || PRONOUNS.has(t.lower))) break;
    if (out.length && isVerbToken(t)) break;
    out.push(t);
  }
  return { toks: out, end: i, hadThe };
}

function joinToks(toks: Tok[]): string {
  let s = '';
  for (const t of toks) {
    if (!s) s = t.text;
    else if (t.kind === 'punct' && t.text !== '&') s += t.text;
    else if (/[-—–]$/.test(s)) s += t.text;
    else s += ' ' + t.text;
  }
  return s;
}

/** Strips container nouns ("chapter", "function") and rejects references to the whole document. */
function cleanScope(toks: Tok[], opts: { hadThe: boolean; strong: boolean }): string | null {
  let t = [...toks];
  if (!t.length) return null;
  const last = t[t.length - 1]!;
  if (last.kind === 'word' && DOC_NOUNS.has(last.lower)) return null;
  // "the user guide's Options section": what the document's possessive names is a part of it.
  const owner = t.map((x) => x.kind === 'word' && /['’]s$/i.test(x.text) && DOC_NOUNS.has(x.lower)).lastIndexOf(true);
  if (owner >= 0 && owner < t.length - 1) t = t.slice(owner + 1);
  if (t.length > 1 && last.kind === 'word' && CONTAINER_NOUNS.has(singularizeWord(last.lower)) && last.lower !== 'appendix') {
    t = t.slice(0, -1);
  }
  const first = t[0]!;
  // "Section 5.4" -> "5.4"; "Section V" keeps its label, a lone "V" would anchor nothing.
  if (t.length > 1 && ['section', 'chapter', 'clause', 'subsection'].includes(first.lower) && (t[1]!.kind === 'code' || t[1]!.kind === 'num')) {
    t = t.slice(1);
  }
  if (!t.length) return null;
  // "in the AI RMF": an acronym-only name after "the" is how people name the document itself.
  if (!opts.strong && opts.hadThe && t.every((x) => x.kind === 'word' && isAcronym(x.text)) && !toks.some((x) => CONTAINER_NOUNS.has(x.lower))) return null;
  return joinToks(t);
}

interface ScopeResult {
  scope: string | null;
  qualifiers: string[];
  signal: string | null;
}

/** "does the X <verb>" verbs whose subject X is where the answer lives. */
const SUBJECT_SCOPE_VERBS = new Set([
  'have', 'contain', 'include', 'list', 'comprise', 'cover', 'define', 'require', 'mention', 'say',
  'describe', 'specify', 'address', 'encompass', 'exclude', 'consist', 'insure', 'state', 'recommend',
]);

/**
 * "an AI system listed in Annex III": a participle right after a noun ties the part after it to
 * that noun.
 * When that noun is not the item noun, the part says where that noun is found, not where the
 * items are; "the conditions listed in Annex III" would name the items' place.
 */
function referenceOnly(toks: Tok[], prep: number, itemNp: NounPhrase | null): boolean {
  const isParticiple = (t: Tok | undefined) => t?.kind === 'word' && t.lower.length > 4 && t.lower.endsWith('ed');
  const part = isParticiple(toks[prep - 1]) ? prep - 1 : toks[prep - 1]?.lower === 'to' && isParticiple(toks[prep - 2]) ? prep - 2 : -1;
  const noun = toks[part - 1];
  // "are described in the appendix": a passive verb of the clause, not a participle after a noun.
  if (part < 0 || !noun || noun.kind !== 'word' || AUX.has(noun.lower) || !itemNp?.toks.length) return false;
  const head = itemNp.toks[itemNp.toks.length - 1]!.lower;
  return singularizeWord(noun.lower) !== singularizeWord(head);
}

function findScope(toks: Tok[], itemNp: NounPhrase | null): ScopeResult {
  const qualifiers: string[] = [];
  const candidates: { scope: string; prio: number; pos: number; signal: string }[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind !== 'word') continue;
    // "at the system level", "at the organization level"
    if (t.lower === 'at') {
      const ph = phraseAfter(toks, i + 1);
      const lastTok = ph.toks[ph.toks.length - 1];
      if (lastTok && ['level', 'tier', 'stage', 'phase', 'layer'].includes(lastTok.lower) && ph.toks.length >= 2) {
        qualifiers.push(joinToks(ph.toks));
        continue;
      }
    }
    if (['under', 'within', 'inside', 'beneath'].includes(t.lower)) {
      // "Under what conditions ...": a question word after the preposition asks, it names no part.
      if (toks[i + 1] && WH.has(toks[i + 1]!.lower)) continue;
      const ph = phraseAfter(toks, i + 1);
      const s = cleanScope(ph.toks, { hadThe: ph.hadThe, strong: true });
      if (s) candidates.push({ scope: s, prio: 1, pos: i, signal: `scope-${t.lower}` });
      continue;
    }
    if (['in', 'of', 'for', 'from', 'throughout', 'across'].includes(t.lower)) {
      const ph = phraseAfter(toks, i + 1);
      if (!ph.toks.length) continue;
      if (referenceOnly(toks, i, itemNp)) continue;
      const firstTok = ph.toks[0]!;
      const lastTok = ph.toks[ph.toks.length - 1]!;
      const endsContainer = lastTok.kind === 'word' && CONTAINER_NOUNS.has(singularizeWord(lastTok.lower)) && ph.toks.length > 1;
      // "in the appendix on object detection improvements": a part of the document named by its
      // topic; the topic after "on"/"about" is the part's title.
      const about = toks[ph.end];
      if (ph.toks.length === 1 && lastTok.kind === 'word' && CONTAINER_NOUNS.has(singularizeWord(lastTok.lower)) && about && ['on', 'about', 'concerning', 'regarding'].includes(about.lower)) {
        const topic = phraseAfter(toks, ph.end + 1);
        const s = cleanScope(topic.toks, { hadThe: topic.hadThe, strong: true });
        if (s) candidates.push({ scope: s, prio: 2, pos: i, signal: `scope-${lastTok.lower}-on` });
        continue;
      }
      if (firstTok.kind === 'code') {
        const s = cleanScope(ph.toks, { hadThe: ph.hadThe, strong: true });
        if (s) candidates.push({ scope: s, prio: 2, pos: i, signal: `scope-${t.lower}-code` });
      } else if (endsContainer) {
        const s = cleanScope(ph.toks, { hadThe: ph.hadThe, strong: false });
        if (s) candidates.push({ scope: s, prio: 2, pos: i, signal: `scope-${t.lower}-container` });
      } else if (
        /^[A-Z]/.test(firstTok.text) &&
        (t.lower === 'for' || !ph.hadThe) &&
        // "in ASVS", "of the AI RMF": a lone acronym after in/of usually names the document.
        (t.lower === 'for' || t.lower === 'of' || !ph.toks.every((x) => x.kind === 'word' && isAcronym(x.text)))
      ) {
        const s = cleanScope(ph.toks, { hadThe: ph.hadThe, strong: false });
        if (s) candidates.push({ scope: s, prio: 4, pos: i, signal: `scope-${t.lower}-name` });
      }
      continue;
    }
    // Subject of "does the X have/contain ..."
    if (['does', 'do', 'did'].includes(t.lower) && i > 0) {
      const ph = phraseAfter(toks, i + 1);
      const verb = toks[ph.end];
      if (!ph.toks.length || !verb) continue;
      if (!SUBJECT_SCOPE_VERBS.has(verb.lower)) continue;
      const code = ph.toks.find((x) => x.kind === 'code');
      if (code) {
        candidates.push({ scope: code.text, prio: 3, pos: i, signal: 'scope-subject-code' });
        continue;
      }
      const lastTok = ph.toks[ph.toks.length - 1]!;
      const endsContainer = CONTAINER_NOUNS.has(singularizeWord(lastTok.lower)) && ph.toks.length > 1;
      const allCaps = ph.toks.every((x) => x.kind === 'word' && isAcronym(x.text) && x.text.length >= 3);
      if (endsContainer || (allCaps && !ph.hadThe)) {
        const s = cleanScope(ph.toks, { hadThe: ph.hadThe, strong: true });
        if (s) candidates.push({ scope: s, prio: 3, pos: i, signal: 'scope-subject' });
      }
    }
  }
  // "the GOVERN function", "the Prepare step" anywhere: a named container is a weak anchor.
  const itemHead = itemNp ? headOf(itemNp) : null;
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind !== 'word' || t.text !== t.lower || !CONTAINER_NOUNS.has(singularizeWord(t.lower))) continue;
    // The item noun itself is what is listed, not where to look ("the AI RMF Core functions").
    if (itemHead && itemHead.start === t.start) continue;
    let j = i - 1;
    while (j >= 0 && (toks[j]!.kind === 'code' || (toks[j]!.kind === 'word' && /^[A-Z]/.test(toks[j]!.text) && !WH.has(toks[j]!.lower) && !AUX.has(toks[j]!.lower) && !IMPERATIVE_SOFT.has(toks[j]!.lower) && !IMPERATIVE_STRONG.has(toks[j]!.lower)))) j--;
    if (j === i - 1) continue;
    const s = cleanScope(toks.slice(j + 1, i + 1), { hadThe: toks[j]?.lower === 'the', strong: true });
    if (s) candidates.push({ scope: s, prio: 4, pos: j + 1, signal: 'scope-named-container' });
  }
  // A code inside the item noun phrase ("MEASURE 2.x subcategory") anchors the listing.
  if (itemNp) {
    const code = itemNp.toks.find((x) => x.kind === 'code');
    if (code) candidates.push({ scope: code.text, prio: 3, pos: -1, signal: 'scope-item-code' });
  }
  candidates.sort((a, b) => a.prio - b.prio || a.pos - b.pos);
  const best = candidates[0];
  if (best) return { scope: best.scope, qualifiers, signal: best.signal };
  return { scope: null, qualifiers, signal: null };
}

// ---------------------------------------------------------------------------------------------
// Keywords

function extractKeywords(text: string, codes: Span[], nounish: Set<string>): { keywords: string[]; variants: string[] } {
  let stripped = '';
  let pos = 0;
  for (const c of codes) {
    stripped += text.slice(pos, c.start) + ' ';
    pos = c.end;
  }
  stripped += text.slice(pos);
  const keywords: string[] = [];
  const acronyms = new Set<string>();
  const re = new RegExp(`${DIMENSION}|[A-Za-z][A-Za-z0-9]*(?:['’\\-\\u2010\\u2011][A-Za-z0-9]+)*`, 'g');
  for (let m = re.exec(stripped); m; m = re.exec(stripped)) {
    const w = m[0].toLowerCase().replace(/['’]s$/, '').replace(/[\u2010\u2011]/g, '-');
    if (w.length < 2 || STOPWORDS.has(w) || parseNumberWord(w) !== null) continue;
    if (isAcronym(m[0].replace(/['’]s$/, ''))) acronyms.add(w);
    if (!keywords.includes(w)) keywords.push(w);
  }
  const variants: string[] = [];
  const add = (v: string) => {
    if (v.length >= 3 && !keywords.includes(v) && !variants.includes(v) && !STOPWORDS.has(v)) variants.push(v);
  };
  for (const k of keywords) {
    if (acronyms.has(k)) continue;
    if (k.includes('-')) {
      add(k.replace(/-/g, ''));
      for (const part of k.split('-')) add(part);
    } else if (isPluralNoun(k)) add(singularizeWord(k));
    // Plural variants only for words known to be nouns: adjectives and verbs would gain junk forms.
    else if (nounish.has(k) || STRUCTURAL_NOUNS.has(k) || CONTAINER_NOUNS.has(k)) add(pluralizeWord(k));
  }
  return { keywords, variants };
}

// ---------------------------------------------------------------------------------------------

function itemNounFrom(np: NounPhrase | null, after: Tok[]): { noun: string | null; phrase: string | null; count: number | null } {
  if (!np) return { noun: null, phrase: null, count: null };
  let content = np.toks.filter((t) => t.kind === 'word' || t.text === '&');
  let head = headOf(np);
  let count = np.count;
  if (!head) return { noun: null, phrase: null, count };
  // "the names of the Functions" -> the Functions.
  if (TRANSPARENT_HEADS.has(head.lower) && after[0]?.lower === 'of') {
    const inner = readNounPhrase(after, 1);
    const ih = headOf(inner);
    if (ih) {
      content = inner.toks.filter((t) => t.kind === 'word');
      head = ih;
      count = count ?? inner.count;
      after = after.slice(inner.end);
    }
  }
  const headLower = head.lower;
  const plural = isPluralNoun(head.text) || headLower in IRREGULAR_PLURALS ? headLower : pluralizeWord(headLower);
  const words = content.map((t) => t.lower);
  const hi = words.lastIndexOf(headLower);
  const mod = hi > 0 ? words[hi - 1]! : null;
  let noun = plural;
  if (mod && STRUCTURAL_NOUNS.has(singularizeWord(mod)) && mod !== headLower) noun = `${mod} ${plural}`;
  const phraseToks = content.slice(0, hi + 1).map((t) => t.text);
  let phrase = phraseToks.join(' ').replace(/ & /g, ' & ');
  if (CLASSIFIER_HEADS.has(headLower) && after[0]?.lower === 'of') {
    const comp = readNounPhrase(after, 1);
    const compWords = comp.toks.filter((t) => t.kind === 'word' || t.kind === 'code').map((t) => t.text);
    if (compWords.length) phrase = `${phrase} of ${compWords.join(' ')}`;
  }
  return { noun, phrase: phrase || null, count };
}

export function understandQuestion(text: string): Understanding {
  const norm = text.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const signals: string[] = [];
  const phrases = extractPhrases(norm);
  const codeSpans = extractCodes(norm);
  const codes = [...new Set(codeSpans.map((c) => c.text))];
  const toks = tokenize(norm, withOptions(norm, codeSpans));
  const clauses = withoutLeadingCondition(splitClauses(toks));
  const readings = clauses.map(readClause);
  for (const r of readings) signals.push(r.signal);

  let chosen: ClauseReading = readings[0] ?? { intent: 'factual', confidence: 0.3, np: null, after: [], signal: 'empty' };
  // "How many key words does it use, and which ones?": a later clause asking for the members of
  // what was counted makes the counted noun items, whatever it would measure alone.
  const unitCount = readings.find((r) => r.signal === 'how-many-unit');
  // So does a later question about "they" ("How many points are on the checklist, and what do
  // they say?") when the counted noun is the first clause's subject ("points are"): "they" is
  // then the points, not another subject ("How many points did the team score, and what did
  // they win?").
  const later = unitCount ? readings.indexOf(unitCount) + 1 : readings.length;
  const subjectCounted = Boolean(unitCount && ['are', 'were', 'exist', 'appear', 'remain'].includes(unitCount.after[0]?.lower ?? ''));
  const aboutThem = subjectCounted && clauses.slice(later).some((cl) => cl.some((t) => t.kind === 'word' && WH.has(t.lower)) && cl.some((t) => t.kind === 'word' && (t.lower === 'they' || t.lower === 'them')));
  const asksMembers = unitCount && (aboutThem || readings.slice(later).some((r) => r.signal === 'which-ones' || r.signal === 'what-are-they'));
  if (unitCount && asksMembers) {
    readings[readings.indexOf(unitCount)] = { ...unitCount, intent: 'count', confidence: 0.85, signal: 'how-many-then-members' };
    signals.push('how-many-then-members');
  }
  const count = readings.find((r) => r.intent === 'count');
  const strongListing = readings.find((r) => r.intent === 'listing' && r.confidence >= 0.75);
  // "How many models made up the ensemble, and what error did it reach?": a later clause that asks
  // for one thing of its own (what + a singular noun), not for the counted items ("and what are
  // they?"), makes the count one of the facts asked for, and the question a factual one.
  const laterFact = count ? readings.slice(readings.indexOf(count) + 1).find((r) => r.intent === 'factual' && /-singular-noun/.test(r.signal)) : undefined;
  if (count && laterFact && !strongListing) {
    chosen = { ...laterFact, confidence: Math.min(laterFact.confidence, 0.7) };
    signals.push('count-among-facts');
  } else if (count) chosen = count;
  else if (strongListing && strongListing !== chosen) {
    const conf = chosen.intent === 'factual' ? strongListing.confidence * 0.9 : strongListing.confidence;
    chosen = { ...strongListing, confidence: conf };
    signals.push('later-clause-listing');
  }
  let { intent, confidence } = chosen;

  // "what are they" carries no noun; the item noun is in the clause it refers to.
  let source = chosen;
  if (intent !== 'factual' && (!chosen.np || !headOf(chosen.np))) {
    const withNoun = readings.find((r) => r.np && headOf(r.np) && r.intent !== 'factual') ?? readings.find((r) => r.np && headOf(r.np));
    if (withNoun) source = withNoun;
  }
  const item = intent === 'factual' ? { noun: null, phrase: null, count: null } : itemNounFrom(source.np, source.after);
  // A factual question may still count something: "how many models ..., and what error ...?".
  const counting = intent === 'factual' ? readings.find((r) => r.signal === 'how-many' || r.signal === 'how-many-unit') : undefined;
  // "How many" is followed by the plural it counts; the phrase read after it may run on past a
  // verb the reader does not know ("models made up the ensemble"), so its first plural is the noun.
  const countedHead = counting?.np ? (counting.np.toks.find((t) => t.kind === 'word' && isPluralNoun(t.text)) ?? headOf(counting.np)) : null;
  const countedNoun = countedHead ? singularizeWord(countedHead.lower) : null;
  if (intent !== 'factual' && !item.noun) {
    confidence = Math.min(confidence, 0.6);
    signals.push('no-item-noun');
  }

  const scope = findScope(toks, intent === 'factual' ? null : source.np);
  let scopeValue = scope.scope;
  if (scope.signal) signals.push(scope.signal);
  // "of SP 800-61 Rev. 2": a series document's name (with its revision) is the document itself,
  // never a part of it, as for the codes below.
  if (scopeValue && isSeriesNumber(scopeValue.replace(VERSION_TAIL, ''))) {
    scopeValue = null;
    signals.push('scope-is-the-document');
  }
  if (!scopeValue && intent !== 'factual' && source.np) {
    // "MAP subcategories", "the DETECT categories": a name in capitals right before a structural
    // item noun names the part the items sit under, as "under MAP" would.
    const ws = source.np.toks.filter((t) => t.kind === 'word');
    const hi = ws.findIndex((t) => t === headOf(source.np!));
    const mod = hi > 0 ? ws[hi - 1]! : null;
    if (mod && /^[A-Z]{3,}$/.test(mod.text) && STRUCTURAL_NOUNS.has(singularizeWord(ws[hi]!.lower))) {
      scopeValue = mod.text;
      signals.push('scope-capital-modifier');
    }
  }
  if (!scopeValue && codes.length) {
    // A series document the question names ("SP 800-171") is the document, not a scope inside it.
    // A code a participle ties to another noun ("an AI system listed in Annex III") is a reference.
    const referenced = (text: string) => {
      const at = toks.findIndex((t) => t.kind === 'code' && t.text === text);
      return at > 0 && referenceOnly(toks, at - 1, source.np ?? null);
    };
    const c = codeSpans.find((s) => !isSeriesNumber(s.text) && !referenced(s.text));
    if (c) {
      scopeValue = c.text;
      signals.push('scope-first-code');
    }
  }

  const nounish = new Set<string>();
  for (const r of readings) {
    const h = r.np ? headOf(r.np) : null;
    if (h) nounish.add(h.lower);
  }
  const extracted = extractKeywords(norm, codeSpans, nounish);
  const excluded = excludedWords(norm);
  if (excluded.length) signals.push('excluded-words');
  // "the requirement numbers": the word asks for the items' codes (asksCodes); it is no word
  // the items' text holds.
  const asksNumbers = [...norm.matchAll(NOUN_NUMBERS)].some((m) => STRUCTURAL_NOUNS.has(singularizeWord(m[1]!.toLowerCase())));
  const keywords = extracted.keywords.filter((k) => !excluded.includes(k.toLowerCase()) && !(asksNumbers && k.toLowerCase() === 'numbers'));
  const variants = extracted.variants;

  return UnderstandingSchema.parse({
    intent,
    confidence: Math.round(confidence * 100) / 100,
    keywords,
    excluded,
    negated: isNegated(norm),
    restricted: restrictsItems(norm),
    lacks: lackedPhrase(norm),
    keywordVariants: variants,
    phrases,
    codes,
    itemNoun: item.noun,
    itemNounSingular: item.noun ? singularize(item.noun) : null,
    itemPhrase: item.phrase,
    scope: scopeValue,
    scopeQualifiers: scope.qualifiers,
    expectedCount: item.count,
    sectionRef: extractSectionRef(norm),
    pageRef: extractPageRef(norm),
    numbers: numbersOutside(norm, codes),
    countedNoun,
    containerCodes: containerCodes(norm, codes),
    asksCodes: ASKS_CODES.test(norm) || asksNumbers,
    sectionEach: SECTION_EACH.test(norm),
    signals,
  });
}

/** "a chapter of its own", "their own sections": each item is a division of the document. */
const SECTION_EACH = new RegExp(String.raw`\b(?:${[...SECTION_NOUNS].join('|')})s?\s+of\s+(?:its|their)\s+own\b|\b(?:its|their)\s+own\s+(?:${[...SECTION_NOUNS].join('|')})s?\b`, 'i');
/** Identifier words after a noun or a possessive: what the question wants written out is codes. */
const ASKS_CODES = /\b\w+\s+(?:codes|identifiers|ids)\b/i;
/**
 * A structural noun and "numbers" ("the requirement numbers", "section numbers"): the numbers
 * that name its members, asked for as codes are. ("codes" and "identifiers" stay keywords: a
 * text names its codes so, but writes no "numbers" beside its members.)
 */
const NOUN_NUMBERS = /\b(\w+)\s+numbers\b/gi;

/**
 * The codes written as the place the items are in: after a containing preposition or a part noun
 * ("in section 3.5", "of GV.OC", "chapter V6"), as the name of a part noun that closes the
 * code's own phrase ("the V6 Authentication chapter": only capitalised title words between), or
 * in brackets after the part's name ("the Media Protection family (3.8)").
 */
function containerCodes(text: string, codes: string[]): string[] {
  const nouns = [...PART_NOUNS].join('|');
  const preps = [...CONTAINING_PREPOSITIONS].join('|');
  // Only a code with parts below it holds items ("in SP 800-171" names a document, not a part).
  return codes.filter((c) => childrenOf(c) !== null).filter((c) => {
    const code = escapeRegex(c);
    // A full stop after the code ends the sentence; a dot before a digit would continue the code.
    const before = new RegExp(`(?:\\b(?:${preps})\\s+(?:the\\s+)?(?:(?:${nouns})\\s+)?|\\b(?:${nouns})\\s+)${code}(?!\\w|\\.\\d)`, 'i');
    const after = new RegExp(`(?<![\\w.])${code}(?:\\s+[A-Z][\\w-]*){0,4}\\s+(?:${nouns})\\b`);
    // "the Media Protection family (3.8)": a code in brackets after a name is that part's code.
    const bracketed = new RegExp(`\\(\\s*${code}\\s*\\)`);
    return before.test(text) || after.test(text) || bracketed.test(text);
  });
}

/** The question's numbers that are not part of one of its codes (a code is matched as a whole). */
function numbersOutside(text: string, codes: string[]): string[] {
  const inCodes = new Set(codes.flatMap((c) => tokensOf(c)));
  return numbersIn(text).filter((n) => !inCodes.has(n));
}
