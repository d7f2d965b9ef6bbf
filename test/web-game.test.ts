/**
 * The page's game and what it keeps, in Node (web/game.ts, web/address.ts,
 * web/known.ts, web/graph.ts): a game from a set position and its passes,
 * the address that brings a game back (written by hand here, from the
 * format's description in web/address.ts), what a reload finds of the
 * positions proven, and the graph's parts.
 */

import { describe, expect, it } from 'vitest';
import { replayGame } from '../src/game/record.js';
import { START_POSITION } from '../src/position/perft.js';
import { legalMoves, PASS, PositionError, parseMove, parsePosition, play } from '../src/position/position.js';
import { gameAddress, readAddress } from '../web/address.js';
import type { AnalysisRow } from '../web/analysis.js';
import { currentMove } from '../web/analysis-view.js';
import { GameHistory } from '../web/game.js';
import { graphMarkup } from '../web/graph.js';
import { KnownStore, LIMIT } from '../web/known.js';
import { positionKey } from '../web/text.js';
import { referenceAnswers } from './helpers.js';

// Issue 59's G3: two passes left implied, before its moves 59 and 60.
const G3 = 'f5f4g3f6f3h2c4c5c6c3h3c7e6g2b3b4f2d6b5g4c2h4d3a4b8b1g7c8a3g6g5d7c1b6e3b2g1h1a7a5e2h8f7f1a6d1d8e1h7b7a8h5a2e7a1h6f8d2g8e8';
const squares = (record: string) => replayGame(record).moves.map((m) => m.move);

