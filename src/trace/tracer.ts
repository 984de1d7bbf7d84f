import { pipelineTrace } from '../db/schema.ts';
import type { Db } from '../db/client.ts';

export interface TraceStep {
  stage: string; // understand | route | list | merge | verify | answer | llm | parse | toc
  step: string;
  iteration?: number | null;
  strategy?: string | null;
  input?: unknown;
  output?: unknown;
  keywordsBefore?: string[] | null;
  keywordsAfter?: string[] | null;
  decision?: string | null;
  tokens?: number;
  durationMs?: number;
}

/**
 * Appends pipeline_trace rows for one question or document, numbering them in order.
 * Rows are written as they happen (not batched at the end) so a crashed job still
 * leaves the trail that explains how far it got.
 */
export class Tracer {
  private seq = 0;
  constructor(
    private readonly db: Db,
    readonly runId: string,
    readonly target: { questionId?: number; documentId?: number; corpusQuestionId?: number },
  ) {}

  async record(step: TraceStep): Promise<void> {
    this.seq += 1;
    await this.db.insert(pipelineTrace).values({
      runId: this.runId,
      questionId: this.target.questionId ?? null,
      documentId: this.target.documentId ?? null,
      corpusQuestionId: this.target.corpusQuestionId ?? null,
      seq: this.seq,
      stage: step.stage,
      step: step.step,
      iteration: step.iteration ?? null,
      strategy: step.strategy ?? null,
      input: (step.input ?? null) as never,
      output: (step.output ?? null) as never,
      keywordsBefore: step.keywordsBefore ?? null,
      keywordsAfter: step.keywordsAfter ?? null,
      decision: step.decision ?? null,
      tokens: step.tokens ?? 0,
      durationMs: Math.round(step.durationMs ?? 0),
    });
  }

  /** Times `fn` and records one step with its output; `describe` turns the result into the row. */
  async timed<T>(base: Omit<TraceStep, 'durationMs' | 'output'>, fn: () => Promise<T>, describe?: (r: T) => Partial<TraceStep>): Promise<T> {
    const t0 = performance.now();
    const result = await fn();
    await this.record({ ...base, ...(describe ? describe(result) : {}), durationMs: performance.now() - t0 });
    return result;
  }
}
