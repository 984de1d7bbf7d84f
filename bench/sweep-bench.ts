import pg from 'pg';
import { log, mb, median } from './env.ts';
import type { Figures } from './table.ts';

/**
 * Sweep patterns: a CSF category code, an SP 800-53 control id (no hits in this corpus: an empty
 * sweep), a word (case-insensitive), and a pattern with no literal trigram for the index to use.
 */
export const SWEEP_PATTERNS: { label: string; op: '~' | '~*'; pattern: string }[] = [
  { label: 'GV\\.[A-Z]{2}-\\d{2}', op: '~', pattern: String.raw`GV\.[A-Z]{2}-\d{2}` },
  { label: 'AC-\\d+', op: '~', pattern: String.raw`AC-\d+` },
  { label: 'word "encryption" (~*)', op: '~*', pattern: 'encryption' },
  { label: '\\d+\\.\\d+\\.\\d+ (no literal trigram)', op: '~', pattern: String.raw`\m\d+\.\d+\.\d+\M` },
];

interface Timed {
  ms: number;
  rows: number;
  plan: string;
}

/**
 * Grows `lines` to the target size by duplicating the corpus documents' lines under synthetic
 * document ids (insert ... select, with the GIN/unique indexes dropped and FK triggers off while
 * copying), rebuilds the trigram index and the (document, page, line) key, then times regex sweeps
 * with the trigram index and with bitmap scans disabled (GIN is only reachable through them).
 */
