// A pass of bad inputs and faults as a new user tries them, over the command
// line and the library: each case is run and judged on what a user sees.
// Good: a bad input exits 2 with one line naming the problem (no stack
// trace), a fault is survived, a solve that runs prints only exact scores
// (checked against the file), and no file a command was given changes
// unless it is that command's output. Prints a table of the cases by area
// and every case that was not good; exit 1 when one was not.
//
//   npm run build && node bench/bad-inputs.js
import { spawnSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const OBF = join(ROOT, 'obf');
const dir = mkdtempSync(join(tmpdir(), 'revsolve-bad-'));
const at = (f) => join(dir, f);

// Fixtures: a suite, its copy, weights, data, odd files.
copyFileSync(join(OBF, 'fforum-1-19.obf'), at('ff.obf'));
writeFileSync(at('three.obf'), readFileSync(at('ff.obf'), 'utf8').split('\n').slice(0, 3).join('\n'));
writeFileSync(at('empty.obf'), '');
writeFileSync(at('other.obf'), readFileSync(join(OBF, 'fforum-20-39.obf'), 'utf8').split('\n').slice(0, 3).join('\n'));
writeFileSync(at('blank.obf'), '\n\n   \n% a comment\n');
writeFileSync(at('binary.obf'), Buffer.from([0, 1, 2, 3, 255, 0, 7]));
writeFileSync(at('huge-line.obf'), `${'X'.repeat(200_000)}\n`);
writeFileSync(at('crlf.obf'), readFileSync(at('three.obf'), 'utf8').replace(/\n/g, '\r\n'));
writeFileSync(at('bom.obf'), `\ufeff${readFileSync(at('three.obf'), 'utf8')}`);
const line1 = readFileSync(at('three.obf'), 'utf8').split('\n')[0];
const board = line1.slice(0, 64);
writeFileSync(
  at('mixed.obf'),
  [
    line1,
    `${board.slice(0, 60)} X`,
    `${board} Z`,
    `${board} X; A1:+4;`,
    `${board} X; G8:+99;`,
    `${board} X; G8:+3;`,
    `${board} X extra`,
    `${'-'.repeat(64)} X`,
    `${'O'.repeat(64)} X; PS:+0`,
  ].join('\n'),
);
writeFileSync(at('wrong-answer.obf'), line1.replace(/:\+18/g, ':+20'));
mkdirSync(at('adir'));
symlinkSync(at('ff.obf'), at('link.obf'));
copyFileSync(join(ROOT, 'weights/revsolve.rsev'), at('w.rsev'));
writeFileSync(at('bad.rsev'), 'not weights at all');
writeFileSync(at('short.dat'), Buffer.alloc(1000));
// The second QA pass (issue 67): WTHOR files beside each other, a pipe, a cut analyze results file.
const WTHOR = join(ROOT, 'test/fixtures/wthor');
for (const f of ['WTH_2019.wtb', 'WTHOR.JOU', 'WTHOR.TRN']) copyFileSync(join(WTHOR, f), at(f));
writeFileSync(at('cut.wtb'), readFileSync(at('WTH_2019.wtb')).subarray(0, 500));
writeFileSync(at('text.wtb'), 'f5d6c3\n');
symlinkSync('loop', at('loop'));
spawnSync('mkfifo', [at('fifo')]);
const run = (args, opts = {}) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    cwd: dir,
    timeout: opts.timeout ?? 60_000,
    input: opts.input ?? '',
  });
  return { code: r.status, signal: r.signal, out: r.stdout ?? '', err: r.stderr ?? '' };
};
if (run(['train', 'gen', 'g.bin', '--games', '2', '--batch', '2', '--solve-at', '8', '--quiet', '-n', '1']).code !== 0)
  throw new Error('fixture: train gen');

const snapshot = () =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => lstatSync(at(f)).isFile())
      .map((f) => [f, readFileSync(at(f)).toString('base64')]),
  );

const cases = [];
/** A command line that must be refused: exit 2, one line, no stack, no file changed. */
const refuse = (area, args, re) => cases.push({ area, args, kind: 'refuse', re });
/** A command line that must run: exit `code`, exact scores where it solves, no stack, only `writes` changed. */
const runs = (area, args, code = 0, writes = []) => cases.push({ area, args, kind: 'run', code, writes });

