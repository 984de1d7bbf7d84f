import { regexSweep } from '../../sql/load-lines.ts';
import { identifierHeadings } from '../../sql/identifier-headings.ts';
import { askedRun } from '../run-asked.ts';
import { linesAfter } from '../../sql/lines-beside.ts';
import { wholeText } from '../continuation.ts';
import type { LineRow } from '../../db/rows.ts';
import { containsPhrase, stem, tokensOf } from '../../text/text-match.ts';
import { cite, type Candidate, type StrategyContext, type StrategyResult } from '../strategy-types.ts';
import { CODE_SHAPES, shapeOfCode, upperLevelOf, type CodeShape } from './code-shapes.ts';
import { CAPITAL_WORD, childrenOf, DASH_LETTERS, escapeRegex, DOT_LETTERS, DOTTED_DASH_LETTERS, opensWithCode, OPTION, WILDCARD } from '../../lexicon/identifiers.ts';
import { OPTION_NOUNS } from '../../lexicon/english.ts';

interface Induced {
  /** The shape generalised from, when the regex came from one. */
  shape?: CodeShape;
  regex: string;
  prefix: string | null;
  source: string;
  /** The family was guessed from one code, not asked for: its sweep proves nothing whole. */
  guess?: boolean;
  /** A letter prefix the swept codes may carry or not (one code for both forms). */
  optionalPrefix?: string;
}

/**
 * Pattern: one regex over every line of the document. The regex comes from a code in the
 * question, or is induced from the identifiers in the routed region, with the anchor prefix
 * (GV under GOVERN) kept literal when the scope names it.
 */
export async function patternStrategy(ctx: StrategyContext): Promise<StrategyResult> {
  const induced = (await fromContainer(ctx)) ?? fromQuestion(ctx) ?? (await fromNounNumber(ctx)) ?? fromOptionNoun(ctx) ?? (await fromRegion(ctx)) ?? (await fromDocument(ctx));
  if (!induced) return empty({ reason: 'no identifier shape in the question or the routed region' });
  const lines = await regexSweep(ctx.db, ctx.documentId, induced.regex);
  const re = new RegExp(`(?<![A-Za-z0-9.])${induced.regex}(?![A-Za-z0-9]|\\.\\d)`, 'g');
  const byCode = new Map<string, { lines: LineRow[]; defining: LineRow | null; title: string | null; forms: Map<string, number> }>();
  for (const l of lines) {
    for (const m of l.text.matchAll(re)) {
      // A prefix the children may go with or without ("V7.4" holds "7.4.1") makes one code of
      // both forms; the name is the form the document writes most (see below).
      const code = induced.optionalPrefix && m[0].startsWith(induced.optionalPrefix) ? m[0].slice(induced.optionalPrefix.length) : m[0];
      const entry = byCode.get(code) ?? { lines: [], defining: null, title: null, forms: new Map<string, number>() };
      entry.lines.push(l);
      // The defining occurrence is "CODE: title" or "CODE title" at the start of a line.
      const after = l.text.slice((m.index ?? 0) + m[0].length);
      entry.forms.set(m[0], (entry.forms.get(m[0]) ?? 0) + 1);
      if (!entry.defining && (m.index ?? 0) <= 4 && /^\s*[:.)]?\s+\S/.test(after)) {
        entry.defining = l;
        entry.title = after.replace(/^\s*[:.)]?\s*/, '').trim() || null;
      }
      byCode.set(code, entry);
    }
  }
  let codes = [...byCode.keys()];
  // Without a literal prefix, a specific routed section narrows the sweep to the codes it holds.
  let narrowed = false;
  if (!induced.prefix && ctx.routed.entry) {
    const inRegion = new Set(ctx.regionLines.flatMap((l) => [...l.text.matchAll(re)].map((m) => m[0])));
    const kept = codes.filter((c) => inRegion.has(c));
    // Options are read where the routed section mentions them, never over the whole document.
    if ((kept.length >= 2 && kept.length < codes.length) || induced.source === 'option-noun') {
      codes = kept;
      narrowed = true;
    }
  }
  codes.sort(naturalCompare);
  // Each code's whole text: its defining line and the lines that carry it on.
  const defining = codes.map((c) => byCode.get(c)!.defining).filter((l): l is LineRow => l !== null);
  const after = await linesAfter(ctx.db, ctx.documentId, defining.map((l) => l.id), 6);
  const startsCode = opensWithCode(induced.regex);
  const items: Candidate[] = codes.map((code) => {
    const e = byCode.get(code)!;
    const first = e.defining ?? e.lines[0]!;
    const others = e.lines.filter((l) => l !== first).slice(0, 2);
    // The form the document writes most often ("V3.1" in headings and references, "3.1" once
    // on the contents page), the earlier on a tie.
    const name = [...e.forms.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    // The defining line carried on over the lines after it: the item's whole text as written.
    const whole = e.defining && e.title ? wholeText(e.defining, after.get(e.defining.id) ?? [], (t) => startsCode.test(t)) : null;
    const surface = whole ? [name, whole] : e.title ? [name, `${name}: ${e.title}`] : [name];
    // Each line is cited at the form it writes; a code too short to be evidence on its own (an
    // option "-h") is cited by its whole line, which the evidence rule accepts as it stands.
    const quote = (l: LineRow) => {
      const form = l.text.includes(name) ? name : code;
      return form.replace(/\s/g, '').length >= 3 ? form : l.text;
    };
    return { name, code: name, surfaceForms: surface, citations: [cite(first, quote(first)), ...others.map((l) => cite(l, quote(l)))], confidence: 0.95 };
  });
  const exhaustive = items.length > 0 && !induced.guess && (induced.source !== 'question-container' || runsFromOne(codes.map(lastNumber)));
  // The run of the codes the question names by its heading's own word (run-asked.ts). The runs
  // part a sequence proven whole, each up to the next heading: the run is as whole as the sweep.
  const headings = await identifierHeadings(ctx.db, ctx.documentId, codes);
  const run = askedRun(ctx.question, ctx.u.itemNounSingular, codes.map((c) => {
    const at = byCode.get(c)!.defining;
    return at ? (headings.get(`${c}@${at.pageNum}:${at.lineNum}`) ?? null) : null;
  }));
  if (run) await ctx.tracer.record({ stage: 'list', step: 'run', strategy: 'pattern', decision: `keep the ${run.members.length} of ${codes.length} codes under the heading "${run.heading}", named by the question`, output: { heading: run.heading, kept: run.members.map((k) => codes[k]), of: codes.length } });
  return {
    strategy: 'pattern',
    variant: induced.source,
    items: run ? run.members.map((k) => items[k]!) : items,
    exhaustive,
    detail: { ...(induced.guess ? { guessed: 'the siblings of the one code the question names' } : {}), regex: induced.regex, prefix: induced.prefix, matchedLines: lines.length, narrowedToRegion: narrowed, ...(run ? { run: run.heading, of: codes.length } : {}) },
    tokens: 0,
    llmCalls: 0,
  };
}

