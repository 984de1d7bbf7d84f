import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { sentencePriors, splitSentences, type Sentence } from './sentences.ts';
import { BM25_STOPWORDS, Bm25Index } from '../search/bm25.ts';
import { adjacentPairs, pairShare } from '../search/proximity.ts';
import { negates, stem, tokensOf } from '../text/text-match.ts';
import { statesCountOf } from './count-evidence.ts';
import { EDITION_WORDS } from '../lexicon/english.ts';

/**
 * The detectors that run beside the descent and propose where the answer lies, independently of
 * any title: full-text ranking (BM25 over the document's sentences, wrapped lines joined), the
 * identifiers the question names (where the identifier index says each is defined), and the terms
 * the question names where the document defines them. The router checks each branch it is about
 * to pick against these points and backtracks when the branch holds none of them.
 */
export interface EvidencePoint {
  source: 'fulltext' | 'identifier' | 'definition' | 'count';
  pageNum: number;
  lineNum: number;
  endPage: number;
  endLine: number;
  score: number;
  text: string;
  /** The question's words the passage holds. */
  terms: string[];
  /**
   * Strong evidence (near the best passage, most of the question's words) scores branches; weak
   * (further down the ranking) only keeps a branch from being abandoned: a branch is backtracked
   * from only when it holds neither.
   */
  strong: boolean;
}

export interface EvidenceQuery {
  keywords: string[];
  variants?: string[];
  codes: string[];
  phrases: string[];
  scope?: string | null;
  /** The question negates its predicate ("does not insure"): a passage that does not negate is not its evidence. */
  negated?: boolean;
  /** The numbers the question writes (see text-match.numbersIn). */
  numbers?: string[];
  /** The question as asked: the order of its words (see search/proximity.ts). */
  text?: string;
  /** The noun a factual question counts ("how many models ..."), singular (see count-evidence.ts). */
  countedNoun?: string | null;
}

/**
 * How much a passage's score grows when it holds all of the question's neighbouring word pairs
 * side by side (proportionally for some): enough to tell a passage about "the basic security
 * requirements" from one that names basic, security and requirements apart, never enough to lift
 * a passage that lacks the question's rarer words.
 */
export const PROXIMITY_WEIGHT = 0.5;

/** A text's content words in order, stemmed: what proximity compares. */
export function contentStems(text: string): string[] {
  return tokensOf(text)
    .filter((t) => !BM25_STOPWORDS.has(t))
    .map(stem);
}

/** What a code the question names weighs against one keyword. */
export const CODE_WEIGHT = 2;

/**
 * Each token of the question's codes and numbers with its weight. A code counts once however many
 * tokens it is written with ("ISO/IEC 27001" is one name, not three words each worth a code), so
 * a line that repeats a long code does not outrank one that holds the question's rarer words. A
 * number the question writes ("the 152-layer net") names one thing the way a code does, and
 * weighs as one; inside a code ("27001") it keeps the code's share.
 */
export function identifierWeights(codes: string[], numbers: string[] = []): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of codes) {
    const toks = tokensOf(c);
    for (const t of toks) out.set(t, Math.max(out.get(t) ?? 0, CODE_WEIGHT / toks.length));
  }
  for (const n of numbers) if (!out.has(n)) out.set(n, CODE_WEIGHT);
  return out;
}

interface DocLine {
  id: number;
  pageNum: number;
  lineNum: number;
  text: string;
  bold: boolean;
  heading: boolean;
}

interface DocIndex {
  key: string;
  lines: DocLine[];
  sentences: (Sentence & { pageNum: number; lineNum: number; endPage: number; endLine: number })[];
  priors: number[];
  index: Bm25Index<{ text: string }>;
  /** The numbers the title page gives the document's own edition (see editionNumbers). */
  edition: Set<string>;
}

/**
 * The numbers the document's first page writes after an edition word ("Version 5.0.0",
 * "Revision 2"), each with its dotted prefixes ("5.0"): a question that writes "ASVS 5.0" names
 * the document by them, not one thing in it, so they are no number a passage must hold.
 */
