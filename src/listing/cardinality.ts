/**
 * Cardinality evidence from document text: stated counts ("consists of six Functions") and explicit
 * enumerations (1., 2., 3. / (a) (b) / bullets). Both feed the completeness verdict, so a cue must
 * be a claim about how many items exist, never a bound, a range, a label or a partial count.
 */
import { singularize, isPluralNoun } from '../lexicon/plurals.ts';
import { CARDINALS, CLASSIFIER_WORDS, FUNCTION_WORDS, parseNumberWord } from '../lexicon/english.ts';
import { BULLET_GLYPH } from '../text/bullets.ts';

export interface CueLine {
  id?: number;
  pageNum: number;
  lineNum: number;
  text: string;
}

export interface CardinalityCue {
  count: number;
  /** The counted noun phrase as written: "CSF Functions", "types of regularization". */
  noun: string;
  /** The cue as written, from its trigger ("There are", "consists of") to the noun. */
  text: string;
  pageNum: number;
  lineNum: number;
  /** 0..1: how strongly this reads as "the document has exactly N of these". */
  strength: number;
  /** How the noun matched: the item noun's head, a modifier of it, a synonym, a question keyword, or any plural (no item noun). */
  match: 'head' | 'modifier' | 'complement' | 'synonym' | 'keyword' | 'generic';
  approximate: boolean;
  /** Set when the cue wraps onto the next line. */
  endLineNum: number;
  lineId?: number;
}

export interface CardinalityOptions {
  /** Extra nouns that count as the item noun (e.g. from an LLM or a TOC title). */
  synonyms?: string[];
  /** Question keywords; a cue on one of them is weak evidence ("three types of regularization"). */
  keywords?: string[];
  /** Words allowed between the number and the noun ("six CSF Functions"). Default 3. */
  maxModifiers?: number;
  /** Counts above this are not list sizes. Default 500. */
  maxCount?: number;
  /** Keep cues that read as approximate ("approximately 350 requirements"). Default true. */
  includeApproximate?: boolean;
  /** The words the question puts before its item noun ("event" in "event types"). */
  qualifiers?: string[];
}

// Nouns that people use interchangeably when counting list items.
const SYNONYM_GROUPS: string[][] = [
  ['type', 'kind', 'category', 'class', 'form', 'sort', 'variety'],
  ['step', 'stage', 'phase'],
  ['criterion', 'consideration', 'factor', 'requirement'],
  ['level', 'tier'],
  ['way', 'use', 'application', 'manner', 'mode'],
  ['section', 'subsection', 'part', 'chapter'],
  ['characteristic', 'property', 'attribute', 'trait', 'quality'],
  ['function', 'functions'],
  ['practice', 'control', 'measure', 'safeguard'],
  ['principle', 'tenet'],
  ['objective', 'goal', 'aim'],
  ['exclusion', 'exception'],
  ['component', 'element', 'part'],
  ['method', 'approach', 'technique', 'strategy'],
];

