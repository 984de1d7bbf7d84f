import { CAPITAL_WORD, DASH_LETTERS, DASH_NUMBER, DOTTED, DOTTED_DASH, LETTER_PREFIX, NUM, WILDCARD, escapeRegex as esc } from '../../lexicon/identifiers.ts';

/**
 * Identifier shapes a pattern sweep can induce. Each has a JS regex (for extraction, with word
 * boundaries) and a generaliser that turns one example into the family's regex
 * (`GV.OC-01` -> `GV\.[A-Z]{2}-\d{2}` with the anchor prefix kept literal).
 */
export interface CodeShape {
  name: string;
  find: RegExp; // global, finds instances in a line
  generalise(example: string, keepPrefix: boolean): string; // regex source (JS and Postgres compatible, no \b)
  prefix(example: string): string;
}

/**
 * The example's own shape: each run of capitals, lower case or digits by its length, so siblings
 * of one family match and other families do not. A one-digit number may have two-digit siblings.
 */
function shapeOf(s: string): string {
  return s.replace(/[A-Z]+|[a-z]+|\d+|./g, (m) => {
    if (/^[A-Z]+$/.test(m)) return `[A-Z]{${m.length}}`;
    if (/^[a-z]+$/.test(m)) return `[a-z]{${m.length}}`;
    if (/^\d+$/.test(m)) return m.length === 1 ? '\\d{1,2}' : `\\d{${m.length}}`;
    return esc(m);
  });
}

/**
 * The shapes, built from the identifier grammar (src/lexicon/identifiers.ts). A sweep lists one
 * level of one family, so each shape is one level of a grammar form: the word-number and V-number
 * shapes take a fixed depth, and a dash code's enhancements ("AC-2(1)") are the level below it,
 * not part of the family the sweep lists.
 */
export const CODE_SHAPES: CodeShape[] = [
  {
    // GV.OC-01, ID.AM-08, PR.AA-05
    name: 'dotted-dash',
    find: new RegExp(String.raw`\b${DOTTED_DASH}\b`, 'g'),
    prefix: (e) => e.split('.')[0]!,
    generalise: (e, keep) => (keep ? `${esc(e.split('.')[0]!)}\\.` + shapeOf(e.slice(e.indexOf('.') + 1)) : shapeOf(e)),
  },
  {
    // GV.OC, ID.AM (category codes)
    name: 'dotted',
    find: new RegExp(String.raw`\b${DOTTED}\b(?![-.]\w)`, 'g'),
    prefix: (e) => e.split('.')[0]!,
    generalise: (e, keep) => (keep ? `${esc(e.split('.')[0]!)}\\.` + shapeOf(e.slice(e.indexOf('.') + 1)) : shapeOf(e)),
  },
  {
    // GOVERN 1.1, MEASURE 2.10: the subcategories of a family word (one dotted level).
    name: 'word-number',
    find: new RegExp(String.raw`\b${CAPITAL_WORD}\s${NUM}\.${NUM}\b`, 'g'),
    prefix: (e) => e.split(/\s/)[0]!,
    generalise: (e, keep) => `${keep ? esc(e.split(/\s/)[0]!) : CAPITAL_WORD} ${NUM}\\.${NUM}`,
  },
  {
    // AC-2, P-13, R-4, SA-11
    name: 'letters-dash-number',
    find: new RegExp(String.raw`\b${DASH_NUMBER}\b(?!\.\d)`, 'g'),
    prefix: (e) => e.split('-')[0]!,
    generalise: (e, keep) => `${keep ? esc(e.split('-')[0]!) : DASH_LETTERS}-${NUM}`,
  },
  {
    // V3.2, V3.2.1, A1.2: one or two dotted levels under a letter-prefixed chapter number.
    name: 'v-number',
    find: new RegExp(String.raw`\b${LETTER_PREFIX}${NUM}(?:\.${NUM}){1,2}\b`, 'g'),
    prefix: (e) => e.split('.')[0]!,
    generalise: (e, keep) => {
      const [head] = e.split('.');
      const tail = `\\.${NUM}`.repeat(e.split('.').length - 1);
      return keep ? `${esc(head!)}${tail}` : `${shapeOf(head!.replace(/\d+$/, ''))}${NUM}${tail}`;
    },
  },
];

/**
 * The level above a shape's codes, for the shapes a family's grammar nests ("GOVERN 1" holds
 * "GOVERN 1.1", "GV.OC" holds "GV.OC-01"). Not a shape of its own in the sweep's candidates:
 * a bare "WORD n" is too common in prose to be induced from counts alone.
 */
const UPPER_LEVEL: Record<string, CodeShape> = {
  'word-number': {
    name: 'word-number-top',
    find: new RegExp(String.raw`\b${CAPITAL_WORD}\s${NUM}\b(?!\.\d)`, 'g'),
    prefix: (e) => e.split(/\s/)[0]!,
    generalise: (e, keep) => `${keep ? esc(e.split(/\s/)[0]!) : CAPITAL_WORD} ${NUM}`,
  },
};

export function upperLevelOf(name: string): CodeShape | undefined {
  return UPPER_LEVEL[name] ?? (name === 'dotted-dash' ? shapeByName('dotted') : undefined);
}

export function shapeByName(name: string): CodeShape | undefined {
  return CODE_SHAPES.find((s) => s.name === name);
}

/** Which shape (if any) an identifier given in a question has. */
export function shapeOfCode(code: string): { shape: CodeShape; example: string } | null {
  const c = code.trim();
  for (const s of CODE_SHAPES) {
    const re = new RegExp(`^${s.find.source}$`);
    if (re.test(c)) return { shape: s, example: c };
  }
  // "MEASURE 2.x" style: a wildcard on the last number.
  const wild = WILD_WORD_NUMBER.exec(c);
  if (wild) return { shape: { ...shapeByName('word-number')!, generalise: () => `${wild[1]} ${wild[2]}\\.${NUM}` }, example: `${wild[1]} ${wild[2]}.1` };
  return null;
}

const WILD_WORD_NUMBER = new RegExp(String.raw`^(${CAPITAL_WORD})\s(${NUM})\.${WILDCARD}$`);
