#!/usr/bin/env node
// Takes the README's picture of a report: `node scripts/screenshot-report.mjs report.html docs/report.png [question-id]`.
// Headless Debian chromium (DOCINTEL_CHROMIUM to use another binary); opens the chosen question's trace.
import path from 'node:path';
import { chromium } from 'playwright-core';

const [file, out, question] = process.argv.slice(2);
if (!file || !out) {
  console.error('usage: node scripts/screenshot-report.mjs <report.html> <out.png> [question-id]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.DOCINTEL_CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1600 }, deviceScaleFactor: 1 });
  await page.goto(`file://${path.resolve(file)}`);
  if (question) {
    const section = page.locator(`#q-${question}`);
    await section.locator('details.trace > summary').click();
    await section.evaluate((el) => el.scrollIntoView());
  }
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
