import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './helpers/make-pdf.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin/docintel.js');

/** The CLI on an embedded database in a temp folder, with no Postgres or Redis settings. */
describe('docintel CLI errors name what was read and what to do (embedded PGlite)', () => {
  let tmp = '';
  const env = (): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) {
      if (k.startsWith('DOCINTEL_') || k === 'DATABASE_URL' || k === 'REDIS_URL' || k.startsWith('OPENAI_') || k.startsWith('VITEST')) continue;
      e[k] = v;
    }
    return { ...e, NODE_ENV: 'production', DOCINTEL_FROM_SOURCE: '1', DOCINTEL_DATA_DIR: path.join(tmp, 'data'), DOCINTEL_LOG_LEVEL: 'warn' };
  };
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: tmp, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });

  beforeAll(async () => {
    // The CLI runs one level down in a fresh folder, so "../shared/corpus" names a folder that
    // cannot exist, whatever else sits in the system's temp folder.
    tmp = path.join(mkdtempSync(path.join(tmpdir(), 'docintel-cli-errors-')), 'cwd');
    mkdirSync(tmp);
    mkdirSync(path.join(tmp, 'pdfs'));
    mkdirSync(path.join(tmp, 'empty'));
    writeFileSync(path.join(tmp, 'pdfs', 'garden.pdf'), await makePdf({ pages: [[{ text: 'Garden rules', size: 18, bold: true }, { text: 'Water the plants.' }]] }));
    writeFileSync(path.join(tmp, 'questions.jsonl'), '{"id": "csf-q", "document": "nist-csf-2.0.pdf", "question": "What are the GOVERN categories?"}\n');
  });
  afterAll(() => {
    if (tmp) rmSync(path.dirname(tmp), { recursive: true, force: true });
  });

  it('ask about an unknown document: says nothing matched and how to ingest or list documents', async () => {
    const r = await cli(['ask', 'What is it?', '-d', 'x.pdf']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('docintel: not_found: no stored document matches "x.pdf" (ingest it first: docintel ingest <folder>, or list documents with docintel docs)');
  });

  it('run on a folder that does not exist: names the folder it read, and stores nothing', async () => {
    const r = await cli(['run', '../shared/corpus', '--questions', 'questions.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`docintel: not_found: folder "../shared/corpus" does not exist (read ${path.resolve(tmp, '../shared/corpus')})`);
    const docs = await cli(['sql', 'select count(*)::int as n from documents', '--json']);
    expect(docs.stderr).toBe('');
    expect(JSON.parse(docs.stdout.trim())).toEqual({ n: 0 });
  });

  it('ingest of an empty folder says no PDF was found there', async () => {
    const r = await cli(['ingest', 'empty']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`docintel: empty: no PDF files found in ${path.join(tmp, 'empty')}`);
  });

  it('run whose question names a document not in the folder: names the question, the file and what the folder holds', async () => {
    const r = await cli(['run', 'pdfs', '--questions', 'questions.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('docintel: not_found: no stored document matches "nist-csf-2.0.pdf" (ingest it first');
    expect(r.stderr).toContain(`asked by question "csf-q" (entry 1) of questions.jsonl; ${path.join(tmp, 'pdfs')} holds 1 PDF: garden.pdf`);
  });

  it('report with no question stored says how to ask some, and writes nothing', async () => {
    const r = await cli(['report', '--out', 'report.html']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('docintel: not_found: no questions are stored yet (ask some with docintel run <folder> --questions <file>, or docintel ask)');
    expect(existsSync(path.join(tmp, 'report.html'))).toBe(false);
    const e = await cli(['report', '--out', 'report.html', '--eval', 'no-such-eval']);
    expect(e.stderr.trim()).toBe(`docintel: not_found: no eval results at ${path.join(tmp, 'no-such-eval', 'results.jsonl')} (write them with docintel eval <gold> --out no-such-eval)`);
  });

  it('a bad query through docintel sql prints the database error, not "Failed query: ... params:"', async () => {
    const r = await cli(['sql', 'select * from no_such_table']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('relation "no_such_table" does not exist');
    expect(r.stderr).not.toContain('Failed query');
    expect(r.stderr).not.toContain('params:');
  });
});
