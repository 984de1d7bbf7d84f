import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { rows } from '../../db/client.ts';
import { renderAnswer } from '../../answer/render.ts';
import type { Answer } from '../../answer/types.ts';
import { enqueueQuestions, resolveDocument, waitForQuestions } from '../../producer/ask.ts';
import { readQuestionsFile } from '../../producer/questions-file.ts';
import { waitForDocuments } from '../../producer/wait-for-documents.ts';
import { listAnswers, loadTrace } from '../../sql/list-answers.ts';
import { findDocument } from '../../sql/find-document.ts';
import { renderTrace } from '../../trace/render-trace.ts';
import { ingestCommand, printIngestSummary } from './ingest.ts';
import { createProgress } from '../progress.ts';
import { renderTable } from '../table.ts';
import { DocintelError, NotFoundError } from '../../errors.ts';
import { askCorpus, combineCorpusAnswer, renderCorpusAnswer } from '../../corpus/corpus-answer.ts';

/** `docintel ask` without --doc: the corpus index picks the documents, each answers as usual, then one combined answer. */
async function askCorpusCommand(app: App, question: string, o: { wait: boolean; cache: boolean; json?: boolean }): Promise<void> {
  const asked = await askCorpus(app, { text: question }, { noCache: !o.cache });
  if (!o.wait) return console.log(`corpus question ${asked.corpusQuestionId} queued (${asked.questionIds.length} document question(s): ${asked.questionIds.join(', ') || 'none'})`);
  await waitForQuestions(app.db, asked.questionIds);
  const a = await combineCorpusAnswer(app.db, asked.corpusQuestionId);
  if (!a) throw new DocintelError('answer_failed', `corpus question ${asked.corpusQuestionId} has unanswered parts`);
  console.log(o.json ? JSON.stringify({ corpusQuestionId: asked.corpusQuestionId, ...a }, null, 2) : `corpus question ${asked.corpusQuestionId}\n${renderCorpusAnswer(a)}`);
}

type WithApp = <T>(fn: (app: App) => Promise<T>) => Promise<T>;

