import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { JobBackend } from '../queue/backend.ts';
import { WaitForDocumentError } from '../queue/backend.ts';
import type { AnswerJob } from '../queue/job-schemas.ts';
import { DocintelError } from '../errors.ts';
import { safeErrorMessage } from '../sanitize.ts';
import type { AnswerDeps } from '../answer/answer-question.ts';
import { combineForQuestion } from '../corpus/corpus-answer.ts';

/** The answer job: waits (without failing) for the question's document, then runs the pipeline. */
export async function answerQuestionJob(deps: AnswerDeps & { getBackend?: () => JobBackend }, job: AnswerJob, jobId: string): Promise<unknown> {
  const q = (
    await rows<{ id: number; document_id: number; status: string; doc_status: string; doc_error: string | null; sha256: string }>(
      deps.db,
      sql`select q.id::int, q.document_id::int, q.status, d.status as doc_status, d.error as doc_error, d.sha256
          from questions q join documents d on d.id = q.document_id where q.id = ${job.questionId}`,
    )
  )[0];
  if (!q) throw new DocintelError('not_found', `question ${job.questionId} does not exist`, { questionId: job.questionId, jobId });
  if (q.status === 'answered') return { status: 'skipped' };
  if (q.doc_status === 'queued' || q.doc_status === 'parsing') {
    await deps.db.execute(sql`update questions set status = 'waiting' where id = ${q.id}`);
    // Make sure a parse job exists (an interrupted earlier run may have lost it); the job id makes this idempotent.
    if (q.status !== 'waiting') await deps.getBackend?.().enqueueParse([{ documentId: q.document_id, sha256: q.sha256 }]);
    throw new WaitForDocumentError(q.document_id);
  }
  if (q.doc_status === 'failed') {
    await failQuestion(deps.db, q.id, `document failed to parse: ${q.doc_error ?? 'unknown reason'}`);
    await combineForQuestion(deps.db, q.id);
    return { status: 'failed' };
  }
  const { answerQuestion } = await import('../answer/answer-question.ts');
  const answer = await answerQuestion(deps, q.id, { noCache: job.noCache ?? false });
  // One document's part of a corpus question: the last part to finish combines the corpus answer.
  await combineForQuestion(deps.db, q.id);
  return answer;
}

export async function failQuestion(db: Db, questionId: number, reason: string): Promise<void> {
  await db.execute(sql`update questions set status = 'failed', error = ${safeErrorMessage(reason)} where id = ${questionId} and status <> 'answered'`);
}
