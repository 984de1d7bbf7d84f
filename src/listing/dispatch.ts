import { bestCue, findCardinalityCues } from './cardinality.ts';
import { mergeCandidates, mergeSameNames } from './merge.ts';
import { entriesAsList, sectionSets } from './section-sets.ts';
import { documentSectionSets } from './document-sections.ts';
import { citeEntries } from './strategies/structure.ts';
import { countedIntro } from '../structure/counted-intro.ts';
import { decideCompleteness, type Verdict } from './completeness.ts';
import { patternStrategy } from './strategies/pattern.ts';
import { CODE_SHAPES } from './strategies/code-shapes.ts';
import { semanticStrategy } from './strategies/semantic.ts';
import { structureStrategy } from './strategies/structure.ts';
import type { Candidate, StrategyContext, StrategyResult } from './strategy-types.ts';
import { keywordLines } from '../sql/load-lines.ts';
import { routableEntries } from '../sql/routable-entries.ts';
import { codesUnderPrefix } from '../sql/codes-under-prefix.ts';
import { titleCounts } from '../sql/title-counts.ts';
import { childrenOf, escapeRegex, opensWithCode, WILDCARD } from '../lexicon/identifiers.ts';
import { readingPosition } from '../text/position.ts';
import { measureCell } from '../structure/header-series.ts';
import { containsPhrase, stem, stemOverlap, tokensOf } from '../text/text-match.ts';
import type { LineRow } from '../db/rows.ts';
import { listItemsAsCandidates, loadLists, rankLists, type RankedList, type StoredList } from './candidates.ts';
import { subLevelLists } from './sub-levels.ts';
import { sectionsOfItems } from './sections-of-items.ts';
import { withTitlesAbove } from './titles-above.ts';
import { TUNING } from './tuning.ts';
import { measureUnits } from './measure-units.ts';
import { nounModifiers } from '../question/understand.ts';
import { CLASSIFIER_WORDS, DETERMINERS, FUNCTION_WORDS, parseNumberWord, SECTION_NOUNS } from '../lexicon/english.ts';
import { numberedBelow, numberPath, stripNumbering } from '../toc/numbering.ts';
import { titledByNounAlone, titleNamedBy } from '../route/score-entry.ts';
import { arbitrate } from './arbiter.ts';
import { conjoinedPartner } from './conjoined-lists.ts';
import { rowValueSplit } from './row-values.ts';
import type { TocNode } from '../sql/toc-level.ts';

type StrategyName = 'structure' | 'pattern' | 'semantic';

export interface ListingOutcome {
  result: StrategyResult;
  items: Candidate[];
  verdict: Verdict;
  tried: { strategy: string; variant: string; items: number }[];
  cue: ReturnType<typeof bestCue>;
}

/**
 * The order the question's shape calls for: identifiers want the pattern sweep first, and so
 * does a scope that is the prefix of a code family ("the MAP subcategories" over "MAP 1.1" ...):
 * the items under it are its codes (`scopeIsPrefix`, read from the identifier index).
 */
export function strategyOrder(ctx: Pick<StrategyContext, 'u' | 'routed'> & { scopeIsPrefix?: boolean }): StrategyName[] {
  if (ctx.scopeIsPrefix) return ['pattern', 'structure', 'semantic'];
  const noun = `${ctx.u.itemPhrase ?? ''} ${ctx.u.itemNoun ?? ''}`.toLowerCase();
  // A code written as a family ("MEASURE 2.x") asks for its members; one specific code ("For
  // GOVERN 1.2, what should ...") names where the items are, and the lists there compete.
  const wantsCodes = /\b(codes?|identifiers?|ids?)\b/.test(noun) || ctx.u.codes.some((c) => /[.\-]|\d/.test(c) && new RegExp(`${WILDCARD}$`).test(c));
  // A code written as the items' container ("in section 3.5") holds codes a level below it.
  if (wantsCodes || ctx.u.asksCodes || ctx.u.containerCodes?.length) return ['pattern', 'structure', 'semantic'];
  return ['structure', 'pattern', 'semantic'];
}

/**
 * Runs strategies in order until one finds items, merges them, finds the document's own count
 * of the items, and decides completeness. Every step is a trace row. `lists`: the document's
 * lists when the caller has read them already (read here otherwise).
 */
