import type { Logger } from '../log.ts';
import { safeErrorMessage } from '../sanitize.ts';
import { WaitForDocumentError, type JobBackend, type JobHandlers, type ParseJobState } from './backend.ts';
import { answerJobId, parseJobId, type AnswerJob, type ParseJob } from './job-schemas.ts';

type Task = { queue: 'parse' | 'answer'; id: string; run: () => Promise<unknown>; data: unknown; attempts: number };

/**
 * Runs the queue's handlers in this process with the same retry and wait semantics as the
 * BullMQ worker, for users without Redis. Parse work runs in worker threads, so concurrency > 1
 * still uses several cores.
 */
export class InProcessBackend implements JobBackend {
  readonly kind = 'inprocess' as const;
  private readonly pending: Task[] = [];
  private readonly seen = new Set<string>();
  /** The tasks waiting or running (what this process holds); `seen` also keeps the completed ones. */
  private readonly live = new Map<string, Task>();
  private active = 0;
  private readonly done = { completed: 0, failed: 0 };
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly handlers: JobHandlers,
    private readonly opts: { concurrency: number; log: Logger; maxAttempts?: number; waitDelayMs?: number },
  ) {}

  async enqueueParse(jobs: ParseJob[]): Promise<void> {
    for (const j of jobs) this.push({ queue: 'parse', id: parseJobId(j.sha256), data: j, attempts: 0, run: () => this.handlers.parse(j, parseJobId(j.sha256)) });
  }

  async enqueueAnswer(jobs: AnswerJob[]): Promise<void> {
    for (const j of jobs) this.push({ queue: 'answer', id: answerJobId(j.questionId), data: j, attempts: 0, run: () => this.handlers.answer(j, answerJobId(j.questionId)) });
  }

  private push(task: Task) {
    if (this.seen.has(task.id)) return;
    this.seen.add(task.id);
    this.live.set(task.id, task);
    this.pending.push(task);
    this.pump();
  }

  private pump() {
    while (this.active < this.opts.concurrency && this.pending.length > 0) {
      // Parse jobs first: answers usually wait for them.
      const idx = this.pending.findIndex((t) => t.queue === 'parse');
      const task = this.pending.splice(idx >= 0 ? idx : 0, 1)[0]!;
      this.active += 1;
      void this.execute(task).finally(() => {
        this.active -= 1;
        this.pump();
        if (this.active === 0 && this.pending.length === 0) {
          const w = this.idleWaiters;
          this.idleWaiters = [];
          w.forEach((f) => f());
        }
      });
    }
  }

  private async execute(task: Task): Promise<void> {
    const max = this.opts.maxAttempts ?? 3;
    try {
      await task.run();
      this.done.completed += 1;
      this.live.delete(task.id);
    } catch (e) {
      if (e instanceof WaitForDocumentError) {
        // Same as BullMQ's delayed retry: not an attempt, just not yet.
        await new Promise((r) => setTimeout(r, this.opts.waitDelayMs ?? 250));
        this.pending.push(task);
        return;
      }
      task.attempts += 1;
      if (task.attempts < max) {
        this.opts.log.warn({ jobId: task.id, ...jobContext(task.data), attempt: task.attempts, err: safeErrorMessage(e) }, 'job failed, retrying');
        await new Promise((r) => setTimeout(r, 200 * 2 ** task.attempts));
        this.pending.push(task);
        return;
      }
      this.done.failed += 1;
      // Like a failed BullMQ job, which the producer replaces: enqueueing it again retries it.
      this.seen.delete(task.id);
      this.live.delete(task.id);
      this.opts.log.error({ jobId: task.id, ...jobContext(task.data), err: safeErrorMessage(e) }, 'job failed after retries');
      try {
        await this.handlers.onGiveUp?.(task.queue, task.data, e as Error);
      } catch (giveUpError) {
        // Never let one document's failure end the batch: log it and go on with the other jobs.
        this.opts.log.error({ jobId: task.id, ...jobContext(task.data), err: safeErrorMessage(giveUpError) }, 'recording the job failure failed');
      }
    }
  }

  /** In-process jobs live in this process only: a document is live here or its job is gone. */
  async parseJobStates(jobs: ParseJob[]): Promise<Map<number, ParseJobState>> {
    return new Map(jobs.map((j) => [j.documentId, { state: this.live.has(parseJobId(j.sha256)) ? 'live' : 'gone' } as const]));
  }

  /** The documents this process holds (queued or parsing here), which it keeps touching so no other start takes them. */
  heldDocumentIds(): number[] {
    return [...this.live.values()].filter((t) => t.queue === 'parse').map((t) => (t.data as ParseJob).documentId);
  }

  /** Resolves when every queued job (and every job they enqueued) has finished. */
  idle(): Promise<void> {
    if (this.active === 0 && this.pending.length === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  async counts() {
    return { inprocess: { waiting: this.pending.length, active: this.active, completed: this.done.completed, failed: this.done.failed } };
  }

  async close(): Promise<void> {
    await this.idle();
  }
}

/** The ids a log line needs to find the failing thing again (never the payload itself). */
function jobContext(data: unknown): { documentId?: number; questionId?: number } {
  const d = (data ?? {}) as { documentId?: unknown; questionId?: unknown };
  return {
    ...(typeof d.documentId === 'number' ? { documentId: d.documentId } : {}),
    ...(typeof d.questionId === 'number' ? { questionId: d.questionId } : {}),
  };
}
