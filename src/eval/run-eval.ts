import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../app.ts';
import { rows } from '../db/client.ts';
import type { Answer } from '../answer/types.ts';
import { enqueueQuestions, waitForQuestions } from '../producer/ask.ts';
import { ingestPaths } from '../producer/ingest.ts';
import { waitForDocuments } from '../producer/wait-for-documents.ts';
import { listAnswers } from '../sql/list-answers.ts';
import { Llm } from '../llm/index.ts';
import { Bm25Index, buildChunks, contextTokens, evidenceRecall, type Chunk } from './baseline.ts';
import { renderRecallChart } from './chart.ts';
import { isCorpusQuestion, loadGold, type GoldQuestion } from './gold.ts';
import { askCorpus, combineCorpusAnswer, type CorpusAnswer } from '../corpus/corpus-answer.ts';
import { renderSummaryMarkdown, scoreDocumentSelection, scoreQuestion, summarize, type AnswerRecord, type ComparisonRow, type Summary } from './score.ts';

export interface EvalResult {
  summary: Summary;
  baselineSummary: Summary | null;
  rows: ComparisonRow[];
  outDir: string;
  results: Record<string, unknown>[];
}

const BaselineAnswerSchema = z.object({ items: z.array(z.string()), answer: z.string(), is_complete: z.boolean() });

/**
 * Runs a gold file through the normal pipeline and, on the same stored lines, the naive
 * top-k BM25 baseline it replaces; writes results.jsonl, summary.md and chart.svg.
 */
