import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LlmSchemaError, LlmUnavailableError, NotFoundError } from '../errors.ts';
import { Llm } from '../llm/index.ts';
import { runListing } from '../listing/dispatch.ts';
import { answerIntroducesList, probeListingIntent, sectionBodyListId, sectionListIntent, type IntentProbe } from '../listing/probe-intent.ts';
import { loadLists } from '../listing/candidates.ts';
import { decideCompleteness } from '../listing/completeness.ts';
import { routeToc, type RoutedSection } from '../route/route-toc.ts';
import { loadLines, nextEntryAfter } from '../sql/load-lines.ts';
import { loadQuestion, storeAnswer } from '../sql/store-answer.ts';
import { Tracer } from '../trace/tracer.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { Limiter } from '../llm/redis-rate-limiter.ts';
import { answerFactual } from './factual.ts';
import { answerText } from './render.ts';
import type { Answer, FactualAnswer, ListingAnswer } from './types.ts';
import type { LineRow } from '../db/rows.ts';
import { understandQuestion, type Understanding } from '../question/understand.ts';
import { verifyItemCitations } from './verify-citations.ts';
import { checkClassifierReply } from '../question/check-classifier.ts';
import { modelText, traceRejection } from '../llm/untrusted.ts';
import { stem, tokensOf } from '../text/text-match.ts';
import { stripNumbering } from '../toc/numbering.ts';

const ClassifySchema = z.object({
  intent: z.enum(['listing', 'count', 'factual']),
  item_noun: z.string().nullable(),
  scope: z.string().nullable(),
});

/** What the question pipeline runs with; the answer worker hands it over. */
export interface AnswerDeps {
  config: Config;
  log: Logger;
  db: Db;
  runId: string;
  /** Shared by every worker process when Redis is configured; per process otherwise. */
  llmLimiter?: Limiter;
}

/**
 * The question pipeline: understand -> route (one TOC level at a time) -> list or answer ->
 * verify -> store. Every stage writes trace rows; the answer records which path produced it.
 */