export function registerQuestionCommands(program: Command, withApp: WithApp): void {
  program
    .command('ask')
    .description('ask one question about one document (--doc), or about the whole corpus: routed to the documents first')
    .argument('<question>', 'the question')
    .option('-d, --doc <ref>', 'document id, stored file name, or a PDF path (ingested if new); without it the corpus index picks the documents')
    .option('--no-wait', 'enqueue and print the question id')
    .option('--no-cache', 'bypass the LLM reply cache')
    .option('--no-local-worker', 'with Redis: leave the job to `docintel worker` processes')
    .option('--json', 'print the typed answer as JSON')
    .action(async (question: string, o: { doc?: string; wait: boolean; cache: boolean; localWorker: boolean; json?: boolean }) =>
      withApp(async (app) => {
        if (o.wait && o.localWorker) await app.startLocalWorker();
        if (!o.doc) return askCorpusCommand(app, question, o);
        const documentId = await resolveDocument(app, o.doc);
        const [id] = await enqueueQuestions(app, [{ documentId, text: question }], !o.cache);
        if (!o.wait) return console.log(`question ${id} queued`);
        await waitForQuestions(app.db, [id!]);
        const [a] = await listAnswers(app.db, { ids: [id!] });
        if (!a || a.status === 'failed') throw new DocintelError('answer_failed', `question ${id} failed: ${a?.error ?? 'unknown'}`, { questionId: id });
        console.log(o.json ? JSON.stringify({ questionId: id, ...(a.payload as object) }, null, 2) : `question ${id}\n${renderAnswer(a.payload as Answer)}`);
      }),
    );

  program
    .command('run')
    .description('the overnight batch: ingest a folder, ask every question, print a summary (answers in SQL)')
    .argument('<folder>', 'folder (or files/globs) of PDFs')
    .requiredOption('-q, --questions <file>', 'questions: JSON array, JSON lines {question, document?, id?}, or one per line')
    .option('--no-cache', 'bypass the LLM reply cache')
    .option('--no-local-worker', 'with Redis: leave jobs to `docintel worker` processes')
    .action(async (folder: string, o: { questions: string; cache: boolean; localWorker: boolean }) =>
      withApp(async (app) => {
        const entries = await readQuestionsFile(o.questions);
        const summary = await ingestCommand(app, [folder], { wait: false, localWorker: o.localWorker });
        if (o.localWorker) await app.startLocalWorker();
        const docs = await rows<{ id: number; file_name: string }>(app.db, sql`select id::int, file_name from documents where id = any(${sql.param(summary.documentIds)}::bigint[]) order by id`);
        const planned: { documentId: number; text: string; externalId?: string | null }[] = [];
        const corpusEntries: { question: string; id?: string }[] = [];
        for (const [i, e] of entries.entries()) {
          // A question naming no document is a corpus question: routed over the batch's documents once they are parsed.
          if (!e.document) corpusEntries.push(e);
          else planned.push({ documentId: (await findQuestionDocument(app, e.document, { file: o.questions, n: i + 1, id: e.id, folder, docs })).id, text: e.question, externalId: e.id ?? null });
        }
        const ids = await enqueueQuestions(app, planned, !o.cache);
        const parseBar = createProgress('parsing', summary.documentIds.length);
        const statuses = await waitForDocuments(app.db, summary.documentIds, (d) => parseBar.update(d), { outages: app.outages, databaseWhere: app.databaseWhere });
        parseBar.stop();
        const corpusIds: number[] = [];
        const parsedIds = statuses.filter((st) => st.status === 'parsed').map((st) => st.id);
        for (const e of corpusEntries) {
          const asked = await askCorpus(app, { text: e.question, externalId: e.id ?? null, scope: parsedIds }, { noCache: !o.cache });
          corpusIds.push(asked.corpusQuestionId);
          ids.push(...asked.questionIds);
        }
        const bar = createProgress('answering', ids.length);
        await waitForQuestions(app.db, ids, (d) => bar.update(d));
        bar.stop();
        printIngestSummary({ ...summary, parsed: statuses.filter((s) => s.status === 'parsed').length, failed: statuses.filter((s) => s.status === 'failed').map((s) => ({ path: s.path, code: s.error_code, reason: s.error })), pending: 0 });
        const answers = await listAnswers(app.db, { ids });
        console.log(
          renderTable(
            answers.map((a) => ({
              id: a.question_id,
              document: a.document,
              question: a.question.slice(0, 50),
              status: a.status,
              strategy: a.strategy,
              items: a.item_count,
              complete: a.is_complete === null ? (a.kind === 'factual' ? '' : 'unknown') : a.is_complete ? 'yes' : 'no',
              source: a.completeness_source,
              answer: (a.text ?? a.error ?? '').slice(0, 60),
            })),
          ),
        );
        for (const id of corpusIds) await combineCorpusAnswer(app.db, id);
        if (corpusIds.length) console.log(`\n${corpusIds.length} corpus question(s): docintel sql "select * from corpus_answers where corpus_question_id in (${corpusIds.join(', ')})"`);
        console.log(`\nrun ${app.runId}: ${answers.filter((a) => a.status === 'answered').length}/${ids.length} answered. Query them: docintel sql "select * from answer_citations where run_id = '${app.runId}'"`);
        console.log(`Audit them in a browser: docintel report --run ${app.runId} --out report.html`);
      }),
    );

  program
    .command('answers')
    .description('list stored answers (filter by document, completeness, run) or export them as JSONL')
    .option('-d, --doc <ref>', 'only this document')
    .option('--complete', 'only answers verified complete')
    .option('--incomplete', 'only answers known to be incomplete')
    .option('--unknown', 'only listing answers whose completeness is unknown')
    .option('--run <id>', 'only this run')
    .option('--jsonl [file]', 'export as JSON lines (to a file, or stdout)')
    .action(async (o: { doc?: string; complete?: boolean; incomplete?: boolean; unknown?: boolean; run?: string; jsonl?: string | boolean }) =>
      withApp(async (app) => {
        const document = o.doc ? (await findDocument(app.db, o.doc)).id : undefined;
        const complete = o.complete ? true : o.incomplete ? false : o.unknown ? ('unknown' as const) : undefined;
        const list = await listAnswers(app.db, { document, complete, run: o.run });
        if (o.jsonl !== undefined) {
          const text = list.map((a) => JSON.stringify({ questionId: a.question_id, externalId: a.external_id, runId: a.run_id, document: a.document, question: a.question, status: a.status, tokens: a.tokens, durationMs: a.duration_ms, answer: a.payload, error: a.error })).join('\n');
          if (typeof o.jsonl === 'string') await writeFile(o.jsonl, text + '\n');
          else console.log(text);
          return;
        }
        console.log(renderTable(list.map((a) => ({ id: a.question_id, document: a.document, question: a.question.slice(0, 48), kind: a.kind, strategy: a.strategy, items: a.item_count, complete: a.is_complete, source: a.completeness_source, path: a.path, answer: (a.text ?? a.error ?? '').slice(0, 60) }))));
      }),
    );

  program
    .command('trace')
    .description('render the pipeline trace of a question as a readable timeline')
    .argument('<question-id>', 'question id')
    .option('--json', 'raw trace rows as JSON lines')
    .action(async (qid: string, o: { json?: boolean }) =>
      withApp(async (app) => {
        const id = Number(qid);
        const q = await rows<{ id: number; text: string; document: string }>(app.db, sql`select q.id::int, q.text, d.file_name as document from questions q join documents d on d.id = q.document_id where q.id = ${id}`);
        if (!q[0]) throw new DocintelError('not_found', `no question ${qid} (list stored questions with docintel answers)`);
        const trace = await loadTrace(app.db, id);
        console.log(o.json ? trace.map((t) => JSON.stringify(t)).join('\n') : renderTrace(q[0], trace));
      }),
    );
}

