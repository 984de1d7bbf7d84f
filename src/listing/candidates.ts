/**
 * Candidate lists from the structure model, ranked against the question. Every list the parse
 * job found is a candidate; its evidence is what the document says around it (the sentence that
 * introduces it, the heading and section above it, its parent item) and what its items say.
 * The ranking is lexical (idf-weighted keyword hits per field) plus references the question
 * names ("Article 16", "Section 3.2.1", "point 5"), so it holds on any document.
 */

import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { nameParts, negates, norm, stem, tokensOf } from '../text/text-match.ts';
import type { Understanding } from '../question/understand.ts';
import type { Candidate } from './strategy-types.ts';
import { TUNING } from './tuning.ts';
import { attributeNames, attributeValues, conditionSplit, valueSplit, type ConditionSplit } from './condition.ts';
import { measureCell } from '../structure/header-series.ts';
import { CONSTITUTED } from '../structure/inline-lists.ts';
import { OPEN_VERB_END } from '../structure/lists.ts';
import { readingPosition } from '../text/position.ts';
import { calledNames, capitalNames, DOTTED_NUMBER, pathsIn, programNames } from '../lexicon/identifiers.ts';
import { CLASSIFIER_WORDS, FUNCTION_WORDS, PARAMETER_NOUNS, parseNumberWord } from '../lexicon/english.ts';
import type { ListRow } from '../structure/build-structure.ts';
import { stripNumbering } from '../toc/numbering.ts';
import { contentStems } from '../route/evidence.ts';
import { adjacentPairs, pairShare } from '../search/proximity.ts';

/** A stored list as ranking reads it: its row (see build-structure), its section path, its items. */
export interface StoredList extends Pick<ListRow, 'parentList' | 'parentItem' | 'depth' | 'kind' | 'sectionId' | 'heading' | 'intro' | 'itemCount' | 'sequential' | 'endedBy' | 'gapAfter' | 'pageStart' | 'pageEnd'> {
  id: number;
  /** The list's style as stored ("labelled": paragraphs numbered by a word); sets built here have none. */
  style?: string;
  sectionPath: string;
  /**
   * The lines just before the list's introducing sentence (same page): the paragraph it closes
   * often says what the list is of ("... developed seven ethical principles. The seven
   * principles include ...").
   */
  lead?: string | null;
  /** For the level below a list (see sub-levels.ts): the id of the list whose items' nested items these are. */
  subLevelOf?: number;
  /** The noun the document writes before each member: codes of one level ("requirement"), paragraphs numbered by a word ("Definition"). */
  levelNoun?: string | null;
  items: { ordinal: number; label: string; text: string; pageNum: number; lineNum: number; lineId: number; lineText: string }[];
}

export interface RankedList {
  list: StoredList;
  score: number;
  features: Record<string, number>;
  /** Text the score was read from, for the trace. */
  context: string;
  /** The members a condition of the question keeps (condition.ts), when it splits the list. */
  condition?: ConditionSplit;
}

/**
 * The ranking's order. Scores equal but for rounding noise (a word's weight shifts with every
 * list the document gains) are a tie: the list whose own text holds more of the question's words
 * leads, then the earlier one. Either way the margin is nil, and no verdict rests on it.
 */
export function byRank(a: RankedList, b: RankedList): number {
  const tied = Math.abs(a.score - b.score) <= TUNING.listScoreTie * Math.max(Math.abs(a.score), Math.abs(b.score), 1);
  return (tied ? (b.features.lexical ?? 0) - (a.features.lexical ?? 0) : b.score - a.score) || a.list.id - b.list.id;
}

export async function loadLists(db: Db, documentId: number): Promise<StoredList[]> {
  const ls = await rows<Omit<StoredList, 'items' | 'sectionPath'> & { sectionPath: string | null }>(
    db,
    sql`with recursive path(id, entry, titles) as (
          select id, id, title from toc_entries where document_id = ${documentId}
          union all
          select p.id, t.parent_id, t2.title || ' > ' || p.titles
          from path p join toc_entries t on t.document_id = ${documentId} and t.id = p.entry
          join toc_entries t2 on t2.document_id = ${documentId} and t2.id = t.parent_id
        ), full_path as (select distinct on (id) id, titles from path order by id, length(titles) desc)
        select l.id, l.parent_list as "parentList", l.parent_item as "parentItem", l.depth, l.kind, l.style, l.section_id as "sectionId",
               l.heading, l.intro, l.item_count as "itemCount", l.sequential, l.ended_by as "endedBy", l.gap_after as "gapAfter",
               l.page_start as "pageStart", l.page_end as "pageEnd", fp.titles as "sectionPath",
               (select string_agg(ln.text, ' ' order by ln.line_num) from lines ln
                 where ln.document_id = l.document_id and ln.page_num = l.intro_page
                   and ln.line_num between l.intro_line - ${LEAD_LINES} and l.intro_line - 1) as "lead"
        from lists l left join full_path fp on fp.id = l.section_id
        where l.document_id = ${documentId} order by l.id`,
  );
  const items = await rows<{ listId: number; ordinal: number; label: string; text: string; pageNum: number; lineNum: number; lineId: number; lineText: string }>(
    db,
    sql`select i.list_id as "listId", i.ordinal, i.label, i.text, i.page_start as "pageNum", i.line_start as "lineNum", ln.id::int as "lineId", ln.text as "lineText"
        from list_items i join lines ln on ln.document_id = i.document_id and ln.page_num = i.page_start and ln.line_num = i.line_start
        where i.document_id = ${documentId} order by i.list_id, i.ordinal`,
  );
  const nouns = await rows<{ code: string; noun: string }>(db, sql`select code, level_noun as noun from identifiers where document_id = ${documentId} and level_noun is not null`);
  const nounOf = new Map(nouns.map((n) => [n.code, n.noun]));
  const byList = new Map<number, StoredList['items']>();
  for (const it of items) {
    const arr = byList.get(it.listId) ?? [];
    arr.push(it);
    byList.set(it.listId, arr);
  }
  return ls.map((l) => {
    const its = byList.get(l.id) ?? [];
    // A family of codes takes the noun the document writes before them; paragraphs numbered by
    // a word ("Definition 1 to Definition 8") take that word.
    const levelNoun = l.kind === 'identifier' ? (nounOf.get(its[0]?.label ?? '') ?? null) : l.style === 'labelled' ? (tokensOf(l.intro ?? '')[0] ?? null) : l.style === 'tagged' ? (tokensOf(l.intro ?? '').at(-1) ?? null) : null;
    return { ...l, sectionPath: l.sectionPath ?? '', items: its, levelNoun };
  });
}

