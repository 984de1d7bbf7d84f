import { describe, expect, it } from 'vitest';
import { ordinalProse } from '../src/listing/strategies/ordinal-prose.ts';
import type { LineRow } from '../src/db/rows.ts';

const line = (n: number, text: string): LineRow => ({ id: n, pageNum: 6, lineNum: n, text, x0: 100, size: 10, bold: false, leadIn: null, label: null });

describe('ordinal prose lists', () => {
  it('takes one item per ordinal sentence, across line breaks, cited where each sentence starts', () => {
    const lines = [
      line(1, 'Motivating our use of self-attention we consider three desiderata.'),
      line(2, 'One is the total computational complexity per layer. Another is the amount of computation that can'),
      line(3, 'be parallelized, as measured by the minimum number of sequential operations required.'),
      line(4, 'The third is the path length between long-range dependencies in the network. Learning long-range'),
      line(5, 'dependencies is a key challenge in many sequence transduction tasks.'),
    ];
    const items = ordinalProse(lines);
    expect(items.map((i) => i.name)).toEqual([
      'the total computational complexity per layer',
      'the amount of computation that can be parallelized',
      'the path length between long-range dependencies in the network',
    ]);
    expect(items[1]!.citations[0]).toMatchObject({ lineNum: 2 });
    expect(lines[1]!.text).toContain(items[1]!.citations[0]!.quote);
  });

  it('finds nothing in prose without ordinal sentences', () => {
    expect(ordinalProse([line(1, 'The model is trained on eight GPUs.'), line(2, 'One can see that it converges.')])).toEqual([]);
  });
});