// solve: files
for (const f of ['nope.obf', 'adir', 'empty.obf', 'blank.obf', 'binary.obf', 'huge-line.obf']) refuse('solve: files', ['solve', f]);
runs('solve: files', ['solve', 'mixed.obf', '-h', '12', '-n', '1'], 2);
for (const f of ['crlf.obf', 'bom.obf', 'link.obf', 'three.obf']) runs('solve: files', ['solve', f, '-h', '14', '-n', '1']);
runs('solve: files', ['solve', 'wrong-answer.obf', '-h', '14'], 1);
// solve: options
for (const h of ['-1', '0', '9', '31', 'abc', '1e3', '12.5', '']) refuse('solve: options', ['solve', 'three.obf', '-h', h]);
for (const n of ['0', '-1', 'x', '1.5', '100000']) refuse('solve: options', ['solve', 'three.obf', '-n', n]);
for (const [o, v] of [
  ['--table', 'foo'],
  ['--ordering', 'best'],
  ['--selectivity', '0'],
  ['--selectivity', '9'],
  ['--selectivity', 'a'],
  ['--selectivity', ''],
  ['--split', 'sometimes'],
  ['--engine', 'gpu'],
  ['--eval', 'nope.rsev'],
  ['--eval', 'adir'],
  ['--eval', 'bad.rsev'],
  ['--eval', 'short.dat'],
  ['--eval', 'ff.obf'],
  ['--eval', ''],
  ['--progress-every', '0'],
  ['--progress-every', '-1'],
  ['--root', 'magic'],
  ['--off', 'nothing'],
]) {
  refuse('solve: options', ['solve', 'three.obf', o, v]);
}
for (const extra of [
  ['--resume'],
  ['--force'],
  ['--selectivity', '1', '--ordering', 'mobility'],
  ['--selectivity', '1', '--eval', 'none'],
  ['--results', 'adir'],
  ['--results', 'three.obf'],
  ['--results', 'link.obf'],
  ['--results', 'ff.obf'],
  ['--results', 'w.rsev'],
  ['--run', 'x'],
  ['--bogus'],
  ['extra-arg'],
]) {
  refuse('solve: options', ['solve', 'three.obf', ...extra]);
}
refuse('solve: options', ['solve']);
refuse('solve: options', ['solve', 'three.obf', '--position', line1.slice(0, 66)]);
// solve: --position
for (const p of [
  '',
  'X',
  board,
  `${board} Q`,
  `${board.slice(1)} X`,
  `${board.replace('-', '#')} X`,
  `${board} X; A1:+4`,
  `${board} X; G8:+3`,
  `${board} X; G8=4`,
  `${'O'.repeat(64)} X; PS:+0`,
  `${board} X; G8:+18; G8:+18`,
]) {
  refuse('solve: --position', ['solve', '--position', p]);
}
runs('solve: --position', ['solve', '--position', `${'O'.repeat(64)} X`, '-h', '10']);
runs('solve: --position', ['solve', '--position', line1.split(';')[0], '-h', '14']);
runs('solve: --position', ['solve', '--position', `${line1.split(';')[0]}; G8:+18`, '-h', '14', '--table', 'key4']);
for (const layout of ['board1', 'board2', 'board4', 'key4'])
  for (const h of ['10', '16']) runs('solve: tables', ['solve', 'ff.obf', '-h', h, '--table', layout, '-n', '1', '--quiet']);
for (const e of ['wasm', 'ts'])
  runs('solve: engines', ['solve', 'ff.obf', '-h', '14', '--engine', e, '-n', '2', '--split', 'always', '--quiet']);
