/**
 * Records of labelled fields: blocks that set the same field labels again and again, in the same
 * order ("LATEX name: OT1 / Public name: TEX text / Author: ..." then "LATEX name: OT2 / ..."), as
 * registries, option references and catalogues do. The readers before this one see each block
 * as a list of its fields (a two-column table, "Label: value" entries); what the document lists
 * is the records, each named by the value of its first field. The field blocks stay, nested in
 * their record: a level below the records, as a record's fields are.
 *
 * Whole only when earned: a record list is sequential (closed once its section ends) when every
 * line of the document that opens with the first field's label opened one of its records, so no
 * record set another way was missed.
 */

import type { ParsedLine } from '../parse/types.ts';
import { escapeRegex } from '../lexicon/identifiers.ts';
import { readingPosition } from '../text/position.ts';
import type { LineRef, StructItem, StructList } from './lists.ts';

/** A field label is a name: a few words before its colon. */
const LABEL_MAX_CHARS = 40;
/** A block of fewer fields is a pair of notes, not a record. */
const MIN_FIELDS = 3;
/** A record is named by its first field: a name of a few words, with a letter in it ("OT1", "T2A, T2B, T2C"). */
const NAME_MAX_WORDS = 6;
const isName = (v: string) => v.split(/\s+/).length <= NAME_MAX_WORDS && /\p{L}/u.test(v);

interface Field {
  label: string;
  value: string;
}

interface Block {
  list: StructList;
  fields: Field[];
}

/** The item as "Label: value" (a field), or null: its text opens with its label and a colon. */
function fieldOf(item: StructItem): Field | null {
  const label = item.label.trim().replace(/:$/, '');
  if (!label || label.length > LABEL_MAX_CHARS || !item.text.startsWith(label)) return null;
  const rest = /^\s*:\s*(?:\|\s*)?(.*)$/s.exec(item.text.slice(label.length));
  return rest ? { label, value: rest[1]!.replace(/\s*\|\s*/g, ' ').trim() } : null;
}

function blockOf(list: StructList): Block | null {
  if (list.parentList !== null || list.items.length < MIN_FIELDS) return null;
  const fields = list.items.map(fieldOf);
  if (fields.some((f) => f === null)) return null;
  return { list, fields: fields as Field[] };
}

const key = (label: string) => label.toLowerCase().replace(/\s+/g, ' ');
const at = (r: LineRef) => readingPosition(r.pageNum, r.lineNum);

/**
 * The record lists of a document: for each first field label that opens two blocks or more (each
 * sharing its second label with the first block), one list of all of them and, when they sit in
 * several sections, one list per section nested in it. Field blocks are re-parented under their
 * record (mutated in place).
 */
export function detectRecords(
  lists: StructList[],
  lines: ParsedLine[],
  opts: {
    sectionOf: (l: StructList) => { id: number; title: string } | null;
    /** The innermost section holding all those given: where records gathered over several sections belong. */
    commonSection: (ids: number[]) => number | null;
    outsideText: (l: ParsedLine) => boolean;
    firstIndex: number;
  },
): StructList[] {
  const byFirst = new Map<string, Block[]>();
  for (const l of lists) {
    const b = blockOf(l);
    if (!b) continue;
    const k = key(b.fields[0]!.label);
    byFirst.set(k, [...(byFirst.get(k) ?? []), b]);
  }
  const out: StructList[] = [];
  for (const [first, found] of byFirst) {
    const second = key(found[0]!.fields[1]!.label);
    // The same list set out twice (its entries' labels repeated, a sentence each) is no record set:
    // a record's first field names it.
    const blocks = found.filter((b) => key(b.fields[1]!.label) === second && isName(b.fields[0]!.value)).sort((a, b) => at(a.list.items[0]!.lines[0]!) - at(b.list.items[0]!.lines[0]!));
    if (blocks.length < 2) continue;
    // Every line opening with the first label is one of these records' first lines: none missed.
    const opening = new RegExp(`^\\s*${escapeRegex(first).replace(/ /g, '\\s+')}\\s*:`, 'i');
    const openers = lines.filter((l) => !opts.outsideText(l) && opening.test(l.text)).length;
    const whole = openers === blocks.length;
    const sections = new Map<number | null, Block[]>();
    for (const b of blocks) {
      const s = opts.sectionOf(b.list)?.id ?? null;
      sections.set(s, [...(sections.get(s) ?? []), b]);
    }
    const all = recordList(blocks, opts.firstIndex + out.length, null, 0, null, whole);
    out.push(all);
    if (sections.size > 1) {
      const ids = [...sections.keys()];
      all.sectionId = ids.includes(null) ? null : opts.commonSection(ids as number[]);
      for (const part of sections.values()) {
        const title = opts.sectionOf(part[0]!.list)?.title ?? null;
        const sub = recordList(part, opts.firstIndex + out.length, all.index, 1, title, whole);
        out.push(sub);
        nest(part, sub);
      }
    } else nest(blocks, all);
  }
  return out;
}

function recordList(blocks: Block[], index: number, parentList: number | null, depth: number, heading: string | null, whole: boolean): StructList {
  const items: StructItem[] = blocks.map((b, i) => ({
    ordinal: i + 1,
    marker: '',
    label: b.fields[0]!.value,
    text: b.fields.map((f) => `${f.label}: ${f.value}`).join('; '),
    lines: b.list.items.flatMap((it) => it.lines).sort((x, y) => at(x) - at(y)),
  }));
  return {
    index,
    parentList,
    parentItem: null,
    depth,
    kind: 'record',
    style: 'fields',
    intro: blocks[0]!.list.intro,
    heading,
    introLine: blocks[0]!.list.introLine,
    items,
    sequential: whole,
    endedBy: 'heading',
    gapAfter: false,
    pageStart: items[0]!.lines[0]!.pageNum,
    pageEnd: items.at(-1)!.lines.at(-1)!.pageNum,
  };
}

/** Each field block becomes the nested list of its record's item. */
function nest(blocks: Block[], records: StructList): void {
  blocks.forEach((b, i) => {
    b.list.parentList = records.index;
    b.list.parentItem = i;
    b.list.depth = records.depth + 1;
  });
}
