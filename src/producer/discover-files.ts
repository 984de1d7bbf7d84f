import { stat } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';

export interface DiscoveredFile {
  path: string; // absolute
  explicit: boolean; // named by the user (so a non-PDF is reported, not silently skipped)
  missing?: boolean;
}

/**
 * Expands the user's arguments: files as given, folders recursively (PDFs only), and glob
 * patterns. A path that does not exist is kept (as missing) so the summary can report it.
 */
export async function discoverFiles(args: string[]): Promise<DiscoveredFile[]> {
  const out = new Map<string, DiscoveredFile>();
  for (const arg of args) {
    const abs = path.resolve(arg);
    const st = await stat(abs).catch(() => null);
    if (st?.isDirectory()) {
      const found = await glob('**/*.{pdf,PDF}', { cwd: abs, absolute: true, followSymbolicLinks: false });
      for (const f of found.sort()) if (!out.has(f)) out.set(f, { path: f, explicit: false });
    } else if (st) {
      out.set(abs, { path: abs, explicit: true });
    } else if (/[*?[{]/.test(arg)) {
      const found = await glob(arg, { absolute: true });
      for (const f of found.sort()) if (!out.has(f)) out.set(f, { path: f, explicit: true });
    } else {
      out.set(abs, { path: abs, explicit: true, missing: true });
    }
  }
  return [...out.values()];
}
