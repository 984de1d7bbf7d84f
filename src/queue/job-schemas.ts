import { z } from 'zod';

/** Job payloads are validated on both sides of the queue: what Redis hands back is untrusted. */
export const ParseJobSchema = z.object({ documentId: z.number().int().positive(), sha256: z.string().min(1) });
export type ParseJob = z.infer<typeof ParseJobSchema>;

export const AnswerJobSchema = z.object({ questionId: z.number().int().positive(), noCache: z.boolean().optional() });
export type AnswerJob = z.infer<typeof AnswerJobSchema>;

export const QUEUES = { parse: 'parse', answer: 'answer' } as const;

/** Idempotent job ids: enqueueing the same document twice adds one job. */
export const parseJobId = (sha256: string) => `doc-${sha256}`;
export const answerJobId = (questionId: number) => `q-${questionId}`;
