import { describe, expect, it } from 'vitest';
import { formatPv, formatScore, formatTime, grouped, tableRow, tableTotal } from '../src/cli/report.js';
import { jsonRecord } from '../src/pool/results.js';
import { PASS } from '../src/position/position.js';
import { NO_MOVE } from '../src/search/table.js';
import { check, type PositionResult, summarize } from '../src/solve/solve.js';

const G8 = 62;
const H1 = 7;
const A2 = 8;
const answers = [
  { move: G8, score: 18 },
  { move: H1, score: 12 },
  { move: A2, score: 18 },
];

describe('the answer check', () => {
  it('a result is right when its score is the best and its move one of the moves with that score', () => {
    expect(check(answers, 18, G8, false)).toEqual({ expected: 18, bestMoves: [G8, A2], ok: true });
    expect(check(answers, 18, A2, false).ok).toBe(true);
    expect(check(answers, 18, H1, false).ok).toBe(false); // right score, a move worth 12
    expect(check(answers, 12, H1, false).ok).toBe(false); // that move's own score is not the best
    expect(check(answers, 16, G8, false).ok).toBe(false);
  });

  it('without answers nothing is checked; a finished game is judged by its score alone', () => {
    expect(check([], 4, G8, false)).toEqual({ expected: null, bestMoves: [], ok: null });
    expect(check([{ move: PASS, score: -6 }], -6, NO_MOVE, true).ok).toBe(true);
  });
});

const result = (over: Partial<PositionResult>): PositionResult => ({
  index: 1,
  line: 3,
  empties: 14,
  move: G8,
  score: 18,
  expected: 18,
  bestMoves: [G8],
  ok: true,
  nodes: 123456,
  ms: 1500,
  pv: [G8, PASS, H1],
  table: { probes: 1, hits: 2, cutoffs: 3, stores: 4, overwrites: 5, dropped: 0, region: 0 },
  ...over,
});

describe('the report', () => {
  it('formats scores, times and principal variations as Edax does', () => {
    expect([formatScore(18), formatScore(-2), formatScore(0), formatScore(64)]).toEqual(['+18', '-02', '+00', '+64']);
    expect(formatTime(1500)).toBe('0:01.500');
    expect(formatTime(3_723_004)).toBe('1:02:03.004');
    expect(formatPv([G8, PASS, H1, A2])).toBe('G8 ps H1 a2');
  });

  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 65_536, 1_990_942, 212_258_800, 47_024_945_702, -1234, -999_999])
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  });

  it('a row: index, empties, score, time, nodes, N/s, PV; what disagrees with the file', () => {
    expect(tableRow(result({}))).toBe('   1 |    14 |   +18 |     0:01.500 |        123,456 |       82,304 | G8 ps H1');
    expect(tableRow(result({ score: 16, ok: false }))).toMatch(/<- MISMATCH: expected \+18$/);
    expect(tableRow(result({ move: H1, pv: [H1], ok: false, bestMoves: [G8, A2] }))).toMatch(/<- MISMATCH: move H1, expected G8 or A2$/);
  });

  it('the total line and the JSON record', () => {
    const s = summarize([result({}), result({ index: 2, ok: false, nodes: 100, ms: 500 })], 1, 4000);
    expect(s).toMatchObject({ positions: 2, nodes: 123556, ms: 4000, cpuMs: 2000, nps: 30889, mismatches: 1, errors: 1 });
    expect(tableTotal(s).split('\n')[1]).toBe(
      '2 positions: 123,556 nodes in 0:04.000 (0:02.000 of solving) (30,889 N/s); 1 mismatch, 1 bad line',
    );
    expect(jsonRecord(result({ move: NO_MOVE, pv: [] }))).toMatchObject({
      index: 1,
      move: null,
      score: 18,
      expected: 18,
      ok: true,
      pv: [],
      line: 3,
    });
    expect(jsonRecord(result({})).pv).toEqual(['g8', 'pass', 'h1']);
  });
});
