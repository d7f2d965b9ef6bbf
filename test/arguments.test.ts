/**
 * The library checks what it is given: unknown option keys, null options,
 * and wrong types for a position, answers or a suite are an OptionError or
 * a PositionError naming the argument, never a TypeError from inside nor a
 * silent default. OBF answers that repeat a move, or answer a game that is
 * over, are bad answers.
 */
import { describe, expect, it } from 'vitest';
import { OptionError } from '../src/errors.js';
import { solveSuite } from '../src/pool/suite.js';
import { parseObf, parseObfLine } from '../src/position/obf.js';
import { readObf } from '../src/position/obf-file.js';
import { legalMoves, moveName, PositionError, parsePosition } from '../src/position/position.js';
import { Solver, solvePosition } from '../src/solve/solver.js';

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
