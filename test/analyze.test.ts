/**
 * `revsolve analyze`: a game's endgame move by move. Every score checked
 * against plain negamax (test/helpers.ts: no table, no ordering, nothing of
 * the search under test); bad records one line and exit 2; a signal prints
 * what is finished. The records are random games (legal moves, fixed seeds).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGame, emptyCount, formatPosition, moveName, parseMove, play, replayGame } from '../dist/index.js';
import { negamaxWords } from './helpers.js';
import { CLI, Proc } from './processes.js';
import { tempDir } from './tmp.js';

const GAME_A = 'f5f4e3f6g5g4f7f8c3h6g3d2g7g2h2f3e1e6g8e7g6c1d6c5f2h7e2h5c4d1d7c6e8c7d8h3b1b2a3d3h4g1b8b3h8b7a2b4b5a5c2c8a7h1a6b6f1a8a4a1';
const GAME_B = 'f5d6c7f4e3f6e6d7c3f3g7d3c6b2e7d8a1f8c4f7c8h6g2c5h7b6g5g3e2b8b5h1f2f1b7a8h3c2c1a6g4h2b3b1a4d2d1a2a5b4a7g6h5h8a3e1g1h4g8e8';
// Two implied passes and three positions of one legal move in its last 9 empties (a random game, found by seed).
const GAME_PASSES =
  'c4c5e6e3c3f5e2f7g8c2b3e1b6d7f3c6g6a7f2f4d3g1g4g5b7b5f1b8a8g3a5b4h4b2e8d2h6d6h1c7g2h7h5h3c8g7d1e7a6c1h2a4h8a3a2f6d8f8a1b1';
const tmp = tempDir('analyze');

const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'analyze', ...args], { encoding: 'utf8' });

/** Each legal move's exact score for the side that plays it, by plain negamax of the position it leads to. */
function reference(record: string, ply: number): Record<string, number> {
  const { position } = replayGame(record).moves[ply - 1];
  const scores: Record<string, number> = {};
  for (const [x, c] of legalChildren(position))
    scores[moveName(x)] = 0 - negamaxWords(c.player.hi, c.player.lo, c.opponent.hi, c.opponent.lo);
  return scores;
}

function legalChildren(p: ReturnType<typeof replayGame>['final']): [number, ReturnType<typeof play>][] {
  const out: [number, ReturnType<typeof play>][] = [];
  for (let x = 0; x < 64; x++) {
    try {
      out.push([x, play(p, x)]);
    } catch {
      // not a legal move
    }
  }
  return out;
}

