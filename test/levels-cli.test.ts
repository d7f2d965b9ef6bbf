/**
 * Levels on the command line (issue 86): `solve --level` (exact rows inside
 * the level's end range, estimates beyond it with their depth and
 * confidence, never counted as mismatches), its results file tied to the
 * level, `analyze --level` (a row per move played, the exact rows as
 * today's), and bad input refused in one line.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { legalMoves, moveName, parsePosition, readWthorGames, replayMoves } from '../dist/index.js';
import { jsonRows, runIn } from './processes.js';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'revsolve-levels-'));
const run = (args: string[]) => runIn(ROOT, args, 300_000);
const rowsOf = (out: string) => jsonRows(out).filter((r) => r.index !== undefined);

/** The first `n` positions of obf/wthor-2020-2021-36.obf with `empties` empties, as a file of their own. */
function heldOut(n: number, empties: number): string {
  const lines = readFileSync(join(ROOT, 'obf/wthor-2020-2021-36.obf'), 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('%') && (l.split(' ')[0].match(/-/g) ?? []).length === empties)
    .slice(0, n);
  expect(lines).toHaveLength(n);
  const file = join(dir, `held-out-${n}-${empties}.obf`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('solve --level', () => {
  it('inside level 10’s end range (fforum 1-19, 14-16 empties): the exact solver’s scores and node counts, every row exact', () => {
    const plain = run(['solve', 'obf/fforum-1-19.obf', '--json', '--quiet', '-n', '1', '-h', '18']);
    const level = run(['solve', 'obf/fforum-1-19.obf', '--json', '--quiet', '-n', '1', '-h', '18', '--level', '10']);
    expect(plain.code).toBe(0);
    expect(level.code).toBe(0);
    const a = rowsOf(plain.out);
    const b = rowsOf(level.out);
    expect(b).toHaveLength(19);
    expect(b.map((r) => [r.score, r.move, r.nodes, r.ok])).toEqual(a.map((r) => [r.score, r.move, r.nodes, r.ok]));
    expect(b.every((r) => r.kind === 'exact' && r.depth === r.empties && r.confidence === 100)).toBe(true);
  });

  it('20 WTHOR positions at 36 empties, level 10: each an estimate at depth 10, 100 %, a legal move, no mismatch; both engines one tree', () => {
    const file = heldOut(20, 36);
    const runs = (['wasm', 'ts'] as const).map((engine) =>
      run(['solve', file, '--json', '--quiet', '-n', '1', '-h', '18', '--level', '10', '--engine', engine]),
    );
    for (const r of runs) expect(r.code).toBe(0);
    const [wasm, ts] = runs.map((r) => rowsOf(r.out));
    const positions = readFileSync(file, 'utf8').trim().split('\n').map(parsePosition);
    for (const [i, r] of wasm.entries()) {
      expect(r).toMatchObject({ kind: 'estimate', depth: 10, confidence: 100, stopped: false, ok: null });
      expect(legalMoves(positions[i]).map(moveName)).toContain(r.move);
    }
    expect(ts.map((r) => [r.score, r.move, r.nodes])).toEqual(wasm.map((r) => [r.score, r.move, r.nodes]));
    const summary = JSON.parse(runs[0].out.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({ mismatches: 0, estimates: 20, level: 10 });
    // The table: depth 10 in its column, the score marked as an estimate.
    const table = run(['solve', file, '--quiet', '-n', '1', '-h', '18', '--level', '10']);
    expect(table.out).toMatch(/^ {3}1 \| {4}36 \| {6}10 \| {2}~[+-]\d\d \|/m);
    expect(table.out).toMatch(/0 mismatches \(20 estimates not checked\)/);
  });

  it('a selective end search where the level asks one (level 12 at 22 empties: to the end at 98 %; exact at 20-21), alike in both engines', () => {
    const lines = readFileSync(join(ROOT, 'obf/wthor-2020-2021-20-22.obf'), 'utf8').split('\n');
    const file = join(dir, 'end.obf');
    writeFileSync(
      file,
      `${lines
        .filter((l) => l !== '' && !l.startsWith('%'))
        .slice(0, 6)
        .join('\n')}\n`,
    );
    const out = (['wasm', 'ts'] as const).map((engine) =>
      rowsOf(run(['solve', file, '--json', '--quiet', '-n', '1', '-h', '18', '--level', '12', '--engine', engine]).out),
    );
    expect(out[0]).toHaveLength(6);
    for (const r of out[0]) {
      const empties = r.empties as number;
      if (empties <= 21) expect(r).toMatchObject({ kind: 'exact' });
      else expect(r).toMatchObject({ kind: 'estimate', depth: empties, confidence: 98 });
    }
    expect(out[0].some((r) => r.kind === 'estimate')).toBe(true);
    expect(out[1].map((r) => [r.score, r.move, r.nodes])).toEqual(out[0].map((r) => [r.score, r.move, r.nodes]));
  });

  it('--move-time ends a search the level would make far deeper: the deepest depth finished, marked stopped (* in the table)', () => {
    const file = heldOut(1, 40);
    // Level 30 at 40 empties: 30 plies at 73 %, far beyond half a second.
    const r = run(['solve', file, '--json', '--quiet', '-n', '1', '-h', '16', '--level', '30', '--move-time', '0.5']);
    expect(r.code).toBe(0);
    const [row] = rowsOf(r.out);
    expect(row).toMatchObject({ kind: 'estimate', confidence: 73, stopped: true });
    expect(row.depth as number).toBeGreaterThan(0);
    expect(row.depth as number).toBeLessThan(30);
  });

  it('--results made at level 12 are refused by a --resume at level 14, in one line', () => {
    const file = heldOut(2, 36);
    const results = join(dir, 'level.jsonl');
    expect(run(['solve', file, '--quiet', '-n', '1', '-h', '16', '--level', '12', '--results', results]).code).toBe(0);
    const again = run(['solve', file, '--quiet', '-n', '1', '-h', '16', '--level', '14', '--results', results, '--resume']);
    expect(again.code).toBe(2);
    expect(again.err.trim().split('\n')).toHaveLength(1);
    expect(again.err).toMatch(/other search settings/);
    // At its own level it resumes: nothing left to search.
    const same = run(['solve', file, '--quiet', '-n', '1', '-h', '16', '--level', '12', '--results', results, '--resume']);
    expect(same.code).toBe(0);
    expect(same.err).toMatch(/resuming: 2 position/);
  });

  it.each([
    [['--level', '61'], /--level: a whole number from 0 to 60, not "61"/],
    [['--level', '-1'], /--level/],
    [['--level', '10', '--move-time', '0'], /--move-time: a positive number of seconds/],
    [['--level', '10', '--wld'], /--level 10 with --wld/],
    [['--level', '10', '--wld', '--prover', 'dfpn'], /--level 10 with --wld/],
    [['--level', '10', '--prover', 'dfpn'], /--prover dfpn/],
    [['--move-time', '1'], /--move-time times a level's search/],
    [['--level', '10', '--queue', 'redis://127.0.0.1:1'], /through --queue/],
  ])('refuses %j in one line, exit 2', (args, message) => {
    const r = run(['solve', 'obf/fforum-1-19.obf', ...args]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
  });
});

describe('analyze --level', () => {
  it('a WTHOR game with passes that ends before move 60: one row per move played; from --from on, today’s rows', () => {
    const wtb = join(ROOT, 'test/fixtures/wthor/WTH_2019.wtb');
    const { games } = readWthorGames(readFileSync(wtb), 'WTH_2019.wtb');
    const game = replayMoves(games[10].moves);
    const sides = game.moves.map((m) => m.position.toMove).join('');
    expect(sides).toMatch(/XX|OO/); // a pass
    const played = game.moves.length;
    expect(played).toBeLessThan(60);
    const common = ['analyze', wtb, '--game', '11', '--json', '--quiet', '-n', '1', '-h', '16', '--from', '14'];
    const level = run([...common, '--level', '4']);
    const plain = run(common);
    expect(level.code).toBe(0);
    expect(plain.code).toBe(0);
    const rows = jsonRows(level.out).filter((r) => r.move !== undefined && r.game !== undefined);
    const today = jsonRows(plain.out).filter((r) => r.move !== undefined && r.game !== undefined);
    expect(rows).toHaveLength(played);
    expect(rows.map((r) => r.move)).toEqual(game.moves.map((m) => m.number));
    const exact = rows.filter((r) => (r.empties as number) <= 14);
    expect(exact).toHaveLength(today.length);
    for (const [i, r] of exact.entries()) for (const k of Object.keys(today[i])) expect([k, r[k]]).toEqual([k, today[i][k]]);
    // Before --from: level 4's estimates (each child at the level: 5 plies from the row's position), with their confidence; exact where the level solves every child.
    const early = rows.filter((r) => (r.empties as number) > 14);
    expect(early.length).toBe(played - exact.length);
    expect(early.every((r) => r.exact === false && r.estimateDepth === 5 && r.estimateConfidence === 100)).toBe(true);
  });
});
