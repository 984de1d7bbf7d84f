/**
 * A sweep of codes answers "which requirements does V5.2 hold", but a question may ask only for
 * those a table of the codes gives one value in a column ("which ... only apply from Level 3"):
 * the swept codes are the keys of the table's rows, and a word of the question that is a cell
 * value of some rows, while the other rows give that column other values, keeps those rows
 * (condition.ts valueSplit, as for any table the ranking picks).
 *
 * The codes the question places the sweep by and the words around the table (its heading, intro, section path)
 * are no condition: they place the table, they do not pick its rows.
 */

import type { StoredList } from './candidates.ts';
import { attributeNames, attributeValues, valueSplit, type ConditionSplit } from './condition.ts';
import { FUNCTION_WORDS } from '../lexicon/english.ts';
import { stem, tokensOf } from '../text/text-match.ts';

export interface RowValueSplit extends ConditionSplit {
  /** The table whose rows the codes key. */
  list: number;
  /** The codes kept, as the table's row labels write them. */
  codes: string[];
}

export function rowValueSplit(question: string, questionCodes: string[], itemNoun: string | null, codes: string[], lists: StoredList[]): RowValueSplit | null {
  const swept = new Set(codes);
  const table = lists.find((l) => l.kind === 'table-row' && l.items.length === swept.size && l.items.every((i) => swept.has(i.label)));
  if (!table) return null;
  const placed = new Set([...questionCodes.flatMap(tokensOf), ...tokensOf(`${table.heading ?? ''} ${table.intro ?? ''} ${table.sectionPath}`), ...tokensOf(itemNoun ?? '')].map(stem));
  const said = new Map(tokensOf(question).filter((t) => !FUNCTION_WORDS.has(t)).map((t) => [stem(t), t] as const).filter(([s]) => !placed.has(s)));
  const split = valueSplit(said, table.items.map((i) => attributeValues(i.text, true)), table.items.map((i) => attributeNames(i.text)));
  return split ? { ...split, list: table.id, codes: split.members.map((k) => table.items[k]!.label) } : null;
}
