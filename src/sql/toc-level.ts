import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { keywordQuery } from './keyword-query.ts';

export interface TocNode {
  id: number;
  parentId: number | null;
  level: number;
  title: string;
  pageStart: number;
  pageEnd: number;
  lineStart: number | null;
  childCount: number;
  /** The TOC's flags ("grouping": a heading over run-in heads, set apart from its run-in siblings). */
  flags: string[];
  lineCount: number;
  /** Lines in the entry's pages matching each keyword (same order as the keywords given). */
  hits: number[];
  /** Lines matching two or more different keywords: where the question's words stand together. */
  strongHits: number;
  /** Entries below this one whose titles name an anchor (scope, code, section number). */
  anchorBelow: number;
  /** Entries below this one whose titles name the listed items ("CSF Tiers" for tiers): weaker. */
  nounBelow: number;
  /** Where the entry's span ends (exclusive): the next entry outside its subtree, or the page after its last. */
  endPage?: number;
  endLine?: number;
  /** Identifiers the identifier index says are defined inside the entry's span. */
  defines?: number;
  /** The first and last of them in document order ("3.1.1", "3.1.22"), when there are any. */
  firstCode?: string | null;
  lastCode?: string | null;
}

/**
 * One level of the routed TOC: the routable children of `parentId` (roots when null), each with
 * its size and keyword hits counted in SQL over its own pages. This is all a routing step sees.
 */
export async function tocLevel(
  db: Db,
  documentId: number,
  parentId: number | null,
  keywords: string[],
  anchors: string[] = [],
  nounAnchors: string[] = [],
): Promise<TocNode[]> {
  // Pre-order ids: an entry's subtree is every id after it up to the next entry at its level or above.
  const below = (terms: string[]) => {
    if (!terms.length) return sql`0`;
    const re = `(^|[^[:alnum:]])(${terms.map(escapeRe).join('|')})($|[^[:alnum:]])`;
    return sql`(select count(*)::int from toc_entries d where d.document_id = t.document_id and d.routable and d.id > t.id
             and d.id < coalesce((select min(n.id) from toc_entries n where n.document_id = t.document_id and n.id > t.id and n.level <= t.level), 2147483647)
             and d.title ~* ${re})`;
  };
  const anchorExpr = below(anchors);
  const nounExpr = below(nounAnchors);
  // An entry's lines run from its heading line to the next entry outside its subtree, which may
  // start part-way down a shared page: counting whole pages would credit both sections.
  const inSpan = sql`(l.page_num, l.line_num) >= (t.page_start, coalesce(t.line_start, 0))
                 and (l.page_num, l.line_num) < (case when nx.page_start is not null and nx.line_start is not null and nx.page_start <= t.page_end + 1
                                                   then nx.page_start else t.page_end + 1 end,
                                                 case when nx.page_start is not null and nx.line_start is not null and nx.page_start <= t.page_end + 1
                                                   then nx.line_start else 0 end)`;
  const bounded = sql`nx.page_start is not null and nx.line_start is not null and nx.page_start <= t.page_end + 1`;
  const endPage = sql`(case when ${bounded} then nx.page_start else t.page_end + 1 end)`;
  const endLine = sql`(case when ${bounded} then nx.line_start else 0 end)`;
  const hitCols = keywords.length
    ? sql.join(
        keywords.map(
          (k) => sql`(select count(*)::int from lines l where l.document_id = t.document_id
                 and l.page_num between t.page_start and t.page_end + 1 and ${inSpan}
                 and to_tsvector('english', l.text) @@ ${keywordQuery(k)})`,
        ),
        sql`, `,
      )
    : null;
  const hitsExpr = hitCols ? sql`array[${hitCols}]` : sql`array[]::int[]`;
  const lineMatches = keywords.length
    ? sql.join(keywords.map((k) => sql`(to_tsvector('english', l.text) @@ ${keywordQuery(k)})::int`), sql` + `)
    : sql`0`;
  const strongExpr = sql`(select count(*)::int from lines l where l.document_id = t.document_id
                 and l.page_num between t.page_start and t.page_end + 1 and ${inSpan} and (${lineMatches}) >= 2)`;
  // Entries under a flagged (non-routable) parent count as roots, so noise never hides real sections.
  const parentCond =
    parentId === null
      ? sql`(t.parent_id is null or not exists (select 1 from toc_entries p where p.document_id = t.document_id and p.id = t.parent_id and p.routable))`
      : sql`t.parent_id = ${parentId}`;
  return rows<TocNode>(
    db,
    sql`select t.id, t.parent_id as "parentId", t.level, t.title, t.page_start as "pageStart", t.page_end as "pageEnd",
          t.line_start as "lineStart", t.flags,
          (select count(*)::int from toc_entries c where c.document_id = t.document_id and c.parent_id = t.id and c.routable) as "childCount",
          (select count(*)::int from lines l where l.document_id = t.document_id and l.page_num between t.page_start and t.page_end + 1 and ${inSpan}) as "lineCount",
          ${hitsExpr} as hits, ${strongExpr} as "strongHits", ${anchorExpr} as "anchorBelow", ${nounExpr} as "nounBelow",
          ${endPage} as "endPage", ${endLine} as "endLine", d.n as defines, d.first as "firstCode", d.last as "lastCode"
        from toc_entries t
        left join lateral (
          select n.page_start, n.line_start from toc_entries n
          where n.document_id = t.document_id and n.routable and n.id > t.id and n.level <= t.level
          order by n.id limit 1) nx on true
        left join lateral (
          select count(*)::int as n,
                 (array_agg(i.code order by i.page_num, i.line_num))[1] as first,
                 (array_agg(i.code order by i.page_num desc, i.line_num desc))[1] as last
          from identifiers i where i.document_id = t.document_id
            and (i.page_num, i.line_num) >= (t.page_start, coalesce(t.line_start, 0))
            and (i.page_num, i.line_num) < (${endPage}, ${endLine})) d on true
        where t.document_id = ${documentId} and t.routable and ${parentCond}
        order by t.ordinal, t.id`,
  );
}


function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
}
