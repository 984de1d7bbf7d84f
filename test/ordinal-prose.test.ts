import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';
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

describe('a prose list counted in the document\'s own noun (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, '3 Choosing a Storage Engine', { bold: true, size: 13 });
          at(doc, 72, 85, 'Storage engines differ in many ways. When we weigh a storage engine for the archive we');
          at(doc, 72, 99, 'keep four desiderata in mind. One is the cost of a write that reaches the disk. Another is');
          at(doc, 72, 113, 'the time a reader waits for the first byte of a file. The third is the space the index takes');
          at(doc, 72, 127, 'on disk. The last is the effort of a repair after a crash.');
          at(doc, 72, 160, '4 Results', { bold: true, size: 13 });
          at(doc, 72, 185, 'The engines were run for two weeks on the archive hosts.');
        },
      ]),
    'storage-notes.pdf',
  );

  it('reads the ordinal sentences after a count of another noun on the question\'s words, as many as it says', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which criteria are used when weighing a storage engine for the archive?');
    // Before: "desiderata" is not the question's noun, so no count pointed at the sentences.
    expect(answer.items.map((i) => i.name)).toEqual([
      'the cost of a write that reaches the disk',
      'the time a reader waits for the first byte of a file',
      'the space the index takes on disk',
      'the effort of a repair after a crash',
    ]);
    // The count is of the document's noun, not the question's: it proves nothing whole.
    expect(answer.isComplete).toBeNull();
  });
});