function empty(detail: Record<string, unknown>): StrategyResult {
  return { strategy: 'pattern', variant: 'none', items: [], exhaustive: false, detail, tokens: 0, llmCalls: 0 };
}

/**
 * The question places a code as the container of its items ("the requirements in section 3.5"):
 * the items are the codes one level below it ("3.5.1" ... "3.5.11"), never its siblings, when
 * the document writes at least two of them.
 */
async function fromContainer(ctx: StrategyContext): Promise<Induced | null> {
  for (const code of ctx.u.containerCodes ?? []) {
    const regex = childrenOf(code);
    if (!regex) continue;
    const lines = await regexSweep(ctx.db, ctx.documentId, regex);
    const re = new RegExp(`(?<![A-Za-z0-9.])${regex}(?![A-Za-z0-9]|\\.\\d)`, 'g');
    const distinct = new Set(lines.flatMap((l) => [...l.text.matchAll(re)].map((m) => m[0])));
    if (distinct.size < 2) continue;
    const letters = /^[A-Za-z]{1,3}(?=\d)/.exec(code.trim())?.[0];
    return { regex, prefix: code, source: 'question-container', ...(letters ? { optionalPrefix: letters } : {}) };
  }
  return null;
}

function fromQuestion(ctx: StrategyContext): Induced | null {
  for (const code of ctx.u.codes) {
    const s = shapeOfCode(code.toUpperCase() === code ? code : code.replace(/\.x$/i, '.x'));
    if (!s) continue;
    // A code given as the scope ("under GV", "MEASURE 2.x") keeps its prefix; an example code generalises.
    // Only a code written as a family ("2.x") asks for the family: the siblings of one code
    // the question names ("For GOVERN 1.2, what should ...") are a guess, never proven whole.
    const family = new RegExp(`${WILDCARD}$`).test(code.trim());
    return { shape: s.shape, regex: s.shape.generalise(s.example, true), prefix: s.shape.prefix(s.example), source: 'question-code', ...(family ? {} : { guess: true }) };
  }
  return null;
}

