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
 */

import { TUNING } from './tuning.ts';

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
