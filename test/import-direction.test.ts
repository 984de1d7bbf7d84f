import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folders of src/ follow the data's way (producer -> queue -> workers -> parse -> structure ->
 * question -> retrieval/listing -> answer -> db), and imports may not run against it: a stage does
 * not reach into a later one (the parse thread runs toc and structure, which name parse's types
 * only), neutral modules (text, lexicon, db) reach into no stage, and the storage and tracing
 * layers name a stage's types only. No module imports itself round a cycle.
 */

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const SRC = 'src';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(?:ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts') ? [p] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const out: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4]!;
    out.push({ from: file, to: normalize(join(dirname(file), spec)), typeOnly: m[2] !== undefined });
  }
  return out;
}

/** The folder under src/ a file belongs to; files directly in src/ are shared ("root"). */
function folder(file: string): string {
  const parts = relative(SRC, file).split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : 'root';
}

const FILES = sources(SRC);
const EDGES = FILES.flatMap(edgesOf);

/** The question side in the order the data goes; a folder may import earlier ones, not later. */
const QUESTION_FLOW = [['question'], ['route', 'search'], ['listing'], ['answer'], ['corpus']];
/** What runs the pipeline from outside; no stage imports it. */
const DRIVERS = ['workers', 'producer', 'cli', 'eval', 'report'];
/** Reading the document: runs before any question is read. */
const INGEST = ['parse', 'structure', 'toc'];
/** Shared by every stage, importing none. */
const NEUTRAL = ['text', 'lexicon', 'db'];
/** Storage, model client and trace: they store or carry a stage's values, so they may name its types. */
const TYPES_ONLY = ['sql', 'llm', 'trace'];

const QUESTION_SIDE = QUESTION_FLOW.flat();
const STAGES = [...QUESTION_SIDE, ...INGEST, 'queue'];

function why(e: Edge): string | null {
  const a = folder(e.from);
  const b = folder(e.to);
  if (a === b || b === 'root') return null;
  const rank = (f: string) => QUESTION_FLOW.findIndex((g) => g.includes(f));
  if (rank(a) >= 0 && rank(b) > rank(a)) return `${a} comes before ${b} on the question side`;
  if (DRIVERS.includes(b) && (STAGES.includes(a) || NEUTRAL.includes(a) || TYPES_ONLY.includes(a))) return `${b} drives the pipeline; ${a} may not import it`;
  if (INGEST.includes(a) && QUESTION_SIDE.includes(b)) return `${a} reads the document before any question; it may not import ${b}`;
  if ((a === 'structure' || a === 'toc') && b === 'parse' && !e.typeOnly) return `the parse thread runs ${a}; ${a} may import only the types of parse`;
  if (a === 'toc' && b === 'structure') return 'the structure is built on the toc’s index; toc may not import it';
  if (NEUTRAL.includes(a) && !NEUTRAL.includes(b)) return `${a} is shared by every stage and imports none`;
  if (TYPES_ONLY.includes(a) && !e.typeOnly && !NEUTRAL.includes(b) && !TYPES_ONLY.includes(b)) return `${a} may import only the types of ${b}`;
  return null;
}

describe('import direction', () => {
  it('finds the imports it checks', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(EDGES.some((e) => e.from.endsWith(join('answer', 'answer-question.ts')) && e.to.endsWith(join('listing', 'dispatch.ts')))).toBe(true);
    expect(EDGES.some((e) => e.typeOnly)).toBe(true);
  });

  it('no import runs against the data’s way', () => {
    const bad = EDGES.flatMap((e) => {
      const w = why(e);
      return w ? [`${e.from} -> ${e.to}: ${w}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('no import cycle between modules', () => {
    const next = new Map<string, Set<string>>();
    for (const e of EDGES) next.set(e.from, (next.get(e.from) ?? new Set<string>()).add(e.to));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      path.push(f);
      for (const g of next.get(f) ?? []) {
        if (state.get(g) === 'open') cycles.push([...path.slice(path.indexOf(g)), g].join(' -> '));
        else if (!state.has(g) && next.has(g)) visit(g);
      }
      path.pop();
      state.set(f, 'done');
    };
    for (const f of FILES) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
