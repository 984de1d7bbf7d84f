/**
 * A grouped bar chart of recall per question as a standalone SVG string, so the eval
 * report needs no plotting library and renders in a browser or a GitHub markdown view.
 */

export type RecallRow = { id: string; docintel: number; baseline5: number; baseline10: number };

type Series = { key: 'docintel' | 'baseline5' | 'baseline10'; label: string; color: string };

// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
const SERIES: Series[] = [
  { key: 'docintel', label: 'docintel', color: '#0072B2' },
  { key: 'baseline5', label: 'BM25 top-5 baseline', color: '#E69F00' },
  { key: 'baseline10', label: 'BM25 top-10 baseline', color: '#D55E00' },
];

const BAR = 12;
const GROUP_GAP = 14;
const GROUP_WIDTH = SERIES.length * BAR + GROUP_GAP;
const PLOT_HEIGHT = 260;
const TOP = 56;
const RIGHT = 24;
const MIN_LEFT = 64;
// Rotated id labels need room: about 6.5 px per character at 12 px, times sin 45°.
const CHAR_WIDTH = 6.5;
const LEGEND_STEP = 170;
// The title (15 px bold) and the legend are as wide as this whatever the number of questions.
const MIN_PLOT_WIDTH = SERIES.length * LEGEND_STEP;

type Layout = { left: number; plotWidth: number; width: number; height: number; base: number };

export function renderRecallChart(rows: RecallRow[]): string {
  const l = layout(rows);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}" viewBox="0 0 ${l.width} ${l.height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${l.width}" height="${l.height}" fill="#ffffff"/>`,
    `<text x="${l.left}" y="22" font-size="15" font-weight="bold">Recall per question: docintel vs BM25 top-k baseline</text>`,
    ...legend(l),
    ...yAxis(l),
    ...rows.flatMap((row, i) => group(row, l.left + i * GROUP_WIDTH + GROUP_GAP / 2, l)),
    ...xAxis(l),
    '</svg>',
    '',
  ].join('\n');
}

function layout(rows: RecallRow[]): Layout {
  const labelExtent = Math.ceil(Math.max(0, ...rows.map((r) => r.id.length)) * CHAR_WIDTH * Math.SQRT1_2);
  // The first id label slants left of its bar group, so the left margin must hold it.
  const left = Math.max(MIN_LEFT, Math.ceil(labelExtent - GROUP_WIDTH / 2 + 8));
  const plotWidth = Math.max(MIN_PLOT_WIDTH, rows.length * GROUP_WIDTH);
  return { left, plotWidth, width: left + plotWidth + RIGHT, height: TOP + PLOT_HEIGHT + 48 + labelExtent, base: TOP + PLOT_HEIGHT };
}

function yOf(v: number): number {
  return round1(TOP + PLOT_HEIGHT * (1 - clamp01(v)));
}

function yAxis(l: Layout): string[] {
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const midY = TOP + PLOT_HEIGHT / 2;
  return [
    ...ticks.map((t) => `<line x1="${l.left}" y1="${yOf(t)}" x2="${l.left + l.plotWidth}" y2="${yOf(t)}" stroke="#dddddd"/>`),
    ...ticks.map((t) => `<text x="${l.left - 8}" y="${yOf(t) + 4}" text-anchor="end">${t.toFixed(2)}</text>`),
    `<line x1="${l.left}" y1="${TOP}" x2="${l.left}" y2="${l.base}" stroke="#333333"/>`,
    `<text x="${l.left - 46}" y="${midY}" text-anchor="middle" transform="rotate(-90 ${l.left - 46} ${midY})">Recall (share of gold items)</text>`,
  ];
}

function xAxis(l: Layout): string[] {
  return [
    `<line x1="${l.left}" y1="${l.base}" x2="${l.left + l.plotWidth}" y2="${l.base}" stroke="#333333"/>`,
    `<text x="${l.left + l.plotWidth / 2}" y="${l.height - 12}" text-anchor="middle">Question</text>`,
  ];
}

function group(row: RecallRow, x0: number, l: Layout): string[] {
  const bars = SERIES.map((s, j) => {
    const v = row[s.key];
    const title = `<title>${escapeXml(`${row.id} · ${s.label}: ${format(v)}`)}</title>`;
    return `<rect x="${round1(x0 + j * BAR)}" y="${yOf(v)}" width="${BAR - 1}" height="${round1(l.base - yOf(v))}" fill="${s.color}">${title}</rect>`;
  });
  const labelX = round1(x0 + (SERIES.length * BAR) / 2);
  const labelY = l.base + 12;
  const label = `<text x="${labelX}" y="${labelY}" text-anchor="end" transform="rotate(-45 ${labelX} ${labelY})">${escapeXml(row.id)}</text>`;
  return [...bars, label];
}

function legend(l: Layout): string[] {
  return SERIES.flatMap((s, i) => {
    const x = l.left + i * LEGEND_STEP;
    return [`<rect x="${x}" y="32" width="12" height="12" fill="${s.color}"/>`, `<text x="${x + 18}" y="42">${escapeXml(s.label)}</text>`];
  });
}

/** Missing or out-of-range values draw as an empty bar instead of breaking the layout. */
function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

function format(v: number): string {
  return Number.isFinite(v) ? v.toFixed(2) : 'n/a';
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
