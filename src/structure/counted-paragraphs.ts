/**
 * Members a counted intro hands over to paragraphs of their own: "Three types of response should
 * be provided by a loudness meter conforming to R-128:" then "The M (momentary) response is ...",
 * "The S (short term) response is ...", "The I (integrated) response is ...". No marker, no
 * indent and no font sets the members apart; the intro says how many there are and what they are
 * (the noun it counts, or the noun after "types of"), and each member's paragraph opens by naming
 * one: an article, a short name, the noun. Exactly as many such openings as the intro counts,
 * before the next heading, make the list; any other number is no list (a stated count not met is
 * not a reading of it).
 */

import type { ParsedLine } from '../parse/types.ts';
import { stem } from '../text/text-match.ts';
import { countedNoun } from './counted-intro.ts';
import { sentenceEndingAt, termList } from './hanging-lists.ts';
import { joinParts, type StructItem, type StructList } from './lists.ts';

/** Lines read after the intro for the members' openings. */
const MAX_SPAN = 60;
/** A member's name is short: "M (momentary)", "short term", "first". */
const MAX_NAME_WORDS = 4;
/** Lines of one member's opening sentence at most. */
const MAX_LINES = 8;
const ENDS = /[.!?:]["”’)]?\s*$/u;
/** A sentence's end inside a line: a stop, then a capital. */
const SENTENCE_END = /[.!?](?=\s+\p{Lu})/u;

/** "The M (momentary) response is ...": the name between the article and the noun. */
function memberName(text: string, noun: string): string | null {
  const words = text.trim().split(/\s+/);
  if (!/^(?:the|an?)$/i.test(words[0] ?? '')) return null;
  const at = words.findIndex((w, i) => i > 0 && stem(w.replace(/[^\p{L}-]/gu, '').toLowerCase()) === stem(noun));
  if (at < 2 || at - 1 > MAX_NAME_WORDS) return null;
  return words.slice(1, at).join(' ');
}

export function detectCountedParagraphs(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; firstIndex: number },
): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  const out: StructList[] = [];
  for (let i = 0; i < body.length; i++) {
    if (!/:\s*$/.test(body[i]!.text) || opts.isHeading(body[i]!)) continue;
    const intro = sentenceEndingAt(body, i, opts.isHeading);
    const counted = countedNoun(intro);
    if (!counted) continue;
    // The openings: a line after a sentence's end (or the intro) that names a member.
    const openings: { at: number; name: string }[] = [];
    for (let k = i + 1; k < body.length && k <= i + MAX_SPAN && openings.length <= counted.count; k++) {
      const l = body[k]!;
      if (opts.isHeading(l)) break;
      if (!ENDS.test(body[k - 1]!.text)) continue;
      const name = memberName(l.text, counted.noun);
      if (name) openings.push({ at: k, name });
    }
    if (openings.length !== counted.count) continue;
    // A member is its opening sentence: it names and defines the member, while the paragraph's
    // later sentences may speak of the others ("No such value is specified for the M response").
    const items: StructItem[] = openings.map((o, n) => {
      const next = openings[n + 1]?.at ?? body.length;
      const own: ParsedLine[] = [];
      for (let k = o.at; k < next && own.length < MAX_LINES && !opts.isHeading(body[k]!); k++) {
        own.push(body[k]!);
        if (SENTENCE_END.test(body[k]!.text) || ENDS.test(body[k]!.text)) break;
      }
      const text = joinParts(own.map((l) => l.text));
      const end = SENTENCE_END.exec(text);
      return { ordinal: n + 1, marker: '', label: o.name, text: end ? text.slice(0, end.index + 1) : text, lines: own.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
    });
    // The intro's count met exactly: the members are all there (a sequential list, as a numbered one).
    out.push(termList(opts.firstIndex + out.length, items, intro, { pageNum: body[i]!.pageNum, lineNum: body[i]!.lineNum }, 'text', 'counted'));
    i = openings.at(-1)!.at;
  }
  return out;
}