/** Lines read before a list's intro for its lead. */
const LEAD_LINES = 3;

// A bare dotted number in a question ("3.2.1") names the part it numbers; after a name in
// capitals, one ending in ".0" is the named standard's version ("FHS 3.0", "ASVS 5.0"), no part.
const DOTTED_REF = new RegExp(String.raw`(?<![\w.])(${DOTTED_NUMBER})(?![\w.])`, 'g');
const VERSION_AFTER_NAME = /\b\p{Lu}{2,}\s+$/u;

/** "Article 16", "Section 3.2.1", "Annex III", "point 5", "5(1)", "Table 3-5": a name plus a number. */
export function questionRefs(question: string): { head: string; sub: number | null }[] {
  const out: { head: string; sub: number | null }[] = [];
  const re = /\b([A-Z][a-z]{2,}|[a-z]{4,})\s+((?:\d+(?:[.\-]\d+)*|[IVXLC]{1,6}|[A-Z])(?:\((\d+)\))?)(?![\w.])/g;
  for (const m of question.matchAll(re)) {
    const word = m[1]!;
    // A lowercase word only names a part when followed by a number ("point 5"), never a letter.
    if (word === word.toLowerCase() && !/^\d/.test(m[2]!)) continue;
    out.push({ head: norm(`${word} ${m[2]!.replace(/\(\d+\)$/, '')}`), sub: m[3] ? Number(m[3]) : null });
  }
  for (const m of question.matchAll(DOTTED_REF)) {
    if (/\.0$/.test(m[1]!) && VERSION_AFTER_NAME.test(question.slice(0, m.index))) continue;
    out.push({ head: norm(m[1]!), sub: null });
  }
  return out;
}

function hasPhrase(hayTokens: string[], needle: string): boolean {
  const n = needle.split(' ');
  for (let i = 0; i + n.length <= hayTokens.length; i++) if (n.every((t, j) => hayTokens[i + j] === t)) return true;
  return false;
}

/**
 * The rows of a table that carry a mark the question names ("tailored out as uniquely federal
 * (FED)" over a column of FED / NFO / CUI marks): the question asks for those rows, not for the
 * whole table. A column is a set of marks when few distinct values repeat down it (a column of
 * definitions is not one). A mark written in capitals must be written so in the question, so
 * the verb "fed" does not name the mark "FED". Each filtered table is one more candidate.
 */
