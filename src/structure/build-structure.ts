/**
 * The structure model of one parsed document: furniture flags on its lines and every list in
 * its body, each tied to the TOC section that holds it. Runs in the parse thread after the TOC.
 */

import type { ParsedDocument, ParsedLine } from '../parse/types.ts';
import { buildIndex, type DocIndex } from '../toc/doc-index.ts';
import { parseNumbering } from '../toc/numbering.ts';
import { wordCount } from '../toc/text.ts';
import type { TocRow } from '../toc/types.ts';
import { compoundsOf, detectLists, withCompounds, type StructList } from './lists.ts';
import { parseMarker } from './markers.ts';
import { detectOrdinalSeries } from './ordinal-series.ts';
import { detectInlineLists } from './inline-lists.ts';
import { detectColonLedEntries } from './colon-led-entries.ts';
import { detectHeadedEntries } from './headed-entries.ts';
import { detectHangingLists } from './hanging-lists.ts';
import { detectLabelledParagraphs } from './labelled-paragraphs.ts';
import { detectParallelSentences } from './parallel-sentences.ts';
import { detectReferenceEntries } from './reference-entries.ts';
import { detectCallSignatures } from './call-signatures.ts';
import { detectCountedParagraphs } from './counted-paragraphs.ts';
import { detectTables } from './tables.ts';
import { detectCaptionedTables } from './captioned-tables.ts';
import { detectHeaderSeries } from './header-series.ts';
import { identifierLists, indexIdentifiers } from './identifiers.ts';
import { detectRecords } from './records.ts';
import { readOffTables, renumbered } from './table-overlap.ts';
import { detectDeclaredEntries } from './declared-entries.ts';
import { detectTaggedDefinitions } from './tagged-definitions.ts';
import { detectEnumMembers } from './enum-members.ts';

export interface ListRow {
  id: number;
  parentList: number | null;
  parentItem: number | null;
  depth: number;
  kind: string;
  style: string;
  sectionId: number | null;
  heading: string | null;
  intro: string | null;
  introPage: number | null;
  introLine: number | null;
  itemCount: number;
  sequential: boolean;
  endedBy: string;
  gapAfter: boolean;
  pageStart: number;
  pageEnd: number;
}

export interface ListItemRow {
  listId: number;
  ordinal: number;
  marker: string;
  label: string;
  text: string;
  pageStart: number;
  lineStart: number;
  pageEnd: number;
  lineEnd: number;
  pages: number[];
  lineNums: number[];
}

export interface IdentifierRow {
  code: string;
  family: string;
  depth: number;
  parentCode: string | null;
  title: string;
  sectionId: number | null;
  pageNum: number;
  lineNum: number;
  heading: string | null;
  mentions: number;
  levelNoun: string | null;
}

export interface StructureModel {
  lists: ListRow[];
  items: ListItemRow[];
  identifiers: IdentifierRow[];
  stats: { furnitureLines: number; lists: number; items: number; nestedLists: number; identifiers: number; identifierLists: number; recordLists: number };
}

/**
 * Flags furniture on `doc.lines` in place and returns the document's lists. Pass the index the
 * TOC was built with: its printed-contents lines are never list items either.
 */
export function buildStructure(doc: ParsedDocument, toc: TocRow[], index: DocIndex = buildIndex(doc)): StructureModel {
  return withCompounds(compoundsOf(doc.lines), () => readStructure(doc, toc, index));
}

