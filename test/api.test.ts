/**
 * The library entry as a script uses it (built: the pool's workers load
 * dist/pool/worker.js): one position in this thread, a suite on the pool in
 * input order, stopping, perft, and the typed errors. Expected scores are
 * the FFO suite's own answers.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readWeights, WeightsFileError } from '../dist/entries/eval.js';
import { DatasetError, readDataset } from '../dist/entries/train.js';
import {
  bestAnswers,
  FileError,
  ObfError,
  PositionError,
  perft,
  play,
  readObf,
  SHIPPED_WEIGHTS,
  Solver,
  START_POSITION,
  solvePosition,
  solveSuite,
} from '../dist/index.js';
import { OBF } from './helpers.js';
import { tempDir } from './tmp.js';

const FFO_1_19 = join(OBF, 'fforum-1-19.obf');
const tmp = tempDir('api');

describe('the library entry', () => {
  it('solves positions in this thread, keeping its table and evaluator (FFO #1-#8)', () => {
    const suite = readObf(FFO_1_19);
    const solver = new Solver({ hashBits: 16 });
    expect(solver.options.weights?.file).toBe(SHIPPED_WEIGHTS);
    expect(solver.options.selectivity).toEqual([1, 2]);
    for (const e of suite.entries.slice(0, 8)) {
      const r = solver.solve(e.position, e.answers);
      expect(r.score).toBe(bestAnswers(e.answers)!.score);
      expect(r.ok).toBe(true);
      expect(r.pv[0]).toBe(r.move);
      expect(r.nodes).toBeGreaterThan(0);
      expect(r.table.probes).toBeGreaterThan(0);
    }
  });

  it('takes a position as text, and every ordering and selectivity gives the same score', () => {
    const text = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X';
    expect(solvePosition(text, { hashBits: 14 }).score).toBe(18);
    expect(solvePosition(text, { hashBits: 14, weights: null }).score).toBe(18);
    expect(solvePosition(text, { hashBits: 14, ordering: 'mobility' }).score).toBe(18);
    expect(solvePosition(text, { hashBits: 14, selectivity: [] }).score).toBe(18);
    expect(solvePosition(text, { hashBits: 14, tableLayout: 'key4' }).score).toBe(18);
    expect(() => solvePosition(text, { hashBits: 9 })).toThrow(RangeError);
    expect(() => solvePosition(text, { weights: null, ordering: 'eval' })).toThrow(RangeError);
    expect(() => solvePosition('X O')).toThrow(PositionError);
  });

  it('solves a suite on the pool, yielding in input order the same results as one thread', async () => {
    const suite = readObf(FFO_1_19);
    const entries = suite.entries.slice(0, 10);
    const got = [];
    for await (const r of solveSuite(entries, { workers: 2, hashBits: 16 })) got.push(r);
    expect(got.map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const solver = new Solver({ hashBits: 16 });
    for (const [i, e] of entries.entries()) {
      const one = solver.solveEntry(e, i + 1);
      expect([got[i].score, got[i].move, got[i].ok, got[i].line]).toEqual([one.score, one.move, true, e.line]);
    }
    // A path works as well as entries.
    const fromFile = [];
    for await (const r of solveSuite(FFO_1_19, { workers: 2, hashBits: 14 })) fromFile.push(r.score);
    expect(fromFile).toEqual(suite.entries.map((e) => bestAnswers(e.answers)!.score));
  }, 60_000);

  it('stops on an AbortSignal, and when the loop is left early', async () => {
    const entries = readObf(join(OBF, 'fforum-40-59.obf')).entries; // minutes of work
    const stop = new AbortController();
    const t0 = Date.now();
    setTimeout(() => stop.abort(new Error('enough')), 300);
    await expect(
      (async () => {
        for await (const r of solveSuite(entries, { workers: 2, hashBits: 16, signal: stop.signal })) void r;
      })(),
    ).rejects.toThrow('enough');
    expect(Date.now() - t0).toBeLessThan(10_000);

    const easy = readObf(FFO_1_19).entries;
    let seen = 0;
    for await (const r of solveSuite(easy, { workers: 2, hashBits: 14 })) {
      seen = r.index;
      break;
    }
    expect(seen).toBe(1);

    const aborted = AbortSignal.abort(new Error('before'));
    await expect(
      (async () => {
        for await (const r of solveSuite(easy, { signal: aborted })) void r;
      })(),
    ).rejects.toThrow('before');
  }, 30_000);

  it('counts perft from the start and from any position', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((d) => perft(d))).toEqual([4, 12, 56, 244, 1396, 8200, 55092]);
    // The 4 first moves are symmetric: each subtree holds a quarter of perft 6.
    expect(perft(5, play(START_POSITION, 19))).toBe(8200 / 4);
  });

  it('throws typed errors that carry the file and the line', () => {
    const bad = join(tmp, 'bad.obf');
    writeFileSync(bad, '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\nnot a position\n');
    const suite = readObf(bad);
    expect(suite.entries.length).toBe(1);
    expect(suite.errors[0]).toBeInstanceOf(ObfError);
    expect(suite.errors[0]).toBeInstanceOf(FileError);
    expect([suite.errors[0].file, suite.errors[0].line]).toEqual([bad, 2]);

    const missing = join(tmp, 'missing.obf');
    expect(() => readObf(missing)).toThrow(ObfError);
    try {
      readObf(missing);
    } catch (e) {
      expect(e).toBeInstanceOf(FileError);
      expect([(e as FileError).file, (e as FileError).line]).toEqual([missing, 0]);
    }

    const junk = join(tmp, 'junk.rsev');
    writeFileSync(junk, 'not weights at all');
    for (const [read, cls] of [
      [readWeights, WeightsFileError],
      [readDataset, DatasetError],
    ] as const) {
      try {
        read(junk);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(cls);
        expect(e).toBeInstanceOf(FileError);
        expect([(e as FileError).file, (e as FileError).line]).toEqual([junk, 0]);
      }
    }
    expect(() => new Solver({ weights: junk })).toThrow(WeightsFileError);
  });
});

describe('the boundaries', () => {
  it('the command line imports nothing of the program but its entry (src/internal.ts)', () => {
    const dir = fileURLToPath(new URL('../src/cli/', import.meta.url));
    const outside: string[] = [];
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const spec = m[1];
        const ok =
          spec === '../internal.js' ||
          spec.startsWith('./') ||
          spec.startsWith('node:') ||
          spec === 'commander' ||
          spec === 'cli-progress' ||
          spec === 'serve-static';
        if (!ok) outside.push(`${f}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('the core entry exports positions, OBF, solving, analysis, the settings and the errors, nothing of the command line', async () => {
    const library = await import('../dist/index.js');
    // Values only (types leave no trace at run time); a change here is a change of the published API (CHANGELOG.md).
    expect(Object.keys(library).sort()).toEqual(
      [
        'DEFAULT_BITS',
        'DEFAULT_FROM',
        'DEFAULT_LAYOUT',
        'DEFAULT_ROOT',
        'DEFAULT_SELECTIVITY',
        'ENGINES',
        'FileError',
        'MAX_BITS',
        'MIN_BITS',
        'ObfError',
        'OptionError',
        'PASS',
        'PositionError',
        'RecordError',
        'SETTINGS_DESCRIPTION',
        'SETTING_KEYS',
        'SHIPPED_WEIGHTS',
        'START_POSITION',
        'SearchCancelled',
        'Solver',
        'TREE_SETTINGS',
        'VERSION',
        'analyzeGame',
        'ANY_MOVE',
        'bestAnswers',
        'discDifference',
        'isWthorGames',
        'readWthorGames',
        'readGameFiles',
        'readWthorNames',
        'replayMoves',
        'WthorError',
        'GgfError',
        'formatRecord',
        'recordsOf',
        'isGgf',
        'readGgf',
        'writeGgf',
        'playerSummary',
        'recordOf',
        'MOVE_RECORD_FIELDS',
        'moveRecordsCsv',
        'emptyCount',
        'formatObf',
        'formatObfLine',
        'formatPosition',
        'gameSummary',
        'legalMoves',
        'moveName',
        'obfOfBytes',
        'parseMove',
        'parseObf',
        'parseObfLine',
        'parsePosition',
        'perft',
        'play',
        'readObf',
        'recordMoves',
        'replayGame',
        'samplePositions',
        'solvePosition',
        'solveSuite',
        // The midgame search by level (issue 85).
        'CONFIDENCES',
        'GAME_OVER',
        'MAX_LEVEL',
        'levelSearch',
        // The most empties a level solves exactly (issue 86).
        'exactFrom',
        'searchPosition',
      ].sort(),
    );
    // The settings are described, read-only; the table itself is internal.
    expect(library).not.toHaveProperty('SETTINGS');
    expect(Object.isFrozen(library.SETTINGS_DESCRIPTION)).toBe(true);
    const bits = library.SETTINGS_DESCRIPTION.find((d: { key: string }) => d.key === 'hashBits');
    expect(bits).toEqual({
      key: 'hashBits',
      flag: '--hash-bits <h>',
      default: 21,
      takes: expect.stringMatching(/^the transposition table: 2\^h entries \(10\.\.30/),
      changesTree: true,
    });
    expect(Object.isFrozen(bits)).toBe(true);
    expect(library.SETTINGS_DESCRIPTION.find((d: { key: string }) => d.key === 'workers')?.changesTree).toBe(false);
    // Every error class of the core names itself.
    const made: Record<string, Error> = {
      FileError: new library.FileError('f', 1, 'p'),
      GgfError: new library.GgfError('f', 1, 2, 'p'),
      ObfError: new library.ObfError('f', 1, 'p'),
      OptionError: new library.OptionError('o', 'p'),
      PositionError: new library.PositionError('p'),
      RecordError: new library.RecordError(1, 'p'),
      SearchCancelled: new library.SearchCancelled(),
      WthorError: new library.WthorError('f', 1, 'p'),
    };
    expect(Object.keys(made).sort()).toEqual(
      Object.keys(library)
        .filter((n) => /Error$|Cancelled$/.test(n))
        .sort(),
    );
    for (const [name, e] of Object.entries(made)) expect(e.name, name).toBe(name);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
      sideEffects: string[];
    };
    expect(Object.keys(pkg.exports)).toEqual([
      '.',
      './board',
      './eval',
      './games',
      './lab',
      './train',
      './queue',
      './internal',
      './package.json',
    ]);
  });

  it('the subpath entries: board, eval, games, lab, train, queue', async () => {
    expect(Object.keys(await import('../dist/entries/board.js')).sort()).toEqual(['U64', 'popcount']);
    expect(Object.keys(await import('../dist/entries/eval.js')).sort()).toEqual(
      [
        'EDAX_BYTES',
        'Evaluator',
        'N_PACKED',
        'NibbleEvaluator',
        'Weights',
        'WeightsFileError',
        'averageBands',
        'averageWeights',
        'codebookWeights',
        'compress',
        'compressSteps',
        'expandBands',
        'histogram',
        'loadEvaluator',
        'parseWeights',
        'readWeights',
        'readWeightsBytes',
        'searchEvaluator',
        'stepName',
        'syntheticWeights',
        'usageCounts',
        // One digest per set of weights, whatever file holds them (issue 87).
        'weightsValuesSha256',
        'writeCompact',
        'writeEdax',
        'errorStats',
        'errorsByEmpties',
        'evalErrors',
        'pairedDifference',
        'tQuantile975',
      ].sort(),
    );
    expect(Object.keys(await import('../dist/entries/games.js')).sort()).toEqual(
      [
        'GameFileError',
        'IndexBuilder',
        'gameOf',
        'isGameFile',
        'readGameFile',
        'writeGameFile',
        'indexGames',
        'indexNextMoves',
        'nextMoves',
        'readGameFiles',
        'searchGames',
        'searchIndex',
        'transformPosition',
        'yearOf',
      ].sort(),
    );
    expect(Object.keys(await import('../dist/entries/lab.js')).sort()).toEqual(
      [
        'LAB_ALGORITHMS',
        'LabSearch',
        'MAX_KILLERS',
        'MAX_LAB_DEPTH',
        'ORDERING_TECHNIQUES',
        'ROOT_STRATEGIES',
        'WASM_MAX_BITS',
        'iterationDepths',
      ].sort(),
    );
    expect(Object.keys(await import('../dist/entries/train.js')).sort()).toEqual(['DatasetError', 'readDataset']);
    expect(Object.keys(await import('../dist/entries/queue.js')).sort()).toEqual(
      [
        'RedisAddressError',
        'RedisUnreachable',
        'RunConflict',
        'cleanRun',
        'defaultRunName',
        'listRuns',
        'openRedis',
        'parseRedisUrl',
        'queueOf',
        'serveQueue',
        'solveOnQueue',
      ].sort(),
    );
  });
});
