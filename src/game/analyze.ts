/**
 * A game's endgame analysed exactly: every position from `from` empties to
 * the end, the exact score of each legal move, the move played and what it
 * lost (best − played, in discs, for the side that moved). Every child is
 * one position of a suite on the worker pool (solveSuite), the workers'
 * tables kept from one to the next: the positions of a game share their
 * subtrees, so a later position often finds its children's work done.
 */
import { OptionError } from '../errors.js';
import { type SuiteOptions, solveSuite } from '../pool/suite.js';
import type { ObfEntry } from '../position/obf.js';
import { type Color, describe, emptyCount, type Position, play } from '../position/position.js';
import { defaultOf, type OptionsAt } from '../settings/index.js';
import { resolveOptions } from '../solve/options.js';
import { analyseMoves, type LevelEstimate, type MoveAnalysis } from './analysis.js';
import { type Game, RecordError, replayGame } from './record.js';

/** analyzeGame's options: the settings the analysis takes (settings.ts, place analyze-library; `from`: the empties it solves from), and the suite's signal, onFailure and watcher. */
export interface AnalyzeOptions extends OptionsAt<'analyze-library'>, Pick<SuiteOptions, 'signal' | 'onFailure' | 'watcher'> {}

/** The default of `from` (the settings table's). */
export const DEFAULT_FROM: number = defaultOf('from');

export { type MoveAnalysis, recordOf } from './analysis.js';

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
  if (!Array.isArray(moves)) throw new OptionError('moves', `gameSummary: the analysed moves (analyzeGame's), not ${describe(moves)}`);
  for (const [i, m] of moves.entries())
    if (
      m === null ||
      typeof m !== 'object' ||
      (m.toMove !== 'X' && m.toMove !== 'O') ||
      !Number.isInteger(m.loss) ||
      !Number.isInteger(m.number)
    )
      throw new OptionError('moves', `gameSummary: moves[${i}] is not an analysed move (toMove, loss, number …): ${describe(m)}`);
  const side = (c: Color): SideLoss => {
    const mine = moves.filter((m) => m.toMove === c);
    let largest: MoveAnalysis | undefined;
    for (const m of mine) if (m.loss > 0 && (!largest || m.loss > largest.loss)) largest = m;
    return {
      moves: mine.length,
      totalLoss: mine.reduce((s, m) => s + m.loss, 0),
      largestLoss: largest?.loss ?? 0,
      largestAt: largest?.number ?? 0,
      movesLost: mine.filter((m) => m.loss > 0).length,
    };
  };
  return { black: side('X'), white: side('O') };
}

/** A player's losses over the games analysed: SideLoss summed, the largest with its game. */
export interface PlayerLoss extends SideLoss {
  readonly name: string;
  /** Games of theirs analysed. */
  readonly games: number;
  /** The game (its number among those given) of the largest loss (0 when none lost). */
  readonly largestGame: number;
}

/** An analysed game as playerSummary reads it: its number, the players' names, its positions. */
export interface NamedGame {
  readonly number: number;
  readonly black: string;
  readonly white: string;
  readonly moves: readonly MoveAnalysis[];
}

