/**
 * One position at a time in this thread: a Solver holds a search context
 * (its table, the evaluator of its weights) and solves positions on it, as
 * one worker of the pool does. For many positions on several threads, see
 * solveSuite (pool/suite.ts).
 */

import { searchEvaluator } from '../eval/files.js';
import type { ObfAnswer, ObfEntry } from '../position/obf.js';
import { answersArgument } from '../position/obf.js';
import { type Position, positionArgument } from '../position/position.js';
import { SearchContext } from '../search/context.js';
import { DfpnTable } from '../search/dfpn.js';
import { selectiveEnd } from '../search/root.js';
import { createTable, MIN_BITS } from '../search/table.js';
import { runSettingsOf } from '../settings/index.js';
import { WasmSearch } from '../wasm/lower.js';
import { type ResolvedOptions, resolveOptions, type SolveOptions } from './options.js';
import { type PositionResult, solveOne } from './solve.js';

export class Solver {
  readonly options: ResolvedOptions;
  private readonly ctx: SearchContext;
  /** df-pn's table (prover 'dfpn'), of the hashBits; the search's own is then the smallest, for df-pn's leaves. */
  private readonly dfpn: DfpnTable | undefined;
  private solved = 0;

  constructor(options: SolveOptions = {}) {
    this.options = resolveOptions(options, 'solver');
    const o = this.options;
    const evaluator = searchEvaluator(o.weights);
    this.dfpn = o.prover === 'dfpn' ? new DfpnTable(o.hashBits) : undefined;
    const bits = this.dfpn ? MIN_BITS : o.hashBits;
    const below = o.engine === 'wasm' ? WasmSearch.create(bits, o.tableLayout, evaluator) : null;
    this.ctx = new SearchContext({
      ...runSettingsOf(o),
      table: below ? below.table : createTable(bits, o.tableLayout),
      evaluator,
      below,
      weightsDigest: o.weights?.digest ?? null,
    });
  }

  /**
   * Solves a position exactly (with the `wld` option: who wins, its score the proven bound; a Position, or its text: 64 squares then X or
   * O): score, best move, principal variation, nodes, time and table
   * statistics. Answers, when given, are checked (`ok`).
   */
  solve(position: Position | string, answers: readonly ObfAnswer[] = []): PositionResult {
    const p = positionArgument(position);
    return solveOne(this.ctx, p, answersArgument(answers, p), ++this.solved, 0, {
      keepTable: this.options.keepTable,
      root: this.options.root,
      wld: this.options.wld,
      dfpn: this.dfpn,
    });
  }

  /**
   * The score and move of the selective pre-searches alone, to the end of
   * the game at the margins of the options' `selectivity` (an estimate: a
   * level's end search below 100 %, search/root.ts selectiveEnd).
   */
  estimate(position: Position | string): { score: number; move: number; nodes: number } {
    return selectiveEnd(this.ctx, positionArgument(position));
  }

  /** Solves an OBF entry and checks its answers; `index` is its 1-based place in the suite. */
  solveEntry(entry: ObfEntry, index: number): PositionResult {
    this.solved = index;
    return solveOne(this.ctx, entry.position, entry.answers, index, entry.line, {
      keepTable: this.options.keepTable,
      root: this.options.root,
      wld: this.options.wld,
      dfpn: this.dfpn,
    });
  }
}

/** Solves one position with a Solver of its own (a fresh table each call: for many positions, keep a Solver). */
export function solvePosition(position: Position | string, options: SolveOptions = {}): PositionResult {
  return new Solver(options).solve(position);
}
