/**
 * A call written out with its parameters: a function's usage in a manual or a paper,
 *
 *   The complete usage of setMethodS3() is:
 *   setMethodS3(name, class="default", definition, private=FALSE, protected=FALSE,
 *               static=FALSE, abstract=FALSE, ...)
 *
 * Its parameters are a list, each named before its default ("private", its text "private=FALSE"),
 * closed by the call's own bracket. Only a call whose every part between its top-level commas is
 * a name, or a name with a default, is a signature, and one default at least says so: a call
 * with values ("f(x, 3)", "extend(Object(), \"Account\")") is a use of the function, and a C
 * prototype ("int f(const char* s)") is read by the code blocks of hanging-lists.ts.
 */

import type { ParsedLine } from '../parse/types.ts';
import { lastSentence, type StructList } from './lists.ts';
import { FUNCTION_NAME } from '../lexicon/identifiers.ts';

/** Lines a signature may run over. */
const MAX_LINES = 6;
/** Parameters a signature has at least: fewer are a call's arguments as often as a usage. */
const MIN_PARAMETERS = 3;

const CALL_OPEN = new RegExp(String.raw`(?<![\p{L}\d_.$])(${FUNCTION_NAME})\(`, 'gu');
const PARAMETER = /^(\.\.\.|[\p{L}_.][\p{L}\d_.]*)(\s*=\s*\S[\s\S]*)?$/u;

export function detectCallSignatures(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  const out: StructList[] = [];
  const taken = new Set<ParsedLine>();
  for (let i = 0; i < body.length; i++) {
    if (taken.has(body[i]!)) continue;
    for (const m of body[i]!.text.matchAll(CALL_OPEN)) {
      const found = signatureAt(body, i, m.index! + m[0].length);
      if (!found) continue;
      const { parts, used } = found;
      used.forEach((l) => taken.add(l));
      const before = body[i - 1];
      const said = before && before.pageNum >= body[i]!.pageNum - 1 && /:\s*$/.test(before.text) ? lastSentence(before.text)?.text : undefined;
      const intro = said ?? `${m[1]}()`;
      out.push({
        index: opts.firstIndex + out.length,
        parentList: null,
        parentItem: null,
        depth: 0,
        kind: 'series',
        style: 'code',
        intro,
        heading: null,
        introLine: before && said ? { pageNum: before.pageNum, lineNum: before.lineNum } : null,
        items: parts.map((p, k) => ({ ordinal: k + 1, marker: '', label: p.name, text: p.text, lines: [{ pageNum: p.line.pageNum, lineNum: p.line.lineNum }] })),
        sequential: true,
        // The call's closing bracket is the list's end, reached.
        endedBy: 'text',
        gapAfter: false,
        pageStart: used[0]!.pageNum,
        pageEnd: used.at(-1)!.pageNum,
      });
      break;
    }
  }
  return out;
}

interface Parameter {
  name: string;
  text: string;
  line: ParsedLine;
}

/** The parameters of the call opened at `from` in line `i`, read to its closing bracket; null when it is no signature. */
function signatureAt(body: ParsedLine[], i: number, from: number): { parts: Parameter[]; used: ParsedLine[] } | null {
  const used: ParsedLine[] = [];
  const parts: Parameter[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  let currentLine: ParsedLine | null = null;
  for (let k = i; k < body.length && k - i < MAX_LINES; k++) {
    const line = body[k]!;
    if (k > i && line.pageNum > body[k - 1]!.pageNum + 1) return null;
    used.push(line);
    const text = k === i ? line.text.slice(from) : ` ${line.text.trim()}`;
    for (const c of text) {
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) {
        if (depth === 0) {
          parts.push({ ...named(current), line: currentLine ?? line });
          return parts.every((p) => p.name) && parts.length >= MIN_PARAMETERS && parts.some((p) => p.text.includes('=')) ? { parts, used } : null;
        }
        depth--;
      } else if (c === ',' && depth === 0) {
        parts.push({ ...named(current), line: currentLine ?? line });
        current = '';
        currentLine = null;
        continue;
      }
      if (!currentLine && c.trim()) currentLine = line;
      current += c;
    }
  }
  return null;
}

function named(raw: string): { name: string; text: string } {
  const text = raw.trim().replace(/\s+/g, ' ');
  const m = PARAMETER.exec(text);
  return { name: m ? m[1]! : '', text };
}