export async function runListing(ctx: StrategyContext, lists?: StoredList[]): Promise<ListingOutcome> {
  ctx = await withTitledContainer(ctx);
  const cueLines = await cardinalityLines(ctx);
  // The item phrase's words before its noun ("event" of "event types") qualify a classifier noun.
  const phrase = tokensOf(ctx.u.itemPhrase ?? '');
  const qualifiers = phrase.slice(0, -1).filter((w) => !FUNCTION_WORDS.has(w) && !CLASSIFIER_WORDS.has(w) && /\p{L}{2}/u.test(w));
  const cues = findCardinalityCues(cueLines, ctx.u.itemNoun, { keywords: ctx.u.keywords, qualifiers });
  // A count of some other noun that merely shares a question keyword ("six Functions" for a
  // question about categories under a function) says nothing about these items.
  // The cue of the whole item phrase ("4 primitive types") beats one of its head alone ("three
  // additional types"): bestCue rewards a cue whose noun holds every word of the phrase.
  // Without an item noun nothing tells which count is of the items asked: only the chosen list's
  // own intro may state its size (ownCue, below).
  const stated = ctx.u.itemNoun ? bestCue(cues.filter((c) => c.match !== 'keyword' && c.match !== 'generic' && !countsTheContainer(c.noun, ctx) && !countsAnotherKind(c.noun, ctx)), ctx.u.itemPhrase ?? ctx.u.itemNoun) : null;
  // "Which families have no derived requirements?" asks for a subset of the families: the count
  // the document states for all of them ("fourteen families") is not the subset's count.
  // "The requirements in section 3.5" are a part: a count stated outside that part ("a total of
  // 278 requirements") counts the whole they belong to.
  // Only the container's own entry tells inside from outside: routing may have landed elsewhere.
  const container = ctx.routed.entry && ctx.u.containerCodes?.some((c) => titleOpensWith(ctx.routed.entry!.title, c)) ? ctx.routed.entry : null;
  const outsidePart = Boolean(stated && container && !withinEntry(container, stated.pageNum, stated.lineNum));
  const cue = ctx.u.restricted || outsidePart ? null : stated;
  await ctx.tracer.record({
    stage: 'list',
    step: 'cardinality',
    input: { itemNoun: ctx.u.itemNoun, linesScanned: cueLines.length },
    output: { cues: cues.slice(0, 5), best: cue },
    decision: cue
      ? `document states ${cue.count} ${cue.noun} (p.${cue.pageNum} l.${cue.lineNum})`
      : stated
        ? `the document's count of all ${stated.noun} (${stated.count}, p.${stated.pageNum}) is not the count of the ${outsidePart ? 'part' : 'subset'} the question asks for`
        : 'no stated count',
  });
  const expected = ctx.u.expectedCount ?? cue?.count ?? null;
  // Two codes at least open with the scope: one may be a stray mention.
  const scopeIsPrefix = Boolean(ctx.u.scope && /^[A-Z]{2,}$/.test(ctx.u.scope) && (await codesUnderPrefix(ctx.db, ctx.documentId, ctx.u.scope)) >= 2);
  // A name in capitals before the item noun ("the MAP subcategories") is a scope only as the
  // prefix of the document's codes; otherwise it is as likely the name of the publisher or the
  // document ("the NIST controls", "the OWASP requirements"), which no part of it is.
  const u = ctx.u.signals.includes('scope-capital-modifier') && !scopeIsPrefix ? { ...ctx.u, scope: null } : ctx.u;
  const cueEnd = cue ? { pageNum: cue.pageNum, lineNum: cue.endLineNum ?? cue.lineNum } : null;
  // A count sentence closed by a colon ("three types of regularization during training:") opens
  // the list after it.
  const cueLine = cueEnd ? cueLines.find((l) => l.pageNum === cueEnd.pageNum && l.lineNum === cueEnd.lineNum) : undefined;
  const opensList = Boolean(cueLine && /:\s*$/.test(cueLine.text));
  ctx = { ...ctx, u, expectedCount: expected, cueAt: cueEnd ? { ...cueEnd, opensList } : null, scopeIsPrefix };
  const tried: ListingOutcome['tried'] = [];
  let chosen: StrategyResult | null = null;
  for (const name of strategyOrder(ctx)) {
    const t0 = performance.now();
    const r = name === 'structure' ? await structureStrategy(ctx) : name === 'pattern' ? await patternStrategy(ctx) : await semanticStrategy(ctx, expected);
    tried.push({ strategy: r.strategy, variant: r.variant, items: r.items.length });
    // One section lacking what the question names is an answer: the restriction picks it out.
    // None lacking it is an answer too, once every sibling was read and named the part.
    const usable = r.variant === 'sections-lacking' ? r.items.length >= 1 || Number(r.detail.named) >= 2 : r.items.length >= (name === 'semantic' ? 1 : 2);
    await ctx.tracer.record({
      stage: 'list',
      step: 'strategy',
      strategy: name,
      input: { variant: r.variant },
      output: { items: r.items.map((i) => i.name).slice(0, 60), exhaustive: r.exhaustive, detail: r.detail },
      decision: usable ? `use ${name} (${r.variant}): ${r.items.length} items` : `fall back: ${name} found ${r.items.length}`,
      tokens: r.tokens,
      durationMs: performance.now() - t0,
    });
    if (usable) {
      // A scope that prefixes codes put the sweep first; its family is the scope's codes, not
      // necessarily those the question restricts itself to ("the MAP subcategories the Playbook
      // gives suggested actions for"): which codes is the sweep's call, that they are all is not.
      if (r.strategy === 'pattern' && r.exhaustive && ctx.scopeIsPrefix && strategyOrder({ ...ctx, scopeIsPrefix: false })[0] !== 'pattern') {
        r.exhaustive = false;
        r.detail = { ...r.detail, notProven: 'the codes under the scope, swept because the scope prefixes them; the question may ask for some of them' };
      }
      const fuller = await preferFullerCodeSweep(ctx, r);
      if (fuller) tried.push({ strategy: fuller.strategy, variant: `${fuller.variant} (cross-check)`, items: fuller.items.length });
      chosen = fuller ?? r;
      break;
    }
  }
  const arbitrated = await candidateList(ctx, expected, chosen, lists);
  if (arbitrated && arbitrated.variant === 'candidate-list') tried.push({ strategy: arbitrated.strategy, variant: arbitrated.variant, items: arbitrated.items.length });
  chosen = arbitrated ?? chosen;
  chosen ??= { strategy: 'semantic', variant: 'none', items: [], exhaustive: false, detail: {}, tokens: 0, llmCalls: 0 };
  chosen = { ...chosen, items: await withTitlesAbove(ctx.db, ctx.documentId, chosen.items) };
  // Pattern items are distinct codes, and a list's items distinct entries, by construction:
  // merging would rename a code after its title, or fold points that open with the same words.
  // Only a list's items of one and the same name are one (a table's rows keyed alike).
  const merged = chosen.strategy === 'pattern' ? { items: chosen.items, merges: [] } : chosen.variant === 'candidate-list' ? mergeSameNames(chosen.items) : mergeCandidates(chosen.items);
  const kept = othersOnly(ctx.question, merged.items, typeof chosen.detail.intro === 'string' ? chosen.detail.intro : null);
  if (kept.length < merged.items.length) await ctx.tracer.record({ stage: 'merge', step: 'others_only', output: { dropped: merged.items.filter((i) => !kept.includes(i)).map((i) => i.name) }, decision: `the question asks for the other ${ctx.u.itemNoun ?? 'items'}: dropped ${merged.items.length - kept.length} it names itself` });
  // An enumeration (not a set of sections already) whose labels are all the sections under one entry.
  const sections = chosen.variant === 'candidate-list' && chosen.detail.kind !== 'section' ? await sectionsOfItems(ctx, kept) : null;
  const items = sections?.items ?? kept;
  if (sections) await ctx.tracer.record({ stage: 'merge', step: 'sections_of_items', output: { parent: sections.parent, items: items.length }, decision: `the ${items.length} items are the ${items.length} sections under "${sections.parent}": each is cited at its heading too` });
  await ctx.tracer.record({
    stage: 'merge',
    step: 'dedup',
    input: { candidates: chosen.items.length },
    output: { items: items.length, merges: merged.merges },
    decision: `${chosen.items.length} candidates -> ${items.length} items (${merged.merges.length} merges)`,
  });
  // The chosen list's own intro may state its size ("Three exceptions include:"): that count is
  // the list's own, closer than any count found elsewhere, and it decides in its place.
  const own = chosen.variant === 'candidate-list' ? ownCue(chosen) : null;
  if (own) await ctx.tracer.record({ stage: 'list', step: 'cardinality', output: { own, replaced: cue }, decision: `the chosen list's intro states ${own.count} ${own.noun}` });
  // A count stated far from the chosen list confirms it only when its items are known to be all
  // the sections under one entry (what the count may well be of); the list's own count always may.
  const farCount = !own && !sections && chosen.detail.countFar === true;
  const judged = decideCompleteness(farCount ? { ...chosen, relevant: false } : chosen, items.length, own ?? cue, ctx.routed);
  // Say why the count met did not decide: the generic "no stated count confirms" would hide it.
  const decided = farCount && cue && judged.isComplete === null && cue.count === items.length ? { ...judged, reason: `found ${items.length}, as many as the document states ("${cue.text}", p.${cue.pageNum}), but that count is stated pages away from the list: it may count other things` } : judged;
  const verdict = sections && decided.isComplete === true ? { ...decided, reason: `${decided.reason}; its items are all the sections under "${sections.parent}"` } : decided;
  await ctx.tracer.record({
    stage: 'verify',
    step: 'completeness',
    strategy: chosen.strategy,
    output: verdict,
    decision: `${verdict.isComplete === null ? 'unknown' : verdict.isComplete ? 'complete' : 'incomplete'} (${verdict.source})`,
  });
  return { result: chosen, items, verdict, tried, cue: own ?? cue };
}

