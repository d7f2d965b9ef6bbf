/**
 * The command line, run as a user runs it (the built dist/cli/main.js in a child
 * process, at full speed), including the FFO suites.
 */

import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { formatObfLine } from '../src/position/obf.js';
import { parsePosition } from '../src/position/position.js';
import { OBF, referenceAnswers } from './helpers.js';
import { tempDir } from './tmp.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The JSON lines printed, as they came. */
function printedLines(out: string): Record<string, unknown>[] {
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The JSON lines by index (each position's line comes when it finishes, and names its index), the summary last. */
function jsonLines(out: string): Record<string, unknown>[] {
  const lines = printedLines(out);
  const rows = lines.filter((l) => typeof l.index === 'number').sort((a, b) => (a.index as number) - (b.index as number));
  return [...rows, ...lines.filter((l) => typeof l.index !== 'number')];
}

const dir = tempDir('cli');
// A small position (6 empties) made for these tests; its answers come from plain negamax (helpers.ts), not from the solver.
const P1 = 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O';
const P1_ANSWERS = referenceAnswers(parsePosition(P1));

describe('revsolve solve', () => {
  it('solves --position and prints JSON Lines', () => {
    const r = run('solve', '--position', P1, '--json', '-h', '12');
    expect(r.code).toBe(0);
    const [row, summary] = jsonLines(r.out);
    expect(row).toMatchObject({ index: 1, empties: 6, expected: null, ok: null });
    expect(typeof row.score).toBe('number');
    expect(Array.isArray(row.pv)).toBe(true);
    expect(summary).toMatchObject({ summary: true, positions: 1, mismatches: 0, errors: 0 });
  });

  it('checks answers: a wrong one is a mismatch and exits 1', () => {
    const best = P1_ANSWERS[0];
    const right = formatObfLine(parsePosition(P1), P1_ANSWERS);
    const wrong = formatObfLine(parsePosition(P1), [{ move: best.move, score: best.score + 2 }]);
    const file = join(dir, 'two.obf');
    writeFileSync(file, `% made by the test\n${right}\n${wrong}\n`);
    const r = run('solve', file, '--json');
    expect(r.code).toBe(1);
    const rows = jsonLines(r.out);
    expect(rows.map((x) => x.ok)).toEqual([true, false, undefined]);
    expect(rows[2]).toMatchObject({ summary: true, positions: 2, mismatches: 1, errors: 0 });
    const text = run('solve', file);
    expect(text.out).toMatch(/MISMATCH/);
    expect(text.out).toMatch(/2 positions: .* 1 mismatch, 0 bad lines/);
  });

  it('reports a bad line with file and line, solves the others, exits 2', () => {
    const file = join(dir, 'bad.obf');
    writeFileSync(file, `${P1}\nthis is not a position\n${P1}\n`);
    const r = run('solve', file, '--json');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:2: the board has 4 squares, 64 expected`);
    const rows = jsonLines(r.out);
    expect(rows.length).toBe(3);
    expect(rows[2]).toMatchObject({ summary: true, positions: 2, errors: 1 });
  });

  it('refuses bad usage with exit 2 and a clear message', () => {
    expect(run('solve', '-h', '9', '--position', P1)).toMatchObject({ code: 2 });
    expect(run('solve', '-h', '31', '--position', P1).err).toMatch(/10 to 30/);
    const big = run('solve', '-h', '30', '--position', P1);
    expect(big.code).toBe(2);
    expect(big.err).toMatch(/--hash-bits 30: a board2 table holds 2\^29 entries at most/);
    const huge = run('solve', `${OBF}fforum-1-19.obf`, '-h', '29', '-n', '2', '--engine', 'ts');
    expect(huge.code).toBe(2);
    expect(huge.err).toMatch(/2\^29 entries needs .* GiB.*use a smaller -h/);
    expect(run('solve').code).toBe(2);
    expect(run('solve', join(dir, 'missing.obf')).err).toMatch(/missing\.obf: cannot read the file: no such file or directory/);
    expect(run('solve', '--position', 'XO X').err).toMatch(/--position: the board has 2 squares/);
    expect(run('frobnicate').code).toBe(2);
    const sel = run('solve', '--position', P1, '--selectivity', '1,0');
    expect(sel.code).toBe(2);
    expect(sel.err.trim()).toBe('revsolve: --selectivity: none, or margins in sigmas, each in (0, 8], as 1,2, not "1,0"');
  });

  it('prints the table size in the header and takes a layout', () => {
    const r = run('solve', '--position', P1, '-h', '16', '--table', 'key4');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/1 worker, a table of 2\^16 entries x 16 B = 1\.0 MiB \(key4\)/);
    expect(r.out).toMatch(/ordering: eval \(shipped weights\), selective pre-searches 1,2/);
    expect(run('solve', '--position', P1, '--selectivity', 'none').out).not.toMatch(/selective/);
    expect(run('solve', '--position', P1, '--table', 'nope').code).toBe(2);
  });

  it('has --help and --version', () => {
    const h = run('solve', '--help');
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/-h, --hash-bits <h>/);
    expect(run('--version').out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runs as the README says, through npx (the built file is executable)', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const r = spawnSync('npx', ['--no-install', 'revsolve', '--version'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('results file and --resume', () => {
  const suite = `${OBF}fforum-1-19.obf`;
  const rows = (out: string) =>
    jsonLines(out)
      .slice(0, -1)
      .map(({ index, move, score, pv, ok }) => ({ index, move, score, pv, ok }));

  it('writes every finished position at once, and a resumed run reports the same', () => {
    const file = join(dir, 'run.jsonl');
    const full = run('solve', suite, '--json', '-h', '14', '--results', file);
    expect(full.code).toBe(0);
    const saved = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(saved.map((r) => r.index).sort((a, b) => a - b)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(saved.every((r) => /^[XO-]{64} [XO]$/.test(r.position))).toBe(true);

    // A run cut off after 6 positions, its last line half written, plus a foreign line.
    const partial = join(dir, 'partial.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const foreign = JSON.parse(lines[7]);
    foreign.position = foreign.position.replace(/^./, (c: string) => (c === '-' ? 'X' : '-'));
    writeFileSync(partial, `${lines.slice(0, 6).join('\n')}\n${JSON.stringify(foreign)}\n${lines[6].slice(0, 40)}`);
    const resumed = run('solve', suite, '--json', '-h', '14', '--results', partial, '--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.err).toMatch(/partial\.jsonl:7: position \d+ is not the suite's position/);
    expect(resumed.err).toMatch(/partial\.jsonl:8: not JSON/);
    expect(resumed.err).toMatch(/resuming: 6 position/);
    expect(rows(resumed.out)).toEqual(rows(full.out));
    // The six read back keep the node counts they were solved with.
    const first6 = new Map(
      saved.filter((r) => lines.slice(0, 6).some((l) => JSON.parse(l).index === r.index)).map((r) => [r.index, r.nodes]),
    );
    for (const r of jsonLines(resumed.out).slice(0, -1)) if (first6.has(r.index)) expect(r.nodes).toBe(first6.get(r.index));
    // The file now holds every position: resuming again (with the same settings: others are refused) solves nothing.
    const again = run('solve', suite, '--json', '-h', '14', '--results', partial, '--resume');
    expect(again.err).toMatch(/resuming: 19 position/);
    expect(rows(again.out)).toEqual(rows(full.out));
  }, 120_000);

  it('a run stopped by SIGINT says how to resume, and resuming gives the uninterrupted report', async () => {
    // FFO #20-#31: a few seconds, long enough to interrupt.
    const part = join(dir, 'ffo20-31.obf');
    writeFileSync(part, `${readFileSync(`${OBF}fforum-20-39.obf`, 'utf8').split('\n').slice(0, 12).join('\n')}\n`);
    const file = join(dir, 'int.jsonl');
    const child = spawn(process.execPath, [CLI, 'solve', part, '--json', '-n', '1', '-h', '18', '--results', file]);
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Wait for three finished positions, then interrupt.
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 3) break;
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(err).toMatch(
      /interrupted: \d+ of 12 positions finished \(printed above[^)]*\) and saved in .*int\.jsonl; to go on, run the same command with --resume/,
    );
    const kept = readFileSync(file, 'utf8').trim().split('\n').length;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(12);

    const resumed = run('solve', part, '--json', '-n', '1', '-h', '18', '--results', file, '--resume');
    expect(resumed.code).toBe(0);
    const whole = run('solve', part, '--json', '-n', '1', '-h', '18');
    expect(rows(resumed.out)).toEqual(rows(whole.out));
  }, 300_000);

  it('a worker that dies is reported, its position retried once on a fresh worker, the rest solved', () => {
    const env = (fault: string) => ({ ...process.env, REVSOLVE_FAULT_EXIT: fault });
    const ok = spawnSync(process.execPath, [CLI, 'solve', suite, '--json', '-n', '2', '-h', '14', '--idle', 'wait'], {
      encoding: 'utf8',
      env: env('4'),
    });
    expect(ok.status).toBe(0);
    expect(ok.stderr).toMatch(/position 4: the worker died \(.*\); retrying on a fresh worker/);
    expect(rows(ok.stdout)).toEqual(rows(run('solve', suite, '--json', '-n', '1', '-h', '14').out));

    const bad = spawnSync(process.execPath, [CLI, 'solve', suite, '--json', '-n', '2', '-h', '14'], {
      encoding: 'utf8',
      env: env('4:always'),
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/position 4: the worker died .*given up/);
    const lines = jsonLines(bad.stdout);
    expect(lines[3]).toEqual({ index: 4, error: 'worker died twice' });
    expect(lines.filter((l) => l.ok === true).length).toBe(18);
    // The position given up is counted apart from the input's bad lines (issue 67, M9).
    expect(lines[lines.length - 1]).toMatchObject({ summary: true, positions: 18, errors: 0, givenUp: 1 });
  }, 120_000);

  it('split search: a dying worker is retried, the position solved; twice, it is given up', () => {
    // FFO #39 (26 empties), one position on two workers, split.
    const line = readFileSync(`${OBF}fforum-20-39.obf`, 'utf8').split('\n')[19];
    const env = (fault: string) => ({ ...process.env, REVSOLVE_FAULT_EXIT: fault });
    const args = [CLI, 'solve', '--position', line, '--json', '-n', '2', '-h', '18', '--split', 'always'];
    const ok = spawnSync(process.execPath, args, { encoding: 'utf8', env: env('1') });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/position 1: the worker died \(.*\); retrying on a fresh worker/);
    expect(jsonLines(ok.stdout)[0]).toMatchObject({ index: 1, empties: 26, ok: true });
    const bad = spawnSync(process.execPath, args, { encoding: 'utf8', env: env('1:always') });
    expect(bad.status).toBe(2);
    expect(jsonLines(bad.stdout)[0]).toEqual({ index: 1, error: 'worker died twice' });
  }, 120_000);

  it('a whole position with a helper: its dying owner is retried and the position solved (the helper neither hangs nor counts twice)', () => {
    // FFO #43 (23 empties, about 16 M nodes), one position on two workers: whole, the other worker helping (--idle
    // help, the default). FFO #39 once ended (0.2 s of search) before the helper, started on a loaded machine, came.
    const line = readFileSync(`${OBF}fforum-40-59.obf`, 'utf8').split('\n')[3];
    const args = [CLI, 'solve', '--position', line, '--json', '-n', '2', '-h', '18'];
    const ok = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, REVSOLVE_FAULT_EXIT: '1' }, timeout: 110_000 });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/position 1: the worker died \(.*\); retrying on a fresh worker/);
    const [row] = jsonLines(ok.stdout);
    expect(row).toMatchObject({ index: 1, empties: 23, ok: true });
    expect(row.helperNodes).toBeGreaterThan(0);
    expect(row.nodes as number).toBeGreaterThan(row.helperNodes as number);
  }, 120_000);

  it('shows progress off a terminal as status lines on stderr, none with --quiet', () => {
    // FFO #43 (23 empties, about 16 M nodes: about a second on two workers, some ten ticks).
    // FFO #39 once finished in 0.23 s, before its first 0.2 s tick.
    const line = readFileSync(`${OBF}fforum-40-59.obf`, 'utf8').split('\n')[3];
    const r = run('solve', '--position', line, '-n', '2', '-h', '18', '--progress-every', '0.1', '--split', 'always');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^progress: started #1 \(23 empties, split across the workers\)$/m);
    expect(r.err).toMatch(/^progress: 0\/1 done, 0:0\d\.\d{3}; #1 23 empties \(split\) .* nodes .* N\/s {2}score /m);
    const q = run('solve', '--position', line, '-n', '2', '-h', '18', '--progress-every', '0.1', '--quiet', '--split', 'always');
    expect(q.code).toBe(0);
    expect(q.err).toBe('');
    const score = (out: string) =>
      out
        .split('\n')
        .find((l) => l.startsWith('   1 |'))
        ?.split('|')[2]
        .trim();
    expect(score(q.out)).toBe(score(r.out));
    expect(score(r.out)).toMatch(/^[+-]\d\d$/);
  }, 120_000);

  it('--resume needs --results', () => {
    const r = run('solve', suite, '--resume');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--resume needs --results/);
  });
});

describe('revsolve perft', () => {
  it('counts 1..8 from the start', () => {
    const r = run('perft', '8');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/perft {2}8:\s+390,216/);
    expect(r.out).toMatch(/perft {2}1:\s+4\s/);
  });
});

describe('FFO suite through the CLI', () => {
  // fforum-20-39 on one worker, then on two with every position of more
  // than 19 empties split across them: both must give the file's scores.
  for (const [name, ...opts] of [
    ['fforum-1-19.obf'],
    ['fforum-20-39.obf', '-n', '1'],
    ['fforum-20-39.obf', '-n', '2', '--split', 'always'],
  ]) {
    it(`solves every position of ${name} ${opts.join(' ')} with the file's score and a best move`, () => {
      const r = run('solve', OBF + name, '--json', '-h', '20', ...opts);
      const rows = jsonLines(r.out);
      const summary = rows.pop()!;
      for (const row of rows) expect(row.ok, `${name} #${row.index}: ${JSON.stringify(row)}`).toBe(true);
      expect(summary).toMatchObject({ mismatches: 0, errors: 0, positions: name === 'fforum-1-19.obf' ? 19 : 20 });
      expect(r.code).toBe(0);
    }, 900_000);
  }
});

describe('scores do not depend on the table', () => {
  const scores = (file: string, ...opts: string[]) => {
    const r = run('solve', OBF + file, '--json', ...opts);
    expect(r.code, r.err).toBe(0);
    return jsonLines(r.out)
      .slice(0, -1)
      .map((row) => row.score);
  };

  it('fforum-1-19: the same scores for every h and layout, table kept or not', () => {
    const ref = scores('fforum-1-19.obf');
    for (const h of [10, 12, 14, 16, 18, 20, 22]) expect(scores('fforum-1-19.obf', '-h', String(h)), `h=${h}`).toEqual(ref);
    for (const layout of ['board1', 'board4', 'key4'])
      expect(scores('fforum-1-19.obf', '-h', '10', '--table', layout), layout).toEqual(ref);
    expect(scores('fforum-1-19.obf', '-h', '12', '--keep-table')).toEqual(ref);
  }, 300_000);

  it('--json prints each position as it finishes, naming its index; the table in input order', () => {
    // The first position takes seconds, the second a moment: on two workers the second's line comes first.
    const slow = readFileSync(`${OBF}fforum-40-59.obf`, 'utf8').split('\n')[0]; // FFO #40: a few seconds
    const suite = join(dir, 'slow-first.obf');
    writeFileSync(suite, `${slow}\n${P1}\n`);
    const r = run('solve', suite, '--json', '-n', '2', '-h', '16', '--idle', 'wait', '--split', 'never');
    expect(r.code, r.err).toBe(0);
    expect(printedLines(r.out).map((l) => l.index ?? 'summary')).toEqual([2, 1, 'summary']);
    const table = run('solve', suite, '-n', '2', '-h', '16', '--idle', 'wait', '--split', 'never', '--quiet');
    expect(table.code, table.err).toBe(0);
    expect(
      table.out
        .split('\n')
        .filter((l) => /^\s+\d+ \|/.test(l))
        .map((l) => Number(l.split('|')[0])),
    ).toEqual([1, 2]);
  }, 120_000);

  it('fforum-1-19: the same results on 1 and on 2 workers, by index', () => {
    const strip = (file: string, ...args: string[]) => {
      const r = run('solve', OBF + file, '--json', '-h', '16', ...args);
      expect(r.code, r.err).toBe(0);
      return jsonLines(r.out)
        .slice(0, -1)
        .map(({ index, move, score, nodes, pv }) => ({ index, move, score, nodes, pv }));
    };
    const one = strip('fforum-1-19.obf', '-n', '1');
    expect(one.map((r) => r.index)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    // Whole positions on two workers, none helped: one thread's trees, node for node.
    expect(strip('fforum-1-19.obf', '-n', '2', '--idle', 'wait')).toEqual(one);
    // Helped at the end (the default): the same scores in the same order (a helped tree varies from run to run).
    expect(strip('fforum-1-19.obf', '-n', '2').map(({ index, score }) => ({ index, score }))).toEqual(
      one.map(({ index, score }) => ({ index, score })),
    );
  }, 300_000);
});

describe('the shipped weights', () => {
  const WEIGHTS = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));

  it('order the default run', () => {
    const r = run('solve', '--position', P1, '--json', '-h', '12');
    expect(r.code, r.err).toBe(0);
    expect(jsonLines(r.out).pop()).toMatchObject({ ordering: 'eval', eval: WEIGHTS, selectivity: [1, 2] });
    expect(run('solve', '--position', P1, '-h', '12', '--quiet').out).toMatch(
      /ordering: eval \(shipped weights\), selective pre-searches 1,2/,
    );
  });

  it('missing from an installed copy: an error naming the file, no silent fallback', () => {
    // The package as installed, without its weights: dist, package.json and its dependencies.
    const pkg = mkdtempSync(join(tmpdir(), 'revsolve-noweights-'));
    onTestFinished(() => rmSync(pkg, { recursive: true, force: true }));
    const root = fileURLToPath(new URL('../', import.meta.url));
    cpSync(join(root, 'dist'), join(pkg, 'dist'), { recursive: true });
    cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
    symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'));
    const r = spawnSync(process.execPath, [join(pkg, 'dist/cli/main.js'), 'solve', '--position', P1, '-h', '12', '--quiet'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(
      new RegExp(`^revsolve: ${join(pkg, 'weights', 'revsolve.rsev').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `),
    );
    expect(r.stdout).toBe('');
    // Mobility ordering needs no weights.
    expect(
      spawnSync(process.execPath, [join(pkg, 'dist/cli/main.js'), 'solve', '--position', P1, '-h', '12', '--ordering', 'mobility'], {
        encoding: 'utf8',
      }).status,
    ).toBe(0);
  });
});