export function editionNumbers(firstPage: string[]): Set<string> {
  const out = new Set<string>();
  for (const text of firstPage) {
    const toks = tokensOf(text);
    toks.forEach((t, i) => {
      const n = toks[i + 1];
      if (!EDITION_WORDS.has(t) || !n || !/^\d/.test(n)) return;
      // "5.0.0" and "5.0", not "5": a bare major number names too much else.
      const parts = n.split('.');
      for (let k = parts.length; k >= Math.min(2, parts.length); k--) out.add(parts.slice(0, k).join('.'));
    });
  }
  return out;
}

/** Per-document sentence indexes, rebuilt when the document's lines change (re-parse). */
const cache = new Map<string, DocIndex>();
const CACHE_DOCS = 4;

/** Passages within this share of the best one count as the question's evidence. */
export const EVIDENCE_SHARE = 0.5;

const WEAK_SHARE = 0.3;
const MAX_POINTS = 8;

/** A passage is stemmed the way titles are matched, so "escalating" finds "escalate". */
export function evidenceTokens(text: string): string[] {
  return tokensOf(text).map(stem);
}

async function docIndex(db: Db, documentId: number): Promise<DocIndex> {
  const [sig] = await rows<{ n: number; m: number }>(db, sql`select count(*)::int as n, coalesce(max(id), 0)::int as m from lines where document_id = ${documentId}`);
  const key = `${documentId}:${sig?.n}:${sig?.m}`;
  const hit = cache.get(String(documentId));
  if (hit && hit.key === key) return hit;
  // Heading lines are titles (the router reads those itself) and contents-page lines repeat
  // titles with page numbers: neither is evidence of where an answer is.
  const lines = await rows<DocLine>(
    db,
    sql`select l.id::int as id, l.page_num as "pageNum", l.line_num as "lineNum", l.text, l.bold,
          exists (select 1 from toc_entries t where t.document_id = l.document_id and t.page_start = l.page_num and t.line_start = l.line_num) as heading
        from lines l where l.document_id = ${documentId} and not l.furniture order by l.page_num, l.line_num`,
  );
  const body = lines.filter((l) => !l.heading && !/(?:\.\s?){4,}\s*\d+\s*$/.test(l.text));
  const sentences = splitSentences(body).map((s) => {
    const first = body[s.pieces[0]!.index]!;
    const last = body[s.pieces.at(-1)!.index]!;
    return { ...s, pageNum: first.pageNum, lineNum: first.lineNum, endPage: last.pageNum, endLine: last.lineNum };
  });
  const index = new Bm25Index(sentences, { tokenize: evidenceTokens });
  const firstPage = lines[0]?.pageNum;
  const edition = editionNumbers(lines.filter((l) => l.pageNum === firstPage).map((l) => l.text));
  const built = { key, lines: body, sentences, index, priors: sentencePriors(sentences, body), edition };
  cache.delete(String(documentId));
  cache.set(String(documentId), built);
  while (cache.size > CACHE_DOCS) cache.delete(cache.keys().next().value!);
  return built;
}

/** Each question word as the group of index terms it matches: its stem and the words that extend it. */
export function termGroups(words: string[], vocabulary: Iterable<string>): { word: string; terms: string[] }[] {
  const vocab = [...vocabulary];
  const seen = new Set<string>();
  const out: { word: string; terms: string[] }[] = [];
  for (const w of words) {
    const s = stem(w.toLowerCase());
    if (!s || seen.has(s)) continue;
    seen.add(s);
    const terms = vocab.filter((v) => v === s || (s.length >= 4 && v.startsWith(s)) || (v.length >= 4 && /\p{L}/u.test(v) && s.startsWith(v)));
    out.push({ word: w, terms });
  }
  return out;
}

/**
 * The question's evidence in one document, best first. Full-text passages within EVIDENCE_SHARE
 * of the best one; every place the identifier index defines a code the question names; every
 * sentence that defines a term the question names. Scores share one scale (the best passage's).
 */
