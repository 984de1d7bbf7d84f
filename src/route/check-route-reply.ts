/**
 * A routing reply is checked against the level it was shown before it moves the descent: the pick
 * must be one of that level's entries, and "stop here" on a broad section (many sections or lists
 * below it) does not end the descent on the model's word alone: there the rules' choice stands.
 * This matters most for listings (a broad section hands the choice of list to whatever comes first
 * in it), and holds for every question: a factual answer read from the whole document is a guess. What the model wrote as its reason is data, kept beside the choice.
 */

import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { TocNode } from '../sql/toc-level.ts';

export interface RouteReply {
  pick: number | null;
  stop_here: boolean;
  reason: string;
}

/** What the rules would do at this level, decided before (and without) the model's reply. */
export interface RulesChoice {
  pick: TocNode | null;
  stop: boolean;
}

/** How much lies under the section a stop would read whole. */
export interface Breadth {
  sections: number;
  lists: number;
}

/**
 * A section holding this many sub-sections, or this many of the structure model's lists, is broad:
 * reading it whole leaves the choice of list to whatever comes first in it, so a listing
 * question descends further unless the rules themselves stop there.
 */
export const BROAD_SECTIONS = 3;
export const BROAD_LISTS = 3;

export type RouteCheck =
  | { ok: true; pick: TocNode | null; stop: boolean; agreesWithRules: boolean }
  | { ok: false; check: 'route_pick' | 'route_stop'; why: string };

export function isBroad(b: Breadth): boolean {
  return b.sections >= BROAD_SECTIONS || b.lists >= BROAD_LISTS;
}

/**
 * Checks one reply. `breadth` is asked for only when the model would stop where the rules would
 * not (it costs a query).
 */
export async function checkRouteReply(
  reply: RouteReply,
  o: { level: TocNode[]; parentTitle: string | null; intent: 'listing' | 'count' | 'factual'; rules: RulesChoice; breadth: () => Promise<Breadth> },
): Promise<RouteCheck> {
  const pick = reply.pick === null ? null : (o.level.find((n) => n.id === reply.pick) ?? null);
  if (reply.pick !== null && !pick) {
    const ids = o.level.map((n) => n.id);
    return { ok: false, check: 'route_pick', why: `pick ${reply.pick} is not one of the ${o.level.length} entries shown (ids ${ids.slice(0, 12).join(', ')}${ids.length > 12 ? ', ...' : ''})` };
  }
  // No pick is a stop too: the descent ends at the parent.
  const stop = reply.stop_here || pick === null;
  const rulesStop = o.rules.stop || o.rules.pick === null;
  if (stop && !rulesStop) {
    const b = await o.breadth();
    if (isBroad(b)) {
      const where = o.parentTitle ? `"${o.parentTitle}"` : 'the document root';
      return {
        ok: false,
        check: 'route_stop',
        why: `stop_here at ${where} (${b.sections} sections and ${b.lists} lists below it) would read a broad part of the document whole${o.intent === 'factual' ? '' : ' for a listing question'}, while the rules descend into "${o.rules.pick!.title}"`,
      };
    }
  }
  const agreesWithRules = stop ? rulesStop : !rulesStop && o.rules.pick?.id === pick?.id;
  return { ok: true, pick: stop ? null : pick, stop, agreesWithRules };
}

/** Sections and lists under a TOC entry (the whole document for the root). */
export async function breadthUnder(db: Db, documentId: number, parent: TocNode | null): Promise<Breadth> {
  if (!parent) {
    const [r] = await rows<Breadth>(
      db,
      sql`select (select count(*)::int from toc_entries where document_id = ${documentId} and routable) as sections,
                 (select count(*)::int from lists where document_id = ${documentId}) as lists`,
    );
    return r ?? { sections: 0, lists: 0 };
  }
  // Pre-order ids: an entry's subtree is every id after it up to the next entry at its level or above.
  const [r] = await rows<Breadth>(
    db,
    sql`select (select count(*)::int from toc_entries d where d.document_id = ${documentId} and d.routable and d.id > ${parent.id}
                  and d.id < coalesce((select min(n.id) from toc_entries n where n.document_id = ${documentId} and n.id > ${parent.id} and n.level <= ${parent.level}), 2147483647)) as sections,
               (select count(*)::int from lists l where l.document_id = ${documentId} and l.page_start >= ${parent.pageStart} and l.page_end <= ${parent.pageEnd}) as lists`,
  );
  return r ?? { sections: 0, lists: 0 };
}
