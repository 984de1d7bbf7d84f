import { nounInstances } from './noun-instances.ts';
import { z } from 'zod';
import { LlmSchemaError, LlmUnavailableError } from '../../errors.ts';
import type { LineRow } from '../../db/rows.ts';
import { keywordLines, loadLines } from '../../sql/load-lines.ts';
import { routableEntries, type RoutableEntry } from '../../sql/routable-entries.ts';
import { nameSupportedByLine, quoteInLine } from '../../text/quote-check.ts';
import { stemOverlap } from '../../text/text-match.ts';
import { findCardinalityCues } from '../cardinality.ts';
import { TUNING } from '../tuning.ts';
import { modelText, traceRejection } from '../../llm/untrusted.ts';
import { normalizeItemName } from './normalize-item.ts';
import { enumerationItems, pickEnumeration } from './structure.ts';
import { contentLines } from './content-lines.ts';
import { ordinalProse } from './ordinal-prose.ts';
import { cite, type Candidate, type StrategyContext, type StrategyResult } from '../strategy-types.ts';

const ExtractionSchema = z.object({
  items: z.array(z.object({ name: z.string(), line_id: z.number().int(), quote: z.string() })),
  is_likely_complete: z.boolean(),
  reason: z.string(),
  suggested_keywords: z.array(z.string()),
});

const MAX_LINES_PER_CALL = 220;

/**
 * Semantic: broad retrieval (the routed section plus keyword hits) and extraction. With an LLM,
 * a bounded loop: extract, and while the list looks incomplete or short of the expected count,
 * expand the keywords (each iteration must change them) and read the newly retrieved lines.
 * Without an LLM, a deterministic extractor over the same region: enumerations and bold lead-ins.
 */
export async function semanticStrategy(ctx: StrategyContext, expectedCount: number | null): Promise<StrategyResult> {
  const region = await broadRegion(ctx, ctx.u.keywords);
  if (!ctx.llm) return deterministicExtract(ctx, withoutHeadings(region, await routableEntries(ctx.db, ctx.documentId)), expectedCount, await proseLines(ctx, region));
  return llmLoop(ctx, region, expectedCount);
}

/** The lines a prose list may be written in: after the stated count, or after the document's own. */
async function proseLines(ctx: StrategyContext, region: LineRow[]): Promise<LineRow[]> {
  return ctx.cueAt ? linesAfter(ctx, ctx.cueAt) : linesAfterOwnCount(ctx, region);
}

/** The sentences right after a count ("… three desiderata. One is …"). */
async function linesAfter(ctx: StrategyContext, cue: { pageNum: number; lineNum: number }): Promise<LineRow[]> {
  const lines = await loadLines(ctx.db, ctx.documentId, cue.pageNum, cue.pageNum + 1);
  const i = lines.findIndex((l) => l.pageNum === cue.pageNum && l.lineNum === cue.lineNum);
  return i < 0 ? [] : lines.slice(i, i + 16);
}

/**
 * A count of the document's own noun for the items ("we consider three desiderata" for a
 * question about criteria): no noun the question says, so it is no stated count; but a sentence
 * on the question's words that counts N things and is followed by N ordinal sentences ("One is
 * ... Another is ... The third is ...") has written out its list, the series bearing out the count.
 */
async function linesAfterOwnCount(ctx: StrategyContext, region: LineRow[]): Promise<LineRow[]> {
  const cues = findCardinalityCues(region, null).filter((c) => c.count >= 2 && c.count <= TUNING.ownCountMaxItems && !c.approximate);
  for (const cue of cues) {
    // The count's sentence may start on the line before ("… self-attention we" / "consider three desiderata.").
    const k = region.findIndex((l) => l.pageNum === cue.pageNum && l.lineNum === cue.lineNum);
    const prev = region[k - 1];
    const before = prev && prev.pageNum === cue.pageNum && prev.lineNum === cue.lineNum - 1 && !/[.!?]$/.test(prev.text.trim()) ? prev.text : '';
    if (k < 0 || stemOverlap(`${before} ${region[k]!.text}`, ctx.u.keywords).matched.length === 0) continue;
    const after = await linesAfter(ctx, cue);
    if (ordinalProse(after).length === cue.count) return after;
  }
  return [];
}

