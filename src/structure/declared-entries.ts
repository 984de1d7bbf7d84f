/**
 * An API reference that heads each function's entry by its declaration, in the text's own face:
 *
 *   void _cmsMAT3identity(cmsMAT3* a);
 *   Fills "a" with identity matrix
 *   Parameters: ...
 *   cmsBool _cmsMAT3isIdentity(const cmsMAT3* a);
 *
 * Each declaration (a return type, the function's name, its parameters in brackets, closed by a
 * semicolon, over one line or a few) opens an entry named by the function; the entry runs to the
 * next declaration. Three entries at least, in one run no heading interrupts, else a declaration
 * or two are examples in the text. Declarations set in a code face of their own are the code
 * blocks of hanging-lists.ts; a usage with defaults is a call signature (call-signatures.ts).
 */

import type { ParsedLine } from '../parse/types.ts';
import { FUNCTION_NAME } from '../lexicon/identifiers.ts';
import { joinParts, lastSentence, type StructItem, type StructList } from './lists.ts';
import { termList } from './hanging-lists.ts';

const MIN_ENTRIES = 3;
/** Lines a declaration may run over before its closing ");". */
const MAX_DECLARATION_LINES = 3;
/** Lines an entry's text may run to without the next declaration: past them the run is over. */
const MAX_ENTRY_LINES = 40;
/** Lines read back before the first declaration for the sentence that introduces the entries. */
const INTRO_LINES = 8;

/** A return type (one word or more, pointers allowed), then the name and its opening bracket. */
const OPENS = new RegExp(String.raw`^(?:const\s+)?[\p{L}_][\p{L}\d_]*(?:\s*\*+\s*|\s+)(?:[\p{L}_][\p{L}\d_]*(?:\s*\*+\s*|\s+))*(${FUNCTION_NAME})\s*\(`, 'u');
const CLOSES = /\)\s*;\s*$/;
/** A line of code, not a sentence: braces, a semicolon at its end, or a preprocessor line. */
const CODE_LINE = /[{};]\s*$|^\s*#/;

export function detectDeclaredEntries(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; isHeading: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  // A bold line the document sets again and again ("Parameters:", "Returns:") labels a field of
  // every entry: it ends none. Only a heading of its own does.
  const times = new Map<string, number>();
  for (const l of body) if (opts.isHeading(l)) times.set(l.text.trim(), (times.get(l.text.trim()) ?? 0) + 1);
  const isHeading = (l: ParsedLine) => opts.isHeading(l) && times.get(l.text.trim()) === 1;
  /** The declaration opening at body[i]: its name and how many lines it takes. */
  const declarationAt = (i: number): { name: string; span: number } | null => {
    const m = OPENS.exec(body[i]!.text.trim());
    if (!m || /^(?:return|else|if|while|for|switch)\b/.test(body[i]!.text.trim())) return null;
    for (let k = 0; k < MAX_DECLARATION_LINES && i + k < body.length; k++) {
      if (k > 0 && body[i + k]!.pageNum !== body[i]!.pageNum) return null;
      if (CLOSES.test(body[i + k]!.text.trim())) return { name: m[1]!, span: k + 1 };
    }
    return null;
  };
  const out: StructList[] = [];
  let i = 0;
  while (i < body.length) {
    const first = declarationAt(i);
    if (!first) {
      i++;
      continue;
    }
    const start = i;
    const entries: { name: string; lines: ParsedLine[] }[] = [];
    let endedBy: 'heading' | 'end' = 'end';
    let j = i;
    let decl: { name: string; span: number } | null = first;
    while (decl) {
      let k = j + decl.span;
      let next: { name: string; span: number } | null = null;
      while (k < body.length && k - j <= MAX_ENTRY_LINES && !isHeading(body[k]!) && !(next = declarationAt(k))) k++;
      entries.push({ name: decl.name, lines: body.slice(j, k) });
      if (k < body.length && isHeading(body[k]!)) endedBy = 'heading';
      if (!next || k - j > MAX_ENTRY_LINES) {
        j = k;
        break;
      }
      j = k;
      decl = next;
    }
    i = Math.max(j, start + 1);
    if (entries.length < MIN_ENTRIES) continue;
    const items: StructItem[] = entries.map((e, n) => ({
      ordinal: n + 1,
      marker: '',
      label: e.name,
      text: joinParts(e.lines.map((l) => l.text)),
      lines: e.lines.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })),
    }));
    const intro = introBefore(body, start, isHeading);
    out.push(termList(opts.firstIndex + out.length, items, intro?.text ?? null, intro?.line ?? null, endedBy, 'headed'));
  }
  return out;
}

/** The last sentence of prose between the heading above and the first declaration, code lines left out. */
function introBefore(body: ParsedLine[], first: number, isHeading: (l: ParsedLine) => boolean): { text: string; line: { pageNum: number; lineNum: number } } | null {
  const prose: ParsedLine[] = [];
  for (let k = first - 1; k >= Math.max(0, first - INTRO_LINES) && !isHeading(body[k]!) && body[k]!.pageNum >= body[first]!.pageNum - 1; k--) {
    if (!CODE_LINE.test(body[k]!.text.trim()) && /\p{L}{2}/u.test(body[k]!.text)) prose.unshift(body[k]!);
    else if (prose.length) break;
  }
  if (!prose.length) return null;
  const sentence = lastSentence(joinParts(prose.map((l) => l.text)));
  return sentence ? { text: sentence.text, line: { pageNum: prose.at(-1)!.pageNum, lineNum: prose.at(-1)!.lineNum } } : null;
}
