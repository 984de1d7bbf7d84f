import type { Answer } from './types.ts';
import type { Citation } from '../db/rows.ts';

function where(c: Citation): string {
  return `p.${c.pageNum}${c.pageLabel && c.pageLabel !== String(c.pageNum) ? ` (printed ${c.pageLabel})` : ''} l.${c.lineNum}`;
}

/** The terminal rendering: the list (or answer), its citations, and the completeness statement. */
export function renderAnswer(a: Answer): string {
  const out: string[] = [];
  if (a.kind === 'factual') {
    out.push(a.notFound ? `Not found. ${a.answer}` : a.answer);
    for (const c of a.citations) out.push(`  [${where(c)}] "${c.quote}"`);
  } else {
    if (a.kind === 'count') out.push(`Count: ${a.count}`);
    a.items.forEach((it, i) => {
      out.push(`${String(i + 1).padStart(2)}. ${it.name}  [${it.citations.slice(0, 2).map(where).join('; ')}]`);
    });
    if (a.items.length === 0) out.push('No items found.');
    const verdict = a.isComplete === null ? 'Completeness unknown' : a.isComplete ? 'Complete' : 'Incomplete';
    out.push(`${verdict} (${a.completenessSource}): ${a.completenessReason}`);
  }
  if (a.section) out.push(`Section read: ${a.section.title} (pp. ${a.section.pageStart}-${a.section.pageEnd})`);
  for (const n of a.notes) out.push(`note: ${n}`);
  out.push(`path: ${a.path}`);
  return out.join('\n');
}

/** One-line text stored in answers.text (what SQL users see first). */
export function answerText(a: Answer): string {
  if (a.kind === 'factual') return a.answer;
  const verdict = a.isComplete === null ? 'completeness unknown' : a.isComplete ? 'complete' : 'incomplete';
  return `${a.kind === 'count' ? `${a.count}: ` : ''}${a.items.map((i) => i.name).join('; ')} (${verdict}, ${a.completenessSource})`;
}
