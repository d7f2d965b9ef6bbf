/**
 * What a second QA pass found (issue 67), each as it is now: no input file
 * written over, two runs on one results file refused, no table size that
 * crashes or quietly shrinks, no pipe that hangs, one line and exit 2 for
 * each bad input, typed errors from the library. Every input file is
 * checked unchanged after the command that read it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  emptyCount,
  formatPosition,
  formatRecord,
  GgfError,
  gameSummary,
  moveName,
  OptionError,
  PositionError,
  play,
  playerSummary,
  RecordError,
  readGgf,
  readWthorGames,
  readWthorNames,
  recordsOf,
  replayMoves,
  Solver,
  solvePosition,
  WthorError,
  writeGgf,
} from '../dist/index.js';
import { createTable, tableBytes } from '../dist/search/table.js';
import { OBF } from './helpers.js';
import { CLI, Proc } from './processes.js';
import { tempDir } from './tmp.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/wthor/', import.meta.url));
const dir = tempDir('second-qa');
const run = (args: string[], cwd = dir, timeout = 120_000) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, timeout });
  return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal };
};
/** Refused: exit 2, one line on stderr matching `re`, nothing on stdout. */
const refused = (r: ReturnType<typeof run>, re: RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(re)]);
  expect(r.out).toBe('');
};
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
/** The SHA-256 of every file of a folder, by name: what a command must leave as it was. */
const snapshot = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder)
      .filter((f) => statSync(join(folder, f)).isFile())
      .map((f) => [f, sha(join(folder, f))]),
  );

/** A folder holding a copy of the WTHOR fixtures (2019 games, players, tournaments). */
function wthorCopy(name: string): string {
  const to = join(dir, name);
  mkdirSync(to);
  for (const f of ['WTH_2019.wtb', 'WTHOR.JOU', 'WTHOR.TRN']) copyFileSync(join(FIXTURES, f), join(to, f));
  return to;
}

describe('L1: no file a command reads is written over', () => {
  it('analyze --results WTHOR.JOU --force (the players file read beside the .wtb) is refused, the file unchanged', () => {
    const w = wthorCopy('l1');
    const before = snapshot(w);
    refused(
      run(['analyze', 'WTH_2019.wtb', '--game', '1', '--from', '4', '-h', '14', '--results', 'WTHOR.JOU', '--force'], w),
      /^revsolve: --results WTHOR\.JOU is also an input of this command/,
    );
    expect(snapshot(w)).toEqual(before);
  });

  it('a damaged WTHOR.JOU costs the names only: a warning, and the games are analysed', () => {
    const w = wthorCopy('l1-jou');
    writeFileSync(join(w, 'WTHOR.JOU'), readFileSync(join(w, 'WTHOR.JOU')).subarray(0, 850));
    const r = run(['analyze', 'WTH_2019.wtb', '--game', '1', '--from', '4', '-h', '14', '--quiet'], w);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^warning: .*WTHOR\.JOU: not a WTHOR players file: 850 bytes.*read without their players' names$/m);
    expect(r.out).toMatch(/^ ply empties/m);
    expect(r.out).toMatch(/^black: 2 moves/m);
  });
});

