/**
 * Definition lists whose colon opens the definition's line: each term stands alone on its line
 * and the line under it starts with the colon that joins the two,
 *
 *   croston()
 *   : implements the method of Croston (1972) for intermittent demand forecasting. ...
 *   theta()
 *   : provides forecasts from the Theta method ...
 *
 * as a description list whose labels were set on lines of their own comes out of a PDF. No
 * sentence of prose starts a line with a colon, so two such pairs in a row, their terms at one
 * edge, each term a new one, are a list. An entry runs to the next term; the last one to the end of its sentence,
 * since nothing else marks where it stops. The sentence before the first term introduces it.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, lastSentence, type StructList } from './lists.ts';
import { termList } from './hanging-lists.ts';

/** A term is a name: a few words, no sentence. */
const TERM_WORDS = 4;
const isTerm = (l: ParsedLine) => l.text.trim().split(/\s+/).length <= TERM_WORDS && !/[.;:,]$/.test(l.text.trim());
const COLON_LED = /^:\s*\S/u;
/** Lines an entry's definition may run over: past that it is text, not a definition. */
const MAX_DEFINITION_LINES = 12;
/** A gap this many times the run's line spacing is a paragraph break. */
const PARAGRAPH_GAP = 1.6;
/** Entries stand apart when the step to a definition is this much wider than its lines' spacing. */
const SEPARATED = 1.1;
/** Lines read back for the intro's sentence. */
const INTRO_LINES = 3;

export function detectColonLedEntries(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  // A term, at the edge `x`, with its colon-led definition right under it (same page and column).
  const termAt = (i: number, x: number | null) => {
    const t = body[i];
    const d = body[i + 1];
    if (!t || !d || opts.isHeading(t) || !isTerm(t) || !COLON_LED.test(d.text.trim())) return false;
    if (t.pageNum !== d.pageNum || t.column !== d.column) return false;
    return x === null || Math.abs(t.x0 - x) <= Math.max(2, 0.3 * t.size);
  };
  const out: StructList[] = [];
  for (let i = 0; i < body.length; i++) {
    if (!termAt(i, null)) continue;
    const edge = body[i]!.x0;
    // The step from a term to its definition's line is the run's line spacing; a wider gap is a
    // paragraph break, which ends the run.
    const step = body[i + 1]!.y0 - body[i]!.y0;
    const entries: ParsedLine[][] = [];
    let repeated = false;
    // The spacing of a definition's own lines, once one has shown it.
    let inner: number | null = null;
    let j = i;
    while (j < body.length) {
      const l = body[j]!;
      const prev = body[j - 1];
      if (j > i && prev && prev.pageNum === l.pageNum && l.y0 - prev.y0 > PARAGRAPH_GAP * step) break;
      if (termAt(j, edge)) {
        // A definition list defines each term once: a term that comes round again makes records
        // of fields ("processor : 0", "vendor : ..." per processor), which are no list of terms.
        if (entries.some((e) => e[0]!.text.trim() === l.text.trim())) repeated = true;
        entries.push([l, body[j + 1]!]);
        j += 2;
        continue;
      }
      const current = entries.at(-1)!;
      if (opts.isHeading(l) || current.length - 1 >= MAX_DEFINITION_LINES) break;
      // A definition's lines follow at the text's spacing. Where entries stand further apart than
      // that, a line set at the entries' spacing that opens no entry is a paragraph between them
      // ("In addition, there are some plotting functions."): the list ends before it.
      const gap = prev && prev.pageNum === l.pageNum ? l.y0 - prev.y0 : null;
      if (gap !== null && inner !== null && step > SEPARATED * inner && gap > (inner + step) / 2) break;
      if (gap !== null && inner === null && current.length >= 2) inner = gap;
      current.push(l);
      j++;
    }
    if (repeated || entries.length < 2) {
      i = j - 1;
      continue;
    }
    // The last definition ends with its sentence: what follows is the text after the list.
    const last = entries.at(-1)!;
    const end = last.findIndex((l, k) => k >= 1 && /[.!?]["”’)]?$/.test(l.text.trim()));
    if (end >= 1) last.splice(end + 1);
    out.push(toList(entries, body.slice(Math.max(0, i - INTRO_LINES), i).filter((l) => l.pageNum === body[i]!.pageNum && !opts.isHeading(l)), opts.firstIndex + out.length));
    i = j - 1;
  }
  return out;
}

function toList(entries: ParsedLine[][], before: ParsedLine[], index: number): StructList {
  const intro = before.length ? lastSentence(joinParts(before.map((l) => l.text))) : null;
  const items = entries.map((e, k) => {
    const term = e[0]!.text.trim();
    const definition = joinParts(e.slice(1).map((l) => l.text)).replace(/^:\s*/, '');
    return { ordinal: k + 1, marker: '', label: term, text: `${term}: ${definition}`, lines: e.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) };
  });
  const introLine = before.at(-1);
  // Where the last definition stops is read from its sentence, not proven: never closed by itself.
  return termList(index, items, intro?.text ?? null, introLine ? { pageNum: introLine.pageNum, lineNum: introLine.lineNum } : null, 'end');
}
