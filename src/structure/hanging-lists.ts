/**
 * Lists set with a hanging indent and no marker: after a sentence closed by a colon ("The
 * following keywords are supported:"), each entry opens flush at the text's left edge with its
 * term and runs on in lines indented under it:
 *
 *   @text marks the beginning of a block of free-form, plain-text information that should
 *        be made available to users of the kinemage. ...
 *   @caption works much like @text, but is generally shorter ...
 *
 * Specifications, manuals and glossaries set their definition lists so. The indent is the
 * marker: an entry is a flush line followed by at least one indented line, and the list runs
 * while entries follow one another (across a page break, each page measured from its own left
 * edge). Three entries at least: two flush lines with indented text under them may be a quoted
 * block. A flush line that is not followed by indented lines ends the list, as a heading does.
 *
 * A list of one-line entries, each a term, a dash and its gloss ("VRO – 454/Roche"), is set
 * the same way without the indent; the dash is its marker then. A list whose every entry opens
 * with its term in another font (bold) needs no colon before it: the font is its marker, and
 * three such entries in a row, flush with the paragraph before them, are the list.
 *
 * The term names the entry: the line's bold lead-in when it has one, else its first word when
 * that is no plain word (a sigil, a code, a path, a word in capitals), else the entry's opening
 * clause, as for any item.
 */

import type { ParsedLine } from '../parse/types.ts';
import { INTRO_END, OPEN_VERB_END, introducesNext, joinParts, labelOf, withAntecedent, type LineRef, type ListEnd, type StructItem, type StructList } from './lists.ts';
import { parseMarker } from './markers.ts';
import { CAPITAL_NAME as CAPITAL_SOURCE, capitalNames } from '../lexicon/identifiers.ts';
import { FUNCTION_WORDS, GLOSS_OPENERS } from '../lexicon/english.ts';
import { tokensOf } from '../text/text-match.ts';
import { isPluralNoun } from '../lexicon/plurals.ts';

/** The indent, in points, that sets a continuation line apart from a flush one. */
const HANG_MIN = 6;
/** A flush line lies within this many points of the left edge. */
const FLUSH_TOLERANCE = 2;
const MIN_ENTRIES = 3;
/** The smallest print, against the body's, a block entry may be set in. */
const BLOCK_MIN_SIZE = 0.65;
/** A hanging indent is short: a line set further right (a page number, a centred line) is no continuation. */
const HANG_MAX = 72;
/** A paragraph's first line is set in from its edge by at most this many points. */
const PARAGRAPH_INDENT_MAX = 30;
/** A block entry is a name, not a line of prose. */
const BLOCK_ENTRY_WORDS = 6;
const short = (l: ParsedLine) => l.text.trim().split(/\s+/).length <= BLOCK_ENTRY_WORDS;
/** A one-line entry: a term of one or two words, a dash set apart by spaces, its gloss. */
const DASH_TERM = /^[^\s–—]+(?:\s[^\s–—]+)?\s+[–—-]\s+\S/u;
/** A line indented less than this share of the run's hang is no hung text of an entry. */
const HANG_SHARE = 0.6;
/** Lines set deeper than the hung text an entry may hold in a row (a short example). */
const MAX_DEEPER_LINES = 3;
/** Words a term set in the body's font runs to, at most, before its gloss. */
const MAX_TERM_WORDS = 5;
/** Term lines an entry may open with (a command's short and long option, each on its line). */
const MAX_TERM_LINES = 4;
/** A one-line entry: a term of one to three words closed by a colon, then its text ("formula: The formula for ..."). */
const COLON_TERM = /^([^\s:()]+(?:\s[^\s:()]+){0,2}):\s+\S/u;
/** A line that is only a term: a few words, no sentence. */
const termLine = (l: ParsedLine) => l.text.trim().split(/\s+/).length <= 3 && !/[.;:]$/.test(l.text.trim());
/**
 * A term line another spelling may stand under, in one entry: after its first word, spellings
 * (an option's dash, a quoted term, a placeholder in brackets, a name in capitals, a separator)
 * and at most one plain word right after an option, its argument ("-d dir"). Two plain words
 * are a gloss: "–no-enh disable post-filter" is a whole entry.
 */