/**
 * Each sub-entry's span, from its heading to the next one's (the last to the routed entry's
 * end), and whether the question names it: its title carries the item noun ("5. Exclusions" for
 * exclusions) or is written whole in the question.
 */
function itemSpans(ctx: StrategyContext, items: Candidate[]): { holds: (l: StoredList) => boolean; named: boolean }[] {
  const heads = items.map((i) => i.citations[0]).filter((c): c is NonNullable<typeof c> => Boolean(c));
  const end = ctx.routed.entry?.endPage !== undefined ? readingPosition(ctx.routed.entry.endPage, ctx.routed.entry.endLine) : readingPosition(ctx.routed.pageEnd + 1, 0);
  const noun = stem(tokensOf(ctx.u.itemNounSingular ?? '').at(-1) ?? '');
  const kinds = namesKinds(ctx.question);
  return heads.map((h, i) => {
    const from = readingPosition(h.pageNum, h.lineNum);
    const to = heads[i + 1] ? readingPosition(heads[i + 1]!.pageNum, heads[i + 1]!.lineNum) : end;
    const inside = (p: { pageNum: number; lineNum: number }) => readingPosition(p.pageNum, p.lineNum) > from && readingPosition(p.pageNum, p.lineNum) < to;
    return {
      holds: (l: StoredList) => l.items.length > 0 && inside(l.items[0]!) && inside(l.items.at(-1)!),
      // The sub-entry the question names, by the item noun or its whole title ("the log search"),
      // or by a word for kinds when the question asks for kinds ("ccache types" for "what kinds
      // of credential cache"): the classifier words are one another's synonyms.
      // So is the sub-entry the question's scope names, however short its title ("the Options section").
      named: (Boolean(noun) && tokensOf(items[i]!.name).map(stem).includes(noun)) || titleNamedBy(items[i]!.name, ctx.question) || (kinds && namesKinds(items[i]!.name)) || Boolean(ctx.u.scope && containsPhrase(items[i]!.name, ctx.u.scope)),
    };
  });
}

/**
 * Under a section titled by the items alone ("2.1 Functions" for "which functions ..."), the
 * section's own list is the items, and a list inside one of its entries (the argument lines of
 * one function's synopsis) is a part of that entry, not a rival; unless the question names that
 * entry. Under any other section a list inside one paragraph may well be what is asked.
 */
function markInsideBodyItems(ctx: StrategyContext, all: RankedList[]): void {
  if (!ctx.routed.entry || !titledByNounAlone(ctx.routed.entry.title, ctx.u.itemNoun ?? '')) return;
  const body = ctx.sectionList === null || ctx.sectionList === undefined ? undefined : all.find((r) => r.list.id === ctx.sectionList);
  if (!body || body.list.items.length < 2) return;
  const starts = body.list.items.map((i) => readingPosition(i.pageNum, i.lineNum));
  const end = ctx.routed.entry?.endPage !== undefined ? readingPosition(ctx.routed.entry.endPage, ctx.routed.entry.endLine) : readingPosition(ctx.routed.pageEnd + 1, 0);
  for (const r of all) {
    if (r === body || r.list.items.length === 0) continue;
    const first = readingPosition(r.list.items[0]!.pageNum, r.list.items[0]!.lineNum);
    const last = readingPosition(r.list.items.at(-1)!.pageNum, r.list.items.at(-1)!.lineNum);
    const k = starts.filter((s) => s < first).length - 1;
    if (k < 0 || (starts[k + 1] ?? end) <= last) continue;
    const entry = body.list.items[k]!;
    if (titleNamedBy(entry.label, ctx.question) || (ctx.u.scope && containsPhrase(entry.label, ctx.u.scope))) continue;
    r.features.insideItem = 1;
  }
}

/**
 * Whether a ranked list is about the question enough to be called whole: most of the question's
 * words, and never one shared word alone, whatever share of its words that is. A list is about
 * the question when it holds two of its words, or its intro or heading names the item noun, or a
 * reference the question makes places it.
 */
export function coversQuestion(f: Partial<Record<'coverage' | 'wordsCovered' | 'noun' | 'refHits', number>>): boolean {
  return (f.coverage ?? 0) >= TUNING.listMinCoverageComplete && ((f.wordsCovered ?? 0) >= 2 || (f.noun ?? 0) > 0 || (f.refHits ?? 0) > 0);
}

/** The text names kinds of something ("types", "kinds", "sorts"). */
function namesKinds(text: string): boolean {
  return tokensOf(text).some((t) => CLASSIFIER_WORDS.has(t));
}

/** The item noun names a document's divisions ("subsections", "chapters"). */
function asksForSections(u: StrategyContext['u']): boolean {
  return (SECTION_NOUNS.has(tokensOf(u.itemNounSingular ?? '').at(-1) ?? '') && nounModifiers(u).length === 0) || Boolean(u.sectionEach);
}

/**
 * "The Audit and Accountability family": the part the question names by its whole title, when
 * its number holds codes a level below it that its own text opens lines with ("3.3" holds
 * "3.3.1" ...), contains those codes as "section 3.3" would: they are the items.
 */
async function withTitledContainer(ctx: StrategyContext): Promise<StrategyContext> {
  const entry = ctx.routed.entry;
  // An entry with sub-entries answers with them (titled, where codes are bare numbers).
  // A question for some of them ("the derived requirements ... (not the basic ones)") is the
  // lists' call: the codes below are all of them.
  const some = ctx.u.restricted || (ctx.u.excluded?.length ?? 0) > 0;
  if (!entry || entry.childCount > 0 || some || ctx.u.containerCodes?.length || asksForSections(ctx.u) || !titleNamedBy(entry.title, ctx.question)) return ctx;
  const path = numberPath(entry.title);
  const regex = path ? childrenOf(path) : null;
  if (!path || !regex) return ctx;
  const opens = opensWithCode(regex);
  const defined = new Set(ctx.regionLines.map((l) => opens.exec(l.text)?.[1]).filter((c): c is string => Boolean(c)));
  if (defined.size < 2) return ctx;
  await ctx.tracer.record({ stage: 'list', step: 'container', output: { entry: entry.title, code: path, defined: defined.size }, decision: `the question names "${entry.title}" by its title: the codes below ${path} are its items` });
  return { ...ctx, u: { ...ctx.u, containerCodes: [path], signals: [...ctx.u.signals, 'container-named-by-title'] } };
}

