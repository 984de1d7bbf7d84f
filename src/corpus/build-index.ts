import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { DbOrTx } from '../db/tx.ts';

/** Body words counted per document before Postgres maps them to lexemes (its english dictionary drops stop words). */
const CANDIDATE_WORDS = 800;
/** Lexemes kept per document in `top_terms` (the D part of its vector, and the corpus' document frequencies). */
export const TOP_TERMS = 300;
/** Distinctive terms the summary names. */
const DISTINCTIVE = 12;
/** Top-level sections the summary names (all are kept in `sections`). */
const SUMMARY_SECTIONS = 8;
/** An identifier family is "defined" by a document when it titles at least this many lines with codes of it. */
const MIN_FAMILY_CODES = 3;

export interface CorpusFamily {
  family: string;
  depth: number;
  levelNoun: string | null;
  codes: number;
  example: string;
}

export interface CorpusEntry {
  documentId: number;
  title: string;
  summary: string;
  sections: string[];
  topTerms: string[];
  distinctiveTerms: string[];
  families: CorpusFamily[];
  counts: { pages: number; lines: number; tocEntries: number; lists: number; identifiers: number };
}

/**
 * File-name words as a person would type them: "nist-sp-800-171r2" is "nist sp 800 171r2", and
 * letter/digit runs apart too ("171", "r2"), so a question writing "SP 800-171" or "F-122" meets it.
 */
export function nameWords(fileName: string): string {
  const base = fileName.replace(/\.pdf$/i, '');
  const words = base.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const parts = words.flatMap((w) => w.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u));
  return [...new Set([...words, ...parts])].join(' ');
}

/**
 * Builds (or rebuilds) one document's corpus index row and its corpus_toc rows from the rows the
 * parse job has written: documents, toc_entries, identifiers and, once, its body lines for the
 * term counts. Runs inside the parse transaction; `refreshCorpusIndex` reruns it for every document.
 */
export async function buildCorpusEntry(db: DbOrTx, documentId: number): Promise<CorpusEntry | null> {
  const [doc] = await rows<{ file_name: string; title: string | null; page_count: number | null; first_line: string | null }>(
    db,
    sql`select d.file_name, d.title, d.page_count,
               (select l.text from lines l where l.document_id = d.id and l.page_num = 1 and not l.furniture order by l.size desc, l.line_num limit 1) as first_line
        from documents d where d.id = ${documentId}`,
  );
  if (!doc) return null;
  const toc = await rows<{ id: number; level: number; title: string; page_start: number; page_end: number }>(
    db,
    sql`select id, level, title, page_start, page_end from toc_entries where document_id = ${documentId} and routable order by id`,
  );
  const topLevel = toc.length ? Math.min(...toc.map((t) => t.level)) : 0;
  const tops = toc.filter((t) => t.level === topLevel);
  const families = await rows<CorpusFamily>(
    db,
    sql`select family, depth, level_noun as "levelNoun", count(*)::int as codes, min(code) as example
        from identifiers where document_id = ${documentId}
        group by family, depth, level_noun having count(*) >= ${MIN_FAMILY_CODES}
        order by count(*) desc, family, depth limit 8`,
  );
  const [counts] = await rows<{ lines: number; lists: number; identifiers: number }>(
    db,
    sql`select (select count(*)::int from lines where document_id = ${documentId}) as lines,
               (select count(*)::int from lists where document_id = ${documentId}) as lists,
               (select count(*)::int from identifiers where document_id = ${documentId}) as identifiers`,
  );
  const terms = await documentTerms(db, documentId);
  const distinctive = await distinctiveTerms(db, documentId, terms);
  const title = cleanTitle(doc.title) ?? cleanTitle(doc.first_line) ?? doc.file_name.replace(/\.pdf$/i, '');
  const sections = tops.map((t) => t.title);
  const entry: CorpusEntry = {
    documentId,
    title,
    sections,
    topTerms: terms.map((t) => t.lexeme),
    distinctiveTerms: distinctive,
    families,
    counts: { pages: doc.page_count ?? 0, lines: counts?.lines ?? 0, tocEntries: toc.length, lists: counts?.lists ?? 0, identifiers: counts?.identifiers ?? 0 },
    summary: '',
  };
  entry.summary = summarize(entry);
  // The top terms are lexemes already: the 'simple' configuration keeps them as they are, and gives
  // them positions (a lexeme without positions would match a weight-restricted query of any weight).
  const nameText = `${title}\n${doc.first_line ?? ''}\n${nameWords(doc.file_name)}`;
  const tocText = toc.map((t) => t.title).join('\n') + '\n' + families.map((f) => f.levelNoun ?? '').join(' ');
  await db.execute(sql`delete from corpus_toc where document_id = ${documentId}`);
  await db.execute(sql`
    insert into corpus_index (document_id, title, summary, sections, top_terms, distinctive_terms, families, page_count, line_count, toc_entries, list_count, identifier_count, tsv, built_at)
    values (${documentId}, ${title}, ${entry.summary}, ${sql.param(sections)}::text[], ${sql.param(entry.topTerms)}::text[], ${sql.param(distinctive)}::text[],
            ${JSON.stringify(families)}::jsonb, ${entry.counts.pages}, ${entry.counts.lines}, ${entry.counts.tocEntries}, ${entry.counts.lists}, ${entry.counts.identifiers},
            setweight(to_tsvector('english', ${nameText}), 'A') || setweight(to_tsvector('english', ${sections.join('\n')}), 'B')
              || setweight(to_tsvector('english', ${tocText}), 'C') || setweight(to_tsvector('simple', ${entry.topTerms.join(' ')}), 'D'),
            now())
    on conflict (document_id) do update set title = excluded.title, summary = excluded.summary, sections = excluded.sections, top_terms = excluded.top_terms,
      distinctive_terms = excluded.distinctive_terms, families = excluded.families, page_count = excluded.page_count, line_count = excluded.line_count,
      toc_entries = excluded.toc_entries, list_count = excluded.list_count, identifier_count = excluded.identifier_count, tsv = excluded.tsv, built_at = now()`);
  await db.execute(sql`
    insert into corpus_toc (document_id, entry_id, level, title, page_start, page_end, tsv)
    values (${documentId}, 0, 0, ${title}, 1, ${Math.max(1, entry.counts.pages)}, to_tsvector('english', ${nameText}))`);
  for (const t of tops) {
    await db.execute(sql`
      insert into corpus_toc (document_id, entry_id, level, title, page_start, page_end, tsv)
      values (${documentId}, ${t.id}, 1, ${t.title}, ${t.page_start}, ${t.page_end}, to_tsvector('english', ${t.title}))`);
  }
  return entry;
}

