import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * The gold question format of shared/eval/README.md. Unknown keys are stripped rather
 * than rejected: held-out sets "of the same kind" may carry extra annotations, and the
 * scorer must not fail on them. The README's stated invariants are enforced.
 */
const page = z.number().int().min(1);

export const goldItemSchema = z.object({
  name: z.string().min(1),
  aliases: z.array(z.string()),
  pages: z.array(page),
});

export const goldQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be kebab-case'),
    /** The one PDF the question is about; absent for a corpus question (routed over every document). */
    document: z.string().min(1).optional(),
    /** A corpus question's gold documents: the ones that hold (part of) the answer; scores document selection. */
    documents: z.array(z.string().min(1)).min(1).optional(),
    question: z.string().min(1),
    kind: z.enum(['listing', 'count', 'factual']),
    strategy_hint: z.enum(['structure', 'pattern', 'semantic', 'routing']),
    expected_items: z.array(goldItemSchema),
    expected_count: z.number().int().min(0).nullable(),
    stated_count: z.number().int().min(0).nullable(),
    expected_complete: z.boolean(),
    expected_pages: z.array(page),
    expected_section: z.string().nullable(),
    answer_facts: z.array(z.string()),
    evidence: z.string().max(200),
  })
  .superRefine((q, ctx) => {
    if (q.document && q.documents) ctx.addIssue({ code: 'custom', path: ['documents'], message: 'give document (one PDF) or documents (a corpus question), not both' });
    if (q.kind === 'factual') {
      if (q.expected_items.length > 0) ctx.addIssue({ code: 'custom', path: ['expected_items'], message: 'factual questions have no items' });
      if (q.expected_count !== null) ctx.addIssue({ code: 'custom', path: ['expected_count'], message: 'factual questions have a null count' });
    } else if (q.expected_count === null) {
      ctx.addIssue({ code: 'custom', path: ['expected_count'], message: `${q.kind} questions need expected_count` });
    }
  });

export const goldFileSchema = z.array(goldQuestionSchema).superRefine((qs, ctx) => {
  const seen = new Set<string>();
  qs.forEach((q, i) => {
    if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id ${q.id}` });
    seen.add(q.id);
  });
});

export type GoldItem = z.infer<typeof goldItemSchema>;
export type GoldQuestion = z.infer<typeof goldQuestionSchema>;
export type QuestionKind = GoldQuestion['kind'];

/** A record without `document` is asked of the corpus; its gold documents are `documents` (or unknown). */
export function isCorpusQuestion(g: GoldQuestion): boolean {
  return !g.document;
}

/** Validates already-parsed JSON; `source` only labels the error message. */
export function parseGold(json: unknown, source = 'gold'): GoldQuestion[] {
  const parsed = goldFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; ');
  throw new Error(`invalid gold file ${source}: ${issues}`);
}

export async function loadGold(path: string): Promise<GoldQuestion[]> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`gold file ${path} is not valid JSON`, { cause: e });
  }
  return parseGold(json, path);
}

/** `[3].expected_items[0].name`, so the bad record is easy to find in a 24-record array. */
function formatPath(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(root)';
}
