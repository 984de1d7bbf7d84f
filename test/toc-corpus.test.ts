import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildToc, type TocResult } from '../src/toc/build-toc.ts';
import { sentenceReason } from '../src/toc/noise.ts';
import { renderTocTree } from '../src/toc/render-toc.ts';
import type { TocRow } from '../src/toc/types.ts';
import { CORPUS, corpusFile, skipWithoutCorpus } from './helpers/corpus.ts';

// Each PDF is parsed once; every assertion below reads the built TOC.
const docs = ['airmf', 'fema', 'csf', 'attention', 'sp37', 'aiact'] as const;
type DocKey = (typeof docs)[number];
const tocs = {} as Record<DocKey, TocResult>;

beforeAll(async () => {
  if (skipWithoutCorpus) return; // every describe below is skipped too
  for (const key of docs) {
    const parsed = await parsePdf(new Uint8Array(readFileSync(corpusFile(CORPUS[key]))), { pageCap: 2000 });
    tocs[key] = buildToc(parsed);
  }
  // Where each document's entries came from, for the record.
  const table = docs.map((key) => {
    const bySource: Record<string, number> = {};
    for (const e of tocs[key].entries) bySource[e.source] = (bySource[e.source] ?? 0) + 1;
    const routable = tocs[key].entries.filter((e) => e.routable).length;
    return `${CORPUS[key]}: tocSource=${tocs[key].tocSource} entries=${tocs[key].entries.length} routable=${routable} ${JSON.stringify(bySource)}`;
  });
  console.log(`TOC sources per document\n${table.join('\n')}`);
});

function find(toc: TocResult, title: RegExp): TocRow {
  const e = toc.entries.find((x) => title.test(x.title));
  if (!e) throw new Error(`no entry matching ${title} in\n${renderTocTree(toc.entries)}`);
  return e;
}

function childrenOf(toc: TocResult, parent: TocRow): TocRow[] {
  return toc.entries.filter((e) => e.parentId === parent.id);
}

describe.skipIf(skipWithoutCorpus)('structural invariants (every corpus document built here)', () => {
  it('numbers entries 1..N in pre-order with consistent parents, levels, ordinals and ranges', () => {
    for (const key of docs) {
      const { entries } = tocs[key];
      const byId = new Map(entries.map((e) => [e.id, e]));
      entries.forEach((e, i) => {
        expect(e.id).toBe(i + 1);
        expect(e.pageStart, `${key} #${e.id}`).toBeGreaterThanOrEqual(1);
        expect(e.pageEnd, `${key} #${e.id}`).toBeGreaterThanOrEqual(e.pageStart);
        if (e.parentId === null) {
          expect(e.level).toBe(1);
          return;
        }
        const parent = byId.get(e.parentId)!;
        expect(parent.id, `${key} #${e.id}`).toBeLessThan(e.id);
        expect(e.level).toBe(parent.level + 1);
        if (e.routable && parent.routable && e.pageStart >= parent.pageStart && e.pageStart <= parent.pageEnd) {
          expect(e.pageEnd, `${key} #${e.id} ends inside its parent`).toBeLessThanOrEqual(parent.pageEnd);
        }
      });
      const groups = new Map<number | null, TocRow[]>();
      for (const e of entries) groups.set(e.parentId, [...(groups.get(e.parentId) ?? []), e]);
      for (const g of groups.values()) expect(g.map((e) => e.ordinal)).toEqual(g.map((_, i) => i + 1));
    }
  });
});

describe.skipIf(skipWithoutCorpus)('AI RMF (NIST AI 100-1): wrong outline destinations are repaired', () => {
  it.each([
    [/^Executive Summary$/, 6, 1],
    [/^Appendix A:/, 40, 38],
    [/^Appendix B:/, 43, 38],
    [/^Appendix C:/, 45, 38],
    [/^Appendix D:/, 47, 46],
    [/^Part 2: Core and Profiles$/, 25, 24],
  ])('%s is on page %i (outline said %i)', (title, page, was) => {
    const e = find(tocs.airmf, title);
    expect(e.pageStart).toBe(page);
    expect(e.source).toBe('repaired');
    expect(e.originalPage).toBe(was);
    expect(e.verified).toBe(true);
    expect(e.lineStart).not.toBeNull();
  });

  it('keeps correct destinations as outline entries and adds the printed section numbers', () => {
    const e = find(tocs.airmf, /Framing Risk$/);
    expect(e.title).toBe('1. Framing Risk');
    expect(e.pageStart).toBe(9);
    expect(e.source).toBe('outline');
  });
});

describe.skipIf(skipWithoutCorpus)('FEMA SFIP: a skipped roman-numbered section is filled in', () => {
  it('has VI. Deductibles on page 16 between V and VII', () => {
    const toc = tocs.fema;
    const vi = find(toc, /^VI\.\s*deductibles$/i);
    const v = find(toc, /^V\.\s*exclusions$/i);
    const vii = find(toc, /^VII\.\s*general conditions$/i);
    expect(vi.pageStart).toBe(16);
    expect(vi.source).toBe('headings');
    expect(vi.verified).toBe(true);
    expect(vi.parentId).toBe(v.parentId);
    expect(vi.parentId).toBe(vii.parentId);
    expect(vi.ordinal).toBe(v.ordinal + 1);
    expect(vii.ordinal).toBe(vi.ordinal + 1);
    expect(v.pageEnd).toBe(16);
  });
});

