/** Lines in a stretch of the document that could be headings below an entry, each with the family it would
 * belong to. Families are judged together later: one bold line proves nothing, a run of them does. */

import type { ParsedLine } from '../parse/types.ts';
import { isExcluded, type DocIndex } from './doc-index.ts';
import { parseNumbering, type Numbering } from './numbering.ts';
import { cleanTitle, compact, hasBullet, letterCount, stripBullet, wordCount } from './text.ts';
import { acrossTheMiddle, aligned, bodyFollows, continuesAbove, sharesRow } from './layout.ts';
import type { Position } from './tree.ts';
import { headingShaped, isEmphasized, isLarger, styleKey, typographyScore } from './typography.ts';

export type HeadingKind = 'numbered' | 'code' | 'styled' | 'lead';

export interface HeadingLine {
  kind: HeadingKind;
  /** Family key: numbering family plus depth, code shape, or style signature. */
  family: string;
  line: ParsedLine;
  lines: ParsedLine[];
  title: string;
  num: Numbering | null;
  typo: number;
}

export function inSpan(p: Position, from: Position, to: Position): boolean {
  const afterFrom = p.page > from.page || (p.page === from.page && p.line > from.line);
  const beforeTo = p.page < to.page || (p.page === to.page && p.line < to.line);
  return afterFrom && beforeTo;
}

/** Lines strictly after `from` and before `to`, without running headers, footers or contents entries. */
export function spanLines(index: DocIndex, from: Position, to: Position): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (let p = Math.max(1, from.page); p <= Math.min(index.pageCount, to.page); p++) {
    for (const l of index.pages[p]!) {
      if (isExcluded(index, l)) continue;
      if (inSpan({ page: p, line: l.lineNum }, from, to)) out.push(l);
    }
  }
  return out;
}

/** "GV.OC-01" -> "AA.AA-99", "GOVERN 1.1" -> "GOVERN 9.9": identifiers of one catalogue level share a shape. */
export function codeShape(id: string): string {
  const word = /^([A-Z]{3,})\s+(.*)$/.exec(id);
  const shape = (s: string) => s.replace(/[A-Z]/g, 'A').replace(/\d+/g, '9');
  return word ? `${word[1]} ${shape(word[2]!)}` : shape(id);
}

/** The heading's wrapped continuation: following lines set in the same style directly below it. */
function withContinuation(lines: ParsedLine[], i: number): ParsedLine[] {
  const out = [lines[i]!];
  for (let k = i + 1; k < lines.length && out.length < 3; k++) {
    const prev = out[out.length - 1]!;
    const next = lines[k]!;
    if (next.pageNum !== prev.pageNum || styleKey(next) !== styleKey(prev) || next.bold !== prev.bold) break;
    if (parseNumbering(next.text).length > 0 || hasBullet(next.text)) break;
    if (next.y0 - prev.y1 > 0.8 * prev.size || next.y0 < prev.y0) break;
    out.push(next);
  }
  return out;
}

/** Titles stay short enough to read as labels: at most `max` characters and 14 words. */
function truncate(s: string, max = 120): string {
  const words = s.split(' ');
  if (s.length <= max && words.length <= 14) return s;
  let out = words.slice(0, 14).join(' ');
  if (out.length > max) out = out.slice(0, out.lastIndexOf(' ', max) > 40 ? out.lastIndexOf(' ', max) : max);
  return `${out.replace(/[\s,;:]+$/, '')}…`;
}

function leadText(l: ParsedLine): string {
  return stripBullet((l.leadIn ?? '').trim()).replace(/[\s.:\u2013\u2014-]+$/, '');
}

const leadCounts = new WeakMap<DocIndex, Map<string, number>>();

/** How often each bold lead-in occurs in the whole document. */
function leadCount(index: DocIndex, lead: string): number {
  let m = leadCounts.get(index);
  if (!m) {
    m = new Map();
    for (const l of index.doc.lines) if (l.leadIn) m.set(compact(leadText(l)), (m.get(compact(leadText(l))) ?? 0) + 1);
    leadCounts.set(index, m);
  }
  return m.get(compact(lead)) ?? 0;
}

/** A bold run-in heading opening a regular paragraph line ("Residual Dropout We apply ..."), as its title. */
function runInLead(index: DocIndex, l: ParsedLine): string | null {
  if (!l.leadIn) return null;
  // A bold term after a list marker ("• Prepare to ...") names a list item, not a section.
  const bare = (s: string) => s.replace(/\s+/g, '');
  if (!bare(l.text).startsWith(bare(l.leadIn))) return null;
  const lead = leadText(l);
  if (letterCount(lead) < 3 || wordCount(lead) > 10 || !headingShaped(lead)) return null;
  if (parseNumbering(lead)[0]?.kind === 'caption') return null;
  // A label repeated all over the document ("Note:", "Potential Inputs:") names a field, not a section.
  if (leadCount(index, lead) >= 3) return null;
  return aligned(index, l) ? lead : null;
}

