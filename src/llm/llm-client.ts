import type { Limiter } from './redis-rate-limiter.ts';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { LlmSchemaError, LlmUnavailableError } from '../errors.ts';
import type { Tracer } from '../trace/tracer.ts';
import { describeIssues, parseJsonReply, safeSchemaName, toModelSchema } from './json-schema.ts';
import { findCached, recordCall, type StoredResponse } from './llm-cache.ts';
import { sharedRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { canonicalJson, requestHash } from './request-hash.ts';
import { DEFAULT_BACKOFF, describeApiError, isRetryable, retryAfterMs, retryDelayMs, type BackoffOptions } from './retry.ts';
import { estimateMessagesTokens, estimateTokens } from './token-count.ts';

export const LLM_PURPOSES = ['route', 'extract', 'answer', 'classify', 'merge'] as const;
export type LlmPurpose = (typeof LLM_PURPOSES)[number];

export interface LlmCallContext {
  db: Db;
  runId: string;
  questionId?: number | null;
  tracer?: Tracer | null;
}

export interface StructuredRequest<T> {
  purpose: LlmPurpose;
  system: string;
  user: string;
  schema: z.ZodType<T>;
  schemaName: string;
  maxTokens?: number;
}

export interface StructuredResult<T> {
  value: T;
  /** Tokens spent by this call; 0/0 for a cache replay (the original counts stay in llm_calls.response). */
  tokens: { prompt: number; completion: number };
  cached: boolean;
  /** HTTP requests made, retries and the repair turn included; 0 for a replay. */
  attempts: number;
  repaired: boolean;
}

/** The subset of a pino logger this module uses; never given the API key. */
export interface LlmLogger {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface LlmSettings {
  baseURL?: string;
  apiKey?: string;
  models: Record<LlmPurpose, string>;
  maxRetries: number;
  timeoutMs: number;
  rpm: number;
  cache: boolean;
  fetch?: typeof fetch;
  backoff?: Partial<BackoffOptions>;
  /**
   * Repeat the JSON schema in the system prompt. Servers that ignore response_format
   * (several local ones) otherwise never see the schema; costs a few hundred prompt tokens.
   */
  schemaInPrompt?: boolean;
  rateLimiter?: Limiter;
  logger?: LlmLogger;
}

export interface FromConfigOptions {
  noCache?: boolean;
  fetch?: typeof fetch;
  backoff?: Partial<BackoffOptions>;
  schemaInPrompt?: boolean;
  rateLimiter?: Limiter;
  logger?: LlmLogger;
}

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

interface Exchange {
  content: string;
  finishReason: string | null;
  refusal: string | null;
  usage: { prompt: number; completion: number; estimated: boolean };
  attempts: number;
  latencyMs: number;
}

class ExchangeFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly attempts: number,
    readonly latencyMs: number,
  ) {
    super('llm exchange failed');
  }
}

type Checked<T> = { ok: true; json: unknown; value: T } | { ok: false; problems: string[] };

/** Largest value copied whole into a trace row; bigger ones are shown as a preview. */
const TRACE_VALUE_CHARS = 4000;

/**
 * The one door to the model. Everything that makes LLM use auditable and cheap to rerun
 * lives here: per-purpose models, JSON-schema replies validated by zod with one repair turn,
 * retries with backoff, a process-wide rate limit, replay from llm_calls by request hash,
 * and an llm_calls row (plus a pipeline_trace row) for every call, failures included.
 */
export class Llm {
  // `#` fields stay out of JSON.stringify / pino serialisation: the client holds the API key.
  readonly #client: OpenAI;
  readonly #apiKey: string | undefined;
  readonly #limiter: Limiter;
  readonly #backoff: BackoffOptions;
  readonly #settings: Omit<LlmSettings, 'apiKey' | 'fetch' | 'rateLimiter' | 'logger'>;
  readonly #logger: LlmLogger | undefined;
  readonly #useMaxCompletionTokens: boolean;

