import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = process.env.DOCINTEL_CORPUS_DIR ?? path.resolve(here, '../../../shared/corpus');
export const EVAL_DIR = path.resolve(CORPUS_DIR, '../eval');

/** `CI` set to anything but empty, `0` or `false`. */
export function inCI(): boolean {
  const ci = (process.env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== '0' && ci !== 'false';
}

/** True when the shared corpus folder is there (a clone of the repository alone has only samples/). */
export function corpusAvailable(): boolean {
  return existsSync(CORPUS_DIR);
}

/** True when the gold question set beside the corpus is there. */
export function evalAvailable(): boolean {
  return existsSync(path.join(EVAL_DIR, 'dev.json'));
}

/**
 * Skip flags for `describe.skipIf` / `it.skipIf`. Outside CI a missing corpus skips the tests that
 * need it (vitest reports them as skipped); in CI they always run, so a missing corpus fails them.
 */
export const skipWithoutCorpus = !inCI() && !corpusAvailable();
export const skipWithoutEval = !inCI() && !evalAvailable();

/** The one line printed (by test/helpers/corpus-notice.ts) when corpus tests are skipped; null when none are. */
export function corpusNotice(): string | null {
  const missing = [skipWithoutCorpus ? CORPUS_DIR : null, skipWithoutEval ? EVAL_DIR : null].filter((x) => x !== null);
  if (missing.length === 0) return null;
  return `corpus tests skipped: ${missing.join(' and ')} not found; to run them, set DOCINTEL_CORPUS_DIR to the corpus folder (with ../eval beside it) or place the corpus at ../shared/corpus next to the repository`;
}

/**
 * Path of a shared corpus PDF. In CI the corpus must be there: a missing file fails the test
 * instead of skipping it. Outside CI, tests that call this are skipped when the corpus folder is
 * absent (see `skipWithoutCorpus`); a folder that lacks a file still fails, with a clear message.
 */
export function corpusFile(name: string): string {
  const p = path.join(CORPUS_DIR, name);
  if (!existsSync(p)) {
    throw new Error(`corpus file missing: ${p} (tests read ../shared/corpus; set DOCINTEL_CORPUS_DIR to point elsewhere)`);
  }
  return p;
}

/** A public-domain PDF shipped in the repository's samples/ folder: there on every clone. */
export function sampleFile(name: string): string {
  const p = path.resolve(here, '../../samples', name);
  if (!existsSync(p)) throw new Error(`sample file missing: ${p}`);
  return p;
}

/**
 * A small real PDF to mutate or parse: the corpus's 18-page SCP guide where the corpus is
 * present, else the CSF sample that every clone has.
 */
export function realSeedPdf(): string {
  return inCI() || corpusAvailable() ? corpusFile(CORPUS.scp) : sampleFile('nist-csf-2.0.pdf');
}

export const CORPUS = {
  csf: 'nist-csf-2.0.pdf',
  attention: 'attention-is-all-you-need-1706.03762v7.pdf',
  sp37: 'nist-sp-800-37r2.pdf',
  airmf: 'nist-ai-100-1-ai-rmf.pdf',
  playbook: 'nist-ai-rmf-playbook.pdf',
  fema: 'fema-sfip-dwelling-form-f122-2021.pdf',
  asvs: 'owasp-asvs-5.0.0.pdf',
  scp: 'owasp-secure-coding-practices-qrg-v2.1.pdf',
  aiact: 'eu-ai-act-2024-1689-oj.pdf',
  sp171: 'nist-sp-800-171r2.pdf',
  sp61: 'nist-sp-800-61r2.pdf',
  rcbap: 'fema-f-144-rcbap-sfip-2021.pdf',
  resnet: 'resnet-1512.03385v1.pdf',
} as const;
