/**
 * An experiment's plot.svg: a line chart of nodes × and CPU × against the
 * table (its size h, or its bytes), or, when weights are compared, bars.
 * Each ratio is drawn with its 95 % interval as an error bar (nodes: across
 * positions; CPU: across rounds); each series has a dash and a marker of its
 * own; the value axis starts at 0.
 */

/** What a point of the plot needs of a configuration's summary. */
export interface PlotRow {
  readonly name: string;
  readonly program: 'revsolve' | 'edax';
  readonly hashBits: number;
  readonly tableLayout: string;
  readonly off: string;
  readonly weights: string;
  /** The table's bytes (null: Edax's, whose entry size is not this program's to say). */
  readonly tableBytes: number | null;
  /** Nodes ×: per position, the geometric mean (its interval around it). */
  readonly nodesX: number;
  readonly nodesLow: number | null;
  readonly nodesHigh: number | null;
  readonly cpuX: number;
  readonly cpuLow: number | null;
  readonly cpuHigh: number | null;
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const DASHES = ['', '6 3', '2 2', '8 3 2 3', '1 3', '10 4'];
const W = 720;
const CHART = 320;
const L = 60;
const R = 20;
const T = 30;
const B = 44;

/** A marker of kind `k` (circle, square, triangle, diamond) at (x, y). */
function marker(k: number, x: number, y: number, colour: string): string {
  const p = (n: number) => n.toFixed(1);
  switch (k % 4) {
    case 0:
      return `<circle cx="${p(x)}" cy="${p(y)}" r="3" fill="${colour}"/>`;
    case 1:
      return `<rect x="${p(x - 3)}" y="${p(y - 3)}" width="6" height="6" fill="${colour}"/>`;
    case 2:
      return `<polygon points="${p(x)},${p(y - 4)} ${p(x - 4)},${p(y + 3)} ${p(x + 4)},${p(y + 3)}" fill="${colour}"/>`;
    default:
      return `<polygon points="${p(x)},${p(y - 4)} ${p(x + 4)},${p(y)} ${p(x)},${p(y + 4)} ${p(x - 4)},${p(y)}" fill="${colour}"/>`;
  }
}

/** An error bar from `lo` to `hi` at x (nothing when the interval is unknown). */
function errorBar(x: number, lo: number | null, hi: number | null, y: (v: number) => number, colour: string): string {
  if (lo === null || hi === null) return '';
  const p = (n: number) => n.toFixed(1);
  return `<path d="M${p(x)},${p(y(lo))}V${p(y(hi))}M${p(x - 3)},${p(y(lo))}h6M${p(x - 3)},${p(y(hi))}h6" stroke="${colour}" fill="none"/>`;
}

/** The value axis, from 0 to a little above the largest value or bound, with its ticks and the 1× line. */
function valueAxis(values: readonly number[]): { y: (v: number) => number; parts: string[] } {
  const top = Math.max(1, ...values) * 1.08;
  const y = (v: number) => T + (1 - v / top) * (CHART - T - B);
  const step = top > 4 ? 1 : top > 2 ? 0.5 : 0.25;
  const parts = [
    `<line x1="${L}" y1="${CHART - B}" x2="${W - R}" y2="${CHART - B}" stroke="#000"/><line x1="${L}" y1="${T}" x2="${L}" y2="${CHART - B}" stroke="#000"/>`,
    `<line x1="${L}" y1="${y(1).toFixed(1)}" x2="${W - R}" y2="${y(1).toFixed(1)}" stroke="#aaa" stroke-dasharray="2 3"/>`,
  ];
  for (let v = 0; v <= top; v += step)
    parts.push(`<text x="${L - 4}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(2)}×</text>`);
  return { y, parts };
}

/** The line chart: nodes × and CPU × against h (or the table's bytes), a series a program, layout, switch set and weights. */
export function linePlot(rows: readonly PlotRow[], title: string, xBytes: boolean): string {
  const series = new Map<string, PlotRow[]>();
  for (const r of rows) {
    if (xBytes && r.tableBytes === null) continue;
    const key = [r.program === 'edax' ? 'edax' : r.tableLayout, r.off !== 'none' ? `off ${r.off}` : '', r.weights]
      .filter(Boolean)
      .join(' ');
    series.set(key, [...(series.get(key) ?? []), r]);
  }
  const xOf = (r: PlotRow) => (xBytes ? Math.log2(r.tableBytes ?? 1) : r.hashBits);
  const shown = [...series.values()].flat();
  const xs = shown.map(xOf);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs, Math.min(...xs) + 1)];
  const x = (v: number) => L + ((v - x0) / (x1 - x0)) * (W - L - R);
  const { y, parts: axis } = valueAxis(shown.flatMap((r) => [r.nodesX, r.cpuX, r.nodesHigh ?? 0, r.cpuHigh ?? 0]));
  const H = CHART + 16 * 2 * series.size + 8;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`,
    `<text x="${L}" y="16" font-size="13">${title}</text>`,
    ...axis,
    `<text x="${(L + W - R) / 2}" y="${CHART - 8}" text-anchor="middle">${xBytes ? 'table bytes (log scale)' : 'h (2^h entries)'}</text>`,
  ];
  for (const v of [...new Set(xs)])
    parts.push(
      `<text x="${x(v).toFixed(1)}" y="${CHART - B + 14}" text-anchor="middle">${xBytes ? `${(2 ** v / 2 ** 20).toFixed(v < 20 ? 2 : 0)} MiB` : v}</text>`,
    );
  let line = 0;
  const lines = 2 * series.size;
  for (const [name, rs] of series) {
    const sorted = [...rs].sort((a, b) => xOf(a) - xOf(b));
    for (const [field, lo, hi, what] of [
      ['nodesX', 'nodesLow', 'nodesHigh', 'nodes × (per position)'],
      ['cpuX', 'cpuLow', 'cpuHigh', 'search CPU ×'],
    ] as const) {
      const colour = COLOURS[line % COLOURS.length];
      const dash = DASHES[line % DASHES.length];
      const pts = sorted.map((r) => `${x(xOf(r)).toFixed(1)},${y(r[field]).toFixed(1)}`).join(' ');
      parts.push(
        `<polyline points="${pts}" fill="none" stroke="${colour}" stroke-width="1.5"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      );
      // Each line's bars and markers a little apart from the others' at the same x, so that none hides another.
      const apart = (line - (lines - 1) / 2) * 4;
      for (const r of sorted)
        parts.push(errorBar(x(xOf(r)) + apart, r[lo], r[hi], y, colour), marker(line, x(xOf(r)) + apart, y(r[field]), colour));
      const ly = CHART + 16 * line + 4;
      parts.push(
        `<line x1="${L}" y1="${ly}" x2="${L + 24}" y2="${ly}" stroke="${colour}" stroke-width="1.5"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
        marker(line, L + 12, ly, colour),
        `<text x="${L + 30}" y="${ly + 4}" fill="${colour}">${name}: ${what} (95 % interval: ${field === 'nodesX' ? 'across positions' : 'across rounds'})</text>`,
      );
      line++;
    }
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Bars when weights are compared: a group a weights file, a bar a program and size, the nodes × against the baseline weights there, with its interval. */
export function weightsPlot(rows: readonly PlotRow[], baselineWeights: string): string {
  const seriesOf = (r: PlotRow) => `${r.program} h${r.hashBits}${r.off !== 'none' ? ` off ${r.off}` : ''}`;
  const series = [...new Set(rows.map(seriesOf))];
  const files = [...new Set(rows.map((r) => r.weights))];
  const H = CHART + 16 * series.length + 8;
  const { y, parts: axis } = valueAxis(rows.flatMap((r) => [r.nodesX, r.nodesHigh ?? 0]));
  const group = (W - L - R) / files.length;
  const bar = (group * 0.8) / series.length;
  const base = (f: string) => f.replace(/^.*\//, '').replace(/\.(rsev|dat)$/, '');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`,
    `<text x="${L}" y="16" font-size="13">nodes against ${base(baselineWeights) || 'the shipped weights'} (1×): the same program at the same table size; 95 % intervals across positions</text>`,
    ...axis,
  ];
  for (const r of rows) {
    const k = series.indexOf(seriesOf(r));
    const x = L + files.indexOf(r.weights) * group + group * 0.1 + k * bar;
    const top = y(r.nodesX);
    const colour = COLOURS[k % COLOURS.length];
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${(bar - 1).toFixed(1)}" height="${(y(0) - top).toFixed(1)}" fill="${colour}" fill-opacity="${k % 2 ? 0.55 : 0.9}"/>`,
      errorBar(x + bar / 2, r.nodesLow, r.nodesHigh, y, '#000'),
      `<text x="${(x + bar / 2).toFixed(1)}" y="${(Math.min(top, y(r.nodesHigh ?? r.nodesX)) - 4).toFixed(1)}" text-anchor="middle" font-size="9">${r.nodesX.toFixed(2)}</text>`,
    );
  }
  for (const [i, f] of files.entries())
    parts.push(
      `<text x="${(L + i * group + group / 2).toFixed(1)}" y="${CHART - B + 16}" text-anchor="middle">${base(f) || 'shipped'}</text>`,
    );
  for (const [i, name] of series.entries())
    parts.push(
      `<rect x="${L}" y="${CHART + 16 * i - 4}" width="24" height="10" fill="${COLOURS[i % COLOURS.length]}" fill-opacity="${i % 2 ? 0.55 : 0.9}"/>`,
      `<text x="${L + 30}" y="${CHART + 16 * i + 5}">${name}</text>`,
    );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
