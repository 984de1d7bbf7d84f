import type { AnswerJob, ParseJob } from './job-schemas.ts';

/** Where jobs go: BullMQ on Redis, or the same handlers run in-process when there is no Redis. */
export interface JobBackend {
  readonly kind: 'bullmq' | 'inprocess';
  enqueueParse(jobs: ParseJob[]): Promise<void>;
  enqueueAnswer(jobs: AnswerJob[]): Promise<void>;
  /**
   * Where each document's parse job is, keyed by document id: `live` (waiting, delayed or running),
   * `failed` (used up its retries; BullMQ's reason) or `gone` (finished, or never there).
   */
  parseJobStates(jobs: ParseJob[]): Promise<Map<number, ParseJobState>>;
  /** Job counts per queue and state, for `docintel status`. */
  counts(): Promise<Record<string, Record<string, number>>>;
  close(): Promise<void>;
}

export type ParseJobState = { state: 'live' } | { state: 'failed'; reason: string } | { state: 'gone' };

/** Thrown by the answer handler when its document is not parsed yet: the job is retried later, not failed. */
export class WaitForDocumentError extends Error {
  constructor(readonly documentId: number) {
    super(`document ${documentId} is not parsed yet`);
    this.name = 'WaitForDocumentError';
  }
}

export interface JobHandlers {
  parse(job: ParseJob, jobId: string): Promise<unknown>;
  answer(job: AnswerJob, jobId: string): Promise<unknown>;
  /** Called when a job has used up its retries, so the row can say why. */
  onGiveUp?(queue: 'parse' | 'answer', data: unknown, error: Error): Promise<void>;
}
