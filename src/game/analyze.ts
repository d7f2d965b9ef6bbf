/**
 * A game's endgame analysed exactly: every position from `from` empties to
 * the end, the exact score of each legal move, the move played and what it
 * lost (best − played, in discs, for the side that moved). Every child is
 * one position of a suite on the worker pool (solveSuite), the workers'
 * tables kept from one to the next: the positions of a game share their
 * subtrees, so a later position often finds its children's work done.
 */
import { OptionError } from '../errors.js';
import { type Color, PASS, type Position, emptyCount, legalMoves, play } from '../position/position.js';
import type { ObfEntry } from '../position/obf.js';
import { type SuiteOptions, solveSuite } from '../pool/suite.js';
import { type Game, replayGame } from './record.js';
import { type ScoredMove, scoredMove } from './scores.js';

export interface AnalyzeOptions extends Omit<SuiteOptions, 'order' | 'keepTable' | 'onBadLine' | 'wld'> {
  /** Analyse the positions of this many empties or fewer (default 22). */
  readonly from?: number;
}

export const DEFAULT_FROM = 22;

/** One position of the game, analysed (ScoredMove: every move's score, the best, the loss). Scores are for its side to move. */
export interface MoveAnalysis extends ScoredMove {
  /** The move's number in the record (1 = the first). */
  readonly number: number;
  readonly empties: number;
  readonly toMove: Color;
  readonly position: Position;
  /** The move played (a square). */
  readonly played: number;
  /** Nodes searched for this position's children. */
  readonly nodes: number;
}

/** What one side lost over the analysed moves. */
export interface SideLoss {
  readonly moves: number;
  readonly totalLoss: number;
  readonly largestLoss: number;
  /** The move number of the largest loss (0 when none lost). */
  readonly largestAt: number;
  /** Moves that lost discs. */
  readonly movesLost: number;
}

/** Each side's losses over the analysed moves. */
export function gameSummary(moves: readonly MoveAnalysis[]): Record<'black' | 'white', SideLoss> {
  const side = (c: Color): SideLoss => {
    const mine = moves.filter((m) => m.toMove === c);
    let largest: MoveAnalysis | undefined;
    for (const m of mine) if (m.loss > 0 && (!largest || m.loss > largest.loss)) largest = m;
    return {
      moves: mine.length, totalLoss: mine.reduce((s, m) => s + m.loss, 0), largestLoss: largest?.loss ?? 0,
      largestAt: largest?.number ?? 0, movesLost: mine.filter((m) => m.loss > 0).length,
    };
  };
  return { black: side('X'), white: side('O') };
}

/**
 * Analyses a game (a record as text, or one replayed by replayGame),
 * yielding its positions from `from` empties on in the order they were
 * played, each once all its moves are solved. A record that does not
 * replay throws its RecordError before anything is solved; the signal
 * stops the workers, and the iteration then throws its reason.
 */
export async function* analyzeGame(game: string | Game, options: AnalyzeOptions = {}): AsyncGenerator<MoveAnalysis> {
  const from = options.from ?? DEFAULT_FROM;
  if (!Number.isInteger(from) || from < 1 || from > 60) throw new OptionError('from', `an integer from 1 to 60, not ${String(from)}`);
  if ('wld' in options) throw new OptionError('wld', 'not an option of an analysis: every move\'s loss needs its exact score');
  const { moves } = typeof game === 'string' ? replayGame(game) : game;
  const chosen = moves.filter((m) => m.move !== PASS && emptyCount(m.position) <= from);
  // Each legal move of each chosen position is one entry of the suite.
  const entries: ObfEntry[] = [];
  const owner: { at: number; move: number }[] = [];
  for (const [at, m] of chosen.entries()) {
    for (const move of legalMoves(m.position)) {
      entries.push({ line: 0, position: play(m.position, move), answers: [] });
      owner.push({ at, move });
    }
  }
  const scores = chosen.map(() => new Map<number, number>());
  const nodes = chosen.map(() => 0);
  let next = 0;
  const { from: _from, ...suite } = options;
  for await (const r of solveSuite(entries, { ...suite, keepTable: true, order: 'input' })) {
    const o = owner[r.index - 1];
    scores[o.at].set(o.move, 0 - r.score); // the child's score is its own side's (0 - x: never -0)
    nodes[o.at] += r.nodes;
    while (next < chosen.length && scores[next].size === legalMoves(chosen[next].position).length) {
      yield analysisOf(chosen[next], scores[next], nodes[next]);
      next++;
    }
  }
}

function analysisOf(m: { number: number; position: Position; move: number }, scores: ReadonlyMap<number, number>, nodes: number): MoveAnalysis {
  return { number: m.number, empties: emptyCount(m.position), toMove: m.position.toMove, position: m.position, played: m.move, ...scoredMove(scores, m.move), nodes };
}