/** Finds the identifier family that dominates the routed region and generalises it. */
async function fromRegion(ctx: StrategyContext): Promise<Induced | null> {
  let best: { shape: CodeShape; distinct: Map<string, number> } | null = null;
  for (const shape of CODE_SHAPES) {
    const distinct = new Map<string, number>();
    for (const l of ctx.regionLines) for (const m of l.text.matchAll(shape.find)) distinct.set(m[0], (distinct.get(m[0]) ?? 0) + 1);
    if (distinct.size >= 2 && (!best || distinct.size > best.distinct.size)) best = { shape, distinct };
  }
  if (!best) return null;
  // "The categories of GOVERN" in a document that also writes "subcategories": the level asked
  // for is the one above the sub-level's codes ("GOVERN 1" over "GOVERN 1.1").
  const upper = asksUpperLevel(ctx) ? upperLevelOf(best.shape.name) : undefined;
  if (upper) {
    const distinct = new Map<string, number>();
    for (const l of ctx.regionLines) for (const m of l.text.matchAll(upper.find)) distinct.set(m[0], (distinct.get(m[0]) ?? 0) + 1);
    if (distinct.size >= 2) best = { shape: upper, distinct };
  }
  const prefixes = new Map<string, number>();
  for (const code of best.distinct.keys()) {
    const p = best.shape.prefix(code);
    prefixes.set(p, (prefixes.get(p) ?? 0) + 1);
  }
  const anchor = await scopePrefix(ctx, [...prefixes.keys()]);
  const example = anchor ? [...best.distinct.keys()].find((c) => best!.shape.prefix(c) === anchor)! : [...best.distinct.keys()][0]!;
  return {
    shape: best.shape,
    regex: best.shape.generalise(example, Boolean(anchor)),
    prefix: anchor,
    source: anchor ? 'induced-scoped' : 'induced',
  };
}

/**
 * The question's item noun is a level whose sub-level the document names ("categories" where it
 * also writes "subcategories"): the codes it asks for are a level above the sub-level's.
 */
function asksUpperLevel(ctx: StrategyContext): boolean {
  const noun = ctx.u.itemNounSingular?.trim().split(/\s+/).at(-1)?.toLowerCase();
  if (!noun || noun.length < 4 || noun.startsWith('sub')) return false;
  const sub = new RegExp(`\\bsub-?${escapeRegex(stem(noun))}`, 'i');
  return ctx.regionLines.some((l) => sub.test(l.text));
}

/**
 * A question for a command's options ("which glpsol options does the reference mention"): the
 * options as the text writes them, dashes first, wherever the routed section mentions them, in
 * its examples as in its prose. Read from the lines, not from a list: never proven whole.
 */
function fromOptionNoun(ctx: StrategyContext): Induced | null {
  const head = tokensOf(ctx.u.itemNounSingular ?? '').at(-1);
  if (!head || !OPTION_NOUNS.has(head) || !ctx.routed.entry) return null;
  // "Which -f flags ...": an option written before the noun names the family asked for, the
  // options that open with it ("-fno-constraints", "-fwide-types"), not every option around.
  const named = new RegExp(String.raw`(?<=^|\s)(${OPTION})\s+(?:\p{L}+\s+){0,2}?${escapeRegex(head)}`, 'iu').exec(ctx.question)?.[1];
  if (named) return { regex: `${escapeRegex(named)}[A-Za-z0-9][A-Za-z0-9-]*`, prefix: null, source: 'option-noun', guess: true };
  return { regex: OPTION, prefix: null, source: 'option-noun', guess: true };
}

/**
 * Items named by the item noun and a number ("Tier 1" … "Tier 4", "Level 1" … "Level 3"):
 * accepted when the numbers found in the document run 1..n without a gap.
 */
async function fromNounNumber(ctx: StrategyContext): Promise<Induced | null> {
  const noun = ctx.u.itemNounSingular?.trim().split(/\s+/).at(-1);
  if (!noun || noun.length < 3 || !/^[a-z]+$/i.test(noun)) return null;
  const word = noun[0]!.toUpperCase() + noun.slice(1).toLowerCase();
  const regex = `${word} \\d{1,2}`;
  const lines = await regexSweep(ctx.db, ctx.documentId, regex);
  const re = new RegExp(`(?<![A-Za-z0-9.])${regex}(?![A-Za-z0-9]|\\.\\d)`, 'g');
  const nums = [...new Set(lines.flatMap((l) => [...l.text.matchAll(re)].map((m) => Number(m[0].split(' ')[1]))))].sort((a, b) => a - b);
  if (nums.length < 2 || !runsFromOne(nums)) return null;
  const shape = { ...CODE_SHAPES[0]!, name: 'noun-number', prefix: () => word };
  return { shape, regex, prefix: word, source: 'noun-number' };
}