export function rowsMarkedInQuestion(lists: StoredList[], question: string): (StoredList & { markedBy: string })[] {
  const qTokens = tokensOf(question);
  const out: (StoredList & { markedBy: string })[] = [];
  for (const l of lists) {
    if (l.kind !== 'table-row' || l.items.length < TUNING.markColumnMinRows) continue;
    const cells = l.items.map((i) => i.text.split(' | '));
    if (cells.some((c) => c.length < 2)) continue;
    // The last cell is the one column every row of such a table fills.
    const marks = cells.map((c) => c.at(-1)!.trim());
    const distinct = [...new Set(marks)];
    if (distinct.length < 2 || distinct.length > Math.max(2, Math.floor(l.items.length / 3))) continue;
    const introTokens = tokensOf(l.intro ?? '');
    for (const mark of distinct) {
      const words = tokensOf(mark);
      if (!words.length || words.length > 3 || /^\d+$/.test(mark)) continue;
      const phrase = words.join(' ');
      // A mark that is a word of another mark ("TSP" beside "TSP/ATSP") or of the table's caption
      // ("Available algorithms in TSP") names what the table is about, not a set of its rows.
      if (distinct.some((d) => d !== mark && hasPhrase(tokensOf(d), phrase)) || hasPhrase(introTokens, phrase)) continue;
      const named = mark === mark.toUpperCase() && /\p{Lu}/u.test(mark) ? new RegExp(`(?<![\\p{L}\\p{N}_])${mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u').test(question) : hasPhrase(qTokens, phrase);
      if (!named) continue;
      const rows = l.items.filter((_, k) => marks[k] === mark);
      out.push({ ...l, id: -l.id * 100 - distinct.indexOf(mark) - 1, items: rows, itemCount: rows.length, intro: `${l.intro ?? ''} :: rows marked ${mark}`, markedBy: mark });
    }
  }
  return out;
}

/** Ranks every list of two or more items; best first. */
export function rankLists(
  lists: StoredList[],
  u: Understanding,
  question: string,
  opts: {
    /** The routed section: its pages, and the line its heading stands on (the first page's text above it is not in it). */
    scope?: { pageStart: number; pageEnd: number; namesScope?: boolean; titledByNoun?: boolean; lineStart?: number | null } | null;
    expectedCount?: number | null;
    sectionList?: number | null;
    /**
     * Candidates ranked like the rest but left out of the word statistics and of the level rule:
     * sets built from the TOC across the whole document restate its headings (counted in, every
     * heading word would look common to the document's lists), and a detector working outside
     * the routed section proposes; it does not demote the lists found there.
     */
    rivals?: StoredList[];
    /** Where the document states the count it was given (its sentence's last line). */
    cueAt?: { pageNum: number; lineNum: number; opensList?: boolean } | null;
    /** Stems of the units the document measures the item noun in ("layer" for depths, see measure-units.ts). */
    nounUnits?: ReadonlySet<string>;
  },
): RankedList[] {
  // "What kinds of files ...": members are named as files as often as kinds ("the following
  // files:"), so the complement's head is an item noun too; and "kinds" may say only how the
  // question is put: a list that does not hold it is not the less about the question (it leaves
  // the coverage's count, not the keywords, whose weight it keeps where a text uses it).
  const classified = /^(\S+) of (.+)$/.exec(u.itemPhrase ?? '');
  const classifier = classified && CLASSIFIER_WORDS.has(classified[1]!.toLowerCase()) ? stem(classified[1]!.toLowerCase()) : null;
  const complement = classifier ? classified![2]! : '';
  // Two letters make a keyword only as an acronym the question writes in capitals ("name ID
  // constants", "the AI actors"): a short word else is a fragment.
  const acronym = (k: string) => new RegExp(`(?<![\\p{L}\\p{N}])${k.toUpperCase()}(?![\\p{L}\\p{N}])`, 'u').test(question);
  const keywords = [...new Set(u.keywords.map((k) => stem(k)))].filter((k) => k.length >= 3 || (k.length === 2 && /^[a-z]{2}$/.test(k) && acronym(k)));
  const saidAs = new Map(u.keywords.map((k) => [stem(k), k] as const));
  // The list a count sentence closed by a colon introduces: the first to start after it, within
  // a page; a table is a float set wherever it fits ("Table 2" between "three types of
  // regularization:" and them). A count sentence that opens no list ("organized into fourteen
  // families.") may count a list anywhere.
  const at = (p: { pageNum: number; lineNum: number }) => readingPosition(p.pageNum, p.lineNum);
  const cue = opts.cueAt?.opensList ? opts.cueAt : null;
  const cueStart = cue
    ? ([...lists, ...(opts.rivals ?? [])]
        .filter((l) => l.kind !== 'table-row' && l.items[0] && at(l.items[0]) > at(cue) && l.items[0].pageNum <= cue.pageNum + 1)
        .map((l) => at(l.items[0]!))
        .sort((a, b) => a - b)[0] ?? null)
    : null;
  // A compound keyword ("post-FIRM", "high-risk") is in a text when all its parts are: the text's
  // words are split at hyphens, and a compound broken over a line ("post / FIRM") loses its hyphen.
  const partsOf = new Map(u.keywords.filter((k) => k.includes('-')).map((k) => [stem(k), tokensOf(k).map(stem)] as const));
  const holds = (set: Set<string>, k: string) => set.has(k) || Boolean(partsOf.get(k)?.every((p) => set.has(p)));
  const nounStems = new Set(tokensOf(`${u.itemNoun ?? ''} ${u.itemNounSingular ?? ''} ${tokensOf(complement).at(-1) ?? ''}`).map(stem));
  const refs = questionRefs(question);
  const askedPaths = pathsIn(question);
  const calls = calledNames(question);
  const excluded = (u.excluded ?? []).map(stem);
  const questionTokens = tokensOf(question);
  // The word the question negates ("not considered", "never be insured"), as a stem.
  const negatedPredicate = u.negated ? (/\b(?:not|never|rather\s+than)\s+(?:be\s+|been\s+)?(\p{L}{3,})/iu.exec(question)?.[1] ?? null) : null;
  const questionStems = new Set(questionTokens.map(stem));
  const questionPairs = adjacentPairs(contentStems(question));
  // The item phrase as a phrase of two words or more ("general conditions"); one word is the noun.
  const phraseTokens = tokensOf(u.itemPhrase ?? '');
  const itemPhrase = phraseTokens.length >= 2 ? phraseTokens.join(' ') : '';
  const nounTokens = tokensOf(u.itemNoun ?? '').join(' ');
  // A question can also name an item by restating it ("marked NFO, i.e. expected to be
  // routinely satisfied by nonfederal organizations"): nearly all of the item's words are the
  // question's own. Words of four letters or more stand for its content words.
  const restated = (text: string) => {
    // The item noun in an item makes it an instance of what is asked ("OWASP Legal Project" for
    // "which projects"), not a restatement of the question.
    const words = tokensOf(text).filter((t) => t.length >= 4).map(stem).filter((w) => !nounStems.has(w));
    return words.length >= TUNING.restatedMinWords && words.filter((w) => questionStems.has(w)).length / words.length >= TUNING.restatedMinShare;
  };
  // An instance of the item noun opens with it ("Article 13 Transparency and ...") or is a short
  // name that holds it ("Tier 2 Partial"); a sentence that merely mentions the noun is not one.
  // A code under the scope the question names in capitals ("MAP 1.1" for "the MAP
  // subcategories") is an instance too: the scope is the prefix of its members' codes.
  const scopeCode = u.scope && /^[A-Z]{2,}$/.test(u.scope) ? new RegExp(`^${u.scope}[ .\\-]?\\d`) : null;
  const isInstance = (label: string) => {
    if (scopeCode?.test(label.trim())) return true;
    // "152-layer" is a depth where the document counts depth in layers.
    const cell = measureCell(label);
    if (cell && opts.nounUnits?.has(stem(cell.unit))) return true;
    const all = tokensOf(label).map(stem);
    // A marker left before the name ("B Coverage B-Personal Property") is not part of it.
    const t = all.length > 1 && /^(?:[a-z]|\d+|[ivx]+)$/.test(all[0]!) ? all.slice(1) : all;
    // The noun opens the name ("Coverage A") or is its head ("Basic Coverage"): a noun inside
    // it ("glob parameter glob-pattern") is an argument's placeholder, not what the item is.
    return nounStems.has(t[0] ?? '') || (t.length <= TUNING.instanceNameMaxWords && nounStems.has(t.at(-1) ?? ''));
  };
  const scopeTokens = u.scope ? tokensOf(u.scope).join(' ') : '';
  const scopeStems = tokensOf(u.scope ?? '').map(stem);
  // A scope written in capitals ("MANAGE") is a name: it is matched as written, so the verb
  // "manage" in running text does not count as naming it.
  const capsScope = u.scope && u.scope.length >= 3 && u.scope === u.scope.toUpperCase() && /\p{L}/u.test(u.scope) ? new RegExp(`(?<![\\p{L}\\p{N}])${u.scope.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u') : null;
  const namesScope = (text: string) => (capsScope ? capsScope.test(text) : hasPhrase(tokensOf(text), scopeTokens));
  const byId = new Map(lists.map((l) => [l.id, l]));
  const fields = (l: StoredList) => {
    const parent = l.parentList !== null ? byId.get(l.parentList) : undefined;
    const parentItem = parent && l.parentItem !== null ? parent.items[l.parentItem] : undefined;
    // A nested list inherits the heading and section of the list it sits in.
    let root: StoredList | undefined = l;
    while (root && root.parentList !== null) root = byId.get(root.parentList);
    // The list's own heading (the nearest one above it, its own section) speaks for it; the
    // sections it sits in speak for everything inside them, so they count for less: a list
    // inside one part of the section a question names is not the list of that section's parts.
    const path = l.sectionPath.split(' > ');
    return {
      intro: l.intro ?? '',
      heading: `${l.heading ?? root?.heading ?? ''} ${path[path.length - 1] ?? ''}`,
      // The section path above the list's own section and the lines before its intro: context
      // that speaks for everything near it, so it counts for less.
      ancestors: `${path.slice(0, -1).join(' ')} ${root?.lead ?? ''}`,
      lead: root?.lead ?? '',
      // A nested list is read with the items it hangs from and the sentences that introduced
      // their lists, up to the outermost: "In the units within the building, installed:" means
      // little without "The following fixtures ... which are insured under Coverage A only:".
      parent: ancestry(l),
      items: l.items.map((i) => i.label).join(' | '),
      parentOrdinal: parentItem?.ordinal ?? null,
    };
  };
  const marked = rowsMarkedInQuestion(lists, question);
  const ancestry = (l: StoredList): string => {
    const parts: string[] = [];
    for (let cur = l, depth = 0; cur.parentList !== null && depth < TUNING.ancestryMaxDepth; depth++) {
      const up = byId.get(cur.parentList);
      const item = up && cur.parentItem !== null ? up.items[cur.parentItem] : undefined;
      // A part of a numbered run with an intro of its own is read with the run's intro too:
      // "The following are not currently emitted." means little without "The following
      // standard DWARF V2 sections may be emitted:".
      if (up && cur.parentItem === null && cur.intro && cur.intro !== up.intro) {
        parts.unshift(up.intro ?? '');
        cur = up;
        continue;
      }
      if (!up || !item) break;
      parts.unshift(`${up.intro ?? ''} ${item.text.slice(0, 300)}`.trim());
      cur = up;
    }
    return parts.join(' ');
  };
  const rivals = new Set(opts.rivals ?? []);
  const candidates = [...lists, ...marked, ...rivals].filter((l) => l.items.length >= 1 && (l.items.length >= 2 || 'markedBy' in l));
  // Document frequency of each keyword over the lists' own text: a word every list shares says little.
  const df = new Map<string, number>();
  // A program name counts by its parts too: "kNameID_Version" holds "name" and "id".
  const stemsOf = (s: string) => new Set([...tokensOf(s), ...nameParts(s)].map(stem));
  const docs = candidates.map((l) => {
    const f = fields(l);
    return { l, f, intro: stemsOf(f.intro), heading: stemsOf(f.heading), ancestors: stemsOf(f.ancestors), parent: stemsOf(f.parent), items: stemsOf(f.items) };
  });
  const counted = docs.filter((d) => !rivals.has(d.l));
  for (const d of counted) for (const k of keywords) if (holds(d.intro, k) || holds(d.heading, k) || holds(d.ancestors, k) || holds(d.items, k) || holds(d.parent, k)) df.set(k, (df.get(k) ?? 0) + 1);
  // The words of a part's heading that neither its whole nor every sibling part shares.
  const parts = new Map<number, StoredList[]>();
  for (const l of lists) if (l.parentList !== null && l.parentItem === null) parts.set(l.parentList, [...(parts.get(l.parentList) ?? []), l]);
  const ownHeadingWords = (l: StoredList): Set<string> => {
    const whole = byId.get(l.parentList!)!;
    const siblings = parts.get(l.parentList!) ?? [];
    const common = siblings.length > 1 ? [...stemsOf(l.heading ?? '')].filter((w) => siblings.every((x) => stemsOf(x.heading ?? '').has(w))) : [];
    const wholeWords = stemsOf(`${whole.heading ?? ''} ${whole.intro ?? ''} ${whole.sectionPath}`);
    // A part with an intro of its own (set between the items of one numbered run) says what its
    // intro says, beside its heading.
    const ownIntro = l.intro && l.intro !== whole.intro ? l.intro : '';
    return new Set([...stemsOf(`${l.heading ?? ''} ${ownIntro}`)].filter((w) => !common.includes(w) && !wholeWords.has(w)));
  };
  // (A document without lists of its own still weighs the words of the rivals it is offered.)
  const idf = (k: string) => Math.log(1 + Math.max(counted.length, 1) / (1 + (df.get(k) ?? 0)));
  const W = TUNING.listFieldWeights;
  // The words of the question a list's context does not hold, matched against its members' text.
  const conditionOf = (l: StoredList, around: Record<'intro' | 'heading' | 'ancestors' | 'parent' | 'items', Set<string>>): ConditionSplit | null => {
    const words = keywords.filter((k) => !nounStems.has(k) && k !== classifier && !Object.values(around).some((set) => holds(set, k)));
    const said = new Map(words.map((k) => [k, saidAs.get(k) ?? k]));
    // Values the members give an attribute part them more surely than words anywhere in their text.
    const isRow = l.kind === 'table-row';
    return valueSplit(said, l.items.map((i) => attributeValues(i.text, isRow)), l.items.map((i) => attributeNames(i.text))) ?? conditionSplit(said, l.items.map((i) => stemsOf(i.text)));
  };
  const ranked = docs.map(({ l, f, intro, heading, ancestors, parent, items }) => {
    let lexical = 0;
    let covered = 0;
    let classifierMissing = 0;
    let inIntroCount = 0;
    for (const k of keywords) {
      if (holds(intro, k)) inIntroCount++;
      const w = idf(k);
      const inIntro = holds(intro, k) ? W.intro : 0;
      const inHeading = holds(heading, k) ? W.heading : 0;
      const inParent = holds(parent, k) ? W.parent : 0;
      const inItems = holds(items, k) ? W.items : 0;
      const inAncestors = holds(ancestors, k) ? W.ancestors : 0;
      const best = Math.max(inIntro, inHeading, inParent, inItems, inAncestors);
      if (best > 0) covered++;
      else if (k === classifier) classifierMissing = 1;
      lexical += w * (best + 0.25 * (inIntro + inHeading + inParent + inItems + inAncestors - best));
    }
    const ctxTokens = tokensOf(`${f.heading} ${f.ancestors} ${f.intro} ${f.parent}`);
    let refHits = 0;
    let refMiss = 0;
    let refTitled = 0;
    // A heading or section title that starts with the reference is the named part itself
    // ("ANNEX III ..."); a mention elsewhere ("Amendments to Annex III") counts once.
    const titles = [f.heading, ...l.sectionPath.split(' > ')].map((t) => norm(t));
    for (const r of refs) {
      if (hasPhrase(ctxTokens, r.head)) {
        const titled = titles.some((t) => t === r.head || t.startsWith(`${r.head} `));
        if (titled) refTitled++;
        refHits += titled ? 2 : 1;
        if (r.sub !== null && f.parentOrdinal === r.sub) refHits++;
      } else if (/\d/.test(r.head) && r.head.split(' ').length === 2 && f.parentOrdinal !== null && r.head.endsWith(` ${f.parentOrdinal}`)) {
        // "point 5": the list nested in item 5 of a list the question's other reference names.
        refHits += 0.5;
      } else refMiss++;
    }
    // A function the question names by its call ("define()") places the usage of that function,
    // the list of its parameters (structure/call-signatures.ts): its own signature, as a titled part.
    if (calls.length && l.style === 'code' && l.kind === 'series' && calls.some((c) => l.items[0]?.lineText.includes(`${c}(`))) refHits += 2;
    // A path the question writes is a reference too: a list whose heading or intro writes it
    // ("required in /.") is placed by it; one that writes other paths only ("in /var:") is not.
    if (askedPaths.length) {
      const own = pathsIn(`${f.heading} ${f.intro}`);
      if (own.some((p) => askedPaths.includes(p))) refHits++;
      else if (own.length) refMiss++;
    }
    // The level rule: a list one of whose items is the scope the question names ("categories
    // under GOVERN" vs the list of functions that holds GOVERN) lists the scope's siblings.
    // The same holds for any item the question itself names ("tailored out as uniquely federal"
    // names an item of the list of tailoring criteria): the question starts from that item.
    // An item *is* the scope when its name (before any parenthesis or clause) equals it:
    // "GOVERN (GV)" is GOVERN, while "GOVERN 1.1" is a part under it.
    const headOf = (label: string) => tokensOf(stripNumbering(label).split(/[(,:;–—]/)[0] ?? '').join(' ');
    const scopeIsItem =
      (scopeTokens && l.items.some((i) => headOf(i.label) === scopeTokens)) ||
      l.items.some((i) => {
        const head = headOf(i.label);
        const n = head ? head.split(' ').length : 0;
        // A name inside the item phrase itself ("q-gram" in "q-gram based distances") says what
        // kind is asked for, not where the question starts; a name that is the whole item phrase
        // ("5.3 Receiver Commands" for "how many receiver commands") holds what is asked.
        // So does a name that, with the item noun after it, makes the item phrase: "Receiver"
        // among the "General, Sender, Receiver" groups of commands.
        const wholePhrase = head === phraseTokens.join(' ') || (head !== '' && `${head} ${nounTokens}` === phraseTokens.join(' '));
        if (wholePhrase) return true;
        return (n >= 2 && n <= 6 && hasPhrase(questionTokens, head) && !hasPhrase(phraseTokens, head)) || restated(i.text);
      }) ||
      // A function's parameter the question names as such ("the type argument of vcovHC") is
      // where it starts: the signature that lists it lists its siblings.
      (l.style === 'code' && l.kind === 'series' && l.items.some((i) => [...PARAMETER_NOUNS].some((p) => hasPhrase(questionTokens, `${tokensOf(i.label).join(' ')} ${p}`))))
        ? 1
        : 0;
    // The scope rule: a question restricted to a part ("under MANAGE") is not answered by a list
    // whose heading, sections, intro and items never name that part.
    // A title may set the scope's words in another order ("128+ glyph encodings (text)" for "the
    // section on 128+ glyph text encodings"): the list's own heading holding every one names it.
    const headingWords = new Set(tokensOf(f.heading).map(stem));
    const titledScope = scopeStems.length >= 2 && scopeStems.every((w) => headingWords.has(w));
    const scopeTitled = scopeTokens && (titledScope || namesScope(f.heading)) ? 1 : 0;
    const scopeMiss = scopeTokens && !titledScope && !namesScope(`${f.heading} ${f.ancestors} ${f.intro} ${f.parent} ${f.items}`) ? 1 : 0;
    // A table whose header names the item noun in another column than its key column lists
    // the wrong level ("Categories | Subcategories" asked for subcategories).
    const headerCells = l.kind === 'table-row' && l.intro?.includes(' :: ') ? l.intro.split(' :: ').at(-1)!.split(' | ') : [];
    const namesNoun = (cell: string) => tokensOf(cell).some((t) => nounStems.has(stem(t)));
    const otherColumn = headerCells.length > 1 && !namesNoun(headerCells[0]!) && headerCells.slice(1).some(namesNoun) ? 1 : 0;
    // Paragraphs the document numbers by a word ("Definition 1", "Definition 2", ...) are named
    // by the question that writes that word ("in its numbered definitions"), as noun or not.
    // So are definitions the document tags by their category ("[Return code]"), for a question
    // that writes the category's head word.
    const labelWord = (l.style === 'labelled' || l.style === 'tagged') && l.levelNoun ? stem(l.levelNoun) : '';
    const labelNamed = labelWord && (nounStems.has(labelWord) || keywords.includes(labelWord)) ? 1 : 0;
    // An intro that announces its members by a noun of its own ("the following edge cases for all
    // distances ...:") lists those; the item noun elsewhere in it only qualifies them.
    const announced = announcedNoun(f.intro);
    const introNames = (n: string) => intro.has(n) && (announced === null || announced.has(n));
    const noun = labelNamed || [...nounStems].some((n) => n && (introNames(n) || heading.has(n) || parent.has(n) || (l.levelNoun ? stem(l.levelNoun) === n : false))) ? 1 : 0;
    // Items that each carry the item noun in their own names ("Coverage A", "Coverage B" for
    // "which coverages") are instances of it, whatever the words around them.
    const named = nounStems.size ? l.items.filter((i) => isInstance(i.label)).length : 0;
    const itemsNamed = l.items.length >= 2 && named / l.items.length >= 0.75 ? 1 : 0;
    // Items named by the noun carry it themselves: the noun is there as surely as in an intro.
    const nounHere = noun || itemsNamed;
    // The noun that closes an intro before its colon names what the items are ("contains the
    // following files:" lists files; "has the following sections:" lists sections), which the
    // noun anywhere else in the intro ("These are .ini files with the following sections:") does not.
    // So does the subject of a sentence broken off at its verb over a block of entries set in
    // below it ("The default packages are"); in prose, a sentence ending so was merely cut at a line end.
    const brokenOff = l.kind === 'term' ? OPEN_VERB_END.exec(f.intro) : null;
    const closing = /(\p{L}+)\s*:\s*$/u.exec(f.intro)?.[1] ?? (brokenOff ? /(\p{L}+)\s*$/u.exec(f.intro.slice(0, brokenOff.index))?.[1] : undefined);
    const namesMembers = closing && nounStems.has(stem(closing.toLowerCase())) ? 1 : 0;
    // A question that negates its predicate ("not insure") fits a list introduced with a negation,
    // in its intro, the sentences leading to it or the item it hangs from ("3. ... shall not be
    // considered to be high-risk ... The first subparagraph shall apply where ..."); best with
    // the same predicate negated.
    // An intro that opens by turning against what came before ("However, we do cover ...") lists
    // the exceptions to it: the negation around it does not carry into the list.
    // (A negation inside such an intro, "vehicles not licensed for the road", qualifies its items.)
    const contrastive = CONTRASTIVE_OPENING.test(f.intro.trim());
    const negatedContext = `${f.intro} ${f.heading} ${f.lead} ${f.parent}`;
    const polarity = u.negated && !contrastive && negates(negatedContext) ? (negatedPredicate && negatesStem(negatedContext, negatedPredicate) ? 2 : 1) : 0;
    // A list named by what the question sets aside ("not the basic ones") is not the answer.
    const excludedHit = excluded.some((x) => intro.has(x) || heading.has(x)) ? 1 : 0;
    // A part of a list (a run of codes under its own heading, nested with no parent item) answers
    // only when its own heading says something the question asks that the whole does not.
    // What tells a part from the whole is what its heading says that its sibling parts' do not.
    const whole = l.parentList !== null && l.parentItem === null ? byId.get(l.parentList) : undefined;
    // Or its intro negates where the whole's does not, for a question that negates ("not
    // currently emitted" within the sections that "may be emitted").
    // The question's scope is among what it asks ("the section on 128+ glyph encodings").
    const partSaysMore = whole ? [...keywords, ...scopeStems].some((k) => holds(ownHeadingWords(l), k)) || Boolean(u.negated && negates(l.intro ?? '') && !negates(whole.intro ?? '')) : true;
    const partOnly = whole && !partSaysMore ? 1 : 0;
    // The whole run, for a question that negates, when one of its parts is introduced with the
    // negation and the run itself is not: the run holds both what is and what is not.
    const mixedPolarity = u.negated && !negates(l.intro ?? '') && (parts.get(l.id) ?? []).some((p) => negates(p.intro ?? '')) ? 1 : 0;
    // The level below a list is asked for only when most of its items hold a word of the
    // question (or the item noun) that the list's own items mostly do not ("which projects" over
    // practices that each point to a project): a word one long nested item happens to hold says
    // nothing about the level.
    // A record's fields (structure/records.ts) are such a level below the records too.
    const recordOf = l.parentList !== null && l.parentItem !== null ? byId.get(l.parentList) : undefined;
    const upper = l.subLevelOf !== undefined ? byId.get(l.subLevelOf) : recordOf?.kind === 'record' ? recordOf : undefined;
    const share = (its: StoredList['items'], k: string) => its.filter((i) => holds(stemsOf(i.label), k)).length / Math.max(its.length, 1);
    const levelAsked = upper ? [...keywords, ...nounStems].some((k) => share(l.items, k) >= TUNING.subLevelWordShare && share(upper.items, k) < share(l.items, k) / 2) : true;
    const subLevelUnasked = levelAsked ? 0 : 1;
    // The count sentence stands right before the list: it introduces this list, met or not.
    // Or the count hands its items over in the sentence itself ("specifies 4 primitive types
    // (string, number, boolean, null) and two universal structures:"): a series of as many
    // elements starting on the count sentence's own lines.
    const inCueSentence = cue !== null && l.kind === 'series' && l.items[0] !== undefined && l.items[0].pageNum === cue.pageNum && l.items[0].lineNum <= cue.lineNum && l.items[0].lineNum >= cue.lineNum - 2 && l.items.length === opts.expectedCount;
    const cueIntroduced = l.items[0] && cueStart !== null && (at(l.items[0]) === cueStart || inCueSentence) && l.kind !== 'table-row' ? 1 : 0;
    // A list set right under a heading that names the item noun ("2 Parties" over the parties),
    // with no sentence of its own before it, is introduced by that heading.
    // A table's intro is its caption or announcing sentence, then " :: " and its column headers.
    const introSentence = f.intro.split(' :: ')[0]!;
    const headingIntroduced = !f.intro.trim() && l.parentList === null && [...nounStems].some((n) => n && heading.has(n));
    // A colon, or a sentence broken off at its verb over a block (above), opens on the items.
    // (A table's announcing sentence: its colon announces the rows as any list's does.)
    // A series whose sentence ends saying what a thing is made of ("each entry consists of") is
    // introduced as a colon would introduce it; one after "including" gives examples only.
    const introduced = /:\s*$/.test(introSentence) || (l.kind === 'series' && CONSTITUTED.test(introSentence.trim())) || brokenOff !== null || /:\s*$/.test(f.parent) || cueIntroduced || headingIntroduced || labelNamed ? 1 : 0;
    const aboveHeading = opts.scope?.lineStart && l.items[0] && l.items[0].pageNum === opts.scope.pageStart && l.items[0].lineNum < opts.scope.lineStart;
    const inScope = opts.scope && l.pageStart >= opts.scope.pageStart && l.pageEnd <= opts.scope.pageEnd && !aboveHeading ? 1 : 0;
    const countMatch = opts.expectedCount && opts.expectedCount === l.items.length ? 1 : 0;
    // The question names a mark of this table's rows: it asks for these rows, as a reference would.
    const markedRows = 'markedBy' in l ? 1 : 0;
    // The words naming what is asked ("General Conditions") stand together in the list's own
    // heading: the title names the list, which words scattered over an intro sentence do not.
    // A heading that is the phrase and nothing else ("AI Transparency Resources") is that list's
    // own title: it counts twice, beyond any sentence that merely holds the same words.
    // So is a series whose intro is a bare noun phrase, the noun its brackets hang from
    // ("q-gram based distances (q-gram, Jaccard, and cosine)"): that phrase is its title.
    const namedBy = l.kind === 'series' && tokensOf(l.intro ?? '').length <= SERIES_TITLE_WORDS ? [l.intro ?? ''] : [];
    const ownTitle = l.sectionPath.split(' > ').at(-1) ?? '';
    const titleIsPhrase = itemPhrase && [l.heading ?? '', ownTitle, ...namedBy].some((h) => tokensOf(stripNumbering(h)).join(' ') === itemPhrase);
    const phraseTitled = itemPhrase && (hasPhrase(tokensOf(f.heading), itemPhrase) || titleIsPhrase) ? (titleIsPhrase ? 2 : 1) : 0;
    // The routed section consists of this list: routing placed it as a reference would.
    const isSectionList = opts.sectionList !== undefined && opts.sectionList !== null && opts.sectionList === l.id ? 1 : 0;
    // The question's other words in the text of some members only: it asks for those members.
    // Only a question that asks for members by its words puts a condition on them: for one that
    // reads as a question of fact, words in some members' text are no evidence that it lists.
    const condition = u.intent !== 'factual' && (introduced || nounHere) ? conditionOf(l, { intro, heading, ancestors, parent, items }) : null;
    if (condition) {
      covered += condition.words.length;
      // Said in the members' text, the condition ties the list as its names would.
      for (const k of condition.words) lexical += idf(k) * W.items;
    }
    // The question's neighbouring words standing side by side in the list's intro or own heading
    // ("only Eq and Storable instances" against "including instances for Eq and Storable"): the
    // sentence says what the question says, not just the same words scattered. The title of the
    // section the list sits in directly is its heading too ("debian/control" over a table of fields).
    const adjacent = pairShare(questionPairs, contentStems(`${introSentence} ${l.heading ?? ''} ${ownTitle}`));
    const asked = keywords.length - classifierMissing;
    const coverage = asked > 0 ? covered / asked : 0;
    // The share of the question's words the introducing sentence says by itself.
    const introCoverage = keywords.length ? inIntroCount / keywords.length : 0;
    const score =
      lexical +
      // The question names the family by its label word: a reference to it, as "Table 3" is.
      TUNING.listRefWeight * (refHits + isSectionList + labelNamed) -
      TUNING.listRefMissPenalty * refMiss +
      TUNING.listNounWeight * (nounHere + namesMembers) +
      TUNING.listIntroducedWeight * introduced +
      TUNING.listScopeWeight * inScope +
      // When the count sentence introduces a list, that list is the one it counts: another of as
      // many items only has the same size.
      TUNING.listCountWeight * (cueStart !== null ? cueIntroduced : countMatch) +
      // Its elements in the count sentence itself, as many as it says, beat the list after it.
      TUNING.listCountWeight * TUNING.cueSentenceSeriesShare * (inCueSentence ? 1 : 0) +
      TUNING.listMarkedRowsWeight * markedRows +
      TUNING.listPhraseTitledWeight * phraseTitled +
      TUNING.listAdjacentWeight * adjacent -
      TUNING.listScopeIsItemPenalty * scopeIsItem -
      (capsScope ? TUNING.listNamedScopeMissPenalty : TUNING.listScopeMissPenalty) * scopeMiss -
      // Routing reached the part the question names ("under Property Insured"): a list outside it
      // is outside the scope unless its own heading or intro names the scope too.
      (opts.scope?.namesScope && !inScope && !scopeMiss && !namesScope(`${f.heading} ${f.intro}`) ? TUNING.listScopeMissPenalty : 0) -
      // Routing reached a section titled by the item noun ("2 Parties" for "who are the
      // parties"): a list outside it that never names the noun is someone else's list.
      (opts.scope?.titledByNoun && !inScope && !nounHere ? TUNING.listScopeMissPenalty : 0) -
      TUNING.listScopeIsItemPenalty * otherColumn -
      (l.kind === 'series' && !introduced && !noun ? TUNING.seriesUntiedPenalty : 0) -
      TUNING.listExcludedPenalty * excludedHit +
      TUNING.listPolarityWeight * polarity +
      TUNING.listIntroCoverageWeight * introCoverage +
      TUNING.listItemsNamedWeight * itemsNamed -
      TUNING.partOfWholePenalty * partOnly -
      TUNING.listPolarityWeight * mixedPolarity;
    return {
      list: l,
      score: Math.round(score * 100) / 100,
      features: { scopeIsItem: scopeIsItem || otherColumn, scopeMiss, scopeTitled, otherColumn, noun: nounHere, labelNamed, mixedPolarity, namesMembers, excluded: excludedHit, polarity, itemsNamed, partOnly, subLevelUnasked, introCoverage: Math.round(introCoverage * 100) / 100, markedRows, phraseTitled, adjacent: Math.round(adjacent * 100) / 100, sectionList: isSectionList, lexical: Math.round(lexical * 100) / 100, coverage: Math.round(coverage * 100) / 100, refHits, refMiss, refTitled, mentionsRefOnly: 0, wordsCovered: covered, introduced, inScope, countMatch, countScored: cueStart === null ? countMatch : 0, cueIntroduced, conditionMembers: condition?.members.length ?? 0, items: l.items.length },
      context: `${f.heading.trim()} :: ${f.intro}`.slice(0, 240),
      ...(condition ? { condition } : {}),
    };
  });
  // The level rule, across candidates: where one candidate's items are instances of the item
  // noun ("Coverage A", "Coverage B"), a list headed by one of those instances lies inside one
  // item and lists that item's contents, a level below the one asked.
  // (A rival set from elsewhere in the TOC is ranked here, but it does not reshape the others.)
  // (A list one of whose instances is what the question asks for holds the scope, not the answer.)
  const instances = ranked.filter((r) => r.features.itemsNamed && !r.features.scopeIsItem && !rivals.has(r.list)).flatMap((r) => r.list.items.map((i) => tokensOf(i.label).join(' ')).filter((t) => t.split(' ').length >= 2));
  if (instances.length) {
    for (const r of ranked) {
      if (r.features.itemsNamed || r.features.scopeIsItem) continue;
      const places = [r.list.heading ?? '', ...r.list.sectionPath.split(' > ')].map((t) => tokensOf(t).join(' ')).filter(Boolean);
      const inside = places.some((p) => instances.some((i) => p === i || p.startsWith(`${i} `) || p.endsWith(` ${i}`)));
      if (inside) {
        r.score = Math.round((r.score - TUNING.listScopeIsItemPenalty) * 100) / 100;
        r.features = { ...r.features, scopeIsItem: 1 };
      }
    }
  }
  // The part a question names by reference, reached by routing, holds a list headed by it: a
  // list elsewhere that only mentions the reference ("… listed in Section B of Annex I") is
  // about that part, not in it, whatever words its sentence shares with the question.
  const mostTitled = Math.max(0, ...ranked.filter((r) => r.features.inScope).map((r) => r.features.refTitled ?? 0));
  if (mostTitled > 0) {
    for (const r of ranked) {
      if (r.features.inScope || (r.features.refTitled ?? 0) >= mostTitled || !(r.features.refHits ?? 0)) continue;
      r.score = Math.round((r.score - TUNING.listScopeMissPenalty) * 100) / 100;
      r.features = { ...r.features, mentionsRefOnly: 1 };
    }
  }
  // A level below a list that the question does not ask for is no candidate at all: it would
  // only crowd the list it details as its runner-up.
  return ranked.filter((r) => !r.features.subLevelUnasked).sort(byRank);
}

/**
 * A list's items as answer items: the label is the name, the whole text a surface form. An item
 * that introduces a nested list ("Any Increased Cost of Compliance under this Coverage D:") is
 * whole only with it, so the nested items' text joins it in one more surface form (the nested
 * lists are never items of their own here: the level asked is this one).
 */
export function listItemsAsCandidates(l: StoredList, all: StoredList[] = []): Candidate[] {
  const nestedText = (k: number) =>
    all
      .filter((x) => x.parentList === l.id && x.parentItem === k)
      .flatMap((x) => x.items.map((i) => i.text))
      .join(' ');
  return l.items.flatMap((it, k) => {
    const surface = [it.text, ...(nestedText(k) ? [`${it.text} ${nestedText(k)}`] : [])];
    const citations = [{ pageNum: it.pageNum, lineNum: it.lineNum, lineId: it.lineId, quote: it.lineText }];
    // A definition list's entry that names several terms over one description is one item per
    // name; so is any item that names several programs' names at once ("build, build-arch: ...").
    const names = (l.kind === 'term' ? capitalNames(it.label) : null) ?? programNames(it.label) ?? [it.label];
    return names.map((name) => ({ name, surfaceForms: [...new Set([name, ...surface])], citations, confidence: 0.8 }));
  });
}

/** The text negates the word (as a stem) within three words of its "not"/"no"/"never". */
function negatesStem(text: string, word: string): boolean {
  const target = stem(word.toLowerCase());
  for (const m of text.matchAll(/(?<![\p{L}-])(?:not|no|never)(?![\p{L}-])((?:\s+\S+){1,3})/giu)) {
    if (tokensOf(m[1]!).some((t) => stem(t) === target)) return true;
  }
  return false;
}

/** Sentence openings that turn against what was said before: what follows is an exception to it. */
const CONTRASTIVE_OPENING = /^(?:however|but|nevertheless|nonetheless|yet|except|notwithstanding|by way of exception)\b/i;

/** A series intro this short may be a bare noun phrase naming its elements. */
const SERIES_TITLE_WORDS = 6;

/**
 * The stems of the noun phrase an intro's closing sentence, ended by its colon, announces its
 * members with: the words after its last "following" up to a grammar word ("the following edge cases for ..." -> edge, case), past a
 * count ("the following four ...") and through a classifier ("the following kinds of files" ->
 * kind, file). Null when the intro announces none ("the following:", "the following are").
 */
export function announcedNoun(intro: string): Set<string> | null {
  // Only a sentence that hands over to the members with its colon announces them so; "The
  // following table lists the variables ..." names the table, not the members.
  const own = intro.split(' :: ')[0] ?? '';
  if (!/:\s*$/.test(own)) return null;
  const words = tokensOf(own.split(/(?<=[.!?])\s+(?=\p{Lu})/u).at(-1) ?? '');
  const at = words.lastIndexOf('following');
  if (at < 0) return null;
  const phrase: string[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (!phrase.length && parseNumberWord(w) !== null) continue;
    if (w === 'of' && phrase.length && CLASSIFIER_WORDS.has(phrase.at(-1)!)) continue;
    if (FUNCTION_WORDS.has(w)) break;
    phrase.push(w);
  }
  return phrase.length ? new Set(phrase.map(stem)) : null;
}
