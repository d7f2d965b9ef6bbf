/**
 * Bad files: inputs that are not what they claim (not OBF, binary, empty,
 * damaged WTHOR, links that loop), outputs that cannot be written (full
 * disk, missing directory, size limit), and files a command would write
 * over (its own input, an existing file without --force, a results file
 * another run holds). One line naming the file and the problem, exit 2,
 * every input unchanged.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exit2OneLine, refused, stopSuites, wthorCopy } from './bad-input.js';
import { OBF } from './helpers.js';
import { CLI, Proc, runIn } from './processes.js';
import { tempDir } from './tmp.js';

describe('the messages a new user met, issue 57', () => {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));
  const dir = tempDir('messages');
  const run = (...args: string[]) => runIn(dir, args, 60_000);

  describe('the command line: files and arguments', () => {
    it('a file that is not OBF (the README): one line, nothing solved', () => {
      const r = run('solve', join(ROOT, 'README.md'), '-n', '1');
      expect(r.code, r.err).toBe(2);
      expect(r.out).toBe('');
      const lines = r.err.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/README\.md: not an OBF file: \d+ of its lines are not positions, \d+ are \(line \d+: /);
    });

    it('a suite with many bad lines says ten of them, then how many more', () => {
      const good = 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O';
      const file = join(dir, 'mostly-good.obf');
      writeFileSync(file, [...Array.from({ length: 20 }, () => good), ...Array.from({ length: 12 }, (_, i) => `bad line ${i}`)].join('\n'));
      const r = run('solve', file, '-n', '1', '-h', '12', '--quiet');
      expect(r.code).toBe(2);
      const errors = r.err
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('error:'));
      expect(errors).toHaveLength(11);
      expect(errors[10]).toBe(`error: ${file}: 2 more bad lines`);
      expect(r.err).toMatch(/12 bad lines in .*mostly-good\.obf/);
      expect(r.out).toMatch(/20 positions/);
    });

    it('a symbolic link loop is said in words', () => {
      const loop = join(dir, 'loop.obf');
      symlinkSync(loop, loop);
      refused(run('solve', loop), /^revsolve: .*loop\.obf: cannot read the file: a loop of symbolic links$/);
    });

    it('analyze with an empty argument says what to give', () => {
      refused(
        run('analyze', ''),
        /^revsolve: analyze: an empty argument: give a game record \(as f5d6c3…\) or a file of records, one a line$/,
      );
    });
  });
});

describe('stops and bad inputs', () => {
  const dir = tempDir('stops');
  const WEIGHTS = join(OBF, '..', 'weights', 'revsolve.rsev');
  const { S3 } = stopSuites(dir);

  function run(args: string[], stdout: 'pipe' | number = 'pipe') {
    const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', stdout, 'pipe'], maxBuffer: 64 << 20 });
    return { code: r.status, out: r.stdout ?? '', err: r.stderr };
  }

  function oneLine(err: string, ...names: string[]): void {
    const lines = err.trim().split('\n');
    expect(lines.length, err).toBe(1);
    for (const n of names) expect(lines[0]).toContain(n);
    expect(err).not.toMatch(/^\s+at /m);
  }

  const procs: Proc[] = [];
  afterAll(async () => {
    for (const p of procs) await p.end();
  });

  describe('a full disk is one line naming the output, exit 2', () => {
    const full = () => openSync('/dev/full', 'w');
    it('stdout of solve and of perft', () => {
      for (const args of [
        ['solve', S3, '-n', '1', '--quiet', '-h', '12'],
        ['perft', '5'],
      ]) {
        const fd = full();
        const r = run(args, fd);
        closeSync(fd);
        expect(r.code, r.err).toBe(2);
        oneLine(r.err, 'stdout', 'no space left');
      }
    });
    it('--results (a device: refused before the run), eval compress, eval export', () => {
      const r = run(['solve', S3, '-n', '1', '--quiet', '-h', '12', '--results', '/dev/full']);
      expect(r.code, r.err).toBe(2);
      oneLine(r.err, '/dev/full', 'is a device, not a regular file');
      for (const args of [
        ['eval', 'compress', WEIGHTS, '/dev/full', '--bits', '4'],
        ['eval', 'export', WEIGHTS, '/dev/full'],
      ]) {
        const r = run(args);
        expect(r.code, r.err).toBe(2);
        oneLine(r.err, '/dev/full', 'no space left');
      }
    });
  });

  describe('a results file never overwrites', () => {
    it('refuses the suite, the weights, and an existing file without --resume or --force', () => {
      const suite = join(dir, 'same.obf');
      writeFileSync(suite, readFileSync(S3));
      const before = readFileSync(suite, 'utf8');
      let r = run(['solve', suite, '-h', '12', '--quiet', '--results', suite]);
      expect(r.code).toBe(2);
      oneLine(r.err, '--results', 'input');
      expect(readFileSync(suite, 'utf8')).toBe(before);
      const w = join(dir, 'w.rsev');
      writeFileSync(w, readFileSync(WEIGHTS));
      r = run(['solve', S3, '-h', '12', '--quiet', '--eval', w, '--results', w]);
      expect(r.code).toBe(2);
      expect(readFileSync(w).equals(readFileSync(WEIGHTS))).toBe(true);
      const results = join(dir, 'r.jsonl');
      expect(run(['solve', S3, '-h', '12', '--quiet', '--results', results]).code).toBe(0);
      const kept = readFileSync(results, 'utf8');
      r = run(['solve', S3, '-h', '12', '--quiet', '--results', results]);
      expect(r.code).toBe(2);
      oneLine(r.err, '--resume', '--force');
      expect(readFileSync(results, 'utf8')).toBe(kept);
      r = run(['solve', S3, '-h', '12', '--quiet', '--results', results, '--force']);
      expect(r.code).toBe(0);
      expect(readFileSync(results, 'utf8').trim().split('\n').length).toBe(3);
    });
  });

  describe('inputs that are not suites', () => {
    it('a binary file: one line, exit 2', () => {
      const big = join(dir, 'big.bin');
      writeFileSync(big, randomBytes(1 << 20));
      const r = run(['solve', big, '-h', '12']);
      expect(r.code).toBe(2);
      oneLine(r.err, big, 'binary');
    });
    it('an empty file and /dev/null are errors; --eval "" is a usage error', () => {
      const empty = join(dir, 'empty.obf');
      writeFileSync(empty, '');
      for (const [f, problem] of [
        [empty, 'no position'],
        ['/dev/null', 'is a device'], // a device is never read as a suite (issue 83)
      ]) {
        const r = run(['solve', f, '-h', '12']);
        expect(r.code).toBe(2);
        oneLine(r.err, f, problem);
      }
      const r = run(['solve', S3, '-h', '12', '--eval', '']);
      expect(r.code).toBe(2);
      oneLine(r.err, '--eval');
    });
    it('worker -h 30: the memory check of solve', () => {
      const r = run(['worker', '--queue', 'redis://127.0.0.1:1', '-h', '30', '-n', '1']);
      expect(r.code).toBe(2);
      oneLine(r.err, 'table', '-h');
    });
  });

  describe('messages say what is there', () => {
    it('a {} line in a results file', () => {
      const results = join(dir, 'odd.jsonl');
      writeFileSync(results, '{}\n');
      const r = run(['solve', S3, '-h', '12', '--quiet', '--json', '--results', results, '--resume']);
      expect(r.code).toBe(0);
      expect(r.err).toContain('no index');
      expect(r.err).not.toContain('undefined');
    });
    it('train gen --resume asking fewer games than the file holds', () => {
      const data = join(dir, 'gen.bin');
      expect(run(['train', 'gen', data, '--games', '8', '--batch', '2', '--solve-at', '8', '--quiet', '-n', '1', '-h', '12']).code).toBe(0);
      const r = run([
        'train',
        'gen',
        data,
        '--games',
        '4',
        '--batch',
        '2',
        '--solve-at',
        '8',
        '--quiet',
        '-n',
        '1',
        '-h',
        '12',
        '--resume',
      ]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('4 batches');
      expect(r.out).toContain('nothing added');
    });
  });
});

describe('the second QA pass, issue 67', () => {
  const dir = tempDir('second-qa');
  const run = (args: string[], cwd = dir, timeout = 120_000) => runIn(cwd, args, timeout);
  const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  /** The SHA-256 of every file of a folder, by name: what a command must leave as it was. */
  const snapshot = (folder: string) =>
    Object.fromEntries(
      readdirSync(folder)
        .filter((f) => statSync(join(folder, f)).isFile())
        .map((f) => [f, sha(join(folder, f))]),
    );

  describe('L1: no file a command reads is written over', () => {
    it('analyze --results WTHOR.JOU --force (the players file read beside the .wtb) is refused, the file unchanged', () => {
      const w = wthorCopy(dir, 'l1');
      const before = snapshot(w);
      refused(
        run(['analyze', 'WTH_2019.wtb', '--game', '1', '--from', '4', '-h', '14', '--results', 'WTHOR.JOU', '--force'], w),
        /^revsolve: --results WTHOR\.JOU is also an input of this command/,
      );
      expect(snapshot(w)).toEqual(before);
    });

    it('a damaged WTHOR.JOU costs the names only: a warning, and the games are analysed', () => {
      const w = wthorCopy(dir, 'l1-jou');
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
        refused(second, new RegExp(`^revsolve: .*same\\.jsonl: in use by revsolve process ${first.pid} .*remove the lock$`));
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

    it('a lock whose PID now names another program (a reused PID) is taken over, in either form of lock', async () => {
      const other = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        await new Promise((r) => other.once('spawn', r));
        // The old form (the PID alone): its command line is not revsolve's. The new one: another start time.
        for (const [name, text] of [
          ['reused-old.jsonl', `${other.pid}\n`],
          ['reused-new.jsonl', `${other.pid} 1\n`],
        ]) {
          const out = join(dir, name);
          writeFileSync(`${out}.lock`, text);
          const r = run(['solve', join(OBF, 'fforum-1-19.obf'), '-n', '1', '--quiet', '-h', '12', '--results', out]);
          expect(r.code, r.err).toBe(0);
          expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(19);
          expect(existsSync(`${out}.lock`)).toBe(false);
        }
        expect(other.exitCode).toBeNull(); // the other program was never stopped
      } finally {
        other.kill('SIGKILL');
      }
    });

    it('a run refused after the lock (another suite in the file) leaves the file as it was', () => {
      const out = join(dir, 'kept.jsonl');
      expect(run(['solve', join(OBF, 'fforum-1-19.obf'), '-n', '1', '--quiet', '--results', out]).code).toBe(0);
      const before = sha(out);
      refused(run(['solve', join(OBF, 'fforum-20-39.obf'), '-n', '1', '--quiet', '--results', out, '--resume']), /^revsolve: --resume: /);
      expect(sha(out)).toBe(before);
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
    const w = wthorCopy(dir, 'messages');

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

  describe('a record with its passes run together', () => {
    it('g2passc6 and f5--d6 read as a move, a pass, a move', async () => {
      const { recordMoves, PASS } = await import('../dist/index.js');
      // g2: rank 2, file g (the 7th): 8 + 6; c6: rank 6, file c: 40 + 2.
      expect(recordMoves('g2passc6')).toEqual([14, PASS, 42]);
      expect(recordMoves('G2PASSc6')).toEqual([14, PASS, 42]);
      expect(recordMoves('f5--d6')).toEqual([37, PASS, 43]);
    });
  });
});

describe('how the command line fails', () => {
  const WEIGHTS = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));
  const dir = tempDir('fail');

  const run = (...args: string[]) => runIn(process.cwd(), args);

  /** One line on stderr, naming what it must, and no stack trace. */
  function oneLine(err: string, ...names: string[]): void {
    const lines = err.trim().split('\n');
    expect(lines.length, err).toBe(1);
    for (const n of names) expect(lines[0]).toContain(n);
    expect(err).not.toMatch(/^\s+at /m);
  }

  describe('output paths that cannot be written', () => {
    const suite = `${OBF}fforum-1-19.obf`;
    it('--results in a missing directory: one line, exit 2, no table printed', () => {
      const file = join(dir, 'missing', 'r.jsonl');
      const r = run('solve', suite, '--results', file, '-h', '12');
      expect(r.code).toBe(2);
      oneLine(r.err, file);
      expect(r.out).toBe('');
    });

    it('--results onto a directory: one line, exit 2', () => {
      const d = join(dir, 'a-directory');
      mkdirSync(d, { recursive: true });
      const r = run('solve', suite, '--results', d, '-h', '12');
      expect(r.code).toBe(2);
      oneLine(r.err, d);
    });

    it('eval compress into a missing directory: one line, exit 2', () => {
      const out = join(dir, 'missing', 'w.rsev');
      const r = run('eval', 'compress', WEIGHTS, out, '--band', '4');
      expect(r.code).toBe(2);
      oneLine(r.err, out);
    });
  });

  describe('bad input files', () => {
    const P = readFileSync(`${OBF}fforum-1-19.obf`, 'utf8').split('\n')[0].slice(0, 66); // FFO #1, best G8:+18

    it('a results file with a JSON null line: reported, that line ignored, the run completes', () => {
      const suite = join(dir, 'one.obf');
      writeFileSync(suite, `${P}; G8:+18;\n`);
      const file = join(dir, 'null.jsonl');
      writeFileSync(file, 'null\n');
      const r = run('solve', suite, '--results', file, '--resume', '-h', '12', '--quiet');
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(/null\.jsonl:1: .*ignored/);
      expect(r.err).not.toMatch(/TypeError|^\s+at /m);
    });

    it('an odd score is not an answer', () => {
      const file = join(dir, 'odd.obf');
      writeFileSync(file, `${P}; G8:+19;\n`);
      const r = run('solve', file, '--quiet', '-h', '12');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${file}:1: answer 'G8:+19' has an odd score`);
    });

    it('a line with answers but no ; before them says so', () => {
      const file = join(dir, 'nosemi.obf');
      writeFileSync(file, `${P} G8:+18;\n`);
      const r = run('solve', file, '--quiet', '-h', '12');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${file}:1: `);
      expect(r.err).toMatch(/';'/);
      expect(r.err).not.toMatch(/side to move .* missing/);
    });

    it('a file that cannot be read: its name and the problem, no line 0', () => {
      const file = join(dir, 'absent.obf');
      const r = run('solve', file);
      expect(r.code).toBe(2);
      oneLine(r.err, file, 'cannot read');
      expect(r.err).not.toContain(':0:');
    });

    it('a right score with a move not among the answers names the move, not the score', () => {
      const file = join(dir, 'move.obf');
      writeFileSync(file, `${P}; H1:+18;\n`); // the score is right, G8 is the move found
      const r = run('solve', file, '--quiet', '-h', '12');
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/MISMATCH: move G8, expected H1/);
      expect(r.out).not.toMatch(/expected \+18/);
    });
  });
});

