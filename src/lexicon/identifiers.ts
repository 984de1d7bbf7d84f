/**
 * The grammar of identifiers: the shapes of the codes documents give their parts ("GV.OC-01",
 * "GV.OC", "GOVERN 1.1", "AC-2(1)", "3.1.1", "V3.2.1", "SP 800-53"). The one place these shapes
 * are written: the structure model, the pattern sweeps, the label/code splitter and the question
 * reader all build their regexes from the sources here and add only their own boundaries (what
 * may stand before and after a code depends on whether a line, an item name or a question is read).
 *
 * Every export is a regex source without anchors, boundaries or capture groups, valid in JS and
 * in Postgres (ARE) regexes. A form names shapes, never the prefixes of a document: any capitals,
 * any numbers. Where earlier copies of a form disagreed, each form takes the widest bounds any copy
 * had; the choices are noted at the form. No imports: the grammar sits below every layer.
 */

/**
 * A name in capitals as programs write their constants, variables and keywords ("BZ_OK",
 * "MPIEXEC", "KRB5_CONFIG"): a capital, then capitals, digits or underscores.
 */
export const CAPITAL_NAME = String.raw`[A-Z][A-Z0-9_]+`;

/**
 * A command-line option as manuals write it: one or two dashes (an en dash where the typesetter
 * joined two), then a letter, then letters, digits and dashes ("-c", "--model", "--no-stalls").
 */
export const OPTION = String.raw`(?:--?|–)[A-Za-z][A-Za-z0-9-]*`;

/**
 * The names of a term that names several at once ("BZ_RUN_OK, BZ_FLUSH_OK, BZ_FINISH_OK" over
 * one description): each a name in capitals, the commas between them. Null for any other term,
 * one name or words.
 */
export function capitalNames(term: string): string[] | null {
  const t = term.trim();
  if (!new RegExp(`^${CAPITAL_NAME}(?:\\s*,\\s*${CAPITAL_NAME})+$`).test(t)) return null;
  return t.split(/\s*,\s*/);
}

/**
 * A name in lower case as programs write their targets, commands and keys ("build-arch",
 * "binary_indep"): a letter, then letters and digits, parts joined by dashes or underscores.
 */
export const PROGRAM_NAME = String.raw`[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*`;

/**
 * The names of an item that names several programs' names at once ("build, build-arch,
 * build-indep: should perform ..."): each such a name, the commas between them, one joined by a
 * dash or an underscore at least (so plain words in a series, "red, green", stay one label).
 * Names opening with dashes are options, where a comma joins aliases ("-v, --verbose"): never split.
 */
export function programNames(term: string): string[] | null {
  const t = term.trim();
  if (!new RegExp(`^${PROGRAM_NAME}(?:\\s*,\\s*${PROGRAM_NAME})+$`).test(t)) return null;
  const names = t.split(/\s*,\s*/);
  return names.some((n) => /[-_]/.test(n)) && new Set(names).size === names.length ? names : null;
}

/**
 * One number segment of a code. The copies disagreed (`\d{1,2}` in the sweeps' word-number and
 * V-number shapes and in the structure model's word-number form, `\d{1,3}` elsewhere): three
 * digits, so "MEASURE 2.100" or "V14.120" read like their siblings.
 */
export const NUM = String.raw`\d{1,3}`;

/** A wildcard a question writes for the last number of a family ("MEASURE 2.x", "GV.OC-xx"). */
export const WILDCARD = String.raw`[xX*]{1,2}`;
export const NUM_OR_WILDCARD = `(?:${NUM}|${WILDCARD})`;

/** A control enhancement: sub-numbers in parentheses after a dash code ("AC-2(1)", "SC-7(3)(a)" reads "SC-7(3)"). */
export const ENHANCEMENT = String.raw`(?:\(${NUM}\))*`;

/**
 * The capitals of a dotted code's parts ("GV", "OC", "PR", "AA"). Two to five: one capital before a
 * dot is an initial ("U.S"). The copies had {2}, {2,4} and {2,5}.
 */
export const DOT_LETTERS = String.raw`[A-Z]{2,5}`;

/**
 * The capitals before a dash and a number ("AC", "P", "SA", "CWE"). One to four, as every copy but
 * the sweeps' ({1,3}) had; five would take words like "COVID-19".
 */
export const DASH_LETTERS = String.raw`[A-Z]{1,4}`;

/** A capital word that names a family before its numbers ("GOVERN", "MEASURE", "MAP"). */
export const CAPITAL_WORD = String.raw`[A-Z]{3,}`;

/** The same word as users type it in title case ("Govern 1.1", "Measure 2.x"). */
export const TITLE_WORD = String.raw`[A-Z][a-z]{2,}`;

/** A bare acronym that a text uses as an identifier ("(GV)", "Identify (ID)"). */
export const ACRONYM = DOT_LETTERS;

/** A number and its sub-numbers, one level or more ("3", "3.1", "5.4.2.1"). */
export const NUMBER_PATH = `${NUM}(?:\\.${NUM})*`;

/**
 * A dotted number, two levels or more ("3.1", "3.7.1"). The structure model had capped it at five
 * levels, the others not: no cap.
 */
export const DOTTED_NUMBER = `${NUM}(?:\\.${NUM})+`;

/**
 * A category code: two capital words joined by a dot ("GV.OC", "ID.AM"). With a dash number it is
 * DOTTED_DASH.
 */
export const DOTTED = `${DOT_LETTERS}\\.${DOT_LETTERS}`;