/** Why an extracted item is not supported by the lines shown, or null when it is. */
function citationProblem(it: { name: string; line_id: number; quote: string }, shown: Map<number, LineRow>): string | null {
  const line = shown.get(it.line_id);
  if (!line) return `line ${it.line_id} was not shown`;
  if (!quoteInLine(line.text, it.quote)) return `the quote is not in line ${it.line_id}`;
  if (!nameSupportedByLine(it.name, line.text)) return `the name is not in line ${it.line_id}`;
  return null;
}

async function broadRegion(ctx: StrategyContext, keywords: string[]): Promise<LineRow[]> {
  const seen = new Map<number, LineRow>();
  for (const l of ctx.regionLines) seen.set(l.id, l);
  const hits = await keywordLines(ctx.db, ctx.documentId, keywords, 60);
  // Each hit brings its neighbourhood: list items sit under the sentence that names them.
  const pages = [...new Set(hits.slice(0, 12).map((h) => h.pageNum))];
  for (const p of pages) for (const l of await loadLines(ctx.db, ctx.documentId, p, p)) seen.set(l.id, l);
  return [...seen.values()].sort((a, b) => a.pageNum - b.pageNum || a.lineNum - b.lineNum);
}

/**
 * The region without the lines that are TOC headings: numbered headings ("1. Introduction",
 * "2. Access Methods" ...) read as an enumeration, and the deterministic extractor would offer the
 * document's own sections as the items of whatever the question asks.
 */
function withoutHeadings(region: LineRow[], entries: RoutableEntry[]): LineRow[] {
  const headingAt = new Set(entries.filter((e) => e.lineStart !== null).map((e) => `${e.pageStart}:${e.lineStart}`));
  return region.filter((l) => !headingAt.has(`${l.pageNum}:${l.lineNum}`));
}

function deterministicExtract(ctx: StrategyContext, region: LineRow[], expectedCount: number | null, afterCue: LineRow[] = []): StrategyResult {
  const prose = ordinalProse(afterCue);
  if (prose.length >= 2) {
    return { strategy: 'semantic', variant: 'deterministic-ordinal-prose', items: prose, exhaustive: false, relevant: true, detail: { regionLines: region.length, deterministic: true, afterCue: afterCue.length }, tokens: 0, llmCalls: 0 };
  }
  const leadIns = leadInRun(region, ctx);
  const body = contentLines(region);
  const enumeration = pickEnumeration(body, ctx, expectedCount);
  let items: Candidate[] = [];
  let variant = 'deterministic-none';
  if (leadIns.length >= 2 && (!enumeration || (expectedCount !== null && Math.abs(leadIns.length - expectedCount) < Math.abs(enumeration.count - expectedCount)))) {
    items = leadIns.map((l) => ({ name: l.leadIn!.replace(/[.:]$/, ''), surfaceForms: [l.leadIn!.replace(/[.:]$/, '')], citations: [cite(l, l.leadIn!)], confidence: 0.6 }));
    variant = 'deterministic-lead-ins';
  } else if (enumeration) {
    items = enumerationItems(enumeration, body, 0.5);
    variant = 'deterministic-enumeration';
  } else {
    // Nothing set out as a list: the names the prose puts before the item noun ("in FASTA and
    // BIOM formats").
    items = nounInstances(body, ctx.u.itemNounSingular);
    if (items.length) variant = 'deterministic-noun-instances';
  }
  return { strategy: 'semantic', variant, items, exhaustive: false, relevant: false, detail: { regionLines: region.length, deterministic: true }, tokens: 0, llmCalls: 0 };
}

