import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { JobBackend, JobHandlers } from '../queue/backend.ts';
import { safeErrorMessage } from '../sanitize.ts';
import type { Limiter } from '../llm/redis-rate-limiter.ts';
import { failDocument, parseDocument } from './parse-document.ts';
import { defaultParseThreads } from '../parse/parse-in-thread.ts';
import { answerQuestionJob, failQuestion } from './answer-question.ts';
import { combineForQuestion } from '../corpus/corpus-answer.ts';

/** The job handlers shared by the BullMQ worker and the in-process runner. */
export function createHandlers(deps: { config: Config; log: Logger; db: Db; runId: string; getBackend: () => JobBackend; llmLimiter?: Limiter }): JobHandlers {
  const parseDeps = {
    db: deps.db,
    log: deps.log,
    pageCap: deps.config.DOCINTEL_PAGE_CAP,
    parseTimeoutMs: deps.config.DOCINTEL_PARSE_TIMEOUT_MS,
    parseThreadDocs: deps.config.DOCINTEL_PARSE_THREAD_DOCS,
    parseThreadHeapMb: deps.config.DOCINTEL_PARSE_THREAD_HEAP_MB,
    parseThreadYoungMb: deps.config.DOCINTEL_PARSE_THREAD_YOUNG_MB,
    parseThreads: deps.config.DOCINTEL_PARSE_THREADS ?? defaultParseThreads(deps.config.DOCINTEL_CONCURRENCY),
    runId: deps.runId,
  };
  return {
    parse: (job, jobId) => parseDocument(parseDeps, job.documentId, jobId),
    answer: (job, jobId) => answerQuestionJob({ ...deps }, job, jobId),
    async onGiveUp(queue, data, error) {
      const d = data as { documentId?: number; questionId?: number };
      if (queue === 'parse' && d.documentId) await failDocument({ db: deps.db }, d.documentId, 'internal', safeErrorMessage(error));
      if (queue === 'answer' && d.questionId) {
        await failQuestion(deps.db, d.questionId, safeErrorMessage(error));
        await combineForQuestion(deps.db, d.questionId);
      }
    },
  };
}