/**
 * A subcategory code ("GV.OC-01", "PR.AA-05"): a category code, a dash and a number. `num` lets a
 * question reader take a wildcard for the number. The structure model had allowed one capital on
 * each side ({1,4}), the others two to five: the structure model's single capitals are kept too
 * ({1,5}), the dash makes the code unambiguous.
 */
export const DOTTED_DASH_LETTERS = String.raw`[A-Z]{1,5}`;
export function dottedDash(num: string = NUM): string {
  return `${DOTTED_DASH_LETTERS}\\.${DOTTED_DASH_LETTERS}-${num}`;
}
export const DOTTED_DASH = dottedDash();

/** A control or task code ("AC-2", "P-13", "SA-11"); enhancements are ENHANCEMENT, added where a reader takes them. */
export const DASH_NUMBER = `${DASH_LETTERS}-${NUM}`;

/**
 * A family word and a number path ("GOVERN 1.1", "MAP 5", "MEASURE 2.10"); `num` is the form of the
 * sub-numbers (a question may write "MEASURE 2.x").
 */
export function wordNumber(num: string = NUM): string {
  return `${CAPITAL_WORD}\\s${NUM}(?:\\.${num})*`;
}
export const WORD_NUMBER = wordNumber();

/**
 * A letter prefix glued to a number ("V5.1.1", "A1.2", "V3"). The copies disagreed: the structure
 * model took up to three capitals but only before a dotted number; the splitter and the question
 * reader took single-level codes ("V3", a chapter) but only after "V". The general form takes both:
 * up to three capitals before a dotted number, or one capital before a single number. Several
 * capitals glued to one number are names ("VGG16", "GPT4"), not codes.
 */
export const LETTER_PREFIX = String.raw`[A-Z]{1,3}`;
export const LETTER_NUMBER = `(?:${LETTER_PREFIX}${DOTTED_NUMBER}|[A-Z]${NUM})`;

/**
 * A document of a numbered series ("SP 800-53", "FIPS 199", "RFC 4180", "ISO/IEC 27001",
 * "SP800-53A"): an all-capitals word of two to six letters ("NISTIR") (optionally a second one after a
 * slash), then a number of three to five digits with its parts. It replaces a list of series names
 * (SP, FIPS, NISTIR, RFC, ISO, IR). Three digits at least: "EUR 15", "MAP 12" are an amount and a
 * code. A bare year is an event or an edition ("COCO 2015", "ISO 2015"), not a series number; the
 * cost is a series number between 1900 and 2099 ("RFC 2046").
 */
export const SERIES_NUMBER = String.raw`[A-Z]{2,6}(?:\/[A-Z]{2,6})?\s?(?!(?:19|20)\d\d(?![-.]?\d))\d{3,5}(?:[-.]\d+)*[A-Za-z]?`;

/** Whether a whole string is a series document's name rather than a code inside a document. */
export function isSeriesNumber(s: string): boolean {
  return SERIES_ONLY.test(s.trim());
}
const SERIES_ONLY = new RegExp(`^${SERIES_NUMBER}$`);

/**
 * The codes one level below a code, as a regex source: a number path gains one more number
 * ("3.5" -> "3.5.1", "3.5.2", ...), its letter prefix optional below two levels, since documents
 * write sections with it and their requirements without ("V7.4" holds "7.4.1"), and required
 * below one ("V6" holds "V6.1", while "6.5" is a figure); a letters code gains a dash
 * number ("GV.OC" -> "GV.OC-01"). Null for shapes with no such child (a series number).
 */
export function childrenOf(code: string): string | null {
  const c = code.trim();
  const numbered = new RegExp(`^(${LETTER_PREFIX})?(${NUMBER_PATH})$`).exec(c);
  if (numbered) {
    const [, prefix, path] = numbered;
    const below = `${escapeRegex(path!)}\\.${NUM}`;
    if (!prefix) return below;
    // A one-level code keeps its prefix: "6.5" is a figure, not a part of chapter "V6".
    return path!.includes('.') ? `(?:${escapeRegex(prefix)})?${below}` : `${escapeRegex(prefix)}${below}`;
  }
  if (new RegExp(`^${DOTTED}$`).test(c)) return `${escapeRegex(c)}-${NUM}`;
  return null;
}

/** Escapes a literal (a code prefix taken from an example) for use inside a regex source. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A line or title that opens with a code of `source` (a regex source), after at most one label
 * word ("Section 3.5", "TASK P-1", "3.3.1 Create ..."); the code, captured, ends where no further
 * letter, digit or dotted number follows ("3.3" does not open "3.3.1").
 */
export function opensWithCode(source: string, flags = ''): RegExp {
  return new RegExp(`^\\s*(?:[A-Za-z]+\\s+)?(${source})(?![A-Za-z0-9]|\\.\\d)`, flags);
}

/**
 * File-system paths a text writes ("directly under /", "in /usr/share"): a path is an
 * identifier, matched whole. Starts at a slash set apart from a word ("Tcl/Tk" is no path).
 */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}\p{N}_./-])\/[\p{L}\p{N}_.\-/<>$()]*/gu)].map((m) => m[0].replace(/[.:;,)]+$/, '') || '/');
}

/** A function's name as code writes it before its bracket ("setMethodS3", "arg_int0", "base.frame"). */
export const FUNCTION_NAME = String.raw`[\p{L}_][\p{L}\d_.]*`;

/** The functions a text names by a call with empty brackets ("How many arguments does define() take?"). */
export function calledNames(text: string): string[] {
  return [...text.matchAll(new RegExp(String.raw`(?<![\p{L}\d_.$])(${FUNCTION_NAME})\(\)`, 'gu'))].map((m) => m[1]!);
}