export async function answerQuestion(deps: AnswerDeps, questionId: number, opts: { noCache: boolean }): Promise<Answer> {
  const t0 = performance.now();
  const q = await loadQuestion(deps.db, questionId);
  if (!q) throw new NotFoundError('not_found', `question ${questionId} does not exist`, { questionId });
  await deps.db.execute(sql`update questions set status = 'answering' where id = ${questionId}`);
  await deps.db.execute(sql`delete from pipeline_trace where question_id = ${questionId}`);
  const tracer = new Tracer(deps.db, q.run_id, { questionId, documentId: q.document_id });
  const llm = Llm.fromConfig(deps.config, { noCache: opts.noCache, rateLimiter: deps.llmLimiter, logger: deps.log });
  const llmCtx = { runId: q.run_id, questionId };
  let tokens = 0;
  let llmCalls = 0;

  let u = withoutDocumentWords(await understand(deps, q.text, llm, tracer, llmCtx, (t, c) => ((tokens += t), (llmCalls += c))), q);
  // The structure model's lists, read once: the intent probes and the listing run all rank them.
  const lists = await loadLists(deps.db, q.document_id);
  const probe = probeListingIntent(lists, q.text, u);
  if (u.intent === 'factual') await tracer.record({ stage: 'understand', step: 'intent_from_document', output: probe, decision: probe.listing ? `listing: ${probe.reason}` : `factual: ${probe.reason}` });
  if (probe.listing) u = { ...u, intent: 'listing', signals: [...u.signals, 'intent-from-document'] };
  await deps.db.execute(sql`update questions set understanding = ${JSON.stringify(u)}::jsonb where id = ${questionId}`);

  const routed = await routeToc({
    db: deps.db,
    documentId: q.document_id,
    pageCount: q.page_count,
    question: q.text,
    query: { intent: u.intent, keywords: u.keywords, codes: u.codes, phrases: u.phrases, scope: u.scope, sectionRef: u.sectionRef, itemNoun: u.itemNoun, itemNounSingular: u.itemNounSingular, itemPhrase: u.itemPhrase, negated: u.negated ?? false, variants: u.keywordVariants, numbers: u.numbers ?? [], countedNoun: u.countedNoun ?? null },
    maxSectionLines: deps.config.DOCINTEL_SECTION_MAX_LINES,
    tracer,
    llm,
    llmCtx,
  });
  tokens += routed.tokens;
  llmCalls += routed.llmCalls;
  const regionLines = await readSection(deps, q.document_id, routed);
  await tracer.record({
    stage: 'route',
    step: 'read_section',
    output: { title: routed.entry?.title ?? '(whole document)', pages: [routed.pageStart, routed.pageEnd], lines: regionLines.length, path: routed.path.map((p) => p.title) },
    decision: routed.reason,
  });
  const section = routed.entry ? { title: routed.entry.title, pageStart: routed.pageStart, pageEnd: routed.pageEnd } : null;
  let sectionList: number | null = null;
  let namedItem: IntentProbe['namedItem'] = undefined;
  const body = regionLines.reduce((a, l) => a + l.text.length, 0);
  if (u.intent === 'factual' && section) {
    let landed = sectionListIntent(u, { ...section, id: routed.entry!.id }, body, lists);
    // Or one list inside the landed section answers it clearly (introduced, covering the question).
    if (!landed.listing) {
      const inner = probeListingIntent(lists, q.text, u, routed.entry!.id);
      if (inner.listing) landed = { ...inner, reason: `in "${section.title}": ${inner.reason}` };
    }
    namedItem = landed.namedItem;
    await tracer.record({ stage: 'understand', step: 'intent_from_section', output: landed, decision: landed.listing ? `listing: ${landed.reason}` : `factual: ${landed.reason}` });
    if (landed.listing) {
      u = { ...u, intent: 'listing', signals: [...u.signals, 'intent-from-section'] };
      sectionList = landed.list;
      await deps.db.execute(sql`update questions set understanding = ${JSON.stringify(u)}::jsonb where id = ${questionId}`);
    }
  } else if (section) {
    // A listing routed to a section that is one list reads that list as the section's own.
    sectionList = sectionBodyListId({ ...section, id: routed.entry!.id }, body, lists);
  }

  let answer: Answer | null = null;
  let strategy: string | null = null;
  if (u.intent === 'factual') {
    const lines = namedItem ? itemLines(regionLines, namedItem) : regionLines;
    if (namedItem && lines !== regionLines) await tracer.record({ stage: 'route', step: 'read_item', output: { code: namedItem.code, page: namedItem.pageNum, lines: lines.length }, decision: `read item ${namedItem.code} whole (p.${namedItem.pageNum}), the part of the section the question names` });
    const draft = await answerFactual({ db: deps.db, question: q.text, u, lines, namedItem: namedItem && lines !== regionLines ? namedItem.text : undefined, llm, tracer, llmCtx, evidence: routed.evidence });
    tokens += draft.tokens;
    llmCalls += draft.llmCalls;
    // The extract stops at a sentence that introduces a list: the list is the answer.
    const introduced = namedItem || draft.notFound ? null : answerIntroducesList(u, draft.answer, lists, routed);
    if (introduced) await tracer.record({ stage: 'understand', step: 'intent_from_answer', output: introduced, decision: introduced.listing ? `listing: ${introduced.reason}` : `factual: ${introduced.reason}` });
    if (introduced?.listing) {
      u = { ...u, intent: 'listing', signals: [...u.signals, 'intent-from-answer'] };
      sectionList = introduced.list;
      await deps.db.execute(sql`update questions set understanding = ${JSON.stringify(u)}::jsonb where id = ${questionId}`);
    } else {
      strategy = 'routing';
      answer = factualAnswer(q.text, draft, section, routed.usedLlm);
    }
  }
  if (!answer) {
    const outcome = await runListing({
      db: deps.db,
      documentId: q.document_id,
      pageCount: q.page_count,
      question: q.text,
      u,
      routed,
      regionLines,
      tracer,
      llm,
      runId: q.run_id,
      questionId,
      maxIterations: deps.config.DOCINTEL_LIST_MAX_ITERATIONS,
      sectionList,
    }, lists);
    tokens += outcome.result.tokens;
    llmCalls += outcome.result.llmCalls;
    const verified = await verifyItemCitations(deps.db, q.document_id, outcome.items);
    await tracer.record({
      stage: 'verify',
      step: 'citations',
      output: { kept: verified.items.length, dropped: verified.dropped },
      decision: verified.dropped.length ? `dropped ${verified.dropped.length} item(s) without a resolvable citation` : 'every item cites a stored line containing its quote',
    });
    strategy = outcome.result.strategy;
    const usedLlm = outcome.result.variant === 'llm-loop' || outcome.result.detail.pickedBy === 'llm' || routed.usedLlm;
    // Dropped items change the count the verdict was based on: decide again on what is left.
    const redecided = verified.dropped.length ? decideCompleteness(outcome.result, verified.items.length, outcome.cue, routed) : outcome.verdict;
    const verdict =
      verified.dropped.length && redecided.isComplete && redecided.source === 'structure'
        ? { ...redecided, isComplete: null, source: 'unknown' as const, reason: `${redecided.reason}; but ${verified.dropped.length} item(s) lacked evidence and were dropped` }
        : redecided;
    const listing: ListingAnswer = {
      kind: u.intent === 'count' ? 'count' : 'listing',
      question: q.text,
      items: verified.items.map((it) => ({
        name: it.name,
        surfaceForms: [...new Set([it.name, ...it.surfaceForms])],
        code: it.code ?? null,
        citations: it.verified,
        confidence: it.confidence ?? 0.7,
      })),
      count: verified.items.length,
      isComplete: verdict.isComplete,
      completenessSource: verdict.source,
      completenessReason: verdict.reason,
      statedCount: verdict.statedCount,
      strategy: `${outcome.result.strategy}/${outcome.result.variant}`,
      section,
      notFound: verdict.statedCount !== null && verdict.statedCount > verified.items.length ? [`${verdict.statedCount - verified.items.length} item(s) the document counts but does not name where they could be found`] : [],
      notes: [
        `strategies tried: ${outcome.tried.map((t) => `${t.strategy}/${t.variant}=${t.items}`).join(', ')}`,
        ...(outcome.result.variant.startsWith('deterministic') ? ['semantic extraction ran without an LLM (deterministic extractor)'] : []),
      ],
      path: usedLlm ? (outcome.result.variant === 'llm-loop' && routed.usedLlm ? 'llm' : 'mixed') : 'deterministic',
    };
    // Every strategy came back empty (none found a list to sweep; "no family lacks the part" is a
    // list swept and found empty, an answer): the routed section's best sentences are the answer,
    // given as what they are, a factual extract that claims nothing about a list.
    if (verified.items.length > 0 || outcome.result.variant !== 'none') answer = listing;
    else {
      const draft = await answerFactual({ db: deps.db, question: q.text, u, lines: regionLines, llm, tracer, llmCtx, evidence: routed.evidence });
      tokens += draft.tokens;
      llmCalls += draft.llmCalls;
      const why = `no items found (${listing.notes[0]}): answered with the routed section's sentences`;
      await tracer.record({ stage: 'answer', step: 'fallback_factual', output: { strategy, notFound: draft.notFound, citations: draft.citations.length }, decision: why });
      strategy = 'routing';
      answer = factualAnswer(q.text, { ...draft, notes: [why, ...draft.notes] }, section, routed.usedLlm);
    }
  }
  const durationMs = performance.now() - t0;
  await tracer.record({ stage: 'answer', step: 'stored', output: { kind: answer.kind, path: answer.path }, tokens: 0, decision: answerText(answer).slice(0, 300), durationMs });
  await storeAnswer(deps.db, questionId, answer, answerText(answer), { strategy, tokens, llmCalls, durationMs });
  return answer;
}