/** Each named player's losses over the games, by name (a game's unnamed side is left out). */
export function playerSummary(games: readonly NamedGame[]): PlayerLoss[] {
  if (!Array.isArray(games))
    throw new OptionError('games', `playerSummary: games ({ number, black, white, moves }), not ${describe(games)}`);
  for (const [i, g] of games.entries())
    if (g === null || typeof g !== 'object' || typeof g.black !== 'string' || typeof g.white !== 'string' || !Array.isArray(g.moves))
      throw new OptionError('games', `playerSummary: games[${i}] is not { number, black, white, moves }: ${describe(g)}`);
  const by = new Map<
    string,
    {
      name: string;
      games: number;
      moves: number;
      totalLoss: number;
      movesLost: number;
      largestLoss: number;
      largestAt: number;
      largestGame: number;
    }
  >();
  for (const g of games) {
    const sides = gameSummary(g.moves);
    for (const [name, l] of [
      [g.black, sides.black],
      [g.white, sides.white],
    ] as const) {
      if (name === '') continue;
      const p = by.get(name) ?? { name, games: 0, moves: 0, totalLoss: 0, movesLost: 0, largestLoss: 0, largestAt: 0, largestGame: 0 };
      p.games++;
      p.moves += l.moves;
      p.totalLoss += l.totalLoss;
      p.movesLost += l.movesLost;
      if (l.largestLoss > p.largestLoss) Object.assign(p, { largestLoss: l.largestLoss, largestAt: l.largestAt, largestGame: g.number });
      by.set(name, p);
    }
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Analyses a game (a record as text, or one replayed by replayGame),
 * yielding its positions from `from` empties on in the order they were
 * played, each once all its moves are solved. A record that does not
 * replay throws its RecordError before anything is solved; the signal
 * stops the workers, and the iteration then throws its reason.
 */
export function analyzeGame(game: string | Game, options: AnalyzeOptions = {}): AsyncGenerator<MoveAnalysis> {
  // Checked here, before the first position is reached: a bad option or record throws at the call.
  if (options !== null && typeof options === 'object' && 'wld' in options)
    throw new OptionError('wld', "not an option of an analysis: every move's loss needs its exact score");
  const { from, level } = resolveOptions(options, 'analyze-library', ['signal', 'onFailure', 'watcher']); // the values, the combinations, the weights file
  const replayed = gameArgument(game);
  return analyzeReplayed(replayed, from, suiteOptionsOf(options), level, options.moveTime);
}

/** The options analyzeGame hands solveSuite for the exact rows: its own, less `from` and the level's (the level estimates before `from` only). */
function suiteOptionsOf(options: AnalyzeOptions): SuiteOptions {
  const { from: _from, level: _level, moveTime: _moveTime, ...suite } = options;
  return suite;
}

/** The game argument: a record as text (replayed), or a game replayGame gave. */
function gameArgument(game: unknown): Game {
  if (typeof game === 'string') return replayGame(game);
  const moves = (game as Game | null)?.moves;
  if (!Array.isArray(moves) || moves.some((m) => typeof m?.move !== 'number' || typeof m?.position !== 'object')) {
    throw new RecordError(0, `the game: a record as text (as f5d6c3) or a game from replayGame, not ${describe(game)}`);
  }
  return game as Game;
}

/**
 * The analysis (analysis.ts) with every child a position of a suite on the
 * worker pool, in the order played. With a level, the positions before
 * `from` too: each move's child searched at the level (solve --level's
 * search), exact where the level solves the child.
 */
async function* analyzeReplayed(
  game: Game,
  from: number,
  suite: SuiteOptions,
  level?: number,
  moveTime?: number,
): AsyncGenerator<MoveAnalysis> {
  const estimate =
    level === undefined
      ? {}
      : {
          estimate: {
            depth: level,
            run: (p: Position, moves: readonly number[]) => levelEstimate(p, moves, { ...suite, level, moveTime }),
          },
        };
  yield* analyseMoves(game, from, {
    ...estimate,
    async *solve(work) {
      const entries: ObfEntry[] = work.map((w) => ({ line: 0, position: play(w.parent, w.move), answers: [] }));
      for await (const r of solveSuite(entries, { ...suite, keepTable: true, order: 'input' })) {
        const w = work[r.index - 1];
        yield { at: w.at, move: w.move, score: r.score, nodes: r.nodes };
      }
    },
  });
}

/** Each move of `position` scored by searching its child at the options' level, on the pool: a row's scores, its shallowest depth (plies from the position) and lowest confidence. */
async function levelEstimate(position: Position, moves: readonly number[], suite: SuiteOptions): Promise<LevelEstimate> {
  const entries: ObfEntry[] = moves.map((m) => ({ line: 0, position: play(position, m), answers: [] }));
  const scores = new Map<number, number>();
  let depth = Number.POSITIVE_INFINITY;
  let confidence = 100;
  let exact = true;
  let nodes = 0;
  for await (const r of solveSuite(entries, { ...suite, keepTable: false, order: 'input' })) {
    scores.set(moves[r.index - 1], 0 - r.score);
    nodes += r.nodes;
    if (r.estimate) {
      exact = false;
      depth = Math.min(depth, r.estimate.depth + 1);
      confidence = Math.min(confidence, r.estimate.confidence);
    }
  }
  return { scores, exact, depth: exact ? emptyCount(position) : depth, confidence, nodes };
}
