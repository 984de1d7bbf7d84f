/**
 * An enumeration declared in a code listing lists its members:
 *
 *   enum RTLIL::State {
 *       S0 = 0,
 *       S1 = 1,
 *       Sx = 2, // undefined value or conflict
 *   };
 *
 * The declaration's braces bound the members, so the list is whole where the closing brace
 * stands. Each member is named by its identifier; a value after "=" and a comment after "//"
 * are its text. A declaration on one line ("enum mode { READ, WRITE };") lists its members too.
 * The sentence that introduces the listing (closed by a colon on the line before it) is the
 * list's intro, else the declaration itself.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, type StructItem, type StructList } from './lists.ts';
import { termList } from './hanging-lists.ts';

/** "enum Name {", "typedef enum {", "enum class Name : int {": the opening of a declaration. */
const OPENS = /^(?:typedef\s+)?enum(?:\s+(?:class|struct))?(?:\s+([\p{L}_][\p{L}\d_]*(?:\s*::\s*[\p{L}_][\p{L}\d_]*)*))?(?:\s*:\s*[\p{L}_][\p{L}\d_ ]*)?\s*\{(.*)$/u;
/** A member: its identifier, an optional value, an optional comma, an optional comment. */
const MEMBER = /^([\p{L}_][\p{L}\d_]*)\s*(?:=\s*[^,/]+?)?\s*,?\s*(?:\/\/.*|\/\*.*)?$/u;
const CLOSES = /^\}/;
const MIN_MEMBERS = 2;
/** Lines a declaration may run over before its closing brace. */
const MAX_LINES = 200;

export function detectEnumMembers(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const body = lines.filter((l) => !opts.outsideText(l) && l.text.trim());
  const out: StructList[] = [];
  for (let i = 0; i < body.length; i++) {
    const open = OPENS.exec(body[i]!.text.trim());
    if (!open) continue;
    const members: { name: string; lines: ParsedLine[] }[] = [];
    let closed = false;
    const rest = open[2]!.trim();
    let j = i + 1;
    if (rest) {
      // Declared on one line: the members stand between the braces.
      const inner = /^(.*?)\}/.exec(rest);
      if (!inner) continue;
      for (const part of inner[1]!.split(',')) {
        const m = MEMBER.exec(part.trim());
        if (m) members.push({ name: m[1]!, lines: [body[i]!] });
      }
      closed = true;
    } else {
      for (; j < body.length && j - i <= MAX_LINES; j++) {
        const t = body[j]!.text.trim();
        if (CLOSES.test(t)) {
          closed = true;
          break;
        }
        const m = MEMBER.exec(t);
        if (m) members.push({ name: m[1]!, lines: [body[j]!] });
        // A comment or a preprocessor line between members belongs to none; anything else is no enumeration.
        else if (!/^(?:\/\/|\/\*|\*|#)/.test(t)) break;
      }
    }
    if (!closed || members.length < MIN_MEMBERS) continue;
    const items: StructItem[] = members.map((m, n) => ({
      ordinal: n + 1,
      marker: '',
      label: m.name,
      text: joinParts(m.lines.map((l) => l.text)),
      lines: m.lines.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })),
    }));
    const before = body[i - 1];
    const introduced = before && before.pageNum === body[i]!.pageNum && /:\s*$/.test(before.text.trim());
    const intro = introduced ? before : body[i]!;
    // The closing brace bounds the members: the declaration is whole.
    out.push(termList(opts.firstIndex + out.length, items, introduced ? `${before.text.trim()} ${body[i]!.text.trim()}` : body[i]!.text.trim(), { pageNum: intro.pageNum, lineNum: intro.lineNum }, 'text', 'code'));
    if (!rest) i = j;
  }
  return out;
}