/** The question names the entry itself: its number, a code it opens with, or its whole title. */
function namesEntry(ctx: StrategyContext, entry: TocNode): boolean {
  if (ctx.u.sectionRef && numberPath(entry.title)?.toLowerCase() === ctx.u.sectionRef.toLowerCase()) return true;
  if (ctx.u.containerCodes?.some((c) => titleOpensWith(entry.title, c))) return true;
  return titleNamedBy(entry.title, ctx.question);
}

/** The title opens with the code ("V2.2 Keys", "Section 3.5 ..."). */
function titleOpensWith(title: string, code: string): boolean {
  return opensWithCode(escapeRegex(code), 'i').test(title);
}

/** Whether a line lies in an entry's span: from its heading line to where the next entry outside it starts. */
function withinEntry(e: TocNode, pageNum: number, lineNum: number): boolean {
  const at = readingPosition(pageNum, lineNum);
  const end = e.endPage !== undefined ? readingPosition(e.endPage, e.endLine) : readingPosition(e.pageEnd + 1, 0);
  return at >= readingPosition(e.pageStart, e.lineStart) && at < end;
}

/** A stated count in the chosen list's intro, as a cue cited at the list's first item. */
function ownCue(r: StrategyResult): NonNullable<ReturnType<typeof bestCue>> | null {
  const intro = typeof r.detail.intro === 'string' ? r.detail.intro : '';
  const stated = intro ? countedIntro(intro) : null;
  const at = r.items[0]?.citations[0];
  if (!stated || !at) return null;
  return { count: stated.count, noun: stated.noun, text: intro, pageNum: at.pageNum, lineNum: at.lineNum, endLineNum: at.lineNum, strength: 0.9, match: 'head', approximate: false };
}

/**
 * The structure model's lists ranked against the question. The best one answers when it is tied
 * to the question strongly enough; it is complete only when it is closed (its boundary reached,
 * numbering without gaps) and clearly beats the runner-up.
 */
