/**
 * English grammar words, by class: the one lexicon the question reader and the structure model
 * share. Only closed classes of the language itself (auxiliaries, prepositions, determiners,
 * pronouns, question words, conjunctions and a few function adverbs), never a word taken from a
 * document or a question set, so every rule built on them holds for any English document.
 */

export const AUX: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'am', 'be', 'been', 'do', 'does', 'did', 'has', 'have', 'had', 'can',
  'could', 'should', 'would', 'will', 'shall', 'must', 'may', 'might',
]);

export const PREPOSITIONS: ReadonlySet<string> = new Set([
  'of', 'in', 'on', 'under', 'for', 'to', 'from', 'at', 'by', 'with', 'within', 'inside', 'across',
  'about', 'between', 'among', 'during', 'into', 'over', 'per', 'through', 'throughout', 'via',
  'against', 'without', 'after', 'before', 'regarding', 'concerning', 'beneath', 'below', 'above',
  'toward', 'towards', 'upon', 'except', 'besides', 'including',
]);

/**
 * The articles and quantifiers a definition opens with ("A person nominated as such", "All IOs
 * on a device", "The same number of sectors"): capitalised after a term, they start its gloss.
 */
export const GLOSS_OPENERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'any', 'all', 'each', 'every', 'this', 'these', 'some']);

/** Determiners, with the adjectives questions use like them ("the specific", "the main"). */
export const DETERMINERS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'all', 'every', 'each', 'any', 'some', 'these', 'those', 'this', 'that', 'its',
  'their', 'his', 'her', 'our', 'your', 'my', 'both', 'various', 'several', 'different',
  'individual', 'specific', 'main', 'key', 'distinct', 'separate',
]);

export const PRONOUNS: ReadonlySet<string> = new Set(['they', 'them', 'these', 'those', 'it', 'ones']);

/** Words that open a clause of condition or time before the main one ("When X happens, what ..."). */
/** Pronouns that stand as a verb's object where a noun phrase would go on ("which routines print something"). */
export const INDEFINITE_PRONOUNS: ReadonlySet<string> = new Set(['something', 'anything', 'nothing', 'everything', 'someone', 'anyone', 'everyone']);
export const SUBORDINATING_CONJUNCTIONS: ReadonlySet<string> = new Set(['when', 'whenever', 'while', 'before', 'after', 'if', 'once', 'unless']);

export const WH_WORDS: ReadonlySet<string> = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how']);

export const CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'or', 'nor', 'but', 'than', 'then', 'either', 'neither', 'if', 'whether', 'because', 'while']);

/** Adverbs that only connect or qualify ("also", "only"), and the cross-reference verb "see". */
export const FUNCTION_ADVERBS: ReadonlySet<string> = new Set(['also', 'only', 'such', 'so', 'too', 'very', 'just', 'see']);

/** Adverbs that link a clause to what was said before ("nonetheless", "however"): no content of their own. */
export const CONNECTIVE_ADVERBS: ReadonlySet<string> = new Set([
  'nonetheless', 'nevertheless', 'however', 'therefore', 'thus', 'hence', 'instead',
  'otherwise', 'moreover', 'furthermore', 'meanwhile', 'accordingly', 'consequently',
]);

/** Every grammar word above: words that never name a thing. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([...AUX, ...PREPOSITIONS, ...DETERMINERS, ...PRONOUNS, ...WH_WORDS, ...CONJUNCTIONS, ...FUNCTION_ADVERBS, ...CONNECTIVE_ADVERBS]);

/** Sentence adverbs that number the points of an argument ("First, ... Second, ..."), by position. */
export const ORDINAL_ADVERBS: ReadonlyMap<string, number> = new Map(
  ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'].flatMap((w, i) => [
    [w, i + 1],
    [`${w}ly`, i + 1],
  ]),
);

/** Sentence adverbs that announce the last point of such an argument ("Finally, ...", "Last, ..."). */
export const FINAL_ADVERBS: ReadonlySet<string> = new Set(['finally', 'last', 'lastly']);

/** Cardinal numbers written as words, by value ("three" -> 3). */
export const CARDINALS: ReadonlyMap<string, number> = new Map([
  ...['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'].map((w, i) => [w, i] as const),
  ...['thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map((w, i) => [w, 30 + 10 * i] as const),
]);

const TENS: ReadonlySet<string> = new Set([...CARDINALS.keys()].filter((w) => CARDINALS.get(w)! >= 20 && CARDINALS.get(w)! % 10 === 0));

/** "six" -> 6, "twenty-two" -> 22, "7" -> 7; null for anything else ("zero" counts nothing listed). */
export function parseNumberWord(word: string): number | null {
  const w = word.toLowerCase();
  if (/^\d+$/.test(w)) return Number(w);
  const value = (x: string) => (x !== 'zero' ? CARDINALS.get(x) : undefined);
  if (value(w) !== undefined) return value(w)!;
  const m = /^([a-z]+)[-\u2010\u2011]([a-z]+)$/.exec(w);
  if (m && TENS.has(m[1]!) && value(m[2]!) !== undefined && value(m[2]!)! < 10) return value(m[1]!)! + value(m[2]!)!;
  return null;
}

/** Prepositions that put what follows around a question's items ("in", "under", "of" section 3.5). */
export const CONTAINING_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'under', 'within', 'inside', 'from', 'of']);

/**
 * Nouns for the parts a document is divided into: a code they name holds items ("section 3.5",
 * "chapter V6"), where "requirement 3.1.1" or "task P-1" names one item itself.
 */
export const PART_NOUNS: ReadonlySet<string> = new Set(['section', 'subsection', 'chapter', 'part', 'clause', 'appendix', 'annex', 'article', 'group', 'module']);

/**
 * Nouns that name a document's headed divisions themselves: what a question asks for under
 * them are entries of the table of contents, never the points of a list in the text.
 */
export const SECTION_NOUNS: ReadonlySet<string> = new Set(['section', 'subsection', 'chapter', 'subchapter', 'appendix', 'annex', 'heading', 'subheading']);

/** Calendar month names, full and abbreviated: a title's edition date ("…, April 2021") is not its name. */
export const MONTH_NAMES: ReadonlySet<string> = new Set([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

/** Words that tag an edition of a document ("Version 2.1", "Rev. 3"), with a number after them. */
export const EDITION_WORDS: ReadonlySet<string> = new Set(['version', 'rev', 'revision', 'edition', 'release']);

/**
 * Nouns that only classify their complement ("kinds of files", "types of bias"): the members are
 * the complement's kinds, and a text names them by either word.
 */
export const CLASSIFIER_WORDS: ReadonlySet<string> = new Set(['kinds', 'types', 'sorts', 'varieties', 'forms', 'kind', 'type', 'sort', 'variety', 'form']);

/** Nouns a command's options go by ("which options does glpsol take", "the switches of bzip2"). */
/** What a function's usage lists in its brackets, by the names manuals give them. */
export const PARAMETER_NOUNS: ReadonlySet<string> = new Set(['argument', 'parameter']);
export const OPTION_NOUNS: ReadonlySet<string> = new Set(['option', 'flag', 'switch']);
