/**
 * Training from real games (train gen --from-wthor): the labels at 24
 * empties and fewer against exact solves, the labels above against the
 * file's theoretical scores, resume, bad files, and a fit that beats the
 * best constant per empties count.
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { popcount32, U64 } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { Evaluator } from '../src/eval/weights.js';
import { replayMoves } from '../src/game/record.js';
import { readWthorGames } from '../src/game/wthor.js';
import { emptyCount, legalMoves } from '../src/position/position.js';
import { Solver } from '../src/solve/solver.js';
import { RECORD_WORDS, readDataset, recordExact, recordScore } from '../src/train/dataset.js';
import { fitWeights, heldOutByEmpties, pooledError } from '../src/train/fit.js';
import { negamaxWords } from './helpers.js';
import { tempDir } from './tmp.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const WTB = fileURLToPath(new URL('./fixtures/wthor/WTH_2019.wtb', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
const dir = tempDir('train-wthor');
const emptiesOf = (r: Int32Array, i: number) => 64 - popcount32(r[i] | r[i + 2]) - popcount32(r[i + 1] | r[i + 3]);
/** The first three games of the fixture, replayed. */
const replayGame3 = () =>
  readWthorGames(readFileSync(WTB), 'WTH_2019.wtb')
    .games.slice(0, 3)
    .map((g) => replayMoves(g.moves));
const gen = (file: string, ...more: string[]) =>
  run('train', 'gen', file, '--from-wthor', WTB, '--solve-at', '12', '--batch', '5', '--quiet', '-n', '2', ...more);

