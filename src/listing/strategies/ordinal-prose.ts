import type { LineRow } from '../../db/rows.ts';
import { cite, type Candidate } from '../strategy-types.ts';
import { FINAL_ADVERBS, ORDINAL_ADVERBS } from '../../lexicon/english.ts';

// The ordinal words come from the one lexicon; "one ... another ... the third" is how prose counts.
const ordinals = [...ORDINAL_ADVERBS.keys()];
const ORDINAL = String.raw`(?:one|another|a second|the (?:${ordinals.filter((w) => !w.endsWith('ly')).join('|')}|last|final)|${[...ordinals, ...FINAL_ADVERBS].join('|')})`;
const SENTENCE = new RegExp(String.raw`^${ORDINAL}\b[^.;:]{0,40}?\b(?:is|are|concerns|involves|being)\s+(.+)$`, 'i');

/**
 * Lists written as prose after a stated count: "… three desiderata. One is the total
 * computational complexity per layer. Another is the amount of computation that can be
 * parallelized … The third is the path length …". Each ordinal sentence gives one item (its
 * complement up to the first clause break), cited at the line where the sentence starts.
 */
export function ordinalProse(lines: LineRow[], maxSentences = 12): Candidate[] {
  // Sentences with the line each starts on; text is joined across line breaks (hyphens undone).
  const sentences: { text: string; line: LineRow; offset: number }[] = [];
  let buf = '';
  let start: { line: LineRow; offset: number } | null = null;
  for (const l of lines) {
    const parts = l.text.split(/(?<=[.!?])\s+(?=[A-Z])/);
    let offset = 0;
    parts.forEach((p, i) => {
      if (!start) start = { line: l, offset };
      buf = buf ? (buf.endsWith('-') ? buf.slice(0, -1) + p : `${buf} ${p}`) : p;
      offset += p.length + 1;
      const ends = i < parts.length - 1 || /[.!?]$/.test(p);
      if (ends) {
        sentences.push({ text: buf.trim(), ...start });
        buf = '';
        start = null;
      }
    });
    if (sentences.length >= maxSentences) break;
  }
  const items: Candidate[] = [];
  for (const s of sentences) {
    const m = SENTENCE.exec(s.text);
    if (!m) {
      if (items.length >= 2) break;
      continue;
    }
    const name = m[1]!.split(/[,;:]|\s(?:which|because|as measured|where|so that)\s/)[0]!.replace(/[.]$/, '').trim();
    if (name.length < 3 || name.split(' ').length > 14) continue;
    const onLine = s.line.text.slice(s.offset).trim();
    items.push({ name, surfaceForms: [name, s.text.slice(0, 160)], citations: [cite(s.line, onLine.slice(0, 80))], confidence: 0.55 });
  }
  return items.length >= 2 ? items : [];
}