runs('solve: results', ['solve', 'three.obf', '-h', '14', '--results', 'r.jsonl', '--quiet'], 0, ['r.jsonl']);
refuse('solve: results', ['solve', 'three.obf', '-h', '14', '--results', 'r.jsonl']);
refuse('solve: results', ['solve', 'three.obf', '-h', '16', '--results', 'r.jsonl', '--resume']);
refuse('solve: results', ['solve', 'other.obf', '-h', '14', '--results', 'r.jsonl', '--resume']);
refuse('solve: results', ['solve', 'three.obf', '-h', '14', '--results', 'r.jsonl', '--resume', '--force']);
runs('solve: results', ['solve', 'three.obf', '-h', '14', '--results', 'r.jsonl', '--resume', '--quiet'], 0, ['r.jsonl']);
runs('solve: results', ['solve', 'three.obf', '-h', '14', '--results', 'r.jsonl', '--force', '--quiet'], 0, ['r.jsonl']);
// perft, search, web, worker, queue
for (const d of ['-1', '0', 'abc', '1.5', '99', '']) refuse('perft', ['perft', d]);
runs('perft', ['perft', '6']);
for (const args of [
  ['search', 'three.obf', '--depth', '0'],
  ['search', 'three.obf', '--depth', 'x'],
  ['search', 'three.obf', '--algo', 'magic'],
  ['search', 'nope.obf'],
  ['search', 'binary.obf'],
  ['search'],
])
  refuse('search', args);
for (const p of ['-1', '70000', 'abc', '1.5']) refuse('web', ['web', '--port', p]);
for (const u of ['http://x', 'redis://', 'redis://:99999', 'garbage', 'redis://127.0.0.1:1/x/y']) {
  refuse('queue', ['worker', '--queue', u, '-n', '1']);
  refuse('queue', ['queue', 'status', u]);
}
refuse('queue', ['queue', 'status', 'redis://127.0.0.1:1']);
refuse('queue', ['queue', 'clean', 'redis://127.0.0.1:1', '--run', 'x']);
refuse('queue', ['queue', 'clean', 'redis://127.0.0.1:1']);
refuse('queue', ['worker']);
refuse('queue', ['worker', '--queue', 'redis://127.0.0.1:1', '-h', '40']);
refuse('queue', ['solve', 'three.obf', '--queue', 'redis://127.0.0.1:1', '--redis-timeout', '1']);
// eval
for (const args of [
  ['eval', 'info', 'nope.rsev'],
  ['eval', 'info', 'bad.rsev'],
  ['eval', 'info', 'adir'],
  ['eval', 'info', 'ff.obf'],
  ['eval', 'compress', 'w.rsev'],
  ['eval', 'compress', 'w.rsev', 'w.rsev'],
  ['eval', 'compress', 'w.rsev', 'c.rsev', '--bits', '3'],
  ['eval', 'compress', 'w.rsev', 'c.rsev', '--band', '0'],
  ['eval', 'compress', 'w.rsev', 'c.rsev', '--codebook', '--pow2'],
  ['eval', 'compress', 'w.rsev', 'c.rsev', '--usage', 'g.bin'],
  ['eval', 'compress', 'bad.rsev', 'c.rsev'],
  ['eval', 'synth', 'ff.obf'],
  ['eval', 'synth', 'x.dat', '--seed', '-1'],
  ['eval', 'synth', 'x.dat', '--format', 'zip'],
  ['eval', 'export', 'w.rsev', 'w.rsev'],
  ['eval', 'export', 'w.rsev', 'link.obf'],
  ['eval', 'export', 'nope', 'e.dat'],
  ['eval', 'average', 'w.rsev', 'w.rsev'],
  ['eval', 'average', 'a.rsev', 'w.rsev', 'bad.rsev'],
  ['eval', 'average', 'three.obf', 'w.rsev'],
  ['eval', 'info', 'w.rsev', '--reference', 'bad.rsev'],
  ['eval', 'info', 'w.rsev', '--sample', '0'],
  ['eval', 'bogus'],
]) {
  refuse('eval', args);
}
runs('eval', ['eval', 'info', 'w.rsev']);
runs('eval', ['eval', 'export', 'w.rsev', 'e.dat'], 0, ['e.dat']);
runs('eval', ['eval', 'compress', 'e.dat', 'c.rsev', '--band', '4', '--bits', '4'], 0, ['c.rsev']);
runs('eval', ['eval', 'compress', 'e.dat', 'c.rsev', '--band', '4', '--bits', '4', '--force'], 0, ['c.rsev']);
// train
for (const args of [
  ['train', 'gen', 'g.bin'],
  ['train', 'gen', 'n.bin', '--games', '0'],
  ['train', 'gen', 'n.bin', '--solve-at', '3'],
  ['train', 'gen', 'n.bin', '--noise', '2'],
  ['train', 'gen', 'n.bin', '--guide', 'bad.rsev'],
  ['train', 'gen', 'w.rsev', '--guide', 'w.rsev', '--force'],
  ['train', 'gen', 'ff.obf', '--resume'],
  ['train', 'gen', 'g.bin', '--resume', '--force'],
  ['train', 'gen', 'g.bin', '--resume', '--seed', '7'],
  ['train', 'fit', 'g.bin'],
  ['train', 'fit', 'g.bin', '--out', 'g.bin'],
  ['train', 'fit', 'g.bin', '--out', 'ff.obf'],
  ['train', 'fit', 'ff.obf', '--out', 'f.rsev'],
  ['train', 'fit', 'nope.bin', '--out', 'f.rsev'],
  ['train', 'fit', 'g.bin', '--out', 'f.rsev', '--band', '0'],
  ['train', 'fit', 'g.bin', '--out', 'f.rsev', '--edax', 'g.bin'],
  ['train', 'fit', 'g.bin', '--out', 'f.rsev', '--init', 'bad.rsev'],
  ['train', 'select', 'g.bin', 's.bin'],
  ['train', 'select', 'g.bin', 'g.bin', '--exact'],
  ['train', 'select', 'ff.obf', 's.bin', '--exact'],
  ['train', 'select', 'g.bin', 's.bin', '--empties', '9-3'],
  ['train', 'test', 'bad.rsev', 'g.bin'],
  ['train', 'test', 'w.rsev', 'ff.obf'],
  ['train', 'test', 'w.rsev', 'g.bin', '--holdout', '2'],
  ['train', 'bogus'],
]) {
  refuse('train', args);
}
runs('train', ['train', 'fit', 'g.bin', '--out', 'f.rsev', '--epochs', '1'], 0, ['f.rsev']);
runs('train', ['train', 'test', 'w.rsev', 'g.bin']);
runs('train', ['train', 'select', 'g.bin', 's.bin', '--exact'], 0, ['s.bin']);
runs('train', ['train', 'gen', 'g.bin', '--games', '4', '--batch', '2', '--solve-at', '8', '--quiet', '-n', '1', '--resume'], 0, ['g.bin']);