async function candidateList(ctx: StrategyContext, expected: number | null, chain: StrategyResult | null, known?: StoredList[]): Promise<StrategyResult | null> {
  // Identifier questions ("all the codes under X") are answered by the identifier sweep.
  // For a question about identifiers, a regex sweep of one family is exhaustive by construction
  // and lists do not rival it; otherwise a sweep of codes it induced competes like any candidate.
  // Its codes may key a table's rows, and the question pick the rows by a cell value (row-values.ts).
  if (chain?.strategy === 'pattern' && strategyOrder(ctx)[0] === 'pattern') return rowsByValue(ctx, chain, known ?? (await loadLists(ctx.db, ctx.documentId)));
  // Sections read for what they lack answer a question restricted that way; a list cannot.
  if (chain?.variant === 'sections-lacking') return chain;
  const lists = known ?? (await loadLists(ctx.db, ctx.documentId));
  // The routed section is the question's scope itself when its title (or one above it) names it.
  const namesScope = Boolean(ctx.u.scope && ctx.routed.path.some((p) => containsPhrase(p.title, ctx.u.scope!)));
  // The routed section's own title ends with the item noun ("2 Parties" for "the parties").
  const nounHead = tokensOf(ctx.u.itemNounSingular ?? '').at(-1);
  const titledByNoun = Boolean(ctx.routed.entry && nounHead && stem(tokensOf(ctx.routed.entry.title).at(-1) ?? '') === stem(nounHead));
  const scope = ctx.routed.entry ? { pageStart: ctx.routed.pageStart, pageEnd: ctx.routed.pageEnd, namesScope, titledByNoun, lineStart: ctx.routed.entry.lineStart } : null;
  // The chain's answer from the TOC (an entry's sub-entries, entries named by the item noun)
  // competes as one more candidate, read the same way: its path is its heading, its parent
  // entry's title its intro, its entry titles its items.
  const sectional = chain && ((chain.strategy === 'structure' && SECTIONAL.has(chain.variant)) || chain.strategy === 'pattern') ? asPseudoList(ctx, chain) : null;
  // The sub-entries of the entries below the routed one compete too (a level further down).
  // Sections asked for under the section the question names are its sub-entries, whole when
  // they carry its number a level down without a gap ("3" holds "3.1" … "3.5"): the entries a
  // level further down are not the level asked for, and do not rival them.
  const asksSections = asksForSections(ctx.u);
  const entryNamed = ctx.routed.entry !== null && namesEntry(ctx, ctx.routed.entry);
  const namedSections = asksSections && chain?.variant === 'toc-children' && entryNamed && numberedBelow(ctx.routed.entry!.title, chain.items.map((i) => i.name));
  const nested = namedSections ? [] : await sectionSets(ctx, lists);
  // And so do the sub-entries of every other entry of the document, whatever routing chose.
  // The routed entry's own sub-entries count among them unless the chain answered with them.
  const offered = new Set(nested.map((n) => n.parent.id));
  if (ctx.routed.entry && chain?.variant === 'toc-children') offered.add(ctx.routed.entry.id);
  const wide = namedSections ? [] : await documentSectionSets(ctx, offered, ctx.u.itemNounSingular);
  // The units the document measures the item noun in, read only when some list's items are
  // measures ("18-layer"): nothing else can use them.
  const head = tokensOf(ctx.u.itemNounSingular ?? '').at(-1);
  const measured = lists.some((l) => l.items.some((i) => measureCell(i.label) !== null));
  const nounUnits = head && measured ? measureUnits(head, await keywordLines(ctx.db, ctx.documentId, [head], 200)) : new Set<string>();
  // "The subsections of section 3" asks for entries of the TOC: a list in the text is not one.

  const all = rankLists([...(asksSections ? [] : [...lists, ...subLevelLists(lists)]), ...(sectional ? [sectional] : []), ...nested.map((n) => n.list)], ctx.u, ctx.question, { scope, expectedCount: expected, sectionList: ctx.sectionList ?? null, rivals: wide.map((w) => w.list), cueAt: ctx.cueAt ?? null, nounUnits });
  // A list at the wrong level (the scope's own level, or a table keyed by another column than the
  // one the question names) is not the answer while a list at a sound level is there.
  // Under a section the question names, a list inside one of its sub-entries is part of that
  // one item (the cases of "3. Condominium Loss Assessments" under "Coverage C"), a level below
  // the sub-entries asked for; unless the question names that sub-entry.
  // Sub-entries titled as under every other entry ("About", "Suggested Actions") are the
  // document's template, not items: a list inside one may well be what is asked.
  // So is a section titled by the items alone ("3 Functions" for "which functions ..."): its
  // sub-entries are the items, and a list inside one of them is that function's own; unless the
  // question's words touch that sub-entry's title ("2.3.8 High level extensions" for directives
  // "for high-level language tools"): then the sub-entries are groups, and the list its members.
  const scopeNamed = Boolean(ctx.routed.entry && ctx.u.scope && containsPhrase(ctx.routed.entry.title, ctx.u.scope));
  const titledAlone = Boolean(chain?.variant === 'toc-children' && ctx.routed.entry && !entryNamed && !scopeNamed && titledByNounAlone(ctx.routed.entry.title, ctx.u.itemNoun ?? ''));
  const named = chain?.variant === 'toc-children' && ctx.routed.entry && (entryNamed || scopeNamed || titledAlone);
  const repeated = named ? [...(await titleCounts(ctx.db, ctx.documentId, chain!.items.map((i) => i.name))).values()].filter((n) => n > 1).length : 0;
  const touched = (name: string) => stemOverlap(stripNumbering(name), ctx.u.keywords).matched.length > 0;
  const within = named && repeated === 0 ? itemSpans(ctx, chain!.items).map((w, i, all) => (titledAlone && all.length === chain!.items.length && touched(chain!.items[i]!.name) ? { ...w, named: true } : w)) : [];
  // Sub-entries a level down each titled as an instance of the item noun ("topology component",
  // ... under "8.6 XML options" for "which components") are that level, named as such: not a
  // part of one item.
  const namedLevel = (r: RankedList) => (r.features.itemsNamed ?? 0) > 0 && nested.some((n) => n.list === r.list);
  for (const r of all) if (r.list !== sectional && !namedLevel(r) && within.some((w) => w.holds(r.list) && !w.named)) r.features.insideItem = 1;
  markInsideBodyItems(ctx, all);
  const sound = all.filter((r) => !r.features.scopeIsItem && !r.features.insideItem);
  const sorted = sound.length ? [...sound, ...all.filter((r) => r.features.scopeIsItem || r.features.insideItem)] : all;
  // A question read as a listing because the routed section is one list, or because its answer
  // quoted one (see probe-intent.ts), asks for that list: it leads, whatever another list's words
  // score; its margin may then be below zero, and the verdict says so.
  const fromSection = ctx.u.signals.includes('intent-from-section') || ctx.u.signals.includes('intent-from-answer');
  const placedAt = fromSection ? sorted.findIndex((r) => r.list.id === ctx.sectionList) : -1;
  const ranked = placedAt > 0 ? [sorted[placedAt]!, ...sorted.filter((_, k) => k !== placedAt)] : sorted;
  const best = ranked[0];
  // The runner-up is the best list with another answer: the same items set out again (a table
  // of what a list just named) agree with the best list, they do not rival it.
  const second = best ? ranked.slice(1).find((r) => !sameItems(r.list, best.list)) : undefined;
  // A lone candidate has nothing to beat (its score may be below zero: a missed reference).
  const marginOver = (a: RankedList, b: RankedList | undefined) => (b ? (a.score - b.score) / Math.max(Math.abs(a.score), 1e-9) : 1);
  const rankMargin = best ? marginOver(best, second) : 0;
  // Contested: the ranking cannot separate two strong candidates; a model, when there is one,
  // picks among the top few. Its pick decides which list answers, never whether it is whole.
  const contested = Boolean(best && second && rankMargin < TUNING.listMinMargin && second.score >= TUNING.listMinScore);
  const arbiter = contested ? await arbitrate(ctx, ranked.slice(0, TUNING.arbiterCandidates)) : { pick: null, rejected: null, tokens: 0, llmCalls: 0 };
  const top = arbiter.pick ?? best;
  // A question joining two item nouns takes the list beside the best one that answers the other
  // (conjoined-lists.ts): that list is part of the answer, no rival of it.
  const partner = top && !top.condition ? conjoinedPartner(top, ranked, ctx.u.itemPhrase) : null;
  const rival = (r: RankedList | undefined) => (r && partner && r.list === partner ? ranked.find((x) => x !== top && x.list !== partner && !sameItems(x.list, top!.list)) : r);
  const runner = rival(top === best ? second : best);
  // A model's pick has no margin of its own to show.
  const margin = top === best ? (partner && best ? marginOver(best, runner) : rankMargin) : 0;
  // A family the question names by its label word ("its numbered definitions") is tied to it
  // as a reference would tie it, however few of the other words its members hold; so is a list
  // a reference of the question places ("required in /." for "directly under /").
  // So is a list inside the routed section that its intro announces by the item noun ("The goals
  // of this redesign were ...:") and that holds two of the question's words: a question that sets
  // the scene first ("DocBook was rewritten as a RELAX NG grammar. How many goals ...") has words
  // no list needs to hold.
  // So is one whose intro is little more than the item noun ("Different states:") when it leads
  // the runner-up clearly: the routed section announces it, and no other list comes close.
  const announced = Boolean(top && top.features.noun && top.features.introduced && top.features.inScope && ((top.features.wordsCovered ?? 0) >= 2 || margin >= TUNING.listMinMargin));
  // The list the question was read as a listing for (the routed section's body is that list):
  // it is the reason there is a list to sweep, whatever the question's other words.
  const placed = Boolean(top && fromSection && top.list.id === ctx.sectionList);
  // So is a list of the item noun under a heading that names the question's scope ("the section
  // on 128+ glyph text encodings"): the scope's words are the question's, counted or not.
  const titled = Boolean(top && (top.features.scopeTitled ?? 0) > 0 && (top.features.noun ?? 0) > 0);
  // So is the list that is the body of the section the question was routed to, when its heading
  // or intro names the item noun ("2.4. OPTIONS" over the options, for "which long options ..."):
  // routing placed it by the question's words, and the section holds nothing else.
  const sectionBody = Boolean(top && (top.features.sectionList ?? 0) > 0 && (top.features.noun ?? 0) > 0 && (top.features.inScope ?? 0) > 0);
  // So are the sections around the routed leaf titled by instances of the item noun ("1.1 The
  // System Domain" ... for "which domains"): routing went into one of the members, named as such.
  const memberTitled = Boolean(top && nested.some((n) => n.list === top.list && n.nounTitled));
  // A list stated by count (by the list itself, or on the page before it) is placed by that
  // count when it has as many items, each named by the item noun ("Formula module", ... under
  // "four largely independent modules"): the document says where its members are.
  const countNear = Boolean(top && ctx.cueAt && ctx.cueAt.pageNum >= top.list.pageStart - 1 && ctx.cueAt.pageNum <= top.list.pageEnd);
  const countPlaced = Boolean(top && countNear && (top.features.countMatch ?? 0) > 0 && (top.features.itemsNamed ?? 0) > 0);
  // The placed list is strong by what placed it, whatever its words score.
  const strong = Boolean(top && (placed || memberTitled || (top.score >= TUNING.listMinScore && ((top.features.coverage ?? 0) >= TUNING.listMinCoverage || (top.features.labelNamed ?? 0) > 0 || (top.features.refHits ?? 0) > 0 || announced || titled || sectionBody || countPlaced))));
  const closed = Boolean(top && top.list.sequential && !top.list.gapAfter && top.list.endedBy !== 'end');
  // Tied to the question: not the scope's own level, not outside the scope, and introduced,
  // named by its noun or placed by a reference.
  const tied = Boolean(top && !top.features.scopeIsItem && !top.features.scopeMiss && ((top.features.refHits ?? 0) > 0 || (top.features.introduced ?? 0) > 0 || (top.features.noun ?? 0) > 0));
  const sectionalWins = Boolean(top && sectional && top.list === sectional);
  const nestedWin = top ? nested.find((n) => n.list === top.list) : undefined;
  const wideWin = top ? wide.find((w) => w.list === top.list) : undefined;
  const show = (r: RankedList) => ({ list: r.list === sectional ? `toc:${chain!.variant}` : r.list.subLevelOf !== undefined ? `below:${r.list.subLevelOf}` : r.list.id < 0 ? `toc:${r.list.heading}` : r.list.id, pages: [r.list.pageStart, r.list.pageEnd], items: r.list.items.length, score: r.score, features: r.features, context: r.context, first: r.list.items[0]?.label.slice(0, 60) });
  const useList = Boolean(top && strong && !sectionalWins);
  const covered = Boolean(top && coversQuestion(top.features));
  // A list introduced as the kinds of something ("The three most common types are:") answers
  // what kinds there are; a question that asks for no kinds may want something else of the
  // thing ("what should an agreement cover"), so the list does not prove itself its answer.
  const kindsUnasked = Boolean(top && namesKinds(top.list.intro ?? '') && !namesKinds(ctx.question));
  // A condition the question puts on the members keeps some of them, by their words: never proven.
  const condition = top?.condition;
  const exhaustive = useList && !condition && closed && tied && covered && !kindsUnasked && margin >= TUNING.listMinMargin;
  const by = arbiter.pick ? ' (the model\'s pick)' : '';
  await ctx.tracer.record({
    stage: 'list',
    step: 'candidates',
    input: { lists: lists.length, ranked: ranked.length, chain: chain ? `${chain.strategy}/${chain.variant}` : null },
    // The chain's own answer is shown with its rank even when it is not among the top five.
    output: { top: ranked.slice(0, 5).map(show), chain: sectional ? (() => { const i = ranked.findIndex((r) => r.list === sectional); return i >= 0 ? { rank: i + 1, ...show(ranked[i]!) } : null; })() : null, margin: Math.round(margin * 100) / 100, closed, tied, arbiter: arbiter.pick ? show(arbiter.pick) : null, arbiterRejected: arbiter.rejected },
    decision: !top
      ? 'no candidate lists'
      : sectionalWins
        ? `keep the TOC answer${by} (${chain!.variant}, score ${top.score}, margin ${Math.round(margin * 100)}%)`
        : nestedWin && strong
          ? `use the sub-entries of "${nestedWin.parent.title}"${by} (${nestedWin.items.length} items, score ${top.score}, margin ${Math.round(margin * 100)}%)`
        : wideWin && strong
          ? `use the sub-entries of "${wideWin.parent.title}" that its opening names${by} (${wideWin.children.length} items, score ${top.score}, margin ${Math.round(margin * 100)}%): never proven whole`
        : useList
          ? `use ${top.list.subLevelOf !== undefined ? `the items nested in list ${top.list.subLevelOf}'s items` : `list ${top.list.id}`}${by} (${top.list.items.length} items, score ${top.score}, margin ${Math.round(margin * 100)}%)${exhaustive ? '' : `; not proven whole: ${condition ? `kept the ${condition.members.length} items whose text holds "${condition.said.join(' ')}", read by its words` : !closed ? (!top.list.sequential ? 'its numbering skips a number' : top.list.gapAfter ? 'its numbering goes on after it' : 'list not closed') : !tied ? 'not introduced as the answer' : !covered ? 'the question is only partly about it' : kindsUnasked ? 'its intro lists kinds, which the question does not ask for' : 'runner-up too close'}`}`
          : `best list too weak (score ${top.score}, coverage ${top.features.coverage}): keep ${chain ? `${chain.strategy}/${chain.variant}` : 'the other strategies'}`,
  });
  const cost = { tokens: (chain?.tokens ?? 0) + arbiter.tokens, llmCalls: (chain?.llmCalls ?? 0) + arbiter.llmCalls };
  if (sectionalWins && chain) {
    // The TOC answer stays exhaustive only when no list rivals it. Entries titled by the item
    // noun ("Appendix A", "1 Introduction" for "sections") are tied by their titles; an entry's
    // sub-entries (and an induced code sweep) must earn it like any list.
    // Sub-entries that have sub-entries of their own are one of two levels the question may ask
    // for ("the improvements" of an appendix: its sections, or the run-in parts under them).
    // A question for sections asks for the entries a level below the one it names.
    const twoLevels = !asksSections && chain.variant === 'toc-children' && nested.some((n) => n.parent.parentId === ctx.routed.entry?.id);
    // A sub-entry the question writes whole ("receiver commands" over "5.3 Receiver Commands")
    // is where the items are, not one of them: its siblings and it are not the answer's level.
    const childNamed = chain.variant === 'toc-children' && !namedSections && chain.items.some((i) => titleNamedBy(i.name, ctx.question));
    if (childNamed) chain.detail = { ...chain.detail, childNamed: 'the question names one of the sub-entries itself' };
    const proven = margin >= TUNING.listMinMargin && !childNamed && ((chain.strategy === 'structure' && chain.variant !== 'toc-children') || (strong && tied && covered && !twoLevels) || namedSections);
    if (namedSections) chain.detail = { ...chain.detail, numbered: 'the sub-entries carry the named section\'s number a level down, 1..n' };
    if (twoLevels && !proven) chain.detail = { ...chain.detail, levelsBelow: 'its sub-entries have sub-entries of their own' };
    // Not proven, the TOC answer may still be counted whole by the document's own count, but
    // only when it is tied to the question: two sub-entries of the routed section that do not
    // name the item noun ('Interpreters Names', 'Interpreters Locations') are not the '2
    // separate packages' a sentence there counts.
    return proven ? { ...chain, ...cost } : { ...chain, ...cost, exhaustive: false, relevant: (chain.relevant ?? true) && tied, detail: { ...chain.detail, rival: runner?.list.id ?? null, margin: Math.round(margin * 100) / 100, tied, strong } };
  }
  if (nestedWin && strong) {
    // Sub-entries a level down earn "complete" as the routed entry's own do: tied, covering the
    // question and clearly ahead.
    const proven = strong && tied && covered && !nestedWin.beside && margin >= TUNING.listMinMargin;
    return { strategy: 'structure', variant: 'toc-children', items: nestedWin.items, exhaustive: proven, relevant: tied, detail: { parent: nestedWin.parent.title, level: nestedWin.beside ? 'the routed leaf and its siblings' : 'below the routed entry', score: top!.score, margin: Math.round(margin * 100) / 100, runnerUp: runner?.list.id ?? null, pickedBy: arbiter.pick ? 'llm' : 'ranking' }, ...cost };
  }
  if (wideWin && strong) {
    // Found by the document's own words, not by routing: which list answers is the ranking's
    // call, whether it is whole is not (an opening sentence may name only some of the parts).
    const items = await citeEntries(ctx, wideWin.children);
    return { strategy: 'structure', variant: 'toc-children', items, exhaustive: false, relevant: tied, detail: { parent: wideWin.parent.title, level: 'named by its opening', namedBy: wideWin.namedBy, score: top!.score, margin: Math.round(margin * 100) / 100, runnerUp: runner?.list.id ?? null, pickedBy: arbiter.pick ? 'llm' : 'ranking' }, ...cost };
  }
  if (!top || !useList) {
    // A chain answer that a stronger-looking list rivals is not proven whole either.
    if (chain?.exhaustive && sectional && runner && top && top.list !== sectional) return { ...chain, ...cost, exhaustive: false };
    return chain ? { ...chain, ...cost } : null;
  }
  // The routed part's own enumeration of items labelled by the very noun asked for ("TASK I-1",
  // "TASK I-2" for "the tasks of the Implement step"), swept whole, is not set aside for a list
  // the question is not tied to (outside the part it names, not introduced as what it asks for).
  // Any other enumeration on the routed page may be the wrong one: the ranking decides those.
  const labelWord = chain?.detail.kind === 'label' && typeof chain.detail.style === 'string' ? tokensOf(chain.detail.style)[0] : undefined;
  const labelledByNoun = Boolean(labelWord && ctx.u.itemNounSingular && stem(labelWord) === stem(tokensOf(ctx.u.itemNounSingular).at(-1) ?? ''));
  if (chain?.exhaustive && chain.strategy === 'structure' && chain.variant === 'enumeration' && labelledByNoun && !tied) return { ...chain, ...cost };
  // A list that is ahead only because it has as many items as the document states, stated pages
  // away from it, is picked by the count: the count cannot then confirm it is whole (another
  // list of that size would do). A count stated by the list, or on the page before it, is its own.
  // A count stated pages away from the list (not on its pages or one beside them) counts
  // whatever its own sentence is about ("the component below defines two substitution models",
  // in an example fifteen pages on): that the list has as many items proves nothing of it.
  const countFar = Boolean(ctx.cueAt && (ctx.cueAt.pageNum < top.list.pageStart - 1 || ctx.cueAt.pageNum > top.list.pageEnd + 1));
  const pickedByCount = Boolean((top.features.countScored ?? 0) > 0 && !countNear && runner && top.score - TUNING.listCountWeight <= runner.score);
  // The routed entry's sub-entries, each titled as one of what the question names ("4.1 Set
  // statement" for "kinds of statements"), were swept whole: a list of another size that outranks
  // them is one reading of the question among two, and neither its closing nor a count it meets
  // proves it the one asked for. (Titles in the plural, "Special lists", name groups of them.)
  const phraseStems = new Set(tokensOf(ctx.u.itemPhrase ?? ctx.u.itemNoun ?? '').map(stem));
  const namesOne = (title: string) => {
    const last = tokensOf(title).at(-1) ?? '';
    return phraseStems.has(stem(last)) && !/[^s]s$/.test(last);
  };
  const titledRival = Boolean(chain?.exhaustive && chain.variant === 'toc-children' && chain.items.length >= 2 && chain.items.length !== top.list.items.length && chain.items.every((i) => namesOne(i.name)));
  // Both lists of a question joining two item nouns, whole only when both are closed.
  const joined = partner ? [top.list, partner].sort((a, b) => a.id - b.id) : [top.list];
  const partnerClosed = !partner || (partner.sequential && !partner.gapAfter && partner.endedBy !== 'end');
  return {
    strategy: 'structure',
    variant: 'candidate-list',
    items: joined.flatMap((l) => listItemsAsCandidates(l, lists)).filter((_, k) => !condition || condition.members.includes(k)),
    exhaustive: exhaustive && !titledRival && partnerClosed,
    relevant: tied && !pickedByCount && !titledRival,
    detail: { list: top.list.id, ...(countFar ? { countFar } : {}), ...(partner ? { joinedWith: partner.id } : {}), ...(top.list.subLevelOf !== undefined ? { subLevelOf: top.list.subLevelOf } : {}), score: top.score, margin: Math.round(margin * 100) / 100, runnerUp: runner?.list.id ?? null, endedBy: top.list.endedBy, pickedBy: arbiter.pick ? 'llm' : 'ranking', intro: top.list.intro, kind: top.list.kind, ...(condition ? { condition: condition.said, of: top.list.items.length } : {}) },
    ...cost,
  };
}

