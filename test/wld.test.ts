/**
 * Win/loss/draw solving (solve --wld, the library's `wld: true`): the
 * result is the sign of the exact score, its bound holds, and its move
 * keeps it; on both engines, whole and split, and against plain negamax
 * on small positions.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// The build, as Node loads it (see vitest.config.ts).
import { type PositionResult, parseObf, solveSuite } from '../dist/index.js';
import { check } from '../dist/solve/solve.js';
import { WldProbes, wldOf } from '../src/search/wld.js';
import { OBF } from './helpers.js';
import { tempDir } from './tmp.js';
import { wldAgainstExact } from './wld-check.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('WldProbes', () => {
  it('decides every score in two probes at most, from any guess, with fail-soft and fail-hard answers', () => {
    for (let score = -64; score <= 64; score += 2) {
      for (const guess of [-20, -2, 0, 2, 20]) {
        for (const soft of [true, false]) {
          const p = new WldProbes(guess);
          let probes = 0;
          while (!p.done) {
            const g = p.next();
            probes++;
            p.answer(g, soft ? score : score >= g ? g : g - 2);
          }
          expect([p.result, probes <= 2], `score ${score}, guess ${guess}`).toEqual([wldOf(score), true]);
          // The bound holds: a win's lower bound, a loss's upper bound, a draw's 0.
          if (p.result === 'win') expect(p.bound > 0 && p.bound <= score).toBe(true);
          if (p.result === 'loss') expect(p.bound < 0 && p.bound >= score).toBe(true);
          if (p.result === 'draw') expect(p.bound).toBe(0);
        }
      }
    }
  });
});

describe('solve with wld: true', () => {
  it('66 random positions of 10-20 empties, both engines: the sign of the exact score, its bound, a move that keeps it; = plain negamax at 10 (300 of 10-22 in the slow tier)', () => {
    const seen = wldAgainstExact(66, 10, 20);
    expect(seen.positions).toBe(66);
    expect(seen.byNegamax).toBe(6);
    // Every result occurs (a test of signs that saw one sign would prove little); draws are rare in random games.
    expect([seen.win >= 10, seen.loss >= 10, seen.draw >= 1]).toEqual([true, true, true]);
  });

  it("FFO #1-#39: every result is the sign of the file's best score, its move one the file scores with that sign (one and two workers, split)", async () => {
    for (const file of ['fforum-1-19.obf', 'fforum-20-39.obf']) {
      const suite = parseObf(readFileSync(join(OBF, file), 'utf8'));
      for (const [workers, split] of [
        [1, 'never'],
        [2, 'always'],
      ] as const) {
        const rows: PositionResult[] = [];
        for await (const r of solveSuite(suite, { hashBits: 18, wld: true, workers, split })) rows.push(r);
        expect(rows.length).toBe(suite.entries.length);
        for (const r of rows) {
          const best = Math.max(...suite.entries[r.index - 1].answers.map((a) => a.score));
          expect([r.index, r.wld, r.ok], `${file} #${r.index}, ${workers} worker(s)`).toEqual([r.index, wldOf(best), true]);
        }
      }
    }
  });

  it("the check is by sign: the result must be the best answer's sign and its move one the answers score with it", () => {
    const answers = [
      { move: 10, score: 4 },
      { move: 20, score: -2 },
      { move: 30, score: 0 },
    ];
    expect(check(answers, 2, 10, false, 'win').ok).toBe(true);
    expect(check(answers, 2, 20, false, 'win').ok).toBe(false); // a losing move
    expect(check(answers, 2, 30, false, 'win').ok).toBe(false); // a drawing move
    expect(check(answers, 2, 40, false, 'win').ok).toBe(false); // a move the answers do not score
    expect(check(answers, 0, 30, false, 'draw').ok).toBe(false); // the wrong sign
    const lost = [
      { move: 10, score: -4 },
      { move: 20, score: -2 },
    ];
    expect(check(lost, -2, 10, false, 'loss').ok).toBe(true); // every move loses
    expect(check(lost, -2, 40, false, 'loss').ok).toBe(true);
    expect(check(lost, 0, 20, false, 'draw').ok).toBe(false);
    expect(check(lost, -2, 10, false).ok).toBe(false); // an exact result is checked exactly
  });
});

describe('revsolve solve --wld', () => {
  const dir = tempDir('wld');
  const suite = join(OBF, 'fforum-1-19.obf');

  it('the table has the W/D/L column and bounds; --json has "wld"; the answers checked by sign', () => {
    const t = run('solve', suite, '--wld', '-h', '16', '-n', '1', '--quiet');
    expect(t.code, t.err).toBe(0);
    const lines = t.out.split('\n');
    expect(lines[1]).toMatch(/^ {3}# \| empty \| {2}wld \| score \|/);
    expect(lines.filter((l) => /^ +\d+ \| +\d+ \| +(win|draw|loss) \| +(>=\+\d\d|<=-\d\d|\+00) \|/.test(l)).length).toBe(19);
    expect(t.out).toContain('0 mismatches');
    const j = run('solve', suite, '--wld', '-h', '16', '-n', '1', '--json');
    const rows = j.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const exact = run('solve', suite, '-h', '16', '-n', '1', '--json')
      .out.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    for (let i = 0; i < 19; i++) expect(rows[i].wld).toBe(wldOf(exact[i].score as number));
    expect(exact[0].wld).toBeUndefined();
  });

  it('--resume refuses to mix WLD and exact rows, either way; --root goes with exact solves only', () => {
    const exactFile = join(dir, 'exact.jsonl');
    expect(run('solve', suite, '-h', '14', '-n', '1', '--quiet', '--results', exactFile).code).toBe(0);
    const mixed = run('solve', suite, '-h', '14', '-n', '1', '--quiet', '--wld', '--results', exactFile, '--resume');
    expect([mixed.code, mixed.err.trim()]).toEqual([
      2,
      expect.stringMatching(/^revsolve: --resume: .*exact\.jsonl:1: an exact result, and this run is win\/loss\/draw only \(--wld\)/),
    ]);
    const wldFile = join(dir, 'wld.jsonl');
    expect(run('solve', suite, '-h', '14', '-n', '1', '--quiet', '--wld', '--results', wldFile).code).toBe(0);
    const back = run('solve', suite, '-h', '14', '-n', '1', '--quiet', '--results', wldFile, '--resume');
    expect([back.code, back.err.trim()]).toEqual([
      2,
      expect.stringMatching(/^revsolve: --resume: .*wld\.jsonl:1: a win\/loss\/draw result \(--wld\), and this run solves exactly/),
    ]);
    const same = run('solve', suite, '-h', '14', '-n', '1', '--wld', '--results', wldFile, '--resume', '--json');
    expect(same.code).toBe(0);
    expect(same.err).toContain('resuming: 19 position(s)');
    const root = run('solve', suite, '--wld', '--root', 'pvs');
    expect([root.code, root.err.trim()]).toEqual([2, "revsolve: --root pvs is for exact solves: --wld probes the score's sign"]);
  });
});
