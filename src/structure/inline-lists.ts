/**
 * Enumerations inside running text: "we compare three options: (A) zero-padding ...; (B)
 * projection ...; and (C) all shortcuts are projections." Paragraphs are joined from their
 * lines; a run of enclosed markers that starts at the first value of its kind and counts up
 * without a gap is a list, each item running to the next marker (the last one to its sentence's
 * end). Same list shape as block lists, so ranking and verdicts treat both alike.
 */

import type { ParsedLine } from '../parse/types.ts';
import { flowOf, lineIndexAt, type FlowText } from './flow-text.ts';
import { labelOf, type StructList } from './lists.ts';
import { parseMarker } from './markers.ts';
import { countedIntro, countedNoun } from './counted-intro.ts';
import { parseNumberWord } from '../lexicon/english.ts';

// An enclosed marker standing as a word: after a space, a colon or a semicolon, never glued to
// a reference ("Article 6(2)", "Eq.(1)").
const INLINE_MARKER = /(?<=^|[\s:;,])\(([0-9]{1,2}|[a-zA-Z]|[ivxIVX]{1,5})\)(?=\s)/g;

type Paragraph = FlowText;

export function detectInlineLists(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const out: StructList[] = [];
  for (const p of paragraphs(lines, opts.outsideText)) {
    const counted = countedSeries(p);
    // A sentence read by its count is read once: the count decides where its elements part.
    const taken = new Set(counted.map((c) => c.introLine && `${c.introLine.pageNum}:${c.introLine.lineNum}`));
    const others = [...proseSeries(p), ...quotedSeries(p), ...semicolonSeries(p)].filter((x) => !taken.has(x.introLine && `${x.introLine.pageNum}:${x.introLine.lineNum}`));
    for (const series of [...counted, ...others]) out.push({ ...series, index: opts.firstIndex + out.length });
    for (const whole of markerRuns(p.text)) {
      // Markers that open lines are block lists, found already.
      if (whole.some((m) => p.starts.includes(m.at))) continue;
      // One enumeration lives in one sentence: a sentence that ends before the next marker ends it.
      let n = 1;
      while (n < whole.length && sentenceEnd(p.text, whole[n - 1]!.at + whole[n - 1]!.raw.length) >= whole[n]!.at) n++;
      const run = whole.slice(0, n);
      if (run.length < 2) continue;
      const lineAt = (offset: number) => lineAtOffset(p, offset);
      const items = run.map((m, i) => {
        const end = i + 1 < run.length ? run[i + 1]!.at : sentenceEnd(p.text, m.at + m.raw.length);
        const text = p.text.slice(m.at + m.raw.length, end).replace(/[\s,;]*(?:\band\b|\bor\b)?[\s,;]*$/i, '').trim();
        const first = lineAt(m.at);
        const last = lineAt(Math.max(m.at, end - 1));
        const from = p.lines.indexOf(first);
        const to = p.lines.indexOf(last);
        return { ordinal: i + 1, marker: m.raw, label: labelOf(text), text, lines: p.lines.slice(from, to + 1).map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
      });
      // Each point says something: two words at least ("(1) and (2)" in a cross-reference does not).
      if (items.some((it) => it.text.split(/\s+/).length < 2)) continue;
      const stop = p.text.lastIndexOf('. ', run[0]!.at);
      const introStart = stop < 0 ? 0 : stop + 2;
      const intro = p.text.slice(introStart, run[0]!.at).trim();
      const firstLine = lineAt(run[0]!.at);
      out.push({
        index: opts.firstIndex + out.length,
        parentList: null,
        parentItem: null,
        depth: 0,
        kind: run[0]!.kind,
        style: 'enclosed',
        intro: intro || null,
        heading: null,
        introLine: intro ? { pageNum: lineAt(introStart).pageNum, lineNum: lineAt(introStart).lineNum } : null,
        items,
        sequential: true,
        endedBy: 'text',
        gapAfter: false,
        pageStart: firstLine.pageNum,
        pageEnd: items[items.length - 1]!.lines.at(-1)!.pageNum,
      });
    }
  }
  return out;
}

// Where a series' first element starts: after a colon or one of the words that introduce
// examples or members in English prose.
const SERIES_LEAD = /(?::|\b(?:of|as|including|include|includes|are|is|on|to|by|via|like|namely|either|being)|\b(?:e\.g|i\.e)\.)\s+(?=[^:]*$)/gi;
// "e.g." and "i.e." end no sentence: the examples after them belong to the sentence before.
const EXAMPLE_ABBREVIATION = String.raw`(?<!\b(?:e\.g|i\.e)\.)`;
// The comma before "e.g." parts no element: the examples start after the abbreviation. Blanked
// to a space, so offsets into the sentence hold.
const COMMA_BEFORE_EXAMPLES = /,(?=\s+(?:e\.g|i\.e)\.\s)/g;
// The words that announce members, not any preposition: only they open a series inside a longer
// clause ("..., with the most common being alerts, logs, and people").
/** The verbs that say what a thing is made of ("each entry consists of"). */
const MADE_OF = 'consists? of|comprises?|(?:composed|made up) of';
const SERIES_OPENER = new RegExp(`\\b(?:including|include|includes|such as|namely|being|${MADE_OF})\\s+`, 'gi');
const MAX_ELEMENT_WORDS = 6;
/** A relative clause opening after a word: " which are depicted ...", " that the user sets". */
const RELATIVE_CLAUSE = /(?<=\p{L})\s+(?:which|that|who|whose)\s.*$/su;
/**
 * An intro that ends on a verb of make-up: the series after it is the thing's parts, not
 * examples ("including" gives some of them).
 */
export const CONSTITUTED = new RegExp(`\\b(?:${MADE_OF})$`, 'i');
// An intro that ends announcing members.
const ANNOUNCED = new RegExp(`(?:\\b(?:including|include|includes|such as|namely|${MADE_OF})|:)$`, 'i');
// A bracketed aside after an element: one or two words (a value, an abbreviation, a code), or
// a gloss of a few words that parts nothing itself ("a timestamp (indicating when the entry was
// written)"); one with commas or colons inside is a clause of its own.
const BRACKET_ASIDE = /(?<=\p{L})\s\([^(),;:\s]{1,16}(?:\s[^(),;:\s]{1,16}){0,9}\)/gu;
const NUMBERED_CITATION = /\s*\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g;

// Four elements or more (three after a clause of the sentence's own), and three.
const LONG_SERIES = /((?:[^,;:()]{2,80},\s+){2,}[^,;:()]{2,80},?\s+(?:and|or)\s+[^,;:.()]{2,80})/;
const SHORT_SERIES = /((?:[^,;:()]{2,80},\s+)[^,;:()]{2,80},?\s+(?:and|or)\s+[^,;:.()]{2,80})/;

/**
 * The first match of a series pattern in a sentence, as `pattern.exec(sentence)` gives it. A
 * series never spans a semicolon, colon or bracket, so each stretch between them is tried alone,
 * in order, and only when it holds a comma with "and" or "or" after it: the patterns' backtracking
 * over long stretches without one was most of the structure model's prose reading.
 */
function firstSeries(sentence: string, pattern: RegExp): RegExpExecArray | null {
  const stretch = /[^;:()]+/g;
  for (let s = stretch.exec(sentence); s; s = stretch.exec(sentence)) {
    const comma = s[0].indexOf(',');
    if (comma < 0 || !/\s(?:and|or)\s/.test(s[0].slice(comma))) continue;
    const m = pattern.exec(s[0]);
    if (!m) continue;
    m.index += s.index;
    m.input = sentence;
    return m;
  }
  return null;
}

/**
 * Series in running prose: three or more short elements joined by commas with "and" or "or"
 * before the last ("elevation, floodproofing, relocation, or demolition"). Never closed by
 * itself: prose can always go on, so a series earns "complete" only from a stated count.
 */
function proseSeries(p: Paragraph): Omit<StructList, 'index'>[] {
  const out: Omit<StructList, 'index'>[] = [];
  for (const { sentence: raw, at } of sentencesOf(p.text, new RegExp(`(?<=[.!?;])${EXAMPLE_ABBREVIATION}\\s+`))) {
    // Numbered citations ("... and sentence representations [4, 27, 28, 22].") are no part of the
    // series: their commas would part it, their brackets end it. Offsets before them hold.
    // A short aside in brackets after an element ("the space (32)", "Service Level Agreement
    // (SLA)") belongs to it: blanked to spaces of its length, its brackets part nothing and the
    // offsets hold; the element's whole text takes it back (seriesList).
    const sentence = raw.replace(NUMBERED_CITATION, '').replace(BRACKET_ASIDE, (a) => ' '.repeat(a.length)).replace(COMMA_BEFORE_EXAMPLES, ' ');
    // Four elements or more (or three after a clause of the sentence's own); else three elements
    // ("red, green or blue"), as often a passing phrase as a list: only a word that announces
    // members ("such as", "including") or a colon right before them makes those one.
    const long = firstSeries(sentence, LONG_SERIES);
    const m = long ?? firstSeries(sentence, SHORT_SERIES);
    if (!m) continue;
    let before = sentence.slice(0, m.index);
    let series = m[1]!;
    // Elements are words: not numbers of a citation or a set ("[23, 9, 37]", "{3, 5, 7}"), no
    // brackets, no abbreviation standing alone ("i.e.").
    const wordy = (x: string) => (x.match(/\p{L}/gu)?.length ?? 0) >= 2 && !/[[\]{}()]/.test(x) && !/^(?:\p{L}\.){2,}$/u.test(x);
    // The series is read back from its end while its elements are short. A longer piece whose
    // words after its last lead word are short opens the series ("..., with the most common being
    // alerts, logs, and people"); what comes before it is the sentence that introduces it.
    const pieces = series.split(/(?<=,)\s+/);
    let from = 0;
    for (let k = pieces.length - 2; k >= 0; k--) {
      const piece = pieces[k]!.replace(/,$/, '');
      const lead = [...piece.matchAll(SERIES_OPENER)].at(-1);
      const rest = lead ? piece.slice(lead.index! + lead[0].length) : '';
      // A word announcing members inside a short piece, after words of its own clause, opens the
      // series there too ("findings with detailed documentation, which may include work papers,
      // screenshots, ..."). One opening the piece ("parameters, including the weights, ...")
      // hangs an aside on the word before; the series then needs a lead as any other.
      const midPiece = Boolean(lead && lead.index! > 0 && rest && wordy(rest));
      if (piece.split(/\s+/).length <= MAX_ELEMENT_WORDS && wordy(piece) && !midPiece) continue;
      // Without such a lead the long piece stays in, and the series is no series (as before).
      if (rest && rest.split(/\s+/).length <= MAX_ELEMENT_WORDS && wordy(rest)) from = k;
      break;
    }
    if (from > 0) {
      before = `${before}${pieces.slice(0, from).join(' ')} `;
      series = pieces.slice(from).join(' ');
    }
    // The first element starts after the last lead word inside it ("the tasks of ImageNet detection").
    const leads = [...series.split(',')[0]!.matchAll(SERIES_LEAD)];
    const lead = leads.at(-1);
    const head = lead ? series.slice(0, lead.index! + lead[0].length) : '';
    series = series.slice(head.length);
    // A serial comma before the last "and" ("AI Model, and Task and Output") marks where the last
    // element starts: the "and" inside that element is its own ("Task and Output" is one).
    const serial = /,\s+(?:and|or)\s+[^,]*$/.test(series);
    const parts = series.split(serial ? /,\s+/ : /,\s+|,?\s+(?:and|or)\s+(?=[^,]*$)/).map((x) => x.replace(/^(?:and|or)\s+/, '').trim()).filter(Boolean);
    const kept = parts.filter((x) => !/^(?:\p{L}\.){2,}$/u.test(x));
    // A relative clause after the last element speaks of them all ("..., Parzen and quadratic
    // spectral kernel which are depicted in Figure 1"): the element ends before it.
    if (kept.length) kept[kept.length - 1] = kept.at(-1)!.replace(RELATIVE_CLAUSE, '');
    // A last element with a colon right after it opens a clause of its own ("..., HP-UX, Cygwin
    // and compilers: GCC, ..."): the "and" joins that clause to the series, not a member.
    if (kept.length > 3 && /^\s*:/.test(sentence.slice(m.index + m[0].length))) kept.pop();
    if (kept.length < 3 || kept.some((x) => x.split(/\s+/).length > MAX_ELEMENT_WORDS || !wordy(x))) continue;
    parts.splice(0, parts.length, ...kept);
    const intro = `${before}${head}`.replace(/\s+/g, ' ').trim();
    if (!intro) continue;
    if (!long && !ANNOUNCED.test(intro)) continue;
    out.push(seriesList(p, intro, at, parts, at + m.index + head.length));
  }
  return out;
}

/**
 * A series of quoted terms: 'The key words "MUST", "MUST NOT", ... and "OPTIONAL" in this
 * document are ...'. The quotes mark where each element starts and ends, so the last one does not
 * run on into the sentence's predicate as a bare last element would.
 */
function quotedSeries(p: Paragraph): Omit<StructList, 'index'>[] {
  const out: Omit<StructList, 'index'>[] = [];
  const quoted = /(?:“[^“”]{1,60}”|"[^"]{1,60}")/.source;
  // An element may carry a bracketed aside ('"HC0" (or equivalently "HC")', '"HC3" (the
  // default)'): it belongs to the element, and does not end the series.
  const aside = /(?:\s*\([^()]{1,40}\))?/.source;
  const el = `${quoted}${aside}`;
  const run = new RegExp(`${el}(?:\\s*,\\s*(?:(?:and|or)\\s+)?${el}|,?\\s+(?:and|or)\\s+${el}){2,}`, 'u');
  for (const { sentence, at } of sentencesOf(p.text, /(?<=[.!?;])\s+(?=[A-Z“"])/)) {
    const m = run.exec(sentence);
    if (!m) continue;
    const intro = sentence.slice(0, m.index).trim();
    if (!intro || !/\p{L}{2}/u.test(intro)) continue;
    const parts = [...m[0].replace(/\([^()]*\)/g, ' ').matchAll(new RegExp(quoted, 'gu'))].map((q) => q[0].slice(1, -1).trim()).filter((x) => /\p{L}/u.test(x));
    if (parts.length < 3) continue;
    out.push(seriesList(p, intro, at, parts, at + m.index));
  }
  return out;
}

/** The pieces of a paragraph's text between `boundary` matches, each with its offset in the text. */
function sentencesOf(text: string, boundary: RegExp): { sentence: string; at: number }[] {
  const out: { sentence: string; at: number }[] = [];
  let offset = 0;
  for (const sentence of text.split(boundary)) {
    const at = text.indexOf(sentence, offset);
    offset = at + sentence.length;
    out.push({ sentence, at });
  }
  return out;
}

/** The line of a paragraph that holds a text offset. */
function lineAtOffset(p: Paragraph, offset: number): ParsedLine {
  return p.lines[lineIndexAt(p, offset)]!;
}

/**
 * A series as a list: each element found in the paragraph from `start` on and cited at its
 * line, the introducing sentence at `introAt`. Never closed by itself: prose can always go on.
 */
function seriesList(p: Paragraph, intro: string, introAt: number, elements: string[], start: number): Omit<StructList, 'index'> {
  let cursor = start;
  const items = elements.map((text, k) => {
    const o = p.text.indexOf(text, cursor);
    // The element's bracketed aside right after it is part of its whole text, not of its name.
    const aside = o >= 0 ? /^\s\([^(),;:\s]{1,16}(?:\s[^(),;:\s]{1,16})?\)/u.exec(p.text.slice(o + text.length)) : null;
    const whole = aside ? `${text}${aside[0]}` : text;
    cursor = o >= 0 ? o + whole.length : cursor;
    const l = lineAtOffset(p, o >= 0 ? o : start);
    return { ordinal: k + 1, marker: '', label: text, text: whole, lines: [{ pageNum: l.pageNum, lineNum: l.lineNum }] };
  });
  const introLine = lineAtOffset(p, introAt);
  return { parentList: null, parentItem: null, depth: 0, kind: 'series', style: 'prose', intro, heading: null, introLine: { pageNum: introLine.pageNum, lineNum: introLine.lineNum }, items, sequential: true, endedBy: 'end', gapAfter: false, pageStart: items[0]!.lines[0]!.pageNum, pageEnd: items.at(-1)!.lines[0]!.pageNum };
}

/**
 * A series a stated count hands over with a colon: "three major categories of bias ...:
 * systemic, computational and statistical, and human-cognitive." The count says how many
 * elements the commas part (an element may hold an "and" of its own), so the series is read
 * at exactly that many commas, or at one fewer with the last "and" ("A, B and C"). A count the
 * commas cannot meet leaves the sentence to the other readings.
 */
function countedSeries(p: Paragraph): Omit<StructList, 'index'>[] {
  const out: Omit<StructList, 'index'>[] = [];
  for (const { sentence, at } of sentencesOf(p.text, /(?<=[.!?])\s+/)) {
    // The count hands the series over with a colon ("three types of regularization: ...") or
    // in brackets right after the counted noun ("ten Linux architectures (amd64, ..., and s390x)").
    const colon = sentence.indexOf(': ');
    const handovers: { intro: string; body: string; bodyAt: number; bracket: boolean }[] = [];
    if (colon >= 0) handovers.push({ intro: sentence.slice(0, colon + 1), body: sentence.slice(colon + 2).replace(/[.!?]$/, ''), bodyAt: colon + 2, bracket: false });
    // Where the last bracket set after a noun closed: the noun the next brackets hang from is
    // introduced after it ("edit-based distances (...), q-gram based distances (q-gram, ...)").
    // A bracket glued to its word (a call's arguments "weightsAndrews(lmobj, kernel, bw, ...)
    // where kernel ...") is part of the introducing clause.
    let lastClosed = -1;
    for (const m of sentence.matchAll(/(?<=\p{L})\s\(([^()]{3,400})\)/gu)) {
      const before = sentence.slice(0, m.index!);
      const intro = (lastClosed >= 0 ? before.slice(lastClosed).replace(/^[\s,;]+(?:and\s+|or\s+)?/, '') : before).trim();
      handovers.push({ intro: intro || before.trim(), body: m[1]!, bodyAt: m.index! + 2, bracket: true });
      lastClosed = m.index! + m[0].length;
    }
    for (const h of handovers) {
      // Without a count, brackets after a noun still hand over its members when they hold a
      // series of short names ("q-gram based distances (q-gram, Jaccard, and cosine)").
      const parts = countedParts(h.intro, h.body) ?? (h.bracket ? bracketParts(h.body) : null);
      if (parts) out.push(seriesList(p, h.intro, at, parts, at + h.bodyAt));
    }
    // Or the count's own sentence names them after a copula: "The four keys are A, B, C and D".
    if (!handovers.length) {
      const cop = COUNTED_COPULA.exec(sentence);
      const count = cop ? parseNumberWord(cop[1]!.toLowerCase()) : null;
      if (cop && count !== null && count >= 2 && count <= 12) {
        const bodyAt = cop.index + cop[0].length;
        const parts = copulaParts(count, sentence.slice(bodyAt));
        if (parts) out.push(seriesList(p, sentence.slice(0, bodyAt).trim(), at, parts, at + bodyAt));
      }
    }
  }
  return out;
}

/** "The four keys are ", "the two modes were ": a count, its plural noun (two modifiers at most) and a copula. */
const COUNTED_COPULA = /(?<=^|\s)(?:[Tt]he|[Tt]hese|[Tt]hose)\s+(\p{L}+|\d{1,2})\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+s)\s+(?:are|were)\s+/u;

/**
 * The elements a copula hands over when their number is stated: exactly `count` short names
 * parted by commas, the last two joined by "and"/"or" ("A, B, C and D"). The sentence may run on
 * after the last one ("... and D and their values ..."): the count says where the series ends.
 */
function copulaParts(count: number, body: string): string[] | null {
  const parts = body.split(/\s*,\s*/);
  if (parts.length < count - 1) return null;
  const lead = parts.slice(0, count - 2).map((x) => x.trim());
  let joined = parts[count - 2]!.trim();
  let last: string | undefined;
  const join = /\s+(?:and|or)\s+/.exec(joined);
  if (join) {
    last = joined.slice(join.index + join[0].length);
    joined = joined.slice(0, join.index);
  } else if (/^(?:and|or)\s+/.test(parts[count - 1] ?? '')) {
    // "A, B, and C": the serial comma before the last element.
    last = parts[count - 1]!.replace(/^(?:and|or)\s+/, '');
  }
  if (last === undefined) return null;
  last = last.split(/\s+(?:and|or)\s+|[;:.]\s/)[0]!.replace(/[.!?]$/, '').trim();
  const elements = [...lead, joined.trim(), last];
  if (elements.some((x) => !x || x.split(/\s+/).length > MAX_BRACKET_ELEMENT_WORDS || !/\p{L}/u.test(x))) return null;
  return elements;
}

/** Words a bracketed series may open with before its first element. */
const BRACKET_OPENER = /^(?:e\.g\.,?|i\.e\.,?|such as|including|like|namely)\s+/i;
/** The most words a bracketed element has: names, not clauses. */
const MAX_BRACKET_ELEMENT_WORDS = 4;

/** A bracket's elements when it holds three or more short names parted by commas and a last "and"/"or"; else null. */
function bracketParts(raw: string): string[] | null {
  const body = raw.replace(BRACKET_OPENER, '');
  if (!body.includes(',') || /[;:]/.test(body)) return null;
  const parts = body.split(/,\s+(?:(?:and|or)\s+)?|\s+(?:and|or)\s+(?=[^,]*$)/).map((x) => x.trim()).filter(Boolean);
  if (parts.length < 3 || parts.some((x) => x.split(/\s+/).length > MAX_BRACKET_ELEMENT_WORDS || !/\p{L}{2}/u.test(x) || /^(?:\p{L}\.){2,}$/u.test(x))) return null;
  return parts;
}

/** The body's elements when the clause before it states their number, a few words back; else null. */
function countedParts(intro: string, body: string): string[] | null {
  // The count is the last number the clause before the body writes, a few words before it.
  const words = intro.replace(/:$/, '').split(/\s+/);
  const counts = words.map((w, i) => ({ n: parseNumberWord(w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')), i })).filter((x) => x.n !== null && x.n >= 2 && x.n <= 12);
  // A count that opens the sentence ("There are two different ways to run more than one
  // alignment in a single execution:") counts what the colon hands over however long the clause
  // between them: the sentence exists to say how many there are.
  const near = counts.at(-1);
  const opening = countedNoun(intro.replace(/:$/, ''));
  const count = near && words.length - near.i <= MAX_COUNT_DISTANCE ? near : opening ? { n: opening.count, i: 0 } : null;
  if (!count) return null;
  if (/[;:]/.test(body)) return null;
  let parts = body.split(/,\s+/).map((x) => x.replace(/^(?:and|or)\s+/, '').trim());
  if (parts.length === count.n! - 1) {
    const last = parts.at(-1)!;
    const join = [...last.matchAll(/\s+(?:and|or)\s+/g)].at(-1);
    if (!join) return null;
    parts = [...parts.slice(0, -1), last.slice(0, join.index!), last.slice(join.index! + join[0].length)];
  }
  // The stated count vouches for the parts: a name with one letter ("i386") is an element too.
  if (parts.length !== count.n || parts.some((x) => !x || x.split(/\s+/).length > MAX_ELEMENT_WORDS || !/\p{L}/u.test(x))) return null;
  return parts;
}
// The count stands close before the colon: "three major categories of AI bias to be considered and managed:".
const MAX_COUNT_DISTANCE = 12;

/**
 * Series whose elements are set apart by semicolons, because they hold commas or "and" of their
 * own ("include human agency and oversight; technical robustness and safety; ...; societal and
 * environmental well-being and accountability"). The first element starts after the last lead
 * word before the first semicolon; the last element ends the sentence and is split at its last
 * "and"/"or" (the others hold theirs). Elements stay short: a semicolon between clauses is no
 * series. Never closed by itself, as any series in prose.
 */
function semicolonSeries(p: Paragraph): Omit<StructList, 'index'>[] {
  const out: Omit<StructList, 'index'>[] = [];
  for (const { sentence, at } of sentencesOf(p.text, /(?<=[.!?])\s+/)) {
    const pieces = sentence.replace(/[.!?]$/, '').split(/;\s+/);
    if (pieces.length < 3) continue;
    const first = pieces[0]!;
    // A colon or a word announcing members marks where the series starts; any lead word else.
    const lead = [...first.matchAll(/:\s+/g), ...first.matchAll(SERIES_OPENER)].sort((a, b) => a.index! - b.index!).at(-1) ?? [...first.matchAll(SERIES_LEAD)].at(-1);
    if (!lead) continue;
    const intro = first.slice(0, lead.index! + lead[0].length).trim();
    const last = pieces.at(-1)!;
    // "...; and C" closes the series itself; otherwise the last piece holds "B and C".
    const closing = /^(?:and|or)\s+/.test(last);
    const join = closing ? null : [...last.matchAll(/\s+(?:and|or)\s+/g)].at(-1);
    if (!closing && !join) continue;
    const tail = join ? [last.slice(0, join.index!), last.slice(join.index! + join[0].length)] : [last];
    const elements = [first.slice(lead.index! + lead[0].length), ...pieces.slice(1, -1), ...tail].map((x) => x.replace(/^(?:and|or)\s+/, '').trim());
    // A colon after a stated count ("Three exceptions include: ...; ...; and ...") announces
    // the members outright, so they may be clauses of their own, brackets and all.
    const counted = countedIntro(intro) !== null;
    const maxWords = counted ? MAX_COUNTED_ELEMENT_WORDS : MAX_SEMICOLON_ELEMENT_WORDS;
    if (elements.some((x) => !x || x.split(/\s+/).length > maxWords || !/\p{L}{2}/u.test(x) || (!counted && /[()[\]{}]/.test(x)))) continue;
    out.push(seriesList(p, intro, at, elements, at + lead.index! + lead[0].length));
  }
  return out;
}
// Elements set apart by semicolons may hold a comma and an "and" of their own, so run longer.
const MAX_SEMICOLON_ELEMENT_WORDS = 8;
// Members a stated count announces run up to a clause's length.
const MAX_COUNTED_ELEMENT_WORDS = 40;

/** Runs of enclosed markers counting 1, 2, 3 ... (a, b, c / i, ii, iii / A, B, C) in one text. */
function markerRuns(text: string): { at: number; raw: string; kind: StructList['kind'] }[][] {
  const found = [...text.matchAll(INLINE_MARKER)].map((m) => ({ at: m.index!, raw: m[0], marker: parseMarker(`${m[0]} x`) }));
  const runs: { at: number; raw: string; kind: StructList['kind'] }[][] = [];
  for (let i = 0; i < found.length; i++) {
    const start = found[i]!.marker;
    const first = start && [{ kind: start.kind, ordinal: start.ordinal }, ...start.alternatives].find((r) => r.ordinal === 1);
    if (!first) continue;
    const run = [{ at: found[i]!.at, raw: found[i]!.raw, kind: first.kind }];
    for (let j = i + 1; j < found.length; j++) {
      const m = found[j]!.marker;
      const next = m && [{ kind: m.kind, ordinal: m.ordinal }, ...m.alternatives].find((r) => r.kind === first.kind && r.ordinal === run.length + 1);
      if (!next) continue;
      run.push({ at: found[j]!.at, raw: found[j]!.raw, kind: first.kind });
    }
    if (run.length >= 2) {
      runs.push(run);
      i = found.findIndex((f) => f.at === run[run.length - 1]!.at);
    }
  }
  return runs;
}

function sentenceEnd(text: string, from: number): number {
  const m = /[.!?](?=\s+[A-Z(]|\s*$)/.exec(text.slice(from));
  return m ? from + m.index : text.length;
}

/** Consecutive lines of one page column, close together: the running text the markers live in. */
function paragraphs(lines: ParsedLine[], outsideText: (l: ParsedLine) => boolean): Paragraph[] {
  const out: Paragraph[] = [];
  let cur: ParsedLine[] = [];
  const flush = () => {
    if (cur.length) out.push(flowOf(cur));
    cur = [];
  };
  for (const l of lines) {
    if (outsideText(l)) continue;
    const prev = cur[cur.length - 1];
    const together = prev && prev.pageNum === l.pageNum && prev.column === l.column && l.y0 - prev.y0 > 0 && l.y0 - prev.y0 <= 1.9 * Math.max(prev.size, l.size) && Math.abs(l.size - prev.size) < 1.5;
    if (!together) flush();
    cur.push(l);
  }
  flush();
  return out;
}