/** Words after which a number is an identifier, not a count ("Chapter 3", "Level 1", "layer 5"). */
const LABEL_WORDS = new Set([
  'chapter', 'section', 'part', 'table', 'figure', 'fig', 'page', 'pages', 'p', 'pp', 'step', 'task',
  'level', 'levels', 'tier', 'appendix', 'version', 'v', 'rev', 'revision', 'release', 'phase',
  'stage', 'equation', 'eq', 'line', 'item', 'number', 'no', 'layer', 'article', 'clause', 'annex',
  'volume', 'vol', 'edition', 'sp', 'nist', 'iso', 'rfc', 'fips', 'title', 'cfr', 'usc', 'rule',
  'principle', 'objective', 'requirement', 'control', 'category', 'function', 'subcategory',
  'paragraph', 'para', 'note', 'footnote', 'example', 'case', 'option', 'question', 'exhibit',
  'box', 'schedule', 'form', 'model', 'head', 'epoch', 'week', 'day', 'year', 'month', 'tab',
]);
const BOUND_BEFORE = new Set(['between', 'least', 'most', 'than', 'to', 'over', 'under', 'upto', 'exceed', 'exceeding', 'within', 'maximum', 'minimum', 'max', 'min', 'below', 'above', 'beyond', 'per', 'every', 'each']);
const APPROX_BEFORE = new Set(['about', 'around', 'approximately', 'approx', 'roughly', 'nearly', 'almost', 'some', 'circa', 'ca', '~', 'estimated', 'perhaps']);
const PARTIAL_BEFORE = new Set([
  'other', 'remaining', 'additional', 'first', 'last', 'next', 'previous', 'top', 'final', 'initial',
  'further', 'another', 'extra', 'new', 'latter', 'former', 'bottom', 'earlier', 'later',
  'subsequent', 'preceding', 'second', 'third',
]);
const STRONG_TRIGGERS: string[][] = [
  ['there', 'are'], ['there', 'were'], ['there', 'is'], ['consists', 'of'], ['consist', 'of'],
  ['comprises'], ['comprise'], ['comprised', 'of'], ['composed', 'of'], ['made', 'up', 'of'],
  ['divided', 'into'], ['organized', 'into'], ['organised', 'into'], ['grouped', 'into'],
  ['structured', 'into'], ['split', 'into'], ['broken', 'into'], ['categorized', 'into'],
  ['defines'], ['define'], ['identifies'], ['identify'], ['describes'], ['describe'], ['includes'],
  ['include'], ['contains'], ['contain'], ['has'], ['have'], ['provides'], ['lists'], ['list'],
  ['specifies'], ['establishes'], ['outlines'], ['presents'], ['uses'], ['use'], ['employ'],
  ['employs'], ['following'], ['all'], ['total', 'of'], ['features'], ['offers'], ['covers'],
  ['articulates'], ['introduces'], ['addresses'], ['considers'], ['consider'], ['into'],
];
const STOP_BETWEEN = new Set([
  'of', 'the', 'and', 'or', 'in', 'to', 'that', 'which', 'is', 'are', 'was', 'were', 'be', 'by',
  'for', 'with', 'on', 'at', 'as', 'from', 'a', 'an', 'this', 'these', 'those', 'its', 'their',
  'has', 'have', 'can', 'will', 'may', 'must', 'should', 'than', 'into', 'per', 'each', 'it',
  'we', 'they', 'you', 'he', 'she', 'not', 'but', 'if', 'so', 'such', 'then', 'also', 'all',
]);
/**
 * Nouns whose count carries over to their complement ("three types of regularization"): the
 * lexicon's classifier words (singular, as lemma() gives them) and the collective nouns that
 * group members the same way ("two families of codes", "four levels of assurance").
 */
const CLASSIFIERS = new Set([...[...CLASSIFIER_WORDS].filter((w) => !w.endsWith('s')), 'category', 'class', 'family', 'group', 'set', 'line', 'level', 'tier']);
const UNIT_NOUNS = new Set([
  'time', 'percent', 'fold', 'second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'decade',
  'dollar', 'cent', 'foot', 'feet', 'inch', 'mile', 'meter', 'metre', 'kilometer', 'pound', 'gram',
  'kilogram', 'degree', 'byte', 'bit', 'character', 'gpu', 'occasion', 'point', 'acre', 'x',
]);

const NUMBERISH = new RegExp(String.raw`\d|\b(?:${[...CARDINALS.keys()].filter((w) => w !== 'zero').join('|')}|dozen)\b`, 'i');

