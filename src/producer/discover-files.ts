import { stat } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { DocintelError } from '../errors.ts';

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
    } else if (GLOB_CHARS.test(arg)) {
      const found = await glob(arg, { absolute: true });
      for (const f of found.sort()) if (!out.has(f)) out.set(f, { path: f, explicit: true });
    } else {
      out.set(abs, { path: abs, explicit: true, missing: true });
    }
  }
  return [...out.values()];
}

const GLOB_CHARS = /[*?[{]/;

/**
 * Fails the whole batch, before anything is stored, when an argument that is not a glob and does
 * not name a PDF file does not exist: that is a folder (or a typo), and without it there is no batch.
 * A missing `.pdf` path is left to the batch, which records it as an unreadable document.
 */
export async function checkInputFolders(args: string[]): Promise<void> {
  for (const arg of args) {
    if (GLOB_CHARS.test(arg) || /\.pdf$/i.test(arg)) continue;
    const abs = path.resolve(arg);
    if (await stat(abs).catch(() => null)) continue;
    throw new DocintelError(
      'not_found',
      `folder "${arg}" does not exist (read ${abs}); give a folder of PDFs, PDF files or a glob (for example samples, the folder npm run demo reads)`,
      { path: abs },
    );
  }
}

/** Names what a batch read, for a message saying it found no PDF: absolute paths of the arguments. */
export function describeInputs(args: string[]): string {
  return args.map((a) => (GLOB_CHARS.test(a) ? `"${a}"` : path.resolve(a))).join(', ');
}
