import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = process.env.DOCINTEL_CORPUS_DIR ?? path.resolve(here, '../../../shared/corpus');
export const EVAL_DIR = path.resolve(CORPUS_DIR, '../eval');

/**
 * Path of a shared corpus PDF. In CI the corpus must be there: a missing file fails the test
 * instead of skipping it. Outside CI a missing corpus also fails, with a clear message.
 */
export function corpusFile(name: string): string {
  const p = path.join(CORPUS_DIR, name);
  if (!existsSync(p)) {
    throw new Error(`corpus file missing: ${p} (tests read ../shared/corpus; set DOCINTEL_CORPUS_DIR to point elsewhere)`);
  }
  return p;
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
} as const;
