import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
}

/**
 * One scripted reply. `content` answers 200 with a chat completion; `status` answers an error.
 * `usage: null` leaves usage out (as some local servers do); `delayMs` holds the reply back
 * (for client timeouts); `drop` destroys the socket (a connection error).
 */
export type FakeReply =
  | { content: string; usage?: FakeUsage | null; finishReason?: string; refusal?: string; delayMs?: number }
  | { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  | { drop: true };

export type FakeStep = FakeReply | ((body: any, index: number) => FakeReply | Promise<FakeReply>);

export interface FakeOpenAI {
  /** Base URL including /v1, ready for OPENAI_BASE_URL. */
  url: string;
  /** Every chat completion request body, in arrival order. */
  requests: any[];
  /** Every request as received (path and headers too), chat or not. */
  received: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; body: any }>;
  /** Appends more replies to the script. */
  push(...steps: FakeStep[]): void;
  close(): Promise<void>;
}

const DEFAULT_USAGE: FakeUsage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

/**
 * A minimal OpenAI-compatible server on loopback that answers from a script, so the LLM
 * paths run for real (HTTP, the openai client, retries) without a model or the internet.
 * When the script runs out it answers 500 "script exhausted", which fails tests loudly.
 */
export async function startFakeOpenAI(script: FakeStep[] = []): Promise<FakeOpenAI> {
  const queue = [...script];
  const requests: any[] = [];
  const received: FakeOpenAI['received'] = [];
  let served = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: any = null;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          body = raw;
        }
        const path = (req.url ?? '/').split('?')[0]!;
        received.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

        if (req.method === 'GET' && /^(\/v1)?\/models$/.test(path)) {
          return json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }] });
        }
        if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path)) {
          return json(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
        }
        requests.push(body);
        const index = served++;
        const step = queue.shift();
        const reply: FakeReply = step === undefined ? { status: 500, body: { error: { message: 'script exhausted' } } } : typeof step === 'function' ? await step(body, index) : step;

        if ('drop' in reply) {
          req.socket.destroy();
          return;
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed || req.socket.destroyed) return;
        if ('status' in reply) {
          res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
          res.end(JSON.stringify(reply.body ?? { error: { message: `scripted ${reply.status}`, type: 'server_error' } }));
          return;
        }
        const usage = reply.usage === null ? undefined : (reply.usage ?? DEFAULT_USAGE);
        json(res, 200, {
          id: `chatcmpl-fake-${index}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body?.model ?? 'fake-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
              finish_reason: reply.finishReason ?? 'stop',
            },
          ],
          ...(usage ? { usage: { total_tokens: usage.prompt_tokens + usage.completion_tokens, ...usage } } : {}),
        });
      })().catch((e) => {
        if (!res.headersSent) json(res, 500, { error: { message: String(e) } });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    received,
    push: (...steps) => queue.push(...steps),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}
