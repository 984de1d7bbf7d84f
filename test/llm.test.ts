import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.ts';
import { rows, type Database } from '../src/db/client.ts';
import { LlmSchemaError, LlmUnavailableError } from '../src/errors.ts';
import { Llm, RateLimiter, requestHash, type LlmPurpose } from '../src/llm/index.ts';
import { parseJsonReply, toModelSchema } from '../src/llm/json-schema.ts';
import { Tracer } from '../src/trace/tracer.ts';
import { freshDatabase } from './helpers/db.ts';
import { startFakeOpenAI, type FakeOpenAI, type FakeStep } from './helpers/fake-openai.ts';

const KEY = 'sk-test-SECRET-5f1d9c0e7a';
const Pick = z.object({ ids: z.array(z.number().int()), reason: z.string() });
type Pick = z.infer<typeof Pick>;

let database: Database;
let drop: () => Promise<void>;
const servers: FakeOpenAI[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase('llm');
  database = fresh.database;
  drop = fresh.drop;
});
afterAll(async () => {
  await drop?.();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(script: FakeStep[]) {
  const s = await startFakeOpenAI(script);
  servers.push(s);
  return s;
}

function llmFor(server: FakeOpenAI, env: Record<string, string> = {}, opts: Parameters<typeof Llm.fromConfig>[1] = {}) {
  const config = loadConfig({
    OPENAI_BASE_URL: server.url,
    OPENAI_API_KEY: KEY,
    DOCINTEL_MODEL: 'base-model',
    DOCINTEL_LLM_RPM: '60000',
    ...env,
  });
  const llm = Llm.fromConfig(config, { backoff: { baseMs: 1, maxMs: 5 }, ...opts });
  if (!llm) throw new Error('expected an Llm');
  return llm;
}

/** A fresh run and a unique prompt per test: the cache is keyed by the prompt, across the whole database. */
function run() {
  const runId = randomUUID();
  const tracer = new Tracer(database.db, runId, {});
  return { ctx: { db: database.db, runId, tracer }, user: `Pick sections for run ${runId}` };
}

function ask(llm: Llm, ctx: ReturnType<typeof run>['ctx'], user: string, purpose: LlmPurpose = 'route') {
  return llm.structured<Pick>(ctx, { purpose, system: 'You route questions to sections.', user, schema: Pick, schemaName: 'route_pick' });
}

type CallRow = { id: number; purpose: string; model: string; request_hash: string; request: any; response: any; prompt_tokens: number; completion_tokens: number; attempts: number; cached: boolean; error: string | null };
type TraceRow = { seq: number; stage: string; step: string; strategy: string | null; decision: string | null; tokens: number; input: any; output: any };

// Number(id): node-postgres returns bigint columns as strings.
const callsOf = async (runId: string) =>
  (await rows<CallRow>(database.db, sql`select * from llm_calls where run_id = ${runId} order by id`)).map((r) => ({ ...r, id: Number(r.id) }));
const traceOf = (runId: string) => rows<TraceRow>(database.db, sql`select * from pipeline_trace where run_id = ${runId} order by seq`);

const good = (v: Pick = { ids: [3, 4], reason: 'titles match' }) => ({ content: JSON.stringify(v), usage: { prompt_tokens: 120, completion_tokens: 17 } });

describe('Llm.structured', () => {
  it('validates a good reply, uses the per-purpose model, asks for strict JSON and records the call', async () => {
    const server = await fake([good()]);
    const llm = llmFor(server, { DOCINTEL_MODEL_ROUTE: 'route-model' });
    const { ctx, user } = run();
    const res = await ask(llm, ctx, user);
    expect(res).toEqual({ value: { ids: [3, 4], reason: 'titles match' }, tokens: { prompt: 120, completion: 17 }, cached: false, attempts: 1, repaired: false });

    const body = server.requests[0];
    expect(body.model).toBe('route-model');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'route_pick', strict: true });
    expect(body.response_format.json_schema.schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['ids', 'reason'] });
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toMatch(/JSON/);
    expect(body.messages[1]).toEqual({ role: 'user', content: user });
    expect(server.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    const calls = await callsOf(ctx.runId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ purpose: 'route', model: 'route-model', prompt_tokens: 120, completion_tokens: 17, attempts: 1, cached: false, error: null });
    expect(calls[0]!.request.body.messages[1].content).toBe(user);
    expect(calls[0]!.response.json).toEqual({ ids: [3, 4], reason: 'titles match' });
    const trace = await traceOf(ctx.runId);
    expect(trace).toHaveLength(1);
    expect(trace[0]).toMatchObject({ stage: 'llm', step: 'route', decision: 'ok', tokens: 137 });
    expect(trace[0]!.output.llmCallId).toBe(calls[0]!.id);
  });

  it('falls back to DOCINTEL_MODEL for a purpose without its own model', async () => {
    const server = await fake([good()]);
    const { ctx, user } = run();
    await ask(llmFor(server, { DOCINTEL_MODEL_ROUTE: 'route-model' }), ctx, user, 'merge');
    expect(server.requests[0].model).toBe('base-model');
  });

  it('retries a 500 and succeeds, counting the attempt', async () => {
    const server = await fake([{ status: 500 }, good()]);
    const { ctx, user } = run();
    const res = await ask(llmFor(server), ctx, user);
    expect(res.attempts).toBe(2);
    expect(res.value.ids).toEqual([3, 4]);
    expect(server.requests).toHaveLength(2);
    const calls = await callsOf(ctx.runId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ attempts: 2, error: null });
  });

  it('retries a 429 and honours Retry-After', async () => {
    const server = await fake([{ status: 429, headers: { 'retry-after': '0' } }, { status: 429, headers: { 'retry-after-ms': '300' } }, good()]);
    const { ctx, user } = run();
    const t0 = performance.now();
    const res = await ask(llmFor(server), ctx, user);
    const elapsed = performance.now() - t0;
    expect(res.attempts).toBe(3);
    // Backoff base is 1 ms here, so only the server's Retry-After can explain the wait.
    expect(elapsed).toBeGreaterThanOrEqual(280);
  });

  it('retries a client timeout and a dropped connection', async () => {
    const server = await fake([{ ...good(), delayMs: 1500 }, { drop: true }, good()]);
    const { ctx, user } = run();
    const res = await ask(llmFor(server, { DOCINTEL_LLM_TIMEOUT_MS: '200' }), ctx, user);
    expect(res.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up with LlmUnavailableError when retries run out, and records the failure', async () => {
    const server = await fake([{ status: 503 }, { status: 502 }, { status: 500 }]);
    const { ctx, user } = run();
    const err = await ask(llmFor(server, { DOCINTEL_LLM_MAX_RETRIES: '1' }), ctx, user).catch((e) => e);
    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect(server.requests).toHaveLength(2);
    const calls = await callsOf(ctx.runId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ attempts: 2, response: null, cached: false });
    expect(calls[0]!.error).toMatch(/502/);
    const trace = await traceOf(ctx.runId);
    expect(trace.map((t) => [t.step, t.decision])).toEqual([['route', 'failed']]);
  });

  it('does not retry a 400', async () => {
    const server = await fake([{ status: 400, body: { error: { message: 'bad request' } } }, good()]);
    const { ctx, user } = run();
    await expect(ask(llmFor(server), ctx, user)).rejects.toBeInstanceOf(LlmUnavailableError);
    expect(server.requests).toHaveLength(1);
  });

  it('accepts JSON inside ```json fences without a repair turn', async () => {
    const server = await fake([{ content: 'Here you go:\n```json\n{"ids":[7],"reason":"fenced"}\n```' }]);
    const { ctx, user } = run();
    const res = await ask(llmFor(server), ctx, user);
    expect(res).toMatchObject({ value: { ids: [7], reason: 'fenced' }, repaired: false, attempts: 1 });
  });

  it('repairs a malformed reply once, sending the validation errors back', async () => {
    const fixed = await fake([
      { content: '{"ids": [1, "two"]}', usage: { prompt_tokens: 100, completion_tokens: 9 } },
      (body) => {
        const last = body.messages.at(-1).content as string;
        return last.includes('ids.1') && last.includes('reason') ? { content: '{"ids":[1,2],"reason":"fixed"}', usage: { prompt_tokens: 150, completion_tokens: 12 } } : { content: 'still wrong' };
      },
    ]);
    const { ctx, user } = run();
    const res = await ask(llmFor(fixed), ctx, user);
    expect(res).toEqual({ value: { ids: [1, 2], reason: 'fixed' }, tokens: { prompt: 250, completion: 21 }, cached: false, attempts: 2, repaired: true });

    const repairMsgs = fixed.requests[1].messages;
    expect(repairMsgs.slice(0, 2)).toEqual(fixed.requests[0].messages);
    expect(repairMsgs[2]).toEqual({ role: 'assistant', content: '{"ids": [1, "two"]}' });
    expect(repairMsgs[3].role).toBe('user');

    const calls = await callsOf(ctx.runId);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.error).toMatch(/^schema_invalid: /);
    expect(calls[1]).toMatchObject({ error: null });
    expect(calls[1]!.request.repairOf).toBe(calls[0]!.id);
    expect(calls[1]!.request_hash).toBe(calls[0]!.request_hash);
    const trace = await traceOf(ctx.runId);
    expect(trace).toHaveLength(1);
    expect(trace[0]).toMatchObject({ step: 'route', decision: 'repaired', tokens: 271 });
    expect(trace[0]!.output.problems.join(' ')).toMatch(/ids\.1/);
  });

  it('repairs unparseable JSON too', async () => {
    const server = await fake([{ content: '{"ids": [1], "reason": ' }, good({ ids: [1], reason: 'complete now' })]);
    const { ctx, user } = run();
    const res = await ask(llmFor(server), ctx, user);
    expect(res).toMatchObject({ repaired: true, value: { ids: [1], reason: 'complete now' } });
    expect(server.requests[1].messages[3].content).toMatch(/not valid JSON/);
  });

  it('throws LlmSchemaError when the repair fails too, with failed rows and a schema_failed trace row', async () => {
    const server = await fake([{ content: 'I think sections 3 and 4.' }, { content: '{"ids": "3,4"}' }]);
    const { ctx, user } = run();
    const err = await ask(llmFor(server), ctx, user).catch((e) => e);
    expect(err).toBeInstanceOf(LlmSchemaError);
    expect(err.code).toBe('llm_schema');
    const calls = await callsOf(ctx.runId);
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.error !== null)).toBe(true);
    expect(calls[1]!.error).toMatch(/schema_invalid_after_repair/);
    expect(calls[1]!.response.content).toBe('{"ids": "3,4"}');
    const trace = await traceOf(ctx.runId);
    expect(trace.map((t) => [t.step, t.decision])).toEqual([
      ['schema_failed', 'failed'],
      ['route', 'failed'],
    ]);
    expect(trace[0]!.strategy).toBe('route');
    expect(trace[0]!.output.problemsAfterRepair.length).toBeGreaterThan(0);

    // A failed call is never replayed: a rerun asks the model again.
    server.push(good());
    const again = await ask(llmFor(server), run().ctx, user);
    expect(again.cached).toBe(false);
    expect(server.requests).toHaveLength(3);
  });

  it('estimates tokens when the server sends no usage', async () => {
    const server = await fake([{ content: '{"ids":[1],"reason":"no usage here"}', usage: null }]);
    const { ctx, user } = run();
    const res = await ask(llmFor(server), ctx, user);
    expect(res.tokens.prompt).toBeGreaterThan(10);
    expect(res.tokens.completion).toBe(Math.ceil('{"ids":[1],"reason":"no usage here"}'.length / 4));
    const [call] = await callsOf(ctx.runId);
    expect(call!.response.usage.estimated).toBe(true);
  });
});

