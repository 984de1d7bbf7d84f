import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobBackend } from './backend.ts';
import { answerJobId, parseJobId, QUEUES, type AnswerJob, type ParseJob } from './job-schemas.ts';

export const JOB_ATTEMPTS = 3;

const defaultJobOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: 'exponential', delay: 1000 },
  // Keep finished jobs for a while so `docintel status` can count them, but do not grow forever.
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Producer side of the BullMQ queues. Job ids are idempotent (one job per document / question). */
export class BullMqBackend implements JobBackend {
  readonly kind = 'bullmq' as const;
  readonly parseQueue: Queue;
  readonly answerQueue: Queue;

  constructor(
    private readonly connection: Redis,
    readonly prefix: string,
  ) {
    this.parseQueue = new Queue(QUEUES.parse, { connection, prefix, defaultJobOptions });
    this.answerQueue = new Queue(QUEUES.answer, { connection, prefix, defaultJobOptions });
  }

  async enqueueParse(jobs: ParseJob[]): Promise<void> {
    if (jobs.length === 0) return;
    // Adding an id that still exists is a no-op. A job that FAILED (retries used up on an internal
    // error) stays in the failed set for days, so a document re-queued after such a failure would
    // never be parsed and `ingest` would wait for it forever: remove the failed job first.
    const ids = jobs.map((j) => parseJobId(j.sha256));
    const states = await Promise.all(ids.map((id) => this.parseQueue.getJobState(id)));
    await Promise.all(ids.filter((_, i) => states[i] === 'failed').map((id) => this.parseQueue.remove(id)));
    await this.parseQueue.addBulk(jobs.map((data) => ({ name: 'parse', data, opts: { jobId: parseJobId(data.sha256) } })));
  }

  async enqueueAnswer(jobs: AnswerJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.answerQueue.addBulk(jobs.map((data) => ({ name: 'answer', data, opts: { jobId: answerJobId(data.questionId) } })));
  }

  async counts() {
    const states = ['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized', 'waiting-children'] as const;
    return {
      parse: await this.parseQueue.getJobCounts(...states),
      answer: await this.answerQueue.getJobCounts(...states),
    };
  }

  async close(): Promise<void> {
    await this.parseQueue.close();
    await this.answerQueue.close();
  }
}