describe('train gen --from-wthor', () => {
  it("labels at 24 empties and fewer are exact scores (24: the file's, checked by a solve; fewer: checked by negamax), above them the game's theoretical score", () => {
    const file = join(dir, 'labels.bin');
    const r = gen(file, '--games', '4');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/4 games, [\d,]+ positions/);
    const d = readDataset(file);
    expect(d.header.gamesId).toBeGreaterThan(0);
    const games = readWthorGames(readFileSync(WTB), 'WTH_2019.wtb').games.slice(0, 4);
    // Black's theoretical score of each game, as the file's bytes give it (2 × discs − 64), to compare with the labels above 24 empties.
    const theoretical = new Set(games.map((g) => Math.abs(2 * g.theoreticalDiscs - 64)));
    const solver = new Solver({ hashBits: 20 });
    let at24 = 0;
    let small = 0;
    let above = 0;
    for (let i = 0; i < d.records.length; i += RECORD_WORDS) {
      const e = emptiesOf(d.records, i);
      const [ph, pl, oh, ol] = [d.records[i], d.records[i + 1], d.records[i + 2], d.records[i + 3]];
      const label = recordScore(d.records, i);
      if (e > 24) {
        expect(recordExact(d.records, i)).toBe(false);
        expect(theoretical.has(Math.abs(label))).toBe(true);
        above++;
      } else if (e === 24) {
        expect(recordExact(d.records, i)).toBe(true);
        expect(label).toBe(solver.solve({ player: new U64(ph, pl), opponent: new U64(oh, ol), toMove: 'X' }).score);
        at24++;
      } else if (recordExact(d.records, i)) {
        expect(e).toBeLessThanOrEqual(12);
        // Plain negamax where it is quick; the solver (itself checked against negamax elsewhere) at 11 and 12.
        const exact =
          e <= 9 ? negamaxWords(ph, pl, oh, ol) : solver.solve({ player: new U64(ph, pl), opponent: new U64(oh, ol), toMove: 'X' }).score;
        expect(label).toBe(exact);
        small++;
      }
    }
    expect(at24).toBe(4);
    expect(small).toBeGreaterThanOrEqual(4 * 12);
    expect(above).toBeGreaterThan(4 * 30);
  }, 300_000);

  it("--children-at: every move of the line's position there solved, each child's PV labelled with exact scores (checked by negamax)", () => {
    const file = join(dir, 'children.bin');
    const r = gen(file, '--games', '3', '--children-at', '10', '--solve-at', '8');
    expect(r.status, r.stderr).toBe(0);
    const d = readDataset(file);
    expect(d.header.childrenAt).toBe(10);
    const games = replayGame3();
    // One exact label at 9 empties a move of each game's 10-empty position (the children; the line itself is solved at 8).
    const children = games.reduce((n, g) => n + legalMoves(g.moves.find((m) => emptyCount(m.position) <= 10)!.position).length, 0);
    let at9 = 0;
    for (let i = 0; i < d.records.length; i += RECORD_WORDS) {
      if (!recordExact(d.records, i)) continue;
      const e = emptiesOf(d.records, i);
      if (e === 24) continue; // the file's theoretical score (the first test checks those)
      expect(e).toBeLessThanOrEqual(9);
      if (e === 9) at9++;
      expect(recordScore(d.records, i)).toBe(negamaxWords(d.records[i], d.records[i + 1], d.records[i + 2], d.records[i + 3]) || 0);
    }
    expect(at9).toBe(children);
    // Another --children-at cannot resume it.
    expect(gen(file, '--games', '6', '--children-at', '12', '--solve-at', '8', '--resume').stderr).toMatch(/children at 10/);
  }, 300_000);

  it('resumes to the same file (more games than the first run), refuses other files, and names a bad file while reading the others', () => {
    const a = join(dir, 'all.bin');
    const b = join(dir, 'part.bin');
    expect(gen(a, '--games', '20').status).toBe(0);
    expect(gen(b, '--games', '10').status).toBe(0);
    const bytes = readFileSync(a);
    expect(readFileSync(b).equals(bytes)).toBe(false);
    let r = gen(b, '--games', '20', '--resume');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(b).equals(bytes)).toBe(true);
    // Cut in the last chunk: resumed to the same bytes.
    truncateSync(b, bytes.length - 30);
    expect(gen(b, '--games', '20', '--resume').status).toBe(0);
    expect(readFileSync(b).equals(bytes)).toBe(true);
    // Other games (a file cut short, so fewer of them) cannot resume it.
    const cut = join(dir, 'WTH_cut.wtb');
    writeFileSync(cut, readFileSync(WTB).subarray(0, 16 + 68 * 30 + 20));
    r = run('train', 'gen', a, '--from-wthor', cut, '--solve-at', '12', '--batch', '5', '--quiet', '--resume');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/WTH_cut\.wtb/);
    // A text named .wtb, and a cut file: one line each naming it; the good file's games are labelled, exit 2.
    const text = join(dir, 'notes.wtb');
    writeFileSync(text, 'these are not games\n');
    const good = join(dir, 'good.wtb');
    copyFileSync(WTB, good);
    r = run('train', 'gen', join(dir, 'mixed.bin'), '--from-wthor', text, cut, good, '--games', '5', '--solve-at', '12', '--quiet');
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines.filter((l) => l.includes('notes.wtb'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('WTH_cut.wtb'))).toHaveLength(1);
    expect(r.stderr).not.toMatch(/ at .*\.js:\d+/);
    expect(r.stdout).toMatch(/5 games/);
    // Self-play settings mean nothing here: refused.
    r = gen(join(dir, 'x.bin'), '--noise', '0.1');
    expect([r.status, r.stderr.trim()]).toEqual([
      2,
      'revsolve: --noise: --from-wthor labels the games as they were played; no move is chosen',
    ]);
  }, 300_000);

  it('a fit on WTH_2019 errs at least 30 % less, held out, than the best constant per empties count', () => {
    const file = join(dir, 'fit.bin');
    const r = gen(file, '--solve-at', '14', '--batch', '50');
    expect(r.status, r.stderr).toBe(0);
    const data = [readDataset(file).records];
    const o = { band: 4, epochs: 4, l2: 0.0001, rate: 0.5, holdout: 0.1, seed: 1, spread: 0 };
    const fit = fitWeights(data, o);
    // The best constant per empties count: the median of all its labels (the held-out ones too: the constant's best case).
    const labels: number[][] = Array.from({ length: 61 }, () => []);
    for (let i = 0; i < data[0].length; i += RECORD_WORDS) labels[emptiesOf(data[0], i)].push(recordScore(data[0], i));
    const median = labels.map((l) => (l.length ? l.sort((x, y) => x - y)[l.length >> 1] : 0));
    const constant = heldOutByEmpties(data, (a, b, c, d) => 128 * median[64 - popcount32(a | c) - popcount32(b | d)], 0.1, 1);
    const ev = new Evaluator(fit.weights);
    const fitted = heldOutByEmpties(data, (a, b, c, d) => ev.evaluate(a, b, c, d), 0.1, 1);
    const c = pooledError(constant, 0, 60).mae;
    const f = pooledError(fitted, 0, 60).mae;
    expect(f).toBeLessThan(0.7 * c);
  }, 600_000);
});
