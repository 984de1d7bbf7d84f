import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { ingestCommand } from '../src/cli/commands/ingest.ts';
import { CORPUS_DIR, corpusFile, skipWithoutCorpus } from './helpers/corpus.ts';
import { freshDatabase } from './helpers/db.ts';
import { obliterateQueues, testApp, uniquePrefix } from './helpers/app.ts';

// Page counts (pdfinfo) and native outline entry counts, from shared/corpus/MANIFEST.md.
const MANIFEST: Record<string, { pages: number; outline: number }> = {
  'nist-csf-2.0.pdf': { pages: 32, outline: 12 },
  'attention-is-all-you-need-1706.03762v7.pdf': { pages: 15, outline: 22 },
  'nist-sp-800-37r2.pdf': { pages: 183, outline: 347 },
  'nist-ai-100-1-ai-rmf.pdf': { pages: 48, outline: 30 },
  'nist-ai-rmf-playbook.pdf': { pages: 142, outline: 539 },
  'fema-sfip-dwelling-form-f122-2021.pdf': { pages: 32, outline: 37 },
  'owasp-asvs-5.0.0.pdf': { pages: 123, outline: 223 },
  'owasp-secure-coding-practices-qrg-v2.1.pdf': { pages: 18, outline: 32 },
  // Added to the corpus 2026-12-01.
  'nist-sp-800-171r2.pdf': { pages: 113, outline: 29 },
  'nist-sp-800-61r2.pdf': { pages: 79, outline: 0 },
  'eu-ai-act-2024-1689-oj.pdf': { pages: 144, outline: 14 },
  'fema-f-144-rcbap-sfip-2021.pdf': { pages: 30, outline: 34 },
  'resnet-1512.03385v1.pdf': { pages: 12, outline: 0 },
};

const GV = String.raw`GV\.[A-Z]{2}-\d{2}`;

