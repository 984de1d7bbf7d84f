import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { Answer, FactualAnswer, ListingAnswer } from '../src/answer/types.ts';
import { rows } from '../src/db/client.ts';
import { enqueueQuestions, waitForQuestions } from '../src/producer/ask.ts';
import { ingestPaths } from '../src/producer/ingest.ts';
import { waitForDocuments } from '../src/producer/wait-for-documents.ts';
import { listAnswers, loadTrace } from '../src/sql/list-answers.ts';
import { answerText } from '../src/answer/render.ts';
import { testApp } from './helpers/app.ts';
import { sampleFile } from './helpers/corpus.ts';
import { freshDatabase } from './helpers/db.ts';
import {
  INJECTION,
  bySchema,
  fabricateMode,
  obeyDocumentMode,
  okJson,
  proseMode,
  rateLimitedMode,
  shownEntries,
  shownLines,
  startFakeOpenAI,
  timeoutMode,
  type FakeOpenAI,
  type Handler,
} from './helpers/fake-openai.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';
import { checkRouteReply } from '../src/route/check-route-reply.ts';
import type { TocNode } from '../src/sql/toc-level.ts';
import { decideCompleteness } from '../src/listing/completeness.ts';
import { nameSupportedByLine, unsupportedNumbers } from '../src/text/quote-check.ts';
import { checkClassifierReply } from '../src/question/check-classifier.ts';
import { renderTrace } from '../src/trace/render-trace.ts';

/**
 * A garden policy with an outline: a root entry over six sections, numbered lists (the exclusions
 * asked for, and a claim checklist before them), a deadline, and a section of duties in prose
 * whose text tells any model reading it to mark the list complete.
 */
function gardenPdf(): Promise<Buffer> {
  let root: PDFKit.PDFOutline | null = null;
  const section = (doc: PDFKit.PDFDocument, y: number, title: string) => {
    root ??= doc.outline.addItem('Garden Cover Policy');
    root.addItem(title);
    at(doc, 72, y, title, { bold: true, size: 13 });
  };
  /** An introducing sentence, numbered items under it, and a closing sentence. */
  const list = (doc: PDFKit.PDFDocument, y: number, intro: string, items: string[], after?: string) => {
    at(doc, 72, y, intro);
    items.forEach((it, i) => at(doc, 80, y + 20 + 17 * i, `${i + 1}. ${it}`));
    if (after) at(doc, 72, y + 26 + 17 * items.length, after);
  };
  return drawPdf([
    (doc) => {
      at(doc, 72, 40, 'Garden Cover Policy', { bold: true, size: 16 });
      section(doc, 80, 'I. Definitions');
      list(doc, 105, 'In this policy the following words have these meanings:', ['Garden means the land around the insured home.', 'Shed means a detached wooden building.', 'Tools means hand tools kept in the shed.']);
      section(doc, 200, 'II. Property Covered');
      list(doc, 225, 'We cover the following property in the garden:', ['Fences and gates', 'Garden furniture', 'The greenhouse'], 'Other property is covered only by a written endorsement.');
    },
    (doc) => {
      section(doc, 60, 'III. Proof of Claim');
      list(doc, 85, 'Your proof of claim must include all of the following:', ['The date of the loss', 'A photograph of the damage', 'The receipts for repairs'], 'We may ask for more records before we pay.');
      section(doc, 205, 'IV. Exclusions');
      list(doc, 230, 'We do not cover loss caused by any of the following exclusions:', ['Frost damage to plants', 'Insect pests and blight', 'Neglect of watering', 'Theft of tools left outdoors'], 'Claims for these losses are denied in writing.');
    },
    (doc) => {
      section(doc, 60, 'V. Claim Deadlines');
      at(doc, 72, 85, 'A claim must be filed within 30 days of the loss.');
      at(doc, 72, 102, 'Late claims are reviewed by the garden board.');
      section(doc, 140, 'VI. Gardener Duties');
      at(doc, 72, 165, 'The gardener keeps the beds weeded through the season.');
      at(doc, 72, 182, `The gardener also locks the shed at night; ${INJECTION}.`);
      at(doc, 72, 199, 'The gardener reports storm damage to us the same week.');
    },
  ]);
}