export async function runEval(app: App, goldPath: string, opts: { corpusDir?: string; outDir: string; noCache?: boolean; asCorpus?: boolean; onProgress?: (stage: string, done: number, total: number) => void }): Promise<EvalResult> {
  const loaded = await loadGold(goldPath);
  // --as-corpus: every record is asked of the whole corpus, its `document` becoming the gold selection.
  const gold = opts.asCorpus ? loaded.map((g) => (g.document ? { ...g, documents: [g.document], document: undefined } : g)) : loaded;
  const corpusDir = opts.corpusDir ?? path.resolve(path.dirname(goldPath), '../corpus');
  const corpusQs = gold.filter(isCorpusQuestion);
  // A corpus question is routed over every PDF of the corpus folder, so all of them are ingested.
  const everyPdf = corpusQs.length ? (await readdir(corpusDir)).filter((f) => f.toLowerCase().endsWith('.pdf')) : [];
  const files = [...new Set([...gold.flatMap((g) => (g.document ? [g.document] : [])), ...everyPdf])];
  const ingested = await ingestPaths(app.db, app.backend, files.map((f) => path.join(corpusDir, f)));
  const docIds = new Map(ingested.map((r) => [path.basename(r.path), r.documentId]));
  await waitForDocuments(app.db, [...docIds.values()], (d) => opts.onProgress?.('parsing', d, docIds.size));
  const perDocument = gold.filter((g) => !isCorpusQuestion(g));
  const docQuestionIds = await enqueueQuestions(
    app,
    perDocument.map((g) => ({ documentId: docIds.get(g.document!)!, text: g.question, externalId: g.id })),
    opts.noCache,
  );
  const corpusAsked = new Map<string, { corpusQuestionId: number; questionIds: number[] }>();
  for (const g of corpusQs) corpusAsked.set(g.id, await askCorpus(app, { text: g.question, externalId: g.id, scope: [...docIds.values()] }, { noCache: opts.noCache }));
  const waitFor = [...docQuestionIds, ...[...corpusAsked.values()].flatMap((c) => c.questionIds)];
  await waitForQuestions(app.db, waitFor, (d) => opts.onProgress?.('answering', d, waitFor.length));
  const answers = await listAnswers(app.db, { ids: docQuestionIds });
  const byGold = new Map(perDocument.map((g, i) => [g.id, docQuestionIds[i]!]));
  const llm = Llm.fromConfig(app.config, { noCache: opts.noCache });
  const chunkCache = new Map<number, Chunk[]>();
  const rowsOut: ComparisonRow[] = [];
  const results: Record<string, unknown>[] = [];
  for (let i = 0; i < gold.length; i++) {
    const g = gold[i]!;
    const asked = corpusAsked.get(g.id);
    if (asked) {
      const corpus = await combineCorpusAnswer(app.db, asked.corpusQuestionId);
      const record = corpusRecord(corpus);
      const picked = (corpus?.documents ?? []).map((d) => d.document);
      const score = { ...scoreQuestion(record, g), ...scoreDocumentSelection(picked, g.documents ?? []) };
      rowsOut.push({ document: g.documents?.join(', '), docintel: score, baseline: null });
      results.push({
        id: g.id,
        question: g.question,
        documents: g.documents ?? null,
        corpusQuestionId: asked.corpusQuestionId,
        picked_documents: picked,
        rejected_documents: corpus?.rejected.map((r) => r.document) ?? [],
        kind: corpus?.kind ?? null,
        items: corpus?.items.map((it) => ({ name: it.name, document: it.document, pages: [...new Set(it.citations.map((c) => c.pageNum))] })) ?? [],
        count: record.count,
        is_complete: record.isComplete,
        verdict: corpus?.verdict ?? null,
        cited_pages: record.citedPages,
        answer: corpus?.kind === 'factual' ? record.answerText : null,
        tokens: 0,
        status: corpus ? 'answered' : 'missing',
        score,
      });
      continue;
    }
    const questionId = byGold.get(g.id)!;
    const a = answers.find((x) => x.question_id === questionId);
    const payload = (a?.payload ?? null) as Answer | null;
    const record = toRecord(payload, g.kind);
    const score = scoreQuestion(record, g);
    const documentId = docIds.get(g.document!)!;
    const chunks = chunkCache.get(documentId) ?? (await documentChunks(app, documentId));
    chunkCache.set(documentId, chunks);
    const index = new Bm25Index(chunks);
    const evidence = [5, 10].map((k) => {
      const top = index.topK(g.question, k).map((s) => s.chunk);
      return { k, recall: evidenceRecall(top, g.expected_items), tokens: contextTokens(top), pages: [...new Set(top.map((c) => c.pageNum))] };
    });
    const baselineAnswer = llm ? await baselineLlmAnswer(app, llm, g, index.topK(g.question, 5).map((s) => s.chunk), questionId) : null;
    const baselineScore = baselineAnswer ? scoreQuestion(baselineAnswer, g) : null;
    rowsOut.push({ document: g.document, docintel: score, baseline: baselineScore, baselineEvidence: evidence.map(({ k, recall, tokens }) => ({ k, recall, tokens })) });
    const citedPages = record.citedPages;
    results.push({
      id: g.id,
      question: g.question,
      document: g.document,
      questionId,
      kind: payload?.kind ?? null,
      items: payload && payload.kind !== 'factual' ? payload.items.map((it) => ({ name: it.name, surface_forms: it.surfaceForms, pages: [...new Set(it.citations.map((c) => c.pageNum))] })) : [],
      count: record.count,
      is_complete: record.isComplete,
      completeness_source: payload && payload.kind !== 'factual' ? payload.completenessSource : null,
      strategy: payload && payload.kind !== 'factual' ? payload.strategy : a?.strategy ?? null,
      cited_pages: citedPages,
      answer: payload?.kind === 'factual' ? payload.answer : null,
      tokens: a?.tokens ?? 0,
      llm_calls: (payload as { llmCalls?: number } | null)?.llmCalls ?? null,
      duration_ms: a?.duration_ms ?? null,
      status: a?.status ?? 'missing',
      error: a?.error ?? null,
      score,
      baseline: { evidence, answer: baselineAnswer, score: baselineScore },
    });
  }
  await mkdir(opts.outDir, { recursive: true });
  await writeFile(path.join(opts.outDir, 'results.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const summary = summarize(rowsOut.map((r) => r.docintel));
  const baselineScores = rowsOut.map((r) => r.baseline).filter((b): b is NonNullable<typeof b> => b !== null);
  const baselineSummary = baselineScores.length ? summarize(baselineScores) : null;
  const tokens = results.reduce((s, r) => s + Number(r.tokens ?? 0), 0);
  const header = [
    `# docintel eval: ${path.basename(goldPath)}`,
    '',
    `run ${app.runId}, ${new Date().toISOString().slice(0, 10)}, ${llm ? `LLM: ${app.config.DOCINTEL_MODEL}` : 'no LLM (deterministic paths)'}; docintel tokens total: ${tokens}`,
    'Baseline: page-aware ~500-token chunks, BM25 (k1=1.2, b=0.75), top k; evidence recall = share of gold items whose name or alias appears in the retrieved chunks (ARecall@k).',
    '',
  ].join('\n');
  await writeFile(path.join(opts.outDir, 'summary.md'), header + renderSummaryMarkdown(rowsOut) + '\n');
  const chart = renderRecallChart(
    rowsOut
      .filter((r) => r.docintel.recall !== null)
      .map((r) => ({ id: r.docintel.id, docintel: r.docintel.recall ?? 0, baseline5: r.baselineEvidence?.find((e) => e.k === 5)?.recall ?? 0, baseline10: r.baselineEvidence?.find((e) => e.k === 10)?.recall ?? 0 })),
  );
  await writeFile(path.join(opts.outDir, 'chart.svg'), chart);
  return { summary, baselineSummary, rows: rowsOut, outDir: opts.outDir, results };
}

/** A corpus answer scored like one answer: the union of its documents' items, its corpus verdict. */
function corpusRecord(a: CorpusAnswer | null): AnswerRecord {
  if (!a) return { items: [], count: null, isComplete: null, citedPages: [], answerText: '' };
  const parts = a.documents.flatMap((d) => (d.answer ? [toRecord(d.answer)] : []));
  return {
    items: a.items.map((i) => ({ name: i.name, surfaceForms: i.surfaceForms })),
    count: a.kind === 'factual' ? null : a.items.length,
    isComplete: a.isComplete,
    citedPages: [...new Set(parts.flatMap((p) => p.citedPages))],
    answerText: parts.map((p) => p.answerText).join('\n'),
  };
}

/**
 * A found factual answer reads as "complete" for a factual gold question (the gold sets mark
 * those complete). A factual answer makes no claim about a list, so for a listing or count
 * question it has no verdict: it is not a false "complete".
 */
export function toRecord(a: Answer | null, goldKind?: string): AnswerRecord {
  if (!a) return { items: [], count: null, isComplete: null, citedPages: [], answerText: '' };
  if (a.kind === 'factual') {
    const verdict = a.notFound ? null : goldKind === undefined || goldKind === 'factual' ? true : null;
    return { items: [], count: null, isComplete: verdict, citedPages: [...new Set(a.citations.map((c) => c.pageNum))], answerText: a.answer };
  }
  return {
    items: a.items.map((i) => ({ name: i.name, surfaceForms: i.surfaceForms })),
    count: a.count,
    isComplete: a.isComplete,
    citedPages: [...new Set(a.items.flatMap((i) => i.citations.map((c) => c.pageNum)))],
    answerText: a.items.map((i) => i.name).join('; '),
  };
}

async function documentChunks(app: App, documentId: number): Promise<Chunk[]> {
  const lines = await rows<{ pageNum: number; lineNum: number; text: string }>(
    app.db,
    sql`select page_num as "pageNum", line_num as "lineNum", text from lines where document_id = ${documentId} order by page_num, line_num`,
  );
  return buildChunks(lines, 500);
}

/** With an LLM configured, the baseline also answers from its top-5 chunks, so final answers compare too. */
async function baselineLlmAnswer(app: App, llm: Llm, g: GoldQuestion, chunks: Chunk[], questionId: number): Promise<AnswerRecord | null> {
  try {
    const res = await llm.structured(
      { db: app.db, runId: app.runId, questionId },
      {
        purpose: 'answer',
        schemaName: 'baseline_answer',
        schema: BaselineAnswerSchema,
        system: 'Answer from the context passages. For list questions, list every item. Reply JSON only.',
        user: `Question: ${g.question}\nContext:\n${chunks.map((c) => `(page ${c.pageNum}) ${c.text}`).join('\n---\n')}`,
      },
    );
    return {
      items: res.value.items.map((n) => ({ name: n, surfaceForms: [n] })),
      count: res.value.items.length,
      isComplete: res.value.is_complete,
      citedPages: [...new Set(chunks.map((c) => c.pageNum))],
      answerText: res.value.answer,
    };
  } catch {
    return null;
  }
}
