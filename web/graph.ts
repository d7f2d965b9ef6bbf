/**
 * The analysis graph: black's score after each analysed move, the exact
 * part drawn solid and the estimated part dashed, on axes (scores to ±8,
 * 16, 32 or 64, as the game needs; move numbers), with a marker at the move shown; a band per move
 * to click to jump there. Pure: it writes the SVG's markup from the rows.
 */
import { formatEstimate, formatScore } from '../src/game/scores.js';
import type { AnalysisRow } from './analysis.js';

export const WIDTH = 400;
export const HEIGHT = 130;
/** The plot's box inside the SVG: room on the left for the scores, below for the move numbers. */
const LEFT = 28;
const RIGHT = 394;
const TOP = 6;
const BOTTOM = 112;

/** Black's score after a row's move (the move's score, for black). */
export function blackScore(r: AnalysisRow): number {
  return (r.side === 'black' ? 1 : -1) * r.score;
}

/** The graph's markup for the rows, with the marker at move `current` (none when null). */
export function graphMarkup(rows: readonly AnalysisRow[], current: number | null, lastMove: number): string {
  const first = 1;
  const last = Math.max(lastMove, rows.at(-1)?.move ?? 1, 2);
  const x = (n: number) => LEFT + ((n - first) * (RIGHT - LEFT)) / (last - first);
  // The score axis fits the game: ±8, 16, 32 or 64, the smallest that holds every score (a game between -12 and -20 is no flat line).
  const most = Math.max(0, ...rows.map((r) => Math.abs(blackScore(r))));
  const span = [8, 16, 32, 64].find((v) => v >= most) ?? 64;
  const y = (v: number) => TOP + ((span - v) * (BOTTOM - TOP)) / (2 * span);
  const f = (v: number) => v.toFixed(1);
  const parts: string[] = [];
  // The axes: the scores' (with +span, 0, -span) and the moves' (1, every tenth, the last).
  parts.push(`<line class="axis" x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${BOTTOM}"></line>`);
  parts.push(`<line class="axis" x1="${LEFT}" y1="${f(y(0))}" x2="${RIGHT}" y2="${f(y(0))}"></line>`);
  for (const v of [span, span / 2, 0, -span / 2, -span]) {
    parts.push(`<text class="score-label" x="${LEFT - 3}" y="${f(y(v) + 3)}" text-anchor="end">${v === 0 ? '0' : formatScore(v)}</text>`);
    if (v !== 0) parts.push(`<line class="grid" x1="${LEFT}" y1="${f(y(v))}" x2="${RIGHT}" y2="${f(y(v))}"></line>`);
  }
  const ticks = [first, ...Array.from({ length: Math.floor(last / 10) }, (_, i) => (i + 1) * 10).filter((n) => n < last - 3), last];
  for (const n of ticks) parts.push(`<text class="move-label" x="${f(x(n))}" y="${HEIGHT - 3}" text-anchor="middle">${n}</text>`);
  const line = (part: readonly AnalysisRow[], cls: string) =>
    part.length > 0
      ? `<polyline class="${cls}" points="${part.map((r) => `${f(x(r.move))},${f(y(blackScore(r)))}`).join(' ')}"></polyline>`
      : '';
  const estimated = rows.filter((r) => !r.exact);
  const exact = rows.filter((r) => r.exact);
  // The estimated line runs on to the first exact point, so that the two read as one game.
  parts.push(line(exact.length > 0 && estimated.length > 0 ? [...estimated, exact[0]] : estimated, 'estimate'));
  parts.push(line(exact, 'exact'));
  if (current !== null)
    parts.push(
      `<line class="marker" data-move="${current}" x1="${f(x(current))}" y1="${TOP}" x2="${f(x(current))}" y2="${BOTTOM}"></line>`,
    );
  // One band a move, to click: the whole height, half the way to each neighbour.
  const half = (RIGHT - LEFT) / (last - first) / 2;
  for (const r of rows)
    parts.push(
      `<rect class="jump" data-jump="${r.move}" x="${f(x(r.move) - half)}" y="${TOP}" width="${f(2 * half)}" height="${BOTTOM - TOP}"><title>move ${r.move}: ${r.played} ${r.exact ? formatScore(r.score) : formatEstimate(r.score)}</title></rect>`,
    );
  return parts.join('');
}