/** A factual extract as the stored answer; its path says whether a model took part in routing or reading. */
function factualAnswer(question: string, draft: Awaited<ReturnType<typeof answerFactual>>, section: FactualAnswer['section'], routedByLlm: boolean): FactualAnswer {
  return {
    kind: 'factual',
    question,
    answer: draft.answer,
    notFound: draft.notFound,
    citations: draft.citations,
    confidence: draft.confidence,
    section,
    notes: draft.notes,
    path: draft.path === 'llm' || routedByLlm ? (draft.path === 'llm' && routedByLlm ? 'llm' : 'mixed') : 'deterministic',
  };
}

/**
 * Words that name the document itself ("ASVS" in a question about the ASVS, "SP 800-171" in a
 * question about SP 800-171) occur everywhere in it and cannot tell one section from another:
 * routing ignores them, as keywords, codes, phrases and scope alike. A code or phrase names the
 * document when every one of its tokens is a token of the file name or title and one of them
 * holds a letter (so a bare section number like "5.0" is never mistaken for a version number).
 */
export function withoutDocumentWords(u: Understanding, q: { file_name: string; title: string | null; title_entry?: string | null; text?: string; headings?: string[] }): Understanding {
  const name = `${q.title ?? ''} ${q.file_name.replace(/\.pdf$/i, '').replace(/[-_]/g, ' ')}`;
  const docWords = new Set(tokensOf(name).map(stem));
  // "171r2" in a file name is the tokens 171 and r2: split letter/digit boundaries too. The entry
  // that opens the document on its first page is its name as printed ("NIST SP 800-171 Rev. 2"):
  // it can name the document for codes and scope, though its words may be any section's words.
  // Through that entry only a numbered name counts ("SP 800-171 Rev", never "Introduction").
  const docTokens = new Set(nameTokens(name));
  const printed = new Set([...docTokens, ...nameTokens(q.title_entry ?? '')]);
  const namesDocument = (s: string) => {
    const t = nameTokens(s);
    if (!t.length || !t.some((x) => /[a-z]/.test(x))) return false;
    return t.every((x) => docTokens.has(x)) || (t.some((x) => /\d/.test(x)) && t.every((x) => printed.has(x)));
  };
  // A question that writes out the document's printed name ("the NFIP Residential Condominium
  // Building Association Policy") names the document with each of those words.
  for (const w of namedByTitle(q.text ?? '', `${q.title ?? ''}\n${q.title_entry ?? ''}`)) docWords.add(stem(w));
  // So does an acronym in capitals that spells a run of its name's words ("FHS" of the
  // "filesystem-hierarchy-standard-3.0.pdf").
  for (const a of acronymsNamed(q.text ?? '', name)) docWords.add(stem(a));
  // "Section 3, Deep Residual Learning": a paper may title a section with its own name's words.
  // The whole title of a heading the question writes names that heading: a phrase for routing.
  // Of its words, those the document's name writes stay out of the keywords (common to the whole
  // document); a word only alike in stem ("Access Control" in "Controlled ... Information") stays.
  const named = namedHeadings(q.text ?? '', q.headings ?? [], q.title_entry ?? '');
  const namedWords = new Set(named.flatMap((h) => h.split(' ')));
  const written = new Set(tokensOf(name));
  // A file named after two things, each titling a section of its own ("btrecord-btreplay-
  // guide.pdf": "3.1 btrecord Command Line Options", "3.2 btreplay Command Line Options"): each of
  // those name words names one section, not the whole document. (A long printed title names
  // many things; the file's name only what the document is of.)
  const parts = partNames(q.headings ?? [], new Set(tokensOf(q.file_name.replace(/\.pdf$/i, '').replace(/[-_]/g, ' '))));
  // A name joined by hyphens ("apt-cacher-ng" of "apt-cacher-ng-user-manual.pdf") is one keyword
  // whose parts are the name's words: a word of the document's name as each part is.
  const docWord = (k: string) => docWords.has(stem(k)) || (k.includes('-') && k.split('-').every((p) => p && docWords.has(stem(p))));
  const keptBase = (k: string) => !docWord(k) || (namedWords.has(k.toLowerCase()) && !written.has(k.toLowerCase())) || parts.has(k.toLowerCase());
  // When the document's name holds nearly all the question's other words ("what kinds of files
  // make up a debug and trace snapshot?" of the "Debug and Trace Snapshot File Format"), the item
  // phrase is all that is left to find the list by: its words stay. Otherwise they go as any
  // name word does (they are everywhere in the document).
  const noun = new Set(tokensOf(`${u.itemNoun ?? ''} ${u.itemNounSingular ?? ''} ${u.itemPhrase ?? ''}`).map(stem));
  const others = u.keywords.filter((k) => keptBase(k) && !noun.has(stem(k)));
  const kept = u.keywords.filter((k) => keptBase(k) || (others.length < 2 && noun.has(stem(k))));
  const codes = u.codes.filter((c) => !namesDocument(c));
  // A markup name ("<registry>") is the literal name of an element, never the document's.
  const phrases = [...new Set([...u.phrases.filter((p) => p.startsWith('<') || !namesDocument(p)), ...named])];
  // "SP 800-171" in a question about SP 800-171 names the document, and so do its numbers.
  const numbers = u.numbers?.filter((n) => !printed.has(n));
  // "the RCBAP's Increased Cost ..." : a scope that opens with the document's name is the rest.
  const scope = u.scope && namesDocument(u.scope) ? null : u.scope ? withoutLeadingName(u.scope, namesDocument) : u.scope;
  const changed = (kept.length && kept.length < u.keywords.length) || codes.length < u.codes.length || phrases.length !== u.phrases.length || scope !== u.scope || (numbers?.length ?? 0) < (u.numbers?.length ?? 0);
  if (!changed) return u;
  return { ...u, keywords: kept.length ? kept : u.keywords, codes, phrases, scope, ...(numbers ? { numbers } : {}), signals: [...u.signals, 'dropped-document-words'] };
}

