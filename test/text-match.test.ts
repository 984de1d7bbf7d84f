import { describe, expect, it } from 'vitest';
import { stem } from '../src/text/text-match.ts';

// The one stem every matcher of question words against document words uses.
describe('stem', () => {
  it('meets a word with its forms in -ing and -ed, a consonant doubled for the suffix undone', () => {
    expect(stem('debugging')).toBe(stem('debug'));
    expect(stem('debugged')).toBe(stem('debug'));
    expect(stem('stopped')).toBe(stem('stop'));
    expect(stem('committed')).toBe(stem('commit'));
  });

  it('keeps a doubled l, s or z the word itself has, and a silent e a short root lost', () => {
    // A root of three letters is left doubled: a common short verb would meet parts of names.
    expect(stem('getting')).not.toBe(stem('get'));
    expect(stem('falling')).toBe(stem('fall'));
    expect(stem('passed')).toBe(stem('pass'));
    expect(stem('buzzing')).toBe(stem('buzz'));
    expect(stem('using')).toBe(stem('use'));
    expect(stem('based')).toBe(stem('base'));
  });

  it('meets plurals with their singulars', () => {
    expect(stem('categories')).toBe(stem('category'));
    expect(stem('appendices')).toBe(stem('appendix'));
    expect(stem('options')).toBe(stem('option'));
  });
});