describe('replay cache', () => {
  it('replays a rerun from llm_calls without any HTTP call', async () => {
    const server = await fake([good({ ids: [9], reason: 'first' })]);
    const first = run();
    const live = await ask(llmFor(server), first.ctx, first.user);
    expect(live.cached).toBe(false);

    const second = run();
    const replay = await ask(llmFor(server), second.ctx, first.user);
    expect(server.requests).toHaveLength(1);
    expect(replay).toEqual({ value: live.value, tokens: { prompt: 0, completion: 0 }, cached: true, attempts: 0, repaired: false });

    const [liveRow] = await callsOf(first.ctx.runId);
    const [row] = await callsOf(second.ctx.runId);
    expect(row).toMatchObject({ cached: true, prompt_tokens: 0, completion_tokens: 0, attempts: 0, error: null, request_hash: liveRow!.request_hash });
    expect(row!.response.replayOf).toBe(liveRow!.id);
    expect(row!.response.usage).toMatchObject({ prompt: 120, completion: 17 });
    const trace = await traceOf(second.ctx.runId);
    expect(trace[0]).toMatchObject({ step: 'route', decision: 'cached', tokens: 0 });
  });

  it('replays a repaired answer', async () => {
    const server = await fake([{ content: 'nope' }, good({ ids: [5], reason: 'repaired' })]);
    const first = run();
    await ask(llmFor(server), first.ctx, first.user);
    const replay = await ask(llmFor(server), run().ctx, first.user);
    expect(server.requests).toHaveLength(2);
    expect(replay).toMatchObject({ cached: true, repaired: true, value: { ids: [5], reason: 'repaired' } });
  });

  it('misses when anything in the request changes (purpose, model, prompt)', async () => {
    const server = await fake([good(), good(), good()]);
    const { ctx, user } = run();
    await ask(llmFor(server), ctx, user, 'route');
    await ask(llmFor(server), ctx, user, 'extract');
    await ask(llmFor(server, { DOCINTEL_MODEL: 'other-model' }), ctx, user, 'route');
    expect(server.requests).toHaveLength(3);
  });

  it('is bypassed by noCache and by DOCINTEL_LLM_CACHE=off', async () => {
    const server = await fake([good({ ids: [1], reason: 'a' }), good({ ids: [2], reason: 'b' }), good({ ids: [3], reason: 'c' })]);
    const { ctx, user } = run();
    await ask(llmFor(server), ctx, user);
    const viaOpt = await ask(llmFor(server, {}, { noCache: true }), ctx, user);
    expect(viaOpt).toMatchObject({ cached: false, value: { ids: [2] } });
    const viaEnv = await ask(llmFor(server, { DOCINTEL_LLM_CACHE: 'off' }), ctx, user);
    expect(viaEnv).toMatchObject({ cached: false, value: { ids: [3] } });
    expect(server.requests).toHaveLength(3);
    // The newest live answer is what later cached runs replay.
    const replay = await ask(llmFor(server), ctx, user);
    expect(replay).toMatchObject({ cached: true, value: { ids: [3] } });
  });
});