/** Rebuilds every parsed document's row (distinctive terms then weigh against the whole corpus). */
export async function refreshCorpusIndex(db: Db, documentIds?: number[]): Promise<{ documents: number; ms: number }> {
  const t0 = performance.now();
  const ids = documentIds?.length
    ? documentIds
    : (await rows<{ id: number }>(db, sql`select id::int from documents where status = 'parsed' order by id`)).map((r) => r.id);
  for (const id of ids) await db.transaction(async (tx) => void (await buildCorpusEntry(tx, id)));
  return { documents: ids.length, ms: performance.now() - t0 };
}

function cleanTitle(s: string | null): string | null {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  // A title needs a word: metadata titles are sometimes a file name or a bare number.
  return /\p{L}{3}/u.test(t) && t.length <= 200 ? t : null;
}

/**
 * The document's body words, counted in JS and mapped to lexemes by Postgres' english dictionary
 * (which drops stop words: no list of ours); each lexeme keeps its most frequent surface word.
 */
async function documentTerms(db: DbOrTx, documentId: number): Promise<{ lexeme: string; word: string; count: number }[]> {
  const body = await rows<{ text: string }>(db, sql`select text from lines where document_id = ${documentId} and not furniture`);
  const counts = new Map<string, number>();
  for (const l of body) {
    for (const m of l.text.toLowerCase().matchAll(/\p{L}[\p{L}']*\p{L}/gu)) {
      const w = m[0];
      if (w.length < 3) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CANDIDATE_WORDS);
  if (!top.length) return [];
  const mapped = await rows<{ word: string; lexeme: string | null }>(
    db,
    sql`select w as word, (tsvector_to_array(to_tsvector('english', w)))[1] as lexeme from unnest(${sql.param(top.map((t) => t[0]))}::text[]) w`,
  );
  const lexOf = new Map(mapped.map((m) => [m.word, m.lexeme]));
  const byLex = new Map<string, { word: string; wordCount: number; count: number }>();
  for (const [w, c] of top) {
    const lex = lexOf.get(w);
    if (!lex) continue;
    const e = byLex.get(lex);
    if (!e) byLex.set(lex, { word: w, wordCount: c, count: c });
    else {
      e.count += c;
      if (c > e.wordCount) Object.assign(e, { word: w, wordCount: c });
    }
  }
  return [...byLex.entries()]
    .map(([lexeme, e]) => ({ lexeme, word: e.word, count: e.count }))
    .sort((a, b) => b.count - a.count || (a.lexeme < b.lexeme ? -1 : 1))
    .slice(0, TOP_TERMS)
    .map((t) => ({ ...t }));
}

/**
 * Frequent here and rare in the other indexed documents' top terms: tf x ln((N + 2) / (df + 1)).
 * The first document indexed has no others: its most frequent words stand. A refresh reweighs.
 */
async function distinctiveTerms(db: DbOrTx, documentId: number, terms: { lexeme: string; word: string; count: number }[]): Promise<string[]> {
  if (!terms.length) return [];
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from corpus_index where document_id <> ${documentId}`);
  const df = new Map(
    (
      await rows<{ t: string; df: number }>(
        db,
        sql`select t, count(*)::int as df from corpus_index c, unnest(c.top_terms) t
            where c.document_id <> ${documentId} and t = any(${sql.param(terms.map((x) => x.lexeme))}::text[]) group by t`,
      )
    ).map((r) => [r.t, r.df]),
  );
  const others = n?.n ?? 0;
  return terms
    .map((t) => ({ word: t.word, score: t.count * Math.log((others + 2) / ((df.get(t.lexeme) ?? 0) + 1)) }))
    .sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : 1))
    .slice(0, DISTINCTIVE)
    .map((t) => t.word);
}

/** The one deterministic paragraph a person (or the routing model) reads for a document. */
export function summarize(e: Omit<CorpusEntry, 'summary'>): string {
  const parts = [e.title];
  if (e.sections.length) {
    const shown = e.sections.slice(0, SUMMARY_SECTIONS).join('; ');
    parts.push(`sections: ${shown}${e.sections.length > SUMMARY_SECTIONS ? `; ... (${e.sections.length} in all)` : ''}`);
  }
  if (e.distinctiveTerms.length) parts.push(`terms: ${e.distinctiveTerms.join(', ')}`);
  if (e.families.length) {
    parts.push(`defines: ${e.families.slice(0, 4).map((f) => `${f.codes} ${f.levelNoun ?? 'code'}s like ${f.example}`).join(', ')}`);
  }
  parts.push(`${e.counts.pages} pages, ${e.counts.tocEntries} TOC entries, ${e.counts.lists} lists`);
  return parts.join('. ');
}
