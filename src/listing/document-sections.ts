/**
 * Every TOC entry with sub-entries, anywhere in the document, as a candidate list: the detector
 * that does not hang on where routing went. Routing ranks one level at a time by titles and word
 * tallies; a list question whose items are a section's parts ("the phases of the life cycle")
 * may share no word with that section's title, while the section's opening text says what its
 * parts are ("This section describes the major phases of ...: preparation, detection, ...").
 *
 * Each set reads its entry's opening text, the lines between its heading and its first
 * sub-entry. When one sentence there names two or more of the sub-entries by their titles, and
 * calls them by the question's item noun, that sentence introduces them: it is the set's intro, and the sub-entries it names are the items
 * (an entry's trailing "Checklist" or "Recommendations" section is not one of the parts the
 * opening enumerates). Sub-entries no opening sentence introduces are not offered here: they
 * are any entry's parts, and routing offers those where it goes (section-sets.ts).
 *
 * A set found here lies outside what routing chose, so it never proves itself whole: the
 * verdict stays for the structure the question was routed to.
 */

import { routableEntries, type RoutableEntry } from '../sql/routable-entries.ts';
import { linesBetween } from '../sql/lines-between.ts';
import { stripNumbering } from '../toc/numbering.ts';
import type { StoredList } from './candidates.ts';
import { entriesAsList } from './section-sets.ts';
import type { StrategyContext } from './strategy-types.ts';
import { splitSentences } from '../route/sentences.ts';
import { containsPhrase, tokensOf } from '../text/text-match.ts';
import { singularize } from '../lexicon/plurals.ts';
import { joinParts } from '../structure/lists.ts';

/** Lines of an entry's opening text read at most: a paragraph or two, never a whole chapter. */
const OPENING_LINES = 40;
/** The opening text kept as the set's lead (the context its intro closes), in characters. */
const LEAD_CHARS = 600;
/**
 * Sub-entries an opening sentence must name to introduce them: two at least (one is a
 * cross-reference), and half of them (naming two of eight points the way to two of them).
 */
const NAMED_MIN = 2;

export interface DocumentSet {
  list: StoredList;
  /** The entry whose sub-entries these are. */
  parent: { id: number; title: string };
  /** The sub-entries the set holds, in order (those the opening names, when it names them). */
  children: { id: number; title: string; pageStart: number; lineStart: number | null }[];
  /** The opening sentence that names them. */
  namedBy: string;
}

type EntryRow = RoutableEntry;

/**
 * `skip`: entries whose sub-entries are offered already (the routed entry, the sets below it).
 * `noun`: what the question lists ("phase"): the opening sentence must call the parts so, or it
 * introduces them as something else ("two types of requirements: basic and derived").
 */
export async function documentSectionSets(ctx: Pick<StrategyContext, 'db' | 'documentId'>, skip: Set<number>, noun: string | null): Promise<DocumentSet[]> {
  const head = noun ? tokensOf(noun).at(-1) : undefined;
  if (!head) return [];
  const callsThem = (sentence: string) => tokensOf(sentence).some((t) => t === head || singularize(t) === head);
  const entries = await routableEntries(ctx.db, ctx.documentId);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const children = new Map<number, EntryRow[]>();
  for (const e of entries) if (e.parentId !== null) children.set(e.parentId, [...(children.get(e.parentId) ?? []), e]);
  const parents = [...children.entries()].filter(([id, cs]) => cs.length >= 2 && !skip.has(id) && byId.has(id));
  if (!parents.length) return [];
  const at = (e: EntryRow) => ({ pageNum: e.pageStart, lineNum: e.lineStart ?? 0 });
  const openings = await linesBetween(ctx.db, ctx.documentId, parents.map(([id, cs]) => ({ key: id, from: at(byId.get(id)!), to: at(cs[0]!) })), OPENING_LINES);
  const out: DocumentSet[] = [];
  for (const [id, cs] of parents) {
    const parent = byId.get(id)!;
    const lines = openings.get(id) ?? [];
    const sentences = splitSentences(lines).map((s) => s.text).filter(callsThem);
    const named = bestNamingSentence(sentences, cs);
    // Sub-entries nothing introduces are any entry's parts: routing offers those where it goes.
    if (!named) continue;
    const kept = cs.filter((c) => names(named, c.title));
    const path: string[] = [];
    for (let up = parent.parentId === null ? undefined : byId.get(parent.parentId); up; up = up.parentId === null ? undefined : byId.get(up.parentId)) path.unshift(up.title);
    const lead = joinParts(lines.map((l) => l.text)).slice(0, LEAD_CHARS);
    out.push({
      list: asList(-(100000 + id), parent, [...path, parent.title].join(' > '), named, lead, kept),
      parent: { id, title: parent.title },
      children: kept.map((c) => ({ id: c.id, title: c.title, pageStart: c.pageStart, lineStart: c.lineStart })),
      namedBy: named,
    });
  }
  return out;
}

/** The sentence names the sub-entry: the whole of its bare title stands in it as a phrase. */
function names(sentence: string, title: string): boolean {
  const bare = stripNumbering(title);
  return tokensOf(bare).length > 0 && containsPhrase(sentence, bare);
}

/** The opening sentence naming the most sub-entries, when it names enough to introduce them. */
function bestNamingSentence(sentences: string[], cs: EntryRow[]): string | null {
  let best: { text: string; n: number } | null = null;
  for (const s of sentences) {
    const n = cs.filter((c) => names(s, c.title)).length;
    if (n >= Math.max(NAMED_MIN, Math.ceil(cs.length / 2)) && (!best || n > best.n)) best = { text: s, n };
  }
  return best?.text ?? null;
}

/** The sub-entries as a list the ranking reads (as any TOC set), introduced by the naming sentence. */
function asList(id: number, parent: EntryRow, path: string, intro: string, lead: string, cs: EntryRow[]): StoredList {
  const items = cs.map((c) => {
    const name = c.title.replace(/\s+/g, ' ').trim();
    return { name, surfaceForms: [name], citations: [{ pageNum: c.pageStart, lineNum: c.lineStart ?? 0, quote: c.title }] };
  });
  return { ...entriesAsList(parent.title, parent.id, path, items, id), intro, lead };
}
