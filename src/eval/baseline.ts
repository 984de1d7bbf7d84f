import { containsTokens, normalize } from './normalize.ts';

/**
 * The naive top-k RAG baseline that docintel is compared against: fixed-size chunks,
 * BM25 ranking, top k chunks as context. Deliberately plain (no overlap, no stemming,
 * no reranking) so it stands for the common default rather than a tuned system.
 */

export type SourceLine = { pageNum: number; lineNum: number; text: string };

export type Chunk = {
  id: number;
  pageNum: number;
  firstLine: number;
  lastLine: number;
  text: string;
  /** Estimated LLM tokens, see estimateTokens. */
  tokens: number;
};

export type ScoredChunk = { chunk: Chunk; score: number };

/**
 * LLM tokens estimated as whitespace words × 1.3, the usual rule of thumb for English
 * with BPE tokenisers (about 0.75 words per token). Good enough for chunk sizing and for
 * comparing context cost; it is not a billing count.
 */
export const TOKENS_PER_WORD = 1.3;

export function estimateTokens(text: string): number {
  return Math.ceil(wordCount(text) * TOKENS_PER_WORD);
}

/**
 * Splits lines into chunks of at most `targetTokens` estimated tokens. Chunks never cross
 * a page boundary (as with per-page PDF loaders), so each chunk cites exactly one page;
 * lines are kept whole unless one line alone exceeds the target.
 */
export function buildChunks(lines: SourceLine[], targetTokens = 500): Chunk[] {
  if (!(targetTokens >= 1)) throw new Error(`targetTokens must be >= 1, got ${targetTokens}`);
  const chunks: Chunk[] = [];
  for (const pageLines of byPage(lines)) {
    for (const group of packLines(pageLines, targetTokens)) {
      const text = group.map((l) => l.text).join('\n');
      const first = group[0]!;
      const last = group[group.length - 1]!;
      chunks.push({ id: chunks.length, pageNum: first.pageNum, firstLine: first.lineNum, lastLine: last.lineNum, text, tokens: estimateTokens(text) });
    }
  }
  return chunks;
}

function byPage(lines: SourceLine[]): SourceLine[][] {
  const pages = new Map<number, SourceLine[]>();
  for (const line of lines) {
    if (line.text.trim() === '') continue;
    const page = pages.get(line.pageNum) ?? [];
    page.push(line);
    pages.set(line.pageNum, page);
  }
  return [...pages.entries()].sort(([a], [b]) => a - b).map(([, ls]) => ls.sort((a, b) => a.lineNum - b.lineNum));
}

function packLines(lines: SourceLine[], target: number): SourceLine[][] {
  const groups: SourceLine[][] = [];
  let current: SourceLine[] = [];
  let words = 0;
  const maxWords = Math.max(1, Math.floor(target / TOKENS_PER_WORD));
  for (const piece of lines.flatMap((l) => splitLongLine(l, maxWords))) {
    const n = wordCount(piece.text);
    if (current.length > 0 && words + n > maxWords) {
      groups.push(current);
      current = [];
      words = 0;
    }
    current.push(piece);
    words += n;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** A line longer than a chunk (a table row run together, say) is cut into word windows. */
function splitLongLine(line: SourceLine, maxWords: number): SourceLine[] {
  const words = line.text.trim().split(/\s+/);
  if (words.length <= maxWords) return [line];
  const pieces: SourceLine[] = [];
  for (let i = 0; i < words.length; i += maxWords) pieces.push({ ...line, text: words.slice(i, i + maxWords).join(' ') });
  return pieces;
}

function wordCount(text: string): number {
  const t = text.trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}

// Only the commonest function words: enough to keep "the" from dominating question terms,
// few enough that short queries such as "Which levels exist?" keep their content words.
const STOPWORDS = new Set(
  ('a an and are as at be by does do for from has have how in is it its of on or that the their there these this ' +
    'those to was were what when where which who whom why will with all any many list name give under').split(' '),
);

/** Lowercase, NFKC, runs of letters/digits; no stemming. */
export function bm25Tokens(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOPWORDS.has(w));
}

export type Bm25Options = { k1?: number; b?: number };

/** Okapi BM25 over chunks, with the non-negative (Lucene) idf so very common terms never subtract. */
export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  private readonly termFreqs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly docFreq = new Map<string, number>();
  private readonly avgLength: number;

  constructor(readonly chunks: Chunk[], { k1 = 1.2, b = 0.75 }: Bm25Options = {}) {
    this.k1 = k1;
    this.b = b;
    this.termFreqs = chunks.map((c) => countTerms(bm25Tokens(c.text)));
    this.lengths = this.termFreqs.map((tf) => [...tf.values()].reduce((a, n) => a + n, 0));
    for (const tf of this.termFreqs) for (const term of tf.keys()) this.docFreq.set(term, (this.docFreq.get(term) ?? 0) + 1);
    this.avgLength = this.lengths.reduce((a, n) => a + n, 0) / Math.max(1, chunks.length);
  }

  /** The k best chunks for the question, best first; ties keep document order. Zero-score chunks are dropped. */
  topK(question: string, k: number): ScoredChunk[] {
    const terms = [...new Set(bm25Tokens(question))];
    return this.chunks
      .map((chunk, i) => ({ chunk, score: this.score(i, terms), i }))
      .filter((s) => s.score > 0)
      .sort((x, y) => y.score - x.score || x.i - y.i)
      .slice(0, Math.max(0, k))
      .map(({ chunk, score }) => ({ chunk, score }));
  }

  private score(doc: number, terms: string[]): number {
    const tf = this.termFreqs[doc]!;
    const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / (this.avgLength || 1));
    let total = 0;
    for (const term of terms) {
      const f = tf.get(term) ?? 0;
      if (f > 0) total += this.idf(term) * ((f * (this.k1 + 1)) / (f + norm));
    }
    return total;
  }

  private idf(term: string): number {
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

export type EvidenceItem = { name: string; aliases: string[] };

/**
 * QAMPARI-style ARecall@k: the share of gold items whose name or an alias appears in at
 * least one retrieved chunk, by the same normalised token-boundary containment as item
 * matching. Each chunk is tested on its own so that two adjacent ranks cannot form a
 * phrase neither holds. Null when there are no gold items (factual questions).
 */
export function evidenceRecall(chunks: Chunk[], goldItems: EvidenceItem[]): number | null {
  if (goldItems.length === 0) return null;
  const texts = chunks.map((c) => normalize(c.text));
  const found = goldItems.filter((item) => {
    const surfaces = [item.name, ...item.aliases].map(normalize).filter((s) => s !== '');
    return surfaces.some((s) => texts.some((t) => containsTokens(t, s)));
  });
  return found.length / goldItems.length;
}

/** The context the baseline would send to the LLM, in estimated tokens. */
export function contextTokens(chunks: Chunk[]): number {
  return chunks.reduce((a, c) => a + c.tokens, 0);
}
