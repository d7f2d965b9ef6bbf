import { describe, expect, it } from 'vitest';
import { ANY_MOVE, bestAnswers, formatObf, formatObfLine, parseObf } from '../src/position/obf.js';
import { formatPosition, legalMoves, PASS, parsePosition, play } from '../src/position/position.js';
import { check } from '../src/solve/solve.js';
import { randomPosition } from './helpers.js';

const START_TEXT = '---------------------------OX------XO--------------------------- X';

describe('positions', () => {
  it('parse the start position with X to move', () => {
    const p = parsePosition(START_TEXT);
    expect(p.toMove).toBe('X');
    expect(legalMoves(p).length).toBe(4);
    expect(formatPosition(p)).toBe(START_TEXT);
  });

  it('accept x o * . on input', () => {
    const a = parsePosition(START_TEXT.replace(/X/g, 'x').replace(/O/g, 'o').replace(/-/g, '.'));
    const b = parsePosition(`${START_TEXT.slice(0, 64).replace(/X/g, '*')} X`);
    expect(formatPosition(a)).toBe(START_TEXT.replace(/ x$/, ' X'));
    expect(formatPosition(b)).toBe(START_TEXT);
  });

  it('say what is wrong with a bad one', () => {
    expect(() => parsePosition('XO- X')).toThrow(/3 squares, 64 expected/);
    expect(() => parsePosition(START_TEXT.replace(' X', ''))).toThrow(/side to move/);
    expect(() => parsePosition(START_TEXT.replace(' X', ' Z'))).toThrow(/side to move is 'Z'/);
    expect(() => parsePosition(`Q${START_TEXT.slice(1)}`)).toThrow(/square a1 is 'Q'/);
  });

  it('play moves and passes', () => {
    const p = parsePosition(START_TEXT);
    const q = play(p, 19); // d3
    expect(q.toMove).toBe('O');
    expect(formatPosition(q)).toBe('-------------------X-------XX------XO--------------------------- O');
    // A pass is a move only when it is forced: O has moves here.
    expect(() => play(q, PASS)).toThrow(/a pass is not legal/);
    const forced = parsePosition(`OX${'-'.repeat(62)} X`); // X has no move, O has c1
    expect(play(forced, PASS).toMove).toBe('O');
    expect(() => play(p, 0)).toThrow(/not a legal move/);
    expect(() => play(p, 27)).toThrow(/not empty/);
  });
});

describe('OBF files', () => {
  it('a *:score answer gives the score alone (no move named): read, written, alone on its line, checked by its score', () => {
    const p = randomPosition(3, 36);
    const board = formatPosition(p);
    const suite = parseObf(`${board}; *:-12;\n${board}; *:+2; A1:+4;\n${board}; *:+3;\n`, 'w.obf');
    expect(suite.entries.map((e) => e.answers)).toEqual([[{ move: ANY_MOVE, score: -12 }]]);
    expect(suite.errors.map((e) => e.message)).toEqual([
      "w.obf:2: answer 'A1:+4' follows a *:score answer, which stands alone",
      "w.obf:3: answer '*:+3' has an odd score (final disc differences are even)",
    ]);
    expect(formatObfLine(p, [{ move: ANY_MOVE, score: -12 }])).toBe(`${board}; *:-12;`);
    const answers = suite.entries[0].answers;
    expect(check(answers, -12, legalMoves(p)[0], false).ok).toBe(true);
    expect(check(answers, -10, legalMoves(p)[0], false)).toMatchObject({ ok: false, expected: -12, bestMoves: [] });
    expect(check(answers, -12, legalMoves(p)[0], false, 'loss').ok).toBe(true);
  });

  it('skip blank and comment lines and keep line numbers', () => {
    const text = `% a comment\n\n# another\n${START_TEXT}; D3:+0; C4:+0;\n${START_TEXT.replace(' X', ' O')}\n`;
    const s = parseObf(text, 'x.obf');
    expect(s.errors).toEqual([]);
    expect(s.entries.map((e) => e.line)).toEqual([4, 5]);
    expect(s.entries[0].answers).toEqual([
      { move: 19, score: 0 },
      { move: 26, score: 0 },
    ]);
    expect(s.entries[1].answers).toEqual([]);
  });

  it('report a bad line with file, line and problem, and read the others', () => {
    const text = [
      `${START_TEXT}; D3:+0;`,
      `${START_TEXT.slice(0, 60)} X`,
      `${START_TEXT}; A1:+4;`,
      `${START_TEXT}; D3=4;`,
      `${START_TEXT}; F5:+99;`,
      `${START_TEXT}; F5:+2;`,
    ].join('\n');
    const s = parseObf(text, 'suite.obf');
    expect(s.entries.map((e) => e.line)).toEqual([1, 6]);
    expect(s.errors.map((e) => e.message)).toEqual([
      'suite.obf:2: the board has 60 squares, 64 expected',
      "suite.obf:3: answer 'A1:+4' names a1, not a legal move here",
      "suite.obf:4: answer 'D3=4' is not of the form move:score (e.g. G8:+18, or *:+18 for the score alone)",
      "suite.obf:5: answer 'F5:+99' has a score outside -64‥64",
    ]);
    expect(s.errors[0].line).toBe(2);
    expect(s.errors[0].file).toBe('suite.obf');
  });

  it('round-trip random positions with answers', () => {
    const entries = [];
    for (let seed = 1; seed <= 300; seed++) {
      const position = randomPosition(seed, seed % 60);
      const moves = legalMoves(position);
      const over = moves.length === 0 && legalMoves({ ...position, player: position.opponent, opponent: position.player }).length === 0;
      // A game that is over has no move to answer; one that must pass answers the pass.
      const answers = over
        ? []
        : moves.length === 0
          ? [{ move: PASS, score: -(seed % 7) * 2 }]
          : moves.slice(0, 3).map((move, i) => ({ move, score: 10 - 4 * i }));
      entries.push({ position, answers });
    }
    const text = formatObf(entries);
    const back = parseObf(text, 'rt.obf');
    expect(back.errors).toEqual([]);
    expect(back.entries.map((e) => ({ position: e.position, answers: e.answers }))).toEqual(entries);
    expect(formatObf(back.entries)).toBe(text);
  });

  it('write Edax-style answers', () => {
    const p = parsePosition(START_TEXT);
    expect(
      formatObfLine(p, [
        { move: 19, score: 0 },
        { move: 37, score: -2 },
      ]),
    ).toBe(`${START_TEXT}; D3:+0; F5:-2;`);
  });

  it('find the best answers', () => {
    expect(
      bestAnswers([
        { move: 1, score: 2 },
        { move: 2, score: 4 },
        { move: 3, score: 4 },
      ]),
    ).toEqual({ score: 4, moves: [2, 3] });
    expect(bestAnswers([])).toBeNull();
  });
});
