import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin/docintel.js');

export type LogLine = { msg?: string; pid?: number; documentId?: number; level?: number; [k: string]: unknown };

/** A `docintel` child process with its stdout, stderr and parsed JSON log lines. */
export interface Proc {
  child: ChildProcess;
  pid: number;
  logs: LogLine[];
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The parent's environment without any docintel/database/redis settings, so each child gets exactly what the test gives it. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('DOCINTEL_') || k === 'DATABASE_URL' || k === 'REDIS_URL' || k.startsWith('OPENAI_') || k.startsWith('VITEST')) continue;
    env[k] = v;
  }
  return { ...env, NODE_ENV: 'production', DOCINTEL_FROM_SOURCE: '1', ...extra };
}

/** Runs the CLI (bin/docintel.js) with the given arguments and environment. */
export function run(args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let partial = '';
  const logs: LogLine[] = [];
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => {
    const s = c.toString();
    err += s;
    partial += s;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        /* not a log line */
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pid: child.pid!, logs, stdout: () => out, stderr: () => err, exited };
}

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs: number, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves when a `docintel worker` child has logged that it started. */
export const started = (p: Proc) => waitFor(`worker ${p.pid} to start (stderr: ${p.stderr().slice(-500)})`, () => p.logs.some((l) => l.msg === 'worker started'), 30_000);

export async function withTimeout<T>(what: string, p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, rej) => (timer = setTimeout(() => rej(new Error(`timed out after ${ms} ms: ${what}`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs the children still running (afterAll of a test file that spawned them). */
export function killAll(procs: Proc[]): void {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}
