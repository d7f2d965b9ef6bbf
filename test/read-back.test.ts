/**
 * One settings object, end to end: for each entry point (the Solver,
 * solveSuite, the command line on one worker and on two, whole and split, a
 * queue worker, the page's workers), every tree setting is set away from its
 * default and read back where the search context was built: each result's
 * `context` is read from the objects that searched (the table's size and
 * layout, the evaluator's weights by the digest of their bytes, the
 * selectivity and switches the context holds, the position's solve), not
 * copied from the request. The values asked are written out here by hand.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Solver, solveSuite } from '../dist/index.js';
import { TREE_SETTINGS } from '../dist/internal.js';
import { OBF } from './helpers.js';
import { chromiumForTests, ready, servedPage, solved } from './page.js';
import { CLI, freePort, jsonRows, Proc } from './processes.js';
import { RedisServer, startWorker } from './redis.js';
import { tempDir } from './tmp.js';

const dir = tempDir('read-back');
const ROOT = join(OBF, '..');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** Weights other than the shipped ones (a committed candidate), and the shipped ones. */
const OTHER = join(ROOT, 'bench/results/wthor-weights-r1/avg-sg4.rsev');
const SHIPPED = join(ROOT, 'weights/revsolve.rsev');
/** Lines 7, 16 and 18 of fforum-20-39.obf: 20, 21 and 22 empties, enough for the pre-searches (from 18) and a split (above 19). */
const SUITE = join(dir, 'three.obf');
const LINES = readFileSync(join(OBF, 'fforum-20-39.obf'), 'utf8').split('\n');
writeFileSync(SUITE, `${[LINES[6], LINES[15], LINES[17]].join('\n')}\n`);

/** The defaults, for the record: -h 21, board2, the shipped weights, eval ordering, selectivity 1,2, the table cleared, exact, alpha-beta, nothing off, root aspiration. */
const DEFAULTS = {
  hashBits: 21,
  tableLayout: 'board2',
  weights: sha256(SHIPPED),
  ordering: 'eval',
  selectivity: [1, 2],
  keepTable: false,
  wld: false,
  prover: 'ab',
  off: [],
  root: 'aspiration',
};
/** Run A: the table, the weights, the selectivity and keepTable away from their defaults. */
const A = { ...DEFAULTS, hashBits: 14, tableLayout: 'board4', weights: sha256(OTHER), selectivity: [1], keepTable: true };
const A_FLAGS = ['-h', '14', '--table', 'board4', '--eval', OTHER, '--selectivity', '1', '--keep-table'];
/** Run B: mobility ordering (no weights, no pre-searches), win/loss/draw by df-pn, another size and layout. */
const B = {
  ...DEFAULTS,
  hashBits: 15,
  tableLayout: 'board1',
  weights: null,
  ordering: 'mobility',
  selectivity: [],
  wld: true,
  prover: 'dfpn',
};
const B_FLAGS = ['-h', '15', '--table', 'board1', '--eval', 'none', '--wld', '--prover', 'dfpn'];
/** The command line's own: switches off and another root strategy (local, positions solved whole). */
const A_LOCAL = { ...A, off: ['parity', 'edge'], root: 'pvs' };
const A_LOCAL_FLAGS = [...A_FLAGS, '--off', 'parity,edge', '--root', 'pvs'];

it('the sets cover every tree setting of the table, and differ from the defaults in each', () => {
  expect(Object.keys(DEFAULTS).sort()).toEqual([...TREE_SETTINGS].sort());
  for (const k of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[])
    expect(
      [A, B, A_LOCAL].some((s) => JSON.stringify(s[k]) !== JSON.stringify(DEFAULTS[k])),
      k,
    ).toBe(true);
});

