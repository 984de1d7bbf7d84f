import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { Answer } from '../answer/types.ts';
import type { Citation } from '../db/rows.ts';
import { understandQuestion } from '../question/understand.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { Llm } from '../llm/index.ts';
import type { JobBackend } from '../queue/backend.ts';
import { createQuestion } from '../sql/store-answer.ts';
import { Tracer } from '../trace/tracer.ts';
import { routeCorpus } from './route-corpus.ts';

export interface CorpusDeps {
  db: Db;
  backend: JobBackend;
  config: Config;
  runId: string;
  log?: Logger;
}

export interface CorpusDocumentPart {
  documentId: number;
  document: string;
  title: string;
  rank: number;
  score: number;
  reason: string;
  questionId: number | null;
  status: string;
  error: string | null;
  answer: Answer | null;
}

export interface CorpusAnswer {
  kind: 'listing' | 'count' | 'factual';
  question: string;
  documents: CorpusDocumentPart[];
  rejected: { documentId: number; document: string; score: number; reason: string }[];
  /** For listings: the union of the documents' items, each with its document. */
  items: { name: string; surfaceForms: string[]; documentId: number; document: string; citations: Citation[] }[];
  /** For factual questions: each document's answer. */
  answers: { documentId: number; document: string; answer: string; notFound: boolean }[];
  isComplete: boolean | null;
  completeDocuments: number;
  answeredDocuments: number;
  pickedDocuments: number;
  verdict: string;
}

/**
 * A question naming no document: stored as a corpus question, routed over the corpus index (the
 * document level, traced), then asked of each picked document as an ordinary question whose
 * answer job runs exactly as today. Returns the per-document question ids to wait for.
 */
export async function askCorpus(
  deps: CorpusDeps,
  q: { text: string; externalId?: string | null; scope?: number[] | null },
  opts: { noCache?: boolean } = {},
): Promise<{ corpusQuestionId: number; questionIds: number[] }> {
  const [cq] = await rows<{ id: number }>(
    deps.db,
    sql`insert into corpus_questions (run_id, text, external_id, scope) values (${deps.runId}, ${q.text}, ${q.externalId ?? null}, ${q.scope ? sql`${sql.param(q.scope)}::bigint[]` : sql`null`}) returning id::int`,
  );
  const corpusQuestionId = cq!.id;
  const tracer = new Tracer(deps.db, deps.runId, { corpusQuestionId });
  const u = understandQuestion(q.text);
  await tracer.record({ stage: 'understand', step: 'rules', output: u, decision: `${u.intent} (confidence ${u.confidence})`, keywordsAfter: u.keywords });
  const llm = Llm.fromConfig(deps.config, { noCache: opts.noCache ?? false, logger: deps.log });
  const route = await routeCorpus({ db: deps.db, question: q.text, u, scope: q.scope ?? null, tracer, llm, llmCtx: { runId: deps.runId } });
  const questionIds: number[] = [];
  let rank = 0;
  for (const p of route.picked) {
    const questionId = await createQuestion(deps.db, { runId: deps.runId, documentId: p.c.documentId, text: q.text, externalId: q.externalId ?? null });
    await deps.db.execute(sql`update questions set corpus_question_id = ${corpusQuestionId} where id = ${questionId}`);
    await insertRoute(deps.db, corpusQuestionId, { documentId: p.c.documentId, rank: ++rank, score: p.c.score, picked: true, reason: p.reason, questionId });
    questionIds.push(questionId);
  }
  for (const r of route.rejected) await insertRoute(deps.db, corpusQuestionId, { documentId: r.c.documentId, rank: ++rank, score: r.c.score, picked: false, reason: r.reason, questionId: null });
  await deps.db.execute(sql`update corpus_questions set status = 'answering' where id = ${corpusQuestionId}`);
  if (questionIds.length) await deps.backend.enqueueAnswer(questionIds.map((questionId) => ({ questionId, noCache: opts.noCache ?? false })));
  else await combineCorpusAnswer(deps.db, corpusQuestionId);
  return { corpusQuestionId, questionIds };
}

