import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LlmSchemaError, LlmUnavailableError, NotFoundError } from '../errors.ts';
import { Llm } from '../llm/index.ts';
import { runListing } from '../listing/dispatch.ts';
import { probeListingIntent } from '../listing/probe-intent.ts';
import { decideCompleteness } from '../listing/completeness.ts';
import { routeToc, type RoutedSection } from '../route/route-toc.ts';
import { loadLines, nextEntryAfter } from '../sql/load-lines.ts';
import { loadQuestion, storeAnswer } from '../sql/store-answer.ts';
import { Tracer } from '../trace/tracer.ts';
import type { AnswerDeps } from '../workers/answer-question.ts';
import { answerFactual } from './factual.ts';
import { answerText } from './render.ts';
import type { Answer, LineRow, ListingAnswer } from './types.ts';
import { understandQuestion, type Understanding } from './understand.ts';
import { verifyItemCitations } from './verify-citations.ts';
import { checkClassifierReply } from './check-classifier.ts';
import { modelText, traceRejection } from '../llm/untrusted.ts';
import { stem, tokensOf } from '../route/text-match.ts';

const ClassifySchema = z.object({
  intent: z.enum(['listing', 'count', 'factual']),
  item_noun: z.string().nullable(),
  scope: z.string().nullable(),
});

/**
 * The question pipeline: understand -> route (one TOC level at a time) -> list or answer ->
 * verify -> store. Every stage writes trace rows; the answer records which path produced it.
 */
