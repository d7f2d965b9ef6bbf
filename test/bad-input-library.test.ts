/**
 * Bad input at the library's calls: unknown option keys, null options,
 * wrong types for a position, answers or a suite, options the call would
 * ignore. Each is a typed error (OptionError, PositionError, ...) naming
 * the argument, thrown at the call before any work: never a TypeError from
 * inside, nor a silent default.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyzeGame,
  emptyCount,
  FileError,
  formatPosition,
  formatRecord,
  GgfError,
  gameSummary,
  legalMoves,
  moveName,
  ObfError,
  OptionError,
  PASS,
  PositionError,
  parseMove,
  parseObf,
  parseObfLine,
  parsePosition,
  perft,
  play,
  playerSummary,
  RecordError,
  readGgf,
  readObf,
  readWthorGames,
  readWthorNames,
  recordsOf,
  replayGame,
  replayMoves,
  Solver,
  START_POSITION,
  solvePosition,
  solveSuite,
  WthorError,
  writeGgf,
} from '../dist/index.js';
import { stopSuites } from './bad-input.js';
import type { Proc } from './processes.js';
import { tempDir } from './tmp.js';

describe('library arguments', () => {
  // FFO #1-like small position: 14 empties would be slow here; this one has 8 (score -2 for O, from the README).
  const P = 'OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOXX-XOOXOOXXXOOOOOXXXXXXXXXX O';
  const OVER = `${'X'.repeat(40)}${'O'.repeat(24)} X`;
  const M = moveName(legalMoves(parsePosition(P))[0]).toUpperCase();

  function rejects(f: () => unknown, type: typeof OptionError | typeof PositionError, message: RegExp): void {
    let caught: unknown;
    try {
      f();
    } catch (e) {
      caught = e;
    }
    expect(caught, String(message)).toBeInstanceOf(type);
    expect((caught as Error).message).toMatch(message);
  }

  describe('the library checks its arguments', () => {
    it('options: an unknown key (with the near one), null, a non-object', () => {
      rejects(() => new Solver({ hashbits: 12 } as never), OptionError, /^hashbits: not an option \(did you mean hashBits\?\)/);
      rejects(() => new Solver({ hashBits: null } as never), OptionError, /^hashBits: null/);
      rejects(() => new Solver({ engine: null } as never), OptionError, /^engine: null/);
      rejects(() => new Solver([] as never), OptionError, /^options: an object/);
      expect(new Solver({ hashBits: 12, weights: null }).options.weights).toBeNull(); // null means none for weights
    });

    it('positions and answers: null, wrong shapes, a string of answers, an illegal or repeated move', () => {
      const s = new Solver({ hashBits: 12 });
      rejects(() => s.solve(null as never), PositionError, /^position: a Position .* not null/);
      rejects(() => s.solve({ player: 1 } as never), PositionError, /^position: a Position/);
      rejects(() => solvePosition(42 as never), PositionError, /^position: .* not number 42/);
      rejects(() => s.solve(P, 'G8:+18' as never), PositionError, /^answers: an array .* not "G8:\+18"/);
      rejects(() => s.solve(P, [{ move: 0, score: 2 }]), PositionError, /^answers\[0\] names a1, not a legal move here/);
      const legal = s.solve(P).move;
      rejects(
        () =>
          s.solve(P, [
            { move: legal, score: -2 },
            { move: legal, score: -2 },
          ]),
        PositionError,
        /^answers\[1\] names .* a second time/,
      );
      rejects(() => s.solve(P, [{ move: legal, score: 3 }]), PositionError, /odd score/);
      expect(s.solve(P, [{ move: legal, score: -2 }]).ok).toBe(true);
    });

    it('suites and files: a number is no suite and no path (42 was read as a file descriptor)', async () => {
      await expect(async () => {
        for await (const _ of solveSuite(42 as never)) void _;
      }).rejects.toThrow(/^suite: an OBF file's path/);
      await expect(async () => {
        for await (const _ of solveSuite([{ line: 1, position: null, answers: [] }] as never)) void _;
      }).rejects.toThrow(PositionError);
      await expect(async () => {
        for await (const _ of solveSuite([], { hashBIts: 12 } as never)) void _;
      }).rejects.toThrow(/^hashBIts: not an option \(did you mean hashBits\?\)/);
      rejects(() => readObf(42 as never), OptionError, /^path: an OBF file's path, not number 42/);
    });

    it('parsePosition of an OBF line says it carries answers; a string it is not is named', () => {
      rejects(() => parsePosition(`${P}; G8:+18`), PositionError, /an OBF line with answers/);
      rejects(() => parsePosition(null as never), PositionError, /not null/);
      expect(parseObfLine(`${P}; ${M}:-2`).answers).toHaveLength(1);
    });
  });

  describe('OBF answers', () => {
    it('a move answered twice, or an answer to a game that is over, is a bad answer on its line', () => {
      const s = parseObf(`${P}; ${M}:-2; ${M}:-2;\n${OVER}; PS:+64;\n${OVER}\n`, 'x.obf');
      expect(s.errors.map((e) => [e.line, e.problem])).toEqual([
        [1, expect.stringMatching(new RegExp(`names ${M.toLowerCase()} a second time`))],
        [2, expect.stringMatching(/game that is over/)],
      ]);
      expect(s.entries.map((e) => e.line)).toEqual([3]);
    });
  });
});

describe('the messages a new user met, issue 57', () => {
  describe('the library: a typed error naming the argument, at the call', () => {
    it('positions, OBF, moves, perft', () => {
      expect(() => legalMoves('x' as never)).toThrow(PositionError);
      expect(legalMoves(START_POSITION)).toEqual([19, 26, 37, 44]);
      expect(() => perft(3, 'garbage' as never)).toThrow(PositionError);
      expect(() => perft(-1)).toThrow(OptionError);
      expect(() => parseObf(42 as never)).toThrow(OptionError);
      expect(() => parseObfLine(42 as never)).toThrow(PositionError);
      expect(() => parseMove(null as never)).toThrow(PositionError);
      expect(() => parseMove('z9')).toThrow(/"z9" is not a square/);
      expect(parseMove(' F5 ')).toBe(37);
      expect(parseMove('pass')).toBe(-1);
    });

    it('records and analyses', () => {
      expect(() => replayGame(42 as never)).toThrow(RecordError);
      expect(() => analyzeGame(null as never, {})).toThrow(RecordError);
      expect(() => analyzeGame(42 as never, {})).toThrow(/the game: a record as text/);
      expect(() => analyzeGame('f5d6', 42 as never)).toThrow(OptionError);
      // Checked before a position is reached (f5d6 has none of 22 empties or fewer).
      expect(() => analyzeGame('f5d6', { fromm: 5 } as never)).toThrow(/fromm: not an option \(did you mean from\?\)/);
      expect(() => analyzeGame('f5d6', { workers: -1 })).toThrow(/workers: a whole number from 1 to 256, not -1/);
      expect(() => analyzeGame('f5d6', { from: 61 })).toThrow(OptionError);
      try {
        replayGame('f5d6zz');
      } catch (e) {
        expect((e as Error).name).toBe('RecordError');
        expect((e as Error).message).toBe('move 3: "zz" is not a square (a game record is moves as in f5d6c3)');
      }
    });
  });
});

describe('stops and bad inputs', () => {
  const dir = tempDir('stops');
  const { S1_19, S20_39, S3 } = stopSuites(dir);

  const procs: Proc[] = [];
  afterAll(async () => {
    for (const p of procs) await p.end();
  });

  describe('the library: results as they finish', () => {
    it("order: 'finished' yields each result when done, with its index; the default keeps input order", async () => {
      const lines = S20_39.split('\n');
      const slow = lines.find((l) => l.trim() !== '' && !l.startsWith('%'))!; // FFO #20 is easy; take a harder one below
      const hard = lines.filter((l) => l.trim() !== '' && !l.startsWith('%'))[5] ?? slow; // FFO #25
      const quick = readFileSync(S1_19, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(0, 6);
      const file = join(dir, 'mixed.obf');
      writeFileSync(file, `${[hard, ...quick].join('\n')}\n`);
      const finished: number[] = [];
      for await (const r of solveSuite(file, { workers: 2, split: 'never', hashBits: 14, order: 'finished' })) finished.push(r.index);
      expect([...finished].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(finished[0]).not.toBe(1); // the hard position started first and ended last
      const inOrder: number[] = [];
      for await (const r of solveSuite(file, { workers: 2, split: 'never', hashBits: 14 })) inOrder.push(r.index);
      expect(inOrder).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });
  });

  describe('the library checks its options', () => {
    it('every bad option is an OptionError naming it', async () => {
      expect(() => new Solver({ tableLayout: 'bogus' as never })).toThrow(OptionError);
      expect(() => new Solver({ tableLayout: 'bogus' as never })).toThrow(/tableLayout/);
      expect(() => new Solver({ ordering: 'bogus' as never })).toThrow(/ordering/);
      expect(() => new Solver({ hashBits: 40 })).toThrow(/hashBits/);
      const bad = [{ split: 'bogus' }, { signal: 'x' }, { workers: 0 }, { order: 'sideways' }];
      // Checked at the call, before any work (the iteration is never started).
      for (const o of bad) {
        expect(() => solveSuite(S3, { hashBits: 12, ...(o as object) })).toThrow(new RegExp(Object.keys(o)[0]));
        expect(() => solveSuite(S3, { hashBits: 12, ...(o as object) })).toThrow(OptionError);
      }
    });
    it('play(p, PASS) while moves exist is a PositionError', () => {
      expect(() => play(START_POSITION, PASS)).toThrow(PositionError);
      expect(() => play(START_POSITION, 27)).toThrow(PositionError); // d4 is taken
    });
    it('bad lines of a suite reach the caller with their line numbers', async () => {
      const garbage = join(dir, 'garbage.obf');
      writeFileSync(garbage, `${readFileSync(S3, 'utf8').split('\n')[0]}\nnot a position\n`);
      expect(() => solveSuite(garbage, { hashBits: 12, workers: 1 })).toThrow(`${garbage}:2:`);
      const bad: ObfError[] = [];
      const got: number[] = [];
      for await (const r of solveSuite(garbage, { hashBits: 12, workers: 1, onBadLine: (e) => bad.push(e) })) got.push(r.index);
      expect(got).toEqual([1]);
      expect(bad.map((e) => e.line)).toEqual([2]);
      expect(bad[0]).toBeInstanceOf(FileError);
      expect(() => readObf(join(dir, 'missing.obf'))).toThrow(ObfError);
      expect(parsePosition(readFileSync(S3, 'utf8').split('\n')[0].split(';')[0]).toMove).toBe('X');
    });
  });
});

describe('the second QA pass, issue 67', () => {
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
});

describe('the third QA pass, issue 83', () => {
  /** The error `f` throws (a promise's rejection too), or null. */
  const thrown = async (f: () => unknown): Promise<unknown> => {
    try {
      const r = f();
      if (r && typeof (r as Promise<unknown>).then === 'function') await r;
      if (r && typeof (r as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function')
        for await (const _ of r as AsyncIterable<unknown>) break;
    } catch (e) {
      return e;
    }
    return null;
  };

  it("the subpaths' calls the pass named throw typed errors naming the argument, never an inner TypeError", async () => {
    const games = await import('../dist/entries/games.js');
    const ev = await import('../dist/entries/eval.js');
    const train = await import('../dist/entries/train.js');
    const queue = await import('../dist/entries/queue.js');
    const sym = Symbol('s');
    const cases: [string, () => unknown, RegExp][] = [
      ['readGameFiles(null)', () => games.readGameFiles(null as never), /^files: an array of files/],
      ['readGameFiles([{}])', () => games.readGameFiles([{}] as never), /^files\[0\]\.name: the file's name/],
      ['searchGames(null)', () => games.searchGames(null as never, {}), /^games: an array of games/],
      ['searchGames([], null)', () => games.searchGames([], null as never), /^query: a query/],
      ['parseWeights(1)', () => ev.parseWeights(1 as never, new Uint8Array(4)), /^file: a name for the messages/],
      ['parseWeights(f, 1)', () => ev.parseWeights('f', 1 as never), /^bytes: the file's bytes/],
      ['readWeights(Symbol)', () => ev.readWeights(sym as never), /^file: a weights file's path, not symbol Symbol\(s\)$/],
      ['readDataset(Symbol)', () => train.readDataset(sym as never), /^file: a training data file's path/],
      ['queueOf(null)', () => queue.queueOf(null as never), /^settings: a search's resolved settings/],
      ['queueOf({})', () => queue.queueOf({} as never), /^settings: a search's resolved settings/],
      ['solveOnQueue(null)', () => (queue.solveOnQueue as (...a: unknown[]) => unknown)(null), /^entries: the suite's entries/],
      ['serveQueue({})', () => (queue.serveQueue as (...a: unknown[]) => unknown)({}), /^options\.address: a Redis address/],
      ['listRuns(url)', () => queue.listRuns('redis://127.0.0.1:1' as never), /^client: a Redis client \(openRedis\), not an address/],
      ['cleanRun(null)', () => (queue.cleanRun as (...a: unknown[]) => unknown)(null), /^client: a Redis client/],
      ['openRedis(null)', () => queue.openRedis(null as never, 1000), /^address: a Redis address/],
      ['transformPosition(null)', () => games.transformPosition(null as never, 1), /^position: a Position/],
      ['gameOf(null)', () => games.gameOf(null as never, 0), /^index: an index of games/],
      ['nextMoves(null)', () => games.nextMoves(null as never, 'X'), /^found: /],
      ['nextMoves([], 1)', () => games.nextMoves([], 1 as never), /^toMove: the side to move/],
      ['compress(null)', () => ev.compress(null as never, {} as never), /^weights: a Weights \(as readWeights gives them\), not null$/],
      ['writeEdax(f, null)', () => ev.writeEdax('f.dat', null as never), /^weights: a Weights \(as readWeights gives them\), not null$/],
      ['averageWeights([1])', () => ev.averageWeights([1] as never), /^sets\[0\]: a Weights/],
      ['evalErrors(null)', () => ev.evalErrors(null as never, []), /^evaluator: an evaluator/],
      ['pairedDifference(1, 2)', () => ev.pairedDifference(1 as never, 2 as never), /^a: numbers/],
    ];
    for (const [name, f, re] of cases) {
      const e = await thrown(f);
      // A position is checked as every call checks one: a PositionError; every other argument an OptionError.
      expect(e, name).toBeInstanceOf(name.startsWith('transformPosition') ? PositionError : OptionError);
      expect((e as Error).message, name).toMatch(re);
    }
    const url = await thrown(() => queue.parseRedisUrl(sym as never));
    expect(url).toBeInstanceOf(queue.RedisAddressError);
    expect((url as Error).message).toBe('--queue: not an address: symbol Symbol(s) (expected redis://HOST:PORT)');
  });

  it('perft past 60 plies and a suite of position texts: an OptionError that says what is taken', async () => {
    expect(() => perft(61)).toThrow(OptionError);
    expect(() => perft(61)).toThrow(/^depth: a whole number of plies from 0 to 60, not number 61$/);
    const e = await thrown(() => solveSuite(['---------------------------OX------XO--------------------------- X'] as never));
    expect(e).toBeInstanceOf(OptionError);
    expect((e as Error).message).toMatch(
      /^suite: entry 1: an entry \(\{ position, answers \}\) as readObf gives, not the text ".*: parseObfLine reads an OBF line$/,
    );
  });

  it('a damaged move byte costs its game, not the file: readWthorGames names it in damaged', () => {
    const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures/wthor/WTH_2019.wtb')));
    bytes[16 + 68 * 2 + 8 + 39] = 121; // game 3's move 40
    const { header, games, damaged } = readWthorGames(bytes, 'f.wtb');
    expect(header.games).toBe(1949);
    expect(games).toHaveLength(1948);
    expect(games.map((g) => g.number)).not.toContain(3);
    expect(damaged.map((d) => d.message)).toEqual(['f.wtb: game 3: move 40 is byte 121, not a square (11 = a1 … 88 = h8)']);
  });
});
