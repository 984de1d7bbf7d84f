/**
 * English plurals: which words are plural nouns, and their singular and plural forms. One table for
 * every reader: the question's item noun, a title that names a group ("Policy Elements"), an
 * intro that hands over its entries ("the following parametric families").
 */

export const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  data: 'data', media: 'medium', people: 'person', children: 'child', men: 'man', women: 'woman', feet: 'foot',
  mice: 'mouse', teeth: 'tooth', geese: 'goose', indices: 'index', matrices: 'matrix',
  vertices: 'vertex', analyses: 'analysis', bases: 'basis', hypotheses: 'hypothesis',
  theses: 'thesis', crises: 'crisis', diagnoses: 'diagnosis', axes: 'axis', appendices: 'appendix',
  biases: 'bias', statuses: 'status', viruses: 'virus', buses: 'bus', bonuses: 'bonus',
  campuses: 'campus', lives: 'life', wives: 'wife', knives: 'knife', leaves: 'leaf',
  halves: 'half', selves: 'self', shelves: 'shelf', thieves: 'thief', wolves: 'wolf',
  series: 'series', species: 'species', aircraft: 'aircraft', focuses: 'focus', foci: 'focus',
  stimuli: 'stimulus', syllabi: 'syllabus', curricula: 'curriculum', memoranda: 'memorandum',
  strata: 'stratum', schemata: 'schema', lenses: 'lens', aliases: 'alias', censuses: 'census',
  corpora: 'corpus', genera: 'genus', quizzes: 'quiz', heroes: 'hero', potatoes: 'potato',
};
const IRREGULAR_SINGULARS: Record<string, string> = Object.fromEntries(
  Object.entries(IRREGULAR_PLURALS)
    .filter(([p, s]) => p !== s)
    .map(([p, s]) => [s, p]),
);
// Prefer the textbook plural when two plurals map to one singular.
IRREGULAR_SINGULARS['focus'] = 'focuses';
IRREGULAR_SINGULARS['index'] = 'indices';

/** Words ending in "s" that are singular (or uncountable); never stripped or read as plural. */
const SINGULAR_S = new Set([
  'this', 'its', 'his', 'is', 'was', 'has', 'does', 'yes', 'us', 'gas', 'bus', 'bias', 'lens',
  'news', 'series', 'species', 'status', 'process', 'access', 'address', 'business', 'analysis',
  'basis', 'diagnosis', 'emphasis', 'thesis', 'hypothesis', 'axis', 'crisis', 'physics', 'ethics',
  'mathematics', 'economics', 'politics', 'always', 'perhaps', 'whereas', 'across', 'unless',
  'less', 'loss', 'class', 'success', 'progress', 'canvas', 'atlas', 'alias', 'chaos', 'ethos',
  'corpus', 'campus', 'virus', 'bonus', 'census', 'consensus', 'focus', 'radius', 'stimulus',
  'syllabus', 'apparatus', 'plus', 'thus', 'kudos', 'lapsus', 'means', 'aegis', 'atlas', 'iris',
  'gas', 'dns', 'https', 'os', 'ios', 'sms', 'aws', 'cors', 'tls', 'ssl', 'xss', 'mfa', 'rs',
  'compass', 'glass', 'mass', 'pass', 'bypass', 'express', 'stress', 'witness', 'wireless',
  'awareness', 'readiness', 'robustness', 'fairness', 'effectiveness', 'completeness',
  'governance', 'whereas', 'various', 'previous', 'serious', 'numerous', 'continuous', 'famous',
  'analytics', 'logistics', 'linguistics', 'electronics', 'genetics', 'semantics',
]);


/**
 * Greek and Latin plurals in -a, read by their endings rather than word by word: "-eria" and
 * "-omena" from "-on" ("criteria", "phenomena"), "-ata" after a consonant from "-atum"
 * ("desiderata", "errata"). Long words only: a short "-ata" word is as often singular ("sonata").
 */
const CLASSICAL_PLURALS: readonly [RegExp, string][] = [
  [/(eri|omen)a$/, '$1on'],
  [/([^aeiou]at)a$/, '$1um'],
];
const CLASSICAL_MIN_LENGTH = 8;

function classicalSingular(w: string): string | null {
  if (w.length < CLASSICAL_MIN_LENGTH) return null;
  const rule = CLASSICAL_PLURALS.find(([re]) => re.test(w));
  return rule ? w.replace(rule[0], rule[1]) : null;
}

function classicalPlural(w: string): string | null {
  if (w.length < CLASSICAL_MIN_LENGTH - 1) return null;
  if (/(eri|omen)on$/.test(w)) return w.replace(/on$/, 'a');
  if (/[^aeiou]atum$/.test(w)) return w.replace(/um$/, 'a');
  return null;
}

/** Heuristic plural test on a single word (case preserved so acronyms stay singular). */
export function isPluralNoun(word: string): boolean {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  if (!w) return false;
  if (w in IRREGULAR_PLURALS) return w !== 'data' && w !== 'series' && w !== 'species';
  if (w in IRREGULAR_SINGULARS) return false;
  if (classicalSingular(w)) return true;
  if (/^[A-Z]{2,}s$/.test(word)) return true; // APIs, KPIs
  // Short all-caps words are acronyms (TLS, ASVS); long ones are shouted words (FUNCTIONS).
  if (/^[A-Z]+[a-z]?$/.test(word) && word.length <= 5) return false;
  if (SINGULAR_S.has(w)) return false;
  if (!w.endsWith('s')) return false;
  if (/(ss|us|is|ous)$/.test(w)) return false;
  return w.length > 2;
}

/** Plural noun -> singular ("categories" -> "category"); multiword phrases change the last word. */
export function singularize(phrase: string): string {
  const parts = phrase.split(' ');
  const last = parts.pop() ?? '';
  return [...parts, singularizeWord(last)].join(' ');
}

export function singularizeWord(word: string): string {
  const lower = word.toLowerCase();
  const matchCase = (s: string) => (word === lower ? s : word.slice(0, 1) + s.slice(1));
  if (lower in IRREGULAR_PLURALS) return matchCase(IRREGULAR_PLURALS[lower]!);
  const classical = classicalSingular(lower);
  if (classical) return matchCase(classical);
  if (!isPluralNoun(word)) return word;
  if (/[^aeiou]ies$/.test(lower)) return word.slice(0, -3) + (word.endsWith('IES') ? 'Y' : 'y');
  if (/(xes|ches|shes|sses|zzes)$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Singular noun -> plural; multiword phrases change the last word. */
export function pluralize(phrase: string): string {
  const parts = phrase.split(' ');
  const last = parts.pop() ?? '';
  return [...parts, pluralizeWord(last)].join(' ');
}

export function pluralizeWord(word: string): string {
  const lower = word.toLowerCase();
  if (isPluralNoun(word) || lower in IRREGULAR_PLURALS) return word;
  if (lower in IRREGULAR_SINGULARS) return IRREGULAR_SINGULARS[lower]!;
  const classical = classicalPlural(lower);
  if (classical) return classical;
  if (/[^aeiou]y$/.test(lower)) return word.slice(0, -1) + 'ies';
  if (/(s|x|z|ch|sh)$/.test(lower)) return word + 'es';
  return word + 's';
}