// The second QA pass (issue 67)
for (const args of [
  ['analyze', 'WTH_2019.wtb', '--game', '1', '--from', '4', '-h', '14', '--results', 'WTHOR.JOU', '--force'],
  ['analyze', 'WTH_2019.wtb', '--game', '5000'],
  ['analyze', 'WTH_2019.wtb', '--game', '1940-2000'],
  ['analyze', 'cut.wtb'],
  ['analyze', 'text.wtb'],
  ['analyze', join(ROOT, 'README.md')],
  ['analyze', 'ff.obf'],
  ['analyze', 'adir'],
  ['analyze', 'loop'],
  ['analyze', 'fifo'],
  ['analyze', 'f5', 'd6', 'c3'],
  ['analyze', 'WTH_2019.wtb', '--check-theoretical', '--from', '10'],
  ['analyze', 'f5d6c3d3c4f4', '-h', '29', '-n', '8', '--engine', 'ts'],
  ['solve', 'three.obf', '-h', '27'],
  ['analyze', 'f5d6', '--results', '/dev/null', '--force'],
  ['solve', 'three.obf', '-h', '30'],
  ['solve', 'three.obf', '--eval', 'fifo'],
  ['solve', 'three.obf', '--results', 'fifo'],
  ['solve', 'three.obf', '--results', '/dev/null'],
  ['solve', 'three.obf', '--queue-leaf', '20'],
  ['solve', 'three.obf', '--race-after', '100'],
  ['solve', 'three.obf', '--redis-timeout', '5'],
  ['solve', 'three.obf', '--queue', 'redis://127.0.0.1:1', '--idle', 'wait'],
  ['solve', 'three.obf', '--wld', '--prover', 'dfpn', '--idle', 'help'],
  ['solve', 'three.obf', '--progress-every', '1e9'],
]) {
  refuse('second QA pass (issue 67)', args);
}
runs('second QA pass (issue 67)', ['solve', 'three.obf', '-n', '1', '-h', '28', '--table', 'key4', '--engine', 'ts']);