async function insertRoute(db: Db, corpusQuestionId: number, r: { documentId: number; rank: number; score: number; picked: boolean; reason: string; questionId: number | null }): Promise<void> {
  await db.execute(sql`insert into corpus_routes (corpus_question_id, document_id, rank, score, picked, reason, question_id)
                       values (${corpusQuestionId}, ${r.documentId}, ${r.rank}, ${r.score}, ${r.picked}, ${r.reason}, ${r.questionId})`);
}

/** After a per-document answer: combine its corpus question once every part has an outcome. */
export async function combineForQuestion(db: Db, questionId: number): Promise<void> {
  const [q] = await rows<{ corpus_question_id: number | null }>(db, sql`select corpus_question_id::int from questions where id = ${questionId}`);
  if (q?.corpus_question_id) await combineCorpusAnswer(db, q.corpus_question_id);
}

/**
 * The corpus answer: each picked document's answer, the union of their items (each with its
 * document), and a verdict only as complete as its parts: complete when every picked document's
 * answer is, incomplete when one is known incomplete or failed, unknown otherwise. Returns null
 * while a part is still being answered. Idempotent: a rerun replaces the stored row.
 */
export async function combineCorpusAnswer(db: Db, corpusQuestionId: number): Promise<CorpusAnswer | null> {
  const [cq] = await rows<{ text: string }>(db, sql`select text from corpus_questions where id = ${corpusQuestionId}`);
  if (!cq) return null;
  const parts = await rows<{ document_id: number; file_name: string; title: string | null; rank: number; score: number; picked: boolean; reason: string; question_id: number | null; status: string | null; error: string | null; payload: Answer | null; tokens: number | null }>(
    db,
    sql`select r.document_id::int, d.file_name, c.title, r.rank, r.score, r.picked, r.reason, r.question_id::int, q.status, q.error, a.payload, a.tokens
        from corpus_routes r join documents d on d.id = r.document_id left join corpus_index c on c.document_id = r.document_id
        left join questions q on q.id = r.question_id left join answers a on a.question_id = q.id
        where r.corpus_question_id = ${corpusQuestionId} order by r.rank`,
  );
  const picked = parts.filter((p) => p.picked);
  if (picked.some((p) => p.status !== 'answered' && p.status !== 'failed')) return null;
  const documents: CorpusDocumentPart[] = picked.map((p) => ({
    documentId: p.document_id,
    document: p.file_name,
    title: p.title ?? p.file_name,
    rank: p.rank,
    score: p.score,
    reason: p.reason,
    questionId: p.question_id,
    status: p.status ?? 'missing',
    error: p.error,
    answer: p.status === 'answered' ? p.payload : null,
  }));
  const answered = documents.filter((d) => d.answer);
  const listingParts = answered.filter((d) => d.answer!.kind !== 'factual');
  const kind: CorpusAnswer['kind'] = listingParts.length ? (listingParts.every((d) => d.answer!.kind === 'count') ? 'count' : 'listing') : 'factual';
  const items = listingParts.flatMap((d) => {
    const a = d.answer as Extract<Answer, { kind: 'listing' | 'count' }>;
    return a.items.map((it) => ({ name: it.name, surfaceForms: it.surfaceForms, documentId: d.documentId, document: d.document, citations: it.citations }));
  });
  const answers = answered.flatMap((d) => (d.answer!.kind === 'factual' ? [{ documentId: d.documentId, document: d.document, answer: d.answer!.answer, notFound: d.answer!.notFound }] : []));
  const partComplete = (d: CorpusDocumentPart): boolean | null => {
    if (!d.answer) return false;
    return d.answer.kind === 'factual' ? (d.answer.notFound ? null : true) : d.answer.isComplete;
  };
  const verdicts = documents.map(partComplete);
  const completeDocuments = verdicts.filter((v) => v === true).length;
  const isComplete = documents.length === 0 ? null : verdicts.every((v) => v === true) ? true : verdicts.some((v) => v === false) ? false : null;
  const failed = documents.filter((d) => !d.answer).length;
  const verdict = documents.length
    ? `${kind === 'factual' ? 'answered' : 'complete'} for ${completeDocuments} of ${documents.length} document${documents.length === 1 ? '' : 's'}${failed ? ` (${failed} failed)` : ''}`
    : 'no document in the corpus matches the question';
  const out: CorpusAnswer = {
    kind,
    question: cq.text,
    documents,
    rejected: parts.filter((p) => !p.picked).map((p) => ({ documentId: p.document_id, document: p.file_name, score: p.score, reason: p.reason })),
    items,
    answers,
    isComplete,
    completeDocuments,
    answeredDocuments: answered.length,
    pickedDocuments: documents.length,
    verdict,
  };
  const text = renderCorpusAnswer(out);
  const tokens = picked.reduce((s, p) => s + (p.tokens ?? 0), 0);
  await db.transaction(async (tx) => {
    // Two parts finishing at once both combine: the upsert makes the second one replace the first.
    await tx.execute(sql`insert into corpus_answers (corpus_question_id, kind, payload, text, is_complete, complete_documents, answered_documents, picked_documents, item_count, tokens)
                         values (${corpusQuestionId}, ${kind}, ${JSON.stringify(out)}::jsonb, ${text}, ${isComplete}, ${completeDocuments}, ${answered.length}, ${documents.length}, ${kind === 'factual' ? null : items.length}, ${tokens})
                         on conflict (corpus_question_id) do update set kind = excluded.kind, payload = excluded.payload, text = excluded.text, is_complete = excluded.is_complete,
                           complete_documents = excluded.complete_documents, answered_documents = excluded.answered_documents, picked_documents = excluded.picked_documents,
                           item_count = excluded.item_count, tokens = excluded.tokens, created_at = now()`);
    await tx.execute(sql`update corpus_questions set status = ${documents.length && !answered.length ? 'failed' : 'answered'}, answered_at = now() where id = ${corpusQuestionId}`);
  });
  return out;
}

