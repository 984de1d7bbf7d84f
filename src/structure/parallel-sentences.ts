/**
 * Rules a policy writes as parallel sentences, one per line or paragraph, that end alike:
 * "Source code files (*.cs, *.vb) should be non-executable." / "Library files (*.dll) should be
 * non-executable." / ... Each sentence names a member by its subject; the words they all end
 * with say what the members share. Three or more such sentences in a row are a list with no
 * marker at all: no bullet, number or font sets them apart, only their shape.
 *
 * Read from the lines alone: a sentence here opens a line after a sentence's end and closes at
 * a line's end, within MAX_LINES lines; the shared ending is at least MIN_TAIL_WORDS words, the
 * subject at most MAX_HEAD_WORDS.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, type StructItem, type StructList } from './lists.ts';

const MIN_MEMBERS = 3;
/** A sentence of more lines than this is prose, not one rule of a run. */
const MAX_LINES = 2;
/** Fewer shared words than this is chance ("... is used."), not a shared predicate. */
const MIN_TAIL_WORDS = 2;
/** A subject longer than this is a clause of prose, not a member's name. */
const MAX_HEAD_WORDS = 12;

interface Sentence {
  lines: ParsedLine[];
  words: string[];
  text: string;
}

const ENDS = /[.!?]["”’)]?\s*$/u;

export function detectParallelSentences(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  // The sentences that open a line after another sentence's end (or a heading) and close at a
  // line's end; null where a line goes on a sentence begun before it.
  const sentences: (Sentence | null)[] = [];
  for (let i = 0; i < body.length; i++) {
    const prev = body[i - 1];
    const opens = !prev || opts.isHeading(prev) || ENDS.test(prev.text) || prev.pageNum !== body[i]!.pageNum;
    if (!opens || opts.isHeading(body[i]!) || !/^\p{Lu}/u.test(body[i]!.text.trim())) {
      sentences.push(null);
      continue;
    }
    const own = [body[i]!];
    while (!ENDS.test(own.at(-1)!.text) && own.length < MAX_LINES && body[i + own.length] && !opts.isHeading(body[i + own.length]!)) own.push(body[i + own.length]!);
    const text = joinParts(own.map((l) => l.text));
    // One sentence, closed at the line's end: a stop inside it would make it two.
    if (!ENDS.test(text) || /[.!?]\s+\p{Lu}/u.test(text)) {
      sentences.push(null);
      continue;
    }
    sentences.push({ lines: own, words: text.replace(ENDS, '').toLowerCase().split(/\s+/), text });
    i += own.length - 1;
  }
  const out: StructList[] = [];
  for (let k = 0; k + 1 < sentences.length; k++) {
    const first = sentences[k];
    const second = sentences[k + 1];
    if (!first || !second) continue;
    const tail = commonTail(first.words, second.words);
    if (tail < MIN_TAIL_WORDS) continue;
    const members = [first];
    for (let j = k + 1; sentences[j] && endsWith(sentences[j]!.words, first.words.slice(-tail)); j++) members.push(sentences[j]!);
    const heads = members.map((m) => m.words.slice(0, -tail));
    if (members.length < MIN_MEMBERS || heads.some((h) => h.length === 0 || h.length > MAX_HEAD_WORDS)) continue;
    const items: StructItem[] = members.map((m, n) => ({
      ordinal: n + 1,
      marker: '',
      label: subjectOf(m.text, m.words.length - tail),
      text: m.text,
      lines: m.lines.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })),
    }));
    out.push({
      index: opts.firstIndex + out.length,
      parentList: null,
      parentItem: null,
      depth: 0,
      kind: 'series',
      style: 'parallel',
      // What every member is said to be or do: the words the sentences share.
      intro: `… ${first.text.split(/\s+/).slice(-tail).join(' ')}`,
      heading: null,
      introLine: null,
      items,
      sequential: true,
      // The next sentence ends otherwise: the run's boundary was reached.
      endedBy: 'text',
      gapAfter: false,
      pageStart: members[0]!.lines[0]!.pageNum,
      pageEnd: members.at(-1)!.lines.at(-1)!.pageNum,
    });
    k += members.length - 1;
  }
  return out;
}

/** How many words the two sentences end with alike. */
function commonTail(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function endsWith(words: string[], tail: string[]): boolean {
  return words.length > tail.length && tail.every((w, i) => words[words.length - tail.length + i] === w);
}

/** The sentence's first `n` words as written, without the examples in brackets: "Source code files". */
function subjectOf(text: string, n: number): string {
  const head = text.split(/\s+/).slice(0, n).join(' ');
  return head.replace(/\s*\([^()]*\)\s*/g, ' ').replace(/[,;:]\s*$/, '').trim();
}
