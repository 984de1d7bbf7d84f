/**
 * The name a document sets in capitals right above an item's coded line ("AUTHORIZATION
 * DECISION" over "TASK R-4 Determine if the risk ..."): the item's own title, which the coded
 * line does not repeat. It joins the item's surface forms, so the item answers to its name as
 * well as to its code and description, whichever strategy found it.
 */

import type { Db } from '../db/client.ts';
import type { LineRow } from '../db/rows.ts';
import { linesUpTo } from '../sql/lines-beside.ts';
import { parseMarker } from '../structure/markers.ts';
import { parseNumbering } from '../toc/numbering.ts';
import type { Candidate } from './strategy-types.ts';

/** A title runs over two lines at most. */
const TITLE_ABOVE_LINES = 2;
/** The share of a title line's letters in capitals, brackets aside: an acronym-led title may hold a short word in lower case. */
const CAPITALS_SHARE = 0.7;

export async function withTitlesAbove(db: Db, documentId: number, items: Candidate[]): Promise<Candidate[]> {
  // Each item's opening line with the lines above it, for all items in one statement.
  const ids = [...new Set(items.map((i) => i.citations[0]?.lineId).filter((id): id is number => id !== undefined))];
  const around = await linesUpTo(db, documentId, ids, TITLE_ABOVE_LINES);
  return items.map((item) => {
    const at = item.citations[0];
    const lines = at?.lineId !== undefined ? (around.get(at.lineId) ?? []) : [];
    const own = lines.at(-1);
    // Only an item that opens with its code has a name set apart from it.
    const coded = own !== undefined && own.id === at?.lineId && parseNumbering(own.text).some((n) => n.kind !== 'caption');
    const title = coded ? titleAbove(lines, lines.length - 1) : null;
    return title && !item.surfaceForms.includes(title) ? { ...item, surfaceForms: [...item.surfaceForms, title] } : item;
  });
}

/** The capitals lines right above line `at`, joined; none when the line above is text, a marker, a number or a sentence. */
export function titleAbove(lines: Pick<LineRow, 'pageNum' | 'lineNum' | 'text'>[], at: number): string | null {
  const parts: string[] = [];
  for (let i = at - 1; i >= 0 && i >= at - TITLE_ABOVE_LINES; i--) {
    const l = lines[i]!;
    if (l.pageNum !== lines[at]!.pageNum || l.lineNum !== lines[i + 1]!.lineNum - 1) break;
    const t = l.text.trim();
    // A qualifier in brackets ("(Optional)") is not the title's own case.
    const letters = t.replace(/\([^)]*\)/g, '').match(/\p{L}/gu) ?? [];
    const upper = letters.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length;
    // A numbered line above is the parent section's heading ("3.6 AUTHORIZE"), not a name.
    if (letters.length < 3 || upper / letters.length < CAPITALS_SHARE || /[.;:]$/.test(t) || parseMarker(t) || parseNumbering(t).length) break;
    parts.unshift(t);
  }
  return parts.length ? parts.join(' ') : null;
}
