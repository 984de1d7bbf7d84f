import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { enqueueQuestions, waitForQuestions } from '../src/producer/ask.ts';
import { ingestPaths } from '../src/producer/ingest.ts';
import { waitForDocuments } from '../src/producer/wait-for-documents.ts';
import { listAnswers, loadTrace } from '../src/sql/list-answers.ts';
import type { ListingAnswer, FactualAnswer } from '../src/answer/types.ts';
import { freshDatabase } from './helpers/db.ts';
import { lineWith, okJson, shownEntries, startFakeOpenAI, type FakeOpenAI, type FakeReply } from './helpers/fake-openai.ts';
import { testApp } from './helpers/app.ts';
import PDFDocument from 'pdfkit';

/** A four-chapter document with an outline; each fruit is named on its own page. */
function orchardPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    const chapters: [string, string[]][] = [
      ['1 Crops', ['The Hillside Orchard is a family farm in the valley.', 'Its main crop is apples, sold at the market each autumn.']],
      ['2 Bakery', ['In the lower field the farm also keeps pears for local bakeries.']],
      ['3 Kitchen', ['A small plot of plums supplies the jam kitchen.']],
      ['4 Visitors', ['Visitors in June can pick cherries along the fence.', 'The deadline for group bookings is ten days before the visit.']],
    ];
    for (const [title, paras] of chapters) {
      doc.addPage();
      doc.outline.addItem(title);
      doc.font('Helvetica-Bold').fontSize(16).text(title);
      doc.moveDown();
      for (const p of paras) doc.font('Helvetica').fontSize(11).text(p).moveDown();
    }
    doc.end();
  });
}

type Handler = (body: any) => FakeReply;
const ok = okJson;
function entryId(body: any, title: string): number | null {
  return shownEntries(body).find((e) => e.title.includes(title))?.id ?? null;
}

