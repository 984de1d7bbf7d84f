import { corpusNotice } from './corpus.ts';

/** vitest globalSetup: prints, once per run, how to get the corpus tests that this run skips. */
export default function setup(): void {
  const notice = corpusNotice();
  if (notice) console.log(notice);
}
