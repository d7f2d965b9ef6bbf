/**
 * The page's reading of positions from text (web/text.ts), in Node: the
 * three forms it takes, the address's form, square edits, and one clear
 * message for what it cannot read.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordMoves, replayGame } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { formatPosition, legalMoves, moveName, PASS, PositionError, parseMove, parsePosition, play } from '../src/position/position.js';
import { cycleSquare, emptyBoard, otherSide, positionKey, readGame, readPositionText } from '../web/text.js';
import { OBF, rng } from './helpers.js';

const FFO1 = readFileSync(join(OBF, 'fforum-1-19.obf'), 'utf8').split('\n')[0];

describe('positions from text (the page)', () => {
  it('reads a 64-square board and side, with or without the space, and an OBF line without its answers', () => {
    const board = FFO1.split(';')[0].trim();
    const p = parsePosition(board);
    expect(formatPosition(readPositionText(board))).toBe(board);
    expect(formatPosition(readPositionText(positionKey(p)))).toBe(board);
    expect(formatPosition(readPositionText(FFO1))).toBe(board);
    expect(formatPosition(readPositionText(`${board}; A1:+64;`))).toBe(board); // answers ignored, even wrong ones
    expect(positionKey(p)).toMatch(/^[-XO]{64}[XO]$/);
  });

  it('reads a game record from the start, as if played move by move (f5d6c3…, spaces and case free)', () => {
    let p = START_POSITION;
    for (const m of ['f5', 'd6', 'c3', 'd3', 'c4']) p = play(p, parseMove(m));
    expect(formatPosition(readPositionText('f5d6c3d3c4'))).toBe(formatPosition(p));
    expect(formatPosition(readPositionText('F5 d6 C3 d3 c4'))).toBe(formatPosition(p));
    expect(formatPosition(readGame(''))).toBe(formatPosition(START_POSITION));
  });

  it('reads records with move numbers, one move or a pair a number, and written passes (one reader with the command line)', () => {
    const plain = formatPosition(readPositionText('f5d6c3f4'));
    expect(formatPosition(readPositionText('1. f5 2. d6 3. c3 4. f4'))).toBe(plain);
    expect(formatPosition(readPositionText('1. f5 d6 2. c3 f4'))).toBe(plain);
    expect(formatPosition(readPositionText('1.f5 d6, 2.c3 f4'))).toBe(plain);
    expect(recordMoves('1. f5 d6 2. c3 f4')).toEqual(['f5', 'd6', 'c3', 'f4'].map(parseMove));
    expect(recordMoves('f5 pass d6')).toEqual([parseMove('f5'), PASS, parseMove('d6')]);
    expect(replayGame('1. f5 d6 2. c3 f4').moves).toHaveLength(4);
  });

  it('plays the pass of a side with no move in a game record', () => {
    // Random games until one has a pass before its end: its record without the pass reads to the same position.
    for (let seed = 1; seed < 500; seed++) {
      const next = rng(seed);
      let p = START_POSITION;
      let record = '';
      let passed = false;
      for (;;) {
        const moves = legalMoves(p);
        if (moves.length === 0) {
          if (legalMoves(otherSide(p)).length === 0) break;
          p = play(p, PASS);
          passed = true;
          continue;
        }
        const m = moves[next() % moves.length];
        record += moveName(m);
        p = play(p, m);
        if (passed) break;
      }
      if (!passed) continue;
      expect(formatPosition(readGame(record))).toBe(formatPosition(p));
      return;
    }
    throw new Error('no random game with a pass');
  });

  it("says what is wrong in one line: a game record's illegal move, a bad board, empty text", () => {
    expect(() => readPositionText('f5f5')).toThrow('the game record: move 2: f5 is not a legal move for white');
    // As the command line names a bad square (one reader of records).
    expect(() => readPositionText('f5d6c3zz')).toThrow(
      'the game record: move 4: "zz" is not a square (a game record is moves as in f5d6c3)',
    );
    expect(() => readPositionText('hello')).toThrow(PositionError);
    expect(() => readPositionText('XXXX X')).toThrow(/64 expected/);
    expect(() => readPositionText('   ')).toThrow(/empty/);
  });

  it('cycles a square empty → black → white → empty, and turns the side to move', () => {
    const e = emptyBoard();
    const a = cycleSquare(e, 0);
    expect(formatPosition(a)[0]).toBe('X');
    expect(formatPosition(cycleSquare(a, 0))[0]).toBe('O');
    expect(formatPosition(cycleSquare(cycleSquare(a, 0), 0))).toBe(formatPosition(e));
    expect(otherSide(START_POSITION).toMove).toBe('O');
    expect(formatPosition(otherSide(START_POSITION)).slice(0, 64)).toBe(formatPosition(START_POSITION).slice(0, 64));
    expect(() => play(START_POSITION, PASS)).toThrow(); // the start has moves: no pass
  });
});
