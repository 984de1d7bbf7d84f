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

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function shapeOf(s: string): string {
  return s.replace(/[A-Z]+|[a-z]+|\d+|./g, (m) => {
    if (/^[A-Z]+$/.test(m)) return `[A-Z]{${m.length}}`;
    if (/^[a-z]+$/.test(m)) return `[a-z]{${m.length}}`;
    if (/^\d+$/.test(m)) return m.length === 1 ? '\\d{1,2}' : `\\d{${m.length}}`;
    return esc(m);
  });
}

export const CODE_SHAPES: CodeShape[] = [
  {
    // GV.OC-01, ID.AM-08, PR.AA-05
    name: 'dotted-dash',
    find: /\b[A-Z]{1,4}\.[A-Z]{1,4}-\d{1,3}\b/g,
    prefix: (e) => e.split('.')[0]!,
    generalise: (e, keep) => (keep ? `${esc(e.split('.')[0]!)}\\.` + shapeOf(e.slice(e.indexOf('.') + 1)) : shapeOf(e)),
  },
  {
    // GV.OC, ID.AM (category codes)
    name: 'dotted',
    find: /\b[A-Z]{2}\.[A-Z]{2}\b(?![-.]\w)/g,
    prefix: (e) => e.split('.')[0]!,
    generalise: (e, keep) => (keep ? `${esc(e.split('.')[0]!)}\\.[A-Z]{2}` : '[A-Z]{2}\\.[A-Z]{2}'),
  },
  {
    // GOVERN 1.1, MEASURE 2.10, MAP 5
    name: 'word-number',
    find: /\b[A-Z]{3,}\s\d{1,2}\.\d{1,2}\b/g,
    prefix: (e) => e.split(/\s/)[0]!,
    generalise: (e, keep) => (keep ? `${esc(e.split(/\s/)[0]!)} \\d{1,2}\\.\\d{1,2}` : '[A-Z]{3,} \\d{1,2}\\.\\d{1,2}'),
  },
  {
    // AC-2, P-13, R-4, SA-11
    name: 'letters-dash-number',
    find: /\b[A-Z]{1,3}-\d{1,3}\b(?!\.\d)/g,
    prefix: (e) => e.split('-')[0]!,
    generalise: (e, keep) => (keep ? `${esc(e.split('-')[0]!)}-\\d{1,3}` : '[A-Z]{1,3}-\\d{1,3}'),
  },
  {
    // V3.2, V3.2.1
    name: 'v-number',
    find: /\bV\d{1,2}(\.\d{1,2}){1,2}\b/g,
    prefix: (e) => e.split('.')[0]!,
    generalise: (e, keep) => {
      const depth = e.split('.').length - 1;
      const tail = '\\.\\d{1,2}'.repeat(depth);
      return keep ? `${esc(e.split('.')[0]!)}${tail}` : `V\\d{1,2}${tail}`;
    },
  },
];

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
  const wild = /^([A-Z]{3,})\s(\d{1,2})\.[xX*]$/.exec(c);
  if (wild) return { shape: { ...shapeByName('word-number')!, generalise: () => `${wild[1]} ${wild[2]}\\.\\d{1,2}` }, example: `${wild[1]} ${wild[2]}.1` };
  return null;
}
