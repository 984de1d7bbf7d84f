import { describe, expect, it } from 'vitest';
import { Bm25Index, bm25Tokens, buildChunks, contextTokens, estimateTokens, evidenceRecall, type SourceLine } from '../src/eval/baseline.ts';

/** `count` lines of `words` words each on one page. */
function pageLines(pageNum: number, count: number, words = 10, word = 'lorem'): SourceLine[] {
  return Array.from({ length: count }, (_, i) => ({ pageNum, lineNum: i + 1, text: Array(words).fill(word).join(' ') }));
}

describe('buildChunks', () => {
  it('estimates tokens as words × 1.3, rounded up', () => {
    expect(estimateTokens('one two three')).toBe(4);
    expect(estimateTokens('  ')).toBe(0);
  });

  it('never lets a chunk cross a page boundary', () => {
    const chunks = buildChunks([...pageLines(1, 3), ...pageLines(2, 3)], 500);
    expect(chunks.map((c) => c.pageNum)).toEqual([1, 2]);
    expect(chunks.map((c) => [c.firstLine, c.lastLine])).toEqual([[1, 3], [1, 3]]);
  });

  it('fills chunks up to the target size with whole lines', () => {
    // 100 lines × 10 words = 1300 tokens; 500 tokens hold 384 words, so 38 whole lines per chunk.
    const chunks = buildChunks(pageLines(1, 100), 500);
    expect(chunks.map((c) => c.lastLine - c.firstLine + 1)).toEqual([38, 38, 24]);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(500);
    expect(chunks.map((c) => c.id)).toEqual([0, 1, 2]);
  });

  it('orders pages and lines and skips blank lines', () => {
    const lines: SourceLine[] = [
      { pageNum: 2, lineNum: 1, text: 'second page' },
      { pageNum: 1, lineNum: 2, text: 'b' },
      { pageNum: 1, lineNum: 1, text: 'a' },
      { pageNum: 1, lineNum: 3, text: '   ' },
    ];
    expect(buildChunks(lines).map((c) => c.text)).toEqual(['a\nb', 'second page']);
  });

  it('cuts a line longer than a chunk into word windows', () => {
    const chunks = buildChunks(pageLines(1, 1, 50), 13);
    expect(chunks).toHaveLength(5);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(13);
  });

  it('reports the context size of retrieved chunks', () => {
    const chunks = buildChunks([...pageLines(1, 2), ...pageLines(2, 1)]);
    expect(contextTokens(chunks)).toBe(estimateTokens(chunks[0]!.text) + estimateTokens(chunks[1]!.text));
    expect(contextTokens([])).toBe(0);
  });
});

describe('BM25', () => {
  const text = [
    'The optimizer is Adam with beta1 0.9 and a warmup schedule for the learning rate.',
    'Residual dropout is applied to the output of each sub-layer.',
    'Label smoothing of value 0.1 hurts perplexity but improves BLEU.',
    'We used the Adam optimizer and varied the learning rate over training. Adam Adam.',
  ];
  const chunks = buildChunks(text.map((t, i) => ({ pageNum: i + 1, lineNum: 1, text: t })));
  const index = new Bm25Index(chunks);

  it('tokenises to lowercase words without stopwords', () => {
    expect(bm25Tokens('Which Optimizer does the model use?')).toEqual(['optimizer', 'model', 'use']);
  });

  it('ranks chunks that hold the query terms first', () => {
    const top = index.topK('Which optimizer and learning rate were used?', 2);
    expect(top.map((s) => s.chunk.pageNum).sort()).toEqual([1, 4]);
    expect(index.topK('label smoothing', 1)[0]!.chunk.pageNum).toBe(3);
  });

  it('rewards term frequency and rare terms', () => {
    const [first, second] = index.topK('adam', 2);
    expect(first!.chunk.pageNum).toBe(4);
    expect(second!.chunk.pageNum).toBe(1);
    expect(first!.score).toBeGreaterThan(second!.score);
  });

  it('returns at most k chunks and none without a shared term', () => {
    expect(index.topK('adam', 1)).toHaveLength(1);
    expect(index.topK('zebra', 3)).toEqual([]);
    expect(index.topK('the of', 3)).toEqual([]);
  });

  it('uses the standard parameters by default', () => {
    expect(index.k1).toBe(1.2);
    expect(index.b).toBe(0.75);
  });
});

describe('evidenceRecall (ARecall@k)', () => {
  const chunks = buildChunks([
    { pageNum: 1, lineNum: 1, text: 'GV.OC-01: The organizational mission is understood' },
    { pageNum: 2, lineNum: 1, text: 'Tier 2: Risk Informed practices' },
    { pageNum: 3, lineNum: 1, text: 'Identify' },
  ]);

  it('counts gold items whose name or alias appears in a retrieved chunk', () => {
    const gold = [
      { name: 'GV.OC-01', aliases: [] },
      { name: 'Repeatable', aliases: ['Tier 2'] },
      { name: 'DE', aliases: [] },
      { name: 'GV.OC-02', aliases: [] },
    ];
    expect(evidenceRecall(chunks, gold)).toBe(0.5);
    expect(evidenceRecall(chunks.slice(0, 1), gold)).toBe(0.25);
  });

  it('matches on token boundaries after normalisation', () => {
    expect(evidenceRecall(chunks, [{ name: 'de', aliases: [] }])).toBe(0);
    expect(evidenceRecall(chunks, [{ name: 'Risk-Informed', aliases: [] }])).toBe(1);
  });

  it('does not join two chunks into one phrase', () => {
    expect(evidenceRecall(chunks, [{ name: 'Risk Informed practices Identify', aliases: [] }])).toBe(0);
  });

  it('is null without gold items and 0 without chunks', () => {
    expect(evidenceRecall(chunks, [])).toBeNull();
    expect(evidenceRecall([], [{ name: 'x', aliases: [] }])).toBe(0);
  });
});