describe('no command destroys its input', () => {
  const dir = tempDir('outputs');
  const at = (f: string) => join(dir, f);
  const run = (...args: string[]) => runIn(dir, args);

  /** Runs a command that must be refused: exit 2, one line naming the file, and the file as it was. */
  function refused(file: string, pattern: RegExp, ...args: string[]): void {
    const before = readFileSync(at(file));
    const r = run(...args);
    expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(2);
    expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
    expect(r.err).toMatch(pattern);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(readFileSync(at(file)).equals(before), `${file} changed`).toBe(true);
  }

  describe('commands that write files keep their inputs', () => {
    beforeAll(() => {
      copyFileSync(join(OBF, 'fforum-1-19.obf'), at('ff1.obf'));
      expect(run('eval', 'synth', 'ed.dat', '--seed', '3').code).toBe(0);
      expect(run('eval', 'synth', 'c4.rsev', '--seed', '4', '--format', 'compact').code).toBe(0);
      expect(run('eval', 'synth', 'c5.rsev', '--seed', '5', '--format', 'compact').code).toBe(0);
      expect(run('train', 'gen', 'g1.bin', '--games', '4', '--batch', '2', '--solve-at', '10', '--quiet', '-n', '1').code).toBe(0);
      writeFileSync(at('keep.obf'), readFileSync(at('ff1.obf')));
      symlinkSync(at('g1.bin'), at('link.bin'));
    }, 120_000);

    it('train fit: --out that is its data (also through a link), or an existing file', () => {
      refused('g1.bin', /--out g1\.bin is also an input/, 'train', 'fit', 'g1.bin', '--out', 'g1.bin', '--epochs', '1');
      refused('g1.bin', /--out link\.bin is also an input/, 'train', 'fit', 'g1.bin', '--out', 'link.bin', '--epochs', '1');
      refused('keep.obf', /--out keep\.obf exists: add --force/, 'train', 'fit', 'g1.bin', '--out', 'keep.obf', '--epochs', '1');
      refused(
        'g1.bin',
        /--edax g1\.bin is also an input/,
        'train',
        'fit',
        'g1.bin',
        '--out',
        'new.rsev',
        '--edax',
        'g1.bin',
        '--epochs',
        '1',
      );
    });

    it('eval compress, export, average, synth: an output that is an input or exists', () => {
      refused('ed.dat', /output ed\.dat is also an input/, 'eval', 'compress', 'ed.dat', 'ed.dat', '--band', '4', '--bits', '4');
      refused('c4.rsev', /output c4\.rsev is also an input/, 'eval', 'export', 'c4.rsev', 'c4.rsev');
      refused('c5.rsev', /output c5\.rsev is also an input/, 'eval', 'average', 'c5.rsev', 'c5.rsev', 'c4.rsev');
      refused('ff1.obf', /output ff1\.obf exists: add --force/, 'eval', 'synth', 'ff1.obf');
      refused('keep.obf', /output keep\.obf exists: add --force/, 'eval', 'export', 'c4.rsev', 'keep.obf');
      refused('g1.bin', /output g1\.bin exists/, 'train', 'select', 'c4.rsev', 'g1.bin', '--exact');
      refused('g1.bin', /output g1\.bin is also an input/, 'train', 'select', 'g1.bin', 'g1.bin', '--exact');
    });

    it('--force overwrites an existing output, never an input', () => {
      writeFileSync(at('old.dat'), 'old');
      const r = run('eval', 'export', 'c4.rsev', 'old.dat', '--force');
      expect(r.code, r.err).toBe(0);
      expect(statSync(at('old.dat')).size).toBeGreaterThan(1_000_000);
      refused('c4.rsev', /is also an input/, 'eval', 'export', 'c4.rsev', 'c4.rsev', '--force');
    });

    it('train gen: an existing file needs --resume or --force; its guide is never its output; an empty file is no obstacle', () => {
      refused(
        'g1.bin',
        /output g1\.bin exists: use --resume to go on with it, or add --force/,
        'train',
        'gen',
        'g1.bin',
        '--games',
        '2',
        '--quiet',
      );
      refused(
        'c4.rsev',
        /output c4\.rsev is also an input/,
        'train',
        'gen',
        'c4.rsev',
        '--guide',
        'c4.rsev',
        '--games',
        '2',
        '--quiet',
        '--force',
      );
      writeFileSync(at('empty.bin'), '');
      const r = run('train', 'gen', 'empty.bin', '--games', '2', '--batch', '2', '--solve-at', '10', '--quiet', '-n', '1');
      expect(r.code, r.err).toBe(0);
      expect(statSync(at('empty.bin')).size).toBeGreaterThan(100);
    }, 60_000);

    it('solve --results: the suite itself, or an existing file without --resume or --force', () => {
      refused('ff1.obf', /--results ff1\.obf is also an input/, 'solve', 'ff1.obf', '--results', 'ff1.obf', '-h', '10');
      refused(
        'keep.obf',
        /--results keep\.obf exists: add --resume to go on with it, or add --force/,
        'solve',
        'ff1.obf',
        '--results',
        'keep.obf',
        '-h',
        '10',
      );
    });
  });
});

