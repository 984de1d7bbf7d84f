import type { Candidate, CandidateCitation } from './strategy-types.ts';
import { ACRONYM, DASH_LETTERS, DASH_NUMBER, DOTTED, DOTTED_DASH, DOTTED_NUMBER, ENHANCEMENT, LETTER_NUMBER, NUM_OR_WILDCARD, NUMBER_PATH, wordNumber } from '../lexicon/identifiers.ts';
import { BULLET_GLYPH } from '../text/bullets.ts';

/**
 * Item dedup and merge for listing answers. Deterministic and order-preserving: the first-seen item
 * of each group keeps its position, and nothing a strategy found is lost (every surface form and
 * every citation survives the merge), so Verify and the trace still see all evidence.
 */

export type MergeReason = 'surface' | 'code-title' | 'containment';

export interface MergeRecord {
  kept: string;
  merged: string;
  reason: MergeReason;
}

export interface MergeResult {
  items: Candidate[];
  merges: MergeRecord[];
}

/**
 * Matching form of a name: NFKC, lowercase, "&" -> "and", dashes and punctuation -> space, a dot
 * kept only between two letters or digits ("gv.oc", "5.2.1"), whitespace collapsed. Mirrors the
 * gold matcher, so what dedups here also matches there.
 */
export function normalizeName(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[\p{Pd}\u2212\u00AD]/gu, ' ')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '\u0000')
    .replace(/[^\p{L}\p{N}\u0000\s]/gu, ' ')
    .replace(/\u0000/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

// Bullets, including private-use symbol-font glyphs and "o" used as a sub-bullet.
const LEADING_BULLET = new RegExp(`^(?:${BULLET_GLYPH}|\\*|[-–—](?=\\s)|o(?=\\s+[A-Z0-9(“"']))\\s*`, 'u');
const LEADING_ENUMERATOR = /^(?:\[\d{1,4}\]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{2,6})[.)])\s+(?=\S)/;

