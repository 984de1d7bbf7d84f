import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import { loadLines } from '../../sql/load-lines.ts';
import { findEnumerations, type Enumeration } from '../cardinality.ts';
import { tocLevel, type TocNode } from '../../sql/toc-level.ts';
import { containsPhrase, stem, stemOverlap, tokensOf } from '../../text/text-match.ts';
import { readingPosition } from '../../text/position.ts';
import { titleNamedBy } from '../../route/score-entry.ts';
import { cite, type Candidate, type StrategyContext, type StrategyResult } from '../strategy-types.ts';
import type { LineRow } from '../../db/rows.ts';
import { leadIn } from './lead-in.ts';
import { isSetAside } from '../set-aside.ts';
import { nounModifiers } from '../../question/understand.ts';
import { namesOneOf } from '../instance-title.ts';
import { contentLines } from './content-lines.ts';
import { sectionsLacking } from './lacking.ts';
import { joinParts } from '../../structure/lists.ts';
import { DOTTED_NUMBER } from '../../lexicon/identifiers.ts';
import { routableEntries, type RoutableEntry } from '../../sql/routable-entries.ts';

/**
 * Structure: the document's own shape answers the listing. First the routed entry's TOC
 * children (exhaustive by construction); then entries titled by the item noun ("Appendix A",
 * "Tier 1"); then the most prominent enumeration (numbered, lettered, bulleted lines) in the
 * routed region.
 */
export async function structureStrategy(ctx: StrategyContext): Promise<StrategyResult> {
  // "Which sections have no X": the siblings whose part X says it holds nothing.
  const lacking = await sectionsLacking(ctx);
  if (lacking) return lacking;
  // Entries titled by the item noun ("Appendix A", "Level 2") are the items wherever they sit.
  const titled = await entriesNamedByNoun(ctx);
  if (titled.length >= 2) return result('titled-entries', await citeEntries(ctx, titled), true, { noun: ctx.u.itemNounSingular });
  const entry = ctx.routed.entry;
  // Sub-entries answer only when the routed entry is about what was asked (its title names the
  // scope, the items or a question word); otherwise they are just the document's next level.
  if (entry && entry.childCount > 0 && entryIsAboutQuestion(entry, ctx)) {
    const children = await tocLevel(ctx.db, ctx.documentId, entry.id, []);
    const kept = children.filter((c) => !/^(references?|notes?|summary|overview|introduction|bibliography)\b/i.test(c.title) && !isSetAside(c.title, ctx.u.excluded ?? []));
    // A heading over run-in heads of its own is no item of the kind of its run-in siblings.
    const ungrouped = kept.filter((c) => !c.flags.includes('grouping'));
    const relevant = ungrouped.length >= 2 ? ungrouped : kept;
    // When most children are titled by the item noun ("Level 1", "Level 2"), the others before
    // and after them are commentary ("Debugging" before the "Problem: ..." entries); one set
    // between two of them is a member whose title leaves the label out.
    const named = namedByNoun(relevant, ctx.u.itemNounSingular, ctx.u.itemPhrase);
    const items = named.length >= 2 && named.length >= relevant.length / 2 ? relevant.slice(relevant.indexOf(named[0]!), relevant.indexOf(named.at(-1)!) + 1) : relevant;
    if (items.length >= 2) {
      const cited = await citeEntries(ctx, items);
      // The contents may stop short of the text: headings numbered on past the last sub-entry
      // ("3.2.8", "3.2.9" after the contents' last "3.2.7") are sub-entries too. The contents
      // and the text then disagree, so the sweep proves nothing whole.
      const past = numberedOnPast(children.at(-1)!, ctx.regionLines);
      if (past.length) return result('toc-children', [...cited, ...past], false, { parent: entry.title, children: relevant.length, kept: items.length, pastContents: past.length });
      return result('toc-children', cited, true, { parent: entry.title, children: relevant.length, kept: items.length });
    }
  }
  // The top level is read once, by whichever reader below needs it first.
  let topEntries: Promise<TocNode[]> | null = null;
  const topLevel = () => (topEntries ??= topLevelEntries(ctx));
  const family = await topLevelFamily(ctx, topLevel);
  if (family.length >= 3) return result('numbered-top-level', await citeEntries(ctx, family), true, { noun: ctx.u.itemNounSingular, entries: family.length });
  // A question that gives each member a division of its own ("topics, each with a chapter of
  // its own"), routed to no part or to one top-level part with nothing below it, asks for the
  // document's top-level entries: whole only when numbered 1..n (above).
  if (ctx.u.sectionEach && atTopLevel(ctx)) {
    const top = await topLevel();
    if (top.length >= 2) return result('top-level', await citeEntries(ctx, top), false, { noun: ctx.u.itemNounSingular, entries: top.length });
  }
  const body = contentLines(ctx.regionLines);
  const enumeration = pickEnumeration(body, ctx, ctx.expectedCount ?? null);
  if (enumeration) {
    const items = enumerationItems(enumeration, body, 0.7);
    // Exhaustive only when the numbering runs 1..n without gaps AND the list is introduced as the
    // answer (its lead-in line names the items); a numbered list nearby is not proof of anything.
    const introduced = introducesItems(enumeration, body, ctx);
    const exhaustive = enumeration.ordered && enumeration.contiguous && enumeration.startsAtOne && introduced;
    return { ...result('enumeration', items, exhaustive, { style: enumeration.style, kind: enumeration.kind, count: enumeration.count, ordered: enumeration.ordered, introduced }), relevant: introduced };
  }
  return result('none', [], false, { reason: 'no TOC children, titled entries or enumeration in the routed region' });
}

