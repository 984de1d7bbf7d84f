/**
 * Items numbered by a bare figure ("1 Tcl/Tk has in general ...", "2 Always install ..."): no
 * dot or bracket marks the number, so the text alone cannot tell an item from a line that opens
 * with a number ("3 sets of data were ..."). The layout can: the items' lines hang at the place
 * the text starts after the figure, every item's figure stands at one x, and the figures count
 * 1, 2, 3 ... A run with that hanging indent is a list; anything else is left as text.
 */

import type { ParsedLine } from '../parse/types.ts';
import type { Marker } from './markers.ts';
import { parseMarker } from './markers.ts';

/** The line fields read here (lists.ts passes its own lines; no import back to it). */
type SourceLine = Pick<ParsedLine, 'text' | 'x0' | 'size'>;

const BARE = /^(\d{1,2})\s+(?=\S)/;
/** A figure's width and the space after it, as shares of the print size. */
export const DIGIT_WIDTH = 0.6;
const SPACE_WIDTH = 0.28;

export function bareNumberMarkers<L extends SourceLine>(lines: L[], outsideText: (l: L) => boolean): Map<L, Marker> {
  const out = new Map<L, Marker>();
  const body = lines.filter((l) => !outsideText(l) && l.text.trim());
  const tol = (l: SourceLine) => Math.max(3, 0.45 * l.size);
  const bareOf = (l: SourceLine) => (parseMarker(l.text) ? null : BARE.exec(l.text.trimStart()));
  let i = 0;
  while (i < body.length) {
    const first = body[i]!;
    const m = bareOf(first);
    if (!m || m[1] !== '1') {
      i++;
      continue;
    }
    const items = [first];
    let hang: number | null = null;
    let j = i + 1;
    for (; j < body.length; j++) {
      const l = body[j]!;
      const n = bareOf(l);
      if (n && Number(n[1]) === items.length + 1 && Math.abs(l.x0 - first.x0) <= tol(l)) {
        items.push(l);
        continue;
      }
      // The first item's second line shows where the text hangs: just past "1 ".
      const textStart = first.x0 + (DIGIT_WIDTH + SPACE_WIDTH) * first.size;
      if (hang === null && items.length === 1 && l.x0 > first.x0 + tol(l) / 2 && Math.abs(l.x0 - textStart) <= tol(l)) {
        hang = l.x0;
        continue;
      }
      if (hang !== null && Math.abs(l.x0 - hang) <= tol(l)) continue;
      break;
    }
    if (items.length >= 2 && hang !== null) {
      for (const l of items) {
        const b = bareOf(l)!;
        out.set(l, { kind: 'decimal', style: 'bare', ordinal: Number(b[1]), raw: b[1]!, rest: l.text.trimStart().slice(b[0].length), alternatives: [] });
      }
    }
    i = Math.max(j, i + 1);
  }
  return out;
}