describe.skipIf(skipWithoutCorpus)('CSF 2.0: the tree reaches the Functions and Categories of Appendix A', () => {
  const functions = ['GOVERN', 'IDENTIFY', 'PROTECT', 'DETECT', 'RESPOND', 'RECOVER'];

  it('has the six Functions under Appendix A, with pages inside pp. 20-28', () => {
    const appendixA = find(tocs.csf, /^Appendix A\. CSF Core$/);
    expect([appendixA.pageStart, appendixA.pageEnd]).toEqual([20, 28]);
    const fns = childrenOf(tocs.csf, appendixA);
    expect(fns.map((f) => f.title.split(' ')[0])).toEqual(functions);
    for (const f of fns) {
      expect(f.pageStart).toBeGreaterThanOrEqual(20);
      expect(f.pageEnd).toBeLessThanOrEqual(28);
      expect(f.source).toBe('headings');
    }
  });

  it("has GOVERN's six Categories, and every Category sits under its Function", () => {
    const govern = find(tocs.csf, /^GOVERN \(GV\)$/);
    const codes = childrenOf(tocs.csf, govern).map((c) => /\(([A-Z]{2}\.[A-Z]{2})\)$/.exec(c.title)?.[1]);
    expect(codes).toEqual(['GV.OC', 'GV.RM', 'GV.RR', 'GV.PO', 'GV.OV', 'GV.SC']);
    const categories = tocs.csf.entries.filter((e) => /\([A-Z]{2}\.[A-Z]{2}\)$/.test(e.title));
    expect(categories).toHaveLength(22);
    for (const c of categories) {
      const parent = tocs.csf.entries.find((e) => e.id === c.parentId)!;
      expect(parent.title).toContain(`(${/\(([A-Z]{2})\./.exec(c.title)![1]})`);
      expect(c.pageStart).toBeGreaterThanOrEqual(parent.pageStart);
      expect(c.pageEnd).toBeLessThanOrEqual(parent.pageEnd);
    }
  });
});

describe.skipIf(skipWithoutCorpus)('Attention Is All You Need', () => {
  it('has "5.4 Regularization" under "5 Training" on page 7', () => {
    const reg = find(tocs.attention, /^5\.4\s+Regularization$/);
    const training = find(tocs.attention, /^5\s+Training$/);
    expect(reg.parentId).toBe(training.id);
    expect(reg.pageStart).toBe(7);
    expect(reg.verified).toBe(true);
  });
});

describe.skipIf(skipWithoutCorpus)('SP 800-37r2: a noisy outline is cleaned', () => {
  it('routes only to headings: no sentence entries, no repeated link text', () => {
    const routable = tocs.sp37.entries.filter((e) => e.routable);
    expect(routable.length).toBeGreaterThan(40);
    for (const e of routable) {
      expect(e.title, 'link text').not.toMatch(/Quick link to summary table/i);
      expect(e.title, 'field sentence').not.toMatch(/^(Potential Inputs|Expected Outputs|Primary Responsibility|Supporting Roles?|Discussion|References):/);
      // Bookmarks are judged as headings; headings found in the text may carry a statement after their code.
      if (e.source !== 'headings') expect(sentenceReason(e.title), e.title).toBeNull();
      expect(e.title.split(' ').length, e.title).toBeLessThanOrEqual(16);
    }
  });

  it('keeps the noise as flagged, unroutable rows', () => {
    const links = tocs.sp37.entries.filter((e) => /Quick link to summary table/i.test(e.title));
    expect(links.length).toBeGreaterThan(3);
    for (const e of links) {
      expect(e.routable).toBe(false);
      expect(e.flags).toContain('duplicate');
    }
    const sentences = tocs.sp37.entries.filter((e) => e.flags.includes('sentence'));
    expect(sentences.length).toBeGreaterThan(100);
    expect(sentences.every((e) => !e.routable)).toBe(true);
  });

  it('moves sections that the outline hung under link text back under their chapter', () => {
    // The chapter carries the label printed above its heading ("CHAPTER THREE" over "THE PROCESS").
    const process = find(tocs.sp37, /^CHAPTER THREE THE PROCESS$/);
    const steps = childrenOf(tocs.sp37, process).filter((e) => /^3\.\d/.test(e.title));
    expect(steps.map((e) => e.title.split(' ')[0])).toEqual(['3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7']);
    expect(find(tocs.sp37, /^3\.1 PREPARE$/).pageEnd).toBe(64);
    expect(process.pageEnd).toBe(102);
  });
});

describe.skipIf(skipWithoutCorpus)('EU AI Act: chapters and articles read from label + title headings', () => {
  it('has Chapters I-XIII before the annexes, and Articles 1-113 nested under them', () => {
    const toc = tocs.aiact;
    const chapters = toc.entries.filter((e) => e.level === 1 && /^CHAPTER [IVX]+ /.test(e.title));
    expect(chapters.map((c) => c.title.split(' ')[1])).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII']);
    // Three carry no title (their title line is not where a label+title heading has it).
    const articles = toc.entries.filter((e) => /^Article \d+(\s|$)/.test(e.title));
    expect(articles.map((a) => Number(a.title.split(' ')[1]))).toEqual(Array.from({ length: 113 }, (_, i) => i + 1));
    const art5 = find(toc, /^Article 5 Prohibited AI practices/);
    expect(art5.pageStart).toBe(51);
    expect(toc.entries.find((e) => e.id === art5.parentId)?.title).toBe('CHAPTER II PROHIBITED AI PRACTICES');
    expect(toc.entries.some((e) => e.level === 1 && e.title === 'ANNEX III')).toBe(true);
  });
});
