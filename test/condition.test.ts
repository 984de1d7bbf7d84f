import { describe, expect, it } from 'vitest';
import { conditionSplit } from '../src/listing/condition.ts';

// The rules that make a question's words a condition on a list's members (condition.ts).
const stems = (...words: string[]) => new Set(words);
const condition = (...words: string[]) => new Map(words.map((w) => [w, w] as const));

describe('a condition the question puts on the members of a list', () => {
  const members = [stems('set', 'directory'), stems('skip', 'file', 'regular', 'expression'), stems('defer', 'regular', 'expression', 'argument'), stems('show', 'version'), stems('help')];

  it('keeps the members that share two of its words or more', () => {
    expect(conditionSplit(condition('regular', 'expression', 'argument', 'take'), members)).toEqual({ members: [1, 2], words: ['regular', 'expression'], said: ['regular', 'expression'] });
  });

  it('is no condition when one word alone is found, or the words are spread over different members', () => {
    expect(conditionSplit(condition('regular', 'take'), members)).toBeNull();
    expect(conditionSplit(condition('directory', 'version'), members)).toBeNull();
  });

  it('is no condition when most of the list meets it, or the list is too short to split', () => {
    const most = [stems('a', 'b'), stems('a', 'b'), stems('a', 'b'), stems('c'), stems('a', 'b')];
    expect(conditionSplit(condition('a', 'b'), most)).toBeNull();
    expect(conditionSplit(condition('regular', 'expression'), members.slice(1, 4))).toBeNull();
  });
});