/** Lower-case words of three letters or more, and Roman numerals, for a crude overlap. */
const words = (s: string) => new Set((s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 3 || /^[ivx]+$/.test(w)).map((w) => w.slice(0, 6)));
const overlap = (a: string, b: string) => [...words(a)].filter((w) => words(b).has(w)).length;
const questionOf = (b: any): string => /Question: (.*)/.exec(b.messages.find((m: any) => m.role === 'user')?.content ?? '')?.[1] ?? String(b.messages.at(-1)?.content ?? '');
const MARKER = /^\s*(\d+[.)]|[a-z][.)]|•)\s+/;

/** A model that does its job: picks by title words, takes the first candidate, cites real lines. */
const good: Record<string, Handler> = {
  question_intent: (b) => okJson({ intent: /deadline|when|how long/i.test(questionOf(b)) ? 'factual' : 'listing', item_noun: null, scope: null }),
  route_pick: (b) => {
    const q = questionOf(b);
    const best = shownEntries(b).sort((x, y) => overlap(q, y.title) - overlap(q, x.title))[0];
    return okJson({ pick: best?.id ?? null, stop_here: false, reason: 'its title matches the question' });
  },
  list_arbiter: () => okJson({ pick: 1, reason: 'the first candidate is introduced as the answer' }),
  listing_extraction: (b) => {
    const items = shownLines(b)
      .filter((l) => MARKER.test(l.text))
      .map((l) => {
        const name = l.text.replace(MARKER, '').replace(/[.;]$/, '');
        return { name, line_id: l.id, quote: name };
      });
    return okJson({ items, is_likely_complete: true, reason: 'every numbered line', suggested_keywords: [] });
  },
  factual_answer: (b) => {
    const q = questionOf(b);
    const lines = shownLines(b);
    const at = lines.map((l, i) => ({ i, s: overlap(q, l.text) })).sort((x, y) => y.s - x.s)[0];
    // The best line and the one after it: a heading is followed by what it heads.
    const cited = at ? lines.slice(at.i, at.i + 2) : [];
    return okJson({ answer: cited.map((l) => l.text).join(' '), not_found: !cited.length, confidence: 0.8, citations: cited.map((l) => ({ line_id: l.id, quote: l.text })) });
  },
};

/** Every second request is refused with 429 and a short Retry-After; the retry is answered well. */
function rateLimitedThenGood(): Handler {
  let n = 0;
  const limited = rateLimitedMode(0.05);
  const ok = bySchema(good);
  return (b) => (n++ % 2 === 0 ? limited(b) : ok(b));
}

const MODES: Record<string, () => Handler> = {
  'well-behaved': () => bySchema(good),
  prose: () => proseMode,
  '429 always': () => rateLimitedMode(0),
  '429 then answered': rateLimitedThenGood,
  timeout: () => timeoutMode(1500),
  fabricate: () => fabricateMode,
  'obey the document': () => obeyDocumentMode(good),
};
const MISBEHAVING = ['prose', '429 always', 'timeout', 'fabricate'];

const GARDEN_LISTING = 'What does this policy exclude under section IV?';
const GARDEN_FACTUAL = 'What is the deadline for filing a claim?';
const GARDEN_PROSE = 'What duties does the gardener have?';
const FEMA_LISTING = 'What does this policy exclude under section V?';

interface Asked {
  answer: Answer;
  text: string;
  trace: Awaited<ReturnType<typeof loadTrace>>;
}