  constructor(settings: LlmSettings) {
    const { apiKey, fetch: fetchImpl, rateLimiter, logger, ...rest } = settings;
    this.#settings = rest;
    this.#apiKey = apiKey;
    this.#logger = logger;
    this.#backoff = { ...DEFAULT_BACKOFF, ...(settings.backoff ?? {}) };
    this.#client = new OpenAI({
      // Local OpenAI-compatible servers need no key, but the client refuses to start without one.
      apiKey: apiKey || 'not-needed',
      baseURL: settings.baseURL,
      timeout: settings.timeoutMs,
      // Retries are ours: the client's backoff is fixed at 0.5 s..8 s and could not be tested or traced.
      maxRetries: 0,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
    this.#limiter = rateLimiter ?? sharedRateLimiter(settings.baseURL ?? 'https://api.openai.com/v1', settings.rpm);
    // OpenAI rejects max_tokens for reasoning models; most local servers only know max_tokens.
    this.#useMaxCompletionTokens = !settings.baseURL || /(^|\.)openai\.com$/i.test(hostOf(settings.baseURL));
  }

  /** null when neither a key nor a base URL is configured: callers take their deterministic path. */
  static fromConfig(config: Config, opts: FromConfigOptions = {}): Llm | null {
    if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) return null;
    const base = config.DOCINTEL_MODEL;
    return new Llm({
      baseURL: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      models: {
        route: config.DOCINTEL_MODEL_ROUTE ?? base,
        extract: config.DOCINTEL_MODEL_EXTRACT ?? base,
        answer: config.DOCINTEL_MODEL_ANSWER ?? base,
        classify: config.DOCINTEL_MODEL_CLASSIFY ?? base,
        merge: config.DOCINTEL_MODEL_MERGE ?? base,
      },
      maxRetries: config.DOCINTEL_LLM_MAX_RETRIES,
      timeoutMs: config.DOCINTEL_LLM_TIMEOUT_MS,
      rpm: config.DOCINTEL_LLM_RPM,
      cache: config.DOCINTEL_LLM_CACHE === 'on' && !opts.noCache,
      fetch: opts.fetch,
      backoff: opts.backoff ?? { baseMs: config.DOCINTEL_LLM_BACKOFF_MS },
      schemaInPrompt: opts.schemaInPrompt,
      rateLimiter: opts.rateLimiter,
      logger: opts.logger,
    });
  }

  modelFor(purpose: LlmPurpose): string {
    return this.#settings.models[purpose];
  }

  get cacheEnabled(): boolean {
    return this.#settings.cache;
  }

  /** Safe to log: no key, and no credentials a base URL might carry (http://user:pass@host). */
  toJSON() {
    return { baseURL: this.#settings.baseURL ? withoutCredentials(this.#settings.baseURL) : null, models: this.#settings.models, cache: this.#settings.cache };
  }

  async structured<T>(ctx: LlmCallContext, req: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const t0 = performance.now();
    const model = this.modelFor(req.purpose);
    const schemaName = safeSchemaName(req.schemaName);
    const modelSchema = toModelSchema(req.schema);
    const messages: Message[] = [
      { role: 'system', content: this.systemPrompt(req.system, schemaName, modelSchema.jsonSchema) },
      { role: 'user', content: req.user },
    ];
    const hash = requestHash({ model, purpose: req.purpose, messages, schemaName, jsonSchema: modelSchema.jsonSchema, maxTokens: req.maxTokens });
    const questionId = ctx.questionId ?? null;
    const row = { runId: ctx.runId, questionId, purpose: req.purpose, model, requestHash: hash };
    const traceInput = {
      model,
      schemaName,
      requestHash: hash,
      promptChars: messages.reduce((n, m) => n + m.content.length, 0),
      user: preview(req.user, 600),
    };

    if (this.#settings.cache) {
      const hit = await findCached(ctx.db, hash);
      const replay = hit ? this.check(req.schema, hit.response.json) : null;
      if (hit && replay?.ok) {
        const id = await recordCall(ctx.db, {
          ...row,
          request: { replayOf: hit.id },
          response: { ...hit.response, replayOf: hit.id },
          promptTokens: 0,
          completionTokens: 0,
          latencyMs: performance.now() - t0,
          attempts: 0,
          cached: true,
          error: null,
        });
        await ctx.tracer?.record({
          stage: 'llm',
          step: req.purpose,
          input: traceInput,
          output: { llmCallId: id, replayOf: hit.id, originalUsage: hit.response.usage, ...traceValue(replay.value) },
          decision: 'cached',
          tokens: 0,
          durationMs: performance.now() - t0,
        });
        return { value: replay.value, tokens: { prompt: 0, completion: 0 }, cached: true, attempts: 0, repaired: Boolean(hit.response.repaired) };
      }
    }

    const totals = { prompt: 0, completion: 0, attempts: 0 };
    const callIds: number[] = [];
    const failUnavailable = async (e: ExchangeFailed, body: ChatCompletionCreateParamsNonStreaming, repairOf: number | null) => {
      totals.attempts += e.attempts;
      const error = this.redact(describeApiError(e.cause));
      callIds.push(
        await recordCall(ctx.db, {
          ...row,
          request: this.auditRequest(body, req.purpose, schemaName, repairOf),
          response: null,
          promptTokens: 0,
          completionTokens: 0,
          latencyMs: e.latencyMs,
          attempts: e.attempts,
          cached: false,
          error,
        }),
      );
      await ctx.tracer?.record({
        stage: 'llm',
        step: req.purpose,
        input: traceInput,
        output: { llmCallIds: callIds, attempts: totals.attempts, error },
        decision: 'failed',
        tokens: totals.prompt + totals.completion,
        durationMs: performance.now() - t0,
      });
      return new LlmUnavailableError('llm_unavailable', `${req.purpose} call to ${model} failed after ${e.attempts} attempt(s): ${error}`, { questionId: questionId ?? undefined }, { cause: e.cause });
    };

    // First turn.
    const body = this.body(model, messages, schemaName, modelSchema, req.maxTokens);
    let first: Exchange;
    try {
      first = await this.exchange(body, req.purpose);
    } catch (e) {
      throw await failUnavailable(e as ExchangeFailed, body, null);
    }
    totals.prompt += first.usage.prompt;
    totals.completion += first.usage.completion;
    totals.attempts += first.attempts;
    const firstCheck = this.checkReply(req.schema, first);
    const firstId = await recordCall(ctx.db, {
      ...row,
      request: this.auditRequest(body, req.purpose, schemaName, null),
      response: this.stored(first, firstCheck.ok ? firstCheck.json : null, false),
      promptTokens: first.usage.prompt,
      completionTokens: first.usage.completion,
      latencyMs: first.latencyMs,
      attempts: first.attempts,
      cached: false,
      error: firstCheck.ok ? null : `schema_invalid: ${firstCheck.problems.join('; ')}`,
    });
    callIds.push(firstId);
    if (firstCheck.ok) {
      await ctx.tracer?.record({
        stage: 'llm',
        step: req.purpose,
        input: traceInput,
        output: { llmCallId: firstId, attempts: totals.attempts, ...traceValue(firstCheck.value) },
        decision: 'ok',
        tokens: totals.prompt + totals.completion,
        durationMs: performance.now() - t0,
      });
      return { value: firstCheck.value, tokens: { prompt: totals.prompt, completion: totals.completion }, cached: false, attempts: totals.attempts, repaired: false };
    }

    // One repair turn: show the model its reply and what was wrong with it.
    const repairMessages: Message[] = [
      ...messages,
      { role: 'assistant', content: first.content || first.refusal || '' },
      { role: 'user', content: this.repairPrompt(schemaName, firstCheck.problems, first.finishReason) },
    ];
    const repairBody = this.body(model, repairMessages, schemaName, modelSchema, req.maxTokens);
    let second: Exchange;
    try {
      second = await this.exchange(repairBody, req.purpose);
    } catch (e) {
      throw await failUnavailable(e as ExchangeFailed, repairBody, firstId);
    }
    totals.prompt += second.usage.prompt;
    totals.completion += second.usage.completion;
    totals.attempts += second.attempts;
    const secondCheck = this.checkReply(req.schema, second);
    // Stored under the original hash: the hash names the caller's request, so a rerun replays the repaired answer.
    const secondId = await recordCall(ctx.db, {
      ...row,
      request: this.auditRequest(repairBody, req.purpose, schemaName, firstId),
      response: this.stored(second, secondCheck.ok ? secondCheck.json : null, true),
      promptTokens: second.usage.prompt,
      completionTokens: second.usage.completion,
      latencyMs: second.latencyMs,
      attempts: second.attempts,
      cached: false,
      error: secondCheck.ok ? null : `schema_invalid_after_repair: ${secondCheck.problems.join('; ')}`,
    });
    callIds.push(secondId);
    if (secondCheck.ok) {
      await ctx.tracer?.record({
        stage: 'llm',
        step: req.purpose,
        input: traceInput,
        output: { llmCallIds: callIds, attempts: totals.attempts, problems: firstCheck.problems, ...traceValue(secondCheck.value) },
        decision: 'repaired',
        tokens: totals.prompt + totals.completion,
        durationMs: performance.now() - t0,
      });
      return { value: secondCheck.value, tokens: { prompt: totals.prompt, completion: totals.completion }, cached: false, attempts: totals.attempts, repaired: true };
    }

    await ctx.tracer?.record({
      stage: 'llm',
      step: 'schema_failed',
      strategy: req.purpose,
      input: traceInput,
      output: {
        llmCallIds: callIds,
        problems: firstCheck.problems,
        problemsAfterRepair: secondCheck.problems,
        reply: preview(first.content, 1000),
        repairReply: preview(second.content, 1000),
      },
      decision: 'failed',
      tokens: totals.prompt + totals.completion,
      durationMs: performance.now() - t0,
    });
    await ctx.tracer?.record({
      stage: 'llm',
      step: req.purpose,
      input: traceInput,
      output: { llmCallIds: callIds, attempts: totals.attempts, error: 'schema_failed' },
      decision: 'failed',
      tokens: totals.prompt + totals.completion,
      durationMs: performance.now() - t0,
    });
    throw new LlmSchemaError(
      'llm_schema',
      `${req.purpose} reply from ${model} did not match ${schemaName} after one repair: ${secondCheck.problems.slice(0, 5).join('; ')}`,
      { questionId: questionId ?? undefined },
    );
  }

  /** One model turn with retries. Throws ExchangeFailed carrying the last error and attempt count. */
  private async exchange(body: ChatCompletionCreateParamsNonStreaming, purpose: LlmPurpose): Promise<Exchange> {
    const t0 = performance.now();
    const maxAttempts = this.#settings.maxRetries + 1;
    for (let attempt = 1; ; attempt++) {
      await this.#limiter.acquire();
      try {
        const completion = await this.#client.chat.completions.create(body);
        const choice = completion.choices[0];
        const content = choice?.message?.content ?? '';
        const refusal = choice?.message?.refusal ?? null;
        const u = completion.usage;
        const usage =
          u && typeof u.prompt_tokens === 'number'
            ? { prompt: u.prompt_tokens, completion: u.completion_tokens ?? 0, estimated: false }
            : { prompt: estimateMessagesTokens(body.messages as Message[]), completion: estimateTokens(content), estimated: true };
        return { content, refusal, finishReason: choice?.finish_reason ?? null, usage, attempts: attempt, latencyMs: performance.now() - t0 };
      } catch (e) {
        if (!isRetryable(e) || attempt >= maxAttempts) throw new ExchangeFailed(e, attempt, performance.now() - t0);
        const wait = retryDelayMs(attempt, e, this.#backoff);
        if (retryAfterMs(e) !== null) this.#limiter.pauseFor(wait);
        this.#logger?.warn({ purpose, model: body.model, attempt, waitMs: Math.round(wait), error: this.redact(describeApiError(e)) }, 'llm call failed, retrying');
        await sleep(wait);
      }
    }
  }

  private check<T>(schema: z.ZodType<T>, json: unknown): Checked<T> {
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, json, value: parsed.data } : { ok: false, problems: describeIssues(parsed.error) };
  }

  private checkReply<T>(schema: z.ZodType<T>, ex: Exchange): Checked<T> {
    if (!ex.content && ex.refusal) return { ok: false, problems: [`model refused: ${ex.refusal}`] };
    const parsed = parseJsonReply(ex.content);
    if (!parsed.ok) {
      const cut = ex.finishReason === 'length' ? ' (reply was cut off at the token limit)' : '';
      return { ok: false, problems: [parsed.error + cut] };
    }
    return this.check(schema, parsed.json);
  }

  private systemPrompt(system: string, schemaName: string, jsonSchema: unknown): string {
    const rule = 'Reply with a single JSON value only: no prose, no markdown, no code fences.';
    if (this.#settings.schemaInPrompt === false) return `${system.trim()}\n\n${rule}`;
    return `${system.trim()}\n\n${rule} It must match the JSON schema "${schemaName}":\n${JSON.stringify(jsonSchema)}`;
  }

  private repairPrompt(schemaName: string, problems: string[], finishReason: string | null): string {
    const shorter = finishReason === 'length' ? '\nYour reply was cut off at the token limit: keep the corrected reply shorter.' : '';
    return `Your reply does not match the JSON schema "${schemaName}":\n${problems.map((p) => `- ${p}`).join('\n')}${shorter}\nReply again with the corrected JSON only.`;
  }

  private body(
    model: string,
    messages: Message[],
    schemaName: string,
    modelSchema: ReturnType<typeof toModelSchema>,
    maxTokens: number | undefined,
  ): ChatCompletionCreateParamsNonStreaming {
    const body: ChatCompletionCreateParamsNonStreaming = { model, messages };
    if (modelSchema.objectRoot) {
      body.response_format = { type: 'json_schema', json_schema: { name: schemaName, schema: modelSchema.jsonSchema, strict: modelSchema.strict } };
    }
    if (maxTokens !== undefined) {
      if (this.#useMaxCompletionTokens) body.max_completion_tokens = maxTokens;
      else body.max_tokens = maxTokens;
    }
    return body;
  }

  /** The request as stored in llm_calls: the wire body (never headers, so never the key) plus our labels. */
  private auditRequest(body: ChatCompletionCreateParamsNonStreaming, purpose: LlmPurpose, schemaName: string, repairOf: number | null) {
    return { purpose, schemaName, ...(repairOf !== null ? { repairOf } : {}), body };
  }

  private stored(ex: Exchange, json: unknown, repaired: boolean): StoredResponse {
    return { content: ex.content, json: json ?? null, usage: ex.usage, finishReason: ex.finishReason, repaired };
  }

  /** Some providers echo (part of) the key in 401 messages; it must not reach the database or logs. */
  private redact(text: string): string {
    const key = this.#apiKey;
    if (!key || key.length < 6) return text;
    return text.split(key).join('[redacted]');
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '(unparseable base URL)';
  }
}

function preview(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

function traceValue(value: unknown): { value: unknown } | { valuePreview: string } {
  const json = canonicalJson(value ?? null);
  return json.length <= TRACE_VALUE_CHARS ? { value } : { valuePreview: preview(json, TRACE_VALUE_CHARS) };
}

function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms));
}
