/**
 * The search lab: every algorithm, deepening, aspiration window and
 * ordering returns the fixed-depth negamax value, which an independent plain
 * negamax on the BigInt backend (written here, sharing nothing with the lab)
 * computes; node counts repeat. The full grid at more depths is in the
 * opt-in tier (REVSOLVE_SLOW=1).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { flips, moves, popcount } from 'native-free-bitboard';
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/eval/files.js';
import { iterationDepths, type LabAlgorithm, LabSearch, type LabSettings } from '../src/lab/lab.js';
import { samplePositions } from '../src/position/random.js';

const SHIPPED = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
const weights = loadEvaluator(SHIPPED)!;
const SLOW = !!process.env.REVSOLVE_SLOW;

type Evaluate = (ph: number, pl: number, oh: number, ol: number) => number;
const discs: Evaluate = (ph, pl, oh, ol) => popcount(ph, pl) - popcount(oh, ol);
const shipped: Evaluate = (ph, pl, oh, ol) => Math.round(weights.evaluate(ph, pl, oh, ol) / 128);

/** Plain negamax, `depth` plies (a pass is a ply), no pruning; the game's end scores exactly, empties to the winner. */
function negamax(ph: number, pl: number, oh: number, ol: number, depth: number, evaluate: Evaluate): number {
  if (depth === 0) return evaluate(ph, pl, oh, ol);
  const m = new Int32Array(2);
  moves(ph, pl, oh, ol, m, 0);
  if ((m[0] | m[1]) === 0) {
    moves(oh, ol, ph, pl, m, 0);
    if ((m[0] | m[1]) === 0) {
      const a = popcount(ph, pl);
      const b = popcount(oh, ol);
      const e = 64 - a - b;
      return a > b ? a - b + e : a < b ? a - b - e : 0;
    }
    return -negamax(oh, ol, ph, pl, depth - 1, evaluate);
  }
  let best = -Infinity;
  const f = new Int32Array(2);
  for (let x = 0; x < 64; x++) {
    if (!((x < 32 ? m[1] >>> x : m[0] >>> (x - 32)) & 1)) continue;
    flips(x, ph, pl, oh, ol, f, 0);
    const v = -negamax(
      oh ^ f[0],
      ol ^ f[1],
      ph | f[0] | (x >= 32 ? 1 << (x - 32) : 0),
      pl | f[1] | (x < 32 ? 1 << x : 0),
      depth - 1,
      evaluate,
    );
    if (v > best) best = v;
  }
  return best;
}

type Variant = Omit<LabSettings, 'evaluator'>;

/**
 * Every combination of algorithm, deepening, aspiration and ordering
 * (killers, history, table); mtdf always with the table and without an
 * aspiration window. The default tier guesses 7 (off the mark), the full
 * grid guesses 0 and 7 and tries two window widths.
 */
function variants(full: boolean): Variant[] {
  const out: Variant[] = [];
  for (const algorithm of ['alphabeta', 'negascout', 'mtdf'] as LabAlgorithm[]) {
    for (const deepen of [0, 1, 2] as const) {
      for (const aspiration of algorithm === 'mtdf' ? [0] : full ? [0, 1, 3] : [0, 2]) {
        for (const killers of full ? [0, 1, 2, 4] : [0, 2]) {
          for (const history of [false, true]) {
            for (const tableBits of algorithm === 'mtdf' ? [12] : [0, 12]) {
              for (const guess of algorithm === 'mtdf' || aspiration > 0 ? (full ? [0, 7] : [7]) : [0]) {
                out.push({ algorithm, deepen, aspiration, killers, history, tableBits, guess });
              }
            }
          }
        }
      }
    }
  }
  return out;
}

const name = (v: Variant) =>
  `${v.algorithm} deepen ${v.deepen} aspiration ${v.aspiration} killers ${v.killers} history ${v.history} table ${v.tableBits} guess ${v.guess}`;
const positions = samplePositions(1300, 23)
  .filter((_, i) => i % 13 === 5)
  .slice(0, 100);

