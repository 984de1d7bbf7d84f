/** Renders rows as an aligned plain-text table (no colours, so it pipes and diffs cleanly). */
export function renderTable(rows: Record<string, unknown>[], columns?: string[]): string {
  if (rows.length === 0) return '(no rows)';
  const cols = columns ?? Object.keys(rows[0]!);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v).replace(/\s+/g, ' ');
  };
  const body = rows.map((r) => cols.map((c) => truncate(cell(r[c]), 80)));
  const widths = cols.map((c, i) => Math.max(c.length, ...body.map((r) => r[i]!.length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
