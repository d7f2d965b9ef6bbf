/**
 * One record form of an analysed move (issue 69): `analyze --json`, the
 * `--results` file and the page's exports share MoveRecord's fields; a
 * results file in 0.1.0's form (`ply`, `toMove`, `playedScore`) is read
 * back by --resume as the same record.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOVE_RECORD_FIELDS, moveRecordsCsv } from '../dist/index.js';
import { CLI } from './processes.js';
import { tempDir } from './tmp.js';

const dir = tempDir('record-form');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 300_000 });
// Two whole games (test/analyze.test.ts's).
const GAMES = [
  'f5f4e3f6g5g4f7f8c3h6g3d2g7g2h2f3e1e6g8e7g6c1d6c5f2h7e2h5c4d1d7c6e8c7d8h3b1b2a3d3h4g1b8b3h8b7a2b4b5a5c2c8a7h1a6b6f1a8a4a1',
  'f5d6c7f4e3f6e6d7c3f3g7d3c6b2e7d8a1f8c4f7c8h6g2c5h7b6g5g3e2b8b5h1f2f1b7a8h3c2c1a6g4h2b3b1a4d2d1a2a5b4a7g6h5h8a3e1g1h4g8e8',
];
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('the record form', () => {
  it('analyze --json: the game number, the record fields in their order, the nodes; the results file keeps the same record', () => {
    const out = join(dir, 'new.jsonl');
    const r = run('analyze', ...GAMES, '--from', '8', '-n', '1', '-h', '14', '--json', '--quiet', '--results', out);
    expect(r.status, r.stderr).toBe(0);
    const rows = lines(r.stdout).filter((x) => !x.summary);
    expect(rows.length).toBeGreaterThan(8);
    for (const x of rows) {
      expect(Object.keys(x)).toEqual(['game', ...MOVE_RECORD_FIELDS, 'nodes']);
      expect(x).toMatchObject({ exact: true, estimateDepth: null, estimateConfidence: null });
      expect(x.score).toBe(x.scores[x.played]);
      expect(x.loss).toBe(x.best - x.score);
    }
    const kept = lines(readFileSync(out, 'utf8')).flatMap((g, i) => g.positions.map((p: object) => ({ game: i + 1, ...p })));
    expect(kept).toEqual(rows);
  });

  it("--resume reads a results file in 0.1.0's form (ply, toMove, playedScore) as the same records, analysing nothing again", () => {
    const fresh = join(dir, 'fresh.jsonl');
    const first = run('analyze', ...GAMES, '--from', '8', '-n', '1', '-h', '14', '--json', '--quiet', '--results', fresh);
    expect(first.status, first.stderr).toBe(0);
    // The old form, as 0.1.0 wrote it: the same line a game, each position's fields under their old names.
    const old = join(dir, 'old.jsonl');
    const oldLines = lines(readFileSync(fresh, 'utf8')).map((g) => ({
      analyze: g.analyze,
      label: g.label,
      positions: g.positions.map((p: Record<string, unknown>) => ({
        ply: p.move,
        empties: p.empties,
        toMove: p.side,
        played: p.played,
        playedScore: p.score,
        scores: p.scores,
        best: p.best,
        bestMoves: p.bestMoves,
        loss: p.loss,
        nodes: p.nodes,
      })),
    }));
    writeFileSync(old, `${oldLines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const resumed = run('analyze', ...GAMES, '--from', '8', '-n', '1', '-h', '14', '--json', '--results', old, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming: 2 games read from/);
    const strip = (t: string) => lines(t).filter((x) => !x.summary);
    expect(strip(resumed.stdout)).toEqual(strip(first.stdout));
  });

  it('the CSV: a column a field, by the same names; scores as "f5:+18", lists space-separated, an exact row with no depth nor confidence, an estimate with both', () => {
    const csv = moveRecordsCsv([
      {
        move: 55,
        empties: 6,
        side: 'white',
        played: 'g8',
        score: -2,
        scores: { b1: 4, g8: -2 },
        best: 4,
        bestMoves: ['b1'],
        loss: 6,
        exact: true,
        estimateDepth: null,
        estimateConfidence: null,
      },
      {
        move: 20,
        empties: 41,
        side: 'black',
        played: 'c4',
        score: 3,
        scores: { c4: 3, d3: 5 },
        best: 5,
        bestMoves: ['d3'],
        loss: 2,
        exact: false,
        estimateDepth: 13,
        estimateConfidence: 73,
      },
    ]);
    // estimateConfidence (round 7): a level's estimate's confidence in percent, empty when exact.
    expect(csv).toBe(
      'move,empties,side,played,score,scores,best,bestMoves,loss,exact,estimateDepth,estimateConfidence\n' +
        '55,6,white,g8,-2,b1:+04 g8:-02,4,b1,6,true,,\n' +
        '20,41,black,c4,3,c4:+03 d3:+05,5,d3,2,false,13,73\n',
    );
  });
});