/** Local storage as a browser gives it: strings by key (the Storage interface, in memory). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
}
const saved = () => new Promise<void>((r) => queueMicrotask(r));

describe("the page's game", () => {
  it('a pass is a step of its own, not numbered: G3 has 62 steps for its 60 moves', () => {
    const g = new GameHistory();
    g.load(START_POSITION, squares(G3));
    expect(g.length).toBe(63);
    expect(g.played[59]).toBe(PASS);
    expect(g.played[61]).toBe(PASS);
    expect([g.moveNumber(58), g.moveNumber(59), g.moveNumber(60), g.moveNumber(62)]).toEqual([58, 58, 59, 60]);
    expect(g.stepOf(59)).toBe(60);
    expect(g.record()).toBe(G3);
    // The move the board is about: from the position before a pass, the move after it.
    g.at = 58;
    expect(currentMove(g)).toBe(59);
    g.at = 62;
    expect(currentMove(g)).toBe(60);
  });

  it('an edit begins a game; a move after a step back drops what followed; a snapshot puts a game back', () => {
    const g = new GameHistory();
    g.load(START_POSITION, squares('f5d6c3'));
    const before = g.snapshot();
    g.begin(parsePosition(`${'-'.repeat(63)}X X`));
    expect(g.length).toBe(1);
    expect(g.record()).toBe('');
    g.restore(before);
    g.at = 1;
    g.push(squares('f5f4')[1]);
    expect(g.record()).toBe('f5f4');
    expect(g.length).toBe(3);
  });
});

describe('side lines', () => {
  it("the line's own move steps on; another opens a side line beside the main line; the main line's move at the branch returns to it", () => {
    const g = new GameHistory();
    g.load(START_POSITION, squares('f5d6c3d3c4'), 2);
    g.playMove(parseMove('c3'));
    expect([g.at, g.length, g.main]).toEqual([3, 6, null]);
    // Another move than d3 after c3: a side line of 4 moves, the main line kept.
    const other = legalMoves(g.position).find((x) => x !== parseMove('d3'))!;
    g.playMove(other);
    expect([g.at, g.length, g.branch(), g.main]).toEqual([4, 5, 3, squares('f5d6c3d3c4')]);
    expect(g.mainRecord()).toBe('f5d6c3d3c4');
    // Through the address and back: both lines.
    const back = readAddress(gameAddress(g));
    const h = new GameHistory();
    h.load(back.start, back.squares, back.at, back.main);
    expect(h.snapshot()).toEqual(g.snapshot());
    // At the branch, the main line's move goes back to it, one step on.
    g.at = 3;
    g.playMove(parseMove('d3'));
    expect([g.at, g.record(), g.main]).toEqual([4, 'f5d6c3d3c4', null]);
    // toMain from further down a side line: the main line at the branch.
    g.at = 2;
    g.playMove(legalMoves(g.position).find((x) => x !== parseMove('c3'))!);
    g.playMove(legalMoves(g.position)[0]);
    g.toMain();
    expect([g.at, g.record(), g.main]).toEqual([2, 'f5d6c3d3c4', null]);
  });
});

describe("the page's address", () => {
  it('holds the start when it is not the usual one, the record and the step shown; reads back the same game', () => {
    const start = play(play(START_POSITION, 37), 43); // a position set by hand could be any: this one is legal
    const g = new GameHistory();
    g.load(start, squares('f5d6c3d3').slice(2));
    g.at = 1;
    const address = gameAddress(g);
    // The step is named by the move it follows, as the move list numbers it: the start has 6 discs, so c3 is move 3.
    expect(address).toBe(`?p=${positionKey(start)}&g=c3d3&at=3`);
    const back = readAddress(address);
    const h = new GameHistory();
    h.load(back.start, back.squares, h.stepNamed(back.at as string));
    h.at = h.stepNamed(back.at as string) as number;
    expect(h.snapshot()).toEqual(g.snapshot());
    // Passes do not shift the numbers (issue 73, point 9): G3 reads "58. d2 pass 59. g8 pass 60. e8".
    g.load(START_POSITION, squares(G3));
    const pass = g.played.indexOf(PASS);
    g.at = pass;
    expect(gameAddress(g)).toBe(`?g=${G3}&at=58p`);
    g.at = pass + 1;
    expect(gameAddress(g)).toBe(`?g=${G3}&at=59`);
    g.at = 44;
    expect(gameAddress(g)).toBe(`?g=${G3}&at=44`);
    expect([g.stepNamed('58p'), g.stepNamed('59'), g.stepNamed('44'), g.stepNamed('61'), g.stepNamed('44p')]).toEqual([
      pass,
      pass + 1,
      44,
      null,
      null,
    ]);
    // The usual start, the last step: the record alone; nothing at all for a new game.
    g.load(START_POSITION, squares(G3));
    expect(gameAddress(g)).toBe(`?g=${G3}`);
    g.begin(START_POSITION);
    expect(gameAddress(g)).toBe('');
  });

  it("reads earlier pages' links (?p= a position) and says what is wrong in one line", () => {
    const p = '---------------------------OX------XO---------------------------X';
    expect(positionKey(readAddress(`?p=${p}`).start)).toBe(p);
    expect(() => readAddress('?p=nonsense')).toThrow(PositionError);
    expect(() => readAddress('?g=f5zz')).toThrow(/the address's game \(g=f5zz\): move 2: "zz" is not a square/);
    expect(() => readAddress('?g=f5&at=x')).toThrow(/at=x/);
    expect(readAddress('?g=f5d6&at=1').at).toBe('1');
    // The header a file gave the game travels with it (GGF's names), and comes back the same.
    const named = new GameHistory();
    named.load(START_POSITION, squares('f5d6'));
    const header = {
      black: 'Tastet Marc',
      white: 'Juigner Arthur',
      event: 'Championnat de France',
      date: '2019',
      result: 12,
      theoretical: -2,
    };
    const link = gameAddress(named, header);
    expect(link).toBe('?g=f5d6&pb=Tastet+Marc&pw=Juigner+Arthur&pc=Championnat+de+France&dt=2019&re=12&th=-2');
    expect(readAddress(link).header).toEqual(header);
    expect(readAddress('?g=f5d6').header).toBeNull();
    expect(() => readAddress('?g=f5&re=x')).toThrow(/the address's result \(re=x\): a disc difference from -64 to 64/);
    // A link cut in the middle of a square: the moves before the cut, and what was cut said.
    const cut = readAddress('?g=f5d6c');
    expect([cut.squares, cut.cut]).toEqual([
      [parseMove('f5'), parseMove('d6')],
      `the address's game ends in the middle of a move ("c"): its first 2 moves are shown`,
    ]);
    expect(readAddress('?g=f5d6').cut).toBeNull();
  });
});

describe('what the page keeps of the positions proven', () => {
  it('a best move solve makes its child known; every move scored from the children; kept across a reload', async () => {
    const storage = new MemoryStorage();
    const known = new KnownStore(storage);
    const p = replayGame(G3).moves[52].position; // 8 empties
    const answers = referenceAnswers(p);
    const best = answers[0];
    known.set(p, { score: best.score, move: best.move, pv: [best.move] });
    expect(known.moveScores(p)).toEqual(new Map([[best.move, best.score]]));
    for (const a of answers.slice(1)) known.set(play(p, a.move), { score: -a.score, move: -1, pv: [] });
    await saved();
    const reloaded = new KnownStore(storage);
    expect(reloaded.moveScores(p)).toEqual(new Map(answers.map((a) => [a.move, a.score])));
    expect(reloaded.get(p)?.score).toBe(best.score);
    // A stopped solve's bounds: kept, never as a score, and dropped once the score is known.
    const q = replayGame(G3).moves[40].position;
    reloaded.setBounds(q, { lower: -10, upper: 4, move: -1 });
    await saved();
    expect(new KnownStore(storage).boundsOf(q)).toEqual({ lower: -10, upper: 4, move: -1 });
    expect(new KnownStore(storage).get(q)).toBeUndefined();
  });

  it(`keeps at most ${LIMIT} positions, the oldest going first; a store written by something else is started afresh`, async () => {
    const storage = new MemoryStorage();
    const known = new KnownStore(storage);
    // Distinct positions: the bits of i as black discs on the first squares.
    const nth = (i: number) => parsePosition(`${[...Array(64)].map((_, x) => (x < 16 && (i >> x) & 1 ? 'X' : '-')).join('')} O`);
    const first = nth(0);
    for (let i = 0; i <= LIMIT; i++) known.set(nth(i), { score: 0, move: -1, pv: [] });
    await saved();
    const reloaded = new KnownStore(storage);
    expect(reloaded.get(first)).toBeUndefined();
    expect(reloaded.get(nth(1))?.score).toBe(0);
    expect(reloaded.get(nth(LIMIT))?.score).toBe(0);
    storage.setItem('revsolve-known', '{not json');
    expect(new KnownStore(storage).get(first)).toBeUndefined();
  });
});

describe('the analysis graph', () => {
  const row = (move: number, score: number, estimate?: number): AnalysisRow => ({
    move,
    empties: 60 - move,
    side: move % 2 ? 'black' : 'white',
    played: 'a1',
    score,
    scores: { a1: score },
    best: score,
    bestMoves: ['a1'],
    loss: 0,
    exact: estimate === undefined,
    estimateDepth: estimate ?? null,
  });

  it('has both axes and their labels, the exact and estimated lines apart, a marker, a band a move to click', () => {
    const rows = [row(1, 2, 6), row(2, -4, 6), row(59, 10), row(60, -12)];
    const svg = graphMarkup(rows, 59, 60);
    expect(svg.match(/class="axis"/g)).toHaveLength(2);
    for (const label of ['>+16<', '>-16<', '>0<', '>1<', '>60<']) expect(svg).toContain(label);
    expect(svg.match(/<polyline class="estimate"/g)).toHaveLength(1);
    expect(svg.match(/<polyline class="exact"/g)).toHaveLength(1);
    expect(svg).toContain('class="marker" data-move="59"');
    expect(svg.match(/data-jump=/g)).toHaveLength(4);
    expect(graphMarkup(rows, null, 60)).not.toContain('marker');
  });

  it('scales its score axis to the game: ±16 for scores up to 12, ±64 once one passes 32', () => {
    const small = graphMarkup([row(1, 2, 6), row(59, 10), row(60, -12)], null, 60);
    for (const label of ['>+16<', '>+08<', '>-08<', '>-16<']) expect(small).toContain(label);
    expect(small).not.toContain('>+64<');
    expect(graphMarkup([row(1, 2, 6), row(60, 40)], null, 60)).toContain('>+64<');
  });
});
