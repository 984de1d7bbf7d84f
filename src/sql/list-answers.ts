import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

export interface AnswerListRow {
  question_id: number;
  external_id: string | null;
  run_id: string;
  document: string;
  question: string;
  status: string;
  kind: string | null;
  strategy: string | null;
  is_complete: boolean | null;
  completeness_source: string | null;
  item_count: number | null;
  path: string | null;
  tokens: number | null;
  duration_ms: number | null;
  text: string | null;
  error: string | null;
  payload: unknown;
}

export async function listAnswers(db: Db, f: { document?: number; complete?: boolean | 'unknown'; run?: string; ids?: number[] } = {}): Promise<AnswerListRow[]> {
  const conds = [sql`true`];
  if (f.document) conds.push(sql`q.document_id = ${f.document}`);
  if (f.run) conds.push(sql`q.run_id = ${f.run}`);
  if (f.ids) conds.push(sql`q.id = any(${sql.param(f.ids)}::bigint[])`);
  if (f.complete === 'unknown') conds.push(sql`a.is_complete is null and a.kind <> 'factual'`);
  else if (f.complete !== undefined) conds.push(sql`a.is_complete = ${f.complete}`);
  return rows<AnswerListRow>(
    db,
    sql`select q.id::int as question_id, q.external_id, q.run_id, d.file_name as document, q.text as question, q.status,
          a.kind, a.strategy, a.is_complete, a.completeness_source, a.item_count, a.path, a.tokens, a.duration_ms, a.text, q.error, a.payload
        from questions q join documents d on d.id = q.document_id left join answers a on a.question_id = q.id
        where ${sql.join(conds, sql` and `)} order by q.id`,
  );
}

export interface TraceRow {
  seq: number;
  stage: string;
  step: string;
  iteration: number | null;
  strategy: string | null;
  decision: string | null;
  keywords_before: string[] | null;
  keywords_after: string[] | null;
  tokens: number;
  duration_ms: number;
  input: unknown;
  output: unknown;
}

export async function loadTrace(db: Db, questionId: number): Promise<TraceRow[]> {
  return rows<TraceRow>(
    db,
    // One document's part of a corpus question: the corpus' document level comes first, as the top routing level.
    sql`select seq, stage, step, iteration, strategy, decision, keywords_before, keywords_after, tokens, duration_ms, input, output from (
          select 1 as part, t.* from pipeline_trace t where t.question_id = ${questionId}
          union all
          select 0 as part, t.* from pipeline_trace t
          where t.question_id is null and t.corpus_question_id = (select q.corpus_question_id from questions q where q.id = ${questionId})
        ) x order by part, seq`,
  );
}
