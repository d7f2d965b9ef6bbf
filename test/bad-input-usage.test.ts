/**
 * Bad usage of the command line: options that do not go together, values
 * a setting does not take, table sizes the memory cannot hold, a resume or
 * a queue that would mix settings. One line naming the option and exit 2,
 * before anything runs; never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionError, Solver } from '../dist/index.js';
import { createTable, tableBytes } from '../dist/search/table.js';
import { exit2OneLine, refused, wthorCopy } from './bad-input.js';
import { OBF } from './helpers.js';
import { CLI, freePort, Proc, runIn } from './processes.js';
import { RedisServer } from './redis.js';
import { tempDir } from './tmp.js';

describe('the messages a new user met, issue 57', () => {
  const dir = tempDir('messages');
  const run = (...args: string[]) => runIn(dir, args, 60_000);
  const SUITE = join(OBF, 'fforum-1-19.obf');

  describe('the command line: combinations refused, one line each', () => {
    it('--prover without --wld, ab as well as dfpn', () => {
      refused(run('solve', SUITE, '--prover', 'ab'), /^revsolve: --prover ab proves win\/loss\/draw: give --wld with it$/);
      refused(run('solve', SUITE, '--prover', 'dfpn'), /^revsolve: --prover dfpn proves win\/loss\/draw: give --wld with it$/);
    });

    it('--wld --prover dfpn with --split always, --idle wait or --selectivity: refused, not ignored', () => {
      refused(
        run('solve', SUITE, '--wld', '--prover', 'dfpn', '--split', 'always'),
        /^revsolve: --split always with --prover dfpn: df-pn's positions are never split$/,
      );
      refused(
        run('solve', SUITE, '--wld', '--prover', 'dfpn', '--idle', 'wait'),
        /^revsolve: --idle wait with --prover dfpn: df-pn's positions run alone/,
      );
      refused(
        run('solve', SUITE, '--wld', '--prover', 'dfpn', '--selectivity', 'none'),
        /^revsolve: --selectivity with --prover dfpn: df-pn runs no pre-searches$/,
      );
    });

    it('a value a setting does not take: the flag, what it takes, what was given', () => {
      refused(run('solve', SUITE, '-h', '31'), /^revsolve: -h, --hash-bits: a whole number from 10 to 30, not "31"$/);
      refused(run('solve', SUITE, '--split', 'sometimes'), /^revsolve: --split: one of auto, always, never, not "sometimes"$/);
      refused(run('solve', SUITE, '--off', 'colour'), /^revsolve: --off: techniques are .* or all \(the ordering's\), not "colour"$/);
    });

    it("solve -h without a number: -h is the table's size, as in Edax", () => {
      refused(
        run('solve', '-h'),
        /^revsolve: -h is the table's size, as in Edax \(2\^h entries, 10 to 30\), not help: give a number \(as -h 21\), or --help for help$/,
      );
    });

    it('--help gives each default once, in words', () => {
      const help = run('solve', '--help').out.replace(/\s+/g, ' ');
      expect(help).not.toMatch(/\(default: [^)]*\)\s*\(default:/);
      expect(help).toMatch(/-n, --workers <n> [^(]*\(default: one per core\)/);
      expect(help).toMatch(/--off <techniques> [^)]*\) \(default: none\)/);
      expect(help).not.toMatch(/\(default: 0\)/);
      expect(run('analyze', '--help').out.replace(/\s+/g, ' ')).toMatch(/--from <empties> [^(]*\(default: 22\)/);
      expect(run('worker', '--help').out.replace(/\s+/g, ' ')).toMatch(/--lock-ms <ms> [^(]*\(default: 30000\)/);
    });
  });
});

describe('the second QA pass, issue 67', () => {
  const dir = tempDir('second-qa');
  const run = (args: string[], cwd = dir, timeout = 120_000) => runIn(cwd, args, timeout);

  describe('C1: every documented table size works or is refused before anything runs', () => {
    it('-h 28 (key4, 4 GiB, the TypeScript engine: more than the WebAssembly memory holds) solves FFO #1-#19 exactly', () => {
      const r = run([
        'solve',
        join(OBF, 'fforum-1-19.obf'),
        '-n',
        '1',
        '-h',
        '28',
        '--table',
        'key4',
        '--engine',
        'ts',
        '--quiet',
        '--json',
      ]);
      expect(r.code, r.err).toBe(0);
      const summary = JSON.parse(r.out.trim().split('\n').at(-1) ?? '{}');
      expect(summary).toMatchObject({ positions: 19, mismatches: 0, hashBits: 28, tableLayout: 'key4', tableBytes: 2 ** 32 });
      // The summary's provenance and the process's own CPU time (issue 70).
      expect(summary).toMatchObject({
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        weightsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        settingsDigest: expect.stringMatching(/^s2-/),
      });
      expect(summary.positionsMs).toBe(summary.cpuMs);
      expect(summary.process.userMs + summary.process.systemMs).toBeGreaterThan(0);
      expect(summary.process.peakKiB).toBeGreaterThan(0);
    });

    it('a table of 2^28 entries keeps an entry in its last bucket (no index past 2^31 words turns negative)', () => {
      const t = createTable(28, 'key4');
      expect(t.bytes).toBe(2 ** 32);
      const hash = -1; // every bit set: the last bucket
      t.record(1, 2, 4, 8, hash, 20, 0, -64, 64, 6, 19);
      expect(t.probe(1, 2, 4, 8, hash)).toBeGreaterThanOrEqual(2 ** 28);
      expect(t.lower()).toBe(6);
      expect(t.move()).toBe(19);
    });

    it('the sizes of 2^30 entries: key4 is one array of 2^32 words, a board layout would be twice that and is refused', () => {
      expect(tableBytes(30, 'key4')).toBe(2 ** 34);
      refused(
        run(['solve', join(OBF, 'fforum-1-19.obf'), '-h', '30']),
        /^revsolve: --hash-bits 30: a board2 table holds 2\^29 entries at most/,
      );
      refused(
        run(['solve', join(OBF, 'fforum-1-19.obf'), '-h', '30', '--table', 'board4']),
        /^revsolve: --hash-bits 30: a board4 table holds 2\^29/,
      );
      expect(() => new Solver({ hashBits: 30 })).toThrow(OptionError);
    });

    it('analyze checks its tables against the memory, as solve does', () => {
      refused(
        run(['analyze', 'f5d6c3d3c4f4', '-h', '29', '-n', '8', '--engine', 'ts']),
        /^revsolve: a table of 2\^29 entries needs 128\.00 GiB \(8 tables\), more than this machine can spare/,
      );
    });
  });

  describe('M7, M8: solve refuses the options it would ignore, and says what df-pn runs', () => {
    const suite = join(OBF, 'fforum-1-19.obf');

    it('the queue options without --queue, --idle with --queue, --idle with df-pn', () => {
      refused(run(['solve', suite, '--queue-leaf', '20']), /^revsolve: --queue-leaf is for runs through the queue: give --queue with it$/);
      refused(run(['solve', suite, '--race-after', '100']), /^revsolve: --race-after is for runs through the queue/);
      refused(run(['solve', suite, '--redis-timeout', '5']), /^revsolve: --redis-timeout is for runs through the queue/);
      refused(run(['solve', suite, '--queue', 'redis://127.0.0.1:1', '--idle', 'wait']), /^revsolve: --idle is for this machine's workers/);
      refused(run(['solve', suite, '--wld', '--prover', 'dfpn', '--idle', 'help']), /^revsolve: --idle help with --prover dfpn/);
      refused(
        run(['solve', suite, '--progress-every', '1e9']),
        /^revsolve: --progress-every: a positive number of seconds up to 86400 \(a day\), not "1e9"$/,
      );
    });

    it('a df-pn run describes df-pn: no ordering, no pre-searches, no root strategy', () => {
      const r = run(['solve', suite, '--wld', '--prover', 'dfpn', '-n', '1', '--json', '--quiet']);
      expect(r.code, r.err).toBe(0);
      const summary = JSON.parse(r.out.trim().split('\n').at(-1) ?? '{}');
      expect(summary).toMatchObject({ wld: true, prover: 'dfpn', ordering: null, selectivity: [], root: null, errors: 0 });
      const table = run(['solve', suite, '--wld', '--prover', 'dfpn', '-n', '1']);
      expect(table.out).toMatch(/win\/loss\/draw by df-pn \(proof numbers: no ordering key, no pre-searches\)/);
      expect(table.out).not.toMatch(/selective pre-searches/);
    });
  });

  describe('C2: the prepare step leaves an up-to-date build alone', () => {
    it('stamp, then prepare: not rebuilt; a source changed: check says so (nothing is built here)', () => {
      const root = join(dir, 'checkout');
      mkdirSync(join(root, 'scripts'), { recursive: true });
      mkdirSync(join(root, 'src'));
      mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
      copyFileSync(fileURLToPath(new URL('../scripts/prepare.mjs', import.meta.url)), join(root, 'scripts', 'prepare.mjs'));
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
      writeFileSync(join(root, 'package.json'), '{}\n');
      writeFileSync(join(root, 'dist', 'cli', 'main.js'), '');
      const node = (...a: string[]) =>
        spawnSync(process.execPath, [join(root, 'scripts', 'prepare.mjs'), ...a], { encoding: 'utf8', cwd: root });
      expect(node('check').status).toBe(1);
      expect(node('stamp').status).toBe(0);
      expect(node('check').status).toBe(0);
      const again = node();
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(/dist\/ is built from these sources: not rebuilt/);
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 2;\n');
      expect(node('check').status).toBe(1);
    });
  });

  describe('M9, M12: the words of the total and of a WLD check', () => {
    it('a position given up is counted apart from the bad lines of the input', async () => {
      const { tableTotal } = await import('../dist/cli/report.js');
      const summary = { positions: 18, nodes: 1000, ms: 10, cpuMs: 10, nps: 100_000, mismatches: 0, errors: 0 };
      expect(tableTotal(summary, false, 1)).toMatch(/0 mismatches, 0 bad lines, 1 position given up$/);
      expect(tableTotal(summary, false, 0)).toMatch(/0 mismatches, 0 bad lines$/);
    });

    it('a winning move the answers do not score is said to be unlisted, not losing the win', async () => {
      const { check } = await import('../dist/solve/solve.js');
      const { mismatch } = await import('../dist/cli/report.js');
      const answers = [{ move: 62, score: 18 }]; // G8:+18 only
      const unlisted = check(answers, 2, 7, false, 'win'); // H1, proven to win
      expect(unlisted).toMatchObject({ ok: false, unlisted: true, expected: 18 });
      expect(mismatch({ ...unlisted, wld: 'win', move: 7, score: 2 } as never)).toBe(
        "move H1 is not among the file's answers (G8 is given): they cannot check it",
      );
      const losing = check([...answers, { move: 7, score: -4 }], 2, 7, false, 'win');
      expect(losing.unlisted).toBeUndefined();
      expect(mismatch({ ...losing, wld: 'win', move: 7, score: 2 } as never)).toBe('move H1 does not keep the win by the answers');
    });
  });

  describe("issue 73's command line: analyze's live line, --check-theoretical's progress, --player's matches", () => {
    const w = wthorCopy(dir, 'cli73');
    const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

    it.runIf(hasScript)('on an 80-column terminal (script(1), COLUMNS=80) the live line never passes 80 columns', () => {
      const cmd = `COLUMNS=80 "${process.execPath}" "${CLI}" analyze WTH_2019.wtb --game 1-2 --from 12 -h 14 -n 1 --progress-every 1`;
      const r = spawnSync('script', ['-qfec', cmd, '/dev/null'], {
        encoding: 'utf8',
        cwd: w,
        timeout: 120_000,
        env: { ...process.env, COLUMNS: '80' },
      });
      expect(r.status, r.stderr).toBe(0);
      // What the terminal shows: each redraw starts after a carriage return and an erase-line.
      const ESC = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
      const shown = r.stdout.split(/\r|\n/).map((s) => s.replace(ESC, ''));
      // The live line's redraws (the rows printed above it are lines of their own, which a terminal wraps and keeps).
      const live = shown.filter((s) => /games, .* positions done/.test(s));
      expect(live.length).toBeGreaterThan(0);
      for (const s of live) expect(s.length, s).toBeLessThanOrEqual(80);
      expect(live.some((s) => s.endsWith('…'))).toBe(true); // the line is longer than 80 here: it was cut
    });

    it('--check-theoretical off a terminal: progress lines on stderr, and JSON rows with both scores', () => {
      const r = run(['analyze', 'WTH_2019.wtb', '--game', '1-2', '--check-theoretical', '-n', '1', '--json', '--progress-every', '0.2'], w);
      expect(r.code, r.err).toBe(0);
      const rows = r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(rows.slice(0, 2)).toEqual([
        expect.objectContaining({ theoretical: expect.any(Number), exact: expect.any(Number), agree: true }),
        expect.objectContaining({ theoretical: expect.any(Number), exact: expect.any(Number), agree: true }),
      ]);
      expect(r.err).toMatch(/^progress: \d\/2 games, \d\/2 positions done/m);
    });

    it('--player names the players it matched', () => {
      const r = run(['analyze', 'WTH_2019.wtb', '--player', 'tastet', '--from', '2', '-h', '12', '-n', '1', '--game', '120-150'], w);
      expect(r.err).toMatch(/^--player tastet: 2 players Tastet Marc, Tastet Remi$/m);
    });
  });
});

describe('say what is done', () => {
  const dir = tempDir('usage');
  const run = (...args: string[]) => runIn(dir, args, 60_000);
  const oneLine = exit2OneLine;

  describe('options that do not go together, and what the intro says', () => {
    it('--selectivity with mobility ordering or no weights; --force without --results', () => {
      oneLine(
        run('solve', join(OBF, 'fforum-1-19.obf'), '--selectivity', '1', '--ordering', 'mobility'),
        /^revsolve: --selectivity: .*need eval ordering, not mobility ordering/,
      );
      oneLine(
        run('solve', join(OBF, 'fforum-1-19.obf'), '--selectivity', '1', '--eval', 'none'),
        /^revsolve: --selectivity: .*not no weights/,
      );
      oneLine(run('solve', join(OBF, 'fforum-1-19.obf'), '--force'), /^revsolve: --force overwrites the --results file/);
    });

    it('-h 10 is 32 KiB', () => {
      const r = run('solve', '--position', 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O', '-h', '10', '--quiet');
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/2\^10 entries x 32 B = 32 KiB \(board2\)/);
    });
  });

  describe('the queue says when nothing listens', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = new RedisServer(await freePort());
      await redis.start();
    });
    afterAll(async () => {
      await redis?.dispose();
    });

    it("a coordinator whose queue has no worker says so, with the queue's name and settings, within a few seconds", async () => {
      const c = new Proc(['solve', join(OBF, 'fforum-1-19.obf'), '--queue', redis.url, '-h', '12', '--run', 'lonely', '--quiet']);
      try {
        const m = await c.waitFor(
          /note: no worker listens on queue (revsolve-s2-[0-9a-f]{12}) \((-h 12 --table board2 [^)]*)\) yet/,
          15_000,
        );
        expect(m[2]).toMatch(/--selectivity 1,2$/);
      } finally {
        await c.end();
      }
      expect(run('queue', 'clean', redis.url, '--run', 'lonely').code).toBe(0);
    }, 30_000);

    it('a run made by an earlier revsolve (its queue named by the older digest): one line saying what to do', async () => {
      const client = new Redis({ host: '127.0.0.1', port: redis.port, lazyConnect: true });
      await client.connect();
      try {
        // The record an earlier revsolve wrote: its queue named by 12 hex digits, without the s2- of today's digest.
        await client.hset('revsolve:run:older', {
          suite: 'x',
          queue: 'revsolve-0123456789ab',
          count: '19',
          created: '2026-01-01T00:00:00Z',
          settings: 'h 12 board2',
        });
      } finally {
        client.disconnect();
      }
      oneLine(
        run('solve', join(OBF, 'fforum-1-19.obf'), '--queue', redis.url, '-h', '12', '--run', 'older', '--resume', '--quiet'),
        /^revsolve: run older in redis:\/\/127\.0\.0\.1:\d+ was made by an earlier revsolve \(queue revsolve-0123456789ab\): finish it with that revsolve, or remove it \(revsolve queue clean .* --run older\) and solve again$/,
      );
      expect(run('queue', 'clean', redis.url, '--run', 'older').code).toBe(0);
    });

    it('a results file written by an earlier revsolve: one line saying what to do', () => {
      const results = join(dir, 'older.jsonl');
      const first = readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8').split('\n')[0].split(';')[0].trim();
      writeFileSync(
        results,
        `${JSON.stringify({ index: 1, empties: 14, move: 'G8', score: 18, ok: true, nodes: 1, ms: 1, pv: ['G8'], table: {}, position: first, search: '0123456789ab' })}\n`,
      );
      oneLine(
        run('solve', join(OBF, 'fforum-1-19.obf'), '-h', '12', '--results', results, '--resume', '--quiet'),
        /^revsolve: --resume: .*older\.jsonl:1: made by an earlier revsolve, whose settings digest \(0123456789ab\) this one does not read: finish it with that revsolve, or solve again with --force/,
      );
    });

    it('queue status and clean on a Redis that is not there fail within a few seconds, one line, exit 2', async () => {
      const port = await freePort();
      for (const args of [
        ['status', `redis://127.0.0.1:${port}`],
        ['clean', `redis://127.0.0.1:${port}`, '--run', 'x'],
      ]) {
        const r = run('queue', ...args);
        oneLine(r, new RegExp(`127\\.0\\.0\\.1:${port}`));
        expect(r.ms).toBeLessThan(10_000);
      }
    }, 60_000);
  });
});

describe('the third QA pass, issue 83: the messages', () => {
  const dir = tempDir('third-qa-usage');
  const run = (...args: string[]) => runIn(dir, args, 60_000);
  const SUITE = join(OBF, 'fforum-1-19.obf');

  it('--idle help with --engine ts is refused (it was accepted and ignored)', () => {
    refused(
      run('solve', SUITE, '--idle', 'help', '--engine', 'ts'),
      /^revsolve: --idle help with --engine ts: idle workers help on the WebAssembly engine's shared memory only/,
    );
  });

  it('an unknown option is reported before a missing one, in every command that needs an option', () => {
    refused(run('search', SUITE, '--bogus'), /^revsolve: unknown option '--bogus'/);
    refused(run('search', SUITE), /^revsolve: the option -d, --depth <plies> is needed$/);
    refused(run('worker', '--bogus'), /^revsolve: unknown option '--bogus'/);
    refused(run('queue', 'clean', 'redis://127.0.0.1:1'), /^revsolve: the option --run <name> is needed$/);
    refused(run('train', 'fit', 'x.bin'), /^revsolve: the option --out <file> is needed$/);
  });

  it('nothing matched is one line and exit 2 in games as in analyze', () => {
    const wthor = join(import.meta.dirname, 'fixtures/wthor/WTH_2019.wtb');
    refused(run('games', wthor, '--tournament', 'zzz'), /^revsolve: no game matches --tournament zzz among the 1,949 games read$/);
    refused(run('analyze', wthor, '--tournament', 'zzz'), /^revsolve: no game matches --tournament zzz among the 1,949 games given$/);
  });

  it('every help says what a repeated option does', () => {
    for (const args of [['--help'], ['solve', '--help'], ['analyze', '--help'], ['experiment', 'table', '--help']])
      expect(run(...args).out, args.join(' ')).toMatch(/An option given twice keeps the last value given \(-h 10 -h 12 is -h 12\)\./);
  });
});
