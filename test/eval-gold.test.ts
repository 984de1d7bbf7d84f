import path from 'node:path';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadGold, parseGold } from '../src/eval/gold.ts';
import { EVAL_DIR, skipWithoutEval } from './helpers/corpus.ts';

const valid = {
  id: 'x-1',
  document: 'doc.pdf',
  question: 'Which?',
  kind: 'listing',
  strategy_hint: 'pattern',
  expected_items: [{ name: 'A', aliases: [], pages: [1] }],
  expected_count: 1,
  stated_count: null,
  expected_complete: true,
  expected_pages: [1],
  expected_section: null,
  answer_facts: [],
  evidence: 'A',
};

describe('loadGold', () => {
  it.skipIf(skipWithoutEval)('loads and validates all 79 dev records', async () => {
    const gold = await loadGold(path.join(EVAL_DIR, 'dev.json'));
    expect(gold).toHaveLength(79);
    expect(new Set(gold.map((q) => q.id)).size).toBe(79);
    for (const q of gold) {
      if (q.kind === 'factual') expect(q.answer_facts.length).toBeGreaterThan(0);
      else expect(q.expected_items).toHaveLength(q.expected_count!);
    }
  });

  it("validates every held-out set kept in the repo's eval/ folder", async () => {
    const dir = path.join(import.meta.dirname, '..', 'eval');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(files).toContain('unseen6.json');
    for (const f of files) {
      const gold = await loadGold(path.join(dir, f));
      expect(new Set(gold.map((q) => q.id)).size, f).toBe(gold.length);
    }
  });

  it('reports the path of a bad field', () => {
    expect(() => parseGold([valid, { ...valid, id: 'x-2', kind: 'table' }])).toThrow(/\[1\]\.kind/);
    expect(() => parseGold([{ ...valid, expected_items: [{ name: 'A', aliases: [], pages: [0] }] }])).toThrow(/\[0\]\.expected_items\[0\]\.pages\[0\]/);
  });

  it('enforces the README invariants', () => {
    expect(() => parseGold([valid, valid])).toThrow(/duplicate id x-1/);
    expect(() => parseGold([{ ...valid, id: 'Not_Kebab' }])).toThrow(/kebab/);
    expect(() => parseGold([{ ...valid, kind: 'factual' }])).toThrow(/factual questions have no items/);
    expect(() => parseGold([{ ...valid, expected_count: null }])).toThrow(/need expected_count/);
    expect(() => parseGold([{ ...valid, evidence: 'x'.repeat(201) }])).toThrow(/evidence/);
  });

  it('accepts corpus records: without document, or with documents, but not both', () => {
    const { document: _d, ...noDoc } = valid;
    expect(parseGold([noDoc])[0]!.document).toBeUndefined();
    expect(parseGold([{ ...noDoc, documents: ['a.pdf', 'b.pdf'] }])[0]!.documents).toEqual(['a.pdf', 'b.pdf']);
    expect(() => parseGold([{ ...valid, documents: ['a.pdf'] }])).toThrow(/not both/);
  });

  it('tolerates extra keys a held-out set might add', () => {
    expect(parseGold([{ ...valid, notes: 'checked' }])[0]).not.toHaveProperty('notes');
  });

  it('names the file when it is not JSON', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gold-'));
    const file = path.join(dir, 'bad.json');
    await writeFile(file, '{ nope');
    await expect(loadGold(file)).rejects.toThrow(`gold file ${file} is not valid JSON`);
  });
});