function readStructure(doc: ParsedDocument, toc: TocRow[], index: DocIndex): StructureModel {
  for (const l of index.furniture) l.furniture = true;
  // A printed contents line is no body text either: its titles and page numbers are never an
  // answer's items nor a keyword's evidence. Stored as furniture, every reader leaves it out.
  for (const l of index.contents) l.furniture = true;
  const headingAt = new Set(toc.filter((e) => e.lineStart !== null).map((e) => `${e.pageStart}:${e.lineStart}`));
  const width = (p: number) => doc.pages[p - 1]?.width ?? 612;
  const isHeading = (l: ParsedLine) => {
    if (headingAt.has(`${l.pageNum}:${l.lineNum}`)) return true;
    const short = wordCount(l.text) <= 12 && !/[.;,]$/.test(l.text.trim());
    if (!short) return false;
    // A line that opens in lower case goes on with a sentence, even when it is set in bold
    // ("systems include: valid and reliable, safe, ..."): no heading starts that way.
    if (/^\p{Ll}/u.test(l.text.trim())) return false;
    if (l.bold && !l.leadIn) return true;
    // A short line centred on a full-width page row is a heading ("Article 5", "CHAPTER II").
    const mid = (l.x0 + l.x1) / 2;
    return l.column === 0 && Math.abs(mid - width(l.pageNum) / 2) < width(l.pageNum) * 0.04 && l.x0 > width(l.pageNum) * 0.3;
  };
  const outsideText = (l: ParsedLine) => Boolean(l.furniture) || index.contents.has(l);
  // A caption is set as one: a capital label and its number, then a stop, a colon, a dash or the
  // line's end ("Fig. 6. Cybersecurity ..."), never an item ("• Table 2 lists ...") or a wrapped
  // line of prose ("Figure 4 and the appendix describe ...").
  const isCaption = (l: { text: string }) => {
    const t = l.text.trim();
    if (!/^\p{Lu}/u.test(t) || parseMarker(t)) return false;
    return parseNumbering(t)[0]?.kind === 'caption' && /^\S+\s+[A-Z]?-?\d+(?:[.-]\d+)*[a-z]?\s*(?:[:.\u2013\u2014-]|$)/u.test(t);
  };
  const blocks = detectLists(doc.lines, { outsideText: (l) => outsideText(l as ParsedLine), isHeading: (l) => isHeading(l as ParsedLine), isCaption, bodySize: index.body.size });
  const inline = detectInlineLists(doc.lines, { outsideText: (l) => outsideText(l) || isHeading(l), firstIndex: blocks.length });
  const ordinal = detectOrdinalSeries(doc.lines, { outsideText, isHeading, bodySize: index.body.size, firstIndex: blocks.length + inline.length });
  inline.push(...ordinal);
  inline.push(...detectHangingLists(doc.lines, { outsideText, isHeading, bodySize: index.body.size, bodyFont: index.body.font, firstIndex: blocks.length + inline.length }));
  // Entries under bold heads of their own that the contents do not list ("--force" over its text).
  // A line that already opens an item of a list found above is that item's, not a head of its own.
  const opensItem = new Set([...blocks, ...inline].flatMap((l) => l.items.map((i) => i.lines[0]).filter((x) => x !== undefined).map((x) => `${x.pageNum}:${x.lineNum}`)));
  inline.push(...detectHeadedEntries(doc.lines, { outsideText, isHeading, isTocHeading: (l) => headingAt.has(`${l.pageNum}:${l.lineNum}`), opensItem: (l) => opensItem.has(`${l.pageNum}:${l.lineNum}`), bodySize: index.body.size, bodyFont: index.body.font, firstIndex: blocks.length + inline.length }));
  inline.push(...detectColonLedEntries(doc.lines, { outsideText, isHeading, firstIndex: blocks.length + inline.length }));
  // Paragraphs numbered by a word of the document's own ("Definition 1.", "Step 2:").
  inline.push(...detectLabelledParagraphs(doc.lines, { outsideText, isHeading, isCaption, firstIndex: blocks.length + inline.length }));
  // Rules written as sentences that end alike ("X files should be non-executable.", ...).
  inline.push(...detectParallelSentences(doc.lines, { outsideText, isHeading, firstIndex: blocks.length + inline.length }));
  // Author-year reference lists: entries without markers, each opened by names and a year.
  inline.push(...detectReferenceEntries(doc.lines, { outsideText, isHeading, firstIndex: blocks.length + inline.length }));
  // A function's usage written out with its parameters ("f(name, class=\"default\", ...)").
  inline.push(...detectCallSignatures(doc.lines, { outsideText, firstIndex: blocks.length + inline.length }));
  // An API reference's entries, each opened by its function's declaration in the text's face.
  inline.push(...detectDeclaredEntries(doc.lines, { outsideText, isHeading, firstIndex: blocks.length + inline.length }));
  // A reference manual's definitions, each with its category at the right margin ("[Function]").
  const sections = toc.filter((e) => e.routable).sort((a, b) => a.pageStart - b.pageStart || (a.lineStart ?? 0) - (b.lineStart ?? 0) || a.level - b.level);
  const byId = new Map(sections.map((e) => [e.id, e] as const));
  // A family gathered from several sections belongs to the one that holds them all.
  const tagged = detectTaggedDefinitions(doc.lines, { outsideText, isHeading, pageWidth: width, firstIndex: blocks.length + inline.length }).map((l) => ({
    ...l,
    sectionId: commonSection(
      byId,
      l.items.map((i) => sectionAt(sections, i.lines[0]!.pageNum, i.lines[0]!.lineNum)).filter((id): id is number => id !== null),
    ),
  }));
  inline.push(...tagged);
  // The members of an enumeration a code listing declares ("enum State { S0 = 0, ... };").
  inline.push(...detectEnumMembers(doc.lines, { outsideText, firstIndex: blocks.length + inline.length }));
  // Members a counted intro hands to paragraphs of their own ("Three types of response ...:" then "The M (momentary) response is ...").
  inline.push(...detectCountedParagraphs(doc.lines, { outsideText, isHeading, firstIndex: blocks.length + inline.length }));
  const tables = detectTables(doc.lines, { outsideText, firstIndex: blocks.length + inline.length, bodySize: index.body.size, pageHeight: (p) => doc.pages[p - 1]?.height ?? 792 });
  // Tables captioned below (papers) are read from the caption up, among the lines no table claimed.
  const claimed = new Set(tables.flatMap((t) => [...t.items.flatMap((it) => it.lines), ...(t.introLine ? [t.introLine] : [])]).map((r) => `${r.pageNum}:${r.lineNum}`));
  tables.push(...detectCaptionedTables(doc.lines, { outsideText, bodySize: index.body.size, firstIndex: blocks.length + inline.length + tables.length, taken: (l) => claimed.has(`${l.pageNum}:${l.lineNum}`) }));
  // A header row of variants ("18-layer" … "152-layer") is a list of the table's columns.
  tables.push(...detectHeaderSeries(doc.lines, { outsideText, firstIndex: blocks.length + inline.length + tables.length }));
  const ids = indexIdentifiers(doc.lines, { outsideText: (l) => outsideText(l as ParsedLine), isHeading: (l) => isHeading(l as ParsedLine) });
  // Codes defined under one parent in one section are a list too: "the requirements of 3.7".
  const coded = identifierLists(
    ids,
    (pageNum, lineNum) => {
      const id = sectionAt(sections, pageNum, lineNum);
      return id === null ? null : { id, title: byId.get(id)!.title, parentId: byId.get(id)!.parentId };
    },
    blocks.length + inline.length + tables.length,
  );
  // Blocks of the same labelled fields set again and again are records: each block one item.
  // A list read off part of a table (a term list of its header and first row) is the table's.
  const offTables = readOffTables(inline, tables);
  const found = renumbered([...blocks, ...inline.filter((l) => !offTables.has(l)), ...tables, ...coded]);
  const sectionTitle = (l: StructList) => {
    const id = sectionOf(sections, l);
    return id === null ? null : { id, title: byId.get(id)!.title };
  };
  const records = detectRecords(found, doc.lines, { sectionOf: sectionTitle, outsideText, firstIndex: found.length, commonSection: (ids) => commonSection(byId, ids) });
  const detected = [...found, ...records];
  const lists = detected.map((l) => toListRow(l, l.sectionId !== undefined ? l.sectionId : sectionOf(sections, l)));
  const identifiers = ids.defs.map((d) => ({
    code: d.code,
    family: d.family,
    depth: d.depth,
    parentCode: d.parent,
    title: d.title,
    sectionId: sectionAt(sections, d.pageNum, d.lineNum),
    pageNum: d.pageNum,
    lineNum: d.lineNum,
    heading: d.heading,
    mentions: d.mentions,
    levelNoun: ids.levelNouns.get(`${d.family}|${d.depth}`) ?? null,
  }));
  const items = detected.flatMap((l) =>
    l.items.map((it) => {
      const first = it.lines[0]!;
      const last = it.lines[it.lines.length - 1]!;
      return {
        listId: l.index,
        ordinal: it.ordinal,
        marker: it.marker,
        label: it.label,
        text: it.text,
        pageStart: first.pageNum,
        lineStart: first.lineNum,
        pageEnd: last.pageNum,
        lineEnd: last.lineNum,
        pages: it.lines.map((r) => r.pageNum),
        lineNums: it.lines.map((r) => r.lineNum),
      };
    }),
  );
  return {
    lists,
    items,
    identifiers,
    stats: { furnitureLines: index.furniture.size, lists: lists.length, items: items.length, nestedLists: lists.filter((l) => l.parentList !== null).length, identifiers: identifiers.length, identifierLists: coded.length, recordLists: records.length },
  };
}