/** The document a questions-file entry names; when none matches, the error says which question asked and what the batch holds. */
async function findQuestionDocument(
  app: App,
  ref: string,
  at: { file: string; n: number; id?: string; folder: string; docs: { file_name: string }[] },
): Promise<{ id: number }> {
  try {
    return await findDocument(app.db, ref);
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
    const names = at.docs.map((d) => d.file_name);
    const held = names.length ? `holds ${names.length} PDF${names.length === 1 ? '' : 's'}: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', ...' : ''}` : 'holds no PDF';
    const question = at.id ? `question "${at.id}" (entry ${at.n})` : `entry ${at.n}`;
    throw new NotFoundError(e.code, `${e.message}; asked by ${question} of ${at.file}; ${path.resolve(at.folder)} ${held}`, e.context, { cause: e });
  }
}

export function registerEvalCommand(program: Command, withApp: WithApp): void {
  program
    .command('eval')
    .description('score a gold question file against docintel and a naive top-k BM25 baseline; writes results.jsonl, summary.md, chart.svg')
    .argument('<gold>', 'gold JSON file (format of shared/eval/README.md)')
    .option('--corpus <dir>', 'folder holding the gold file\'s documents (default: ../corpus next to the gold file)')
    .option('--out <dir>', 'output folder', '.eval-out')
    .option('--no-cache', 'bypass the LLM reply cache')
    .option('--no-local-worker', 'with Redis: leave jobs to `docintel worker` processes')
    .option('--as-corpus', "ask every record of the whole corpus (its document becomes the gold document selection)")
    .action(async (goldPath: string, o: { corpus?: string; out: string; cache: boolean; localWorker: boolean; asCorpus?: boolean }) =>
      withApp(async (app) => {
        if (o.localWorker) await app.startLocalWorker();
        const { runEval } = await import('../../eval/run-eval.ts');
        const bars = new Map<string, ReturnType<typeof createProgress>>();
        const res = await runEval(app, goldPath, {
          corpusDir: o.corpus,
          outDir: o.out,
          noCache: !o.cache,
          asCorpus: o.asCorpus,
          onProgress: (stage, done, total) => {
            if (!bars.has(stage)) bars.set(stage, createProgress(stage, total));
            bars.get(stage)!.update(done);
          },
        });
        bars.forEach((b) => b.stop());
        const s = res.summary;
        const f = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
        console.log(`questions: ${s.questions}  mean recall: ${f(s.meanRecall)}  mean precision: ${f(s.meanPrecision)}  exact sets: ${s.exactSets}/${s.itemQuestions}  counts correct: ${s.countCorrect}/${s.countQuestions}  verdicts correct: ${s.completeCorrect}/${s.questions}  false "complete": ${s.falseComplete}  cited pages in expected: ${f(s.meanCitedPagesInExpected)}`);
        if (s.corpusQuestions) console.log(`corpus questions: ${s.corpusQuestions}  document selection precision: ${f(s.meanDocumentPrecision)}  recall: ${f(s.meanDocumentRecall)}`);
        const ev = (k: number) => res.rows.map((r) => r.baselineEvidence?.find((e) => e.k === k)?.recall ?? null).filter((x): x is number => x !== null);
        const avg = (xs: number[]) => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2) : 'n/a');
        console.log(`baseline evidence recall: top-5 ${avg(ev(5))}, top-10 ${avg(ev(10))}`);
        console.log(`wrote ${o.out}/results.jsonl, ${o.out}/summary.md, ${o.out}/chart.svg`);
        console.log(`see them beside each answer and its trace: docintel report --eval ${o.out} --out report.html`);
      }),
    );
}
