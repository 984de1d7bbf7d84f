import { z } from 'zod';
import type { CardinalityCue } from './cardinality.ts';
import type { StrategyResult } from './strategy-types.ts';

/** What decided a listing's completeness verdict. */
export const CompletenessSourceSchema = z.enum(['structure', 'cardinality', 'llm', 'unknown']);
export type CompletenessSource = z.infer<typeof CompletenessSourceSchema>;

export interface Verdict {
  isComplete: boolean | null;
  source: CompletenessSource;
  reason: string;
  statedCount: number | null;
}

/**
 * Completeness with strict precedence: a stated count the list cannot meet always says
 * "incomplete" (never claim a whole list the document contradicts); then structure (the sweep
 * is exhaustive by construction); then the stated count met; otherwise honestly unknown. What a
 * model says of its own list (complete or not) never decides: it is kept in the trace as data.
 */
export function decideCompleteness(result: StrategyResult, found: number, cue: CardinalityCue | null, origin?: ModelOrigin): Verdict {
  const v = decide(result, found, cue);
  return origin ? provenWithoutTheModel(v, result, origin) : v;
}

/** Where a model's word shaped the answer: the section it routed to, when that differed from the rules'. */
export interface ModelOrigin {
  modelChosen: boolean;
}

/**
 * The verdict rules hold whatever path produced the list. A list found in a section the model
 * chose (not the one the rules would read) is complete only when the list itself is closed and
 * matches the question, as a ranked candidate list earns it (closed, tied, covered, ahead of its
 * rivals), or when the document's own count is met; a structural sweep of the model's section
 * (its sub-entries, the first numbered list in it) proves only that the model chose that section.
 * A list the model picked among candidates never earns it by the pick.
 */
function provenWithoutTheModel(v: Verdict, result: StrategyResult, origin: ModelOrigin): Verdict {
  if (v.isComplete !== true || v.source !== 'structure') return v;
  const rankedList = result.variant === 'candidate-list';
  if (rankedList && result.detail.pickedBy === 'llm') return { ...v, isComplete: null, source: 'unknown', reason: `${v.reason}; but the model picked this list, and a pick proves nothing whole` };
  if (origin.modelChosen && !rankedList) return { ...v, isComplete: null, source: 'unknown', reason: `${v.reason}; but the section read was the model's choice, not the rules', so the sweep proves only what that section holds` };
  return v;
}

function decide(result: StrategyResult, found: number, cue: CardinalityCue | null): Verdict {
  const stated = cue?.count ?? null;
  if (cue && found < cue.count) {
    return { isComplete: false, source: 'cardinality', reason: `the document states ${cue.count} ("${cue.text}", p.${cue.pageNum}) but only ${found} could be found in its text`, statedCount: stated };
  }
  // A list's members are distinct by construction: items merged into fewer answers (one name
  // for several members, "MPIEXEC" for "MPIEXEC TIMEOUT" and "MPIEXEC PORT RANGE") are not the
  // list's members, whatever the list proves of itself. (Entries of the contents may repeat a
  // title the outline also gives: merging those is their reading, not a loss.)
  const listed = result.strategy === 'structure' && (result.variant === 'candidate-list' || result.variant === 'enumeration');
  if (result.exhaustive && listed && found > 0 && found < result.items.length) {
    return { isComplete: null, source: 'unknown', reason: `the list's ${result.items.length} members came out as ${found} items: some share a name, so the answer is not the list's members one by one`, statedCount: stated };
  }
  if (result.exhaustive && found > 0) {
    const how = result.strategy === 'pattern' ? `every line matching ${String(result.detail.regex ?? 'the pattern')} was swept` : `the items are all the ${result.variant === 'candidate-list' ? `items ${result.detail.subLevelOf !== undefined ? `nested in the items of list ${String(result.detail.subLevelOf)}` : `of list ${String(result.detail.list)}`}, closed (${String(result.detail.endedBy)}) and ahead of the runner-up by ${Math.round(Number(result.detail.margin) * 100)}%` : result.variant === 'toc-children' ? (result.detail.level ? `sub-entries of "${String(result.detail.parent)}", a level below the routed TOC entry` : 'sub-entries of the routed TOC entry') : result.variant === 'sections-lacking' ? `sub-entries of "${String(result.detail.parent)}" whose "${String(result.detail.phrase)}" part says it holds nothing, every sibling read` : result.variant === 'titled-entries' ? 'TOC entries named by the item noun' : result.variant === 'numbered-top-level' ? "document's top-level TOC entries numbered 1..n" : 'members of a numbered list running 1..n'}`;
    return { isComplete: true, source: 'structure', reason: how + (cue ? (cue.count === found ? `; matches the stated ${cue.count}` : `; the document states ${cue.count}`) : ''), statedCount: stated };
  }
  // More items than the document states means this list is not the one the count is of (or its
  // items are not the counted things): a count proves a list whole only when it is met exactly.
  if (cue && found > cue.count && !result.exhaustive) {
    return { isComplete: null, source: 'unknown', reason: `found ${found}, more than the ${cue.count} the document states ("${cue.text}", p.${cue.pageNum}): the count may be of other things`, statedCount: stated };
  }
  // A list picked by proximity (or partly because its size matched the count) proves nothing.
  if (cue && found === cue.count && result.relevant !== false) {
    return { isComplete: true, source: 'cardinality', reason: `found ${found}, the document states ${cue.count} ("${cue.text}", p.${cue.pageNum})`, statedCount: stated };
  }
  // A model's own judgement ("likely complete") is data in the trace, never a verdict.
  return { isComplete: null, source: 'unknown', reason: found ? 'no structure or stated count confirms the list is whole' : 'no items found', statedCount: stated };
}