function lemma(word: string): string {
  return singularize(word.toLowerCase().replace(/['’]s$/, ''));
}

interface NounForm {
  form: string; // lemma
  match: CardinalityCue['match'];
  weight: number;
}

function nounForms(itemNoun: string | null, opts: CardinalityOptions): NounForm[] {
  const forms: NounForm[] = [];
  const add = (w: string, match: CardinalityCue['match'], weight: number) => {
    const l = lemma(w);
    if (l && !forms.some((f) => f.form === l)) forms.push({ form: l, match, weight });
  };
  if (itemNoun) {
    const words = itemNoun.toLowerCase().split(/\s+/).filter(Boolean);
    const head = words[words.length - 1];
    if (head) add(head, 'head', 1);
    for (const m of words.slice(0, -1)) if (!STOP_BETWEEN.has(m)) add(m, 'modifier', 0.85);
    for (const s of opts.synonyms ?? []) add(s.split(/\s+/).pop() ?? s, 'synonym', 0.8);
    const l = head ? lemma(head) : '';
    for (const g of SYNONYM_GROUPS) if (g.includes(l)) for (const s of g) add(s, 'synonym', 0.7);
  } else {
    for (const s of opts.synonyms ?? []) add(s.split(/\s+/).pop() ?? s, 'synonym', 0.8);
  }
  for (const k of opts.keywords ?? []) if (k.length > 2 && !k.includes(' ')) add(k, 'keyword', 0.55);
  return forms;
}

interface Tok {
  text: string;
  lower: string;
  kind: 'word' | 'num' | 'punct';
  start: number;
  end: number;
}

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  const re = /[A-Za-z][A-Za-z'’]*(?:[-\u2010\u2011][A-Za-z]+)*|\d+(?:[.,]\d+)*|\S/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const t = m[0];
    const kind: Tok['kind'] = /^[A-Za-z]/.test(t) ? 'word' : /^\d/.test(t) ? 'num' : 'punct';
    out.push({ text: t, lower: t.toLowerCase().replace(/[\u2010\u2011]/g, '-'), kind, start: m.index, end: m.index + t.length });
  }
  return out;
}

function numberValue(tok: Tok, text: string, toks: Tok[], k: number): { value: number; approximate: boolean } | null {
  if (tok.kind === 'num') {
    if (!/^\d+$/.test(tok.text) || /^0/.test(tok.text)) return null; // decimals, "5.4", "100,000", "07"
    const before = text[tok.start - 1] ?? ' ';
    const after = text[tok.end] ?? ' ';
    // Glued to letters or joined by hyphen/dot/slash: "V3", "L1", "800-37", "10-year", "1/2", "$5".
    if (/[A-Za-z0-9.\-\u2010\u2011\u2013/$#§£€]/.test(before)) return null;
    if (/[A-Za-z0-9%\-\u2010\u2011\u2013/]/.test(after)) return null;
    if (after === '.' && /\d/.test(text[tok.end + 1] ?? '')) return null;
    const v = Number(tok.text);
    if (v >= 1900 && v <= 2100) return null;
    return { value: v, approximate: false };
  }
  if (tok.kind !== 'word') return null;
  if (tok.lower === 'dozen' && toks[k - 1]?.lower === 'a') return { value: 12, approximate: true };
  const v = parseNumberWord(tok.lower);
  if (v === null) return null;
  return { value: v, approximate: false };
}

function triggerBefore(toks: Tok[], k: number): { tokens: number; strong: boolean } {
  for (const trig of STRONG_TRIGGERS) {
    let ok = true;
    let j = k - 1;
    // Allow one determiner between trigger and number: "consists of the six", "has three".
    if (toks[j] && ['the', 'its', 'their', 'these'].includes(toks[j]!.lower) && trig[trig.length - 1] !== 'all') j--;
    for (let t = trig.length - 1; t >= 0; t--, j--) {
      if (toks[j]?.lower !== trig[t]) {
        ok = false;
        break;
      }
    }
    if (ok) return { tokens: k - 1 - j, strong: true };
  }
  if (toks[k - 1] && ['the', 'these', 'its', 'their', 'those'].includes(toks[k - 1]!.lower)) return { tokens: 1, strong: false };
  return { tokens: 0, strong: false };
}

/**
 * Finds statements of how many items exist. Each line is also read joined with the next line on
 * the same page, so "all six\nFunctions." is found; the cue belongs to the line holding the number.
 */
export function findCardinalityCues(lines: CueLine[], itemNoun: string | null, opts: CardinalityOptions = {}): CardinalityCue[] {
  const maxMods = opts.maxModifiers ?? 3;
  const maxCount = opts.maxCount ?? 500;
  const forms = nounForms(itemNoun, opts);
  const generic = !itemNoun && forms.length === 0;
  const cues: CardinalityCue[] = [];
  const byKey = new Map<string, CardinalityCue>();

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const next = lines[li + 1];
    const joinable = next && next.pageNum === line.pageNum && next.lineNum === line.lineNum + 1;
    const own = line.text.normalize('NFKC');
    let text = own;
    let hyphenJoin = false;
    if (joinable) {
      const nx = next.text.normalize('NFKC');
      // A word split by a line-end hyphen ("convolu-\ntional") rejoins without the hyphen.
      if (/[a-z][-\u2010\u2011]$/.test(own) && /^[a-z]/.test(nx)) {
        text = own.slice(0, -1) + nx;
        hyphenJoin = true;
      } else text = `${own} ${nx}`;
    }
    const ownLen = hyphenJoin ? own.length - 1 : own.length;
    // Most lines hold no number at all; skip them before tokenizing.
    if (!NUMBERISH.test(own)) continue;
    const toks = tokenize(text);

    for (let k = 0; k < toks.length; k++) {
      const tok = toks[k]!;
      if (tok.start >= ownLen) break;
      const num = numberValue(tok, text, toks, k);
      if (!num) continue;
      const { value } = num;
      let approximate = num.approximate;
      if (value < 1 || value > maxCount) continue;
      // The tail of a number broken at the previous line's end ("SP 800-" / "57 Part 1").
      if (tok.start === 0 && li > 0) {
        const before = lines[li - 1]!;
        if (before.pageNum === line.pageNum && /\d[-\u2010\u2011\u2013]$/.test(before.text.trimEnd())) continue;
      }
      const prev = toks[k - 1];
      const prev2 = toks[k - 2];
      const nxt = toks[k + 1];
      const nxt2 = toks[k + 2];
      // Identifiers: "Chapter 3", "CHAPTER TWO", "GOVERN 1", "layer 5 of 6".
      if (prev && prev.kind === 'word' && LABEL_WORDS.has(prev.lower)) continue;
      if (prev && prev.text === '.' && prev2 && prev2.kind === 'word' && LABEL_WORDS.has(prev2.lower)) continue; // "Fig. 4"
      // A number closing its line is a page number or TOC reference unless prose leads into it.
      const lastOnLine = !toks.some((t) => t.start > tok.start && t.start < ownLen);
      if (lastOnLine && tok.kind === 'num' && !(prev && prev.kind === 'word' && prev.text === prev.lower)) continue;
      if (prev && prev.kind === 'word' && /^[A-Z]{2,}$/.test(prev.text) && tok.kind === 'num') continue;
      // "5 of 6", "two and four", "two or three": the second number of a pair is no count either.
      if (prev && ['of', 'and', 'or', 'to'].includes(prev.lower) && prev2 && (prev2.kind === 'num' || parseNumberWord(prev2.lower) !== null)) continue;
      // Enumerator at line start: "1. The dwelling", "3) ...", "(2)".
      if (tok.start === 0 && nxt && (nxt.text === '.' || nxt.text === ')')) continue;
      // A section number before a title ("5 Labelling Requirements"): numbering, not a count.
      if (tok.start === 0 && tok.kind === 'num' && titleCased(own.slice(tok.text.length))) continue;
      if (prev && (prev.text === '(' || prev.text === '[') && nxt && (nxt.text === ')' || nxt.text === ']')) continue;
      if (nxt && (nxt.text === ')' || nxt.text === ']' || nxt.text === ':' || nxt.text === '%')) continue;
      // Bounds and ranges: "at least two", "two or more", "one to four", "up to 5".
      if (prev && BOUND_BEFORE.has(prev.lower)) continue;
      if (prev && prev.lower === 'up' && nxt) continue;
      if (nxt && nxt.lower === 'or' && nxt2 && (['more', 'fewer', 'less', 'greater', 'above', 'below', 'higher', 'lower', 'so'].includes(nxt2.lower) || parseNumberWord(nxt2.lower) !== null || nxt2.kind === 'num')) continue;
      if (nxt && (nxt.lower === 'to' || nxt.lower === 'and' || nxt.text === '–' || nxt.text === '-') && nxt2 && (nxt2.kind === 'num' || parseNumberWord(nxt2.lower) !== null)) continue;
      if (nxt && nxt.lower === 'of' && nxt2 && ['the', 'these', 'those', 'them', 'which', 'its', 'their', 'our', 'your', 'all', 'us', 'you', 'many', 'several'].includes(nxt2.lower)) continue;
      if (prev && PARTIAL_BEFORE.has(prev.lower)) continue;
      if (nxt && ['another', 'times', 'percent', 'fold', 'per', 'out', 'way', 'day', 'time'].includes(nxt.lower) && value === 1) continue;
      if (nxt && ['times', 'percent', 'fold'].includes(nxt.lower)) continue;
      if (value === 1 && (generic || (prev && ['no', 'any', 'each', 'every', 'which', 'this', 'that', 'than'].includes(prev.lower)))) continue;
      if (prev && APPROX_BEFORE.has(prev.lower)) approximate = true;
      if (approximate && opts.includeApproximate === false) continue;

      // Walk right over modifiers to the counted noun.
      let j = k + 1;
      // "three (3) steps"
      if (toks[j]?.text === '(' && toks[j + 1]?.kind === 'num' && toks[j + 2]?.text === ')') j += 3;
      type NounMatch = { idx: number; match: CardinalityCue['match']; weight: number; end: number };
      let matched: NounMatch | null = null;
      let mods = 0;
      let lastWordIdx = -1;
      let fallback: NounMatch | null = null;
      for (; j < toks.length && mods <= maxMods; j++) {
        const t = toks[j]!;
        if (t.kind !== 'word') break;
        if (STOP_BETWEEN.has(t.lower)) break;
        if (parseNumberWord(t.lower) !== null) break;
        lastWordIdx = j;
        const l = lemma(t.lower);
        const f = forms.find((x) => x.form === l);
        if (f && f.match === 'head') {
          matched = { idx: j, match: f.match, weight: f.weight, end: j };
          break;
        }
        // A weaker form may be a modifier of the head further right ("22 subcategory codes").
        if (f && !fallback) fallback = { idx: j, match: f.match, weight: f.weight, end: j };
        // "three types of regularization": the count carries over to the complement.
        if (CLASSIFIERS.has(l) && toks[j + 1]?.lower === 'of') {
          for (let c = j + 2, seen = 0; c < toks.length && seen < 3; c++, seen++) {
            const ct = toks[c]!;
            if (ct.kind !== 'word' || (STOP_BETWEEN.has(ct.lower) && seen > 0)) break;
            if (STOP_BETWEEN.has(ct.lower)) continue;
            const cf = forms.find((x) => x.form === lemma(ct.lower));
            if (cf) {
              matched = { idx: j, match: cf.match === 'head' ? 'complement' : cf.match, weight: cf.weight * 0.9, end: c };
              break;
            }
          }
          if (matched) break;
        }
        mods++;
      }
      matched = matched ?? fallback;
      if (!matched && generic && lastWordIdx > k) {
        // No item noun: accept the end of the noun phrase when it is a plural, non-unit noun.
        const t = toks[lastWordIdx]!;
        const l = lemma(t.lower);
        if (isPluralNoun(t.text) && !UNIT_NOUNS.has(l) && /^[a-z]/i.test(t.text)) {
          matched = { idx: lastWordIdx, match: 'generic', weight: 0.5, end: lastWordIdx };
        }
      }
      if (!matched) continue;
      const nounTok = toks[matched.idx]!;
      if (UNIT_NOUNS.has(lemma(nounTok.lower)) && matched.match !== 'head') continue;
      // A word that only classifies ("types", or its synonym "kinds") counts what the question
      // counts only with what it classifies: "two types of questions", "files of two kinds" are no
      // count of "event types". The question's modifier must stand before it or in its "of" complement.
      const modifiers = [...forms.filter((f) => f.match === 'modifier').map((f) => f.form), ...(opts.qualifiers ?? []).map(lemma)];
      if ((matched.match === 'head' || matched.match === 'synonym') && CLASSIFIERS.has(lemma(nounTok.lower)) && modifiers.length) {
        const around = [...toks.slice(k + 1, matched.idx), ...(toks[matched.idx + 1]?.lower === 'of' ? toks.slice(matched.idx + 2, matched.idx + 5) : [])];
        if (!around.some((t) => t.kind === 'word' && modifiers.includes(lemma(t.lower)))) continue;
      }
      // A bare head right after the number ("the two functions") counts the question's items only
      // when its sentence says which ones: for a question that qualifies its noun ("global cost
      // functions"), a count of functions naming none of the qualifiers counts something else.
      const qualifying = (opts.qualifiers ?? []).map(lemma);
      if (matched.match === 'head' && matched.idx === k + 1 && qualifying.length && !toks.some((t) => t.kind === 'word' && qualifying.includes(lemma(t.lower)))) continue;
      // A singular noun after a count above one is a compound modifier or no count at all
      // ("five function model", "SP 800-\n57 Part 1").
      if (value > 1 && !isPluralNoun(nounTok.text) && !/^(series|species|aircraft|personnel)$/.test(nounTok.lower)) continue;

      const trig = triggerBefore(toks, k);
      // "One key factor ...", "one approach is ...": a lone "one" is a count only when stated as such.
      if (value === 1 && (matched.match !== 'head' || !trig.strong)) continue;
      const modCount = matched.idx - (k + 1);
      let strength = 0.45 * matched.weight + 0.15;
      if (trig.strong) strength += 0.25;
      else if (trig.tokens) strength += 0.1;
      if (prev?.text === '=') strength += 0.2; // "N = 6 identical layers"
      // A colon closing the clause introduces the items themselves.
      const restOfClause = text.slice(toks[matched.end]!.end);
      if (/^[^.;]{0,60}:/.test(restOfClause)) strength += 0.15;
      strength -= 0.05 * Math.max(0, modCount);
      // Title-case context: "Four Principles of Explainable AI" is a cited title, not a claim.
      const capNum = /^[A-Z]/.test(tok.text) && tok.kind === 'word';
      const quoted = /[“"‘']$/.test(text.slice(0, tok.start).trimEnd());
      let titleCase = capNum && /^[A-Z]/.test(nounTok.text) && prev?.kind === 'word' && /^[A-Z]/.test(prev.text);
      if (capNum && /^[A-Z]/.test(nounTok.text)) {
        let a = matched.end + 1;
        while (toks[a] && ['of', 'and', 'for', 'the', 'in', 'to'].includes(toks[a]!.lower)) a++;
        if (a > matched.end + 1 && toks[a] && /^[A-Z]/.test(toks[a]!.text)) titleCase = true;
      }
      if (quoted || titleCase) strength *= 0.5;
      if (approximate) strength *= 0.4;
      strength = Math.max(0, Math.min(1, Math.round(strength * 100) / 100));

      const startTok = toks[k - trig.tokens] ?? tok;
      const endTok = toks[matched.end]!;
      const cueText = text.slice(startTok.start, endTok.end);
      const noun = text.slice(toks[k + 1 + (toks[k + 1]?.text === '(' ? 3 : 0)]!.start, endTok.end);
      const spans = endTok.end > ownLen;
      const cue: CardinalityCue = {
        count: value,
        noun,
        text: cueText,
        pageNum: line.pageNum,
        lineNum: line.lineNum,
        strength,
        match: matched.match,
        approximate,
        endLineNum: spans && next ? next.lineNum : line.lineNum,
        ...(line.id !== undefined ? { lineId: line.id } : {}),
      };
      const key = `${cue.pageNum}:${cue.lineNum}:${tok.start}`;
      if (!byKey.has(key)) {
        byKey.set(key, cue);
        cues.push(cue);
      }
    }
  }
  return cues;
}

/**
 * The cue to trust: strongest first, then one whose count other cues repeat, then the one whose
 * noun carries the item noun's modifiers ("subcategory codes" over "codes"), then the earliest.
 */
export function bestCue(cues: CardinalityCue[], itemNoun: string | null = null): CardinalityCue | null {
  if (!cues.length) return null;
  const itemWords = (itemNoun ?? '').toLowerCase().split(/\s+/).filter(Boolean).map(lemma);
  const score = (c: CardinalityCue) => {
    const agree = cues.filter((o) => o !== c && o.count === c.count && !o.approximate).length;
    let s = c.strength + Math.min(3, agree) * 0.05;
    if (c.match === 'head' || c.match === 'complement') s += 0.05;
    if (itemWords.length > 1) {
      const nounWords = c.noun.toLowerCase().split(/[\s-]+/).map(lemma);
      // The whole phrase ("4 primitive types") outweighs a head-noun cue's colon and lack of
      // modifiers ("three additional types of values:", +0.15 and no -0.05): it counts what is asked.
      if (itemWords.every((w) => nounWords.includes(w))) s += 0.25;
    }
    if (c.approximate) s -= 0.2;
    return s;
  };
  let best: CardinalityCue | null = null;
  let bestScore = -Infinity;
  for (const c of cues) {
    const s = score(c);
    if (s > bestScore + 1e-9 || (Math.abs(s - bestScore) < 1e-9 && best && (c.pageNum < best.pageNum || (c.pageNum === best.pageNum && c.lineNum < best.lineNum)))) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Enumerations

export type EnumerationKind =
  | 'decimal'
  | 'alpha-lower'
  | 'alpha-upper'
  | 'roman-lower'
  | 'roman-upper'
  | 'bracket'
  | 'label'
  | 'bullet';

export interface EnumerationItem {
  pageNum: number;
  lineNum: number;
  marker: string;
  ordinal: number | null;
  /** The line text after the marker. */
  text: string;
  lineId?: number;
}

export interface Enumeration {
  kind: EnumerationKind;
  /** Marker shape: "1.", "(a)", "a)", "[1]", "Step 1", or the bullet glyph. */
  style: string;
  count: number;
  ordered: boolean;
  first: number | null;
  last: number | null;
  /** Ordinals run without gaps (always true for bullets). */
  contiguous: boolean;
  startsAtOne: boolean;
  items: EnumerationItem[];
}

export interface EnumerationOptions {
  /** Lines allowed between two bullets of one list (wrapped text, nested lists). Default 12. */
  maxGapLines?: number;
  /**
   * Lines allowed between two numbered items. Larger, because items of an outer list can run for
   * pages; the successor check already keeps separate lists apart. Default 400.
   */
  maxOrderedGapLines?: number;
  /** Runs shorter than this are not lists. Default 2. */
  minItems?: number;
  /** An ordinal may skip this many values and still continue a run (lost lines). Default 1. */
  maxOrdinalSkip?: number;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanValue(s: string): number | null {
  const r = s.toLowerCase();
  if (!/^[ivxlc]+$/.test(r)) return null;
  let total = 0;
  for (let i = 0; i < r.length; i++) {
    const v = ROMAN[r[i]!]!;
    const n = ROMAN[r[i + 1] ?? ''] ?? 0;
    total += v < n ? -v : v;
  }
  // Reject non-canonical forms ("iiii", "vx") so words are not read as numerals.
  const canon = toRoman(total);
  return canon === r && total <= 50 ? total : null;
}

function toRoman(n: number): string {
  const table: [number, string][] = [[50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let out = '';
  for (const [v, s] of table) while (n >= v) {
    out += s;
    n -= v;
  }
  return out;
}

interface Interp {
  kind: EnumerationKind;
  style: string;
  ordinal: number | null;
}

// Bullets: common glyphs, private-use symbol-font glyphs (Word/Wingdings), and "o" as a sub-bullet.
const BULLET_RE = new RegExp(`^(${BULLET_GLYPH}|\\*|[-–—](?=\\s)|o(?=\\s+\\S))\\s*`, 'u');

function parseMarker(raw: string): { interps: Interp[]; marker: string; rest: string } | null {
  let text = raw.normalize('NFKC').trim();
  let bullet: string | null = null;
  const b = BULLET_RE.exec(text);
  if (b) {
    bullet = b[1]!;
    text = text.slice(b[0].length);
  }
  const tryOrdered = (): { interps: Interp[]; marker: string; rest: string } | null => {
    let m = /^\[(\d{1,4})\]\s*(?=\S)/.exec(text);
    if (m) return { interps: [{ kind: 'bracket', style: '[1]', ordinal: Number(m[1]) }], marker: m[0].trim(), rest: text.slice(m[0].length) };
    m = /^(Step|Task|Phase|Stage|Tier|Level|Part)\s+([A-Z]{1,2}-)?(\d{1,3})\b[.:)]?\s*/i.exec(text);
    if (m) {
      const label = m[1]!.toLowerCase();
      return { interps: [{ kind: 'label', style: `${label} ${m[2] ?? ''}`.trim(), ordinal: Number(m[3]) }], marker: m[0].trim(), rest: text.slice(m[0].length) };
    }
    m = /^(\()?(\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{2,6})([.)])\s+(?=\S)/.exec(text);
    if (!m) return null;
    const open = m[1] ?? '';
    const id = m[2]!;
    const close = m[3]!;
    if (open && close !== ')') return null;
    const shape = (core: string) => `${open}${core}${close}`;
    const interps: Interp[] = [];
    if (/^\d+$/.test(id)) interps.push({ kind: 'decimal', style: shape('1'), ordinal: Number(id) });
    else {
      const rv = romanValue(id);
      const lower = id === id.toLowerCase();
      if (id.length === 1) interps.push({ kind: lower ? 'alpha-lower' : 'alpha-upper', style: shape(lower ? 'a' : 'A'), ordinal: id.toLowerCase().charCodeAt(0) - 96 });
      if (rv !== null) interps.push({ kind: lower ? 'roman-lower' : 'roman-upper', style: shape(lower ? 'i' : 'I'), ordinal: rv });
      if (!interps.length) return null;
    }
    return { interps, marker: m[0].trim(), rest: text.slice(m[0].length) };
  };
  const ordered = tryOrdered();
  if (ordered) return { ...ordered, marker: bullet ? `${bullet} ${ordered.marker}` : ordered.marker };
  if (bullet) {
    if (!text) return null;
    const glyph = /[\uF000-\uF8FF]/u.test(bullet) ? '\uF0B7' : bullet === '–' || bullet === '—' ? '-' : bullet;
    return { interps: [{ kind: 'bullet', style: glyph, ordinal: null }], marker: bullet, rest: text };
  }
  return null;
}

interface Run {
  kind: EnumerationKind;
  style: string;
  items: EnumerationItem[];
  lastIndex: number;
  lastOrdinal: number | null;
  contiguous: boolean;
}

/** All list runs in reading order, nested ones included. */
export function findEnumerations(lines: CueLine[], opts: EnumerationOptions = {}): Enumeration[] {
  const maxGap = opts.maxGapLines ?? 12;
  const maxOrderedGap = opts.maxOrderedGapLines ?? 400;
  const minItems = opts.minItems ?? 2;
  const maxSkip = opts.maxOrdinalSkip ?? 1;
  const runs: Run[] = [];
  const open = new Map<string, Run>();
  const keyOf = (i: Interp) => `${i.kind}|${i.style}`;

  lines.forEach((line, idx) => {
    const pm = parseMarker(line.text);
    if (!pm) return;
    const item = (i: Interp): EnumerationItem => ({
      pageNum: line.pageNum,
      lineNum: line.lineNum,
      marker: pm.marker,
      ordinal: i.ordinal,
      text: pm.rest.trim(),
      ...(line.id !== undefined ? { lineId: line.id } : {}),
    });
    // Continue an open run when some reading of the marker is its successor ("i" after "h" is alpha).
    let best: { run: Run; interp: Interp; skip: number } | null = null;
    for (const interp of pm.interps) {
      const run = open.get(keyOf(interp));
      if (!run || idx - run.lastIndex > (interp.ordinal === null ? maxGap : maxOrderedGap)) continue;
      if (interp.ordinal === null) {
        best = { run, interp, skip: 0 };
        break;
      }
      const skip = interp.ordinal - (run.lastOrdinal ?? 0) - 1;
      if (skip >= 0 && skip <= maxSkip && (!best || skip < best.skip)) best = { run, interp, skip };
    }
    if (best) {
      best.run.items.push(item(best.interp));
      best.run.lastIndex = idx;
      best.run.lastOrdinal = best.interp.ordinal;
      if (best.skip > 0) best.run.contiguous = false;
      return;
    }
    // Start a run: "i" starts a roman list, other letters an alphabetic one.
    const start =
      pm.interps.find((i) => i.ordinal === 1) ??
      pm.interps.find((i) => i.kind === 'alpha-lower' || i.kind === 'alpha-upper') ??
      pm.interps[0]!;
    const run: Run = { kind: start.kind, style: start.style, items: [item(start)], lastIndex: idx, lastOrdinal: start.ordinal, contiguous: true };
    runs.push(run);
    open.set(keyOf(start), run);
  });

  return runs
    .filter((r) => r.items.length >= minItems)
    .map((r) => {
      const ordered = r.kind !== 'bullet';
      const first = r.items[0]!.ordinal;
      const last = r.items[r.items.length - 1]!.ordinal;
      return {
        kind: r.kind,
        style: r.style,
        count: r.items.length,
        ordered,
        first,
        last,
        contiguous: r.contiguous,
        startsAtOne: ordered ? first === 1 : true,
        items: r.items,
      };
    });
}

/**
 * The section's main enumeration: the run that starts first (outer lists start before the lists
 * nested in their items); on a tie the longer one.
 */
export function countEnumeration(lines: CueLine[], opts: EnumerationOptions = {}): Enumeration | null {
  const runs = findEnumerations(lines, opts);
  if (!runs.length) return null;
  const pos = (e: Enumeration) => {
    const f = e.items[0]!;
    return lines.findIndex((l) => l.pageNum === f.pageNum && l.lineNum === f.lineNum);
  };
  let best = runs[0]!;
  for (const r of runs.slice(1)) {
    const pr = pos(r);
    const pb = pos(best);
    if (pr < pb || (pr === pb && r.count > best.count)) best = r;
  }
  return best;
}

/** A heading's words: each opens with a capital, function words aside, and no full stop closes it. */
function titleCased(rest: string): boolean {
  const words = rest.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || /\.\s*$/.test(rest)) return false;
  return words.every((w) => /^\p{Lu}/u.test(w) || FUNCTION_WORDS.has(w.toLowerCase()));
}
