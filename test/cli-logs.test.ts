import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanLine } from '../src/log.ts';
import { makePdf } from './helpers/make-pdf.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin/docintel.js');

type Result = { code: number | null; stdout: string; stderr: string };

/** Lines of stderr that are JSON log records. */
const jsonLines = (stderr: string) => stderr.split(/\r?\n/).filter((l) => l.trimStart().startsWith('{'));

/** The CLI on an embedded database in a temp folder; `extra` is all the docintel settings it gets. */
describe('CLI logs: short human lines on stderr, JSON only when asked (embedded PGlite)', () => {
  let tmp = '';
  const env = (extra: Record<string, string>): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) {
      if (k.startsWith('DOCINTEL_') || k === 'DATABASE_URL' || k === 'REDIS_URL' || k.startsWith('OPENAI_') || k.startsWith('VITEST')) continue;
      e[k] = v;
    }
    return { ...e, NODE_ENV: 'production', DOCINTEL_FROM_SOURCE: '1', ...extra };
  };
  const run = (cmd: string, args: string[], extra: Record<string, string>) =>
    new Promise<Result>((resolve) => {
      const child = spawn(cmd, args, { cwd: tmp, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
  const cli = (args: string[], extra: Record<string, string>) => run(process.execPath, [BIN, ...args], extra);

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docintel-cli-logs-'));
    for (const dir of ['human', 'json', 'tty']) {
      mkdirSync(path.join(tmp, dir));
      writeFileSync(path.join(tmp, dir, 'garden.pdf'), await makePdf({ title: dir, pages: [[{ text: 'Garden rules', size: 18, bold: true }, { text: `Water the plants (${dir}).` }]] }));
      // Not a PDF at all: the parse job fails as bad input and logs a warning.
      writeFileSync(path.join(tmp, dir, 'broken.pdf'), `this is not a pdf (${dir})\n`);
    }
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('by default: progress lines and a one-line warning naming the failed file, no JSON', async () => {
    const r = await cli(['ingest', 'human'], { DOCINTEL_DATA_DIR: path.join(tmp, 'data-human') });
    expect(r.code, r.stderr).toBe(2);
    expect(jsonLines(r.stderr)).toEqual([]);
    expect(r.stderr).toContain('parsing: 2/2');
    const warn = r.stderr.split('\n').filter((l) => l.startsWith('docintel: warn: document failed: bad input'));
    expect(warn).toHaveLength(1);
    expect(warn[0]).toContain(`path=${path.join(tmp, 'human', 'broken.pdf')}`);
    expect(warn[0]).not.toContain('jobId');
    // Info records ("document parsed") are for collectors; the summary on stdout says it for people.
    expect(r.stderr).not.toContain('document parsed');
    expect(r.stdout).toContain('parsed: 1  failed: 1');
  });

  it('DOCINTEL_LOG_FORMAT=json: every log record is a JSON line (info included)', async () => {
    const r = await cli(['ingest', 'json'], { DOCINTEL_DATA_DIR: path.join(tmp, 'data-json'), DOCINTEL_LOG_FORMAT: 'json' });
    expect(r.code, r.stderr).toBe(2);
    const records = jsonLines(r.stderr).map((l) => JSON.parse(l) as { msg: string; level: number; path?: string });
    expect(records.map((x) => x.msg).sort()).toEqual(['document failed: bad input', 'document parsed']);
    expect(records.find((x) => x.level === 40)?.path).toBe(path.join(tmp, 'json', 'broken.pdf'));
    expect(r.stderr).not.toContain('docintel: warn:');
  });

  it('on a terminal: a progress bar and the warning on a line of its own, never a JSON line', async () => {
    // script(1) gives the CLI a pseudo-terminal, so stderr.isTTY is true as in a person's shell.
    const command = [process.execPath, BIN, 'ingest', 'tty'].map((a) => `'${a}'`).join(' ');
    const r = await run('script', ['-q', '-e', '-c', command, '/dev/null'], { DOCINTEL_DATA_DIR: path.join(tmp, 'data-tty'), TERM: 'xterm', COLUMNS: '120' });
    const screen = r.stdout;
    expect(r.code, screen).toBe(2);
    expect(screen).toMatch(/parsing \[[\u2588\u2591]+\] 2\/2/);
    expect(jsonLines(screen)).toEqual([]);
    expect(screen).not.toContain('"level"');
    // The warning erases the bar's line first and ends its own line.
    expect(screen).toMatch(/\r\x1b\[2Kdocintel: warn: document failed: bad input \([^\n]*broken\.pdf[^\n]*\)\r?\n/);
  });

  it('humanLine: level, message and fields, objects as JSON', () => {
    expect(humanLine({ level: 50, time: 1, pid: 2, app: 'docintel', msg: 'job failed', jobId: 'x', documentId: 3, err: 'boom', extra: { a: 1 } })).toBe(
      'docintel: error: job failed (documentId=3, err=boom, extra={"a":1})',
    );
  });
});