/** The terminal view: the verdict, then each document's part, then the documents set aside. */
export function renderCorpusAnswer(a: CorpusAnswer): string {
  const out = [`${a.question}`, `corpus verdict: ${a.verdict}${a.isComplete === true ? ' (complete)' : a.isComplete === false ? ' (incomplete)' : ''}`];
  for (const d of a.documents) {
    out.push('', `== ${d.document} (${d.title}); picked: ${d.reason}`);
    if (!d.answer) out.push(`  failed: ${d.error ?? d.status}`);
    else if (d.answer.kind === 'factual') out.push(`  ${d.answer.notFound ? '(not found) ' : ''}${d.answer.answer}`);
    else {
      const complete = d.answer.isComplete === null ? 'unknown' : d.answer.isComplete ? 'complete' : 'incomplete';
      out.push(`  ${d.answer.items.length} item(s), ${complete} (${d.answer.completenessReason})`);
      for (const it of d.answer.items) out.push(`  - ${it.name} (p. ${[...new Set(it.citations.map((c) => c.pageLabel ?? String(c.pageNum)))].join(', ')})`);
    }
  }
  if (a.rejected.length) {
    out.push('', 'considered and rejected:');
    for (const r of a.rejected) out.push(`  - ${r.document}: ${r.reason}`);
  }
  return out.join('\n');
}

/** The stored corpus answer and its per-document question ids. */
export async function loadCorpusAnswer(db: Db, corpusQuestionId: number): Promise<{ payload: CorpusAnswer | null; questionIds: number[]; status: string } | null> {
  const [cq] = await rows<{ status: string; payload: CorpusAnswer | null }>(
    db,
    sql`select cq.status, ca.payload from corpus_questions cq left join corpus_answers ca on ca.corpus_question_id = cq.id where cq.id = ${corpusQuestionId}`,
  );
  if (!cq) return null;
  const ids = await rows<{ id: number }>(db, sql`select question_id::int as id from corpus_routes where corpus_question_id = ${corpusQuestionId} and picked and question_id is not null order by rank`);
  return { payload: cq.payload, questionIds: ids.map((r) => r.id), status: cq.status };
}