const spelling = (w: string) => /^[-–‘'"“<[(]/u.test(w) || /[’'"”>\])]$/u.test(w) || CAPITAL_NAME.test(w) || /^[,|/=]$/.test(w);
const spellingLine = (l: ParsedLine) => {
  const words = l.text.trim().split(/\s+/);
  const plain = words.flatMap((w, i) => (i > 0 && !spelling(w) ? [i] : []));
  return termLine(l) && (plain.length === 0 || (plain.length === 1 && /^[-–]/u.test(words[plain[0]! - 1]!)));
};
/** One-line entries with no mark of a term, in a row, that a run may hold before a hung one. */
const MAX_LOOSE_IN_A_ROW = 3;
/** Lines before the colon's line read back for the start of its sentence. */
const INTRO_LINES = 3;

export function detectHangingLists(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; bodySize: number; bodyFont: string | null; firstIndex: number },
): StructList[] {
  const inText = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  // Entries with a hanging indent are text: smaller print between them (a footnote, a
  // superscript) floats. A block's entries may be set smaller (names in a code font).
  const text = inText.filter((l) => l.size >= 0.9 * opts.bodySize);
  const body = inText.filter((l) => l.size >= BLOCK_MIN_SIZE * opts.bodySize);
  const left = leftEdges(text, opts.isHeading);
  const found = [...runs(text, left, opts, 'hanging'), ...runs(body, left, opts, 'block')];
  found.sort((a, b) => a.intro.pageNum - b.intro.pageNum || a.intro.lineNum - b.intro.lineNum);
  const lists = found.map((r) => toList(r, 0));
  const at = new Map(inText.map((l, n) => [l, n]));
  // A run that goes on after a paragraph introducing more of the same ("Available ... families
  // are as follows, ..." then, past "Hamacher", "The following parametric families are ...:"):
  // the first list grows by the second's entries, and the second stays a part with its own intro,
  // as a numbered run does past an interjected intro. Nothing numbers the two as one run, so the
  // joined list is a reading: never whole by itself (the second intro may set its entries apart
  // from the first's rather than add to them).
  for (let k = 0; k + 1 < found.length; k++) {
    const a = found[k]!;
    const b = found[k + 1]!;
    const end = at.get(a.entries.at(-1)!.at(-1)!);
    const start = at.get(b.intro);
    if (a.code || b.code || !a.introText || !b.introText || end === undefined || start === undefined) continue;
    if (start <= end || start - end > INTRO_LINES || inText.slice(end + 1, start + 1).some(opts.isHeading)) continue;
    if (!sharesPluralNoun(a.introText, b.introText)) continue;
    const whole = lists[k]!;
    const more = lists[k + 1]!.items.map((it, n) => ({ ...it, ordinal: whole.items.length + n + 1 }));
    lists[k] = { ...whole, items: [...whole.items, ...more], sequential: false, endedBy: lists[k + 1]!.endedBy, pageEnd: lists[k + 1]!.pageEnd };
  }
  return lists.filter(namesDistinctTerms).map((l, n) => ({ ...l, index: opts.firstIndex + n }));
}

/** Two intros that hand over the same things ("families" in both): entries of one kind. */
function sharesPluralNoun(a: string, b: string): boolean {
  const mine = new Set(announced(a));
  return announced(b).some((w) => mine.has(w));
}

/**
 * The plurals an intro hands over: the one after "the following" ("the following parametric
 * families"), those before "are as follows" ("... specifications and corresponding families are
 * as follows"), or else the last before its colon ("a number of environment variables that ...:").
 * Never any plural of the sentence: "In addition to the command-line arguments" names what the
 * entries are not.
 */
function announced(intro: string): string[] {
  const words = tokensOf(intro);
  const plural = (w: string) => w.length >= 4 && isPluralNoun(w) && !FUNCTION_WORDS.has(w);
  const following = words.indexOf('following');
  if (following >= 0) {
    const next = words.slice(following + 1, following + 5).find(plural);
    if (next) return [next];
  }
  const follows = words.findIndex((w, k) => w === 'as' && words[k + 1] === 'follows');
  if (follows > 0) return words.slice(0, follows).filter(plural);
  const last = words.filter(plural).at(-1);
  return last ? [last] : [];
}

