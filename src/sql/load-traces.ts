import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { TraceRow } from './list-answers.ts';

/** The pipeline traces of several questions in one query, each in step order. */
export async function loadTraces(db: Db, questionIds: number[]): Promise<Map<number, TraceRow[]>> {
  const all = await rows<TraceRow & { question_id: number }>(
    db,
    sql`select question_id::int as question_id, seq, stage, step, iteration, strategy, decision, keywords_before, keywords_after, tokens, duration_ms, input, output
        from pipeline_trace where question_id = any(${sql.param(questionIds)}::bigint[]) order by question_id, seq`,
  );
  const out = new Map<number, TraceRow[]>(questionIds.map((id) => [id, []]));
  for (const { question_id, ...row } of all) out.get(question_id)?.push(row);
  return out;
}
