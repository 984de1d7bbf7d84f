/**
 * Sections that lack something: "Which families have no derived security requirements?" asks
 * for the sibling sections whose part named by the phrase ("Derived Security Requirements") says
 * it holds nothing ("None.", "Not applicable."). Every sibling is read, so when each one names the
 * part, the sweep is whole by construction; a sibling that never names it leaves the answer open.
 */

import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import type { LineRow } from '../../db/rows.ts';
import { loadLines } from '../../sql/load-lines.ts';
import { tocLevel, type TocNode } from '../../sql/toc-level.ts';
import { stem, tokensOf } from '../../text/text-match.ts';
import { FUNCTION_WORDS } from '../../lexicon/english.ts';
import { cite, type Candidate, type StrategyContext, type StrategyResult } from '../strategy-types.ts';

/** What a part that holds nothing says: the closed set of English words for an empty entry. */
const EMPTY = /^(?:none|nil|not applicable|n\/a|not used|reserved|\(none\)|—|–|-)\.?$/i;
/** At most this many parents are probed (those with sub-entries), the routed path first. */
const MAX_PARENTS = 40;
/** The part's heading is a short line: the phrase and a few words more at most. */
const HEADING_EXTRA_WORDS = 3;

type State = { kind: 'empty'; line: LineRow } | { kind: 'held' } | { kind: 'absent' };

export async function sectionsLacking(ctx: StrategyContext): Promise<StrategyResult | null> {
  const phrase = ctx.u.lacks;
  if (!phrase) return null;
  const want = tokensOf(phrase).filter((t) => !FUNCTION_WORDS.has(t)).map(stem);
  if (!want.length) return null;
  for (const parent of await parents(ctx)) {
    const children = await tocLevel(ctx.db, ctx.documentId, parent.id, []);
    if (children.length < 2) continue;
    // The first two siblings are read before all of them (most parents' sections never name the
    // part); then all of them in one read, each sibling its span of the lines.
    const read = async (nodes: TocNode[]) => {
      const lines = await loadLines(ctx.db, ctx.documentId, Math.min(...nodes.map((c) => c.pageStart)), Math.max(...nodes.map((c) => c.endPage ?? c.pageEnd)));
      return nodes.map((c) => stateOf(lines.filter((l) => inSpan(l, c)), want));
    };
    if ((await read(children.slice(0, 2))).every((st) => st.kind === 'absent')) continue;
    const states = await read(children);
    const named = states.filter((s) => s.kind !== 'absent').length;
    // The siblings are set out by that part when most of them name it.
    if (named < Math.max(2, children.length / 2)) continue;
    const items: Candidate[] = [];
    children.forEach((c, i) => {
      const s = states[i]!;
      if (s.kind === 'empty') items.push({ name: c.title.replace(/\s+/g, ' ').trim(), surfaceForms: [c.title], citations: [cite(s.line)], confidence: 0.9 });
    });
    const absent = children.filter((_, i) => states[i]!.kind === 'absent').map((c) => c.title);
    return {
      strategy: 'structure',
      variant: 'sections-lacking',
      items,
      // Whole only when every sibling was read and named the part: one that does not may lack it too.
      exhaustive: items.length > 0 && absent.length === 0,
      relevant: true,
      detail: { parent: parent.title, phrase, siblings: children.length, named, absent },
      tokens: 0,
      llmCalls: 0,
    };
  }
  return null;
}

/** The routed entry and the entries above it, then every other entry with sub-entries, then the top level. */
async function parents(ctx: StrategyContext): Promise<{ id: number | null; title: string }[]> {
  const path = [...ctx.routed.path].reverse().map((p) => ({ id: p.id, title: p.title }));
  const rest = await rows<{ id: number; title: string }>(
    ctx.db,
    sql`select t.id, t.title from toc_entries t where t.document_id = ${ctx.documentId} and t.routable
        and (select count(*) from toc_entries c where c.document_id = t.document_id and c.parent_id = t.id and c.routable) >= 2
        order by t.level, t.id limit ${MAX_PARENTS}`,
  );
  const seen = new Set(path.map((p) => p.id));
  return [...path, ...rest.filter((r) => !seen.has(r.id)), { id: null, title: '(the document)' }];
}

/** Whether a section (its lines) names the part, and whether what follows that heading says it is empty. */
function stateOf(lines: LineRow[], want: string[]): State {
  const k = lines.findIndex((l) => {
    const words = tokensOf(l.text).filter((t) => !FUNCTION_WORDS.has(t));
    const stems = new Set(words.map(stem));
    return words.length <= want.length + HEADING_EXTRA_WORDS && want.every((w) => stems.has(w));
  });
  if (k < 0) return { kind: 'absent' };
  const next = lines.slice(k + 1).find((l) => l.text.trim());
  return next && EMPTY.test(next.text.trim()) ? { kind: 'empty', line: next } : { kind: 'held' };
}

function inSpan(l: LineRow, node: TocNode): boolean {
  const start = l.pageNum > node.pageStart || (l.pageNum === node.pageStart && l.lineNum >= (node.lineStart ?? 0));
  const endPage = node.endPage ?? node.pageEnd + 1;
  const end = l.pageNum < endPage || (l.pageNum === endPage && l.lineNum < (node.endLine ?? 0));
  return start && end;
}
