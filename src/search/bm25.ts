/**
 * Okapi BM25, shared by the eval's naive baseline (plain tokens, no stemming) and the router's
 * full-text detector (stemmed tokens over section passages). The index is over anything with a
 * text; the tokenizer is the caller's choice so the baseline stays the untuned default.
 */

// Only the commonest function words: enough to keep "the" from dominating question terms,
// few enough that short queries such as "Which levels exist?" keep their content words.
export const BM25_STOPWORDS = new Set(
  ('a an and are as at be by does do for from has have how in is it its of on or that the their there these this ' +
    'those to was were what when where which who whom why will with all any many list name give under').split(' '),
);

/** Lowercase, NFKC, runs of letters/digits; no stemming. */
export function bm25Tokens(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !BM25_STOPWORDS.has(w));
}

export type Bm25Options = { k1?: number; b?: number; tokenize?: (text: string) => string[] };

export type Scored<T> = { chunk: T; score: number; index: number };

/** Okapi BM25 over documents, with the non-negative (Lucene) idf so very common terms never subtract. */
export class Bm25Index<T extends { text: string }> {
  readonly k1: number;
  readonly b: number;
  readonly tokenize: (text: string) => string[];
  private readonly termFreqs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly docFreq = new Map<string, number>();
  private readonly avgLength: number;

  constructor(
    readonly chunks: T[],
    { k1 = 1.2, b = 0.75, tokenize = bm25Tokens }: Bm25Options = {},
  ) {
    this.k1 = k1;
    this.b = b;
    this.tokenize = tokenize;
    this.termFreqs = chunks.map((c) => countTerms(tokenize(c.text)));
    this.lengths = this.termFreqs.map((tf) => [...tf.values()].reduce((a, n) => a + n, 0));
    for (const tf of this.termFreqs) for (const term of tf.keys()) this.docFreq.set(term, (this.docFreq.get(term) ?? 0) + 1);
    this.avgLength = this.lengths.reduce((a, n) => a + n, 0) / Math.max(1, chunks.length);
  }

  /** The k best chunks for the question, best first; ties keep document order. Zero-score chunks are dropped. */
  topK(question: string, k: number): { chunk: T; score: number }[] {
    return this.rank([...new Set(this.tokenize(question))], k).map(({ chunk, score }) => ({ chunk, score }));
  }

  /** The k best chunks for already tokenized terms, with their indexes. */
  rank(terms: string[], k: number, weights?: Map<string, number>): Scored<T>[] {
    return this.chunks
      .map((chunk, i) => ({ chunk, score: this.score(i, terms, weights), index: i }))
      .filter((s) => s.score > 0)
      .sort((x, y) => y.score - x.score || x.index - y.index)
      .slice(0, Math.max(0, k));
  }

  /** BM25 of one chunk for the terms; `weights` scales a term's contribution (default 1). */
  score(doc: number, terms: string[], weights?: Map<string, number>): number {
    const tf = this.termFreqs[doc]!;
    const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / (this.avgLength || 1));
    let total = 0;
    for (const term of terms) {
      const f = tf.get(term) ?? 0;
      if (f > 0) total += (weights?.get(term) ?? 1) * this.idf(term) * ((f * (this.k1 + 1)) / (f + norm));
    }
    return total;
  }

  /**
   * The k best chunks for groups of terms: each group is one query word in its surface variants
   * ("denied", "denial"), scored as one term (tf summed over the variants, df of any of them), so
   * a word written two ways is not counted twice. `weights` scales each group (default 1).
   */
  rankGroups(groups: string[][], k: number, weights?: number[]): Scored<T>[] {
    const live = groups.map((g, i) => ({ g, w: weights?.[i] ?? 1, idf: this.groupIdf(g) })).filter((x) => x.g.length > 0);
    const out: Scored<T>[] = [];
    for (let i = 0; i < this.chunks.length; i++) {
      const s = this.groupScore(i, live);
      if (s > 0) out.push({ chunk: this.chunks[i]!, score: s, index: i });
    }
    return out.sort((x, y) => y.score - x.score || x.index - y.index).slice(0, Math.max(0, k));
  }

  /** The vocabulary of the index (every term some chunk holds). */
  vocabulary(): IterableIterator<string> {
    return this.docFreq.keys();
  }

  private groupScore(doc: number, groups: { g: string[]; w: number; idf: number }[]): number {
    const tf = this.termFreqs[doc]!;
    const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / (this.avgLength || 1));
    let total = 0;
    for (const { g, w, idf } of groups) {
      let f = 0;
      for (const t of g) f += tf.get(t) ?? 0;
      if (f > 0) total += w * idf * ((f * (this.k1 + 1)) / (f + norm));
    }
    return total;
  }

  private groupIdf(group: string[]): number {
    if (group.length === 1) return this.idf(group[0]!);
    let df = 0;
    for (const tf of this.termFreqs) if (group.some((t) => tf.has(t))) df++;
    const n = this.chunks.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The terms of `terms` that chunk `doc` holds. */
  matched(doc: number, terms: string[]): string[] {
    const tf = this.termFreqs[doc]!;
    return terms.filter((t) => tf.has(t));
  }

  idf(term: string): number {
    const n = this.chunks.length;
    const df = this.docFreq.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }
}

function countTerms(terms: string[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}
