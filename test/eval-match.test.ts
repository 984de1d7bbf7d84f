import { describe, expect, it } from 'vitest';
import { containsTokens, normalize } from '../src/eval/normalize.ts';
import { isCode, matchItems } from '../src/eval/match.ts';

const answer = (name: string, ...surfaceForms: string[]) => ({ name, surfaceForms });
const gold = (name: string, ...aliases: string[]) => ({ name, aliases });
const matches = (a: ReturnType<typeof answer>, g: ReturnType<typeof gold>) => matchItems([a], [g]).pairs.length === 1;

describe('normalize (README rule 1)', () => {
  it('applies NFKC and lowercases', () => {
    expect(normalize('ＧＶ.ＯＣ')).toBe('gv.oc');
    expect(normalize('ﬁle Proﬁle')).toBe('file profile');
    expect(normalize('MEASURE\u00a02.1')).toBe('measure 2.1');
  });

  it('turns & into "and", even without spaces around it', () => {
    expect(normalize('Valid & Reliable')).toBe('valid and reliable');
    expect(normalize('R&D')).toBe('r and d');
  });

  it('turns every dash into a space', () => {
    for (const dash of ['-', '\u2011', '\u2013', '\u2014']) expect(normalize(`P${dash}3`)).toBe('p 3');
    expect(normalize('Coverage A—Building Property')).toBe('coverage a building property');
    expect(normalize('GV.SC-04')).toBe('gv.sc 04');
  });

  it('keeps a dot only between two letters or digits', () => {
    expect(normalize('gv.oc')).toBe('gv.oc');
    expect(normalize('5.2.1')).toBe('5.2.1');
    expect(normalize('MEASURE 2.10.')).toBe('measure 2.10');
    expect(normalize('V3.1')).toBe('v3.1');
    expect(normalize('Appendix A. CSF Core')).toBe('appendix a csf core');
    expect(normalize('.5 and 5.')).toBe('5 and 5');
    expect(normalize('a..b')).toBe('a b');
  });

  it('turns other punctuation into spaces and collapses whitespace', () => {
    expect(normalize('  [58]  Use the server’s (e.g., trusted) controls:  ')).toBe('58 use the server s e.g trusted controls');
    expect(normalize('warmup_steps = 4000')).toBe('warmup steps 4000');
    expect(normalize('a,b;c/d')).toBe('a b c d');
    expect(normalize('line\none\ttwo')).toBe('line one two');
  });
});

describe('containsTokens (README rule 4)', () => {
  it('matches whole token runs only', () => {
    expect(containsTokens('identify', 'de')).toBe(false);
    expect(containsTokens('measure 2.10', 'measure 2.1')).toBe(false);
    expect(containsTokens('p 10', 'p 1')).toBe(false);
    expect(containsTokens('task p 1 prepare', 'p 1')).toBe(true);
    expect(containsTokens('gv.sc 04', 'sc 04')).toBe(false);
    expect(containsTokens('5.2.1', '5.2')).toBe(false);
  });

  it('never matches an empty needle', () => {
    expect(containsTokens('anything', '')).toBe(false);
  });
});

describe('isCode', () => {
  it('recognises digits and dotted identifiers', () => {
    for (const s of ['GV.SC-04', '5.2.1', 'P-3', 'MEASURE 2.1', 'gv.oc', 'L1']) expect(isCode(normalize(s))).toBe(true);
  });

  it('does not treat prose or single-letter abbreviations as codes', () => {
    for (const s of ['Risk Informed', 'trusted system (e.g., the server)', 'i.e. this']) expect(isCode(normalize(s))).toBe(false);
  });
});

