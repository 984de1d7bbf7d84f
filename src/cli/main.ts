import { Command, InvalidArgumentError, Option } from 'commander';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DocintelError } from '../errors.ts';
import { cliErrorMessage } from './error-message.ts';
import { ingestCommand, printIngestSummary } from './commands/ingest.ts';
import { docsCommand, sqlCommand, statusCommand } from './commands/read-side.ts';
import { renderTable } from './table.ts';
import { registerEvalCommand, registerQuestionCommands } from './commands/questions.ts';
import { tocCommand } from './commands/toc.ts';
import { listsCommand } from './commands/lists.ts';
import { registerReportCommand } from './commands/report.ts';
import { registerCorpusCommands } from './commands/corpus.ts';

/** Opens the app for one command and always closes it (workers, queues, database). */
export async function withApp<T>(fn: (app: App) => Promise<T>): Promise<T> {
  const app = await createApp();
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

const program = new Command()
  .name('docintel')
  .description('Answers listing and long-document questions over PDF corpora; every step stored in Postgres.')
  .showHelpAfterError();

program
  .command('ingest')
  .description('hash PDFs (files, folders, globs), enqueue parse jobs and wait for the batch')
  .argument('<paths...>', 'files, folders or glob patterns')
  .option('--no-wait', 'enqueue and return at once')
  .option('--no-local-worker', 'with Redis: do not consume jobs in this process (leave them to `docintel worker`)')
  .action(async (paths: string[], o: { wait: boolean; localWorker: boolean }) => {
    await withApp(async (app) => {
      const summary = await ingestCommand(app, paths, o);
      printIngestSummary(summary);
      if (summary.failed.length) process.exitCode = 2;
    });
  });

program
  .command('worker')
  .description('consume the parse and answer queues (needs REDIS_URL); stops gracefully on SIGINT/SIGTERM')
  .addOption(
    new Option('-c, --concurrency <n>', 'jobs at once per queue').argParser((v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive integer');
      return n;
    }),
  )
  .action(async (o: { concurrency?: number }) => {
    if (o.concurrency) process.env.DOCINTEL_CONCURRENCY = String(o.concurrency);
    // Check before opening anything: without Redis there is nothing to consume, and opening the
    // database first would create (and migrate) an embedded PGlite data dir just to say so.
    const config = loadConfig();
    if (!config.REDIS_URL) {
      throw new DocintelError('config', 'docintel worker needs REDIS_URL; without Redis, ingest/ask/run execute jobs in-process');
    }
    if (!config.DATABASE_URL) {
      // An embedded PGlite database belongs to one process: a separate worker would write elsewhere.
      throw new DocintelError('config', 'docintel worker needs DATABASE_URL (a shared Postgres); the embedded database serves one process only');
    }
    // A worker runs unattended: its logs are JSON lines for a collector unless DOCINTEL_LOG_FORMAT says otherwise.
    const app = await createApp({ config, logFormat: 'json' });
    await app.startLocalWorker();
    // Documents whose job is gone (Redis lost it) or whose failure was never recorded are taken back.
    const recovered = await app.recover();
    app.log.info(
      { concurrency: app.config.DOCINTEL_CONCURRENCY, prefix: app.config.DOCINTEL_QUEUE_PREFIX, recoveredRequeued: recovered.requeued.length, recoveredFailed: recovered.failed.length },
      'worker started',
    );
    await new Promise<void>((resolve) => {
      const stop = (signal: string) => {
        app.log.info({ signal }, 'worker stopping: finishing active jobs');
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await app.close();
    app.log.info('worker stopped');
  });

program
  .command('status')
  .description('queue counts and document/question counts by status')
  .action(async () => withApp(async (app) => console.log(await statusCommand(app.db, app.backend))));

program
  .command('docs')
  .description('stored documents with pages, lines, TOC entries and TOC source')
  .action(async () => withApp(async (app) => console.log(await docsCommand(app.db))));

program
  .command('sql')
  .description('run a read-only SQL query and print the rows')
  .argument('<query>', 'SQL text')
  .option('--json', 'print JSON lines instead of a table')
  .action(async (query: string, o: { json?: boolean }) =>
    withApp(async (app) => {
      const r = await sqlCommand(app.db, query, { rowCap: app.config.DOCINTEL_SQL_ROW_CAP, timeoutMs: app.config.DOCINTEL_SQL_TIMEOUT_MS });
      console.log(o.json ? r.rows.map((x) => JSON.stringify(x)).join('\n') : renderTable(r.rows));
      if (r.truncated) console.error(`docintel: showing the first ${r.rows.length} rows (DOCINTEL_SQL_ROW_CAP); add a LIMIT or narrow the query`);
    }),
  );

program
  .command('toc')
  .description('print the routed table of contents of a document (pages, source, flags)')
  .argument('<doc>', 'document id, path or file name')
  .option('--all', 'include entries flagged as noise (not routable)')
  .action(async (doc: string, o: { all?: boolean }) => withApp(async (app) => console.log(await tocCommand(app.db, doc, o))));

program
  .command('lists')
  .description("the structure model's lists of a document with their items (nested lists under their parent item)")
  .argument('<doc>', 'document id, file name, or path')
  .option('--section <text>', 'only lists whose section path or heading contains this text')
  .option('--full', 'print whole item texts')
  .action(async (doc: string, o: { section?: string; full?: boolean }) => withApp(async (app) => console.log(await listsCommand(app.db, doc, o))));

registerQuestionCommands(program, withApp);
registerEvalCommand(program, withApp);
registerReportCommand(program, withApp);
registerCorpusCommands(program, withApp);

program.parseAsync(process.argv).catch((e) => {
  console.error(`docintel: ${cliErrorMessage(e)}`);
  process.exitCode = 1;
});
