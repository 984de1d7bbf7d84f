import { describe, expect, it } from 'vitest';
import { attributeValues, conditionSplit, valueSplit } from '../src/listing/condition.ts';
import { stem } from '../src/text/text-match.ts';

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

describe('a condition on the members\' attribute values', () => {
  it('reads the values of a note in brackets and of a table row\'s cells after its key, never a sentence', () => {
    expect(attributeValues('dbc_first_version (used in: config, postinst) The first version in which ...', false)).toEqual(new Set(['config', stem('postinst')]));
    expect(attributeValues('5.2.4 | Verify that the file is scanned by a virus scanner. | 3', true)).toEqual(new Set(['3']));
    expect(attributeValues('A plain sentence (see the manual for more) with no note.', false)).toEqual(new Set());
  });

  it('keeps the members one word of the question names as a value while the others give other values', () => {
    const values = [stems('config'), stems('postinst'), stems('config', 'postinst'), stems('config'), stems('config')];
    expect(valueSplit(condition('postinst', 'script'), values)).toEqual({ members: [1, 2], words: ['postinst'], said: ['postinst'] });
    // Too few members valued, or a word that most members give, parts nothing.
    expect(valueSplit(condition('postinst'), [stems('postinst'), stems(), stems(), stems('config'), stems()])).toBeNull();
    expect(valueSplit(condition('config'), values)).toBeNull();
    // Cells that each describe their own row are no category: "system" in "System binaries" parts nothing.
    const described = ['Essential binaries', 'Boot loader files', 'Device files', 'System binaries', 'Host configuration'].map((c) => attributeValues(`x | ${c}`, true));
    expect(valueSplit(condition('system'), described)).toBeNull();
  });
});