describe('configuration and secrets', () => {
  it('fromConfig returns null without a key or base URL', () => {
    expect(Llm.fromConfig(loadConfig({}))).toBeNull();
    expect(Llm.fromConfig(loadConfig({ OPENAI_API_KEY: KEY }))).toBeInstanceOf(Llm);
    expect(Llm.fromConfig(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }))).toBeInstanceOf(Llm);
  });

  it('works against a keyless local server', async () => {
    const server = await fake([good(), good()]);
    const llm = Llm.fromConfig(loadConfig({ OPENAI_BASE_URL: server.url }), { backoff: { baseMs: 1 } })!;
    const { ctx, user } = run();
    expect((await ask(llm, ctx, user)).value.ids).toEqual([3, 4]);
    // Local servers get max_tokens; api.openai.com would get max_completion_tokens.
    await llm.structured(ctx, { purpose: 'answer', system: 's', user: `${user} again`, schema: Pick, schemaName: 'p', maxTokens: 50 });
    expect(server.requests[1].max_tokens).toBe(50);
  });

  it('never writes the API key to llm_calls, pipeline_trace or JSON', async () => {
    const server = await fake([
      { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error' } } },
      { content: 'bad' },
      { content: 'still bad' },
      good(),
    ]);
    const llm = llmFor(server);
    const { ctx, user } = run();
    await expect(ask(llm, ctx, user)).rejects.toBeInstanceOf(LlmUnavailableError);
    await expect(ask(llm, ctx, `${user} 2`)).rejects.toBeInstanceOf(LlmSchemaError);
    await ask(llm, ctx, `${user} 3`);
    await ask(llm, ctx, `${user} 3`); // cached
    const calls = await rows<{ t: string }>(database.db, sql`select row_to_json(c)::text as t from llm_calls c`);
    const trace = await rows<{ t: string }>(database.db, sql`select row_to_json(p)::text as t from pipeline_trace p`);
    expect(calls.length).toBeGreaterThan(0);
    for (const r of [...calls, ...trace]) expect(r.t).not.toContain(KEY);
    expect(calls.some((r) => r.t.includes('[redacted]'))).toBe(true);
    expect(JSON.stringify(llm)).not.toContain(KEY);
  });
});