export function collectHeadingLines(index: DocIndex, lines: ParsedLine[]): HeadingLine[] {
  return listEntriesOut(headingCandidates(index, lines), lines);
}

function headingCandidates(index: DocIndex, lines: ParsedLine[]): HeadingLine[] {
  const out: HeadingLine[] = [];
  const repeats = new Map<string, number>();
  for (const l of lines) repeats.set(compact(l.text), (repeats.get(compact(l.text)) ?? 0) + 1);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const text = l.text.trim();
    const num = parseNumbering(text)[0] ?? null;
    const typo = typographyScore(l, index.body);
    const set = isEmphasized(l, index.body) || isLarger(l, index.body);
    if (num?.kind === 'code') {
      // An identifier needs a name or a statement after it, or at least a colon that announces one in the
      // next table cell ("GOVERN 1:"); a bare "GV.OC" is a table cell or a cross-reference.
      const bare = letterCount(num.rest) < 3;
      if (bare && !/:\s*$/.test(text)) continue;
      const paren = num.token.startsWith('(');
      // The statement after an identifier is its name here: a closing full stop would make it read as prose.
      const title = bare ? num.id : paren ? `${cleanTitle(stripBullet(num.rest))} ${num.token}` : truncate(cleanTitle(stripBullet(text)).replace(/\.$/, ''));
      out.push({ kind: 'code', family: `code|${codeShape(num.id)}`, line: l, lines: [l], title, num, typo });
      continue;
    }
    // A bare label line ("Article 5", "CHAPTER II") with its title set apart on the line below
    // ("Prohibited AI practices"): one heading, numbered by the label, titled by the next line.
    if (num?.kind === 'prefixed' && letterCount(num.rest) < 2) {
      const title = lines[i + 1];
      const apart = (x: ParsedLine) => isEmphasized(x, index.body) || isLarger(x, index.body);
      if (
        title &&
        title.pageNum === l.pageNum &&
        title.y0 > l.y0 &&
        title.y0 - l.y1 < 2 * l.size &&
        headingShaped(title.text) &&
        // The title is words, not another number (an upper-case title may read as a code: fine).
        !/^\d/.test(title.text.trim()) &&
        !['prefixed', 'decimal', 'caption'].includes(parseNumbering(title.text.trim())[0]?.kind ?? '') &&
        (apart(l) || apart(title)) &&
        aligned(index, l) &&
        aligned(index, title) &&
        // Body text follows, or the next labelled heading does ("CHAPTER II" then "Article 5").
        (bodyFollows(index, title) || (lines[i + 2]?.pageNum === title.pageNum && parseNumbering(lines[i + 2]!.text.trim())[0]?.kind === 'prefixed'))
      ) {
        out.push({ kind: 'numbered', family: `num|${num.kind}|${num.family}|${num.depth}`, line: l, lines: [l, title], title: truncate(cleanTitle(`${text} ${title.text.trim()}`)), num, typo: Math.max(typo, typographyScore(title, index.body)) });
        i += 1;
        continue;
      }
    }
    const lead = runInLead(index, l);
    if (lead) {
      out.push({ kind: 'lead', family: `lead|${Math.round(l.size * 2) / 2}`, line: l, lines: [l], title: lead, num: null, typo });
      continue;
    }
    if (!set || hasBullet(text) || !headingShaped(text) || sharesRow(index, l) || continuesAbove(lines, i) || !aligned(index, l)) continue;
    // A line whose text runs on in lower case below it opens a paragraph; it is not a heading.
    const group = withContinuation(lines, i);
    const after = lines[i + group.length];
    const last = group[group.length - 1]!;
    // A numbered line set larger than the line below it heads what follows, however that line
    // opens: its body may start with a name in lower case ("3.6.1 Functions" over "auth_mgr_init").
    const headsSmaller = num !== null && num.kind !== 'caption' && after !== undefined && l.size > after.size + 0.5;
    const runsOn = after && !headsSmaller && !acrossTheMiddle(index, after, last) && /^\p{Ll}/u.test(after.text.trim()) && !/^\(?[a-z]{1,4}[.)]\s/.test(after.text.trim());
    if (runsOn && after.pageNum === l.pageNum && after.y0 - last.y1 < 1.5 * l.size) continue;
    if (!bodyFollows(index, last)) continue;
    if (num && num.kind !== 'caption' && letterCount(num.rest) >= 2) {
      out.push({ kind: 'numbered', family: `num|${num.kind}|${num.family}|${num.depth}`, line: l, lines: group, title: truncate(cleanTitle(group.map((g) => g.text).join(' '))), num, typo });
      continue;
    }
    if (num || letterCount(text) < 3 || wordCount(text) > 12) continue;
    if ((repeats.get(compact(text)) ?? 0) >= 3) continue;
    out.push({ kind: 'styled', family: `style|${styleKey(l)}|${l.font}`, line: l, lines: group, title: truncate(cleanTitle(group.map((g) => g.text).join(' '))), num: null, typo });
    i += group.length - 1;
  }
  return out;
}