describe('the search lab', () => {
  it('splits the depths of an iterative deepening as asked', () => {
    expect(iterationDepths(10, 0)).toEqual([10]);
    expect(iterationDepths(5, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(iterationDepths(10, 2)).toEqual([2, 4, 6, 8, 10]);
    expect(iterationDepths(9, 2)).toEqual([1, 3, 5, 7, 9]);
  });

  // The disc evaluation on the whole sample; the weights (slower leaves) on a fifth of it in the default tier.
  for (const [evalName, evaluator, evaluate, share] of [
    ['discs', null, discs, 1],
    ['weights', weights, shipped, SLOW ? 1 : 5],
  ] as const) {
    it(`every variant returns the plain negamax value (${evalName} evaluation): depths 1-4 on ${100 / share} positions, 5-6 on ${10 / share}`, () => {
      expect(positions.length).toBe(100);
      const grid = variants(SLOW);
      expect(grid.length).toBe(SLOW ? 2 * 3 * 5 * 4 * 2 * 2 + 3 * 4 * 2 * 2 : 2 * 3 * 2 * 2 * 2 * 2 + 3 * 2 * 2); // 528 : 108
      const failures: string[] = [];
      const searches = grid.map((v) => new LabSearch({ ...v, evaluator }));
      for (const [depths, count] of [
        [[1, 2, 3, 4], 100 / share],
        [[5, 6], 10 / share],
      ] as const) {
        for (const p of positions.slice(0, count)) {
          const [ph, pl, oh, ol] = p;
          for (const d of depths) {
            const want = negamax(ph, pl, oh, ol, d, evaluate);
            for (const s of searches) {
              const r = s.search(ph, pl, oh, ol, d);
              if (r.score !== want) failures.push(`${name(s.settings)} depth ${d}: ${r.score}, negamax ${want}`);
            }
          }
        }
      }
      expect(failures.slice(0, 5)).toEqual([]);
    }, 120_000);
  }

  it('reports a best move that reaches the score, and repeats its node counts', () => {
    const f = new Int32Array(2);
    for (const v of variants(false).filter((_, i) => i % 7 === 0)) {
      const s = new LabSearch({ ...v, evaluator: null });
      for (const p of positions.slice(0, 20)) {
        const [ph, pl, oh, ol] = p;
        const a = s.search(ph, pl, oh, ol, 4);
        const b = s.search(ph, pl, oh, ol, 4);
        expect([b.score, b.move, b.leaves, b.interior]).toEqual([a.score, a.move, a.leaves, a.interior]);
        expect(a.leaves).toBeGreaterThan(0);
        if (a.move >= 0) {
          flips(a.move, ph, pl, oh, ol, f, 0);
          const x = a.move;
          const child = -negamax(
            oh ^ f[0],
            ol ^ f[1],
            ph | f[0] | (x >= 32 ? 1 << (x - 32) : 0),
            pl | f[1] | (x < 32 ? 1 << x : 0),
            3,
            discs,
          );
          expect(child, name(v)).toBe(a.score);
        }
      }
    }
  });

  it('counts leaves and interior nodes as defined: plain alpha-beta at depth 1 evaluates every child', () => {
    const s = new LabSearch({
      algorithm: 'alphabeta',
      deepen: 0,
      aspiration: 0,
      killers: 0,
      history: false,
      tableBits: 0,
      guess: 0,
      evaluator: null,
    });
    const m = new Int32Array(2);
    for (const p of positions.slice(0, 20)) {
      const [ph, pl, oh, ol] = p;
      moves(ph, pl, oh, ol, m, 0);
      const n = popcount(m[0], m[1]);
      if (n === 0) continue;
      const r = s.search(ph, pl, oh, ol, 1);
      expect([r.leaves, r.interior]).toEqual([n, 1]);
    }
  });
});

describe('revsolve search --json', () => {
  it("each row carries the file's exact score as expected; a search to the end finds it", () => {
    const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
    const OBF_FILE = fileURLToPath(new URL('../obf/fforum-1-19.obf', import.meta.url));
    const r = spawnSync(process.execPath, [CLI, 'search', OBF_FILE, '--depth', '24', '--algo', 'negascout', '--lab-table', '--json'], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((x) => !x.summary);
    expect(rows).toHaveLength(19);
    // FFO #1-#19 (14-16 empties): 24 plies reach every end, passes and all, so the score is the exact one the file gives.
    for (const x of rows) expect(x.expected, `position ${x.index}`).toBe(x.score);
    expect(rows[0].expected).toBe(18);
  });
});

describe("revsolve search: the lab table is --table-bits, -h is the solver's", () => {
  const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
  const OBF_FILE = fileURLToPath(new URL('../obf/fforum-1-19.obf', import.meta.url));
  it('--table-bits sizes the lab table and shows in the summary; -h is one line naming --table-bits, exit 2', () => {
    const run = (...a: string[]) =>
      spawnSync(process.execPath, [CLI, 'search', OBF_FILE, '--depth', '4', '--lab-table', ...a], { encoding: 'utf8', timeout: 120_000 });
    const ok = run('--table-bits', '12');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('table 2^12');
    const refused = run('-h', '12');
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/-h is the exact solver's table .*--table-bits \(4 to 28\)/);
    const range = run('--table-bits', '29');
    expect(range.status).toBe(2);
    expect(range.stderr).toMatch(/--table-bits.*from 4 to 28, not "29"/);
  });
});

describe("revsolve search: the lab's own flag names (issue 84), the old ones for one release", () => {
  const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
  const OBF_FILE = fileURLToPath(new URL('../obf/fforum-1-19.obf', import.meta.url));
  const run = (...a: string[]) =>
    spawnSync(process.execPath, [CLI, 'search', OBF_FILE, '--depth', '4', '--json', ...a], { encoding: 'utf8', timeout: 120_000 });
  const summary = (out: string) => JSON.parse(out.trim().split('\n').at(-1) ?? '{}');

  it('--table and --eval do what --lab-table and --leaf-eval do, with a one-line warning each', () => {
    const now = run('--lab-table', '--leaf-eval', 'weights');
    const old = run('--table', '--eval', 'weights');
    expect(now.status, now.stderr).toBe(0);
    expect(old.status, old.stderr).toBe(0);
    expect(now.stderr).toBe('');
    expect(old.stderr.trim().split('\n')).toEqual([
      'warning: search --table is now --lab-table (--table goes in the next release)',
      'warning: search --eval is now --leaf-eval (--eval goes in the next release)',
    ]);
    const untimed = (out: string) => out.replace(/"ms":[\d.]+,/g, '');
    expect(untimed(old.stdout)).toBe(untimed(now.stdout));
    expect(summary(now.stdout)).toMatchObject({ summary: true, positions: 19 });
  });
});