const ROMAN_ORDINAL = /^(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/i;

function isOrdinalId(id: string): boolean {
  if (/^\d{1,3}$/.test(id) || /^[A-Za-z]$/.test(id)) return true;
  return id.length >= 2 && ROMAN_ORDINAL.test(id) && (id === id.toUpperCase() || id === id.toLowerCase());
}

/** Removes list decoration ("1.", "(a)", "•", "o", "[58]") so "1. Scope" and "Scope" are one item. */
export function stripEnumerator(s: string): string {
  // No NFKC here: names and titles must stay quotable against the stored line text.
  let t = s.replace(/\s+/g, ' ').trim();
  const b = LEADING_BULLET.exec(t);
  if (b && b[0].length < t.length) t = t.slice(b[0].length).trim();
  const e = LEADING_ENUMERATOR.exec(t);
  if (e) {
    const id = e[0].replace(/[\s()[\].]/g, '');
    if (/^\[/.test(e[0]) || isOrdinalId(id)) t = t.slice(e[0].length).trim();
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// Code / title split

export interface CodeTitle {
  code: string | null;
  /** The item's name without its code ("" when the text is only a code). */
  title: string;
  /** Text after "Title (CODE):" — the description, when the line carries one. */
  description: string | null;
}

const LABELS = 'Appendix|Annex|Chapter|Section|Part|Tier|Level|Step|Task|Control|Requirement|Article|Clause|Phase|Stage|Principle|Objective|Exhibit|Schedule';
// The id after a label: a dash code, a number path, a letter or a Roman numeral ("Task P-8", "Tier 1", "Appendix A", "Part VI").
const LABEL_ID = `(?:${DASH_NUMBER}${ENHANCEMENT}|${NUMBER_PATH}|[A-Z]|[IVXLC]{1,6})`;

// Distinctive identifiers, in the order they are tried, from the identifier grammar
// (src/lexicon/identifiers.ts). An item name may carry a question's wildcard ("MEASURE 2.x").
const CODE_FORMS = [
  `(?:${DOTTED_DASH}|${DOTTED})`, // "AB.CD-01", "AB.CD"
  LETTER_NUMBER, // "V3.2", "V3"
  wordNumber(NUM_OR_WILDCARD), // "PLAN 1.1", "PLAN 2.x"
  `${DASH_NUMBER}${ENHANCEMENT}`, // "XY-2", "P-8", "XY-2(1)"
  DOTTED_NUMBER, // "5.4", "3.1"
];
const CODE_SOURCES = [
  `(?:${LABELS})\\s+${LABEL_ID}`, // "Appendix A", "Tier 1", "Task P-8"
  ...CODE_FORMS.slice(0, -1),
  `${DOTTED_NUMBER}\\.?`, // "3.1."
];
// A whole string (or a parenthesised part) that is only an identifier; bare acronyms count ("(GV)").
const CODE_ONLY = new RegExp(`^(?:${CODE_SOURCES.join('|')}|${ACRONYM})$`);

/** Whether a code identifies one item by itself (not a bare list ordinal like "1", "A", "VI"). */
export function isDistinctiveCode(code: string | null | undefined): boolean {
  if (!code) return false;
  const c = code.trim().replace(/^\(|[.)]$/g, '');
  return c.length > 0 && !isOrdinalId(c);
}

// A labelled id that is distinctive alone: a dash code or a dotted number ("Task P-8" is "P-8").
const DASH_OR_DOTTED_ID = new RegExp(`^(?:${DASH_LETTERS}-\\d|\\d+\\.\\d)`);

function cleanLabelCode(label: string, id: string): string {
  // "Task P-8" -> "P-8": the id alone is distinctive; "Tier 1" keeps its label, "1" alone is not.
  if (DASH_OR_DOTTED_ID.test(id)) return id;
  return `${label} ${id}`;
}

// A code that opens a line: the forms, each closed so it is not the head of a longer token
// ("GV.OC-01x", "3.1.1.5"); a dotted number may end with its own full stop ("3.1.").
const LEADING_CODES = CODE_FORMS.map((f, i) => new RegExp(`^(${f})${i === CODE_FORMS.length - 1 ? '\\.?(?![\\w]|\\.\\d)' : '(?![\\w.]|\\.\\d)'}`));

/**
 * Splits a heading or list line into its code and title:
 *   "• Organizational Context (GV.OC): The circumstances…" -> GV.OC / Organizational Context / The circumstances…
 *   "GV.OC-01: The organizational mission…"               -> GV.OC-01 / The organizational mission…
 *   "V3.2 Unintended Content Interpretation"             -> V3.2 / Unintended Content Interpretation
 *   "VI. DEDUCTIBLES", "A. Coverage A—Building Property" -> VI / DEDUCTIBLES, A / Coverage A—Building Property
 */
export function splitCodeAndTitle(text: string): CodeTitle {
  let t = text.replace(/\s+/g, ' ').trim();
  const b = LEADING_BULLET.exec(t);
  if (b && b[0].length < t.length) t = t.slice(b[0].length).trim();

  const sep = '(?:\\s*[:\\-–—.)]\\s+|\\s*[:–—]\\s*|\\s+|$)';
  const label = new RegExp(`^(${LABELS})\\s+(${LABEL_ID})(?![\\w-])\\.?${sep}`, 'i').exec(t);
  if (label) {
    const id = label[2]!.replace(/\.$/, '');
    return finish(cleanLabelCode(label[1]!, id), t.slice(label[0].length));
  }
  const bracket = /^\[(\d{1,4})\]\s*/.exec(t);
  if (bracket) return finish(`[${bracket[1]}]`, t.slice(bracket[0].length));
  for (const re of LEADING_CODES) {
    const m = re.exec(t);
    if (!m) continue;
    const rest = t.slice(m[0].length);
    if (rest && !/^\s*[:\-–—.)]?\s/.test(rest) && !/^\s*[:–—]/.test(rest)) continue;
    return finish(m[1]!, rest.replace(/^\s*[:\-–—.)]?\s*/, ''));
  }
  // List ordinals with a title after them: "VI. DEDUCTIBLES", "A. Coverage A", "(b) ...", "3) ...".
  const ord = /^\(?(\d{1,3}|[A-Za-z]|[IVXLCivxlc]{2,6})([.)])\s+(?=\S)/.exec(t);
  if (ord && isOrdinalId(ord[1]!)) return finish(ord[1]!, t.slice(ord[0].length));
  // "3 Model Architecture": a bare number followed by a capitalised title.
  const bare = /^(\d{1,2})\s+(?=[A-Z][a-z])/.exec(t);
  if (bare) return finish(bare[1]!, t.slice(bare[0].length));

  // Trailing parenthesised code: "Cybersecurity Supply Chain Risk Management (GV.SC)", "Partial (Tier 1)".
  const paren = /^(.*?\S)\s*\(([^()]{1,24})\)\s*(?:[:\-–—]\s*(.*))?$/.exec(t);
  if (paren) {
    const inner = paren[2]!.trim();
    const labelled = new RegExp(`^(${LABELS})\\s+(${LABEL_ID})$`, 'i').exec(inner);
    if (CODE_ONLY.test(inner) || labelled) {
      const code = labelled ? cleanLabelCode(labelled[1]!, labelled[2]!) : inner;
      return { code, title: paren[1]!.trim(), description: paren[3]?.trim() || null };
    }
  }
  if (CODE_ONLY.test(t)) return { code: t.replace(/\.$/, ''), title: '', description: null };
  return { code: null, title: t, description: null };
}

function finish(code: string, rest: string): CodeTitle {
  return { code: code.replace(/\.$/, ''), title: rest.trim(), description: null };
}

// ---------------------------------------------------------------------------------------------
// Merge

const AUX_WORDS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'should', 'must', 'shall', 'will', 'can', 'may', 'has', 'have', 'does', 'do']);