/** Points by which the space above an entry may exceed the run's own and still be the run's spacing. */
const SPACE_TOLERANCE = 1;

/**
 * Run-in terms of a definition list are no headings, however they are set: the first follows a
 * line that ends with a colon ("The following variations are implemented:"), and each next one
 * follows the lines hung under the one before it. Numbered candidates are left to their family.
 */
function listEntriesOut(cands: HeadingLine[], lines: ParsedLine[]): HeadingLine[] {
  const key = (l: ParsedLine) => `${l.pageNum}:${l.lineNum}`;
  const at = new Map(lines.map((l, i) => [key(l), i] as const));
  const entries = new Set<HeadingLine>();
  // A definition list has two entries at least: one term after a colon with text at the edge
  // after it is a run-in heading after all.
  let run: HeadingLine[] = [];
  // Lead-ins on the hung lines of an entry (a name in a code font that happens to open a wrapped
  // line): text of that entry, left out of the headings with the run's terms when it is a list.
  let hung: HeadingLine[] = [];
  // The widest space set above an entry of the run (from its intro or the entry before).
  let runSpace = 0;
  const spaceAbove = (i: number) => (i > 0 && lines[i - 1]!.pageNum === lines[i]!.pageNum ? lines[i]!.y0 - lines[i - 1]!.y1 : Infinity);
  // Entries of the run that are no candidates (a first term too short to read as a heading).
  let unread = 0;
  const flush = () => {
    if (run.length + unread >= 2) [...run, ...hung].forEach((e) => entries.add(e));
    run = [];
    hung = [];
    unread = 0;
  };
  for (const c of cands) {
    const i = at.get(key(c.line));
    if (c.num || i === undefined) {
      flush();
      continue;
    }
    const before = lines[i - 1];
    const introduced = before !== undefined && /:\s*$/.test(before.text) && before.pageNum === c.line.pageNum;
    const prev = run.at(-1);
    if (prev && c.line.pageNum === prev.line.pageNum && c.line.x0 > prev.line.x0 + 3) {
      hung.push(c);
      continue;
    }
    let followsEntry = false;
    if (prev) {
      const last = at.get(key(prev.lines.at(-1) ?? prev.line))!;
      const between = lines.slice(last + 1, i);
      const lastLine = lines[last]!;
      // Hung lines under the entry before, or no line at all: entries set line under line, or
      // no further apart than the run's entries already were (space set between entries).
      followsEntry =
        between.length > 0
          ? between.every((l) => l.x0 > c.line.x0 + 3)
          : lastLine.pageNum === c.line.pageNum && (c.line.y0 - lastLine.y0 <= 1.5 * c.line.size || spaceAbove(i) <= runSpace + SPACE_TOLERANCE);
    }
    if (followsEntry) {
      run.push(c);
      runSpace = Math.max(runSpace, spaceAbove(i));
    } else {
      flush();
      if (introduced) {
        run = [c];
        runSpace = spaceAbove(i);
      } else if (afterUnreadTerm(lines, i, c.line)) {
        // The run's first term was too short to be read as a heading candidate ("TS_" before
        // "TSM_"): this one follows that term's hung text, the second entry of the list.
        run = [c];
        unread = 1;
        runSpace = spaceAbove(i);
      }
    }
  }
  flush();
  return cands.filter((c) => !entries.has(c));
}

/** Lines read back over an entry's hung text for the term above it. */
const MAX_HUNG_BACK = 6;

/**
 * The line at `i` follows a definition list's first entry: above it, text hung deeper than it,
 * and above that a short line flush with it right after a line that ends with a colon.
 */
function afterUnreadTerm(lines: ParsedLine[], i: number, line: ParsedLine): boolean {
  let k = i - 1;
  while (k >= 0 && i - k <= MAX_HUNG_BACK && lines[k]!.pageNum === line.pageNum && lines[k]!.x0 > line.x0 + 3) k--;
  if (k === i - 1 || k < 1) return false;
  const term = lines[k]!;
  const intro = lines[k - 1]!;
  return term.pageNum === line.pageNum && Math.abs(term.x0 - line.x0) <= 3 && wordCount(term.text) <= 2 && intro.pageNum === term.pageNum && /:\s*$/.test(intro.text);
}
