import { sql } from 'drizzle-orm';
import { rows, type Db } from '../src/db/client.ts';
import { estimateTokens } from '../src/llm/token-count.ts';
import type { Figures } from './table.ts';

interface TocEntryRow {
  id: number;
  parent_id: number | null;
  level: number;
  title: string;
  page_start: number;
  page_end: number;
  routable: boolean;
}

export interface RoutingCost {
  documentId: number;
  file: string;
  entries: number;
  routable: number;
  depth: number;
  leaves: number;
  wholeTokens: number;
  /** Averages over root-to-leaf paths. */
  levels: number;
  shown: number;
  tokens: number;
  maxTokens: number;
}

/** The compact line a routing prompt shows per entry; `hits` is a sweep count, 0 here. */
export const compactLine = (e: TocEntryRow, hits = 0) => `${e.id} | ${e.title} | ${e.page_start}-${e.page_end} | ${hits}`;

/**
 * Routing prompt size from the stored TOC. Whole TOC: every routable entry in one prompt. Level by
 * level: a question descends one branch, and each step shows the children of the current entry
 * (the roots first), so one path costs the sum of its sibling lists. Averaged over every root-to-leaf
 * path. Non-routable entries are never shown; their routable descendants hang off the nearest
 * routable ancestor. Tokens are the project's own estimate (4 chars a token); the fixed part of each
 * prompt (instructions, the question) is left out, so level by level also pays that once per level.
 */
export function routingCost(entries: TocEntryRow[]): Omit<RoutingCost, 'documentId' | 'file'> {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const routable = entries.filter((e) => e.routable);
  const routableParent = (e: TocEntryRow): number | null => {
    let p = e.parent_id;
    while (p !== null) {
      const pe = byId.get(p);
      if (!pe) return null;
      if (pe.routable) return p;
      p = pe.parent_id;
    }
    return null;
  };
  const children = new Map<number | null, TocEntryRow[]>();
  for (const e of routable) {
    const p = routableParent(e);
    const list = children.get(p) ?? [];
    list.push(e);
    children.set(p, list);
  }
  const tokensOf = (list: TocEntryRow[]) => estimateTokens(list.map((e) => compactLine(e)).join('\n'));
  const levelTokens = new Map<number | null, number>();
  for (const [p, list] of children) levelTokens.set(p, tokensOf(list));

  const paths: { levels: number; shown: number; tokens: number }[] = [];
  const walk = (parent: number | null, acc: { levels: number; shown: number; tokens: number }) => {
    const kids = children.get(parent) ?? [];
    if (kids.length === 0) {
      if (acc.levels > 0) paths.push(acc);
      return;
    }
    const next = { levels: acc.levels + 1, shown: acc.shown + kids.length, tokens: acc.tokens + (levelTokens.get(parent) ?? 0) };
    for (const k of kids) walk(k.id, next);
  };
  walk(null, { levels: 0, shown: 0, tokens: 0 });
  const avg = (f: (p: (typeof paths)[number]) => number) => (paths.length ? paths.reduce((s, p) => s + f(p), 0) / paths.length : 0);
  return {
    entries: entries.length,
    routable: routable.length,
    depth: Math.max(0, ...paths.map((p) => p.levels)),
    leaves: paths.length,
    wholeTokens: tokensOf(routable),
    levels: avg((p) => p.levels),
    shown: avg((p) => p.shown),
    tokens: avg((p) => p.tokens),
    maxTokens: Math.max(0, ...paths.map((p) => p.tokens)),
  };
}