/**
 * The sweep's codes kept to the rows of their table that hold the cell value the question names.
 * A value read from the question's words proves no set whole: the verdict is left open.
 */
async function rowsByValue(ctx: StrategyContext, chain: StrategyResult, lists: StoredList[]): Promise<StrategyResult> {
  const split = rowValueSplit(ctx.question, ctx.u.containerCodes ?? [], ctx.u.itemNounSingular, chain.items.map((i) => i.name), lists);
  if (!split) return chain;
  const kept = new Set(split.codes);
  await ctx.tracer.record({ stage: 'list', step: 'row_values', decision: `keep the ${kept.size} of ${chain.items.length} codes whose row in list ${split.list} gives "${split.said.join(' ')}"; not proven whole: a value read from the question's words`, output: { list: split.list, value: split.said, kept: split.codes } });
  return { ...chain, items: chain.items.filter((i) => kept.has(i.name)), exhaustive: false, detail: { ...chain.detail, rowValue: split.said, table: split.list, of: chain.items.length } };
}

/** Two lists of the same items by their names (normalised), whatever their order or layout. */
function sameItems(a: StoredList, b: StoredList): boolean {
  if (a.items.length !== b.items.length) return false;
  const names = (l: StoredList) => new Set(l.items.map((i) => tokensOf(i.label).join(' ')));
  const x = names(a);
  const y = names(b);
  return x.size === y.size && [...x].every((n) => y.has(n));
}

