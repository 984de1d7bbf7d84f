import type { TraceRow } from '../sql/list-answers.ts';

/** A readable timeline: what each stage saw, what it decided and why, with cost. */
export function renderTrace(question: { id: number; text: string; document: string }, trace: TraceRow[]): string {
  const out = [`question ${question.id}: ${question.text}`, `document: ${question.document}`, ''];
  let tokens = 0;
  let ms = 0;
  for (const t of trace) {
    tokens += t.tokens;
    ms += t.duration_ms;
    const head = `#${String(t.seq).padStart(2, '0')} ${t.stage}/${t.step}${t.iteration !== null ? ` [${t.iteration}]` : ''}${t.strategy ? ` (${t.strategy})` : ''}`;
    out.push(`${head}  ${t.tokens ? `${t.tokens} tok ` : ''}${t.duration_ms ? `${t.duration_ms} ms` : ''}`.trimEnd());
    if (t.decision) out.push(`    -> ${t.decision}`);
    const input = t.input as { entries?: string[]; parent?: string | null } | null;
    if (t.stage === 'route' && t.step === 'level' && input?.entries) {
      out.push(`    shown under ${input.parent ?? '(root)'}: ${input.entries.length} entries`);
      for (const e of input.entries.slice(0, 12)) out.push(`      ${e}`);
      if (input.entries.length > 12) out.push(`      … ${input.entries.length - 12} more`);
    }
    const before = t.keywords_before ?? [];
    const after = t.keywords_after ?? [];
    if (after.length && after.join('|') !== before.join('|')) {
      const added = after.filter((k) => !before.includes(k));
      out.push(`    keywords: ${before.length ? `${before.join(', ')} ` : ''}${added.length ? `+ ${added.join(', ')}` : ''}`.trimEnd());
    }
    const o = t.output as Record<string, unknown> | null;
    // What a model wrote is shown as its words, quoted and labelled, never as the pipeline's decision.
    if (o && typeof o.modelReason === 'string') out.push(`    model's reason (data, not acted on): ${JSON.stringify(o.modelReason)}`);
    if (o && t.step === 'model_rejected' && o.modelReply !== undefined) out.push(`    model's reply (data): ${JSON.stringify(o.modelReply).slice(0, 300)}`);
    if (t.stage === 'list' && o) {
      if (Array.isArray(o.items)) out.push(`    items: ${(o.items as string[]).slice(0, 12).join('; ')}${(o.items as string[]).length > 12 ? ' …' : ''}`);
      if (o.newItems !== undefined) out.push(`    candidates ${o.candidates}, new ${o.newItems}, total ${o.total}`);
    }
  }
  out.push('', `total: ${trace.length} steps, ${tokens} tokens, ${ms} ms`);
  return out.join('\n');
}
