import { createHash } from 'node:crypto';

/**
 * Deterministic PDF mutations for fuzzing the ingest path: the same seed and sources always give
 * the same files, so a failing case can be regenerated from its seed and index. Each output's
 * bytes are unique (ingest deduplicates by content hash, and a duplicate would test nothing).
 */
export const MUTATION_KINDS = ['truncate', 'truncate_eof', 'flip', 'zero', 'xref', 'trailer', 'splice', 'insert_nul', 'duplicate_span'] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface MutatedPdf {
  name: string;
  kind: MutationKind;
  source: string;
  bytes: Buffer;
}

export interface SourcePdf {
  name: string;
  bytes: Buffer;
}

/** mulberry32: a small, fast, seedable PRNG (the fuzz must not depend on Math.random). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mutatePdfs(sources: SourcePdf[], count: number, seed: number): MutatedPdf[] {
  if (sources.length === 0) throw new Error('mutatePdfs needs at least one source PDF');
  const rand = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1)); // inclusive
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const seen = new Set(sources.map((s) => sha(s.bytes)));
  const out: MutatedPdf[] = [];
  for (let i = 0; i < count; i++) {
    // Round-robin over the kinds so even a small count covers every one.
    const kind = MUTATION_KINDS[i % MUTATION_KINDS.length]!;
    const src = sources[i % sources.length]!;
    const other = sources[(i + 1) % sources.length]!;
    let bytes = mutate(kind, src.bytes, other.bytes, int, pick);
    // Unique content: nudge a byte in the middle until the hash is new.
    while (seen.has(sha(bytes))) {
      bytes = Buffer.from(bytes);
      if (bytes.length === 0) bytes = Buffer.from([int(0, 255)]);
      const at = int(0, bytes.length - 1);
      bytes[at] = (bytes[at]! ^ int(1, 255)) & 0xff;
    }
    seen.add(sha(bytes));
    const stem = src.name.replace(/\.pdf$/i, '').slice(0, 24);
    out.push({ name: `${String(i).padStart(4, '0')}-${kind}-${stem}.pdf`, kind, source: src.name, bytes });
  }
  return out;
}

type Int = (lo: number, hi: number) => number;
type Pick = <T>(xs: readonly T[]) => T;

function mutate(kind: MutationKind, a: Buffer, b: Buffer, int: Int, pick: Pick): Buffer {
  const n = a.length;
  switch (kind) {
    case 'truncate':
      return Buffer.from(a.subarray(0, int(1, n - 1)));
    case 'truncate_eof':
      // A cut-off file that still ends in %%EOF gets past the cheap checks and into pdf.js.
      return Buffer.concat([a.subarray(0, int(Math.floor(n * 0.05), n - 1)), Buffer.from('\n%%EOF\n')]);
    case 'flip': {
      const out = Buffer.from(a);
      const flips = int(1, 400);
      for (let k = 0; k < flips; k++) {
        const at = int(0, n - 1);
        out[at] = (out[at]! ^ int(1, 255)) & 0xff;
      }
      return out;
    }
    case 'zero': {
      const out = Buffer.from(a);
      const spans = int(1, 6);
      for (let k = 0; k < spans; k++) {
        const len = int(16, 8192);
        const at = int(0, Math.max(0, n - len));
        out.fill(0, at, Math.min(n, at + len));
      }
      return out;
    }
    case 'xref': {
      // Damage the cross-reference data: the startxref offset and bytes around the last xref section.
      const out = Buffer.from(a);
      const sx = out.lastIndexOf('startxref');
      if (sx >= 0 && int(0, 1) === 1) {
        // Rewrite the offset in place (same width), leaving the %%EOF after it.
        const m = /^\s*(\d+)/.exec(out.subarray(sx + 9, sx + 40).toString('latin1'));
        if (m) {
          const at = sx + 9 + m[0].length - m[1]!.length;
          out.write(String(int(0, 10 ** m[1]!.length - 1)).padStart(m[1]!.length, '0'), at, 'latin1');
        }
      }
      // The xref table or stream before startxref; the %%EOF after it stays, so pdf.js sees the damage.
      const end = sx > 0 ? sx - 1 : Math.max(0, n - 64);
      const xr = out.lastIndexOf('xref', end - 1);
      const from = xr >= 0 && xr < end ? xr : Math.max(0, end - 2048);
      for (let k = 0; k < int(1, 40); k++) {
        const at = int(from, Math.max(from, Math.min(end, from + 2048)));
        out[at] = pick([0x20, 0x30 + int(0, 9), 0x0a, 0x00, int(0, 255)]);
      }
      return out;
    }
    case 'trailer': {
      // Remove or garble the trailer dictionary's keys (Root, Size, Info, Encrypt...).
      let s = a.toString('latin1');
      const t = s.lastIndexOf('trailer');
      const variant = int(0, 3);
      if (variant === 0 && t >= 0) s = s.slice(0, t) + s.slice(t + 7);
      else if (variant === 1) s = s.replace(/\/Root\s+\d+\s+\d+\s+R/g, `/Root ${int(1, 99999)} 0 R`);
      else if (variant === 2) s = s.replace(/\/Size\s+\d+/g, `/Size ${int(0, 3)}`);
      else {
        const at = t >= 0 ? t : Math.max(0, s.length - 512);
        s = s.slice(0, at) + 'x'.repeat(int(1, 64)) + s.slice(at + int(1, 64));
      }
      return Buffer.from(s, 'latin1');
    }
    case 'splice':
      // First part of one file, last part of another: two valid halves, one broken whole.
      return Buffer.concat([a.subarray(0, int(Math.floor(n * 0.2), Math.floor(n * 0.8))), b.subarray(int(Math.floor(b.length * 0.2), Math.floor(b.length * 0.8)))]);
    case 'insert_nul': {
      // NUL bytes inserted (shifting everything after): offsets go wrong, strings gain \0.
      const parts: Buffer[] = [];
      let prev = 0;
      const cuts = Array.from({ length: int(1, 12) }, () => int(0, n)).sort((x, y) => x - y);
      for (const c of cuts) {
        parts.push(a.subarray(prev, c), Buffer.alloc(int(1, 4)));
        prev = c;
      }
      parts.push(a.subarray(prev));
      return Buffer.concat(parts);
    }
    case 'duplicate_span': {
      const len = int(64, 16384);
      const at = int(0, Math.max(0, n - len));
      const to = int(0, n);
      return Buffer.concat([a.subarray(0, to), a.subarray(at, at + len), a.subarray(to)]);
    }
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
