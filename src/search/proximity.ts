/**
 * Query-term proximity: the question's content words that stand next to each other in the
 * question ("basic security requirements") standing next to each other in a passage too. A passage
 * that holds the question's words as the question puts them together is about what the question
 * asks; one that holds them scattered ("the basic ... and the derived ... requirements") mentions
 * them. Words are compared by the caller's normaliser (a stem), function words skipped on both sides.
 */

/** The pairs of neighbouring content words, in order, as "a b" keys. */
export function adjacentPairs(words: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) if (words[i] !== words[i + 1]) out.add(`${words[i]} ${words[i + 1]}`);
  return out;
}

/** Share (0..1) of the question's neighbouring pairs that the passage's words also hold side by side. */
export function pairShare(questionPairs: Set<string>, passageWords: string[]): number {
  if (questionPairs.size === 0) return 0;
  const held = adjacentPairs(passageWords);
  let n = 0;
  for (const p of questionPairs) if (held.has(p)) n++;
  return n / questionPairs.size;
}
