import type { Command } from 'commander';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { rows } from '../../db/client.ts';
import { refreshCorpusIndex } from '../../corpus/build-index.ts';
import { combineCorpusAnswer, loadCorpusAnswer, renderCorpusAnswer } from '../../corpus/corpus-answer.ts';
import { DocintelError } from '../../errors.ts';
import { renderTable } from '../table.ts';

type WithApp = <T>(fn: (app: App) => Promise<T>) => Promise<T>;

/** `docintel corpus ...`: the corpus index (the top level of the corpus map) and corpus answers. */
export function registerCorpusCommands(program: Command, withApp: WithApp): void {
  const corpus = program.command('corpus').description('the corpus index that routes questions naming no document, and corpus answers');
  corpus
    .command('refresh')
    .description('rebuild the corpus index rows (all parsed documents, or the ids given); distinctive terms then weigh against the whole corpus')
    .argument('[ids...]', 'document ids')
    .action(async (ids: string[]) =>
      withApp(async (app) => {
        const r = await refreshCorpusIndex(app.db, ids.map(Number).filter((n) => Number.isInteger(n)));
        console.log(`corpus index: ${r.documents} document(s) rebuilt in ${Math.round(r.ms)} ms`);
      }),
    );
  corpus
    .command('show')
    .description('one line per indexed document: title, counts and its summary')
    .action(async () =>
      withApp(async (app) => {
        const r = await rows<Record<string, unknown>>(app.db, sql`select c.document_id as id, d.file_name as document, c.page_count as pages, c.toc_entries as toc, c.list_count as lists, c.identifier_count as codes, left(c.summary, 160) as summary from corpus_index c join documents d on d.id = c.document_id order by c.document_id`);
        console.log(renderTable(r));
      }),
    );
  corpus
    .command('answer')
    .description('print (recombining on demand) the answer of a corpus question')
    .argument('<corpus-question-id>', 'id printed by docintel ask without --doc')
    .option('--json', 'print the stored payload as JSON')
    .action(async (id: string, o: { json?: boolean }) =>
      withApp(async (app) => {
        const loaded = await loadCorpusAnswer(app.db, Number(id));
        if (!loaded) throw new DocintelError('not_found', `no corpus question ${id}`);
        const a = (await combineCorpusAnswer(app.db, Number(id))) ?? loaded.payload;
        if (!a) return console.log(`corpus question ${id}: still answering (document questions ${loaded.questionIds.join(', ')})`);
        console.log(o.json ? JSON.stringify(a, null, 2) : renderCorpusAnswer(a));
      }),
    );
}