describe('the library', () => {
  it('Solver: each result reads back what it was given', () => {
    const a = new Solver({ hashBits: 14, tableLayout: 'board4', weights: OTHER, selectivity: [1], keepTable: true });
    const b = new Solver({ hashBits: 15, tableLayout: 'board1', weights: null, wld: true, prover: 'dfpn' });
    const lines = readFileSync(SUITE, 'utf8').trim().split('\n');
    for (const line of lines) {
      expect(a.solve(line.slice(0, 66)).context).toEqual(A);
      expect(b.solve(line.slice(0, 66)).context).toEqual(B);
    }
  });

  it('solveSuite on two workers: each result reads back what it was given (whole and split positions)', async () => {
    for (const split of ['never', 'always'] as const) {
      const seen = [];
      for await (const r of solveSuite(SUITE, {
        hashBits: 14,
        tableLayout: 'board4',
        weights: OTHER,
        selectivity: [1],
        keepTable: true,
        workers: 2,
        split,
      }))
        seen.push(r.context);
      // A split position's root always probes (ScoreProbes): the default strategy, aspiration, is for positions solved whole.
      const want = split === 'never' ? A : { ...A, root: 'probes' };
      expect(seen, split).toEqual([want, want, want]);
    }
  }, 120_000);
});

describe('the command line', () => {
  const contexts = (args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'solve', SUITE, ...args, '--json', '--quiet'], { encoding: 'utf8', timeout: 170_000 });
    expect(r.status, r.stderr).toBe(0);
    return jsonRows(r.stdout)
      .filter((x) => x.index !== undefined)
      .map((x) => x.context);
  };

  it('-n 1: whole positions read back the flags, the local switches and root strategy too', () => {
    expect(contexts(['-n', '1', ...A_LOCAL_FLAGS])).toEqual([A_LOCAL, A_LOCAL, A_LOCAL]);
    expect(contexts(['-n', '1', ...B_FLAGS])).toEqual([B, B, B]);
  }, 120_000);

  it('-n 2: whole positions on workers, and split positions (their first guess on a worker)', () => {
    expect(contexts(['-n', '2', '--split', 'never', ...A_LOCAL_FLAGS])).toEqual([A_LOCAL, A_LOCAL, A_LOCAL]);
    // Split, the root probes whatever the default strategy (a strategy given is refused with a split).
    const split = { ...A, off: ['parity', 'edge'], root: 'probes' };
    expect(contexts(['-n', '2', '--split', 'always', ...A_FLAGS, '--off', 'parity,edge'])).toEqual([split, split, split]);
    expect(contexts(['-n', '2', ...B_FLAGS])).toEqual([B, B, B]);
  }, 180_000);
});

describe('a queue worker (BullMQ on a real redis-server)', () => {
  let redis: RedisServer;
  const procs: Proc[] = [];
  beforeAll(async () => {
    redis = new RedisServer(await freePort());
    await redis.start();
  }, 60_000);
  afterAll(async () => {
    for (const p of procs) await p.end();
    await redis.dispose();
  });

  it("the worker's results read back the run's settings (the queue keeps no table between positions)", async () => {
    const flags = ['-h', '14', '--table', 'board4', '--eval', OTHER, '--selectivity', '1'];
    procs.push(await startWorker(redis.url, flags));
    // startWorker gives -h 16; the later -h 14 is the one the worker takes.
    const c = new Proc(['solve', SUITE, '--queue', redis.url, ...flags, '--json', '--quiet', '--run', 'read-back']);
    procs.push(c);
    expect(await c.exited, c.err).toBe(0);
    const rows = jsonRows(c.out).filter((x) => x.index !== undefined);
    expect(rows.map((x) => x.context)).toEqual([
      { ...A, keepTable: false },
      { ...A, keepTable: false },
      { ...A, keepTable: false },
    ]);
  }, 180_000);
});

const chromium = chromiumForTests('read-back.test.ts');
describe.skipIf(!chromium)("the page's workers", () => {
  const served = servedPage(chromium!);
  it('a best-move solve reads back the table size set in the form, the rest at the page’s settings', async () => {
    const page = await served.browser.newPage();
    await ready(page, served.url);
    await page.fill('#bits', '14');
    await page.dispatchEvent('#bits', 'input');
    await page.selectOption('#ffo', '19'); // FFO #20
    await page.click('#solve');
    expect(await solved(page, 120_000)).toBe('done');
    const context = await page.evaluate(
      () => (window as unknown as { revsolve: { stats: { lastContext: unknown } } }).revsolve.stats.lastContext,
    );
    expect(context).toEqual({ ...DEFAULTS, hashBits: 14 });
    await page.close();
  }, 180_000);
});
