import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { ListingAnswer } from '../src/answer/types.ts';
import { runEval } from '../src/eval/run-eval.ts';
import { loadReport } from '../src/report/load-report.ts';
import { renderReport } from '../src/report/render-report.ts';
import { listAnswers } from '../src/sql/list-answers.ts';
import { testApp } from './helpers/app.ts';
import { CHROMIUM, chromiumAvailable, skipWithoutChromium } from './helpers/chromium.ts';
import { freshDatabase } from './helpers/db.ts';
import { makePdf } from './helpers/make-pdf.ts';

const SCRIPT = '<script>alert(1)</script>';

/**
 * A report of a real eval run on a generated PDF whose list holds a <script> element as text,
 * opened from disk in headless Chromium: what a person sees, and that nothing in it runs or loads.
 */
describe.skipIf(skipWithoutChromium)('docintel report in a real browser (headless Chromium)', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  let browser: Browser;
  let page: Page;
  let answer: ListingAnswer;
  const dialogs: string[] = [];
  const requests: string[] = [];
  const root = mkdtempSync(path.join(tmpdir(), 'docintel-report-'));
  const reportFile = path.join(root, 'out', 'report.html');

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error(`${CHROMIUM} is missing; CI must install it (apt-get install -y chromium, as .ci/run does)`);
    const corpus = path.join(root, 'corpus');
    mkdirSync(corpus, { recursive: true });
    writeFileSync(
      path.join(corpus, 'garden.pdf'),
      await makePdf({
        pages: [
          [
            { text: 'Garden Handbook', size: 20, bold: true },
            ...Array.from({ length: 12 }, (_, i) => ({ text: `Background paragraph ${i + 1} about the garden and its visitors.` })),
          ],
          [
            { text: 'Safety rules', size: 14, bold: true },
            { text: 'Visitors must follow these three safety rules:' },
            { text: '1. Close the gate after entering the garden.' },
            { text: `2. Never run scripts such as ${SCRIPT} on the kiosk.` },
            { text: '3. Wear gloves when pruning the roses.' },
            { text: 'Watering happens every morning before nine.' },
          ],
        ],
      }),
    );
    const goldPath = path.join(root, 'eval', 'gold.json');
    mkdirSync(path.dirname(goldPath), { recursive: true });
    const names = ['Close the gate after entering the garden.', `Never run scripts such as ${SCRIPT} on the kiosk.`, 'Wear gloves when pruning the roses.'];
    writeFileSync(
      goldPath,
      JSON.stringify([
        {
          id: 'garden-safety-rules',
          document: 'garden.pdf',
          question: 'What are the safety rules of the garden?',
          kind: 'listing',
          strategy_hint: 'structure',
          expected_items: names.map((name) => ({ name, aliases: [], pages: [2] })),
          expected_count: 3,
          stated_count: 3,
          expected_complete: true,
          expected_pages: [2],
          expected_section: 'Safety rules',
          answer_facts: [],
          evidence: 'Visitors must follow these three safety rules:',
        },
      ]),
    );
    fresh = await freshDatabase('report');
    app = await testApp({ databaseUrl: fresh.url, redis: false });
    const evalDir = path.join(root, 'eval-out');
    await runEval(app, goldPath, { corpusDir: corpus, outDir: evalDir });
    const [stored] = await listAnswers(app.db, { run: app.runId });
    answer = stored!.payload as ListingAnswer;
    const data = await loadReport(app.db, { evalDir });
    mkdirSync(path.dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, renderReport(data));

    browser = await chromium.launch({ executablePath: CHROMIUM });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${reportFile}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await fresh?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows every item of the list with its citation: page, line and the quoted line', async () => {
    expect(answer.items.map((i) => i.name)).toHaveLength(3);
    const items = page.locator('ol.items > li');
    await expect.poll(() => items.count()).toBe(3);
    const names = await page.locator('ol.items .item-name').allInnerTexts();
    expect(names).toEqual(answer.items.map((i) => i.name));
    expect(names.join(' | ')).toContain('Close the gate');
    const first = answer.items[0]!.citations[0]!;
    const citation = items.first().locator('ul.citations li').first();
    expect(await citation.isVisible()).toBe(true);
    expect(await citation.innerText()).toContain(`p. ${first.pageNum}`);
    expect(await citation.innerText()).toContain(`line ${first.lineNum}`);
    expect(await citation.locator('.quote').innerText()).toBe(first.quote);
    expect(first.quote).toContain('Close the gate after entering');
  });

  it('shows the completeness verdict and its reason', async () => {
    const verdict = page.locator('.verdict');
    expect(await verdict.isVisible()).toBe(true);
    const label = answer.isComplete === null ? 'Completeness unknown' : answer.isComplete ? 'Complete' : 'Incomplete';
    expect(await verdict.locator('.label').innerText()).toBe(label);
    expect(await verdict.locator('.reason').innerText()).toBe(answer.completenessReason);
    expect(answer.completenessReason.length).toBeGreaterThan(0);
  });

  it('keeps a <script> in the document text as text: shown literally, never run, no script element', async () => {
    const scripted = page.locator('ol.items .item-name', { hasText: SCRIPT });
    expect(await scripted.count()).toBe(1);
    expect(await scripted.isVisible()).toBe(true);
    expect(await scripted.innerText()).toContain(`Never run scripts such as ${SCRIPT}`);
    expect(await page.locator('script').count()).toBe(0);
    // And were escaping ever to fail, the page's own policy forbids scripts and any fetch.
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; img-src data:/);
    expect(dialogs).toEqual([]);
  });

  it('shows the trace as a timeline once opened: routing or listing steps with their decisions', async () => {
    const trace = page.locator('details.trace').first();
    expect(await trace.locator('ol.timeline > li').first().isVisible()).toBe(false);
    await trace.locator(':scope > summary').click();
    const steps = trace.locator('ol.timeline > li');
    expect(await steps.first().isVisible()).toBe(true);
    const heads = await trace.locator('.step-head').allInnerTexts();
    expect(heads.some((h) => h.includes('understand / rules'))).toBe(true);
    expect(heads.some((h) => h.includes('answer / stored'))).toBe(true);
    expect(await steps.count()).toBe(heads.length);
    // The list candidates step lists the scored candidates, the chosen list's first item among them.
    const candidates = trace.locator('ol.timeline > li', { hasText: 'list / candidates' });
    expect(await candidates.count()).toBe(1);
    expect(await candidates.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await candidates.locator('table').innerText()).toContain('Close the gate');
  });

  it('shows the eval scores beside the baseline and the recall chart, all from the file itself', async () => {
    const totals = page.locator('#eval table.scores');
    expect(await totals.isVisible()).toBe(true);
    const text = await totals.innerText();
    expect(text).toMatch(/mean recall\s+1\.00/);
    expect(text).toContain('mean evidence recall, top 5 chunks');
    const chart = page.locator('#eval figure.chart img');
    expect(await chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const question = page.locator('section.question', { hasText: 'Eval scores (gold garden-safety-rules)' });
    expect(await question.count()).toBe(1);
    // Nothing but the file itself (and its data: image) was requested: the page works offline.
    expect(requests.filter((u) => !u.startsWith('file://') && !u.startsWith('data:'))).toEqual([]);
  });
});
