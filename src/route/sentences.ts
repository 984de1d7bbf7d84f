/**
 * Sentences out of stored lines: wrapped lines are joined (a hyphen broken across a line end is
 * mended), a sentence ends at its terminal punctuation or where a new block starts (a heading, a
 * list marker, a line that ends in a colon). Each sentence keeps the pieces of the lines it spans,
 * so a quote of it cites every line verbatim.
 */
export interface SentenceLine {
  pageNum: number;
  lineNum: number;
  text: string;
  bold?: boolean;
}

export interface SentencePiece {
  /** Index of the line in the input array. */
  index: number;
  start: number;
  end: number;
}

export interface Sentence {
  text: string;
  pieces: SentencePiece[];
}

/** Common English abbreviations whose period ends no sentence. */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'al', 'fig', 'no', 'nos', 'sec', 'art', 'para', 'pp', 'p', 'vol', 'ed', 'eds', 'rev', 'mr', 'ms', 'dr', 'st', 'inc', 'ltd', 'co', 'jr', 'sr', 'u.s', 'approx', 'dept', 'esp', 'incl']);

/** A line that opens a list item or a new point: a new block for sentences, and the end of a passage (answer/factual.ts). */
export const MARKER = /^\s*(?:[•●▪◦‣∙·\-–—*]|\(?[a-z]{1,3}\)|\(?\d{1,3}[.)](?!\d)|[A-Z][.)](?=\s))\s+/;
const MAX_LINES = 6;

export function splitSentences(lines: SentenceLine[]): Sentence[] {
  const out: Sentence[] = [];
  let text = '';
  let pieces: SentencePiece[] = [];
  const flush = () => {
    const t = text.trim();
    if (t && pieces.length) out.push({ text: t, pieces });
    text = '';
    pieces = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const raw = line.text;
    if (!raw.trim()) continue;
    const prev = i > 0 ? lines[i - 1]! : null;
    // A new block starts a new sentence.
    if (pieces.length && (MARKER.test(raw) || line.bold !== prev?.bold || /[:;]\s*$/.test(prev?.text ?? '') || pieces.length >= MAX_LINES)) flush();
    // Split the line at sentence ends inside it.
    let from = 0;
    for (const cut of sentenceEnds(raw)) {
      appendPiece(i, from, cut);
      flush();
      from = cut;
    }
    if (raw.slice(from).trim()) appendPiece(i, from, raw.length);
  }
  flush();
  return out;

  function appendPiece(index: number, start: number, end: number) {
    const piece = lines[index]!.text.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    const s = start + lead;
    const e = start + piece.trimEnd().length;
    if (e <= s) return;
    const part = lines[index]!.text.slice(s, e);
    if (!text) text = part;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(part)) text = text.slice(0, -1) + part;
    else text += ' ' + part;
    pieces.push({ index, start: s, end: e });
  }
}

/** Offsets just after each sentence end inside a line (the end of the line itself is not one). */
function sentenceEnds(s: string): number[] {
  const cuts: number[] = [];
  const end = s.trimEnd().length;
  const re = /([.!?])["”’)]?(?=\s+["“(]?[\p{Lu}\d]|\s*$)/gu;
  for (const m of s.matchAll(re)) {
    const at = m.index! + m[0].length;
    if (m[1] === '.') {
      const word = /([\p{L}.]+)\.$/u.exec(s.slice(0, m.index! + 1))?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
      // A number that opens the line ("3. The", "2.1. Scope") is a marker, not a sentence end.
      if (/^\s*[\d.]+$/.test(s.slice(0, m.index!))) continue;
    }
    // Terminal punctuation at the end of the line closes the sentence there.
    cuts.push(at >= end ? s.length : at);
  }
  return cuts;
}

/** Sentences this short are headings or labels more often than statements. */
export const SHORT_SENTENCE_WORDS = 6;

/** Lines whose word shape recurs this often in the text read are furniture (running headers, table column labels). */
export const FURNITURE_REPEATS = 3;

/**
 * How much a sentence can count as an answer, before any question: a short one (a heading, a
 * table label) half, one whose words recur in three or more places (a running table header, a
 * repeated heading) a third, and so does one stacked mostly from lines that each recur three or
 * more times (a table's header block: "ISO/IEC 27001 / SECURITY REQUIREMENTS / Relevant
 * Controls" over every table). Without `lines`, only the sentence's own shape is counted.
 */
export function sentencePriors(sentences: { text: string; pieces?: SentencePiece[] }[], lines?: { text: string }[]): number[] {
  const counts = new Map<string, number>();
  for (const s of sentences) counts.set(shape(s.text), (counts.get(shape(s.text)) ?? 0) + 1);
  const lineShapes = lines?.map((l) => shape(l.text)) ?? [];
  const lineCounts = new Map<string, number>();
  for (const sh of lineShapes) if (sh) lineCounts.set(sh, (lineCounts.get(sh) ?? 0) + 1);
  return sentences.map((s) => {
    let w = 1;
    if (s.text.split(/\s+/).length < SHORT_SENTENCE_WORDS) w *= 0.5;
    if ((counts.get(shape(s.text)) ?? 0) >= FURNITURE_REPEATS || stackedFromFurniture(s.pieces ?? [], lineShapes, lineCounts)) w *= 0.3;
    return w;
  });
}

/** The shape leaves out numbers and single letters, which tell one running header from the next ("TASK R-1", "TASK C-1"). */
function shape(t: string): string {
  return (t.toLowerCase().match(/\p{L}{2,}/gu) ?? []).join(' ');
}

/** At least two of the sentence's lines, and at least half of those with words, recur as furniture. */
function stackedFromFurniture(pieces: SentencePiece[], lineShapes: string[], lineCounts: Map<string, number>): boolean {
  const worded = [...new Set(pieces.map((p) => p.index))].map((i) => lineShapes[i] ?? '').filter(Boolean);
  const repeated = worded.filter((sh) => (lineCounts.get(sh) ?? 0) >= FURNITURE_REPEATS).length;
  return repeated >= 2 && repeated * 2 >= worded.length;
}
