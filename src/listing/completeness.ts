import type { CardinalityCue } from './cardinality.ts';
import type { CompletenessSource } from '../answer/types.ts';
import type { StrategyResult } from './strategy-types.ts';

export interface Verdict {
  isComplete: boolean | null;
  source: CompletenessSource;
  reason: string;
  statedCount: number | null;
}

/**
 * Completeness with strict precedence: a stated count the list cannot meet always says
 * "incomplete" (never claim a whole list the document contradicts); then structure (the sweep
 * is exhaustive by construction); then the stated count met; then the LLM's own assessment;
 * otherwise honestly unknown.
 */
export function decideCompleteness(result: StrategyResult, found: number, cue: CardinalityCue | null): Verdict {
  const stated = cue?.count ?? null;
  if (cue && found < cue.count) {
    return { isComplete: false, source: 'cardinality', reason: `the document states ${cue.count} ("${cue.text}", p.${cue.pageNum}) but only ${found} could be found in its text`, statedCount: stated };
  }
  if (result.exhaustive && found > 0) {
    const how = result.strategy === 'pattern' ? `every line matching ${String(result.detail.regex ?? 'the pattern')} was swept` : `the items are all the ${result.variant === 'candidate-list' ? `items of list ${String(result.detail.list)}, closed (${String(result.detail.endedBy)}) and ahead of the runner-up by ${Math.round(Number(result.detail.margin) * 100)}%` : result.variant === 'toc-children' ? 'sub-entries of the routed TOC entry' : result.variant === 'titled-entries' ? 'TOC entries named by the item noun' : result.variant === 'numbered-top-level' ? "document's top-level TOC entries numbered 1..n" : 'members of a numbered list running 1..n'}`;
    return { isComplete: true, source: 'structure', reason: how + (cue ? (cue.count === found ? `; matches the stated ${cue.count}` : `; the document states ${cue.count}`) : ''), statedCount: stated };
  }
  // A list picked by proximity (or partly because its size matched the count) proves nothing.
  if (cue && found >= cue.count && result.relevant !== false) {
    return { isComplete: true, source: 'cardinality', reason: `found ${found}, the document states ${cue.count} ("${cue.text}", p.${cue.pageNum})`, statedCount: stated };
  }
  if (result.llmSaysComplete !== undefined && result.llmSaysComplete !== null && found > 0) {
    return { isComplete: result.llmSaysComplete, source: 'llm', reason: `the extraction model judged the list ${result.llmSaysComplete ? 'complete' : 'incomplete'}`, statedCount: stated };
  }
  return { isComplete: null, source: 'unknown', reason: found ? 'no structure, stated count or model judgement confirms the list is whole' : 'no items found', statedCount: stated };
}
