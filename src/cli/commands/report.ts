import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { App } from '../../app.ts';
import { loadReport } from '../../report/load-report.ts';
import { renderReport } from '../../report/render-report.ts';

type WithApp = <T>(fn: (app: App) => Promise<T>) => Promise<T>;

function questionId(v: string, prev: number[] = []): number[] {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a question id (a positive integer; docintel answers lists them)');
  return [...prev, n];
}

export function registerReportCommand(program: Command, withApp: WithApp): void {
  program
    .command('report')
    .description("write one self-contained HTML page (no server, no network) with a run's answers, citations, verdicts and traces")
    .requiredOption('-o, --out <file>', 'the HTML file to write')
    .option('--run <id>', 'the run to show (default: the latest run, or the eval results\' run)')
    .option('--question <ids...>', 'only these question ids', questionId)
    .option('--eval <dir>', 'an eval output folder (docintel eval --out): show its scores beside the baseline, and its chart')
    .action(async (o: { out: string; run?: string; question?: number[]; eval?: string }) =>
      withApp(async (app) => {
        const data = await loadReport(app.db, { run: o.run, questions: o.question, evalDir: o.eval });
        await mkdir(path.dirname(path.resolve(o.out)), { recursive: true });
        await writeFile(o.out, renderReport(data));
        const run = data.runId ? `run ${data.runId}` : 'several runs';
        console.log(`wrote ${o.out}: ${data.questions.length} question${data.questions.length === 1 ? '' : 's'} of ${run}${data.eval ? `, eval scores from ${o.eval}` : ''}`);
      }),
    );
}