function result(variant: string, items: Candidate[], exhaustive: boolean, detail: Record<string, unknown>): StrategyResult {
  return { strategy: 'structure', variant, items, exhaustive: exhaustive && items.length > 0, detail, tokens: 0, llmCalls: 0 };
}

/** Cites a TOC entry at its heading line (or the first line of its page when the heading was not located). */
export async function citeEntries(ctx: StrategyContext, nodes: Pick<TocNode, 'pageStart' | 'lineStart' | 'title'>[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  // Sibling entries often share a page: each page is read once.
  const pages = new Map<number, Promise<LineRow[]>>();
  const page = (p: number) => pages.get(p) ?? pages.set(p, loadLines(ctx.db, ctx.documentId, p, p)).get(p)!;
  for (const n of nodes) {
    const lines = await page(n.pageStart);
    const heading =
      (n.lineStart ? lines.find((l) => l.lineNum === n.lineStart) : undefined) ??
      lines.find((l) => stemOverlap(l.text, tokensOf(n.title)).share >= 0.6) ??
      lines[0];
    if (!heading) continue;
    const name = n.title.replace(/\s+/g, ' ').trim();
    out.push({ name, surfaceForms: [name], citations: [cite(heading)], confidence: 0.9 });
  }
  return out;
}

/** A section number opening a title or line ("3.2.8 -M or map-devs"): whatever the words after it. */
const OPENING_NUMBER = new RegExp(`^\\s*(${DOTTED_NUMBER})\\.?\\s`);

/**
 * Lines of the region after the last sub-entry that open with the numbers after its own, in
 * order ("3.2.8 -M or map-devs" after "3.2.7 ..."), each as an item cited at its line.
 */
function numberedOnPast(last: Pick<TocNode, 'title' | 'pageStart' | 'lineStart'>, region: LineRow[]): Candidate[] {
  const id = OPENING_NUMBER.exec(last.title)?.[1];
  if (!id) return [];
  const parts = id.split('.');
  const prefix = parts.slice(0, -1).join('.');
  const from = readingPosition(last.pageStart, last.lineStart);
  const after = region.filter((l) => readingPosition(l.pageNum, l.lineNum) > from);
  const out: Candidate[] = [];
  for (let v = Number(parts.at(-1)) + 1; ; v++) {
    const next = prefix ? `${prefix}.${v}` : String(v);
    const line = after.find((l) => OPENING_NUMBER.exec(l.text)?.[1] === next);
    if (!line) break;
    const name = line.text.replace(/\s+/g, ' ').trim();
    out.push({ name, surfaceForms: [name], citations: [cite(line)], confidence: 0.8 });
  }
  return out;
}

/** Entries anywhere in the TOC whose titles start with the item noun ("Appendix B. ...", "Tier 2: ..."). */
async function entriesNamedByNoun(ctx: StrategyContext): Promise<TocNode[]> {
  const noun = ctx.u.itemNounSingular;
  if (!noun) return [];
  const head = tokensOf(noun).at(-1);
  if (!head) return [];
  const pattern = `^\\s*${head}\\s+([A-Z0-9]{1,4}|[IVX]+)\\b`;
  const found = await rows<{ id: number; parent_id: number | null }>(
    ctx.db,
    sql`select id, parent_id from toc_entries where document_id = ${ctx.documentId} and routable and title ~* ${pattern.replace(/\\b/g, '\\y')} order by id`,
  );
  if (found.length < 2) return [];
  const all: TocNode[] = [];
  const parents = new Set(found.map((f) => f.parent_id));
  for (const p of parents) {
    const level = await tocLevel(ctx.db, ctx.documentId, p, []);
    all.push(...level.filter((n) => found.some((f) => f.id === n.id)));
  }
  // Inside the routed section when it holds several of them, then under the heading a qualifier
  // names ("the tasks at the system level"), when that narrows them further.
  let scoped = all;
  const entry = ctx.routed.entry;
  if (entry) {
    const bound = await rows<{ end_id: number | null }>(
      ctx.db,
      sql`select min(id) as end_id from toc_entries where document_id = ${ctx.documentId} and id > ${entry.id} and level <= ${entry.level}`,
    );
    const end = bound[0]?.end_id ?? Number.MAX_SAFE_INTEGER;
    const inside = all.filter((n) => n.id > entry.id && n.id < end);
    if (inside.length >= 2) scoped = inside;
    else {
      // Routing went one step too far, into one of the items itself: its siblings are the scope.
      const self = found.find((f) => f.id === entry.id);
      const siblings = self ? all.filter((n) => found.some((f) => f.id === n.id && f.parent_id === self.parent_id)) : [];
      if (siblings.length >= 2) scoped = siblings;
    }
  }
  // Routing landed beside them (a table of the step, not the step): the headings that name the
  // scope hold them ("the tasks of the RMF Monitor step" under "3.7 MONITOR").
  // Both narrowings below read the headings of the whole TOC: it is read once.
  const entries = await routableEntries(ctx.db, ctx.documentId);
  if (scoped === all && ctx.u.scope) {
    const underScope = withinScopeHeadings(ctx, entries, all);
    if (underScope.length >= 2) scoped = underScope;
    // Entries of the noun anywhere in the document are not those of the part the question names
    // when neither routing nor any heading naming that part holds them (the TOC may list the
    // tasks of every step but one): other strategies read the part's own text.
    else if (!all.some((n) => containsPhrase(n.title, ctx.u.scope!))) return [];
  }
  const qualified = withinQualifier(ctx, entries, scoped);
  return qualified.length >= 2 ? qualified : scoped;
}

/**
 * The enumeration most likely to be the answer: the largest well-formed top-level list in the
 * region, preferring one whose size matches a stated count.
 */
export function pickEnumeration(lines: LineRow[], ctx: Pick<StrategyContext, 'u'>, statedCount?: number | null): Enumeration | null {
  if (lines.length === 0) return null;
  const enums = findEnumerations(lines.map((l) => ({ id: l.id, pageNum: l.pageNum, lineNum: l.lineNum, text: l.text })));
  if (enums.length === 0) return null;
  const x0 = new Map(lines.map((l) => [`${l.pageNum}:${l.lineNum}`, l.x0]));
  const indent = (e: Enumeration) => Math.min(...e.items.map((i) => x0.get(`${i.pageNum}:${i.lineNum}`) ?? 0));
  const keywords = ctx.u.keywords;
  const scored = enums.map((e) => {
    const kwShare = stemOverlap(e.items.map((i) => i.text).join(' '), keywords).share;
    let score = Math.min(e.count, 12) + (e.ordered && e.contiguous ? 3 : 0) + 8 * kwShare - indent(e) / 100;
    // A list the text introduces as the answer ("The steps are:") beats one that merely sits nearby.
    if (introducesItems(e, lines, ctx)) score += 6;
    // "[1] Author, Title" lists are bibliographies: only an answer when references are asked for.
    if (e.kind === 'bracket' && looksLikeReferences(e) && !/reference|citation|paper|work/i.test(ctx.u.itemNoun ?? '')) score -= 20;
    if (statedCount && e.count === statedCount) score += 6;
    return { e, score };
  });
  scored.sort((a, b) => b.score - a.score);
  return scored[0]!.e;
}

/** Bibliography entries carry years, "et al." or venues; checklist items numbered [58] do not. */
function looksLikeReferences(e: Enumeration): boolean {
  const refLike = e.items.filter((i) => /\b(19|20)\d{2}\b|et al\.|arXiv|Proceedings|Journal|pp\.\s*\d/i.test(i.text)).length;
  return refLike >= e.items.length / 3;
}

/**
 * The nodes under a heading that names the question's scope: the whole scope as a phrase, else
 * its last word (its head: "RMF Monitor" is the Monitor step of the RMF). A heading that is one
 * of the nodes holds only itself. Empty when nothing narrows.
 */
function withinScopeHeadings(ctx: StrategyContext, entries: RoutableEntry[], nodes: TocNode[]): TocNode[] {
  const scope = ctx.u.scope?.trim();
  if (!scope || nodes.length < 2) return [];
  const own = new Set(nodes.map((n) => n.id));
  const head = tokensOf(scope).at(-1) ?? '';
  for (const phrase of [scope, ...(head.length >= 4 && head !== tokensOf(scope).join(' ') ? [head] : [])]) {
    const inside = under(nodes, entries.filter((e) => !own.has(e.id) && containsPhrase(e.title, phrase)));
    if (inside.length >= 2 && inside.length < nodes.length) return inside;
  }
  return [];
}

function withinQualifier(ctx: StrategyContext, entries: RoutableEntry[], nodes: TocNode[]): TocNode[] {
  const qualifiers = ctx.u.scopeQualifiers ?? [];
  if (!qualifiers.length || nodes.length < 2) return [];
  const withQualifier = entries.filter((e) => qualifiers.some((q) => containsPhrase(e.title, q)));
  // Several headings may carry the qualifier ("… SYSTEM LEVEL" for each step): prefer those that also name the scope.
  const scopeWords = ctx.u.scope ? tokensOf(ctx.u.scope) : [];
  const scoped = withQualifier.filter((e) => scopeWords.length > 0 && stemOverlap(e.title, scopeWords).matched.length > 0);
  const inside = under(nodes, scoped.length ? scoped : withQualifier);
  return inside.length < nodes.length ? inside : [];
}

/** The nodes that start inside one of the headings' spans (from the heading line to its last page). */
function under(nodes: TocNode[], holders: RoutableEntry[]): TocNode[] {
  return nodes.filter((n) => holders.some((h) => readingPosition(n.pageStart, n.lineStart) >= readingPosition(h.pageStart, h.lineStart) && n.pageStart <= h.pageEnd));
}

/** Nouns of a document's own top-level divisions (what "how many chapters" counts). */
const DIVISION_NOUNS = new Set(['chapter', 'part', 'section', 'module', 'volume', 'book']);

/** Routing found no one part, or stopped at a top-level entry with no sub-entries: the question's level is the top. */
function atTopLevel(ctx: StrategyContext): boolean {
  return !ctx.routed.entry || (ctx.routed.path.length <= 1 && ctx.routed.entry.childCount === 0);
}

/** The document's top-level entries: under a lone root entry (the document's own title), its sub-entries. */
async function topLevelEntries(ctx: StrategyContext): Promise<TocNode[]> {
  const roots = await tocLevel(ctx.db, ctx.documentId, null, []);
  return roots.length === 1 ? tocLevel(ctx.db, ctx.documentId, roots[0]!.id, []) : roots;
}

/**
 * "What chapters does the document contain?": with a structural item noun and no scope, the
 * answer is the document's own top-level numbered family (V1 … V17, 1 … 8, Part I … Part IV),
 * taken only when its numbers run 1..n.
 */
async function topLevelFamily(ctx: StrategyContext, topLevel: () => Promise<TocNode[]>): Promise<TocNode[]> {
  const noun = ctx.u.itemNounSingular?.toLowerCase().split(/\s+/).at(-1);
  // Or any noun whose members the question gives a division each ("topics, each with a chapter
  // of its own"), when routing stayed at the top level: the document's top level.
  const eachADivision = Boolean(ctx.u.sectionEach) && atTopLevel(ctx);
  if (!noun || !(DIVISION_NOUNS.has(noun) || eachADivision) || ctx.u.scope || ctx.u.codes.length) return [];
  // The document's own parts are asked for by the bare noun ("how many chapters ..."). A noun
  // the question qualifies ("the standard DWARF sections") names things the document is about,
  // and a negated predicate ("does not emit") picks some of them: neither is its top level.
  if (nounModifiers(ctx.u).length > 0 || ctx.u.negated) return [];
  const candidates = await topLevel();
  const families = new Map<string, { n: number; node: TocNode }[]>();
  for (const node of candidates) {
    const m = /^\s*((?:chapter|part|section|module)\s+|[A-Z]{1,2})?(\d{1,2})(?:[.:]|\s|$)/i.exec(node.title);
    if (!m) continue;
    const key = (m[1] ?? '').trim().toLowerCase();
    const list = families.get(key) ?? [];
    list.push({ n: Number(m[2]), node });
    families.set(key, list);
  }
  const best = [...families.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const nums = best.map((x) => x.n);
  const contiguous = nums.length >= 3 && nums.every((n, i) => n === i + 1);
  return contiguous ? best.map((x) => x.node) : [];
}

function entryIsAboutQuestion(entry: TocNode, ctx: StrategyContext): boolean {
  const terms = [...ctx.u.keywords, ...(ctx.u.itemNoun ? tokensOf(ctx.u.itemNoun) : []), ...(ctx.u.scope ? tokensOf(ctx.u.scope) : [])];
  // Or the question writes its whole title (the document's own name, whose words are no keywords).
  return stemOverlap(entry.title, terms).matched.length > 0 || ctx.u.codes.some((c) => entry.title.includes(c)) || ctx.u.phrases.some((p) => containsPhrase(entry.title, p)) || titleNamedBy(entry.title, ctx.question);
}

function namedByNoun(nodes: TocNode[], noun: string | null, phrase: string | null = null): TocNode[] {
  const head = noun ? tokensOf(noun).at(-1) : null;
  if (!head) return [];
  // Or titled as kinds of what the item phrase's words name, by their own last word: "SSH
  // uploads", "FTP uploads" are upload methods; "Description" above them is no method.
  const named = new Set(tokensOf(phrase ?? noun ?? '').map(stem));
  return nodes.filter((n) => {
    const t = tokensOf(n.title);
    return t[0] === head || t[1] === head || (t.length >= 2 && named.has(stem(t.at(-1)!)));
  });
}

/** Turns enumeration members into candidates; a bare marker line ("Tier 1:") takes its next line as the name. */
export function enumerationItems(e: Enumeration, lines: LineRow[], confidence: number): Candidate[] {
  return e.items.map((it, n) => {
    const idx = lines.findIndex((l) => l.pageNum === it.pageNum && l.lineNum === it.lineNum);
    const line = lines[idx]!;
    const marker = it.marker.replace(/[.:)\s]+$/, '');
    // The item goes on over the lines indented past its marker, up to the next item: an item is
    // the whole item, never its first line.
    const next = e.items[n + 1];
    const whole = [it.text];
    for (let j = idx + 1; j < lines.length && j <= idx + CONTINUATION_LINES; j++) {
      const l = lines[j]!;
      if (next && l.pageNum === next.pageNum && l.lineNum === next.lineNum) break;
      if (l.x0 <= line.x0 + 1 || l.pageNum !== line.pageNum) break;
      whole.push(l.text);
    }
    const text = joinParts(whole);
    let name = leadIn(text);
    const forms: string[] = [];
    if (!name) {
      const next = lines[idx + 1];
      name = /^(step|task|phase|stage|tier|level|part)\b/i.test(marker) ? marker : next ? leadIn(next.text) : marker;
      if (next) forms.push(`${marker}: ${leadIn(next.text)}`);
    } else if (/^(step|task|phase|stage|tier|level|part)\b/i.test(marker)) {
      forms.push(`${marker}: ${name}`);
    }
    return { name, surfaceForms: [...new Set([name, ...forms, it.text, text].filter(Boolean))], citations: [cite(line)], confidence };
  });
}

/** Continuation lines read at most for one enumerated item. */
const CONTINUATION_LINES = 8;

/** True when the line(s) just before the list mention the item noun or the question's keywords. */
function introducesItems(e: Enumeration, lines: LineRow[], ctx: Pick<StrategyContext, 'u'>): boolean {
  if (!e.items.length) return false;
  const first = e.items[0]!;
  const idx = lines.findIndex((l) => l.pageNum === first.pageNum && l.lineNum === first.lineNum);
  // A heading titled by one of the items ("2. Control module" for "which modules") names that
  // one member, whose own steps follow: it does not introduce the items asked for.
  const head = tokensOf(ctx.u.itemNounSingular ?? '').at(-1);
  const before = lines
    .slice(Math.max(0, idx - 3), idx)
    .filter((l) => !(l.bold && head && namesOneOf(l.text, head)))
    .map((l) => l.text)
    .join(' ');
  if (!before.length) return false;
  // The lead-in names the items, or shares two of the question's words: one shared word alone
  // ("rev", "supporting") places a list near the question, it does not introduce its answer.
  const noun = ctx.u.itemNoun ? tokensOf(ctx.u.itemNoun) : [];
  if (noun.length && stemOverlap(before, noun).matched.length > 0) return true;
  // Two words, not two forms of one ("define", "definitions" in "Definition 6").
  return distinctWords(stemOverlap(before, ctx.u.keywords).matched).length >= 2;
}

/**
 * Words that are not forms of one another: "define" and "definitions" share their first five
 * letters, most of the shorter one, so they count once (a crude stem keeps them apart).
 */
function distinctWords(words: string[]): string[] {
  const out: string[] = [];
  const sameWord = (a: string, b: string) => {
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return stem(a) === stem(b) || (n >= 5 && n >= 0.8 * Math.min(a.length, b.length));
  };
  for (const w of words.map((x) => x.toLowerCase())) if (!out.some((o) => sameWord(o, w))) out.push(w);
  return out;
}
