// Whether dist/ (the compiled build, scripts/build.mjs) may run in place of src/: it exists and is
// at least as new as every file under src/. Shared by bin/docintel.js and the bench.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** True when dist/.build-stamp exists and no file under src/ is newer than it. */
export function compiledIsCurrent() {
  const stamp = new URL('dist/.build-stamp', root);
  if (!existsSync(stamp) || !existsSync(new URL('dist/cli/main.js', root))) return false;
  const built = statSync(stamp).mtimeMs;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const u = new URL(e.name + (e.isDirectory() ? '/' : ''), dir);
      if (e.isDirectory() ? !walk(u) : statSync(u).mtimeMs > built) return false;
    }
    return true;
  };
  return walk(new URL('src/', root));
}

/** What bin/docintel.js runs: the compiled build unless it is stale or DOCINTEL_FROM_SOURCE=1. */
export function runsCompiled() {
  return process.env.DOCINTEL_FROM_SOURCE !== '1' && compiledIsCurrent();
}