// The third QA pass (issue 83): devices, a piped suite without end, experiments' folders, damaged WTHOR bytes, messages.
{
  const wtb = readFileSync(at('WTH_2019.wtb'));
  const damaged = Buffer.from(wtb.subarray(0, 16 + 68 * 6));
  damaged.writeUInt32LE(6, 4);
  damaged[16 + 68 * 2 + 8 + 39] = 121;
  writeFileSync(at('damaged.wtb'), damaged);
  const deep = Buffer.from(wtb.subarray(0, 16 + 68 * 6));
  deep.writeUInt32LE(6, 4);
  deep[14] = 99;
  writeFileSync(at('deep.wtb'), deep);
}
for (const args of [
  ['solve', '/dev/zero', '--quiet'],
  ['solve', '/dev/urandom', '--quiet'],
  ['games', '/dev/zero'],
  ['solve', 'three.obf', '--eval', '/dev/zero'],
  ['experiment', 'table', 'three.obf', '--sizes', '10', '--rounds', '1', '--switches', 'none;bogus', '--out', 'x-bogus'],
  ['experiment', 'table', 'three.obf', '--sizes', '10', '--rounds', '1', '--out', 'three.obf'],
  ['solve', 'three.obf', '--idle', 'help', '--engine', 'ts'],
  ['search', 'three.obf', '--bogus'],
  ['games', 'WTH_2019.wtb', '--tournament', 'zzz'],
  ['analyze', 'WTH_2019.wtb', '--tournament', 'zzz'],
  ['solve', 'three.obf', '--results', '/nonexistent/dir/r.jsonl'],
]) {
  refuse('third QA pass (issue 83)', args);
}
// A damaged header: a warning naming it, then the refusal (two lines: the cause and what it stops).
runs('third QA pass (issue 83)', ['analyze', 'deep.wtb', '--check-theoretical', '-h', '14', '--quiet'], 2);
// A damaged game is one line and the others go on (exit 2 at the end, as for any bad game).
runs('third QA pass (issue 83)', ['games', 'damaged.wtb'], 2);
runs('third QA pass (issue 83)', ['analyze', 'damaged.wtb', '--game', '2-4', '--from', '4', '-h', '14', '--quiet'], 2);
runs(
  'third QA pass (issue 83)',
  ['train', 'gen', 'dw.bin', '--from-wthor', 'damaged.wtb', '--solve-at', '12', '--batch', '5', '--quiet'],
  2,
  ['dw.bin'],
);