/** TOC-based answers of the structure strategy: sections, not enumerations in the text. */
const SECTIONAL = new Set(['toc-children', 'titled-entries', 'numbered-top-level', 'top-level']);

function asPseudoList(ctx: StrategyContext, r: StrategyResult): StoredList {
  // The entry whose sub-entries these are is the list's own heading; its ancestors are the path.
  const path = ctx.routed.path.map((p) => p.title).join(' > ');
  return entriesAsList(String(r.detail.parent ?? ctx.routed.entry?.title ?? ''), ctx.routed.entry?.id ?? null, path, r.items, -1);
}

/** Where a document states how many items there are: the routed section first, then keyword hits. */
async function cardinalityLines(ctx: StrategyContext): Promise<LineRow[]> {
  const extra = ctx.u.itemNoun ? await keywordLines(ctx.db, ctx.documentId, [ctx.u.itemNoun, ...ctx.u.keywords.slice(0, 3)], 200) : [];
  const byId = new Map<number, LineRow>();
  // Lines around each hit too: a count often wraps onto the next line.
  for (const l of [...ctx.regionLines.slice(0, 400), ...extra]) byId.set(l.id, l);
  // A heading's number is its section's ("3 Status codes"), never a count of what it names.
  const headings = new Set((await routableEntries(ctx.db, ctx.documentId)).map((e) => `${e.pageStart}:${e.lineStart}`));
  return [...byId.values()].filter((l) => !(/^\s*\d/.test(l.text) && headings.has(`${l.pageNum}:${l.lineNum}`))).sort((a, b) => a.pageNum - b.pageNum || a.lineNum - b.lineNum);
}