describe('say what is done', () => {
  const dir = tempDir('usage');
  const run = (...args: string[]) => runIn(dir, args, 60_000);
  const oneLine = exit2OneLine;

  describe('resume refuses what would mix', () => {
    beforeAll(() => {
      writeFileSync(join(dir, 'three.obf'), readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8').split('\n').slice(0, 3).join('\n'));
      writeFileSync(join(dir, 'other.obf'), readFileSync(join(OBF, 'fforum-20-39.obf'), 'utf8').split('\n').slice(0, 2).join('\n'));
      const r = run('solve', 'three.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--quiet');
      expect(r.code, r.err).toBe(0);
    }, 60_000);

    it('other settings (-h, --eval, --selectivity, --table): refused, the file as it was', () => {
      const before = readFileSync(join(dir, 'r.jsonl'), 'utf8');
      for (const other of [
        ['-h', '16'],
        ['--eval', 'none'],
        ['--selectivity', '2'],
        ['--table', 'board4'],
      ]) {
        oneLine(
          run('solve', 'three.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--resume', '--quiet', ...other),
          /^revsolve: --resume: r\.jsonl:1: made with other search settings/,
        );
      }
      expect(readFileSync(join(dir, 'r.jsonl'), 'utf8')).toBe(before);
      const same = run('solve', 'three.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--resume', '--quiet');
      expect(same.code, same.err).toBe(0);
      expect(same.err).toMatch(/resuming: 3 position/);
    });

    it("another suite's results file: refused", () => {
      oneLine(
        run('solve', 'other.obf', '-h', '14', '-n', '1', '--results', 'r.jsonl', '--resume', '--quiet'),
        /^revsolve: --resume: r\.jsonl: 2 of its lines are another suite's positions/,
      );
    });
  });
});

describe('the third QA pass, issue 83', () => {
  const dir = tempDir('third-qa');
  const run = (args: string[], cwd = dir, timeout = 60_000) => runIn(cwd, args, timeout);

  describe('1: a device is no input; a pipe is read to a bound', () => {
    it('solve /dev/zero, /dev/urandom, /dev/null: refused unread, one line, exit 2 (it once read /dev/zero for ever)', () => {
      for (const device of ['/dev/zero', '/dev/urandom', '/dev/null']) {
        // A read of /dev/zero would run into spawnSync's timeout (and 23 GB); a refusal is at once.
        const r = run(['solve', device, '--quiet'], dir, 20_000);
        expect(r.signal, device).toBeNull();
        refused(r, new RegExp(`^revsolve: ${device}: cannot read the file: is a device, not a regular file: give a file$`));
      }
    });

    it('every reader refuses a device alike: games, analyze, --eval, train gen --from-wthor', () => {
      refused(run(['games', '/dev/zero']), /^revsolve: \/dev\/zero: is a device, not a regular file: give a file$/);
      refused(run(['analyze', '/dev/zero']), /^revsolve: \/dev\/zero: is not a regular file \(a pipe or a device\)/);
      refused(
        run(['solve', join(OBF, 'fforum-1-19.obf'), '--eval', '/dev/zero']),
        /^revsolve: \/dev\/zero: cannot read the file: is a device/,
      );
      const r = run(['train', 'gen', join(dir, 'x.bin'), '--from-wthor', '/dev/zero', '--quiet']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/\/dev\/zero: is a device, not a regular file/);
    });

    it('a suite piped without end (yes | solve /dev/stdin) is refused at the bound, one line, exit 2', () => {
      const r = spawnSync('sh', ['-c', `yes | "${process.execPath}" "${CLI}" solve /dev/stdin --quiet`], {
        encoding: 'utf8',
        cwd: dir,
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(2);
      const lines = r.stderr
        .trim()
        .split('\n')
        .filter((l) => !/waiting for it to be written/.test(l));
      expect(lines).toEqual(['revsolve: /dev/stdin: more than 64 MiB from a pipe: give a suite that large as a file']);
    });
  });

  describe('3 and 8: a damaged WTHOR game or header is said, and the rest goes on', () => {
    /** The fixture's first six games, game 3's move 40 made byte 121; the header's depth byte set to `depth`. */
    const damaged = (name: string, depth = 24) => {
      const w = wthorCopy(dir, name);
      const b = Buffer.from(readFileSync(join(w, 'WTH_2019.wtb')).subarray(0, 16 + 68 * 6));
      b.writeUInt32LE(6, 4);
      b[14] = depth;
      b[16 + 68 * 2 + 8 + 39] = 121;
      writeFileSync(join(w, 'WTH_2019.wtb'), b);
      return w;
    };
    const WARNING =
      /^error: WTH_2019\.wtb: game 3: move 40 is byte 121, not a square \(11 = a1 … 88 = h8\): a damaged byte; the other games go on$/;

    it('games: one line for the game, the five others listed', () => {
      const r = run(['games', 'WTH_2019.wtb'], damaged('g'));
      expect(r.code).toBe(2);
      expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(WARNING)]);
      expect(r.out.match(/^WTH_2019\.wtb game (\d)/gm)).toEqual([1, 2, 4, 5, 6].map((n) => `WTH_2019.wtb game ${n}`));
    });

    it('analyze --game 2-4: one line for game 3, games 2 and 4 analysed', () => {
      const r = run(['analyze', 'WTH_2019.wtb', '--game', '2-4', '--from', '4', '-h', '14', '--quiet'], damaged('a'));
      expect(r.code).toBe(2);
      expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(WARNING)]);
      expect(r.out).toMatch(/^WTH_2019\.wtb game 2/m);
      expect(r.out).toMatch(/^WTH_2019\.wtb game 4/m);
    });

    it('train gen --from-wthor, then --resume: one line for game 3, the five others labelled', () => {
      const w = damaged('t');
      const args = ['train', 'gen', 'd.bin', '--from-wthor', 'WTH_2019.wtb', '--solve-at', '12', '--batch', '5', '--quiet'];
      for (const more of [[], ['--resume']]) {
        const r = run([...args, ...more], w);
        expect(r.code).toBe(2);
        expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(WARNING)]);
        expect(r.out).toMatch(/5 games/);
      }
    });

    it('a header whose depth is 99 or 0: said to be damaged, not "not checkable" nor "no WTHOR game"', () => {
      for (const depth of [99, 0]) {
        const r = run(['analyze', 'WTH_2019.wtb', '--check-theoretical', '-h', '14', '--quiet'], damaged(`d${depth}`, depth));
        expect(r.code).toBe(2);
        expect(r.err).toMatch(
          new RegExp(
            `^warning: WTH_2019\\.wtb: its header's depth of the theoretical scores is ${depth}, not a count of empties \\(1-60; 24 in every WTHOR file\\): a damaged header`,
            'm',
          ),
        );
        expect(r.err).toMatch(/^revsolve: --check-theoretical: no game with a theoretical score among the inputs/m);
        expect(r.out).not.toMatch(/not checkable/);
      }
    });
  });

  it('8: a results file in a folder that is not there is named, not its lock', () => {
    refused(
      run(['solve', join(OBF, 'fforum-1-19.obf'), '--results', '/nonexistent/dir/r.jsonl']),
      /^revsolve: \/nonexistent\/dir\/r\.jsonl: no such file or directory$/,
    );
  });
});
