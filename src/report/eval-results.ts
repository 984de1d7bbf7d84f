import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DocintelError } from '../errors.ts';
import { renderRecallChart } from '../eval/chart.ts';
import { mean, summarize, type QuestionScore, type Summary } from '../eval/score.ts';

const num = z.number().nullable();
const ScoreSchema = z.object({
  id: z.string(),
  kind: z.enum(['listing', 'count', 'factual']),
  recall: num,
  precision: num,
  exactSet: z.boolean().nullable(),
  pairs: z.array(z.object({ answer: z.number(), gold: z.number() })),
  countCorrect: z.boolean().nullable(),
  completeCorrect: z.boolean().nullable(),
  falseComplete: z.boolean(),
  citedPagesInExpected: num,
  factScore: num,
});

/** The fields of one results.jsonl line (written by run-eval.ts) that the report shows. */
const ResultSchema = z.object({
  id: z.string(),
  questionId: z.number().int(),
  score: ScoreSchema,
  baseline: z.object({
    evidence: z.array(z.object({ k: z.number().int(), recall: num, tokens: z.number() })),
    score: ScoreSchema.nullable(),
  }),
});

export interface EvalQuestion {
  goldId: string;
  docintel: QuestionScore;
  baseline: QuestionScore | null;
  evidence: { k: number; recall: number | null; tokens: number }[];
}

export interface EvalResults {
  dir: string;
  byQuestion: Map<number, EvalQuestion>;
  summary: Summary;
  baselineSummary: Summary | null;
  /** Mean baseline evidence recall per k. */
  evidence: { k: number; recall: number | null }[];
  /** The recall chart, drawn again from the numbers (never the SVG file copied in). */
  chartSvg: string;
}

/**
 * Reads an eval output folder's results.jsonl: the scores of docintel and the baseline per
 * question id, their totals, and the recall chart redrawn from them.
 */
export async function readEvalResults(dir: string): Promise<EvalResults> {
  const file = path.join(dir, 'results.jsonl');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new DocintelError('not_found', `no eval results at ${path.resolve(file)} (write them with docintel eval <gold> --out ${dir})`, {}, { cause: e });
  }
  const results = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const parsed = ResultSchema.safeParse(JSON.parse(l));
      if (!parsed.success) throw new DocintelError('eval_results', `${file} line ${i + 1} is not an eval result: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
  const byQuestion = new Map<number, EvalQuestion>(
    results.map((r) => [r.questionId, { goldId: r.id, docintel: r.score, baseline: r.baseline.score, evidence: r.baseline.evidence }]),
  );
  const baselines = results.flatMap((r) => (r.baseline.score ? [r.baseline.score] : []));
  const ks = [...new Set(results.flatMap((r) => r.baseline.evidence.map((e) => e.k)))].sort((a, b) => a - b);
  const at = (r: (typeof results)[number], k: number) => r.baseline.evidence.find((e) => e.k === k)?.recall ?? 0;
  return {
    dir,
    byQuestion,
    summary: summarize(results.map((r) => r.score)),
    baselineSummary: baselines.length ? summarize(baselines) : null,
    evidence: ks.map((k) => ({ k, recall: mean(results.map((r) => r.baseline.evidence.find((e) => e.k === k)?.recall ?? null)) })),
    chartSvg: renderRecallChart(results.filter((r) => r.score.recall !== null).map((r) => ({ id: r.id, docintel: r.score.recall ?? 0, baseline5: at(r, 5), baseline10: at(r, 10) }))),
  };
}
