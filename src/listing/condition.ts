/**
 * A listing question may ask for the members of a list that meet a condition the list itself
 * does not state: "which options take a regular expression as their argument" over a command's
 * options, "which attributes were only output in the old format" over a section's attributes.
 * The list's heading, intro and names hold the rest of the question; the condition's words are
 * in the text of some members and not of the others. Those members are the answer.
 *
 * Read from the words alone, so it is held to a clear split: at least two of the condition's
 * words shared by every member kept, no other member holding two of them, and a part of the
 * list, not most of it. The verdict is never "complete" on it: words can miss a member that
 * says the same thing otherwise.
 *
 * A member's attribute values are firmer ground: the cells of a table row after its key, or the
 * values of a note in brackets ("dbc_dbfile_owner (used in: postinst) Set the owner ..."). One
 * word of the question that is such a value of some members, while the others give the same
 * attribute other values, is the condition ("which variables are used in postinst"); the words
 * that name the attribute ("used in") go with it.
 */

import { TUNING } from './tuning.ts';
import { stem, tokensOf } from '../text/text-match.ts';

export interface ConditionSplit {
  /** Indexes of the members whose text holds the condition. */
  members: number[];
  /** The condition's words (stems) every kept member holds. */
  words: string[];
  /** Those words as the question writes them, for the trace. */
  said: string[];
}

/**
 * The members whose text holds the question's words that the list's context does not.
 * `condition`: stems of the question's words found neither around the list nor in its names,
 * each with the word as the question writes it;
 * `texts`: each member's stems.
 */
export function conditionSplit(condition: ReadonlyMap<string, string>, texts: ReadonlySet<string>[]): ConditionSplit | null {
  if (condition.size < TUNING.conditionMinWords || texts.length < TUNING.conditionMinItems) return null;
  const held = texts.map((t) => [...condition.keys()].filter((w) => t.has(w)));
  const members = held.flatMap((h, i) => (h.length >= TUNING.conditionMinWords ? [i] : []));
  if (members.length === 0 || members.length > TUNING.conditionMaxShare * texts.length) return null;
  // The words every kept member shares: one condition, not several words spread over them.
  const words = [...condition.keys()].filter((w) => members.every((i) => held[i]!.includes(w)));
  if (words.length < TUNING.conditionMinWords) return null;
  return { members, words, said: words.map((w) => condition.get(w)!) };
}

/** A value is a name: a cell or a note's value of a few words, not a sentence. */
const VALUE_WORDS = 3;
/** A note in brackets that names an attribute and its values: "(used in: config, postinst)". */
const NOTE = /\(([^():]{1,40}):\s*([^()]{1,80})\)/gu;

/**
 * A member's attribute values, each whole (normalised, a one-word value by its stem): a table
 * row's cells after its key ("key | v | v"), and the values of its notes in brackets, each a few
 * words at most. Empty when it has none.
 */
export function attributeValues(text: string, isRow: boolean): Set<string> {
  const values: string[] = [];
  if (isRow) values.push(...text.split(' | ').slice(1));
  for (const m of text.matchAll(NOTE)) values.push(...m[2]!.split(/\s*,\s*/));
  // "AC/DC" gives both values: the slash sets alternatives side by side.
  return new Set(values.flatMap((v) => v.split(/\s*\/\s*/)).map((v) => tokensOf(v)).filter((t) => t.length >= 1 && t.length <= VALUE_WORDS).map((t) => (t.length === 1 ? stem(t[0]!) : t.join(' '))));
}

/** The stems of the attribute names a member's notes write ("used in" in "(used in: postinst)"). */
export function attributeNames(text: string): Set<string> {
  return new Set([...text.matchAll(NOTE)].flatMap((m) => tokensOf(m[1]!).map(stem)));
}

/**
 * The members one of the question's words names as an attribute value, when the other members
 * give that attribute values too, none of them this word; null when no word parts them so, or
 * two words part them differently. The attribute must take values from a set, as a category
 * does: some value is given by two members at least. Cells that each describe their row in
 * words of their own ("System binaries") are no such attribute.
 */
export function valueSplit(condition: ReadonlyMap<string, string>, values: ReadonlySet<string>[], names: ReadonlySet<string>[] = []): ConditionSplit | null {
  const valued = values.filter((v) => v.size > 0).length;
  if (values.length < TUNING.conditionMinItems || valued < TUNING.conditionMinItems) return null;
  const given = new Map<string, number>();
  for (const v of values) for (const x of v) given.set(x, (given.get(x) ?? 0) + 1);
  if (![...given.values()].some((n) => n >= 2)) return null;
  const splits = [...condition.keys()].flatMap((w) => {
    const members = values.flatMap((v, i) => (v.has(w) ? [i] : []));
    const others = values.filter((v) => v.size > 0 && !v.has(w)).length;
    return members.length > 0 && members.length <= TUNING.conditionMaxShare * values.length && others >= 2 ? [{ w, members }] : [];
  });
  const first = splits[0];
  if (!first || splits.some((x) => x.members.join() !== first.members.join())) return null;
  // The question's words that name the attribute itself ("read in") are said by the kept members too.
  const named = [...condition.keys()].filter((w) => !splits.some((x) => x.w === w) && first.members.every((i) => names[i]?.has(w)));
  const words = [...splits.map((x) => x.w), ...named];
  return { members: first.members, words, said: words.map((w) => condition.get(w)!) };
}