/**
 * The words of the file's name that tell sibling headings apart where the headings are
 * otherwise the same ("3.1 btrecord Command Line Options", "3.2 btreplay Command Line Options":
 * btrecord, btreplay). Their numbers aside, headings of three words or more that differ in one
 * word only, two of those words at least being the name's.
 */
function partNames(headings: string[], name: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const byTemplate = new Map<string, Set<string>>();
  for (const h of headings) {
    const words = tokensOf(h.replace(/^\s*[\d.]+\s+/, '')).filter((w) => !/^\d/.test(w));
    if (words.length < 3) continue;
    words.forEach((w, i) => {
      const key = [...words.slice(0, i), '*', ...words.slice(i + 1)].join(' ');
      byTemplate.set(key, (byTemplate.get(key) ?? new Set()).add(w));
    });
  }
  for (const ws of byTemplate.values()) {
    const named = [...ws].filter((w) => name.has(w));
    if (named.length >= 2) for (const w of named) out.add(w);
  }
  return out;
}

/** Acronyms the question writes in capitals (three letters or more) that spell three to six consecutive words of a name, lower-cased. */
function acronymsNamed(question: string, name: string): string[] {
  const words = tokensOf(name).filter((w) => /^\p{L}+$/u.test(w));
  const spelled = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let n = 3; n <= 6 && i + n <= words.length; n++) spelled.add(words.slice(i, i + n).map((w) => w[0]).join(''));
  return [...question.matchAll(/(?<![\p{L}\p{N}])\p{Lu}{3,6}(?![\p{L}\p{N}])/gu)].map((m) => m[0].toLowerCase()).filter((a) => spelled.has(a));
}

