import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { runEval } from '../src/eval/run-eval.ts';
import { freshDatabase } from './helpers/db.ts';
import { testApp } from './helpers/app.ts';
import { makePdf } from './helpers/make-pdf.ts';
import { startFakeOpenAI, type FakeOpenAI, type FakeReply } from './helpers/fake-openai.ts';

describe('docintel eval end to end on a generated gold file', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  const root = mkdtempSync(path.join(tmpdir(), 'docintel-eval-'));
  const corpus = path.join(root, 'corpus');
  const goldPath = path.join(root, 'eval', 'gold.json');

  beforeAll(async () => {
    mkdirSync(corpus, { recursive: true });
    mkdirSync(path.dirname(goldPath), { recursive: true });
    const filler = Array.from({ length: 30 }, (_, i) => ({ text: `Background paragraph ${i + 1} about the garden's history and its visitors.` }));
    writeFileSync(
      path.join(corpus, 'garden.pdf'),
      await makePdf({
        pages: [
          [{ text: 'Garden Handbook', size: 20, bold: true }, ...filler],
          [
            { text: 'Plant codes', size: 14, bold: true },
            { text: 'The garden tracks four beds with the following codes:' },
            { text: 'BD-01: Roses along the north wall' },
            { text: 'BD-02: Herbs near the kitchen' },
            { text: 'BD-03: Vegetables in raised boxes' },
            { text: 'BD-04: Wildflowers by the pond' },
            { text: 'Watering happens every morning before nine o\'clock.' },
          ],
        ],
      }),
    );
    const gold = [
      {
        id: 'garden-bed-codes',
        document: 'garden.pdf',
        question: 'What are all the bed codes in the garden?',
        kind: 'listing',
        strategy_hint: 'pattern',
        expected_items: ['BD-01', 'BD-02', 'BD-03', 'BD-04'].map((c) => ({ name: c, aliases: [], pages: [2] })),
        expected_count: 4,
        stated_count: 4,
        expected_complete: true,
        expected_pages: [2],
        expected_section: 'Plant codes',
        answer_facts: [],
        evidence: 'BD-01: Roses along the north wall',
      },
      {
        id: 'garden-watering',
        document: 'garden.pdf',
        question: 'When does watering happen?',
        kind: 'factual',
        strategy_hint: 'routing',
        expected_items: [],
        expected_count: null,
        stated_count: null,
        expected_complete: true,
        expected_pages: [2],
        expected_section: 'Plant codes',
        answer_facts: ['every morning before nine'],
        evidence: "Watering happens every morning before nine o'clock.",
      },
    ];
    writeFileSync(goldPath, JSON.stringify(gold, null, 2));
    fresh = await freshDatabase('evale2e');
    app = await testApp({ databaseUrl: fresh.url, redis: false });
  }, 60_000);

  let fake: FakeOpenAI | null = null;
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await fresh?.drop();
  });

  it('ingests, answers, scores against the gold and writes results, summary and chart side by side with the baseline', async () => {
    const out = path.join(root, 'out');
    const res = await runEval(app, goldPath, { outDir: out });
    expect(res.summary.questions).toBe(2);
    const listing = res.rows.find((r) => r.docintel.id === 'garden-bed-codes')!;
    expect(listing.docintel.recall).toBe(1);
    expect(listing.docintel.precision).toBe(1);
    expect(listing.docintel.completeCorrect).toBe(true);
    expect(listing.baselineEvidence?.map((e) => e.k)).toEqual([5, 10]);
    const factual = res.rows.find((r) => r.docintel.id === 'garden-watering')!;
    expect(factual.docintel.citedPagesInExpected).toBe(1);
    expect(factual.docintel.factScore).toBe(1);

    const lines = readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['garden-bed-codes', 'garden-watering']);
    expect(lines[0].items.map((i: { name: string }) => i.name)).toEqual(['BD-01', 'BD-02', 'BD-03', 'BD-04']);
    expect(lines[0].items[0].pages).toEqual([2]);
    expect(lines[0]).toHaveProperty('baseline.evidence');
    const summary = readFileSync(path.join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('garden-bed-codes');
    expect(summary).toMatch(/\| metric \| docintel \| baseline \|/);
    expect(existsSync(path.join(out, 'chart.svg'))).toBe(true);
    expect(readFileSync(path.join(out, 'chart.svg'), 'utf8')).toContain('<svg');
  });

  it('with an LLM configured, also lets the baseline answer from its top-k chunks and scores that answer', async () => {
    const ok = (v: unknown): FakeReply => ({ content: JSON.stringify(v), usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } });
    const reply = (body: any): FakeReply => {
      switch (body.response_format?.json_schema?.name) {
        case 'route_pick':
          return ok({ pick: null, stop_here: true, reason: 'read the whole document' });
        case 'question_intent':
          return ok({ intent: 'listing', item_noun: 'bed codes', scope: null });
        case 'factual_answer': {
          const line = String(body.messages.at(-1).content).split('\n').find((l: string) => l.includes('Watering happens'));
          const id = Number(/^\[(\d+)\]/.exec(line ?? '')?.[1]);
          return ok({ answer: 'Every morning before nine.', not_found: false, confidence: 0.9, citations: [{ line_id: id, quote: 'Watering happens every morning' }] });
        }
        case 'baseline_answer':
          // A typical top-k answer: three of the four codes, presented as complete.
          return ok({ items: ['BD-01', 'BD-02', 'BD-03'], answer: 'BD-01, BD-02, BD-03', is_complete: true });
        default:
          return ok({ items: [], is_likely_complete: true, reason: 'nothing', suggested_keywords: [] });
      }
    };
    fake = await startFakeOpenAI(Array.from({ length: 60 }, () => reply));
    const llmApp = await testApp({ databaseUrl: fresh.url, redis: false, env: { OPENAI_BASE_URL: fake.url, DOCINTEL_LLM_BACKOFF_MS: '5' } });
    try {
      const res = await runEval(llmApp, goldPath, { outDir: path.join(root, 'out-llm') });
      const listing = res.rows.find((r) => r.docintel.id === 'garden-bed-codes')!;
      expect(listing.docintel.recall).toBe(1);
      expect(listing.baseline).not.toBeNull();
      expect(listing.baseline!.recall).toBe(0.75);
      expect(listing.baseline!.falseComplete).toBe(true);
      expect(res.baselineSummary?.falseComplete).toBeGreaterThanOrEqual(1);
      const summary = readFileSync(path.join(root, 'out-llm', 'summary.md'), 'utf8');
      expect(summary).toMatch(/\| mean recall \| 1\.00 \| 0\.75 \|/);
      expect(fake.requests.some((r) => r.response_format?.json_schema?.name === 'baseline_answer')).toBe(true);
    } finally {
      await llmApp.close();
    }
  });
});