/**
 * When the routed region holds no identifiers (routing by keywords can land on an introduction),
 * look where the scope defines its abbreviation ("GOVERN (GV)") and sweep the whole document for
 * each shape with that prefix; the shape with the most distinct codes wins.
 */
async function fromDocument(ctx: StrategyContext): Promise<Induced | null> {
  const scope = ctx.u.scope?.trim();
  if (!scope || !/^[\p{L}\d][\p{L}\d \-]{1,60}$/u.test(scope)) return null;
  const defs = await regexSweep(ctx.db, ctx.documentId, `(?i)${scope.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(\\s*[A-Z]{1,5}\\s*\\)`);
  const abbrevs = new Map<string, number>();
  const re = new RegExp(`${scope.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(\\s*([A-Z]{1,5})\\s*\\)`, 'gi');
  for (const l of defs) for (const m of l.text.matchAll(re)) abbrevs.set(m[1]!, (abbrevs.get(m[1]!) ?? 0) + 1);
  const candidates = [...abbrevs.keys(), ...(/^[A-Z]{2,}$/.test(scope) ? [scope] : [])];
  let best: Induced & { distinct: number } | null = null;
  for (const prefix of candidates) {
    for (const shape of CODE_SHAPES) {
      const example = exampleFor(shape.name, prefix);
      if (!example) continue;
      const regex = shape.generalise(example, true);
      const lines = await regexSweep(ctx.db, ctx.documentId, regex);
      const jsRe = new RegExp(`(?<![A-Za-z0-9.])${regex}(?![A-Za-z0-9]|\\.\\d)`, 'g');
      const distinct = new Set(lines.flatMap((l) => [...l.text.matchAll(jsRe)].map((m) => m[0]))).size;
      if (distinct >= 2 && (!best || distinct > best.distinct)) best = { shape, regex, prefix, source: 'induced-from-scope-definition', distinct };
    }
  }
  return best;
}

const isWhole = (form: string, s: string) => new RegExp(`^${form}$`).test(s);

/** A representative code of each shape for a given prefix (a prefix of the grammar's form), to generalise from. */
function exampleFor(shape: string, prefix: string): string | null {
  switch (shape) {
    case 'dotted-dash':
      return isWhole(DOTTED_DASH_LETTERS, prefix) ? `${prefix}.AA-01` : null;
    case 'dotted':
      return isWhole(DOT_LETTERS, prefix) ? `${prefix}.AA` : null;
    case 'word-number':
      return isWhole(CAPITAL_WORD, prefix) ? `${prefix} 1.1` : null;
    case 'letters-dash-number':
      return isWhole(DASH_LETTERS, prefix) ? `${prefix}-1` : null;
    case 'v-number':
      return null;
    default:
      return null;
  }
}

/**
 * The code prefix the question's scope stands for: the scope word itself ("MEASURE"), or the
 * abbreviation the document defines next to it ("GOVERN (GV)").
 */
async function scopePrefix(ctx: StrategyContext, prefixes: string[]): Promise<string | null> {
  const scope = ctx.u.scope;
  if (!scope) return null;
  const scopeHead = scope.trim().split(/\s+/)[0]!.toLowerCase();
  // The scope names the prefix itself: "MEASURE" for MEASURE 2.x, "V3 Web Frontend Security" for V3.1.
  for (const p of prefixes) if (p.toLowerCase() === scope.toLowerCase() || p.toLowerCase() === scopeHead) return p;
  const lines = await regexSweep(ctx.db, ctx.documentId, `\\(\\s*(${prefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*\\)`);
  for (const l of lines) {
    for (const p of prefixes) {
      const i = l.text.indexOf(`(${p})`);
      if (i > 0 && containsPhrase(l.text.slice(Math.max(0, i - 60), i), scope)) return p;
    }
  }
  return null;
}

/**
 * Numbers run 1..n without a gap: "Tier 1" ... "Tier 4", or a container's children "3.5.1" ...
 * "3.5.11" swept from the whole document (stray figures break the run), prove themselves whole.
 */
function runsFromOne(nums: number[]): boolean {
  const sorted = [...nums].sort((a, b) => a - b);
  return sorted.length > 0 && sorted.every((n, i) => n === i + 1);
}

/** The last number of a code ("3.5.11" -> 11). */
function lastNumber(code: string): number {
  return Number(/(\d+)$/.exec(code)?.[1] ?? NaN);
}

function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