export async function gatherEvidence(db: Db, documentId: number, q: EvidenceQuery): Promise<EvidencePoint[]> {
  const ix = await docIndex(db, documentId);
  const asked = (q.numbers ?? []).filter((n) => !ix.edition.has(n));
  const idWeights = identifierWeights(q.codes, asked);
  const words = [...q.keywords, ...(q.variants ?? []), ...idWeights.keys()];
  const groups = termGroups(words, ix.index.vocabulary());
  // A variant is one more way to write a keyword, not another word: merge it into its keyword's group.
  const merged = new Map<string, { word: string; terms: Set<string>; weight: number }>();
  for (const g of groups) {
    const owner = q.keywords.find((k) => g.terms.some((t) => t === stem(k.toLowerCase()))) ?? g.word;
    const key = stem(owner.toLowerCase());
    const cur = merged.get(key) ?? { word: owner, terms: new Set<string>(), weight: idWeights.get(g.word) ?? 1 };
    for (const t of g.terms) cur.terms.add(t);
    merged.set(key, cur);
  }
  const gs = [...merged.values()].filter((g) => g.terms.size > 0);
  const qPairs = adjacentPairs(contentStems(q.text ?? ''));
  const all = ix.index
    .rankGroups(
      gs.map((g) => [...g.terms]),
      ix.sentences.length,
      gs.map((g) => g.weight),
    )
    .map((r) => ({ ...r, score: r.score * ix.priors[r.index]! * (1 + PROXIMITY_WEIGHT * pairShare(qPairs, contentStems(r.chunk.text))) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    // Word counts cannot read "not": for a negated question only passages that negate too count.
    .filter((r) => !q.negated || negates(r.chunk.text));
  const ranked = all
    .slice(0, MAX_POINTS * 4)
    .map((r) => {
      const toks = new Set(evidenceTokens(r.chunk.text));
      return { ...r, terms: gs.filter((g) => [...g.terms].some((t) => toks.has(t))).map((g) => g.word) };
    });
  const top = ranked[0]?.score ?? 0;
  // Evidence holds most of the question's words together: a passage with only some of them (the
  // words a title also has, say) is a mention, not where the answer is.
  const mostTerms = Math.max(0, ...ranked.map((r) => r.terms.length));
  const needTerms = Math.min(mostTerms, Math.max(gs.length >= 2 ? 2 : 1, Math.ceil(0.75 * mostTerms)));
  // A number the question writes names one thing ("the 152-layer net"): once some passage holds
  // one, a passage that holds none of them is about another thing (the 34-layer net), however many
  // of the other words it shares.
  const codeTokens = new Set(q.codes.flatMap((c) => tokensOf(c)));
  const numbers = new Set(asked.filter((n) => !codeTokens.has(n)));
  const holdsNumber = (r: { terms: string[] }) => r.terms.some((t) => numbers.has(t));
  const needNumber = ranked.some((r) => r.score >= top * EVIDENCE_SHARE && holdsNumber(r));
  const points: EvidencePoint[] = [];
  let strongCount = 0;
  for (const r of ranked) {
    const strong = r.score >= top * EVIDENCE_SHARE && r.terms.length >= needTerms && (!needNumber || holdsNumber(r)) && strongCount < MAX_POINTS;
    const weak = r.score >= top * WEAK_SHARE && r.terms.length >= Math.min(needTerms, gs.length >= 2 ? 2 : 1);
    if (!strong && !weak) continue;
    if (strong) strongCount++;
    const s = ix.sentences[r.index]!;
    points.push({ source: 'fulltext', pageNum: s.pageNum, lineNum: s.lineNum, endPage: s.endPage, endLine: s.endLine, score: r.score, text: s.text.slice(0, 240), terms: r.terms, strong });
  }
  const strong = top || 1;
  if (q.countedNoun) {
    const c = countPoint(ix, q.countedNoun, gs, needTerms, needNumber ? numbers : null, new Map(all.map((r) => [r.index, r.score])));
    if (c) points.push({ source: 'count', pageNum: c.pageNum, lineNum: c.lineNum, endPage: c.endPage, endLine: c.endLine, score: strong, text: c.text.slice(0, 240), terms: c.terms, strong: true });
  }
  if (q.codes.length) {
    const defs = await rows<{ code: string; page_num: number; line_num: number; title: string }>(
      db,
      sql`select code, page_num, line_num, title from identifiers
          where document_id = ${documentId} and lower(code) in (${sql.join(q.codes.map((c) => sql`${c.toLowerCase()}`), sql`, `)})`,
    );
    // A code defined in one place is where the question points; one "defined" twice is a mention.
    const once = defs.filter((d) => defs.filter((x) => x.code.toLowerCase() === d.code.toLowerCase()).length === 1);
    for (const d of once) points.push({ source: 'identifier', pageNum: d.page_num, lineNum: d.line_num, endPage: d.page_num, endLine: d.line_num, score: strong, text: `${d.code} ${d.title}`.slice(0, 240), terms: [d.code], strong: true });
  }
  const terms = [...new Set([...q.phrases, ...(q.scope ? [q.scope] : [])].map((t) => t.trim()).filter((t) => t.length >= 3))];
  for (const term of terms) {
    const re = definitionPattern(term);
    for (const s of ix.sentences) {
      if (!re.test(s.text)) continue;
      points.push({ source: 'definition', pageNum: s.pageNum, lineNum: s.lineNum, endPage: s.endPage, endLine: s.endLine, score: strong, text: s.text.slice(0, 240), terms: [term], strong: true });
      if (points.filter((p) => p.source === 'definition').length >= 3) break;
    }
  }
  return points.sort((a, b) => b.score - a.score);
}

/**
 * Sentences this far either side of a count belong to its passage: a question that asks how many
 * and something more ("..., and what error did it reach?") has its other answers said beside the
 * count (what the things counted did, what they reached), seldom in the count's own sentence.
 */
export const COUNT_WINDOW = 2;

/**
 * The sentence that states a count of the counted noun among most of the question's words: the
 * words are looked for in its passage (COUNT_WINDOW sentences either side), which must hold as many
 * of them as any strong passage must, and the question's number when strong passages must hold
 * one. A document states many counts of the same noun in other contexts; the question asks for
 * one, and it is the one whose passage the full-text ranking puts highest (its best sentence's
 * score; the first, on a tie).
 */
function countPoint(ix: DocIndex, noun: string, gs: { word: string; terms: Set<string>; weight: number }[], needTerms: number, numbers: Set<string> | null, scoreOf: Map<number, number>) {
  let best: { at: number; terms: string[]; score: number } | null = null;
  for (let i = 0; i < ix.sentences.length; i++) {
    if (!statesCountOf(ix.sentences[i]!.text, noun)) continue;
    const from = Math.max(0, i - COUNT_WINDOW);
    const passage = ix.sentences.slice(from, i + COUNT_WINDOW + 1);
    const toks = new Set(passage.flatMap((x) => evidenceTokens(x.text)));
    const held = gs.filter((g) => [...g.terms].some((t) => toks.has(t)));
    // The counted noun is no other word of the question: the passage must hold others besides.
    const others = held.filter((g) => !g.terms.has(stem(noun)) && stem(g.word.toLowerCase()) !== stem(noun));
    if (held.length < needTerms || others.length === 0) continue;
    if (numbers?.size && !held.some((g) => numbers.has(g.word))) continue;
    const score = Math.max(0, ...passage.map((_, k) => scoreOf.get(from + k) ?? 0));
    if (!best || score > best.score) best = { at: i, terms: held.map((g) => g.word), score };
  }
  if (!best) return null;
  const s = ix.sentences[best.at]!;
  return { ...s, terms: best.terms };
}

/** "“Term” means …", "Term: …", "Term is defined as …", "Term refers to …" at a sentence's start. */
function definitionPattern(term: string): RegExp {
  const t = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`^\\W{0,3}(?:the\\s+)?${t}\\W{0,3}\\s*(?:means\\b|is\\s+defined\\s+as\\b|refers\\s+to\\b|:\\s)`, 'i');
}

/** A stored position against a section's span [start, end). */
export function inSpan(p: { pageNum: number; lineNum: number }, span: { pageStart: number; lineStart: number | null; endPage: number; endLine: number }): boolean {
  const after = p.pageNum > span.pageStart || (p.pageNum === span.pageStart && p.lineNum >= (span.lineStart ?? 0));
  const before = p.pageNum < span.endPage || (p.pageNum === span.endPage && p.lineNum < span.endLine);
  return after && before;
}

/** The evidence a section holds: the sum of its points' scores. */
export function evidenceMass(points: EvidencePoint[], span: { pageStart: number; lineStart: number | null; endPage: number; endLine: number }): number {
  return points.reduce((a, p) => a + (inSpan(p, span) ? p.score : 0), 0);
}