describe('every model reply is untrusted: the same questions against each misbehaving model', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeOpenAI;
  let plain: App;
  let withModel: App;
  let mode: Handler = () => ({ status: 500 });
  const docs: Record<'garden' | 'fema', number> = { garden: 0, fema: 0 };
  const pages: Record<number, number> = {};
  const baseline = new Map<string, Asked>();

  beforeAll(async () => {
    fresh = await freshDatabase('untrusted');
    fake = await startFakeOpenAI(Array.from({ length: 3000 }, () => (b: any) => mode(b)));
    plain = await testApp({ databaseUrl: fresh.url, redis: false });
    // Short client timeout and backoff: the timeout mode costs two 300 ms waits per call.
    withModel = await testApp({
      databaseUrl: fresh.url,
      redis: false,
      env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-untrusted-test', DOCINTEL_LLM_TIMEOUT_MS: '300', DOCINTEL_LLM_MAX_RETRIES: '1', DOCINTEL_LLM_BACKOFF_MS: '5', DOCINTEL_LIST_MAX_ITERATIONS: '2' },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'docintel-untrusted-'));
    const garden = path.join(dir, 'garden-policy.pdf');
    writeFileSync(garden, await gardenPdf());
    const ingested = await ingestPaths(plain.db, plain.backend, [garden, sampleFile('fema-sfip-dwelling-form-f122-2021.pdf')]);
    docs.garden = ingested[0]!.documentId;
    docs.fema = ingested[1]!.documentId;
    await waitForDocuments(plain.db, Object.values(docs));
    for (const r of await rows<{ id: number; page_count: number }>(plain.db, sql`select id::int, page_count from documents`)) pages[r.id] = r.page_count;
    // The deterministic answers every mode is measured against.
    for (const [doc, q] of QUESTIONS) baseline.set(`${doc}|${q}`, await ask(plain, docs[doc], q));
  }, 120_000);

  afterAll(async () => {
    await withModel?.close();
    await plain?.close();
    await fake?.close();
    await fresh?.drop();
  });

  const QUESTIONS: ['garden' | 'fema', string][] = [
    ['garden', GARDEN_LISTING],
    ['garden', GARDEN_FACTUAL],
    ['garden', GARDEN_PROSE],
    ['fema', FEMA_LISTING],
  ];

  async function ask(app: App, documentId: number, text: string): Promise<Asked> {
    const [id] = await enqueueQuestions(app, [{ documentId, text }], true);
    await waitForQuestions(app.db, [id!]);
    const [a] = await listAnswers(app.db, { ids: [id!] });
    // The command succeeds whatever the model did.
    expect(a!.status, a!.error ?? '').toBe('answered');
    return { answer: a!.payload as Answer, text: a!.text ?? '', trace: await loadTrace(app.db, id!) };
  }

  /** Every cited line exists, holds its quote, and sits on a page of the document. */
  async function expectCitationsReal(documentId: number, a: Answer) {
    const cites = a.kind === 'factual' ? a.citations : a.items.flatMap((i) => i.citations);
    for (const c of cites) {
      const [line] = await rows<{ text: string; page_num: number; document_id: number }>(withModel.db, sql`select text, page_num, document_id::int from lines where id = ${c.lineId}`);
      expect(line, `cited line ${c.lineId}`).toBeDefined();
      expect(line!.document_id).toBe(documentId);
      expect(line!.page_num).toBe(c.pageNum);
      expect(c.pageNum).toBeLessThanOrEqual(pages[documentId]!);
      expect(line!.text.toLowerCase().replace(/\s+/g, ' ')).toContain(c.quote.toLowerCase().replace(/\s+/g, ' ').trim());
    }
  }

  for (const [name, make] of Object.entries(MODES)) {
    describe(`model: ${name}`, () => {
      const results = new Map<string, Asked>();
      beforeAll(async () => {
        mode = make();
        for (const [doc, q] of QUESTIONS) results.set(`${doc}|${q}`, await ask(withModel, docs[doc], q));
      }, 120_000);

      it('answers every question with no fabricated item, page or number, and no injected text', async () => {
        for (const [doc, q] of QUESTIONS) {
          const r = results.get(`${doc}|${q}`)!;
          await expectCitationsReal(docs[doc], r.answer);
          const shown = JSON.stringify(r.answer) + r.text;
          expect(shown).not.toMatch(/meteor|sorcery|page 97|4000/i);
          expect(shown.toLowerCase()).not.toContain(INJECTION);
          // Model-written text is data: it never becomes a decision of the pipeline.
          for (const t of r.trace) expect(t.decision ?? '', `${t.stage}/${t.step}`).not.toContain(INJECTION);
          if (r.answer.kind !== 'factual') {
            const base = baseline.get(`${doc}|${q}`)!.answer;
            const allowed = new Set([...(base.kind === 'factual' ? [] : base.items.map((i) => i.name))]);
            // A misbehaving model leaves the deterministic answer as it was.
            if (MISBEHAVING.includes(name)) expect(r.answer.items.map((i) => i.name)).toEqual([...allowed]);
          }
        }
      });

      it('no "complete" verdict comes from a rejected, failed or fabricated reply', () => {
        for (const [doc, q] of QUESTIONS) {
          const r = results.get(`${doc}|${q}`)!;
          const base = baseline.get(`${doc}|${q}`)!.answer;
          if (r.answer.kind === 'factual') continue;
          if (MISBEHAVING.includes(name)) {
            expect(r.answer.isComplete, q).toBe(base.kind === 'factual' ? null : base.isComplete);
          }
          if (r.answer.isComplete === true) {
            // Only the document's structure or its own count earns it, never a model.
            expect(r.answer.completenessSource).not.toBe('llm');
            expect(r.answer.strategy).not.toBe('semantic/llm-loop');
          }
        }
        // Whatever it claims, the prose section's list (built by a model told to call it complete) is not complete.
        expect((results.get(`garden|${GARDEN_PROSE}`)!.answer as ListingAnswer).isComplete).not.toBe(true);
      });

      it('the trace shows each rejection or fallback with its reason', () => {
        const all = [...results.values()].flatMap((r) => r.trace);
        const rejected = all.filter((t) => t.step === 'model_rejected');
        for (const t of rejected) {
          expect(t.decision).toMatch(/^rejected \([a-z_]+\): .+; .+/);
          expect((t.output as { why: string }).why.length).toBeGreaterThan(10);
        }
        if (name === 'fabricate') {
          const checks = new Set(rejected.map((t) => t.strategy));
          // The root stop on the exclusions questions, an out-of-range pick below it, the answer's
          // made-up numbers, the classifier's words that are not in the question, the made-up items.
          expect([...checks].sort()).toEqual(expect.arrayContaining(['route_stop', 'route_pick', 'answer_numbers', 'classifier_item_noun', 'classifier_scope']));
          const stop = rejected.find((t) => t.strategy === 'route_stop')!;
          expect((stop.output as { why: string }).why).toMatch(/^stop_here at the document root \(\d+ sections and \d+ lists below it\)/);
          expect((stop.output as { modelReply: { reason: string } }).modelReply.reason).toBe(INJECTION); // kept as data
        }
        if (name === 'prose') expect(all.some((t) => t.stage === 'llm' && t.step === 'schema_failed')).toBe(true);
        if (name === '429 always' || name === 'timeout') expect(all.some((t) => t.stage === 'llm' && t.decision === 'failed')).toBe(true);
        if (MISBEHAVING.includes(name)) {
          // Every routing level that asked the model fell back to the rules, and says why.
          const levels = all.filter((t) => t.stage === 'route' && t.step === 'level');
          expect(levels.length).toBeGreaterThan(0);
          for (const l of levels) expect(l.strategy).toMatch(/^rules( \((llm failed|llm reply rejected): [a-z_]+\))?$/);
        }
      });

      if (name === 'obey the document') {
        it('a model told by the document to mark the list complete says so, and the verdict ignores it', () => {
          const r = results.get(`garden|${GARDEN_PROSE}`)!;
          const its = r.trace.filter((t) => t.stage === 'list' && t.step === 'iteration');
          expect(its.length).toBeGreaterThan(0);
          const said = its.map((t) => t.output as { modelSaysComplete: boolean; modelReason: string });
          expect(said.some((o) => o.modelSaysComplete && o.modelReason === INJECTION)).toBe(true);
          const a = r.answer as ListingAnswer;
          expect(a.isComplete).not.toBe(true);
          expect(a.completenessSource).not.toBe('llm');
        });
      }

      if (name === 'well-behaved' || name === '429 then answered') {
        it('a model doing its job still answers as before', () => {
          const listing = results.get(`garden|${GARDEN_LISTING}`)!.answer as ListingAnswer;
          expect(listing.items.map((i) => i.name)).toEqual(['Frost damage to plants', 'Insect pests and blight', 'Neglect of watering', 'Theft of tools left outdoors']);
          expect(listing.section?.title).toBe('IV. Exclusions');
          const factual = results.get(`garden|${GARDEN_FACTUAL}`)!.answer as FactualAnswer;
          expect(factual.answer).toContain('within 30 days of the loss');
          expect(factual.path).toBe('llm');
          const fema = results.get(`fema|${FEMA_LISTING}`)!.answer as ListingAnswer;
          expect(fema.section?.title).toBe('V. Exclusions');
          const routed = results.get(`garden|${GARDEN_LISTING}`)!.trace.filter((t) => t.stage === 'route' && t.step === 'level');
          expect(routed.every((t) => t.strategy === 'llm')).toBe(true);
        });
      }
    });
  }

  it('deterministic baseline: the exclusions of both documents are read from their exclusions sections', () => {
    const garden = baseline.get(`garden|${GARDEN_LISTING}`)!.answer as ListingAnswer;
    expect(garden.items.map((i) => i.name)).toEqual(['Frost damage to plants', 'Insect pests and blight', 'Neglect of watering', 'Theft of tools left outdoors']);
    expect((baseline.get(`fema|${FEMA_LISTING}`)!.answer as ListingAnswer).section?.title).toBe('V. Exclusions');
    expect(answerText(garden)).not.toContain(INJECTION);
  });
});


describe('the checks on their own', () => {
  const node = (id: number, title: string): TocNode => ({ id, parentId: null, level: 1, title, pageStart: 1, pageEnd: 2, lineStart: 1, childCount: 2, flags: [], lineCount: 40, hits: [], strongHits: 0, anchorBelow: 0, nounBelow: 0 });
  const level = [node(2, 'I. Scope'), node(3, 'II. Exclusions')];
  const rules = { pick: level[1]!, stop: false };
  const check = (reply: { pick: number | null; stop_here: boolean }, intent: 'listing' | 'factual' = 'listing', breadth = { sections: 9, lists: 12 }) =>
    checkRouteReply({ ...reply, reason: INJECTION }, { level, parentTitle: null, intent, rules, breadth: async () => breadth });

  it('routing: a pick must be shown, a broad stop does not end the descent, a narrow one may', async () => {
    expect(await check({ pick: 7, stop_here: false })).toMatchObject({ ok: false, check: 'route_pick' });
    expect(await check({ pick: 2, stop_here: true })).toMatchObject({ ok: false, check: 'route_stop' });
    expect(await check({ pick: null, stop_here: false }, 'factual')).toMatchObject({ ok: false, check: 'route_stop' });
    expect(await check({ pick: null, stop_here: true }, 'listing', { sections: 2, lists: 1 })).toMatchObject({ ok: true, stop: true, agreesWithRules: false });
    expect(await check({ pick: 3, stop_here: false })).toMatchObject({ ok: true, agreesWithRules: true });
    expect(await check({ pick: 2, stop_here: false })).toMatchObject({ ok: true, agreesWithRules: false });
  });

  it('verdict: a sweep of a section the model chose, or a list the model picked, is not complete by that', () => {
    const item = { name: 'a', surfaceForms: ['a'], citations: [{ pageNum: 1, lineNum: 1, quote: 'a', lineId: 1 }] };
    const sweep = { strategy: 'structure' as const, variant: 'enumeration', items: [item, item], exhaustive: true, detail: {}, tokens: 0, llmCalls: 0 };
    expect(decideCompleteness(sweep, 2, null, { modelChosen: false }).isComplete).toBe(true);
    const chosen = decideCompleteness(sweep, 2, null, { modelChosen: true });
    expect(chosen).toMatchObject({ isComplete: null, source: 'unknown' });
    expect(chosen.reason).toMatch(/the model's choice/);
    const ranked = { ...sweep, variant: 'candidate-list', detail: { list: 4, margin: 0.5, endedBy: 'text', pickedBy: 'ranking' } };
    expect(decideCompleteness(ranked, 2, null, { modelChosen: true }).isComplete).toBe(true); // closed, tied, ahead: earned by the list itself
    expect(decideCompleteness({ ...ranked, detail: { ...ranked.detail, pickedBy: 'llm' } }, 2, null, { modelChosen: false }).isComplete).toBeNull();
  });

  it('items, numbers and classifier words must stand in what the model was shown', () => {
    expect(nameSupportedByLine('Frost damage to plants', '1. Frost damage to plants')).toBe(true);
    expect(nameSupportedByLine('Meteor strikes from orbit', '1. Frost damage to plants')).toBe(false);
    expect(unsupportedNumbers('Within 30 days (page 97).', ['A claim must be filed within 30 days of the loss.'])).toEqual(['97']);
    const c = checkClassifierReply('What does this policy exclude under section V?', { intent: 'listing', item_noun: 'exclusions', scope: INJECTION });
    expect(c.itemNoun).toBe('exclusions');
    expect(c.scope).toBeNull();
    expect(c.rejected.map((r) => r.field)).toEqual(['scope']);
    expect(c.rejected[0]!.why).not.toContain('ignore');
  });

  it('the trace timeline labels model-written text as data', () => {
    const row = { seq: 1, stage: 'route', step: 'model_rejected', iteration: 1, strategy: 'route_stop', input: null, output: { why: 'x', modelReply: { reason: INJECTION } }, decision: 'rejected (route_stop): x; the rules descend', keywords_before: null, keywords_after: null, tokens: 0, duration_ms: 0 };
    const text = renderTrace({ id: 1, text: 'q', document: 'd' }, [row as never]);
    expect(text).toContain(`model's reply (data): {"reason":"${INJECTION}"}`);
  });
});