describe('helpers', () => {
  it('request hash ignores key order', () => {
    const base = { model: 'm', purpose: 'route', messages: [{ role: 'user', content: 'q' }], schemaName: 's' };
    expect(requestHash({ ...base, jsonSchema: { a: 1, b: { c: 2, d: 3 } } })).toBe(requestHash({ ...base, jsonSchema: { b: { d: 3, c: 2 }, a: 1 } }));
    expect(requestHash({ ...base, jsonSchema: {} })).not.toBe(requestHash({ ...base, model: 'n', jsonSchema: {} }));
  });

  it('marks schemas with optional fields as non-strict', () => {
    expect(toModelSchema(Pick).strict).toBe(true);
    expect(toModelSchema(z.object({ a: z.string().optional() })).strict).toBe(false);
    expect(toModelSchema(z.array(z.string())).objectRoot).toBe(false);
  });

  it('parses fenced and prefixed JSON', () => {
    expect(parseJsonReply('```json\n{"a":1}\n```')).toEqual({ ok: true, json: { a: 1 } });
    expect(parseJsonReply('Sure! {"a":[1]} hope that helps')).toEqual({ ok: true, json: { a: [1] } });
    expect(parseJsonReply('no json').ok).toBe(false);
  });

  it('rate limiter spaces requests beyond the burst and honours a pause', async () => {
    const limiter = new RateLimiter(600, { burst: 2 }); // 10 per second
    const t0 = performance.now();
    await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    expect(performance.now() - t0).toBeGreaterThanOrEqual(180);

    const paused = new RateLimiter(60_000);
    paused.pauseFor(150);
    const t1 = performance.now();
    await paused.acquire();
    expect(performance.now() - t1).toBeGreaterThanOrEqual(140);
  });
});