describe('LLM paths against a scripted OpenAI-compatible server', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeOpenAI;
  let app: App;
  let documentId: number;
  const handlers: Record<string, Handler> = {};

  const dispatch = (body: any): FakeReply => {
    const name = body.response_format?.json_schema?.name ?? 'unknown';
    const h = handlers[name];
    return h ? h(body) : { status: 400, body: { error: { message: `no handler for ${name}` } } };
  };

  beforeAll(async () => {
    fresh = await freshDatabase('llm');
    fake = await startFakeOpenAI(Array.from({ length: 400 }, () => dispatch));
    app = await testApp({
      databaseUrl: fresh.url,
      redis: false,
      env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test-secret-123', DOCINTEL_LLM_BACKOFF_MS: '5', DOCINTEL_LLM_MAX_RETRIES: '1', DOCINTEL_LIST_MAX_ITERATIONS: '3' },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'docintel-llm-'));
    const file = path.join(dir, 'orchard.pdf');
    writeFileSync(file, await orchardPdf());
    const [r] = await ingestPaths(app.db, app.backend, [file]);
    documentId = r!.documentId;
    await waitForDocuments(app.db, [documentId]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await fresh?.drop();
  });

  beforeEach(() => {
    for (const k of Object.keys(handlers)) delete handlers[k];
    handlers.question_intent = () => ok({ intent: 'listing', item_noun: 'fruits', scope: null });
    handlers.route_pick = (b) => ok({ pick: entryId(b, 'Crops'), stop_here: false, reason: 'crops are fruits' });
  });

  async function ask(text: string, noCache = true) {
    const [id] = await enqueueQuestions(app, [{ documentId, text }], noCache);
    await waitForQuestions(app.db, [id!]);
    const [a] = await listAnswers(app.db, { ids: [id!] });
    return { id: id!, a: a!, trace: await loadTrace(app.db, id!) };
  }

  it('expands keywords each iteration and stops when the model says the list is complete (its word is data, not the verdict)', async () => {
    let call = 0;
    handlers.listing_extraction = (b) => {
      call++;
      if (call === 1) return ok({ items: [{ name: 'apples', ...toCite(lineWith(b, 'apples')) }], is_likely_complete: false, reason: 'other fields may grow fruit', suggested_keywords: ['pears'] });
      return ok({ items: [{ name: 'pears', ...toCite(lineWith(b, 'pears')) }], is_likely_complete: true, reason: 'both crops found', suggested_keywords: [] });
    };
    const { a, trace } = await ask('Which fruits does the Hillside Orchard grow?');
    const ans = a.payload as ListingAnswer;
    if (process.env.DEBUG_TRACE) console.log(JSON.stringify(trace.map((t) => [t.stage, t.step, t.decision, t.input, t.output]), null, 1));
    expect(ans.items.map((i) => i.name)).toEqual(['apples', 'pears']);
    // The model says it found all; nothing in the document says so: the verdict stays unknown.
    expect(ans.isComplete).toBeNull();
    expect(ans.completenessSource).toBe('unknown');
    const its = trace.filter((t) => t.stage === 'list' && t.step === 'iteration');
    expect(its).toHaveLength(2);
    expect(its[0]!.keywords_after).toContain('pears');
    expect(its[0]!.keywords_before).not.toContain('pears');
    expect(its[0]!.decision).toMatch(/^continue/);
    expect(its[1]!.decision).toMatch(/^stop: the model says it found all/);
    expect((its[1]!.output as { modelSaysComplete: boolean }).modelSaysComplete).toBe(true);
    // Routing was shown one level and the model's pick was followed.
    const levels = trace.filter((t) => t.stage === 'route' && t.step === 'level');
    expect(levels[0]!.strategy).toBe('llm');
    expect((levels[0]!.input as { entries: string[] }).entries).toHaveLength(4);
  });

  it('stops when an iteration brings no new items', async () => {
    handlers.listing_extraction = (b) => {
      const apples = lineWith(b, 'apples');
      const pears = lineWith(b, 'pears');
      return ok({ items: [apples ? { name: 'apples', ...toCite(apples) } : { name: 'apples', line_id: -1, quote: 'apples' }].filter((x) => x.line_id > 0).concat(pears ? [] : []), is_likely_complete: false, reason: 'unsure', suggested_keywords: ['pears'] });
    };
    const { trace } = await ask('Which fruits does the Hillside Orchard grow?');
    const its = trace.filter((t) => t.stage === 'list' && t.step === 'iteration');
    expect(its.at(-1)!.decision).toBe('stop: no new items');
    expect(its.length).toBe(2);
  });

  it('stops at the iteration cap while the model keeps finding more', async () => {
    const fruits = ['apples', 'pears', 'plums', 'cherries'];
    let call = 0;
    handlers.listing_extraction = (b) => {
      const f = fruits[call]!;
      call++;
      return ok({ items: [{ name: f, ...toCite(lineWith(b, f)) }], is_likely_complete: false, reason: 'more fields to check', suggested_keywords: [fruits[call]!] });
    };
    const { a, trace } = await ask('Which fruits does the Hillside Orchard grow?');
    const its = trace.filter((t) => t.stage === 'list' && t.step === 'iteration');
    expect(its).toHaveLength(3);
    expect(new Set(its.map((t) => (t.keywords_after ?? []).join('|'))).size).toBe(3);
    expect((a.payload as ListingAnswer).items.map((i) => i.name)).toEqual(['apples', 'pears', 'plums']);
    expect((a.payload as ListingAnswer).isComplete).not.toBe(true);
  });

  it('drops items whose quote is not in the cited line', async () => {
    handlers.listing_extraction = (b) =>
      ok({ items: [{ name: 'apples', ...toCite(lineWith(b, 'apples')) }, { name: 'bananas', line_id: lineWith(b, 'apples')!.id, quote: 'bananas are grown' }], is_likely_complete: true, reason: 'done', suggested_keywords: [] });
    const { a, trace } = await ask('Which fruits does the Hillside Orchard grow?');
    expect((a.payload as ListingAnswer).items.map((i) => i.name)).toEqual(['apples']);
    const it1 = trace.find((t) => t.stage === 'list' && t.step === 'iteration')!;
    expect((it1.output as { rejectedQuotes: string[] }).rejectedQuotes).toEqual(['bananas']);
  });

  it('repairs or falls back when replies fail the schema, and the trace says so', async () => {
    handlers.route_pick = () => ({ content: 'I think chapter one.' });
    handlers.listing_extraction = () => ({ content: '{"items": "not a list"}' });
    const { a, trace } = await ask('Which fruits does the Hillside Orchard grow?');
    expect(a.status).toBe('answered');
    expect(trace.some((t) => t.stage === 'route' && t.step === 'fallback' && /llm failed/.test(t.decision ?? ''))).toBe(true);
    expect(trace.some((t) => t.stage === 'llm' && t.step === 'schema_failed')).toBe(true);
    expect(trace.some((t) => t.stage === 'list' && t.step === 'fallback' && /deterministic/.test(t.decision ?? ''))).toBe(true);
    const levels = trace.filter((t) => t.stage === 'route' && t.step === 'level');
    expect(levels[0]!.strategy).toMatch(/^rules \(llm failed/);
  });

  it('verifies factual citations, regenerates once, and replays from the cache without HTTP', async () => {
    handlers.route_pick = (b) => ok({ pick: entryId(b, 'Visitors'), stop_here: false, reason: 'bookings are about visits' });
    let answerCalls = 0;
    handlers.factual_answer = (b) => {
      answerCalls++;
      const line = lineWith(b, 'ten days before the visit')!;
      if (answerCalls === 1) return ok({ answer: 'Two weeks.', not_found: false, confidence: 0.9, citations: [{ line_id: line.id, quote: 'fourteen days ahead' }] });
      return ok({ answer: 'Ten days before the visit.', not_found: false, confidence: 0.9, citations: [{ line_id: line.id, quote: 'ten days before the visit' }] });
    };
    const q = 'What is the deadline for group bookings?';
    const first = await ask(q, false);
    const ans = first.a.payload as FactualAnswer;
    expect(ans.answer).toBe('Ten days before the visit.');
    expect(ans.citations).toHaveLength(1);
    const line = await rows<{ text: string }>(app.db, sql`select text from lines where id = ${ans.citations[0]!.lineId}`);
    expect(line[0]!.text).toContain(ans.citations[0]!.quote);
    const checks = first.trace.filter((t) => t.stage === 'verify' && t.step === 'citations');
    expect(checks.map((c) => c.decision)).toEqual(['regenerate: some quotes are not in the cited lines', 'all quotes found in their lines']);
    expect(first.a.path).toBe('llm');

    const before = fake.requests.length;
    const second = await ask(q, false);
    expect(fake.requests.length).toBe(before);
    expect((second.a.payload as FactualAnswer).answer).toBe('Ten days before the visit.');
    const cached = await rows<{ n: number }>(app.db, sql`select count(*)::int as n from llm_calls where question_id = ${second.id} and cached`);
    expect(cached[0]!.n).toBeGreaterThan(0);
  });

  it('never stores the API key in llm_calls or the trace', async () => {
    const leaks = await rows<{ n: number }>(
      app.db,
      sql`select (select count(*)::int from llm_calls where request::text like '%sk-test-secret-123%' or coalesce(error, '') like '%sk-test-secret-123%')
           + (select count(*)::int from pipeline_trace where coalesce(input::text, '') || coalesce(output::text, '') like '%sk-test-secret-123%') as n`,
    );
    expect(leaks[0]!.n).toBe(0);
  });
});

function toCite(l: { id: number; quote: string } | null): { line_id: number; quote: string } {
  if (!l) throw new Error('scripted reply could not find its line in the prompt');
  return { line_id: l.id, quote: l.quote };
}
