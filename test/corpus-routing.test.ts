import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { askCorpus, combineCorpusAnswer, type CorpusAnswer } from '../src/corpus/corpus-answer.ts';
import { refreshCorpusIndex } from '../src/corpus/build-index.ts';
import { waitForQuestions } from '../src/producer/ask.ts';
import { ingestPaths } from '../src/producer/ingest.ts';
import { waitForDocuments } from '../src/producer/wait-for-documents.ts';
import { loadTrace } from '../src/sql/list-answers.ts';
import { CORPUS, corpusFile, skipWithoutCorpus } from './helpers/corpus.ts';
import { freshDatabase } from './helpers/db.ts';
import { testApp } from './helpers/app.ts';

/** Questions naming no document, on part of the shared corpus, no LLM: the document level picks. */
describe.skipIf(skipWithoutCorpus)('questions about the whole corpus', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  const docs: Record<string, number> = {};
  const files = [CORPUS.fema, CORPUS.rcbap, CORPUS.sp61, CORPUS.attention, CORPUS.resnet, CORPUS.scp, CORPUS.csf];

  beforeAll(async () => {
    fresh = await freshDatabase('corpus_routing');
    app = await testApp({ databaseUrl: fresh.url, redis: false });
    await app.startLocalWorker();
    const res = await ingestPaths(app.db, app.backend, files.map(corpusFile));
    for (const r of res) docs[r.path.split('/').pop()!] = r.documentId;
    await waitForDocuments(app.db, Object.values(docs));
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
  });

  async function ask(text: string): Promise<{ id: number; answer: CorpusAnswer; questionIds: number[] }> {
    const asked = await askCorpus(app, { text });
    await waitForQuestions(app.db, asked.questionIds);
    const answer = await combineCorpusAnswer(app.db, asked.corpusQuestionId);
    expect(answer).not.toBeNull();
    return { id: asked.corpusQuestionId, answer: answer!, questionIds: asked.questionIds };
  }

  it('builds one corpus index row per parsed document in the parse job, with a summary and a vector', async () => {
    const r = await rows<{ document_id: number; summary: string; sections: string[]; distinctive_terms: string[]; has_tsv: boolean; line_count: number }>(
      app.db,
      sql`select document_id::int, summary, sections, distinctive_terms, length(tsv) > 0 as has_tsv, line_count from corpus_index order by document_id`,
    );
    expect(r).toHaveLength(files.length);
    for (const x of r) {
      expect(x.has_tsv).toBe(true);
      expect(x.line_count).toBeGreaterThan(0);
      expect(x.distinctive_terms.length).toBeGreaterThan(0);
      expect(x.summary.length).toBeGreaterThan(20);
    }
    const toc = await rows<{ n: number }>(app.db, sql`select count(*)::int as n from corpus_toc where level = 0`);
    expect(toc[0]!.n).toBe(files.length);
    const traced = await rows<{ n: number }>(app.db, sql`select count(*)::int as n from pipeline_trace where stage = 'corpus' and step = 'indexed'`);
    expect(traced[0]!.n).toBe(files.length);
    // A refresh rebuilds the same rows (distinctive terms then weigh against every document).
    const refreshed = await refreshCorpusIndex(app.db);
    expect(refreshed.documents).toBe(files.length);
  });

  it.each([
    ['How many staffing models can an incident response team use, and what are they?', CORPUS.sp61],
    ['What optimizer and learning-rate schedule were used to train the Transformer?', CORPUS.attention],
    ['What are the shortcut options A, B and C compared for handling increasing dimensions on ImageNet?', CORPUS.resnet],
    ['How many session management practices does the checklist list?', CORPUS.scp],
  ])('routes "%s" to the right document first and answers it there', async (text, expected) => {
    const { id, answer, questionIds } = await ask(text);
    expect(answer.documents[0]!.document).toBe(expected);
    expect(answer.documents[0]!.status).toBe('answered');
    expect(answer.documents[0]!.answer).not.toBeNull();
    // Considered and rejected documents carry their reason.
    for (const r of answer.rejected) expect(r.reason).toMatch(/score|model/);
    // The document level is a trace row of the corpus question, and the top level of each part's trace.
    const level = await rows<{ step: string; output: { picked: { document: string }[] } }>(
      app.db,
      sql`select step, output from pipeline_trace where corpus_question_id = ${id} and stage = 'route' and step = 'documents'`,
    );
    expect(level).toHaveLength(1);
    expect(level[0]!.output.picked[0]!.document).toBe(expected);
    const trace = await loadTrace(app.db, questionIds[0]!);
    const first = trace.findIndex((t) => t.stage === 'route');
    expect(trace[first]!.step).toBe('documents');
    expect(trace.slice(first + 1).some((t) => t.stage === 'route' && t.step === 'level')).toBe(true);
  });

  it('answers a question spanning two documents in both, with each item under its document', async () => {
    const { id, answer } = await ask('What property do the F-122 and F-144 forms not insure?');
    expect(answer.documents.map((d) => d.document).sort()).toEqual([CORPUS.rcbap, CORPUS.fema].sort());
    for (const d of answer.documents) {
      expect(d.answer?.kind).toBe('listing');
      expect(answer.items.filter((i) => i.documentId === d.documentId).length).toBeGreaterThan(3);
    }
    expect(answer.verdict).toMatch(/^complete for \d of 2 documents/);
    const complete = answer.documents.filter((d) => d.answer?.kind !== 'factual' && d.answer?.isComplete === true).length;
    expect(answer.completeDocuments).toBe(complete);
    expect(answer.isComplete).toBe(complete === 2 ? true : answer.documents.some((d) => d.answer?.kind !== 'factual' && d.answer?.isComplete === false) ? false : null);
    // The union is queryable in SQL, item by item with its document.
    const viaSql = await rows<{ document: string; n: number }>(
      app.db,
      sql`select document, count(item)::int as n from corpus_answer_items where corpus_question_id = ${id} group by document order by document`,
    );
    expect(viaSql.map((r) => r.document)).toEqual([CORPUS.rcbap, CORPUS.fema].sort());
    expect(viaSql.reduce((s, r) => s + r.n, 0)).toBe(answer.items.length);
    const stored = await rows<{ picked_documents: number; complete_documents: number }>(app.db, sql`select picked_documents, complete_documents from corpus_answers where corpus_question_id = ${id}`);
    expect(stored[0]).toEqual({ picked_documents: 2, complete_documents: complete });
  });
});
