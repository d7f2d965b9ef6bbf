/**
 * The page's solves, on its pool of Web Workers: one position's best move
 * (a whole solve on one worker, or split over all of them on one shared
 * table: src/pool/split.ts, as the command line splits), or every legal
 * move's exact score (each child a whole solve on a worker's own table).
 */

import { SearchCancelled } from '../src/errors.js';
import { searchEvaluator, sharedWeights, type WeightsBytes } from '../src/eval/format.js';
import type { Evaluator } from '../src/eval/weights.js';
import { createSplitTable, splitEngine, splits } from '../src/pool/policy.js';
import { LEAF_EMPTIES, type SharedTableRef, SplitSearch } from '../src/pool/split.js';
import type { EstimateResult } from '../src/pool/tasks.js';
import type { Position } from '../src/position/position.js';
import { emptyCount, play } from '../src/position/position.js';
import { LIVE_GUESS, LIVE_GUESS_MOVE, LIVE_GUESS_STAGE, LIVE_LOWER, LIVE_MOVE, LIVE_NODES, LIVE_UPPER } from '../src/search/context.js';
import { NO_MOVE, tableBytes } from '../src/search/table.js';
import { DEFAULT_LAYOUT, defaults, PLAIN_HOST, type RunSettingValues, runSettingsOf, type SettingValues } from '../src/settings/index.js';
import type { PositionResult } from '../src/solve/solve.js';
import { provideEngine } from '../src/wasm/engine.js';
import { WebPool } from './pool.js';

const LAYOUT = DEFAULT_LAYOUT;

/** What the page's form sets, under the settings table's keys (the rest are the table's defaults). */
export type PageSettings = Pick<SettingValues, 'hashBits' | 'workers' | 'engine'>;

/** Bytes of the tables a page solver of these settings holds or has its workers make: one per worker, and (shared memory, several workers) the split table. */
export function tableMemoryOf(s: PageSettings, shared: boolean): number {
  return tableBytes(s.hashBits, LAYOUT) * (s.workers + (shared && s.workers > 1 ? 1 : 0));
}

/** The first guess's estimate while a solve runs: not proven; its move (-1: none yet) and stage (1: the shallow search, 1 + k: the k-th pre-search). */
export interface Estimate {
  readonly score: number;
  readonly move: number;
  readonly stage: number;
}

/** What the display reads while a solve runs. */
export interface Progress {
  nodes(): number;
  bounds(): { lower: number; upper: number; move: number };
  estimate(): Estimate | null;
}

/** The estimate in a position's live fields (its tasks' summed: only the root's are not 0), or null before any. */
function liveEstimate(pool: WebPool, index: number): Estimate | null {
  const stage = pool.liveSum(index, LIVE_GUESS_STAGE);
  if (!(stage > 0)) return null;
  return { score: pool.liveSum(index, LIVE_GUESS), move: pool.liveSum(index, LIVE_GUESS_MOVE) - 1, stage };
}

/** Stopped by the user: not an error. */
export class Stopped extends Error {
  override name = 'Stopped';
}

export class PageSolver {
  readonly pool: WebPool;
  private evaluator: Evaluator | null | undefined;
  private readonly weights: WeightsBytes;
  /** The split positions' shared table (made at the first split, kept). */
  private splitTable: SharedTableRef | undefined;
  private stopping = false;
  private split: SplitSearch<unknown> | undefined;
  /** The run's settings (the table's defaults, but for the table and the engine the page chose): its tasks' and its split walk's. */
  private readonly run: RunSettingValues;

  constructor(
    readonly settings: PageSettings,
    /** Cross-origin isolated: shared memory between the workers. */
    readonly shared: boolean,
    module: WebAssembly.Module | null,
    weights: WeightsBytes,
    workerUrl: URL,
  ) {
    if (module) provideEngine(module);
    // Several workers sharing memory: the weights are expanded once, here, and every worker's evaluator reads them.
    if (shared && settings.workers > 1) ({ weights, evaluator: this.evaluator } = sharedWeights(weights));
    this.weights = weights;
    this.run = runSettingsOf({ ...defaults(PLAIN_HOST), ...settings, tableLayout: LAYOUT });
    this.pool = new WebPool(settings.workers, shared, module, { ...this.run, weights }, workerUrl);
  }

  /**
   * Has every worker make its table (and engine) for whole positions now:
   * the page awaits it before a solve's clock starts, so that allocating a
   * large table is not counted as solving.
   */
  async prepare(): Promise<void> {
    if (this.shared && this.settings.workers > 1) this.sharedTable(); // a split's table, in this thread
    await Promise.all(
      Array.from({ length: this.settings.workers }, (_, i) =>
        this.pool.run({ kind: 'prepare', index: i + 1, ph: 0, pl: 0, oh: 0, ol: 0 }, i),
      ),
    );
  }

  /** Bytes of the tables this solver holds or its workers make: one per worker, and the split table. */
  tableMemory(): number {
    return tableMemoryOf(this.settings, this.shared);
  }

  private walkEvaluator(): Evaluator | null {
    if (this.evaluator === undefined) this.evaluator = searchEvaluator(this.weights);
    return this.evaluator;
  }