describe('L2: one results file, one run at a time', () => {
  it('solve: a second run on the file is refused naming the first; the file holds each position once, whole', async () => {
    const out = join(dir, 'same.jsonl');
    const first = new Proc(['solve', join(OBF, 'fforum-20-39.obf'), '-n', '1', '--quiet', '--results', out]);
    try {
      // The first run holds the lock once its lock file is there (a condition, not a sleep).
      for (const t0 = Date.now(); !existsSync(`${out}.lock`); ) {
        if (!first.running || Date.now() - t0 > 60_000) throw new Error(`no lock: ${first.err}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const second = run(['solve', join(OBF, 'fforum-20-39.obf'), '-n', '1', '--quiet', '--results', out, '--resume']);
      refused(second, new RegExp(`^revsolve: .*same\\.jsonl: in use by process ${first.pid} `));
      expect(await first.exited).toBe(0);
    } finally {
      first.kill('SIGKILL');
    }
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(20);
    expect(lines.map((l) => JSON.parse(l).index).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(existsSync(`${out}.lock`)).toBe(false);
  }, 240_000);

  it('a lock left by a process that is gone is taken over', () => {
    const out = join(dir, 'stale.jsonl');
    writeFileSync(`${out}.lock`, '999999999\n');
    const r = run(['solve', join(OBF, 'fforum-1-19.obf'), '-n', '1', '--quiet', '--results', out]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(19);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it('a run refused after the lock (another suite in the file) leaves the file as it was', () => {
    const out = join(dir, 'kept.jsonl');
    expect(run(['solve', join(OBF, 'fforum-1-19.obf'), '-n', '1', '--quiet', '--results', out]).code).toBe(0);
    const before = sha(out);
    refused(run(['solve', join(OBF, 'fforum-20-39.obf'), '-n', '1', '--quiet', '--results', out, '--resume']), /^revsolve: --resume: /);
    expect(sha(out)).toBe(before);
  });
});

describe('C1: every documented table size works or is refused before anything runs', () => {
  it('-h 28 (key4, 4 GiB, the TypeScript engine: more than the WebAssembly memory holds) solves FFO #1-#19 exactly', () => {
    const r = run(['solve', join(OBF, 'fforum-1-19.obf'), '-n', '1', '-h', '28', '--table', 'key4', '--engine', 'ts', '--quiet', '--json']);
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

describe('C3: a pipe is refused at once, never waited on', () => {
  const fifo = join(dir, 'fifo');
  const made = spawnSync('mkfifo', [fifo]).status === 0;

  it.runIf(made)('--eval FIFO and --results FIFO: one line, exit 2, within seconds', () => {
    const t0 = Date.now();
    refused(
      run(['solve', join(OBF, 'fforum-1-19.obf'), '--eval', fifo], dir, 20_000),
      /^revsolve: .*fifo: cannot read the file: is a pipe \(FIFO\)/,
    );
    refused(
      run(['solve', join(OBF, 'fforum-1-19.obf'), '--results', fifo], dir, 20_000),
      /^revsolve: .*fifo: is a pipe \(FIFO\), not a regular file/,
    );
    refused(run(['analyze', fifo], dir, 20_000), /^revsolve: .*fifo: is not a regular file \(a pipe or a device\)/);
    expect(Date.now() - t0).toBeLessThan(60_000); // bounded: a blocked read would hit spawnSync's timeout instead
  });

  it('a device as --results (where nothing can be flushed or read back) is refused, not reported as dying workers (M5)', () => {
    refused(
      run(['solve', join(OBF, 'fforum-1-19.obf'), '--results', '/dev/null']),
      /^revsolve: \/dev\/null: is a device, not a regular file/,
    );
    refused(run(['analyze', 'f5d6', '--results', '/dev/null', '--force']), /^revsolve: \/dev\/null: is a device, not a regular file/);
  });
});

describe('C4 and M10: the library refuses what it cannot take, with typed errors', () => {
  const START = '---------------------------OX------XO--------------------------- X';

  it('a word out of the 32 bits is a PositionError, not a cut', () => {
    expect(() => new Solver().solve({ player: { hi: 2 ** 40, lo: 0 }, opponent: { hi: 0, lo: 1 }, toMove: 'X' } as never)).toThrow(
      /position: player\.hi is 1099511627776, not a 32-bit word/,
    );
    expect(() => solvePosition({ player: { hi: 0, lo: -(2 ** 31) - 1 }, opponent: { hi: 0, lo: 0 }, toMove: 'X' } as never)).toThrow(
      PositionError,
    );
  });

  it('each export named by the QA pass throws its own typed error', () => {
    const cases: [() => unknown, new (...a: never[]) => Error, RegExp][] = [
      [() => play('str' as never, 62), PositionError, /^play: a Position/],
      [() => play(null as never, 1), PositionError, /not null$/],
      [() => emptyCount(null as never), PositionError, /not null$/],
      [() => formatPosition(null as never), PositionError, /not null$/],
      [() => (readGgf as (...a: unknown[]) => unknown)(), GgfError, /a GGF text, not nothing \(undefined\)$/],
      [() => readGgf(42 as never, 'f'), GgfError, /a GGF text, not number 42$/],
      [() => (readWthorGames as (...a: unknown[]) => unknown)(), WthorError, /the file's bytes \(a Uint8Array\), not nothing/],
      [() => replayMoves('f5' as never), RecordError, /an array of squares/],
      [() => recordsOf(42 as never), RecordError, /a text of records, not number 42$/],
      [() => formatRecord('f5' as never), RecordError, /an array of squares/],
      [() => gameSummary(42 as never), OptionError, /the analysed moves/],
      [() => playerSummary(42 as never), OptionError, /games/],
      [() => writeGgf({} as never), RecordError, /a game \(\{ moves/],
      [() => moveName(99), PositionError, /^not a move: number 99/],
      [() => replayMoves([99]), RecordError, /^move 1: number 99 is not a square/],
      [() => formatRecord([99]), RecordError, /^move 1: number 99 is not a square/],
      [() => readWthorNames(new Uint8Array(40), 'f', 'bogus' as never), WthorError, /the kind is players or tournaments, not "bogus"/],
      [() => gameSummary([{}] as never), OptionError, /moves\[0\] is not an analysed move/],
    ];
    for (const [f, type, re] of cases) {
      let thrown: unknown = null;
      try {
        f();
      } catch (e) {
        thrown = e;
      }
      expect(thrown, String(f)).toBeInstanceOf(type);
      expect((thrown as Error).message, String(f)).toMatch(re);
      expect((thrown as Error).message).not.toMatch(/undefined undefined/);
    }
  });

  it('the Solver refuses the pool options it would ignore (M7)', () => {
    for (const o of [{ workers: 4 }, { split: 'always' }, { idle: 'wait' }]) {
      expect(() => new Solver(o as never)).toThrow(OptionError);
      expect(() => new Solver(o as never)).toThrow(/the Solver searches on the caller's thread alone/);
    }
    expect(() => solvePosition(START, { workers: 2 } as never)).toThrow(/^workers: /);
    expect(() => new Solver({ hashbits: 12 } as never)).toThrow(/the options are (?!.*workers)/);
  });
});

describe('M5: a results file that cannot be written stops the run with that error, never a dead worker', () => {
  it('a file size limit (EFBIG after a few lines): one line naming the file, exit 2, the lines written whole', () => {
    const out = join(dir, 'limited.jsonl');
    const r = spawnSync(
      'bash',
      ['-c', `ulimit -f 2; exec "${process.execPath}" "${CLI}" solve "${join(OBF, 'fforum-1-19.obf')}" -n 1 --quiet --results "${out}"`],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^revsolve: .*limited\.jsonl: file too large$/)]);
    const lines = readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(19);
    for (const l of lines.slice(0, -1)) expect(() => JSON.parse(l)).not.toThrow();
  });
});

describe('M1-M4, M11: analyze says what is wrong with its inputs in one line', () => {
  const w = wthorCopy('messages');

  it('--game past the file: one line naming its count, no results file made', () => {
    refused(
      run(['analyze', 'WTH_2019.wtb', '--game', '5000', '--results', 'r.jsonl'], w),
      /^revsolve: --game 5000: WTH_2019\.wtb holds 1949 games \(1-1949\)$/,
    );
    refused(run(['analyze', 'WTH_2019.wtb', '--game', '1940-2000'], w), /^revsolve: --game 1940-2000: WTH_2019\.wtb holds 1949 games/);
    expect(existsSync(join(w, 'r.jsonl'))).toBe(false);
  });

  it('a damaged .wtb in the reader own words (M2)', () => {
    const wtb = readFileSync(join(w, 'WTH_2019.wtb'));
    const bad = (name: string, bytes: Uint8Array) => {
      writeFileSync(join(w, name), bytes);
      return run(['analyze', name], w);
    };
    refused(
      bad('cut.wtb', wtb.subarray(0, 500)),
      /^revsolve: cut\.wtb: a damaged WTHOR games file: 500 bytes, and its header says 1949 games \(132548 bytes\)$/,
    );
    const fewer = Buffer.from(wtb);
    fewer.writeUInt32LE(10, 4);
    refused(
      bad('count.wtb', fewer),
      /^revsolve: count\.wtb: a damaged WTHOR games file: 132548 bytes, and its header says 10 games \(696 bytes\)$/,
    );
    const none = Buffer.from(wtb.subarray(0, 16));
    none.writeUInt32LE(0, 4);
    refused(bad('none.wtb', none), /^revsolve: none\.wtb: a WTHOR games file of no game$/);
    const ten = Buffer.from(wtb);
    ten[12] = 10;
    refused(bad('ten.wtb', ten), /^revsolve: ten\.wtb: not a WTHOR games file of the 8 × 8 board: its header says a board of 10$/);
    refused(
      bad('text.wtb', Buffer.from('f5d6c3\n')),
      /^revsolve: text\.wtb: not a WTHOR games file: 7 bytes, shorter than its 16-byte header$/,
    );
  });

  it('a text that is no records, an OBF file: one line, not a line each (M3)', () => {
    refused(
      run(['analyze', fileURLToPath(new URL('../README.md', import.meta.url))]),
      /README\.md: not a file of game records \(one a line, as f5d6c3…\): its first 4 lines are none/,
    );
    refused(run(['analyze', join(OBF, 'fforum-1-19.obf')]), /fforum-1-19\.obf: not a file of game records/);
  });

  it('a directory and a loop of links say so (M4)', () => {
    mkdirSync(join(w, 'folder'));
    symlinkSync('loop', join(w, 'loop'));
    refused(run(['analyze', 'folder'], w), /^revsolve: folder: is a directory/);
    refused(run(['analyze', 'loop'], w), /^revsolve: loop: a loop of symbolic links$/);
  });

  it('several records on the command line: the message says they were read as several (M11)', () => {
    refused(
      run(['analyze', 'f5', 'd6', 'c3']),
      /^revsolve: the record d6: move 1: d6 is not a legal move for black \(the 3 arguments are read as 3 records/,
    );
  });

  it('a theoretical score byte past 64 is a damaged byte, named; the other games are checked', () => {
    const wtb = Buffer.from(readFileSync(join(w, 'WTH_2019.wtb')));
    wtb[16 + 7] = 200; // game 1's theoretical score
    writeFileSync(join(w, 'byte.wtb'), wtb);
    const r = run(['analyze', 'byte.wtb', '--game', '1-2', '--check-theoretical', '-n', '1', '--quiet'], w);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/^error: byte\.wtb: game 1: its theoretical score is byte 200, not a disc count \(0-64\): a damaged byte$/m);
    expect(r.out).toMatch(/^1 of 1 checked: 1 agree, 0 disagree; 1 not checkable/m);
  });

  it('--check-theoretical with --from is refused, not ignored (M7)', () => {
    refused(
      run(['analyze', 'WTH_2019.wtb', '--check-theoretical', '--from', '10'], w),
      /^revsolve: --from: --check-theoretical solves each game's position at its file's depth/,
    );
  });
});

describe('M6: analyze --resume after a crash mid-line', () => {
  it('warns of the line cut short, analyses that game again, and leaves whole lines', () => {
    const out = join(dir, 'analyze.jsonl');
    const args = [
      'analyze',
      'f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1',
      'f5f6e6f4e3c5c4e7c6e2',
      '--from',
      '8',
      '-h',
      '14',
      '--quiet',
      '--results',
      out,
    ];
    expect(run(args).code).toBe(0);
    const whole = readFileSync(out, 'utf8');
    const [one, two] = whole.trimEnd().split('\n');
    writeFileSync(out, `${one}\n${two.slice(0, 40)}`);
    const r = run([...args, '--resume']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /^warning: .*analyze\.jsonl:2: not JSON \(a line cut short by a stopped run\?\), ignored: its game is analysed again$/m,
    );
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(one);
    expect(lines[1]).toBe(two.slice(0, 40));
    expect(JSON.parse(lines[2])).toEqual(JSON.parse(two));
    // And again: the fragment is a warning still, both games are read back, nothing is analysed.
    const third = run([...args, '--resume']);
    expect(third.code, third.err).toBe(0);
    expect(third.err).toMatch(/resuming: 2 games read from/);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(3);
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
  const w = wthorCopy('cli73');
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

describe('a record with its passes run together', () => {
  it('g2passc6 and f5--d6 read as a move, a pass, a move', async () => {
    const { recordMoves, PASS } = await import('../dist/index.js');
    // g2: rank 2, file g (the 7th): 8 + 6; c6: rank 6, file c: 40 + 2.
    expect(recordMoves('g2passc6')).toEqual([14, PASS, 42]);
    expect(recordMoves('G2PASSc6')).toEqual([14, PASS, 42]);
    expect(recordMoves('f5--d6')).toEqual([37, PASS, 43]);
  });
});