/**
 * A definition list names a different term in each entry. Entries that mostly open with the same
 * word are a transcript of a console ("R>", ">>>" before each command and its output), whose
 * hanging indents are the printed results, not definitions.
 */
function namesDistinctTerms(l: StructList): boolean {
  const mostOf = (key: (label: string) => string | null) => {
    const counts = new Map<string, number>();
    for (const i of l.items) {
      const k = key(i.label);
      if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return Math.max(0, ...counts.values());
  };
  const repeated = (most: number) => most >= 2 && most * 2 >= l.items.length;
  // The same label, or the same prompt (a first word of signs, not a name: "R>", ">>>", "$").
  const prompt = (label: string) => {
    const first = label.trim().split(/\s+/)[0] ?? '';
    return /[^\p{L}\p{N}_.\-]/u.test(first) ? first : null;
  };
  return !repeated(mostOf((x) => x)) && !repeated(mostOf(prompt));
}

interface Run {
  intro: ParsedLine;
  /** The sentence that introduces the entries; null when the section's heading does. */
  introText: string | null;
  entries: ParsedLine[][];
  /** What ended the run: a heading, the text (a block's edge), or nothing proven ('end'). */
  endedBy: ListEnd;
  /** Entries of a code block, each named by the thing its first line declares or runs. */
  code?: boolean;
}

function runs(seq: ParsedLine[], left: Map<string, number>, opts: { isHeading: (l: ParsedLine) => boolean; bodyFont: string | null }, mode: 'hanging' | 'block'): Run[] {
  const out: Run[] = [];
  for (let i = 0; i < seq.length - 1; i++) {
    const intro = seq[i]!;
    // On a later page the paragraph's edge moves with the page's own text edge (odd and even
    // pages may be set with different margins).
    const pageEdge = (l: ParsedLine) => left.get(`${l.pageNum}:${l.column}`) ?? l.x0;
    const heading = opts.isHeading(intro);
    // A section may open straight into its definition list ("OPTIONS" over "-c --stdout" and
    // its hung description): the heading introduces it as a colon would. Only where the first
    // line is a term and hung text follows it, and every entry then has hung text of its own.
    const opensSection = heading && mode === 'hanging' && opensWithEntry(seq, i, pageEdge, opts.isHeading);
    if (heading && !opensSection) continue;
    // Without a colon, the lead-in font is the marker: a paragraph at the text's edge, then
    // entries that each open flush with a term set apart by its font ("name (used in: config)
    // Name to use when ..."), as a table of settings is set as a definition list. Every entry
    // must open so; the first line without a lead-in ends the run.
    const leadRun = mode === 'hanging' && !INTRO_END.test(intro.text) && !intro.leadIn && Math.abs(intro.x0 - pageEdge(intro)) <= FLUSH_TOLERANCE && Boolean(seq[i + 1]?.leadIn) && Math.abs(seq[i + 1]!.x0 - intro.x0) <= FLUSH_TOLERANCE;
    // A sentence that opens by pointing at what follows ("The following return values indicate
    // an error of some kind.") hands over to the entries as a colon does, and so does a short
    // paragraph that holds one ("The following list ... The first five are normal."). Read over
    // the paragraph's last lines only.
    const pointsAhead =
      mode === 'hanging' &&
      /\.\s*$/.test(intro.text) &&
      ((/following/i.test(`${seq[i - 1]?.text ?? ''} ${intro.text}`) && introducesNext(sentenceEndingAt(seq, i, opts.isHeading))) || sentencesOf(paragraphEndingAt(seq, i)).some(introducesNext));
    if (!opensSection && !leadRun && !pointsAhead && !INTRO_END.test(intro.text) && !(mode === 'block' && OPEN_VERB_END.test(intro.text))) continue;
    // Entries open flush with the intro's last line, the paragraph's left edge; in another
    // column, with that column's text edge.
    // An intro that is a paragraph of one line set with a first-line indent ("    The following
    // member functions ... are of interest:") has its paragraph's edge at the page's text edge.
    const indent = intro.x0 - pageEdge(intro);
    const firstLineIndent = indent > FLUSH_TOLERANCE && indent <= PARAGRAPH_INDENT_MAX && (i === 0 || /[.:!?]\s*$/.test(seq[i - 1]!.text)) && seq[i + 1] !== undefined && Math.abs(seq[i + 1]!.x0 - pageEdge(seq[i + 1]!)) <= FLUSH_TOLERANCE;
    // One-line entries of a term, a dash and its gloss, set in under their intro as a block
    // ("The following designs are included:" over "  openmsp430 – an MSP430 compatible CPU"):
    // their own edge is the list's.
    const next = seq[i + 1];
    const setIn = mode === 'hanging' && !opensSection && next !== undefined && next.pageNum === intro.pageNum && next.column === intro.column && DASH_TERM.test(next.text.trim()) && next.x0 - intro.x0 >= HANG_MIN && next.x0 - intro.x0 <= HANG_MAX;
    const introEdge = setIn ? next.x0 : firstLineIndent ? pageEdge(intro) : intro.x0;
    const edge = (l: ParsedLine) => (l.column !== intro.column ? pageEdge(l) : introEdge + pageEdge(l) - pageEdge(intro));
    const flush = (l: ParsedLine) => Math.abs(l.x0 - edge(l)) <= FLUSH_TOLERANCE;
    const hung = (l: ParsedLine) => l.x0 - edge(l) >= HANG_MIN && l.x0 - edge(l) <= HANG_MAX && /\p{L}/u.test(l.text);
    const entries: ParsedLine[][] = [];
    let j = i + 1;
    const grouped = mode === 'block' ? codeGroups(seq, j, hung, opts.isHeading, opts.bodyFont) : null;
    if (grouped) {
      entries.push(...grouped);
      j += grouped.flat().length;
    } else if (mode === 'block') {
      // Each entry is one short line set in from the text ("The default packages are" over
      // "tcl", "tk", "tcl-dev" ...): the indent sets the block apart, the lines are its entries.
      const entry = (l: ParsedLine) => hung(l) && short(l) && !opts.isHeading(l) && !parseMarker(l.text.trim());
      while (j < seq.length && entry(seq[j]!)) entries.push([seq[j++]!]);
    } else {
      // One-line entries ("VRO – 454/Roche") are entries when the first one is set so: a term,
      // a dash, its gloss. Then every entry is, or the run ends.
      const dashed = DASH_TERM.test(seq[i + 1]?.text.trim() ?? '');
      // So are entries whose term is closed by a colon on its line ("fit: A function ...", "x: A
      // matrix ..."), when the first one is: then every entry is, hung text under it or not.
      const colonTermed = !dashed && COLON_TERM.test(seq[i + 1]?.text.trim() ?? '');
      // Terms set apart by their font ("version Displays ..."): an entry may then be one line.
      const termed = Boolean(seq[i + 1]?.leadIn);
      // Terms that are no plain words ("-usize <n> Specify ...", "MPIEXEC_TIMEOUT Maximum ..."):
      // after a colon, a run that opens with one may hold one-line entries that open so too.
      const coded = !leadRun && codeTerm(seq[i + 1]?.text ?? '');
      // The indent of the run's hung text, once an entry has shown it: a line set in much less (a
      // paragraph's first-line indent) is no text of an entry.
      let hang: number | null = null;
      // Entries of one line with no mark of a term, by their index in `entries`.
      const loose: number[] = [];
      const hungHere = (l: ParsedLine) => hung(l) && (hang === null || l.x0 - edge(l) >= HANG_SHARE * hang);
      // A line set deeper still than the hung text (an example under a description).
      const deeper = (l: ParsedLine) => l.x0 - edge(l) > HANG_MAX;
      while (j < seq.length) {
        const head = seq[j]!;
        // A marked line opens an item of a marked list, found as such.
        if (opts.isHeading(head) || !flush(head) || parseMarker(head.text.trim())) break;
        if (dashed && !DASH_TERM.test(head.text.trim())) break;
        if (colonTermed && !COLON_TERM.test(head.text.trim())) break;
        if (leadRun && !head.leadIn) break;
        let k = j + 1;
        // An entry may name several terms, one per flush line, before its text ("‘-d dir’" over
        // "‘--dir=dir’" over the hung description; "‘-h’" over "‘--help’ Show the syntax ...").
        let last = j;
        while (!dashed && last + 1 < seq.length && last + 1 - j < MAX_TERM_LINES && spellingLine(seq[last]!) && flush(seq[last + 1]!) && !opts.isHeading(seq[last + 1]!) && !parseMarker(seq[last + 1]!.text.trim())) last++;
        if (last > j && ((seq[last + 1] && hungHere(seq[last + 1]!)) || !termLine(seq[last]!))) k = last + 1;
        while (k < seq.length && !opts.isHeading(seq[k]!)) {
          if (hungHere(seq[k]!)) {
            k++;
            continue;
          }
          // A line set in less than the hung text, between two hung lines, is the entry's own (a
          // paragraph of its text opened at another indent): "-genv <name> <value> The" over
          // "  -genv options have the same meaning ..." over the hung text going on.
          const shallow = (l: ParsedLine) => l.x0 - edge(l) > FLUSH_TOLERANCE && !hung(l) && /\p{L}/u.test(l.text);
          if (k > j && shallow(seq[k]!) && seq[k + 1] && hungHere(seq[k + 1]!)) {
            k += 2;
            continue;
          }
          // Deeper lines belong to the entry when its hung text resumes after them.
          let d = k;
          while (d < seq.length && d - k < MAX_DEEPER_LINES && deeper(seq[d]!)) d++;
          if (d === k || d >= seq.length || !hungHere(seq[d]!)) break;
          k = d;
        }
        // Under a heading, a flush line with nothing hung under it is the text after the list.
        if (opensSection && k === j + 1) break;
        const offsets = seq.slice(j + 1, k).filter((l) => hung(l)).map((l) => l.x0 - edge(l));
        if (offsets.length) hang = Math.min(hang ?? Infinity, ...offsets);
        // A sentence that wraps back to the edge ("HOME, PATH ... will be set according to" over
        // "the service user).") is a paragraph after the list, not one more one-line entry.
        if (k === j + 1 && !dashed && wrapsFlush(head, seq[k], flush)) break;
        // A flush line with nothing hung under it that points ahead ("The following return
        // values indicate an error.") introduces the next run: this one ends before it.
        if (k === j + 1 && entries.length > 0 && introducesNext(head.text.trim())) break;
        // A flush line with nothing hung under it, its term marked by nothing: an entry only
        // where entries with hung text follow it ("Work Any work being distributed ..." over
        // "Derived Work Any work that ..." and its hung line); read on, decided below.
        if (k === j + 1 && !dashed && !colonTermed && !(termed && head.leadIn) && !(coded && codeTerm(head.text))) {
          // Flush lines in a row with nothing hung under any: a paragraph, not entries; stop
          // reading here rather than scan the section to its end.
          if (loose.length >= MAX_LOOSE_IN_A_ROW && loose.at(-MAX_LOOSE_IN_A_ROW) === entries.length - MAX_LOOSE_IN_A_ROW) break;
          loose.push(entries.length);
        }
        entries.push(seq.slice(j, k));
        j = k;
      }
      // One-line entries after the last hung one are the text after the list; and a run whose
      // entries are mostly one line long is a paragraph set flush, not a list.
      let lastHung = -1;
      entries.forEach((e, n) => {
        if (e.length > 1) lastHung = n;
      });
      const cut = loose.find((at) => at > lastHung) ?? entries.length;
      const hungCount = entries.filter((e) => e.length > 1).length;
      const keep = hungCount >= 2 && 2 * hungCount >= cut ? cut : (loose[0] ?? entries.length);
      if (keep < entries.length) {
        j = seq.indexOf(entries[keep]![0]!);
        entries.length = keep;
      }
    }
    if (entries.length < MIN_ENTRIES) continue;
    const end = seq[j];
    // A hanging run ends at a flush line without indented text under it, which may as well be
    // one more entry set on one line as the text after the list: only a heading closes it. A
    // block ends where the text comes back to its edge, a boundary of its own.
    const endedBy: ListEnd = !end ? 'end' : opts.isHeading(end) ? 'heading' : mode === 'block' ? 'text' : 'end';
    out.push({ intro, introText: opensSection ? null : sentenceEndingAt(seq, i, opts.isHeading, leadRun), entries, endedBy, ...(grouped ? { code: true } : {}) });
    // A run read by its lead-ins may hold a list of its own in an entry's hung text ("The
    // builtin services are:" under one directive): the lines inside it are read again.
    if (!leadRun) i = j - 1;
  }
  return out;
}

/**
 * The heading at `i`, flush at its page's text edge, is followed by a term line set flush too and
 * by text hung under that term: the section opens with a definition list's first entry.
 */
function opensWithEntry(seq: ParsedLine[], i: number, pageEdge: (l: ParsedLine) => number, isHeading: (l: ParsedLine) => boolean): boolean {
  const [h, term, text] = [seq[i]!, seq[i + 1], seq[i + 2]];
  if (!term || !text || isHeading(term) || isHeading(text) || parseMarker(term.text.trim())) return false;
  const offset = (l: ParsedLine) => l.x0 - pageEdge(l);
  if (Math.abs(offset(h)) > FLUSH_TOLERANCE || Math.abs(offset(term)) > FLUSH_TOLERANCE) return false;
  if (!termLine(term) && !codeTerm(term.text)) return false;
  return offset(text) >= HANG_MIN && offset(text) <= HANG_MAX && /\p{L}/u.test(text.text);
}

/**
 * The line opens with a term no prose line opens with: an option or sigil ("-np", "--rate", "@text"), a
 * name with an underscore, angle brackets or digits, or a word in capitals ("MPIEXEC"). A term in
 * quotes ("‘-b, --backup’", as Texinfo sets a manual's options) is read inside its quotes.
 */
function codeTerm(text: string): boolean {
  const first = (text.trim().split(/\s+/)[0] ?? '').replace(/^[‘'"“`]/u, '');
  return /^(?:--?|[–@$%~\\/.])[\p{L}\d]/u.test(first) || /[_<>=]/.test(first) || CAPITAL_NAME.test(first);
}

/** A word of a name in capitals ("MPIEXEC", "PORT", "KRB5_CONFIG"). */
const CAPITAL_NAME = new RegExp(`^${CAPITAL_SOURCE}$`);

/** The line's sentence runs on, in lower case and flush at the edge, on the next line of its page. */
function wrapsFlush(head: ParsedLine, next: ParsedLine | undefined, flush: (l: ParsedLine) => boolean): boolean {
  if (!next || next.pageNum !== head.pageNum || next.leadIn || !flush(next)) return false;
  return !/[.!?:;]\)?\s*$/.test(head.text) && /^\p{Ll}/u.test(next.text.trim());
}

/** The entry's term lines: those set flush before its hung text; each names the entry. */
function termsOf(ls: ParsedLine[]): ParsedLine[] {
  const hungAt = ls.findIndex((l) => Math.abs(l.x0 - ls[0]!.x0) > FLUSH_TOLERANCE);
  return hungAt === -1 ? ls : ls.slice(0, hungAt);
}

function toList(r: Run, index: number): StructList {
  const items = r.entries.map((ls, n) => ({ ordinal: n + 1, marker: '', label: r.code ? codeName(ls[0]!.text) : termsOf(ls).map(termOf).join(', '), text: joinParts(ls.map((l) => l.text)), lines: ls.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) }));
  return termList(index, items, r.introText, r.introText === null ? null : { pageNum: r.intro.pageNum, lineNum: r.intro.lineNum }, r.endedBy);
}

/**
 * A definition list's entries as a list of terms: one shape for every reader of such lists. A
 * reference list's entries are terms too, but nothing marks its end: it is not `sequential`, so it
 * proves no list whole by itself; nor does a family of tagged definitions gathered from wherever
 * they stand (tagged-definitions.ts).
 */
export function termList(index: number, items: StructItem[], intro: string | null, introLine: LineRef | null, endedBy: ListEnd, style: 'hanging' | 'headed' | 'reference' | 'counted' | 'tagged' | 'code' = 'hanging'): StructList {
  return {
    index,
    parentList: null,
    parentItem: null,
    depth: 0,
    kind: 'term',
    style,
    intro,
    heading: null,
    introLine,
    items,
    sequential: style !== 'reference' && style !== 'tagged',
    endedBy,
    gapAfter: false,
    pageStart: items[0]!.lines[0]!.pageNum,
    pageEnd: items.at(-1)!.lines.at(-1)!.pageNum,
  };
}

/**
 * The paragraph's last lines up to `i`: the lines before it on its page set flush with it (an
 * entry's hung text or a line opened by a bold term is no part of it), INTRO_LINES at most.
 */
function paragraphEndingAt(seq: ParsedLine[], i: number): string {
  const line = seq[i]!;
  if (line.leadIn) return '';
  let from = i;
  while (from > Math.max(0, i - INTRO_LINES) && seq[from - 1]!.pageNum === line.pageNum && !seq[from - 1]!.leadIn && Math.abs(seq[from - 1]!.x0 - line.x0) <= FLUSH_TOLERANCE) from--;
  return joinParts(seq.slice(from, i + 1).map((l) => l.text));
}

/** A paragraph's sentences: split after a stop where a capital opens the next. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
}

/**
 * The sentence the colon's line closes, read back over the lines before it. Without a colon
 * (`whole`), no one sentence is known to announce the list: the paragraph's lines read back are.
 */
export function sentenceEndingAt(body: ParsedLine[], i: number, isHeading: (l: ParsedLine) => boolean, whole = false): string {
  let from = i;
  // Back over the paragraph's lines on its page; a heading above starts the paragraph.
  while (from > Math.max(0, i - INTRO_LINES) && body[from - 1]!.pageNum === body[i]!.pageNum && !isHeading(body[from - 1]!)) from--;
  const text = joinParts(body.slice(from, i + 1).map((l) => l.text));
  if (whole) return text;
  return withAntecedent(sentencesOf(text));
}

/** The entry's term: its bold lead-in, a first word that is no plain word, or its opening clause. */
function termOf(head: ParsedLine): string {
  if (head.text.trim().split(/\s+/).length <= 2) return head.text.trim();
  // Several names over one description ("BZ_RUN_OK, BZ_FLUSH_OK, BZ_FINISH_OK") are all term.
  if (capitalNames(head.text)) return head.text.trim();
  // A term line in quotes from end to end ("‘-b, --backup, %option backup’", as Texinfo sets a
  // manual's options) is all term: its spellings, quoted as one.
  if (/^[‘“'"`][^‘’“”]*[’”'"]$/u.test(head.text.trim())) return head.text.trim();
  // A line of options only ("-L --license -V --version", "--fast , --best") is all term.
  if (head.text.trim().split(/\s+/).every((w) => /^[-–]{1,2}[\p{L}\d]/u.test(w) || /^[,|/]$/.test(w))) return head.text.trim();
  // A note in brackets after the term ("name (used in: config)") annotates it: the term is
  // what stands before it; the note stays in the entry's text.
  if (head.leadIn) return head.leadIn.replace(/[.:]$/, '').replace(/^(.*\S)\s*\([^()]*\)$/u, '$1');
  // A term closed by a colon on its line ("formula: The formula ...") is what stands before it.
  const colon = COLON_TERM.exec(head.text.trim());
  if (colon && tokensOf(colon[1]!).length > 0) return colon[1]!;
  const dashed = /^(\S+(?:\s\S+)?)\s+[–—-]\s/u.exec(head.text.trim());
  if (dashed) return dashed[1]!;
  const words = head.text.trim().split(/\s+/);
  const first = words[0] ?? '';
  // A term of plain words set in the body's font, its gloss opening as a sentence does with a
  // capitalised article or quantifier ("IO direction The same IO direction ...", "Compiled Work
  // A version of the Work ..."): the term is what stands before it.
  const gloss = /^[\p{L}]/u.test(first) ? words.findIndex((w, i) => i >= 1 && i <= MAX_TERM_WORDS && /^\p{Lu}/u.test(w) && GLOSS_OPENERS.has(w.toLowerCase())) : -1;
  if (gloss > 0) return words.slice(0, gloss).join(' ');
  // A name in capitals may be set in words ("MPIEXEC PORT RANGE", its underscores drawn as
  // rules): the words in capitals that open the line, all of them, before the gloss.
  if (CAPITAL_NAME.test(first)) {
    let n = 1;
    while (n < words.length - 1 && CAPITAL_NAME.test(words[n]!)) n++;
    return words.slice(0, n).join(' ').replace(/[.:,;]$/, '');
  }
  // An option opens with its dash ("-np <num> A synonym ..."): no plain word, however its letters read.
  if (/[^\p{L}'’-]/u.test(first) || /^[-–]{1,2}\p{L}/u.test(first)) return first.replace(/[.:,;]$/, '');
  return labelOf(head.text);
}

/** The left edge of the body text of each page column. */
function leftEdges(lines: ParsedLine[], isHeading: (l: ParsedLine) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    // A heading may stand out in the margin ("7.1.1 Manual expiration" left of the text): the
    // text's edge is its paragraphs'. (A page of headings only keeps no edge: each line is its own.)
    if (l.text.trim().length < 3 || isHeading(l)) continue;
    const key = `${l.pageNum}:${l.column}`;
    out.set(key, Math.min(out.get(key) ?? Infinity, l.x0));
  }
  return out;
}

/** Between two entries of a code block the gap is this many times the block's line pitch, at least. */
const ENTRY_GAP_RATIO = 1.5;
/** Entries of a code block open within this many points of one another (a face's side bearings move them). */
const CODE_EDGE_TOLERANCE = 4;

/**
 * A code block whose entries run over several lines each, set apart by blank lines: programs'
 * synopses ("ls [-aAbB...] [--" wrapped over three lines, then "mv ..."), declarations
 * ("struct arg_int* arg_int0(const char* shortopts," over its other parameters, then
 * "...arg_int1(..."). The block is set in a face other than the text's, indented under the
 * intro, on one page; its lines step at one pitch inside an entry and by a blank line between
 * entries, and each entry opens at the block's edge (its continuation may be set deeper).
 * Three entries at least, one of them longer than a line; else it is no such block (a block of
 * one-line entries is read line by line).
 */
function codeGroups(seq: ParsedLine[], from: number, hung: (l: ParsedLine) => boolean, isHeading: (l: ParsedLine) => boolean, bodyFont: string | null): ParsedLine[][] | null {
  const first = seq[from];
  if (!first || !first.font || first.font === bodyFont || !hung(first)) return null;
  const block: ParsedLine[] = [];
  for (let k = from; k < seq.length; k++) {
    const l = seq[k]!;
    if (l.pageNum !== first.pageNum || l.font !== first.font || isHeading(l) || l.x0 < first.x0 - CODE_EDGE_TOLERANCE) break;
    block.push(l);
  }
  if (block.length < 4) return null;
  const steps = block.slice(1).map((l, n) => l.y0 - block[n]!.y0);
  const pitch = Math.min(...steps);
  if (!(pitch > 0)) return null;
  const groups: ParsedLine[][] = [[block[0]!]];
  steps.forEach((step, n) => {
    if (step > ENTRY_GAP_RATIO * pitch) groups.push([]);
    groups.at(-1)!.push(block[n + 1]!);
  });
  // The block ends where an entry would open away from the block's edge: that line is no entry.
  // A marked line opens an item of a marked list, found as such.
  const opens = (g: ParsedLine[]) => Math.abs(g[0]!.x0 - first.x0) <= CODE_EDGE_TOLERANCE && !parseMarker(g[0]!.text.trim());
  const stray = groups.findIndex((g) => !opens(g));
  const kept = stray < 0 ? groups : groups.slice(0, stray);
  if (kept.length < MIN_ENTRIES || !kept.some((g) => g.length > 1)) return null;
  return kept;
}

/**
 * What a code entry's first line names: the function it declares or calls ("struct arg_int*
 * arg_int0(const char* ..." names arg_int0), else the command it runs ("ls [-aAbB...]" names ls).
 */
function codeName(text: string): string {
  const call = /([\p{L}_][\p{L}\d_.:]*)\s*\(/u.exec(text);
  if (call) return call[1]!;
  return text.trim().split(/\s+/)[0]!;
}