/** Reads each corpus document's `toc_entries` back from the database and prices both routing styles. */
export async function benchRouting(db: Db, docs: { documentId: number; file: string }[], figs: Figures): Promise<RoutingCost[]> {
  const out: RoutingCost[] = [];
  for (const d of docs) {
    const entries = await rows<TocEntryRow>(
      db,
      sql`select id, parent_id, level, title, page_start, page_end, routable from toc_entries where document_id = ${d.documentId} order by id`,
    );
    const cost = { documentId: d.documentId, file: d.file, ...routingCost(entries) };
    out.push(cost);
    if (cost.routable === 0) {
      figs.add(`routing tokens/question: ${d.file}`, 'no TOC', '', `${cost.entries} toc_entries rows, none routable`);
      continue;
    }
    figs.add(
      `routing tokens/question: ${d.file}`,
      cost.tokens,
      'tokens',
      `level by level: ${cost.shown.toFixed(1)} entries shown over ${cost.levels.toFixed(1)} calls (avg of ${cost.leaves} root-to-leaf paths, max ${cost.maxTokens}); whole TOC: ${cost.wholeTokens} tokens, ${cost.routable} entries, 1 call (${((cost.tokens / cost.wholeTokens) * 100).toFixed(0)}%)`,
    );
  }
  const withToc = out.filter((c) => c.routable > 0);
  if (withToc.length) {
    const meanLevel = withToc.reduce((s, c) => s + c.tokens, 0) / withToc.length;
    const meanWhole = withToc.reduce((s, c) => s + c.wholeTokens, 0) / withToc.length;
    figs.add('routing tokens/question: mean over documents', meanLevel, 'tokens', `level by level, ${withToc.length} documents with a TOC; whole TOC ${meanWhole.toFixed(0)} tokens; compact line "id | title | pages | hits", 4 chars/token, fixed prompt part excluded`);
  }
  return out;
}

/**
 * How often the factual descent backtracks, on the gold questions of the benched documents
 * (no LLM, rules only, trace rows not written): backtracks per question and levels per question.
 * Backtracking turns to a sibling at the same level, so it adds no level; the levels column
 * says what a question costs.
 */
export async function benchBacktracks(db: Db, docs: { documentId: number; file: string }[], figs: Figures, goldPath: string): Promise<{ questions: number; backtracks: number; levels: number } | null> {
  const { readFile } = await import('node:fs/promises');
  const { understandQuestion } = await import('../src/question/understand.ts');
  const { withoutDocumentWords } = await import('../src/answer/answer-question.ts');
  const { routeToc } = await import('../src/route/route-toc.ts');
  const { Tracer } = await import('../src/trace/tracer.ts');
  let gold: { document: string; question: string; kind: string }[];
  try {
    gold = JSON.parse(await readFile(goldPath, 'utf8'));
  } catch {
    figs.add('routing backtrack rate', 'no gold file', '', goldPath);
    return null;
  }
  const levelsOf = { n: 0 };
  class CountingTracer extends Tracer {
    override async record(step: { stage: string; step: string }): Promise<void> {
      if (step.stage === 'route' && step.step === 'level') levelsOf.n++;
    }
  }
  let questions = 0;
  let backtracks = 0;
  for (const g of gold.filter((x) => x.kind === 'factual')) {
    const d = docs.find((x) => x.file === g.document);
    if (!d) continue;
    const [doc] = await rows<{ file_name: string; title: string | null; page_count: number }>(db, sql`select file_name, title, page_count from documents where id = ${d.documentId}`);
    if (!doc) continue;
    const u = withoutDocumentWords(understandQuestion(g.question), { file_name: doc.file_name, title: doc.title, text: g.question });
    const routed = await routeToc({
      db,
      documentId: d.documentId,
      pageCount: doc.page_count,
      question: g.question,
      query: { intent: 'factual', keywords: u.keywords, codes: u.codes, phrases: u.phrases, scope: u.scope, sectionRef: u.sectionRef, itemNoun: u.itemNoun, negated: u.negated ?? false, variants: u.keywordVariants, numbers: u.numbers ?? [] },
      maxSectionLines: 400,
      tracer: new CountingTracer(db, 'bench', {}),
      llm: null,
    });
    questions++;
    backtracks += routed.backtracks;
  }
  if (!questions) {
    figs.add('routing backtrack rate', 'no factual gold questions on these documents', '', goldPath);
    return null;
  }
  figs.add('routing backtrack rate (factual, no LLM)', backtracks / questions, 'backtracks/question', `${backtracks} backtracks over ${questions} factual gold questions; ${(levelsOf.n / questions).toFixed(2)} levels/question (a backtrack turns to a sibling at the same level: no extra level)`);
  return { questions, backtracks, levels: levelsOf.n / questions };
}
