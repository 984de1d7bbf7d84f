/**
 * Paragraphs a document numbers by a word of its own: "Definition 1. ϵ-Neighborhood. The ...",
 * "Definition 2 (Point classes).", ... "Step 3: Restore ...". Each word's members, numbered 1..n
 * in reading order, are one list across the document: a paper's definitions, a guide's steps.
 * Read from the lines alone (a capitalised word, a number, a stop or colon, then text); the word
 * is whatever the document writes, never one from a list of our own.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, type StructItem, type StructList } from './lists.ts';

/** "Definition 1.", "Step 2:", "Rule 3 (Quorum).": the word, the number, and the rest. */
const LABEL = /^(?<word>\p{Lu}\p{Ll}{2,})\s+(?<num>\d{1,3})\s*(?:[.:]\s+|(?=\([^)]{1,60}\)))(?<rest>\S.*)$/u;
/** Fewer members than this are a cross-reference or two, not a family. */
const MIN_MEMBERS = 3;
/** A run-in name longer than this is the paragraph's first sentence, not its name. */
const MAX_NAME_WORDS = 8;
/** Lines of a member read after its label line, at most (a definition is a paragraph, not a page). */
const MAX_LINES = 12;

export function detectLabelledParagraphs(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; isCaption: (l: { text: string }) => boolean; firstIndex: number },
): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l));
  const byWord = new Map<string, { at: number; num: number; rest: string }[]>();
  body.forEach((l, at) => {
    const m = LABEL.exec(l.text.trim());
    if (!m || opts.isCaption(l)) return;
    const word = m.groups!.word!;
    byWord.set(word, [...(byWord.get(word) ?? []), { at, num: Number(m.groups!.num), rest: m.groups!.rest! }]);
  });
  const out: StructList[] = [];
  for (const [word, found] of byWord) {
    // The family: the members numbered 1, 2, 3 ... in reading order; a later mention of a number
    // already seen ("Definition 2 gives ...") is a reference back, not a member.
    const members: typeof found = [];
    for (const f of found) if (f.num === members.length + 1) members.push(f);
    if (members.length < MIN_MEMBERS) continue;
    const items: StructItem[] = members.map((m, i) => {
      const next = members[i + 1]?.at ?? Number.MAX_SAFE_INTEGER;
      const first = body[m.at]!;
      const own = [first];
      for (let j = m.at + 1; j < next && j <= m.at + MAX_LINES; j++) {
        const l = body[j]!;
        if (opts.isHeading(l) || l.pageNum !== own.at(-1)!.pageNum || l.y0 - own.at(-1)!.y1 > 1.2 * l.size) break;
        own.push(l);
      }
      const text = joinParts(own.map((l) => l.text));
      return { ordinal: m.num, marker: `${word} ${m.num}`, label: nameOf(m.rest) ?? `${word} ${m.num}`, text, lines: own.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
    });
    const firstLine = body[members[0]!.at]!;
    const lastLine = body[members.at(-1)!.at]!;
    out.push({
      index: opts.firstIndex + out.length,
      parentList: null,
      parentItem: null,
      depth: 0,
      // Each member is a paragraph under its own label: a list of terms, not a run of prose.
      kind: 'term',
      style: 'labelled',
      // What the members are called, as the document labels them.
      intro: `${word} 1 to ${word} ${members.length}`,
      heading: null,
      introLine: null,
      items,
      sequential: true,
      // A member numbered past the last one would have joined: the numbering is swept to its end.
      endedBy: found.some((f) => f.num > members.length) ? 'end' : 'text',
      gapAfter: found.some((f) => f.num > members.length + 1),
      pageStart: firstLine.pageNum,
      pageEnd: lastLine.pageNum,
    });
  }
  return out;
}

/**
 * The member's run-in name: "ϵ-Neighborhood. The ..." -> "ϵ-Neighborhood", "(Point classes)." ->
 * "Point classes". Null when the paragraph opens with a sentence instead.
 */
function nameOf(rest: string): string | null {
  const paren = /^\(([^)]{1,60})\)/.exec(rest);
  if (paren) return paren[1]!.trim();
  const stop = /^(.{1,80}?)[.:](?:\s|$)/u.exec(rest);
  if (!stop) return null;
  const name = stop[1]!.trim();
  return name.split(/\s+/).length <= MAX_NAME_WORDS && /^[\p{L}\p{N}]/u.test(name) ? name : null;
}
