import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { askCorpus, combineCorpusAnswer } from '../src/corpus/corpus-answer.ts';
import { runEval } from '../src/eval/run-eval.ts';
import { waitForQuestions } from '../src/producer/ask.ts';
import { freshDatabase } from './helpers/db.ts';
import { testApp } from './helpers/app.ts';
import { makePdf, type PdfLine } from './helpers/make-pdf.ts';
import { startFakeOpenAI, type FakeOpenAI, type FakeReply } from './helpers/fake-openai.ts';

/** Three small made-up documents; questions name none of them, and the corpus index must pick the right one. */
describe('corpus routing on generated documents', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  let fake: FakeOpenAI | null = null;
  const root = mkdtempSync(path.join(tmpdir(), 'docintel-corpus-'));
  const corpus = path.join(root, 'corpus');
  const goldPath = path.join(root, 'eval', 'gold.json');
  const filler = (topic: string) => Array.from({ length: 12 }, (_, i): PdfLine => ({ text: `General note ${i + 1} on the ${topic} and the people who look after it.` }));

  beforeAll(async () => {
    mkdirSync(corpus, { recursive: true });
    mkdirSync(path.dirname(goldPath), { recursive: true });
    const docs: Record<string, PdfLine[][]> = {
      'orchard.pdf': [
        [{ text: 'Orchard Care Handbook', size: 20, bold: true }, ...filler('orchard')],
        [
          { text: 'Tree codes', size: 14, bold: true },
          { text: 'The orchard labels its four rows of fruit trees with these codes:' },
          { text: 'OR-01: Apple trees by the gate' },
          { text: 'OR-02: Pear trees on the slope' },
          { text: 'OR-03: Plum trees near the barn' },
          { text: 'OR-04: Cherry trees along the fence' },
          { text: 'Pruning takes place in late winter.' },
        ],
      ],
      'lighthouse.pdf': [
        [{ text: 'Lighthouse Keeping Manual', size: 20, bold: true }, ...filler('lighthouse')],
        [
          { text: 'Lamp inspection', size: 14, bold: true },
          { text: 'The keeper inspects the lamp every evening at dusk, before lighting it.' },
          { text: 'Lens cleaning', size: 14, bold: true },
          { text: 'The lens is polished with a soft cloth once a week.' },
        ],
      ],
      'bakery.pdf': [
        [{ text: 'Bakery Oven Guide', size: 20, bold: true }, ...filler('bakery')],
        [
          { text: 'Oven settings', size: 14, bold: true },
          { text: 'Bread loaves bake at 220 degrees for forty minutes in the stone oven.' },
          { text: 'Croissants bake at 190 degrees for eighteen minutes.' },
        ],
      ],
    };
    for (const [name, pages] of Object.entries(docs)) writeFileSync(path.join(corpus, name), await makePdf({ pages }));
    const base = { strategy_hint: 'routing', stated_count: null, expected_complete: true, expected_section: null, evidence: '' };
    const gold = [
      {
        ...base,
        id: 'tree-codes',
        documents: ['orchard.pdf'],
        question: 'What are all the tree codes?',
        kind: 'listing',
        strategy_hint: 'pattern',
        expected_items: ['OR-01', 'OR-02', 'OR-03', 'OR-04'].map((c) => ({ name: c, aliases: [], pages: [2] })),
        expected_count: 4,
        stated_count: 4,
        expected_pages: [2],
        answer_facts: [],
        evidence: 'OR-01: Apple trees by the gate',
      },
      { ...base, id: 'lamp-inspection', documents: ['lighthouse.pdf'], question: 'How often is the lamp inspected?', kind: 'factual', expected_items: [], expected_count: null, expected_pages: [2], answer_facts: ['every evening at dusk'], evidence: 'The keeper inspects the lamp every evening at dusk' },
      { ...base, id: 'croissant-temperature', question: 'At what temperature do croissants bake in the oven?', kind: 'factual', expected_items: [], expected_count: null, expected_pages: [2], answer_facts: ['190 degrees'], evidence: 'Croissants bake at 190 degrees' },
    ];
    writeFileSync(goldPath, JSON.stringify(gold, null, 2));
    fresh = await freshDatabase('corpus_generated');
    app = await testApp({ databaseUrl: fresh.url, redis: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await fresh?.drop();
  });

  it('docintel eval takes records without a document, picks the right one, and scores document selection beside the items', async () => {
    const res = await runEval(app, goldPath, { outDir: path.join(root, 'out') });
    const codes = res.rows.find((r) => r.docintel.id === 'tree-codes')!;
    expect(codes.docintel.documentPrecision).toBe(1);
    expect(codes.docintel.documentRecall).toBe(1);
    expect(codes.docintel.recall).toBe(1);
    const lamp = res.rows.find((r) => r.docintel.id === 'lamp-inspection')!;
    expect(lamp.docintel).toMatchObject({ documentPrecision: 1, documentRecall: 1, factScore: 1 });
    // No gold documents: answered from the corpus, document selection not scored.
    const oven = res.rows.find((r) => r.docintel.id === 'croissant-temperature')!;
    expect(oven.docintel.documentRecall).toBeNull();
    expect(oven.docintel.factScore).toBe(1);
    expect(res.summary.corpusQuestions).toBe(2);
    expect(res.summary.meanDocumentRecall).toBe(1);
    const lines = readFileSync(path.join(root, 'out', 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.find((l) => l.id === 'croissant-temperature').picked_documents).toEqual(['bakery.pdf']);
    expect(readFileSync(path.join(root, 'out', 'summary.md'), 'utf8')).toMatch(/document selection precision \/ recall/);
  });

  it('checks a model pick against the documents shown: an id it was not shown is rejected and the rules pick', async () => {
    const ok = (v: unknown): FakeReply => ({ content: JSON.stringify(v), usage: { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48 } });
    const reply = (body: any): FakeReply => {
      switch (body.response_format?.json_schema?.name) {
        case 'corpus_pick':
          return ok({ picks: [987654], reason: 'a document I was not shown' });
        case 'route_pick':
          return ok({ pick: null, stop_here: true, reason: 'read it whole' });
        case 'question_intent':
          return ok({ intent: 'factual', item_noun: null, scope: null });
        case 'factual_answer':
          return ok({ answer: 'unknown', not_found: true, confidence: 0.1, citations: [] });
        default:
          return ok({ items: [], is_likely_complete: true, reason: 'nothing', suggested_keywords: [] });
      }
    };
    fake = await startFakeOpenAI(Array.from({ length: 30 }, () => reply));
    const llmApp = await testApp({ databaseUrl: fresh.url, redis: false, env: { OPENAI_BASE_URL: fake.url, DOCINTEL_LLM_BACKOFF_MS: '5' } });
    try {
      const asked = await askCorpus(llmApp, { text: 'How often do the people who look after the lighthouse polish the lens?' });
      await waitForQuestions(llmApp.db, asked.questionIds);
      const a = await combineCorpusAnswer(llmApp.db, asked.corpusQuestionId);
      expect(a!.documents.map((d) => d.document)).toEqual(['lighthouse.pdf']);
      const trace = await rows<{ step: string; strategy: string | null }>(llmApp.db, sql`select step, strategy from pipeline_trace where corpus_question_id = ${asked.corpusQuestionId} and question_id is null order by seq`);
      expect(trace.map((t) => t.step)).toContain('model_rejected');
      expect(trace.find((t) => t.step === 'documents')!.strategy).toBe('rules (llm reply rejected: corpus_pick)');
    } finally {
      await llmApp.close();
    }
  });
});
