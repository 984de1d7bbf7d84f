import { chromiumNotice } from './chromium.ts';
import { corpusNotice } from './corpus.ts';

/** vitest globalSetup: prints, once per run, how to get the corpus (and browser) tests that this run skips. */
export default function setup(): void {
  for (const notice of [corpusNotice(), chromiumNotice()]) if (notice) console.log(notice);
}
