/**
 * The sentences of a question that ask: those closed by a question mark, when there are any. A
 * sentence before them sets the scene ("My scanner does not behave as I expect. Which options
 * ...?"): it says what is wrong or where to look, not what is asked for.
 */
export function askingSentences(q: string): string {
  const sentences = q.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  const asking = sentences.filter((x) => /\?\s*$/.test(x));
  return asking.length ? asking.join(' ') : q;
}
