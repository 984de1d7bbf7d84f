import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { llmCalls } from '../db/schema.ts';

/** What a successful llm_calls row keeps in `response`: enough to replay without the model. */
export interface StoredResponse {
  /** The raw text the model sent (for people reading the audit). */
  content: string;
  /** The parsed JSON before zod: replay re-runs the schema so transforms/defaults apply again. */
  json: unknown;
  usage: { prompt: number; completion: number; estimated: boolean };
  finishReason?: string | null;
  repaired?: boolean;
  /** Set on replay rows: which live row the answer came from, and its original token counts. */
  replayOf?: number;
}

export interface CachedCall {
  id: number;
  response: StoredResponse;
}

/**
 * Latest successful live call for this logical request. "Latest" so that a rerun with
 * noCache refreshes what later cached runs replay. A repair turn is stored under its
 * origin's hash (see llm-client), so a repaired answer replays too.
 */
export async function findCached(db: Db, requestHash: string): Promise<CachedCall | null> {
  const found = await db
    .select({ id: llmCalls.id, response: llmCalls.response })
    .from(llmCalls)
    .where(and(eq(llmCalls.requestHash, requestHash), isNull(llmCalls.error), eq(llmCalls.cached, false), isNotNull(llmCalls.response)))
    .orderBy(desc(llmCalls.id))
    .limit(1);
  const row = found[0];
  if (!row || !row.response || typeof row.response !== 'object') return null;
  return { id: row.id, response: row.response as StoredResponse };
}

export interface CallRow {
  runId: string;
  questionId: number | null;
  purpose: string;
  model: string;
  requestHash: string;
  request: unknown;
  response: StoredResponse | { content: string | null; [k: string]: unknown } | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  attempts: number;
  cached: boolean;
  error: string | null;
}

export async function recordCall(db: Db, row: CallRow): Promise<number> {
  const inserted = await db
    .insert(llmCalls)
    .values({
      ...row,
      request: row.request as never,
      response: (row.response ?? null) as never,
      latencyMs: Math.round(row.latencyMs),
    })
    .returning({ id: llmCalls.id });
  return inserted[0]!.id;
}