/** A title reads as a name, not a sentence: short and without a finite verb. */
function titleIsName(title: string): boolean {
  const words = normalizeName(title).split(' ').filter(Boolean);
  return words.length > 0 && words.length <= 8 && !words.some((w) => AUX_WORDS.has(w)) && !/[.;]\s*$/.test(title.trim());
}

function stripBulletOnly(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  const b = LEADING_BULLET.exec(t);
  return b && b[0].length < t.length ? t.slice(b[0].length).trim() : t;
}

interface Desc {
  index: number;
  item: Candidate;
  forms: string[];
  keys: Set<string>;
  code: string | null;
  /** Normalised names without codes or list decoration. */
  titles: Set<string>;
  /** Heads before the first separator ("Coverage A" of "Coverage A—Building Property"). */
  heads: Set<string>;
  /** The item's name is nothing but a code ("GV.SC", "V3.2", "Tier 1"). */
  codeOnly: boolean;
  /** A name-like title found next to a distinctive code in one of the forms. */
  codedTitle: string | null;
}

function describe(item: Candidate, index: number): Desc {
  const forms = [item.name, ...item.surfaceForms].filter((f) => f.trim());
  let code = isDistinctiveCode(item.code) ? item.code!.trim() : null;
  const titles = new Set<string>();
  const heads = new Set<string>();
  let codedTitle: string | null = null;
  let codeOnly = false;
  forms.forEach((f, k) => {
    const split = splitCodeAndTitle(stripBulletOnly(f));
    const coded = !!split.code && isDistinctiveCode(split.code);
    if (coded) {
      code = code ?? split.code;
      if (!split.title && k === 0) codeOnly = true;
      if (!codedTitle && split.title && titleIsName(split.title)) codedTitle = split.title;
    }
    const title = coded ? split.title : stripEnumerator(f);
    const nt = normalizeName(title);
    if (nt) titles.add(nt);
    const head = title.split(/\s*[:\u2014\u2013(]\s*|\.\s+|\s-\s/)[0] ?? '';
    const nh = normalizeName(head);
    if (nh && nh !== nt) heads.add(nh);
  });
  return { index, item, forms, keys: new Set(forms.map((f) => normalizeName(stripEnumerator(f))).filter(Boolean)), code, titles, heads, codeOnly, codedTitle };
}

function sameCode(a: string | null, b: string | null): boolean {
  return !!a && !!b && normalizeName(a) === normalizeName(b);
}

function startsWithTokens(long: string, short: string): boolean {
  return long === short || long.startsWith(short + ' ');
}

function containment(a: Desc, b: Desc): boolean {
  if (a.codeOnly || b.codeOnly) return false; // "gv.oc" sits inside "gv.oc 01" but is its parent
  for (const x of a.titles) {
    for (const y of b.titles) {
      const [short, long, longDesc] = x.length <= y.length ? [x, y, b] : [y, x, a];
      if (short === long) return true;
      const ts = short.split(' ').length;
      if (startsWithTokens(long, short)) {
        // A truncated sentence ("Use the server" / "Use the server or framework's ...") or a head
        // set off by punctuation ("Coverage A" / "Coverage A—Building Property").
        if (ts >= 3 || (ts >= 2 && longDesc.heads.has(short))) return true;
        continue;
      }
      // "Building Property" in "Coverage A Building Property": the extra lead is a short label.
      if (long.endsWith(' ' + short) && ts >= 2) {
        const lead = long.slice(0, long.length - short.length).trim().split(' ');
        if (lead.length <= 2 && lead.some((w) => /\d/.test(w) || w.length === 1)) return true;
      }
    }
  }
  return false;
}

function indexKeys(d: Desc, reason: MergeReason): string[] {
  if (reason === 'surface') return [...d.keys];
  if (reason === 'code-title') return [...(d.code ? [`c:${normalizeName(d.code)}`] : []), ...[...d.titles].map((t) => `t:${t}`)];
  // Containment is a shared start or a shared end, so first and last tokens bucket the pairs.
  const out: string[] = [];
  for (const t of d.titles) {
    const w = t.split(' ');
    out.push(`f:${w[0]}`, `l:${w[w.length - 1]}`);
  }
  return out;
}

function related(a: Desc, b: Desc, reason: MergeReason): boolean {
  if (reason === 'surface') return [...a.keys].some((k) => b.keys.has(k));
  if (a.code && b.code && !sameCode(a.code, b.code)) return false;
  if (reason === 'code-title') {
    if (sameCode(a.code, b.code)) return true;
    // "V3.2 Unintended Content Interpretation" and "Unintended Content Interpretation".
    return !!(a.code || b.code) && [...a.titles].some((t) => b.titles.has(t));
  }
  return containment(a, b);
}

/**
 * Merges duplicate candidates. Rules, tried in this order over all pairs and applied transitively:
 *  - surface: same normalised name once list decoration is stripped ("1. Scope" = "Scope");
 *  - code-title: the same distinctive code ("GV.SC" and "Cybersecurity ... (GV.SC)"), or the same
 *    title where one side carries a code; such a group is named by its title;
 *  - containment: one name starts the other (a truncated sentence of three or more words, or a head
 *    set off by punctuation such as "Coverage A—Building Property"), or ends it after a short
 *    label ("Coverage A Building Property" / "Building Property").
 * Two groups whose distinctive codes differ are never merged. Groups keep the position of their
 * first-seen member; names lose list decoration ("• ", "1.", "(a)"); every surface form and every
 * citation is kept once.
 */
export function mergeCandidates(items: Candidate[]): MergeResult {
  const descs = items.map(describe);
  const parent = descs.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const groupCode = new Map<number, string | null>(descs.map((d, i) => [i, d.code]));
  const events: { root: number; merged: number; reason: MergeReason }[] = [];
  const codeTitleRoots = new Set<number>();

  for (const reason of ['surface', 'code-title', 'containment'] as MergeReason[]) {
    // Only pairs sharing an index key can be related, so the pair scan stays near-linear; pairs are
    // still visited in (j, i) order, which keeps the result identical to a full scan.
    const index = new Map<string, number[]>();
    for (let j = 0; j < descs.length; j++) {
      const keys = indexKeys(descs[j]!, reason);
      const candidates = new Set<number>();
      for (const k of keys) for (const i of index.get(k) ?? []) candidates.add(i);
      for (const k of keys) {
        const list = index.get(k);
        if (list) list.push(j);
        else index.set(k, [j]);
      }
      for (const i of [...candidates].sort((a, b) => a - b)) {
        const ri = find(i);
        const rj = find(j);
        if (ri === rj) continue;
        if (!related(descs[i]!, descs[j]!, reason)) continue;
        const ci = groupCode.get(ri) ?? null;
        const cj = groupCode.get(rj) ?? null;
        if (ci && cj && !sameCode(ci, cj)) continue;
        const [keep, drop] = ri < rj ? [ri, rj] : [rj, ri];
        parent[drop] = keep;
        groupCode.set(keep, ci ?? cj);
        if (reason === 'code-title' || codeTitleRoots.has(drop)) codeTitleRoots.add(keep);
        events.push({ root: keep, merged: drop, reason });
      }
    }
  }

  const members = new Map<number, Desc[]>();
  for (const d of descs) {
    const r = find(d.index);
    const list = members.get(r) ?? [];
    list.push(d);
    members.set(r, list);
  }

  const out = new Map<number, Candidate>();
  for (const [root, ms] of members) out.set(root, combine(ms, nameGroup(ms, codeTitleRoots.has(root))));

  return {
    items: [...out.keys()].sort((a, b) => a - b).map((r) => out.get(r)!),
    merges: events.map((e) => ({ kept: out.get(find(e.root))!.name, merged: descs[e.merged]!.item.name, reason: e.reason })),
  };
}

/** One item from a group of duplicates: the first one's fields, every surface form and citation once. */
function combine(ms: Desc[], name: string): Candidate {
  const first = ms[0]!;
  const surfaceForms: string[] = [];
  const seenForms = new Set<string>();
  const citations: CandidateCitation[] = [];
  const seenCites = new Set<string>();
  let confidence: number | undefined;
  for (const m of ms) {
    for (const f of m.forms) {
      const t = f.trim();
      const k = normalizeName(t) || t;
      if (!seenForms.has(k)) {
        seenForms.add(k);
        surfaceForms.push(t);
      }
    }
    for (const c of m.item.citations) {
      const k = `${c.pageNum}\u0000${c.lineNum}\u0000${c.quote}`;
      if (!seenCites.has(k)) {
        seenCites.add(k);
        citations.push(c);
      }
    }
    if (m.item.confidence !== undefined) confidence = Math.max(confidence ?? 0, m.item.confidence);
  }
  const code = ms.find((m) => m.code)?.code ?? first.item.code ?? null;
  const item: Candidate = { ...first.item, name, surfaceForms, citations, code };
  if (confidence !== undefined) item.confidence = confidence;
  return item;
}

/**
 * Items of one list are distinct entries, but rows of a table keyed by the same name ("ResNet"
 * at 20, 32 and 44 layers) name one thing: an answer of names gives it once, citing every row.
 * Only short names equal once normalised are folded: a name of a few words names a thing, while
 * two points whose long opening clauses read alike ("the placing on the market of an AI system
 * that ...") are two points.
 */
export function mergeSameNames(items: Candidate[]): MergeResult {
  const groups = new Map<string, Desc[]>();
  items.forEach((it, i) => {
    const name = normalizeName(stripEnumerator(it.name));
    const key = name && name.split(' ').length <= MAX_NAME_WORDS ? name : `#${i}`;
    groups.set(key, [...(groups.get(key) ?? []), describe(it, i)]);
  });
  const merges: MergeRecord[] = [];
  const out = [...groups.values()].map((ms) => {
    for (const m of ms.slice(1)) merges.push({ kept: ms[0]!.item.name, merged: m.item.name, reason: 'surface' });
    return ms.length === 1 ? ms[0]!.item : combine(ms, ms[0]!.item.name);
  });
  return { items: out, merges };
}

/** The most words a name of a thing has; longer labels are opening clauses. */
const MAX_NAME_WORDS = 6;

function nameGroup(ms: Desc[], byTitle: boolean): string {
  const first = ms[0]!;
  if (byTitle || first.codeOnly) {
    // The first name-like title in the group: a coded title ("Cybersecurity ... (GV.SC)") or a
    // plain name ("Unintended Content Interpretation"); the code stays in surfaceForms and `code`.
    for (const m of ms) {
      if (m.codedTitle) return m.codedTitle;
      if (!m.code) {
        const t = stripEnumerator(m.item.name);
        if (titleIsName(t)) return t;
      }
    }
    if (first.codeOnly) return first.item.name.trim();
  }
  return stripEnumerator(first.item.name) || first.item.name.trim();
}
