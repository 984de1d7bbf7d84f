import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobBackend, ParseJobState } from './backend.ts';
import { answerJobId, parseJobId, QUEUES, type AnswerJob, type ParseJob } from './job-schemas.ts';

export const JOB_ATTEMPTS = 3;

export const defaultJobOptions = {
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
    // A Queue re-emits its connection's errors; with no listener, Node throws them and a Redis
    // outage would kill the producer. The connection's own watcher (redis.ts) reports outages.
    for (const q of [this.parseQueue, this.answerQueue]) q.on('error', () => {});
  }

  async enqueueParse(jobs: ParseJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await replaceFinishedJobs(this.parseQueue, jobs.map((j) => parseJobId(j.sha256)));
    await this.parseQueue.addBulk(jobs.map((data) => ({ name: 'parse', data, opts: { jobId: parseJobId(data.sha256) } })));
  }

  async enqueueAnswer(jobs: AnswerJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await replaceFinishedJobs(this.answerQueue, jobs.map((j) => answerJobId(j.questionId)));
    await this.answerQueue.addBulk(jobs.map((data) => ({ name: 'answer', data, opts: { jobId: answerJobId(data.questionId) } })));
  }

  async parseJobStates(jobs: ParseJob[]): Promise<Map<number, ParseJobState>> {
    const out = new Map<number, ParseJobState>();
    await Promise.all(
      jobs.map(async (j) => {
        const id = parseJobId(j.sha256);
        const state = await this.parseQueue.getJobState(id);
        if (state === 'failed') {
          const job = await this.parseQueue.getJob(id);
          out.set(j.documentId, { state: 'failed', reason: job?.failedReason || 'the parse job failed' });
        } else if (state === 'completed' || state === 'unknown') out.set(j.documentId, { state: 'gone' });
        else out.set(j.documentId, { state: 'live' });
      }),
    );
    return out;
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

/**
 * Adding a job id that still exists is a no-op. Finished jobs are kept for days, so a document
 * re-queued after an internal failure, or ids reused after the database was reset while Redis
 * was kept, would never run and the producer would wait forever. The producer only enqueues work
 * the database says is not done, so a finished job with that id is stale: remove it first.
 */
async function replaceFinishedJobs(queue: Queue, ids: string[]): Promise<void> {
  const states = await Promise.all(ids.map((id) => queue.getJobState(id)));
  await Promise.all(ids.filter((_, i) => states[i] === 'failed' || states[i] === 'completed').map((id) => queue.remove(id)));
}