/** A scope without the words at its start that name the document ("RCBAP's", "the ASVS"). */
function withoutLeadingName(scope: string, namesDocument: (s: string) => boolean): string {
  const words = scope.split(/\s+/);
  let i = 0;
  while (i < words.length - 1 && (namesDocument(words[i]!.replace(/['’]s$/i, '')) || /^the$/i.test(words[i]!))) i++;
  return i > 0 && words.slice(0, i).some((w) => !/^the$/i.test(w)) ? words.slice(i).join(' ') : scope;
}

/** Question words inside a run of three or more consecutive words of a title, in order. */
function namedByTitle(question: string, titles: string): string[] {
  const qt = tokensOf(question);
  const out: string[] = [];
  for (const title of titles.split('\n')) {
    const tt = tokensOf(title);
    for (let i = 0; i < qt.length; i++) {
      for (let j = 0; j < tt.length; j++) {
        let n = 0;
        while (i + n < qt.length && j + n < tt.length && qt[i + n] === tt[j + n]) n++;
        if (n >= 3) out.push(...qt.slice(i, i + n));
      }
    }
  }
  return out;
}

/** The headings whose whole title (two words at least, numbering aside) the question writes, as those words; the document's own title entry aside. */
function namedHeadings(question: string, headings: string[], titleEntry: string): string[] {
  const qt = tokensOf(question);
  const own = new Set(titleEntry.split('\n').map((t) => tokensOf(t).join(' ')));
  const out: string[] = [];
  for (const h of headings) {
    const ht = tokensOf(stripNumbering(h));
    if (ht.length < 2 || own.has(tokensOf(h).join(' '))) continue;
    for (let i = 0; i + ht.length <= qt.length; i++) {
      if (ht.every((t, k) => qt[i + k] === t)) out.push(ht.join(' '));
    }
  }
  return out;
}

function nameTokens(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])/)
    .filter(Boolean);
}

async function understand(
  deps: AnswerDeps,
  text: string,
  llm: Llm | null,
  tracer: Tracer,
  llmCtx: { runId: string; questionId: number },
  add: (tokens: number, calls: number) => void,
): Promise<Understanding> {
  const u = understandQuestion(text);
  await tracer.record({ stage: 'understand', step: 'rules', output: u, decision: `${u.intent} (confidence ${u.confidence})`, keywordsAfter: u.keywords });
  if (!llm || u.confidence >= 0.6) return u;
  try {
    const res = await llm.structured(
      { db: deps.db, runId: llmCtx.runId, questionId: llmCtx.questionId, tracer },
      {
        purpose: 'classify',
        schemaName: 'question_intent',
        schema: ClassifySchema,
        system: 'Classify the question: listing (asks for every item of a kind), count (how many), or factual. Give the item noun and the scope it is restricted to, if any. Reply JSON only.',
        user: text,
      },
    );
    add(res.tokens.prompt + res.tokens.completion, res.attempts);
    const checked = checkClassifierReply(text, res.value);
    for (const r of checked.rejected) {
      await traceRejection(tracer, { stage: 'understand', check: `classifier_${r.field}`, why: r.why, fallback: `keep the rules' ${r.field === 'scope' ? 'scope' : 'item noun'}`, reply: res.value });
    }
    const merged: Understanding = { ...u, intent: res.value.intent, itemNoun: checked.itemNoun ?? u.itemNoun, scope: checked.scope ?? u.scope, signals: [...u.signals, 'llm-classifier'] };
    await tracer.record({ stage: 'understand', step: 'llm_classifier', output: { intent: res.value.intent, itemNoun: merged.itemNoun, scope: merged.scope, modelReply: { item_noun: res.value.item_noun && modelText(res.value.item_noun), scope: res.value.scope && modelText(res.value.scope) } }, decision: `${merged.intent} (llm)` });
    return merged;
  } catch (e) {
    if (!(e instanceof LlmSchemaError || e instanceof LlmUnavailableError)) throw e;
    await tracer.record({ stage: 'understand', step: 'fallback', decision: `keep rule-based intent (llm failed: ${e.code})` });
    return u;
  }
}

/**
 * The routed section's lines: from its heading (when the TOC located it) to just before the
 * next entry that is not inside it, which may sit part-way down a later page.
 */
async function readSection(deps: AnswerDeps, documentId: number, routed: RoutedSection): Promise<LineRow[]> {
  const entry = routed.entry;
  if (!entry) return loadLines(deps.db, documentId, routed.pageStart, routed.pageEnd);
  const next = await nextEntryAfter(deps.db, documentId, entry.id, entry.level);
  const endPage = next && next.line_start && next.page_start > entry.pageEnd ? next.page_start : routed.pageEnd;
  const lines = await loadLines(deps.db, documentId, routed.pageStart, endPage);
  const start = entry.lineStart ?? 0;
  const before = (p: number, n: number, q: number, m: number) => p < q || (p === q && n < m);
  const stop = next?.line_start && before(routed.pageStart, start, next.page_start, next.line_start) ? { page: next.page_start, line: next.line_start } : null;
  return lines.filter((l) => !before(l.pageNum, l.lineNum, routed.pageStart, start) && (!stop || before(l.pageNum, l.lineNum, stop.page, stop.line)));
}

/**
 * The lines of one item of a list in the section read: from its first line up to the next item's
 * (the whole section when the item's lines are not among them).
 */
function itemLines<L extends { pageNum: number; lineNum: number }>(lines: L[], item: NonNullable<IntentProbe['namedItem']>): L[] {
  const at = (l: L, p: { pageNum: number; lineNum: number }) => l.pageNum - p.pageNum || l.lineNum - p.lineNum;
  const out = lines.filter((l) => at(l, item) >= 0 && (!item.next || at(l, item.next) < 0));
  return out.length ? out : lines;
}
