import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.ts';
import { WaitForDocumentError, type JobHandlers } from './backend.ts';
import { JOB_ATTEMPTS } from './bullmq-backend.ts';
import { AnswerJobSchema, ParseJobSchema, QUEUES } from './job-schemas.ts';
import { BadInputError } from '../errors.ts';
import { safeErrorMessage } from '../sanitize.ts';

export interface WorkerOptions {
  connection: Redis;
  prefix: string;
  concurrency: number;
  log: Logger;
  /** How long a job stays locked without renewal before another worker may take it over. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  waitDelayMs?: number;
}

/**
 * Consumes both queues. Payloads are validated; bad input is unrecoverable (never retried);
 * an answer whose document is still parsing is delayed, not failed; anything else is retried
 * with backoff and reported to `onGiveUp` after the last attempt.
 */
export function startWorkers(handlers: JobHandlers, opts: WorkerOptions): { workers: Worker[]; close(): Promise<void> } {
  const common = {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
    lockDuration: opts.lockDurationMs ?? 30_000,
    stalledInterval: opts.stalledIntervalMs ?? 30_000,
    maxStalledCount: 2,
    autorun: true,
  };
  const parseWorker = new Worker(
    QUEUES.parse,
    async (job: Job) => {
      const data = ParseJobSchema.safeParse(job.data);
      if (!data.success) throw new UnrecoverableError(`invalid parse job payload: ${data.error.message}`);
      try {
        return await handlers.parse(data.data, job.id ?? '');
      } catch (e) {
        if (e instanceof BadInputError) throw new UnrecoverableError(e.message);
        throw e;
      }
    },
    common,
  );
  const answerWorker = new Worker(
    QUEUES.answer,
    async (job: Job, token?: string) => {
      const data = AnswerJobSchema.safeParse(job.data);
      if (!data.success) throw new UnrecoverableError(`invalid answer job payload: ${data.error.message}`);
      try {
        return await handlers.answer(data.data, job.id ?? '');
      } catch (e) {
        if (e instanceof WaitForDocumentError) {
          await job.moveToDelayed(Date.now() + (opts.waitDelayMs ?? 1000), token);
          throw new DelayedError();
        }
        throw e;
      }
    },
    common,
  );
  for (const [queue, w] of [['parse', parseWorker], ['answer', answerWorker]] as const) {
    w.on('failed', (job, err) => {
      if (!job) return;
      const final = err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? JOB_ATTEMPTS);
      const ids = { documentId: (job.data as { documentId?: number })?.documentId, questionId: (job.data as { questionId?: number })?.questionId };
      opts.log.warn({ queue, jobId: job.id, ...ids, attempt: job.attemptsMade, final, err: safeErrorMessage(err) }, 'job failed');
      if (final && handlers.onGiveUp) {
        handlers.onGiveUp(queue, job.data, err).catch((e) => opts.log.error({ jobId: job.id, ...ids, err: safeErrorMessage(e) }, 'onGiveUp failed'));
      }
    });
    w.on('error', (err) => opts.log.error({ queue, err: safeErrorMessage(err) }, 'worker error'));
  }
  const workers = [parseWorker, answerWorker];
  return {
    workers,
    // close() waits for active jobs to finish: graceful shutdown loses nothing.
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
