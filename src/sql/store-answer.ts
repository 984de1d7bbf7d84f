import { sql } from 'drizzle-orm';
import { answerItems, answers } from '../db/schema.ts';
import { rows, type Db } from '../db/client.ts';
import type { Answer } from '../answer/types.ts';

/** Writes the answer, its items and the question's final status in one transaction (a rerun replaces it). */
export async function storeAnswer(
  db: Db,
  questionId: number,
  answer: Answer,
  text: string,
  m: { strategy: string | null; tokens: number; llmCalls: number; durationMs: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from answers where question_id = ${questionId}`);
    const listing = answer.kind !== 'factual' ? answer : null;
    const inserted = await tx
      .insert(answers)
      .values({
        questionId,
        kind: answer.kind,
        payload: answer as never,
        text,
        isComplete: listing ? listing.isComplete : null,
        completenessSource: listing ? listing.completenessSource : null,
        strategy: m.strategy,
        path: answer.path,
        itemCount: listing ? listing.items.length : null,
        tokens: m.tokens,
        llmCalls: m.llmCalls,
        durationMs: Math.round(m.durationMs),
      })
      .returning({ id: answers.id });
    const answerId = inserted[0]!.id;
    if (listing && listing.items.length) {
      await tx.insert(answerItems).values(
        listing.items.map((it, i) => ({
          answerId,
          ordinal: i + 1,
          name: it.name,
          surfaceForms: it.surfaceForms,
          citations: it.citations as never,
          confidence: it.confidence,
        })),
      );
    }
    await tx.execute(sql`update questions set status = 'answered', error = null, answered_at = now() where id = ${questionId}`);
    return answerId;
  });
}

export interface QuestionRow {
  id: number;
  run_id: string;
  document_id: number;
  text: string;
  page_count: number;
  file_name: string;
  title: string | null;
  /** The document's printed name: the TOC entry that opens its first page and that page's largest line, one per line. */
  title_entry: string | null;
  /** The titles of the document's routable TOC entries. */
  headings: string[];
}

export async function loadQuestion(db: Db, questionId: number): Promise<QuestionRow | null> {
  const r = await rows<QuestionRow>(
    db,
    sql`select q.id::int, q.run_id, q.document_id::int, q.text, d.page_count, d.file_name, d.title,
               concat_ws(E'\n',
                 (select t.title from toc_entries t where t.document_id = d.id and t.page_start = 1 order by t.level, t.id limit 1),
                 (select l.text from lines l where l.document_id = d.id and l.page_num = 1 and not l.furniture order by l.size desc, l.line_num limit 1)
               ) as title_entry,
               array(select t.title from toc_entries t where t.document_id = d.id and t.routable order by t.id) as headings
        from questions q join documents d on d.id = q.document_id where q.id = ${questionId}`,
  );
  return r[0] ?? null;
}

export async function createQuestion(db: Db, q: { runId: string; documentId: number; text: string; externalId?: string | null }): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into questions (run_id, document_id, text, external_id) values (${q.runId}, ${q.documentId}, ${q.text}, ${q.externalId ?? null}) returning id::int`,
  );
  return r[0]!.id;
}