/** Consecutive paragraphs opening with bold run-in headings, nearest to the routed section. */
function leadInRun(region: LineRow[], ctx: StrategyContext): LineRow[] {
  const withLead = region.filter((l) => l.leadIn && l.leadIn.length >= 3 && l.leadIn.length <= 80 && /^[A-Z]/.test(l.leadIn));
  if (withLead.length < 2) return [];
  // Group lead-ins that are close together (within ~25 lines on the same or next page).
  const groups: LineRow[][] = [];
  for (const l of withLead) {
    const g = groups.at(-1);
    const prev = g?.at(-1);
    if (g && prev && (l.pageNum === prev.pageNum ? l.lineNum - prev.lineNum <= 25 : l.pageNum - prev.pageNum === 1)) g.push(l);
    else groups.push([l]);
  }
  const start = ctx.routed.entry?.pageStart ?? 0;
  groups.sort((a, b) => b.length - a.length || Math.abs(a[0]!.pageNum - start) - Math.abs(b[0]!.pageNum - start));
  return groups[0]!.length >= 2 ? groups[0]! : [];
}

async function llmLoop(ctx: StrategyContext, initial: LineRow[], expectedCount: number | null): Promise<StrategyResult> {
  const llm = ctx.llm!;
  let keywords = [...ctx.u.keywords];
  const usedKeywords = new Set(keywords.map((k) => k.toLowerCase()));
  const seenLines = new Set<number>();
  let pending = initial;
  const items = new Map<string, Candidate>();
  let tokens = 0;
  let calls = 0;
  // The model's own judgement of completeness steers the loop (stop reading) and is kept as data;
  // it never sets the verdict.
  let modelSaysComplete: boolean | null = null;
  let stopReason = 'max iterations';
  let rejectedTotal = 0;
  for (let iteration = 1; iteration <= ctx.maxIterations; iteration++) {
    const batch = pending.filter((l) => !seenLines.has(l.id)).slice(0, MAX_LINES_PER_CALL);
    if (batch.length === 0) {
      stopReason = 'nothing new to read';
      await ctx.tracer.record({ stage: 'list', step: 'iteration', iteration, strategy: 'semantic', decision: 'stop: nothing new to read', keywordsBefore: keywords, keywordsAfter: keywords });
      break;
    }
    batch.forEach((l) => seenLines.add(l.id));
    const t0 = performance.now();
    let value: z.infer<typeof ExtractionSchema>;
    try {
      const res = await llm.structured(
        { db: ctx.db, runId: ctx.runId, questionId: ctx.questionId, tracer: ctx.tracer },
        {
          purpose: 'extract',
          schemaName: 'listing_extraction',
          schema: ExtractionSchema,
          system:
            'Extract every item that answers the listing question from the numbered document lines. ' +
            'Each item needs the id of the line where it is named and a verbatim quote from that line. ' +
            'Say whether the list is likely complete, why, and suggest new search keywords that could find missing items. Reply JSON only.',
          user: `Question: ${ctx.question}\nItems found so far: ${[...items.values()].map((i) => i.name).join('; ') || '(none)'}\nLines:\n${batch.map((l) => `[${l.id}] p${l.pageNum}: ${l.text}`).join('\n')}`,
        },
      );
      value = res.value;
      tokens += res.tokens.prompt + res.tokens.completion;
      calls += res.attempts;
    } catch (e) {
      if (!(e instanceof LlmSchemaError || e instanceof LlmUnavailableError)) throw e;
      await ctx.tracer.record({ stage: 'list', step: 'fallback', iteration, strategy: 'semantic', decision: `deterministic extractor (llm failed: ${e.code})`, output: { error: e.message } });
      const det = deterministicExtract(ctx, initial, expectedCount);
      return { ...det, items: [...items.values(), ...det.items], tokens, llmCalls: calls, detail: { ...det.detail, llmFailed: e.code } };
    }
    const byId = new Map(batch.map((l) => [l.id, l]));
    let fresh = 0;
    const rejected: { name: string; why: string }[] = [];
    for (const it of value.items) {
      const why = citationProblem(it, byId);
      if (why) {
        rejected.push({ name: modelText(it.name), why });
        continue;
      }
      const line = byId.get(it.line_id)!;
      const key = normalizeItemName(it.name);
      const existing = items.get(key);
      if (existing) {
        existing.citations.push(cite(line, it.quote));
      } else {
        items.set(key, { name: it.name, surfaceForms: [it.name], citations: [cite(line, it.quote)], confidence: 0.8 });
        fresh++;
      }
    }
    rejectedTotal += rejected.length;
    if (rejected.length) {
      await traceRejection(ctx.tracer, {
        stage: 'list',
        check: 'item_citation',
        why: `${rejected.length} of ${value.items.length} extracted item(s) do not stand in the lines shown: ${rejected.slice(0, 5).map((r) => r.why).join('; ')}`,
        fallback: 'those items are left out',
        reply: rejected,
        iteration,
      });
    }
    modelSaysComplete = value.is_likely_complete;
    const shortOfCount = expectedCount !== null && items.size < expectedCount;
    const newKeywords = value.suggested_keywords.map((k) => k.trim()).filter((k) => k && !usedKeywords.has(k.toLowerCase()));
    const before = keywords;
    let decision: string;
    if (value.is_likely_complete && !shortOfCount) {
      decision = 'stop: the model says it found all (its judgement, not a verdict)';
      stopReason = 'model says complete';
    } else if (fresh === 0 && iteration > 1) {
      decision = 'stop: no new items';
      stopReason = 'no new items';
    } else if (newKeywords.length === 0) {
      decision = 'stop: no new keywords to expand';
      stopReason = 'nothing new to search';
    } else {
      decision = shortOfCount ? `continue: ${items.size} of ${expectedCount} expected` : 'continue: model says incomplete';
    }
    if (decision.startsWith('continue')) {
      newKeywords.forEach((k) => usedKeywords.add(k.toLowerCase()));
      keywords = [...keywords, ...newKeywords];
      pending = (await keywordLines(ctx.db, ctx.documentId, newKeywords, 200)).sort((a, b) => a.pageNum - b.pageNum || a.lineNum - b.lineNum);
    }
    await ctx.tracer.record({
      stage: 'list',
      step: 'iteration',
      iteration,
      strategy: 'semantic',
      input: { linesRead: batch.length },
      output: { candidates: value.items.length, newItems: fresh, total: items.size, rejectedQuotes: rejected.map((r) => r.name), rejected, modelSaysComplete: value.is_likely_complete, modelReason: modelText(value.reason) },
      keywordsBefore: before,
      keywordsAfter: keywords,
      decision,
      durationMs: performance.now() - t0,
    });
    if (!decision.startsWith('continue')) break;
  }
  if (items.size === 0 && rejectedTotal > 0) {
    // Every item the model gave failed its check: the deterministic extractor's list stands.
    await ctx.tracer.record({ stage: 'list', step: 'fallback', strategy: 'semantic', decision: `deterministic extractor (all ${rejectedTotal} extracted item(s) were rejected)` });
    const det = deterministicExtract(ctx, initial, expectedCount, await proseLines(ctx, initial));
    return { ...det, tokens, llmCalls: calls, detail: { ...det.detail, modelItemsRejected: rejectedTotal } };
  }
  const found = [...items.values()];
  // A list the model extracted has no boundary of its own; a stated count can still speak for it,
  // but only when each item stands on a line of its own (names padded out over one line prove nothing).
  const distinctLines = new Set(found.map((i) => i.citations[0]?.lineId)).size;
  return {
    strategy: 'semantic',
    variant: 'llm-loop',
    items: found,
    exhaustive: false,
    relevant: found.length > 0 && distinctLines === found.length,
    detail: { stopReason, keywords: keywords.map(modelText), linesRead: seenLines.size, modelSaysComplete },
    tokens,
    llmCalls: calls,
  };
}
