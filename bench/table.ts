/** One printed figure: a row of the README table. The bench reports; it never asserts. */
export interface Figure {
  figure: string;
  value: string;
  unit: string;
  note: string;
  /** What the figure should reach (issue 13's targets), empty when there is none. */
  target: string;
}

export class Figures {
  readonly rows: Figure[] = [];

  add(figure: string, value: number | string, unit = '', note = '', target = ''): void {
    this.rows.push({ figure, value: typeof value === 'number' ? fmt(value) : value, unit, note, target });
    process.stderr.write(`  ${figure}: ${typeof value === 'number' ? fmt(value) : value} ${unit}${target ? ` [target ${target}]` : ''}${note ? `  (${note})` : ''}\n`);
  }
}

/** Three significant figures, thousands separated; integers above 1000 stay whole. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1000) return Math.round(n).toLocaleString('en-US');
  if (abs >= 100) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  if (abs >= 1) return n.toFixed(2);
  if (abs === 0) return '0';
  return n.toPrecision(2);
}

const escape = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A GitHub-flavoured markdown table. */
export function markdownTable(header: string[], rows: string[][]): string {
  const lines = [`| ${header.map(escape).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.map(escape).join(' | ')} |`);
  return lines.join('\n');
}

export function figuresTable(rows: Figure[]): string {
  return markdownTable(
    ['figure', 'value', 'unit', 'target', 'note'],
    rows.map((r) => [r.figure, r.value, r.unit, r.target, r.note]),
  );
}