  private sharedTable(): SharedTableRef {
    const { hashBits, engine, workers } = this.settings;
    this.splitTable ??= createSplitTable(0, hashBits, LAYOUT, splitEngine(engine, workers), this.walkEvaluator());
    return this.splitTable;
  }

  /** Whether a position is split over the workers: the run policy's auto for a lone position, where memory is shared. */
  splits(position: Position): boolean {
    return this.shared && splits('auto', emptyCount(position), LEAF_EMPTIES, 1, this.settings.workers);
  }

  /** The best move, exact score and PV; `watch` is given what the display reads. */
  async solveBest(position: Position, watch: (p: Progress) => void): Promise<PositionResult> {
    this.stopping = false;
    const entry = { line: 0, position, answers: [] };
    if (this.splits(position)) {
      const search = new SplitSearch(this.pool, this.sharedTable(), this.walkEvaluator(), 0, 1, this.run);
      this.split = search as SplitSearch<unknown>;
      let estimate: Estimate | null = null;
      watch({
        nodes: () => search.liveNodes(),
        bounds: () => ({ lower: search.lower, upper: search.upper, move: search.move }),
        // The guess task's live fields while it runs; its result once it has.
        estimate: () => {
          estimate = search.guess ? { ...search.guess, stage: estimate?.stage ?? 1 } : (liveEstimate(this.pool, 1) ?? estimate);
          return estimate;
        },
      });
      try {
        const r = await search.solve(entry, false);
        if (this.stopping) throw new Stopped(); // finished as Stop came: its value is not taken
        return r;
      } catch (e) {
        if (this.stopping || e instanceof SearchCancelled) throw new Stopped();
        throw e;
      } finally {
        this.split = undefined;
      }
    }
    const pool = this.pool;
    watch({
      nodes: () => pool.liveSum(1, LIVE_NODES),
      bounds: () => ({
        lower: pool.liveSum(1, LIVE_LOWER, -64),
        upper: pool.liveSum(1, LIVE_UPPER, 64),
        move: pool.liveSum(1, LIVE_MOVE, NO_MOVE),
      }),
      estimate: () => liveEstimate(pool, 1),
    });
    const r = await this.solveWhole(position, 1, 0);
    if (!r || this.stopping) throw new Stopped();
    return r;
  }

  private solveWhole(position: Position, index: number, rank: number): Promise<PositionResult | null> {
    const { player, opponent, toMove } = position;
    return this.pool
      .run<PositionResult>(
        {
          kind: 'solve',
          index,
          line: 0,
          ph: player.hi,
          pl: player.lo,
          oh: opponent.hi,
          ol: opponent.lo,
          toMove,
          answers: [],
          keepTable: false,
        },
        rank,
      )
      .catch((e) => {
        if (this.stopping) return null;
        throw e;
      });
  }

  /**
   * The exact scores of `moves` (legal moves of the side to move), each
   * child solved on a worker in the order given, reported as each is known
   * (the child's own result: its score is the mover's, negated); resolves
   * when all are, or rejects with Stopped.
   */
  async solveEvery(
    position: Position,
    moves: readonly number[],
    onChild: (move: number, child: PositionResult) => void,
    watch: (p: Progress) => void,
  ): Promise<void> {
    this.stopping = false;
    const pool = this.pool;
    let done = 0;
    const indices = moves.map((_, i) => i + 1);
    watch({
      nodes: () => done + indices.reduce((s, i) => s + pool.liveSum(i, LIVE_NODES), 0),
      bounds: () => ({ lower: -64, upper: 64, move: NO_MOVE }),
      estimate: () => null,
    });
    await Promise.all(
      moves.map(async (move, i) => {
        const r = await this.solveWhole(play(position, move), i + 1, i);
        if (!r) return;
        done += r.nodes;
        onChild(move, r);
      }),
    );
    if (this.stopping) throw new Stopped();
  }

  /**
   * Estimates of `moves` (legal moves of the side to move): a `depth`-ply
   * search of each child with the evaluator, on the workers (the child's
   * own score, in discs), reported as each is known; rejects with Stopped.
   */
  async estimateEvery(
    position: Position,
    moves: readonly number[],
    depth: number,
    onChild: (move: number, score: number) => void,
  ): Promise<void> {
    this.stopping = false;
    await Promise.all(
      moves.map(async (move, i) => {
        const { player, opponent } = play(position, move);
        const r = await this.pool
          .run<EstimateResult>(
            {
              kind: 'estimate',
              index: i + 1,
              ph: player.hi,
              pl: player.lo,
              oh: opponent.hi,
              ol: opponent.lo,
              depth,
            },
            i,
          )
          .catch((e) => {
            if (this.stopping) return null;
            throw e;
          });
        if (r) onChild(move, r.score);
      }),
    );
    if (this.stopping) throw new Stopped();
  }

  /** Stops the running solve: the workers stop searching (a flag, or they are replaced). */
  stop(): void {
    this.stopping = true;
    this.split?.cancel();
    this.pool.cancelAll();
  }

  terminate(): void {
    this.stop();
    this.pool.terminate();
  }
}
