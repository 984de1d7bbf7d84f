import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { LlmSchemaError, LlmUnavailableError } from '../errors.ts';
import type { Llm } from '../llm/index.ts';
import { tocLevel, type TocNode } from '../sql/toc-level.ts';
import type { Tracer } from '../trace/tracer.ts';
import { routeAnchors, scoreEntry, type RouteQuery } from './score-entry.ts';
import { containsPhrase } from './text-match.ts';

export interface RoutedSection {
  entry: TocNode | null; // null: the whole document (no TOC, or nothing matched)
  path: TocNode[];
  pageStart: number;
  pageEnd: number;
  reason: string;
  tokens: number;
  llmCalls: number;
  usedLlm: boolean;
}

export interface RouteOptions {
  db: Db;
  documentId: number;
  pageCount: number;
  question: string;
  query: RouteQuery;
  maxSectionLines: number;
  tracer: Tracer;
  llm: Llm | null;
  llmCtx?: { runId: string; questionId: number };
}

const RoutePickSchema = z.object({
  pick: z.number().int().nullable(),
  stop_here: z.boolean(),
  reason: z.string(),
});

/** One compact line per entry: all a routing step ever shows (never the whole TOC). */
export function compactLine(n: TocNode, keywords: string[]): string {
  const hits = keywords.map((k, i) => `${k}=${n.hits[i] ?? 0}`).join(' ');
  return `${n.id} | ${n.title} | pp.${n.pageStart}-${n.pageEnd} | ${n.childCount} sub | hits: ${hits}`;
}

/**
 * Routes top-down, one TOC level at a time: show the children of the current entry, pick one,
 * descend. Stops at a leaf, at a section small enough to read whole, or (for listings) at the
 * entry whose children are the items. Each level is one trace row.
 */
export async function routeToc(o: RouteOptions): Promise<RoutedSection> {
  const path: TocNode[] = [];
  let parentId: number | null = null;
  let tokens = 0;
  let llmCalls = 0;
  let usedLlm = false;
  let reason = 'no table of contents';
  for (let depth = 1; depth <= 12; depth++) {
    const t0 = performance.now();
    const { anchors, nouns } = routeAnchors(o.query);
    const level = await tocLevel(o.db, o.documentId, parentId, o.query.keywords, anchors, nouns);
    if (level.length === 0) break;
    const scored = level.map((n) => ({ n, s: scoreEntry(n, o.query) })).sort((a, b) => b.s.score - a.s.score);
    const shown = level.map((n) => compactLine(n, o.query.keywords));
    let pick: TocNode | null = null;
    let stop = false;
    let levelTokens = 0;
    let decidedBy = 'rules';
    if (o.llm && o.llmCtx) {
      try {
        const res = await o.llm.structured(
          { db: o.db, runId: o.llmCtx.runId, questionId: o.llmCtx.questionId, tracer: o.tracer },
          {
            purpose: 'route',
            schemaName: 'route_pick',
            schema: RoutePickSchema,
            system:
              'You route a question through a document table of contents, one level at a time. ' +
              'Pick the entry most likely to contain the answer (or, for a listing question, the entry whose sub-entries or body list the items). ' +
              'Set stop_here=true if the current section (the parent) should be read as a whole instead of descending. Reply JSON only.',
            user: `Question: ${o.question}\nCurrent section: ${path.at(-1)?.title ?? '(document root)'}\nEntries (id | title | pages | sub-entries | keyword hits):\n${shown.join('\n')}`,
          },
        );
        tokens += res.tokens.prompt + res.tokens.completion;
        levelTokens = res.tokens.prompt + res.tokens.completion;
        llmCalls += res.attempts;
        usedLlm = true;
        decidedBy = 'llm';
        stop = res.value.stop_here;
        pick = res.value.pick === null ? null : (level.find((n) => n.id === res.value.pick) ?? null);
        reason = res.value.reason;
        if (res.value.pick !== null && !pick) {
          decidedBy = 'rules (llm picked an id not shown)';
          pick = null;
          stop = false;
        }
      } catch (e) {
        if (!(e instanceof LlmSchemaError || e instanceof LlmUnavailableError)) throw e;
        decidedBy = `rules (llm failed: ${e.code})`;
        await o.tracer.record({ stage: 'route', step: 'fallback', iteration: depth, decision: `deterministic pick (llm failed: ${e.code})`, output: { error: e.message } });
      }
    }
    if (decidedBy.startsWith('rules')) {
      const best = scored[0]!;
      const parent = path.at(-1);
      const worthDescending = best.s.titleScore > 0 || best.s.coverage > 0;
      // With nothing in any title, a small parent is better read whole than guessed into.
      if (!worthDescending || (parent && best.s.titleScore === 0 && parent.lineCount <= o.maxSectionLines)) {
        stop = true;
        reason = parent
          ? `no sub-entry of "${parent.title}" matches the question better; reading it whole`
          : worthDescending
            ? 'no child title matches; the parent is small enough to read whole'
            : 'no entry matches the question';
      } else {
        pick = best.n;
        reason = best.s.reasons.join('; ') || 'highest keyword tally';
      }
    }
    await o.tracer.record({
      stage: 'route',
      step: 'level',
      iteration: depth,
      strategy: decidedBy,
      input: { parent: path.at(-1)?.title ?? null, entries: shown },
      output: { pick: pick ? { id: pick.id, title: pick.title, pages: [pick.pageStart, pick.pageEnd] } : null, stop, scores: scored.slice(0, 5).map((x) => ({ id: x.n.id, title: x.n.title, score: round(x.s.score) })) },
      decision: pick ? `descend into "${pick.title}"` : 'stop',
      keywordsBefore: o.query.keywords,
      tokens: levelTokens,
      durationMs: performance.now() - t0,
    });
    if (!pick || stop) break;
    path.push(pick);
    if (pick.childCount === 0) {
      reason += '; leaf';
      break;
    }
    if (wantsEverythingUnder(pick, o.query)) {
      reason += '; listing wants everything under this heading';
      break;
    }
    parentId = pick.id;
  }
  const entry = path.at(-1) ?? null;
  return {
    entry,
    path,
    pageStart: entry?.pageStart ?? 1,
    pageEnd: entry?.pageEnd ?? o.pageCount,
    reason,
    tokens,
    llmCalls,
    usedLlm,
  };
}

function wantsEverythingUnder(n: TocNode, q: RouteQuery): boolean {
  if (q.intent === 'factual' || n.childCount === 0) return false;
  const s = scoreEntry(n, q);
  // Only the entry whose own title names the scope (or the items themselves: "VII. General
  // Conditions" for "all the general conditions") holds "everything under" it.
  const phrase = [q.itemPhrase, q.itemNoun].find((x) => x && x.trim().includes(' '));
  const namesItems = Boolean(phrase && containsPhrase(n.title, phrase));
  return (namesItems || s.reasons.some((r) => r.startsWith('title has scope') || r.startsWith('title has code'))) && !q.sectionRef;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
