/**
 * Definitions a reference manual sets with their category at the right margin, as Texinfo's
 * definition commands (@deftypefn, @deftypevr, @deffn) print them:
 *
 *   const char * idn2_strerror (int rc)                                [Function]
 *        Convert internal libidn2 error code to a humanly readable string.
 *   idn2_rc IDN2_OK                                                     [Return code]
 *        Successful return.
 *
 * The bracketed category stands on the definition's own baseline, right of it; every definition
 * of one category in the document belongs to one family ("the functions", "the return codes"),
 * whichever section it is in. One list per category, three entries at least; its intro is the
 * category as the document writes it (its label word, as "Definition" is for numbered
 * paragraphs), and each entry is named by what it defines: the name before the parameters'
 * bracket, else the word that differs from entry to entry (the type every entry shares,
 * "idn2_rc", names none of them).
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, type StructItem, type StructList } from './lists.ts';
import { termList } from './hanging-lists.ts';

const MIN_ENTRIES = 3;
/** A category: a capitalised word or a few, in square brackets, nothing else on the line. */
const TAG = /^\[(\p{Lu}[\p{L} -]{0,30}\p{L})\]$/u;
/** Lines an entry's text may run to before the next definition: past them the entry is over. */
const MAX_ENTRY_LINES = 40;
/** The category stands on its definition's baseline: their tops differ by less than this share of the print size. */
const SAME_BASELINE = 0.6;
/** The name a definition with parameters defines: the word before their bracket. */
const CALLED = /([\p{L}_][\p{L}\d_]*)\s*\(/u;

interface Entry {
  category: string;
  tag: ParsedLine;
  lines: ParsedLine[];
}

export function detectTaggedDefinitions(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; pageWidth: (page: number) => number; firstIndex: number },
): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  // Each category line and the definition it stands beside: the line before it on its page,
  // on the same baseline, ending left of it; the category in the right half of the page.
  const defs: { at: number; tag: ParsedLine; category: string }[] = [];
  const tags = new Set<ParsedLine>();
  for (let i = 1; i < body.length; i++) {
    const tag = body[i]!;
    const m = TAG.exec(tag.text.trim());
    const def = body[i - 1]!;
    if (!m || def.pageNum !== tag.pageNum || tag.x0 < opts.pageWidth(tag.pageNum) / 2 || def.x1 >= tag.x0) continue;
    if (Math.abs(def.y0 - tag.y0) > SAME_BASELINE * Math.max(def.size, tag.size) || TAG.test(def.text.trim())) continue;
    defs.push({ at: i - 1, tag, category: m[1]!.replace(/\s+/g, ' ') });
    tags.add(tag);
  }
  // An entry runs from its definition to the next one, or to a heading.
  const entries: Entry[] = defs.map((d, n) => {
    const next = defs[n + 1]?.at ?? body.length;
    const own: ParsedLine[] = [body[d.at]!];
    for (let k = d.at + 1; k < next && k - d.at <= MAX_ENTRY_LINES && !opts.isHeading(body[k]!); k++) if (!tags.has(body[k]!)) own.push(body[k]!);
    return { category: d.category, tag: d.tag, lines: own };
  });
  const byCategory = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = e.category.toLowerCase();
    byCategory.set(key, [...(byCategory.get(key) ?? []), e]);
  }
  const out: StructList[] = [];
  for (const family of byCategory.values()) {
    if (family.length < MIN_ENTRIES) continue;
    const names = namesOf(family.map((e) => e.lines[0]!.text.trim()));
    const items: StructItem[] = family.map((e, n) => ({
      ordinal: n + 1,
      marker: '',
      label: names[n]!,
      text: joinParts(e.lines.map((l) => l.text)),
      lines: e.lines.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })),
    }));
    const first = family[0]!.tag;
    // The document's every definition of the category, gathered from wherever it stands:
    // nothing marks where the family ends, so it proves no list whole by itself.
    const list = termList(opts.firstIndex + out.length, items, family[0]!.category, { pageNum: first.pageNum, lineNum: first.lineNum }, 'end', 'tagged');
    out.push({ ...list, pageEnd: Math.max(...items.flatMap((i) => i.lines.map((l) => l.pageNum))) });
  }
  return out;
}

/**
 * What each definition defines: the name before its parameters' bracket; else the first word
 * that is not shared by half the family's definitions or more (their common type).
 */
function namesOf(defs: string[]): string[] {
  const words = defs.map((d) => d.split(/\s+/).filter((w) => /[\p{L}\d_]/u.test(w)));
  const times = new Map<string, number>();
  for (const ws of words) for (const w of new Set(ws)) times.set(w, (times.get(w) ?? 0) + 1);
  const shared = (w: string) => (times.get(w) ?? 0) * 2 >= defs.length;
  return defs.map((d, n) => CALLED.exec(d)?.[1] ?? words[n]!.find((w) => !shared(w)) ?? words[n]!.at(-1) ?? d);
}