export async function answerQuestion(deps: AnswerDeps, questionId: number, opts: { noCache: boolean }): Promise<Answer> {
  const t0 = performance.now();
  const q = await loadQuestion(deps.db, questionId);
  if (!q) throw new NotFoundError('not_found', `question ${questionId} does not exist`, { questionId });
  await deps.db.execute(sql`update questions set status = 'answering' where id = ${questionId}`);
  await deps.db.execute(sql`delete from pipeline_trace where question_id = ${questionId}`);
  const tracer = new Tracer(deps.db, q.run_id, { questionId, documentId: q.document_id });
  const llm = Llm.fromConfig(deps.config, { noCache: opts.noCache, rateLimiter: deps.llmLimiter, logger: deps.log });
  const llmCtx = { runId: q.run_id, questionId };
  let tokens = 0;
  let llmCalls = 0;

  let u = withoutDocumentWords(await understand(deps, q.text, llm, tracer, llmCtx, (t, c) => ((tokens += t), (llmCalls += c))), q);
  const probe = await probeListingIntent(deps.db, q.document_id, q.text, u);
  if (u.intent === 'factual') await tracer.record({ stage: 'understand', step: 'intent_from_document', output: probe, decision: probe.listing ? `listing: ${probe.reason}` : `factual: ${probe.reason}` });
  if (probe.listing) u = { ...u, intent: 'listing', signals: [...u.signals, 'intent-from-document'] };
  await deps.db.execute(sql`update questions set understanding = ${JSON.stringify(u)}::jsonb where id = ${questionId}`);

  const routed = await routeToc({
    db: deps.db,
    documentId: q.document_id,
    pageCount: q.page_count,
    question: q.text,
    query: { intent: u.intent, keywords: u.keywords, codes: u.codes, phrases: u.phrases, scope: u.scope, sectionRef: u.sectionRef, itemNoun: u.itemNoun, itemNounSingular: u.itemNounSingular, itemPhrase: u.itemPhrase },
    maxSectionLines: deps.config.DOCINTEL_SECTION_MAX_LINES,
    tracer,
    llm,
    llmCtx,
  });
  tokens += routed.tokens;
  llmCalls += routed.llmCalls;
  const regionLines = await readSection(deps, q.document_id, routed);
  await tracer.record({
    stage: 'route',
    step: 'read_section',
    output: { title: routed.entry?.title ?? '(whole document)', pages: [routed.pageStart, routed.pageEnd], lines: regionLines.length, path: routed.path.map((p) => p.title) },
    decision: routed.reason,
  });
  const section = routed.entry ? { title: routed.entry.title, pageStart: routed.pageStart, pageEnd: routed.pageEnd } : null;

  let answer: Answer;
  let strategy: string | null = null;
  if (u.intent === 'factual') {
    const draft = await answerFactual({ db: deps.db, question: q.text, u, lines: regionLines, llm, tracer, llmCtx });
    tokens += draft.tokens;
    llmCalls += draft.llmCalls;
    strategy = 'routing';
    answer = {
      kind: 'factual',
      question: q.text,
      answer: draft.answer,
      notFound: draft.notFound,
      citations: draft.citations,
      confidence: draft.confidence,
      section,
      notes: draft.notes,
      path: draft.path === 'llm' || routed.usedLlm ? (draft.path === 'llm' && routed.usedLlm ? 'llm' : 'mixed') : 'deterministic',
    };
  } else {
    const outcome = await runListing({
      db: deps.db,
      documentId: q.document_id,
      pageCount: q.page_count,
      question: q.text,
      u,
      routed,
      regionLines,
      tracer,
      llm,
      runId: q.run_id,
      questionId,
      maxIterations: deps.config.DOCINTEL_LIST_MAX_ITERATIONS,
    });
    tokens += outcome.result.tokens;
    llmCalls += outcome.result.llmCalls;
    const verified = await verifyItemCitations(deps.db, q.document_id, outcome.items);
    await tracer.record({
      stage: 'verify',
      step: 'citations',
      output: { kept: verified.items.length, dropped: verified.dropped },
      decision: verified.dropped.length ? `dropped ${verified.dropped.length} item(s) without a resolvable citation` : 'every item cites a stored line containing its quote',
    });
    strategy = outcome.result.strategy;
    const usedLlm = outcome.result.variant === 'llm-loop' || outcome.result.detail.pickedBy === 'llm' || routed.usedLlm;
    // Dropped items change the count the verdict was based on: decide again on what is left.
    const redecided = verified.dropped.length ? decideCompleteness(outcome.result, verified.items.length, outcome.cue, routed) : outcome.verdict;
    const verdict =
      verified.dropped.length && redecided.isComplete && redecided.source === 'structure'
        ? { ...redecided, isComplete: null, source: 'unknown' as const, reason: `${redecided.reason}; but ${verified.dropped.length} item(s) lacked evidence and were dropped` }
        : redecided;
    const listing: ListingAnswer = {
      kind: u.intent === 'count' ? 'count' : 'listing',
      question: q.text,
      items: verified.items.map((it) => ({
        name: it.name,
        surfaceForms: [...new Set([it.name, ...it.surfaceForms])],
        code: it.code ?? null,
        citations: it.verified,
        confidence: it.confidence ?? 0.7,
      })),
      count: verified.items.length,
      isComplete: verdict.isComplete,
      completenessSource: verdict.source,
      completenessReason: verdict.reason,
      statedCount: verdict.statedCount,
      strategy: `${outcome.result.strategy}/${outcome.result.variant}`,
      section,
      notFound: verdict.statedCount !== null && verdict.statedCount > verified.items.length ? [`${verdict.statedCount - verified.items.length} item(s) the document counts but does not name where they could be found`] : [],
      notes: [
        `strategies tried: ${outcome.tried.map((t) => `${t.strategy}/${t.variant}=${t.items}`).join(', ')}`,
        ...(outcome.result.variant.startsWith('deterministic') ? ['semantic extraction ran without an LLM (deterministic extractor)'] : []),
      ],
      path: usedLlm ? (outcome.result.variant === 'llm-loop' && routed.usedLlm ? 'llm' : 'mixed') : 'deterministic',
    };
    answer = listing;
  }
  const durationMs = performance.now() - t0;
  await tracer.record({ stage: 'answer', step: 'stored', output: { kind: answer.kind, path: answer.path }, tokens: 0, decision: answerText(answer).slice(0, 300), durationMs });
  await storeAnswer(deps.db, questionId, answer, answerText(answer), { strategy, tokens, llmCalls, durationMs });
  return answer;
}

