import type { Db } from '../db/client.ts';
import { DocintelError, NotFoundError } from '../errors.ts';
import { latestRunId } from '../sql/latest-run.ts';
import { listAnswers, type AnswerListRow, type TraceRow } from '../sql/list-answers.ts';
import { loadTraces } from '../sql/load-traces.ts';
import { readEvalResults, type EvalResults } from './eval-results.ts';

export interface ReportQuestion {
  row: AnswerListRow;
  trace: TraceRow[];
}

export interface ReportData {
  /** The run shown; null when the questions were picked by id across runs. */
  runId: string | null;
  questions: ReportQuestion[];
  eval: EvalResults | null;
}

/**
 * What a report shows: the questions of a run (the eval's run, else the latest one) or the
 * questions named by id, with their answers and traces, and an eval folder's scores.
 */
export async function loadReport(db: Db, opts: { run?: string; questions?: number[]; evalDir?: string }): Promise<ReportData> {
  const evalResults = opts.evalDir ? await readEvalResults(opts.evalDir) : null;
  const ids = opts.questions?.length ? opts.questions : evalResults && !opts.run ? [...evalResults.byQuestion.keys()] : undefined;
  const runId = opts.run ?? (ids ? null : await latestRunId(db));
  if (!ids && !runId) throw new NotFoundError('not_found', 'no questions are stored yet (ask some with docintel run <folder> --questions <file>, or docintel ask)');
  const rows = await listAnswers(db, { run: runId ?? undefined, ids });
  if (rows.length === 0) {
    const what = [runId ? `run ${runId}` : null, opts.questions?.length ? `question ${opts.questions.join(', ')}` : null].filter(Boolean).join(' with ');
    const hint = opts.questions?.length ? 'list stored questions with docintel answers' : 'list runs with: docintel sql "select run_id, count(*) from questions group by run_id"';
    throw new NotFoundError('not_found', `no stored question matches ${what || 'the eval results'} (${hint})`);
  }
  if (opts.questions?.length) {
    const missing = opts.questions.filter((q) => !rows.some((r) => r.question_id === q));
    if (missing.length) throw new NotFoundError('not_found', `no stored question ${missing.join(', ')}${runId ? ` in run ${runId}` : ''} (list them with docintel answers)`);
  }
  if (evalResults && ![...evalResults.byQuestion.keys()].some((id) => rows.some((r) => r.question_id === id))) {
    throw new DocintelError('eval_results', `the eval results in ${evalResults.dir} score none of the questions shown (${runId ? `run ${runId}` : 'the questions named'}); give the eval's run with --run or leave --run out`);
  }
  const traces = await loadTraces(db, rows.map((r) => r.question_id));
  const distinctRuns = [...new Set(rows.map((r) => r.run_id))];
  return {
    runId: runId ?? (distinctRuns.length === 1 ? distinctRuns[0]! : null),
    questions: rows.map((row) => ({ row, trace: traces.get(row.question_id) ?? [] })),
    eval: evalResults,
  };
}