describe('revsolve analyze', () => {
  it('--json: every move of every position from 10 empties scored as plain negamax scores it; best, loss and the summary follow', () => {
    const r = run(GAME_A, '--from', '10', '--json', '-n', '2', '-h', '14', '--quiet');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const rows = lines.slice(0, -1);
    expect(rows.length).toBe(replayGame(GAME_A).moves.filter((m) => emptyCount(m.position) <= 10).length);
    for (const row of rows) {
      expect(row.scores).toEqual(reference(GAME_A, row.move));
      const best = Math.max(...(Object.values(row.scores) as number[]));
      expect(row.best).toBe(best);
      expect(row.loss).toBe(best - row.scores[row.played]);
      expect(row.bestMoves).toEqual(Object.keys(row.scores).filter((k) => row.scores[k] === best));
    }
    const summary = lines[lines.length - 1];
    const lost = (side: string) => rows.filter((x) => x.side === side).reduce((s, x) => s + x.loss, 0);
    expect(summary).toMatchObject({
      summary: true,
      game: 1,
      positions: rows.length,
      interrupted: false,
      black: { totalLoss: lost('black') },
      white: { totalLoss: lost('white') },
    });
  });

  it("the move played is scored by the next position (after the opponent's pass, and through positions of one move): as plain negamax scores it", async () => {
    // The played move is not solved: its score is the next analysed position's best (negated, or not after a pass).
    const game = replayGame(GAME_PASSES);
    const chosen = game.moves.filter((m) => emptyCount(m.position) <= 9);
    const passes = chosen.filter((m, i) => i + 1 < chosen.length && chosen[i + 1].position.toMove === m.position.toMove).length;
    expect(passes).toBe(2);
    const rows = [];
    for await (const m of analyzeGame(game, { from: 9, workers: 1, hashBits: 12 })) rows.push(m);
    expect(rows.map((m) => m.number)).toEqual(chosen.map((m) => m.number));
    for (const row of rows) expect(row.scores).toEqual(reference(GAME_PASSES, row.number));
  });

  it("positions of 13-16 empties: every move's score as `solve --position`s of its children on the other engine give it", () => {
    // Past plain negamax's reach: analyze on the WebAssembly engine, each child solved by the TypeScript one (one OBF of them all).
    const r = run(GAME_B, '--from', '16', '--json', '-n', '1', '-h', '16', '--engine', 'wasm');
    expect(r.status).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => !l.summary && l.empties > 12);
    expect(rows.map((x) => x.empties)).toEqual([16, 15, 14, 13]);
    const moves = replayGame(GAME_B).moves;
    const children: { ply: number; move: string }[] = [];
    const lines: string[] = [];
    for (const row of rows) {
      const { position } = moves[row.move - 1];
      for (const move of Object.keys(row.scores)) {
        children.push({ ply: row.move, move });
        lines.push(`${formatPosition(play(position, parseMove(move)))};`);
      }
    }
    const file = join(tmp, 'children.obf');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const s = spawnSync(process.execPath, [CLI, 'solve', file, '--json', '--quiet', '-n', '1', '-h', '16', '--engine', 'ts'], {
      encoding: 'utf8',
    });
    expect(s.status).toBe(0);
    const solved = s.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.index !== undefined);
    expect(solved).toHaveLength(children.length);
    for (const x of solved) {
      const c = children[x.index - 1];
      expect(0 - x.score, `ply ${c.ply} ${c.move}`).toBe(rows.find((row) => row.move === c.ply).scores[c.move]);
    }
  }, 120_000);

  it("the table: one row a position in the order played, then each side's losses; the library gives the same", async () => {
    const r = run(GAME_B, '--from', '12', '-n', '1', '-h', '16');
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^\s+\d+\s+\d+\s+(black|white)/.test(l));
    const lib = [];
    for await (const m of analyzeGame(GAME_B, { from: 12, workers: 1, hashBits: 16 })) lib.push(m);
    expect(rows.length).toBe(lib.length);
    rows.forEach((row, i) => {
      const [ply, empties, side, played, score] = row.trim().split(/\s+/);
      expect([Number(ply), Number(empties), side, played, Number(score)]).toEqual([
        lib[i].number,
        lib[i].empties,
        lib[i].toMove === 'X' ? 'black' : 'white',
        moveName(lib[i].played),
        lib[i].playedScore,
      ]);
    });
    expect(lib.at(-1)!.scores).toEqual(reference(GAME_B, lib.at(-1)!.number));
    expect(r.stdout).toMatch(/^black: \d+ moves, \d+ discs lost/m);
    expect(r.stdout).toMatch(/^white: \d+ moves, \d+ discs lost/m);
  }, 60_000);

  it('a bad record is one line naming the move, exit 2; in a file, the other games are analysed', () => {
    const illegal = run('f5f5');
    expect([illegal.status, illegal.stdout, illegal.stderr]).toEqual([
      2,
      '',
      'revsolve: the record f5f5: move 2: f5 is not a legal move for white\n',
    ]);
    const square = run('f5d6z9');
    expect(square.status).toBe(2);
    expect(square.stderr).toBe('revsolve: the record f5d6z9: move 3: "z9" is not a square (a game record is moves as in f5d6c3)\n');
    const file = join(tmp, 'games.txt');
    writeFileSync(file, `${GAME_A}\n\n# a comment\nf5d6c3d3c4f4f5\n`);
    // A bad game in a file: one line naming the file, the line and the move; the other games analysed; exit 2 at the end.
    const inFile = run(file, '--from', '8', '--quiet');
    expect(inFile.status).toBe(2);
    expect(inFile.stderr).toBe(`error: ${file} line 4: move 7: f5 is not a legal move for black\n`);
    expect(inFile.stdout).toMatch(/^black: \d+ moves/m);
    // Not a record and not a file of them: one line each, exit 2.
    const missing = run(join(tmp, 'games-missing.txt'));
    expect([missing.status, missing.stderr]).toEqual([
      2,
      `revsolve: ${join(tmp, 'games-missing.txt')}: no such file (nor a game record: moves as in f5d6c3)\n`,
    ]);
    expect(run(tmp).stderr).toBe(`revsolve: ${tmp}: is a directory (give the files in it)\n`);
    const binary = join(tmp, 'binary.bin');
    writeFileSync(binary, Buffer.from([0x66, 0x35, 0x00, 0x01]));
    expect(run(binary).stderr).toBe(
      `revsolve: ${binary}: a binary file, not game records (one a line, as f5d6c3…), GGF nor a WTHOR .wtb file\n`,
    );
    const none = join(tmp, 'none.txt');
    writeFileSync(none, '\n# no game here\n');
    expect([run(none).status, run(none).stderr]).toEqual([2, `revsolve: ${none}: no game record in it\n`]);
  });

  it('a file of records: each game analysed in turn, its own summary', () => {
    const file = join(tmp, 'two.txt');
    writeFileSync(file, `${GAME_A}\n${GAME_B.toUpperCase()}\n`);
    const r = run(file, '--from', '8', '--json', '-n', '1', '-h', '12');
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.summary).map((l) => l.game)).toEqual([1, 2]);
    expect(lines.filter((l) => !l.summary && l.game === 2).every((l) => l.empties <= 8)).toBe(true);
  });

  it('SIGINT: the positions finished, the summary of them, exit 130', async () => {
    // Two games: the first analysed whole (a position's row waits for the next position), the signal during the second's.
    const file = join(tmp, 'two.txt');
    writeFileSync(file, `${GAME_A}\n${GAME_B}\n`);
    const p = new Proc(['analyze', file, '--from', '22', '-n', '1', '-h', '18']);
    try {
      await p.waitFor(/^white: \d+ moves/m, 60_000);
      p.kill('SIGINT');
      expect(await p.exited).toBe(130);
      // The count is every position finished, over both games: the rows printed.
      const rows = p.out.split('\n').filter((l) => /^\s+\d+\s+\d+\s+(black|white)\s/.test(l)).length;
      expect(p.err).toMatch(new RegExp(`^interrupted by SIGINT: ${rows} positions? finished, in 2 games of 2$`, 'm'));
      expect(p.out.match(/^black: \d+ moves/gm)?.length).toBe(2);
    } finally {
      await p.end();
    }
  }, 90_000);
});