describe('item matching (README rules 2-4)', () => {
  it('matches when the answer name equals the gold name after normalisation', () => {
    expect(matches(answer('gv.sc–04'), gold('GV.SC-04'))).toBe(true);
    expect(matches(answer('Valid & Reliable'), gold('Valid and Reliable'))).toBe(true);
  });

  it('matches through a gold alias or an answer surface form', () => {
    expect(matches(answer('Tier 1'), gold('Partial', 'Tier 1'))).toBe(true);
    expect(matches(answer('First tier', 'Tier 1 — Partial'), gold('Partial'))).toBe(true);
  });

  it('matches when the answer contains the gold surface on token boundaries', () => {
    expect(matches(answer('Task P-8: Mission or Business Focus'), gold('Mission or Business Focus'))).toBe(true);
    expect(matches(answer('Identify'), gold('DE'))).toBe(false);
    expect(matches(answer('MEASURE 2.10'), gold('MEASURE 2.1'))).toBe(false);
    expect(matches(answer('P-10'), gold('P-1'))).toBe(false);
  });

  it('allows reverse containment only for codes', () => {
    expect(matches(answer('P-8'), gold('Mission or Business Focus', 'Task P-8'))).toBe(true);
    expect(matches(answer('V3.1'), gold('Web Frontend Security Documentation', 'V3.1 Web Frontend Security Documentation'))).toBe(true);
    expect(matches(answer('2.1'), gold('MEASURE 2.1'))).toBe(true);
    expect(matches(answer('gv.oc'), gold('GV.OC-01'))).toBe(true);
    // Prose: the gold name containing the answer is not enough.
    expect(matches(answer('Building Property'), gold('Coverage A—Building Property x'))).toBe(false);
    expect(matches(answer('trusted system'), gold('Session identifier creation must be done on a trusted system (e.g., The server)'))).toBe(false);
  });

  it('applies the token boundary to reverse containment too', () => {
    expect(matches(answer('2.1'), gold('MEASURE 2.10'))).toBe(false);
    expect(matches(answer('P-1'), gold('Task P-10'))).toBe(false);
  });

  it('ignores surfaces that normalise to nothing', () => {
    expect(matches(answer('—', '...'), gold('Safe'))).toBe(false);
  });
});

describe('one-to-one greedy matching (README rule 5)', () => {
  it('uses each answer item and each gold item at most once', () => {
    const r = matchItems([answer('Safe'), answer('Safe')], [gold('Safe')]);
    expect(r.pairs).toEqual([{ answer: 0, gold: 0 }]);
    expect(r.recall).toBe(1);
    expect(r.precision).toBe(0.5);
    expect(r.exactSet).toBe(false);

    const one = matchItems([answer('Safe and Secure')], [gold('Safe'), gold('Secure')]);
    expect(one.pairs).toHaveLength(1);
    expect(one.recall).toBe(0.5);
    expect(one.precision).toBe(1);
  });

  it('tries the longest gold surfaces first', () => {
    // "coverage a building property" (longer) claims the answer before the bare "coverage a" of gold 0.
    const r = matchItems([answer('Coverage A — Building Property')], [gold('Coverage A'), gold('Coverage A—Building Property')]);
    expect(r.pairs).toEqual([{ answer: 0, gold: 1 }]);
  });

  it('lets a longer gold surface win even when it is an alias', () => {
    const r = matchItems(
      [answer('Encoder self-attention layers'), answer('Self-attention layers in the encoder')],
      [gold('self-attention', 'self-attention layers in the encoder'), gold('encoder self-attention')],
    );
    expect(r.pairs).toContainEqual({ answer: 1, gold: 0 });
    expect(r.pairs).toContainEqual({ answer: 0, gold: 1 });
    expect(r.exactSet).toBe(true);
  });

  it('gives a gold surface the closest answer item: equality, then containment, then least extra text', () => {
    expect(matchItems([answer('Safe and Secure'), answer('Safe')], [gold('Safe')]).pairs).toEqual([{ answer: 1, gold: 0 }]);
    const tighter = matchItems([answer('Safe, Secure and Resilient systems'), answer('Safe systems')], [gold('Safe')]);
    expect(tighter.pairs).toEqual([{ answer: 1, gold: 0 }]);
    // Forward containment beats code reverse containment.
    const codes = matchItems([answer('2.1'), answer('MEASURE 2.1 and notes')], [gold('MEASURE 2.1')]);
    expect(codes.pairs).toEqual([{ answer: 1, gold: 0 }]);
  });

  it('scores an exact set and the empty cases', () => {
    const codes = ['GV.OC-01', 'GV.OC-02', 'GV.OC-03'];
    const r = matchItems(codes.map((c) => answer(c.toLowerCase())).reverse(), codes.map((c) => gold(c)));
    expect(r).toMatchObject({ recall: 1, precision: 1, exactSet: true });
    expect(matchItems([], [gold('Safe')])).toMatchObject({ recall: 0, precision: 0, exactSet: false });
    expect(matchItems([], [])).toMatchObject({ recall: 1, precision: 1, exactSet: true });
  });
});
