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

export { Bm25Index, bm25Tokens, type Bm25Options } from '../search/bm25.ts';

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