/**
 * TOC children titled by codes ("MANAGE 1.1: ...") are only as complete as the TOC's deepening.
 * When one regex sweep finds every one of those codes and more, the sweep is the better list.
 */
async function preferFullerCodeSweep(ctx: StrategyContext, r: StrategyResult): Promise<StrategyResult | null> {
  if (r.strategy !== 'structure' || r.variant !== 'toc-children') return null;
  const codeOf = (name: string) => {
    for (const shape of CODE_SHAPES) {
      const m = new RegExp(`^${shape.find.source}`).exec(name);
      if (m) return m[0];
    }
    return null;
  };
  const codes = r.items.map((i) => codeOf(i.name)).filter((c): c is string => c !== null);
  if (codes.length < 2) return null;
  const sweep = await patternStrategy(ctx);
  const swept = new Set(sweep.items.map((i) => i.name));
  const shapeCodes = codes.filter((c) => sweep.items.length && new RegExp(`^${String(sweep.detail.regex)}$`).test(c));
  const better = sweep.items.length > r.items.length && shapeCodes.length >= 2 && shapeCodes.every((c) => swept.has(c));
  await ctx.tracer.record({
    stage: 'list',
    step: 'cross-check',
    strategy: 'pattern',
    input: { tocChildren: r.items.length, codedChildren: codes.length },
    output: { swept: sweep.items.length, regex: sweep.detail.regex ?? null },
    decision: better ? `use the pattern sweep: ${sweep.items.length} codes include all ${shapeCodes.length} coded TOC children` : 'keep the TOC children',
  });
  return better ? sweep : null;
}

/**
 * "17 chapters" says nothing about the sections of one chapter: a counted noun that the question
 * uses for something other than its items (the container, "the V6 … chapter") is not their count.
 */
function countsTheContainer(noun: string, ctx: StrategyContext): boolean {
  const cueHead = stem(tokensOf(noun).at(-1) ?? '');
  const itemWords = tokensOf(`${ctx.u.itemPhrase ?? ''} ${ctx.u.itemNoun ?? ''} ${ctx.u.itemNounSingular ?? ''}`).map(stem);
  if (!cueHead || itemWords.includes(cueHead)) return false;
  return tokensOf(ctx.question).map(stem).includes(cueHead);
}

/**
 * "7 manual page lists" counts another kind of list than "the core Debian mailing lists": the
 * cue qualifies the head noun the question names, but with words the question does not use,
 * while the question qualifies it with its own. An unqualified count ("seven steps") or one
 * sharing a qualifier ("six RMF steps") may be of the items.
 */
function countsAnotherKind(noun: string, ctx: StrategyContext): boolean {
  const head = stem(tokensOf(ctx.u.itemNounSingular ?? ctx.u.itemNoun ?? '').at(-1) ?? '');
  const qualifiers = (words: string[]) => words.filter((w) => !DETERMINERS.has(w) && parseNumberWord(w) === null && /\p{L}{2}/u.test(w)).map(stem);
  const cue = tokensOf(noun);
  const at = cue.findIndex((w) => stem(w) === head);
  if (!head || at <= 0) return false;
  const phrase = tokensOf(ctx.u.itemPhrase ?? '');
  const own = qualifiers(phrase.slice(0, Math.max(0, phrase.findIndex((w) => stem(w) === head))));
  const theirs = qualifiers(cue.slice(0, at));
  if (!own.length || !theirs.length) return false;
  const asked = new Set([...own, ...ctx.u.keywords.map(stem)]);
  return !theirs.some((w) => asked.has(w));
}

/**
 * "Which other methods are ResNets compared against?": the question names the item the others
 * are set against, so an item of that name (a short name whose words are all the question's) is
 * the reference, not an answer. When the list's own intro says "other" before the same word
 * ("The following are the other key definitions we use"), the question repeats the document's
 * words: nothing is set against the items, and none is dropped.
 */
function othersOnly(question: string, items: Candidate[], intro: string | null): Candidate[] {
  const other = /\b(?:which|what|any|the)\s+other\s+(\p{L}+)/iu.exec(question);
  if (!other) return items;
  const echoed = intro !== null && [...intro.matchAll(/\bother\s+(\p{L}+)/giu)].some((m) => stem(m[1]!.toLowerCase()) === stem(other[1]!.toLowerCase()));
  if (echoed) return items;
  const asked = new Set(tokensOf(question).map(stem));
  const named = (c: Candidate) => {
    const words = tokensOf(c.name.replace(/\[[^\]]*\]|\([^)]*\)/g, ' ')).map(stem);
    return words.length > 0 && words.length <= 3 && words.every((w) => asked.has(w));
  };
  const kept = items.filter((c) => !named(c));
  return kept.length >= 1 ? kept : items;
}