function judge(c) {
  const before = snapshot();
  const r = run(c.args);
  const after = snapshot();
  const changed = Object.keys({ ...before, ...after }).filter(
    (f) => before[f] !== after[f] && !(c.writes ?? []).includes(f) && f !== 'r.jsonl.tmp',
  );
  const problems = [];
  if (r.signal) problems.push(`killed by ${r.signal} (timeout?)`);
  if (/\n\s+at |TypeError|ReferenceError|internal error/.test(r.err)) problems.push('stack trace or internal error');
  if (changed.length > 0) problems.push(`changed ${changed.join(', ')}`);
  if (c.kind === 'refuse') {
    if (r.code !== 2) problems.push(`exit ${r.code}, not 2`);
    // One line of problem; a hint to the usage, or a count of the bad lines above it, may follow.
    const lines = r.err
      .trim()
      .split('\n')
      .filter((l) => !/^note: |^\(revsolve .*--help|bad lines? in .*: see the errors above/.test(l));
    if (lines.length !== 1 && !lines.every((l) => /^(error|revsolve)/.test(l))) problems.push(`${lines.length} lines on stderr`);
  } else {
    if (r.code !== c.code) problems.push(`exit ${r.code}, not ${c.code}`);
    if (/MISMATCH/.test(r.out) && c.code === 0) problems.push('a wrong score');
  }
  return { ...c, r, problems };
}

// The library, in a child process (as a user's script runs it).
const lib = `
import * as L from ${JSON.stringify(join(ROOT, 'dist/index.js'))};
const P = ${JSON.stringify(line1.split(';')[0])};
const out = [];
const t = async (name, f) => { try { await f(); out.push([name, 'no error']); } catch (e) { out.push([name, e?.name ?? typeof e, String(e?.message ?? e).split('\\n')[0]]); } };
const suite = async (s, o) => { for await (const _ of L.solveSuite(s, o)) void _; };
for (const o of [{ hashbits: 12 }, { hashBits: null }, { hashBits: 9 }, { hashBits: '12' }, { tableLayout: 'x' }, { weights: '' }, { weights: 42 }, { weights: 'nope' }, { ordering: 'x' }, { selectivity: 'x' }, { selectivity: [0] }, { selectivity: [1], weights: null }, { keepTable: 'yes' }, { engine: 'gpu' }, { engine: null }, null, 42, 'x', []]) await t('Solver ' + JSON.stringify(o), () => new L.Solver(o));
const s = new L.Solver({ hashBits: 12 });
for (const p of [null, undefined, 42, {}, { player: 1, opponent: 2, toMove: 'X' }, '', 'X', P + '; G8:+18', P.slice(2)]) await t('solve ' + JSON.stringify(p), () => s.solve(p));
for (const a of ['G8:+18', 42, [{}], [{ move: 99, score: 0 }], [{ move: 0, score: 2 }], [{ move: 62, score: 3 }], [{ move: 62, score: 18 }, { move: 62, score: 18 }], null]) await t('answers ' + JSON.stringify(a), () => s.solve(P, a));
for (const x of [42, null, {}, [{}], [{ line: 1, position: 'x', answers: [] }], 'nope.obf', ${JSON.stringify(at('binary.obf'))}]) await t('solveSuite ' + JSON.stringify(x), () => suite(x, { hashBits: 12 }));
for (const o of [{ workers: 0 }, { workers: 'a' }, { split: 'x' }, { order: 'x' }, { signal: 1 }, { onFailure: 1 }, { hashbits: 12 }]) await t('solveSuite opts ' + JSON.stringify(o), () => suite(${JSON.stringify(at('three.obf'))}, o));
for (const x of [42, null, '', ${JSON.stringify(at('adir'))}, ${JSON.stringify(at('binary.obf'))}, ${JSON.stringify(at('empty.obf'))}]) await t('readObf ' + JSON.stringify(x), () => L.readObf(x));
for (const x of [42, null, '', 'X', P + '; G8:+18', P + ' Q']) await t('parsePosition ' + JSON.stringify(x), () => L.parsePosition(x));
for (const x of [P + '; Z9:+2', P + '; G8:+18; G8:+18', P + ' extra']) await t('parseObfLine ' + JSON.stringify(x), () => L.parseObfLine(x));
for (const d of [-1, 0, 1.5, 'x', 99]) await t('perft ' + d, () => L.perft(d));
await t('solveSuite aborted', async () => { const c = new AbortController(); c.abort(new Error('stop')); await suite(${JSON.stringify(at('three.obf'))}, { signal: c.signal, hashBits: 12 }); });
// The second QA pass (issue 67): out-of-range words, and the exports that threw inner TypeErrors.
await t('Solver solve hi 2^40', () => new L.Solver().solve({ player: { hi: 2 ** 40, lo: 0 }, opponent: { hi: 0, lo: 1 }, toMove: 'X' }));
for (const o of [{ workers: 4 }, { split: 'always' }, { idle: 'wait' }]) await t('Solver ' + JSON.stringify(o), () => new L.Solver(o));
await t('solvePosition workers', () => L.solvePosition(P, { workers: 2 }));
for (const [name, f] of [
  ["play('str', 62)", () => L.play('str', 62)], ['play(null)', () => L.play(null, 1)], ['emptyCount(null)', () => L.emptyCount(null)],
  ['formatPosition(null)', () => L.formatPosition(null)], ['readGgf()', () => L.readGgf()], ['readGgf(42)', () => L.readGgf(42)],
  ['readWthorGames()', () => L.readWthorGames()], ["replayMoves('f5')", () => L.replayMoves('f5')], ['recordsOf(42)', () => L.recordsOf(42)],
  ["formatRecord('f5')", () => L.formatRecord('f5')], ['gameSummary(42)', () => L.gameSummary(42)], ['playerSummary(42)', () => L.playerSummary(42)],
  ['writeGgf({})', () => L.writeGgf({})], ['moveName(99)', () => L.moveName(99)], ['replayMoves([99])', () => L.replayMoves([99])],
  ['formatRecord([99])', () => L.formatRecord([99])], ["readWthorNames(bogus)", () => L.readWthorNames(new Uint8Array(40), 'f', 'bogus')],
  ['gameSummary([{}])', () => L.gameSummary([{}])],
]) await t(name, f);
// The third QA pass (issue 83): the subpaths' calls that threw inner TypeErrors.
const G = await import(${JSON.stringify(join(ROOT, 'dist/entries/games.js'))});
const E = await import(${JSON.stringify(join(ROOT, 'dist/entries/eval.js'))});
const T = await import(${JSON.stringify(join(ROOT, 'dist/entries/train.js'))});
const Q = await import(${JSON.stringify(join(ROOT, 'dist/entries/queue.js'))});
for (const [name, f] of [
  ['readGameFiles(null)', () => G.readGameFiles(null)], ['searchGames(null)', () => G.searchGames(null, {})], ['indexGames(1)', () => G.indexGames(1)],
  ['parseWeights(1)', () => E.parseWeights(1)], ['readWeights(Symbol)', () => E.readWeights(Symbol('s'))], ['readDataset(Symbol)', () => T.readDataset(Symbol('s'))],
  ['queueOf(null)', () => Q.queueOf(null)], ['solveOnQueue(null)', () => Q.solveOnQueue(null)], ['serveQueue({})', () => Q.serveQueue({})],
  ["listRuns('redis://…')", () => Q.listRuns('redis://127.0.0.1:1')], ['cleanRun(null)', () => Q.cleanRun(null)],
  ['parseRedisUrl(Symbol)', () => Q.parseRedisUrl(Symbol('s'))], ["solveSuite(['<position>'])", () => suite([P])], ['perft(61)', () => L.perft(61)],
]) await t(name, f);
process.stdout.write(JSON.stringify(out));
`;
writeFileSync(at('lib.mjs'), lib);

const judged = cases.map(judge);
const libRun = spawnSync(process.execPath, [at('lib.mjs')], { encoding: 'utf8', timeout: 120_000 });
const libOut = JSON.parse(libRun.stdout || '[]');
for (const [name, errName, message] of libOut) {
  const problems = [];
  // A typed error naming the argument or the file (FileError's kinds); perft 0 is the empty count, not an error.
  const ok =
    [
      'OptionError',
      'PositionError',
      'ObfError',
      'WeightsFileError',
      'RecordError',
      'GgfError',
      'WthorError',
      'DatasetError',
      'RedisAddressError',
    ].includes(errName) ||
    (name.startsWith('solveSuite aborted') && message === 'stop') ||
    (name.startsWith('perft') && name !== 'perft(61)' && (/RangeError|OptionError/.test(errName) || name === 'perft 0'));
  if (!ok) problems.push(`${errName}${message ? `: ${message}` : ''}`);
  judged.push({ area: 'library', args: [name], problems });
}
if (libRun.status !== 0)
  judged.push({ area: 'library', args: ['(the script)'], problems: [`exit ${libRun.status}: ${libRun.stderr.slice(0, 200)}`] });

const areas = new Map();
for (const j of judged) {
  const a = areas.get(j.area) ?? { cases: 0, good: 0 };
  a.cases++;
  if (j.problems.length === 0) a.good++;
  areas.set(j.area, a);
}
console.log('| area | cases | good |\n| --- | --- | --- |');
for (const [a, { cases: n, good }] of areas) console.log(`| ${a} | ${n} | ${good} |`);
const bad = judged.filter((j) => j.problems.length > 0);
console.log(`| all | ${judged.length} | ${judged.length - bad.length} |`);
for (const b of bad)
  console.log(
    `NOT GOOD: ${b.area}: ${b.args.join(' ')}: ${b.problems.join('; ')}${b.r ? ` [stderr: ${b.r.err.trim().split('\n').slice(0, 2).join(' / ')}]` : ''}`,
  );
process.exitCode = bad.length > 0 ? 1 : 0;
