import { existsSync } from 'node:fs';
import { inCI } from './corpus.ts';

/** Debian's chromium package; playwright-core's own browser download does not work on these machines. */
export const CHROMIUM = process.env.DOCINTEL_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

/** Outside CI a missing browser skips the browser tests (reported as skipped); in CI they run and fail. */
export const skipWithoutChromium = !inCI() && !chromiumAvailable();

export function chromiumNotice(): string | null {
  return skipWithoutChromium ? `browser tests skipped: ${CHROMIUM} not found; to run them: apt-get install -y chromium (or set DOCINTEL_CHROMIUM)` : null;
}
