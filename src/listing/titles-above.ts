/**
 * The name a document sets in capitals right above an item's coded line ("AUTHORIZATION
 * DECISION" over "TASK R-4 Determine if the risk ..."): the item's own title, which the coded
 * line does not repeat. It joins the item's surface forms, so the item answers to its name as
 * well as to its code and description, whichever strategy found it.
 */

import type { Db } from '../db/client.ts';
import type { LineRow } from '../db/rows.ts';
import { loadLines } from '../sql/load-lines.ts';
import { parseMarker } from '../structure/markers.ts';
import { parseNumbering } from '../toc/numbering.ts';
import type { Candidate } from './strategy-types.ts';

/** A title runs over two lines at most. */
const TITLE_ABOVE_LINES = 2;
/** The share of a title line's letters in capitals, brackets aside: an acronym-led title may hold a short word in lower case. */
const CAPITALS_SHARE = 0.7;

export async function withTitlesAbove(db: Db, documentId: number, items: Candidate[]): Promise<Candidate[]> {
  const pages = new Map<number, Promise<LineRow[]>>();
  const page = (p: number) => pages.get(p) ?? pages.set(p, loadLines(db, documentId, p, p)).get(p)!;
  const out: Candidate[] = [];
  for (const item of items) {
    const at = item.citations[0];
    const lines = at ? await page(at.pageNum) : [];
    const i = at ? lines.findIndex((l) => l.lineNum === at.lineNum) : -1;
    // Only an item that opens with its code has a name set apart from it.
    const coded = i >= 0 && parseNumbering(lines[i]!.text).some((n) => n.kind !== 'caption');
    const title = coded ? titleAbove(lines, i) : null;
    out.push(title && !item.surfaceForms.includes(title) ? { ...item, surfaceForms: [...item.surfaceForms, title] } : item);
  }
  return out;
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