/**
 * Words that name the document itself ("ASVS" in a question about the ASVS) occur everywhere
 * in it and cannot tell one section from another: routing ignores them.
 */
function withoutDocumentWords(u: Understanding, q: { file_name: string; title: string | null }): Understanding {
  const docWords = new Set(tokensOf(`${q.title ?? ''} ${q.file_name.replace(/\.pdf$/i, '').replace(/[-_]/g, ' ')}`).map(stem));
  const kept = u.keywords.filter((k) => !docWords.has(stem(k)));
  return kept.length && kept.length < u.keywords.length ? { ...u, keywords: kept, signals: [...u.signals, 'dropped-document-words'] } : u;
}

async function understand(
  deps: AnswerDeps,
  text: string,
  llm: Llm | null,
  tracer: Tracer,
  llmCtx: { runId: string; questionId: number },
  add: (tokens: number, calls: number) => void,
): Promise<Understanding> {
  const u = understandQuestion(text);
  await tracer.record({ stage: 'understand', step: 'rules', output: u, decision: `${u.intent} (confidence ${u.confidence})`, keywordsAfter: u.keywords });
  if (!llm || u.confidence >= 0.6) return u;
  try {
    const res = await llm.structured(
      { db: deps.db, runId: llmCtx.runId, questionId: llmCtx.questionId, tracer },
      {
        purpose: 'classify',
        schemaName: 'question_intent',
        schema: ClassifySchema,
        system: 'Classify the question: listing (asks for every item of a kind), count (how many), or factual. Give the item noun and the scope it is restricted to, if any. Reply JSON only.',
        user: text,
      },
    );
    add(res.tokens.prompt + res.tokens.completion, res.attempts);
    const checked = checkClassifierReply(text, res.value);
    for (const r of checked.rejected) {
      await traceRejection(tracer, { stage: 'understand', check: `classifier_${r.field}`, why: r.why, fallback: `keep the rules' ${r.field === 'scope' ? 'scope' : 'item noun'}`, reply: res.value });
    }
    const merged: Understanding = { ...u, intent: res.value.intent, itemNoun: checked.itemNoun ?? u.itemNoun, scope: checked.scope ?? u.scope, signals: [...u.signals, 'llm-classifier'] };
    await tracer.record({ stage: 'understand', step: 'llm_classifier', output: { intent: res.value.intent, itemNoun: merged.itemNoun, scope: merged.scope, modelReply: { item_noun: res.value.item_noun && modelText(res.value.item_noun), scope: res.value.scope && modelText(res.value.scope) } }, decision: `${merged.intent} (llm)` });
    return merged;
  } catch (e) {
    if (!(e instanceof LlmSchemaError || e instanceof LlmUnavailableError)) throw e;
    await tracer.record({ stage: 'understand', step: 'fallback', decision: `keep rule-based intent (llm failed: ${e.code})` });
    return u;
  }
}

/**
 * The routed section's lines: from its heading (when the TOC located it) to just before the
 * next entry that is not inside it, which may sit part-way down a later page.
 */
async function readSection(deps: AnswerDeps, documentId: number, routed: RoutedSection): Promise<LineRow[]> {
  const entry = routed.entry;
  if (!entry) return loadLines(deps.db, documentId, routed.pageStart, routed.pageEnd);
  const next = await nextEntryAfter(deps.db, documentId, entry.id, entry.level);
  const endPage = next && next.line_start && next.page_start > entry.pageEnd ? next.page_start : routed.pageEnd;
  const lines = await loadLines(deps.db, documentId, routed.pageStart, endPage);
  const start = entry.lineStart ?? 0;
  const before = (p: number, n: number, q: number, m: number) => p < q || (p === q && n < m);
  const stop = next?.line_start && before(routed.pageStart, start, next.page_start, next.line_start) ? { page: next.page_start, line: next.line_start } : null;
  return lines.filter((l) => !before(l.pageNum, l.lineNum, routed.pageStart, start) && (!stop || before(l.pageNum, l.lineNum, stop.page, stop.line)));
}
