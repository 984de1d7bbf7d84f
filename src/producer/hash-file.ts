import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Streams the file through sha256 so large PDFs are never held in memory just to be hashed. */
export function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    let bytes = 0;
    createReadStream(file)
      .on('data', (c) => {
        bytes += c.length;
        h.update(c);
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: h.digest('hex'), bytes }));
  });
}

export function sha256Text(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