export async function benchSweep(url: string, sourceDocIds: number[], targetRows: number, reps: number, figs: Figures): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const count = async (q: string, params: unknown[] = []) => Number((await c.query<{ n: string }>(q, params)).rows[0]?.n ?? 0);
    const current = await count('select count(*) as n from lines');
    const perCopy = await count('select count(*) as n from lines where document_id = any($1::bigint[])', [sourceDocIds]);
    const copies = perCopy > 0 ? Math.max(0, Math.ceil((targetRows - current) / perCopy)) : 0;

    await c.query('set session_replication_role = replica'); // bench database only: skip FK checks while copying
    await c.query('drop index if exists lines_text_trgm_idx');
    await c.query('drop index if exists lines_text_fts_idx');
    await c.query('drop index if exists lines_doc_page_line_key');
    const d0 = performance.now();
    await c.query(
      `insert into documents (sha256, path, file_name, byte_size, status, page_count, parser_version)
       select 'sweep-' || d.id || '-' || g, d.path, d.file_name, d.byte_size, 'parsed', d.page_count, d.parser_version
       from documents d cross join generate_series(1, $1::int) g where d.id = any($2::bigint[])`,
      [copies, sourceDocIds],
    );
    const ins = await c.query(
      `insert into lines (document_id, page_num, line_num, text, x0, y0, x1, y1, font, size, bold, "column")
       select s.id, l.page_num, l.line_num, l.text, l.x0, l.y0, l.x1, l.y1, l.font, l.size, l.bold, l."column"
       from documents s join lines l on l.document_id = split_part(s.sha256, '-', 2)::bigint
       where s.sha256 like 'sweep-%'`,
    );
    const dupMs = performance.now() - d0;
    await c.query('set session_replication_role = origin');
    const copied = ins.rowCount ?? 0;
    log(`  duplicated ${copied} rows (${copies} copies) in ${(dupMs / 1000).toFixed(1)} s`);

    await c.query(`set maintenance_work_mem = '256MB'`);
    const i0 = performance.now();
    await c.query('create index lines_text_trgm_idx on lines using gin (text gin_trgm_ops)');
    const trgmMs = performance.now() - i0;
    const k0 = performance.now();
    await c.query('create unique index lines_doc_page_line_key on lines (document_id, page_num, line_num)');
    const keyMs = performance.now() - k0;
    await c.query('vacuum analyze lines');
    const total = await count('select count(*) as n from lines');
    const sizes = (
      await c.query<{ t: string; i: string }>(`select pg_relation_size('lines') as t, pg_relation_size('lines_text_trgm_idx') as i`)
    ).rows[0]!;
    figs.add('sweep table: lines rows', total, 'rows', `${copies} synthetic copies of the corpus lines + the rows above; heap ${mb(Number(sizes.t)).toFixed(0)} MiB, trigram index ${mb(Number(sizes.i)).toFixed(0)} MiB`);
    figs.add('sweep table: insert … select duplication', copied / (dupMs / 1000), 'rows/s', `${copied.toLocaleString('en-US')} rows, indexes dropped and FK triggers off while copying`);
    figs.add('trigram GIN index build', trgmMs / 1000, 's', `create index lines_text_trgm_idx over ${total.toLocaleString('en-US')} rows, maintenance_work_mem 256MB; (document, page, line) key ${(keyMs / 1000).toFixed(1)} s; FTS index not rebuilt`);

    const time = async (sql: string, params: unknown[], withoutIndex: boolean): Promise<Timed> => {
      const runOnce = async () => {
        await c.query('begin');
        try {
          if (withoutIndex) await c.query('set local enable_bitmapscan = off');
          const t0 = performance.now();
          const r = await c.query(sql, params);
          const ms = performance.now() - t0;
          return { ms, rows: r.rowCount ?? r.rows.length };
        } finally {
          await c.query('commit');
        }
      };
      await runOnce(); // warm the cache
      const runs: { ms: number; rows: number }[] = [];
      for (let i = 0; i < reps; i++) runs.push(await runOnce());
      await c.query('begin');
      let plan = '';
      try {
        if (withoutIndex) await c.query('set local enable_bitmapscan = off');
        const literal = sql.replace(/\$(\d+)/g, (_, n: string) => {
          const v = params[Number(n) - 1];
          return typeof v === 'number' ? String(v) : c.escapeLiteral(String(v));
        });
        const ex = await c.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${literal}`);
        plan = summarizePlan(ex.rows[0]?.['QUERY PLAN']);
      } finally {
        await c.query('commit');
      }
      return { ms: median(runs.map((r) => r.ms)), rows: runs[0]?.rows ?? 0, plan };
    };

    for (const p of SWEEP_PATTERNS) {
      const all = `select id, document_id, page_num, line_num, text from lines where text ${p.op} $1`;
      const withIdx = await time(all, [p.pattern], false);
      const without = await time(all, [p.pattern], true);
      figs.add(`regex sweep, whole table, ${p.label}: trigram index`, withIdx.ms, 'ms', `${withIdx.rows.toLocaleString('en-US')} rows returned; median of ${reps}; plan: ${withIdx.plan}`);
      figs.add(`regex sweep, whole table, ${p.label}: no trigram index`, without.ms, 'ms', `enable_bitmapscan=off; ${(without.ms / withIdx.ms).toFixed(1)}× the indexed time; plan: ${without.plan}`);

      // One document, as a per-document listing sweep runs: pick the corpus document with the most hits.
      const best = (
        await c.query<{ id: string; n: string }>(
          `select document_id as id, count(*) as n from lines where document_id = any($2::bigint[]) and text ${p.op} $1 group by 1 order by 2 desc limit 1`,
          [p.pattern, sourceDocIds],
        )
      ).rows[0];
      const docId = best ? Number(best.id) : sourceDocIds[0]!;
      const one = `select id, page_num, line_num, text from lines where document_id = $2 and text ${p.op} $1 order by page_num, line_num`;
      const oneWith = await time(one, [p.pattern, docId], false);
      const oneWithout = await time(one, [p.pattern, docId], true);
      figs.add(`regex sweep, one document, ${p.label}`, oneWith.ms, 'ms', `document ${docId}, ${oneWith.rows} rows; plan: ${oneWith.plan}; with bitmap scans off ${oneWithout.ms.toFixed(1)} ms (${oneWithout.plan})`);
    }
  } finally {
    await c.end();
  }
}

type PlanNode = { 'Node Type'?: string; 'Index Name'?: string; 'Workers Planned'?: number; Plans?: PlanNode[] };

/** "Gather(2) > Parallel Seq Scan" style summary of the interesting plan nodes. */
function summarizePlan(json: unknown): string {
  const root = (Array.isArray(json) ? (json[0] as { Plan?: PlanNode })?.Plan : undefined) ?? undefined;
  const parts: string[] = [];
  const walk = (n: PlanNode | undefined) => {
    if (!n) return;
    const t = n['Node Type'] ?? '?';
    if (!['Sort', 'Result', 'Materialize'].includes(t)) {
      let s = t;
      if (n['Index Name']) s += ` on ${n['Index Name']}`;
      if (n['Workers Planned']) s += `(${n['Workers Planned']} workers)`;
      parts.push(s);
    }
    n.Plans?.forEach(walk);
  };
  walk(root);
  return parts.join(' > ') || 'unknown';
}
