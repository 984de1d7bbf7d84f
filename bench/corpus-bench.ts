import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../src/db/client.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { buildCorpusEntry } from '../src/corpus/build-index.ts';
import { queryTerms, rankCorpus, rulesPicks } from '../src/corpus/route-corpus.ts';
import { estimateTokens } from '../src/llm/token-count.ts';
import { log } from './env.ts';
import type { CorpusDoc } from './parse-bench.ts';
import type { Figures } from './table.ts';

/** Documents in the routing figure: the corpus' index rows copied under distinct ids up to this many. */
export const CORPUS_SCALE = 1000;

/**
 * Document-level routing at scale. Builds the corpus index rows of the parsed corpus, copies them
 * under distinct document ids up to CORPUS_SCALE documents, then routes every gold question (or the
 * corpus' TOC titles as questions when no gold file is there) over all of them: time per question,
 * documents shown, prompt tokens an LLM pick would read, and whether a copy of the gold document
 * is among the picks. Routing reads corpus_index only; no statement touches `lines`.
 */
export async function benchCorpusRouting(db: Db, docs: CorpusDoc[], corpusDir: string, figs: Figures): Promise<void> {
  const t0 = performance.now();
  for (const d of docs) await db.transaction(async (tx) => void (await buildCorpusEntry(tx, d.documentId)));
  figs.add('corpus index build', (performance.now() - t0) / docs.length, 'ms/doc', `buildCorpusEntry over ${docs.length} parsed documents (reads each document's lines once, at parse time)`);

  const ids = docs.map((d) => d.documentId);
  const copies = CORPUS_SCALE - ids.length;
  const c0 = performance.now();
  await db.execute(sql`
    insert into documents (sha256, path, file_name, title, page_count, status)
    select 'bench-copy-' || g || '-' || d.id, d.path, 'copy' || g || '-' || d.file_name, d.title, d.page_count, 'parsed'
    from generate_series(1, ${Math.ceil(copies / Math.max(1, ids.length))}) g, documents d
    where d.id = any(${sql.param(ids)}::bigint[]) order by g, d.id limit ${copies}`);
  await db.execute(sql`
    insert into corpus_index (document_id, title, summary, sections, top_terms, distinctive_terms, families, page_count, line_count, toc_entries, list_count, identifier_count, tsv)
    select nd.id, c.title, c.summary, c.sections, c.top_terms, c.distinctive_terms, c.families, c.page_count, c.line_count, c.toc_entries, c.list_count, c.identifier_count, c.tsv
    from documents nd join corpus_index c on c.document_id = split_part(nd.sha256, '-', 4)::bigint where nd.sha256 like 'bench-copy-%'`);
  await db.execute(sql`analyze corpus_index`);
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from corpus_index`);
  figs.add('corpus index rows (copies)', n?.n ?? 0, 'documents', `${docs.length} parsed documents' rows copied under distinct ids in ${Math.round(performance.now() - c0)} ms`);

  const goldFile = path.resolve(corpusDir, '../eval/dev.json');
  const questions: { question: string; document: string | null }[] = existsSync(goldFile)
    ? (JSON.parse(readFileSync(goldFile, 'utf8')) as { question: string; document?: string }[]).map((g) => ({ question: g.question, document: g.document ?? null }))
    : docs.map((d) => ({ question: `What does ${d.file.replace(/\.pdf$/i, '').replace(/[-_]/g, ' ')} say?`, document: d.file }));
  const fileOf = new Map((await rows<{ id: number; file_name: string }>(db, sql`select id::int, file_name from documents`)).map((r) => [r.id, r.file_name.replace(/^copy\d+-/, '')]));
  const ms: number[] = [];
  let shown = 0;
  let picked = 0;
  let tokens = 0;
  let found = 0;
  let scored = 0;
  for (const q of questions) {
    const t = performance.now();
    const u = understandQuestion(q.question);
    const ranked = await rankCorpus(db, await queryTerms(db, u), null);
    const picks = rulesPicks(ranked.ranked).picked;
    ms.push(performance.now() - t);
    shown += ranked.ranked.length;
    picked += picks.length;
    tokens += estimateTokens(`Question: ${q.question}\n${ranked.ranked.map((c) => c.line).join('\n')}`);
    if (q.document) {
      scored++;
      if (picks.some((p) => fileOf.get(p.c.documentId) === q.document)) found++;
    }
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
  const p95 = ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] ?? 0;
  const total = n?.n ?? 0;
  figs.add(`corpus routing, ${total} documents: time per question`, mean, 'ms', `mean over ${ms.length} questions (p95 ${p95.toFixed(1)} ms); queryTerms + rankCorpus + rulesPicks, two statements over corpus_index, no lines read`);
  figs.add(`corpus routing, ${total} documents: documents shown per question`, shown / Math.max(1, ms.length), 'documents', `of ${total}; the document level never shows more than the top ranked`);
  figs.add(`corpus routing, ${total} documents: documents picked per question`, picked / Math.max(1, ms.length), 'documents', 'the copies of one document tie, so the pick cap is reached often');
  figs.add(`corpus routing, ${total} documents: LLM prompt tokens per question`, tokens / Math.max(1, ms.length), 'tokens', 'estimated (4 chars a token) for the shown lines and the question, instructions excluded; nothing is sent here');
  if (scored) figs.add(`corpus routing, ${total} documents: gold document among the picks`, found / scored, 'share', `${found} of ${scored} gold questions (a copy of the gold document counts)`);
  log(`  corpus routing: ${ms.length} questions over ${total} documents, mean ${mean.toFixed(1)} ms`);
}