/** The innermost section that holds all the sections given (null when none does). */
function commonSection(byId: Map<number, TocRow>, ids: number[]): number | null {
  const chain = (id: number) => {
    const out: number[] = [];
    for (let cur: TocRow | undefined = byId.get(id); cur; cur = cur.parentId !== null ? byId.get(cur.parentId) : undefined) out.push(cur.id);
    return out;
  };
  const [first, ...rest] = ids.map(chain);
  return first?.find((id) => rest.every((c) => c.includes(id))) ?? null;
}

/** The innermost section whose heading comes before the list's first item. */
function sectionOf(sections: TocRow[], l: StructList): number | null {
  const first = l.items[0]!.lines[0]!;
  return sectionAt(sections, first.pageNum, first.lineNum);
}

/** The innermost section whose heading comes at or before (page, line). */
function sectionAt(sections: TocRow[], pageNum: number, lineNum: number): number | null {
  let best: TocRow | null = null;
  for (const s of sections) {
    const before = s.pageStart < pageNum || (s.pageStart === pageNum && (s.lineStart ?? 0) <= lineNum);
    if (!before) break;
    if (s.pageEnd >= pageNum) best = s;
  }
  return best?.id ?? null;
}

function toListRow(l: StructList, sectionId: number | null): ListRow {
  return {
    id: l.index,
    parentList: l.parentList,
    parentItem: l.parentItem,
    depth: l.depth,
    kind: l.kind,
    style: l.style,
    sectionId,
    heading: l.heading,
    intro: l.intro,
    introPage: l.introLine?.pageNum ?? null,
    introLine: l.introLine?.lineNum ?? null,
    itemCount: l.items.length,
    sequential: l.sequential,
    endedBy: l.endedBy,
    gapAfter: l.gapAfter,
    pageStart: l.pageStart,
    pageEnd: l.pageEnd,
  };
}
