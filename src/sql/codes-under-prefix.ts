import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { escapeRegex, NUMBER_PATH } from '../lexicon/identifiers.ts';

/**
 * How many distinct codes the document's lines write under a prefix ("MAP 1.1", "MAP-2"):
 * whether a name the question gives is the prefix of a code family. Read from the lines, not the
 * identifier index, since a family whose members are never defined at a line start ("MAP 1.1"
 * as a heading on its own) is a family all the same. One match per line is enough to count.
 */
export async function codesUnderPrefix(db: Db, documentId: number, prefix: string): Promise<number> {
  const code = `(?:^|[^A-Za-z0-9])(${escapeRegex(prefix)}[ .-]${NUMBER_PATH})(?![0-9])`;
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(distinct substring(text from ${code}))::int as n from lines
        where document_id = ${documentId} and not furniture and text ~ ${code}`,
  );
  return r?.n ?? 0;
}