describe.skipIf(skipWithoutCorpus)('ingesting the shared corpus through BullMQ into Postgres', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  const prefix = uniquePrefix('corpus');

  beforeAll(async () => {
    for (const f of Object.keys(MANIFEST)) corpusFile(f);
    fresh = await freshDatabase('corpus');
    app = await testApp({ databaseUrl: fresh.url, prefix });
    const summary = await ingestCommand(app, [CORPUS_DIR], { wait: true, localWorker: true, quiet: true });
    expect(summary.failed).toEqual([]);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await obliterateQueues(prefix);
    await fresh?.drop();
  });

  it('stores every PDF with the page count pdfinfo reports', async () => {
    const docs = await rows<{ file_name: string; page_count: number; status: string; pages: number }>(
      app.db,
      sql`select file_name, page_count, status, (select count(*)::int from pages p where p.document_id = d.id) as pages from documents d`,
    );
    expect(docs).toHaveLength(Object.keys(MANIFEST).length);
    for (const d of docs) {
      expect(d.status, d.file_name).toBe('parsed');
      expect(d.page_count, d.file_name).toBe(MANIFEST[d.file_name]!.pages);
      expect(d.pages, d.file_name).toBe(MANIFEST[d.file_name]!.pages);
    }
  });

  it('keeps every native outline entry (verified, repaired or flagged, never dropped)', async () => {
    const toc = await rows<{ file_name: string; outline: number }>(
      app.db,
      sql`select d.file_name, count(t.*) filter (where t.source in ('outline', 'repaired'))::int as outline
          from documents d left join toc_entries t on t.document_id = d.id group by d.file_name`,
    );
    for (const t of toc) expect(t.outline, t.file_name).toBe(MANIFEST[t.file_name]!.outline);
  });

  it('finds all 31 GOVERN subcategory codes of the CSF with one SQL regex over lines', async () => {
    const r = await rows<{ code: string }>(
      app.db,
      sql`select distinct substring(l.text from ${GV}) as code
          from lines l join documents d on d.id = l.document_id
          where d.file_name = 'nist-csf-2.0.pdf' and l.text ~ ${GV}`,
    );
    expect(r).toHaveLength(31);
    expect(r.map((x) => x.code)).toContain('GV.SC-10');
  });

  it('never joins the two columns of the FEMA policy into one line', async () => {
    // On two-column pages only headings and full-width notes may cross the middle; body text never does.
    const body = await rows<{ size: number }>(
      app.db,
      sql`select l.size from lines l join documents d on d.id = l.document_id where d.file_name like 'fema%'
          group by l.size order by count(*) desc limit 1`,
    );
    const crossing = await rows<{ page_num: number; text: string; size: number }>(
      app.db,
      sql`select l.page_num, l.text, l.size from lines l join documents d on d.id = l.document_id
          join pages p on p.document_id = l.document_id and p.page_num = l.page_num
          where d.file_name like 'fema%' and p.columns = 2 and l.x0 < p.width / 2 - 10 and l.x1 > p.width / 2 + 10`,
    );
    const twoColumnPages = await rows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from pages p join documents d on d.id = p.document_id where d.file_name like 'fema%' and p.columns = 2`,
    );
    expect(twoColumnPages[0]!.n).toBeGreaterThanOrEqual(28);
    expect(crossing.length).toBeGreaterThan(0);
    for (const c of crossing) expect(c.size, `p${c.page_num}: ${c.text}`).not.toBe(body[0]!.size);
    // The exact join the naive reading order produces on p14 must not exist.
    const joined = await rows(app.db, sql`select 1 from lines where text like '%living expenses became effective%'`);
    expect(joined).toHaveLength(0);
  });

  it('keeps rotated margin text out of body lines (SP 800-171r2 p19: 3.8.5 starts its own line)', async () => {
    const p19 = await rows<{ text: string; furniture: boolean }>(
      app.db,
      sql`select l.text, l.furniture from lines l join documents d on d.id = l.document_id
          where d.file_name = 'nist-sp-800-171r2.pdf' and l.page_num = 19 order by l.line_num`,
    );
    const req = p19.filter((l) => l.text.includes('Control access to media containing CUI'));
    expect(req).toHaveLength(1);
    expect(req[0]!.text).toMatch(/^3\.8\.5 Control access to media/);
    expect(req[0]!.furniture).toBe(false);
    const note = p19.filter((l) => l.text.includes('available free of charge'));
    expect(note.length).toBeGreaterThan(0);
    for (const n of note) expect(n.furniture).toBe(true);
    // On no page of that document is the note's address spliced onto a body line's text.
    const mixed = await rows(
      app.db,
      sql`select 1 from lines l join documents d on d.id = l.document_id
          where d.file_name = 'nist-sp-800-171r2.pdf' and not l.furniture and l.text ~ 'NIST\.SP\.800-171r2[0-9A-Za-z]'`,
    );
    expect(mixed).toHaveLength(0);
  });

  it('stores each enumeration as one list with whole items (F-144 property not insured, AI Act Article 5(1) points)', async () => {
    const lists = await rows<{ file_name: string; id: number; item_count: number; intro: string | null; page_start: number; page_end: number; labels: string[]; texts: string[] }>(
      app.db,
      sql`select d.file_name, l.id, l.item_count, l.intro, l.page_start, l.page_end,
                 array_agg(i.label order by i.ordinal) as labels, array_agg(i.text order by i.ordinal) as texts
          from lists l join documents d on d.id = l.document_id
          join list_items i on i.document_id = l.document_id and i.list_id = l.id
          where d.file_name in ('fema-f-144-rcbap-sfip-2021.pdf', 'eu-ai-act-2024-1689-oj.pdf')
          group by d.file_name, l.id, l.item_count, l.intro, l.page_start, l.page_end`,
    );
    // The property-not-insured list runs across both columns and onto the next page: 16 whole items.
    const notInsured = lists.find((l) => l.file_name.startsWith('fema-f-144') && /do not insure any of the following/i.test(l.intro ?? ''));
    expect(notInsured?.item_count).toBe(16);
    expect(notInsured!.page_end).toBeGreaterThan(notInsured!.page_start);
    expect(notInsured!.texts[7]).toMatch(/^Underground structures and equipment, including wells, septic tanks, and septic systems;?$/);
    // Article 5(1): points (a)-(h), one list, nested under paragraph 1.
    const art5 = lists.find((l) => l.file_name.startsWith('eu-ai-act') && l.page_start === 51 && l.item_count === 8 && /^the placing on the market/.test(l.texts[0] ?? ''));
    expect(art5).toBeDefined();
  });

  it('indexes identifiers by level: SP 800-171r2 requirements 3.1.1-3.1.22 one level below family 3.1, basic and derived runs kept inside it', async () => {
    const ids = await rows<{ code: string; parent_code: string | null; level_noun: string | null; section: string | null }>(
      app.db,
      sql`select i.code, i.parent_code, i.level_noun, t.title as section from identifiers i join documents d on d.id = i.document_id
          left join toc_entries t on t.document_id = i.document_id and t.id = i.section_id
          where d.file_name = 'nist-sp-800-171r2.pdf' and i.parent_code = '3.1' order by i.page_num, i.line_num`,
    );
    const inFamily = ids.filter((i) => i.section === '3.1 ACCESS CONTROL');
    expect(inFamily.map((i) => i.code)).toEqual(Array.from({ length: 22 }, (_, k) => `3.1.${k + 1}`));
    expect(new Set(inFamily.map((i) => i.level_noun))).toEqual(new Set(['requirement']));
    const family = await rows<{ id: number; item_count: number; sequential: boolean; heading: string; runs: string[] }>(
      app.db,
      sql`select l.id, l.item_count, l.sequential, l.heading,
                 (select array_agg(r.heading || ':' || r.item_count order by r.id) from lists r where r.document_id = l.document_id and r.parent_list = l.id and r.parent_item is null) as runs
          from lists l join documents d on d.id = l.document_id
          where d.file_name = 'nist-sp-800-171r2.pdf' and l.kind = 'identifier' and l.parent_list is null and l.heading = '3.1 ACCESS CONTROL'
          order by l.page_start`,
    );
    // The family as Chapter Three defines it (the first by page; Appendix D's mapping tables
    // repeat the codes under the same heading further on).
    expect(family[0]).toMatchObject({ item_count: 22, sequential: true, runs: ['Basic Security Requirements:2', 'Derived Security Requirements:20'] });
  });

  it("reads the EU AI Act's Annex III areas as one numbered list of eight with their points nested", async () => {
    const r = await rows<{ item_count: number; nested: number }>(
      app.db,
      sql`select l.item_count, (select count(*)::int from lists n where n.document_id = l.document_id and n.parent_list = l.id) as nested
          from lists l join documents d on d.id = l.document_id join toc_entries t on t.document_id = l.document_id and t.id = l.section_id
          where d.file_name = 'eu-ai-act-2024-1689-oj.pdf' and t.title like 'ANNEX III%' and l.kind = 'decimal' and l.parent_list is null`,
    );
    expect(r.map((x) => x.item_count)).toContain(8);
    expect(r.find((x) => x.item_count === 8)!.nested).toBeGreaterThanOrEqual(7);
  });

  it('records printed page labels so users can say "page 12"', async () => {
    const r = await rows<{ label: string }>(
      app.db,
      sql`select p.label from pages p join documents d on d.id = p.document_id where d.file_name like 'fema%' and p.page_num = 3`,
    );
    expect(r[0]!.label).toBe('1');
  });

  it('treats re-ingesting the same bytes as a no-op', async () => {
    const before = await rows<{ n: number }>(app.db, sql`select count(*)::int as n from lines`);
    const summary = await ingestCommand(app, [corpusFile('nist-csf-2.0.pdf'), CORPUS_DIR], { wait: true, localWorker: false, quiet: true });
    expect(summary.duplicates).toBe(Object.keys(MANIFEST).length);
    expect(summary.parsed).toBe(0);
    const after = await rows<{ n: number; docs: number }>(app.db, sql`select count(*)::int as n, (select count(*)::int from documents) as docs from lines`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(after[0]!.docs).toBe(Object.keys(MANIFEST).length);
  });
});
