/**
 * One position on several workers: young-brothers-wait split search, driven
 * from this thread. The top of the tree (above LEAF_EMPTIES empties) is
 * walked here; below it each null-window search is a task for a worker. At
 * every node the eldest move (hash move, else the best by ordering) is
 * searched first and alone; if it does not cut, its brothers are searched in
 * parallel, and the first to cut stops the others. All tasks of a position
 * share one table (SharedArrayBuffer), so that what one worker proves the
 * others read. Each node of the walk does what a worker's null-window node
 * does before its children (nws.ts, openNode: table, stability, ETC,
 * ordering). The root runs the same null-window probes as the single-thread
 * solver, from the first guess a worker makes (shallow search, selective
 * pre-searches); once the score is known, one worker walks the principal
 * variation down (root.ts, keepLine), mostly from the table.
 */

import { SearchCancelled } from '../errors.js';
import type { Evaluator } from '../eval/weights.js';
import type { ObfEntry } from '../position/obf.js';
import { emptyCount, placedHi, placedLo } from '../position/position.js';
import { LIVE_NODES, SearchContext } from '../search/context.js';
import { parityOf } from '../search/leaves.js';
import { LIST_READY, MUST_PASS, openNode } from '../search/nws.js';
import { selectMove } from '../search/ordering.js';
import { ScoreProbes } from '../search/root.js';
import { LIST } from '../search/state.js';
import { costOf, NO_MOVE, nodeHash, STAT_CUTOFFS, STAT_HITS, STAT_PROBES, type Table } from '../search/table.js';
import { WldProbes, wldOf } from '../search/wld.js';
import type { RunSettingValues } from '../settings/index.js';
import { check, engineOf, type PositionResult, tableStats } from '../solve/solve.js';
import type { EngineShare } from '../wasm/lower.js';
import type { TaskRunner } from './slots.js';
import type { EngineCount, GuessTaskResult, NwsResult, PvResult, TaskInput } from './tasks.js';

// The split's task size: search/constants.ts.
export { LEAF_EMPTIES } from '../search/constants.js';

import { LEAF_EMPTIES } from '../search/constants.js';

/** Cancels, at once, every task below the nodes of a subtree. */
class Group<H> {
  cancelled = false;
  readonly jobs = new Set<H>();
  readonly children = new Set<Group<H>>();

  constructor(
    private readonly scheduler: TaskRunner<TaskInput, H>,
    private readonly parent?: Group<H>,
  ) {
    if (parent) {
      parent.children.add(this);
      this.cancelled = parent.cancelled;
    }
  }

  cancel(): void {
    this.cancelled = true;
    for (const j of this.jobs) this.scheduler.cancel(j);
    for (const g of this.children) g.cancel();
  }

  close(): void {
    this.parent?.children.delete(this);
  }
}

/**
 * Move lists of the walk's open nodes. The walk searches brothers
 * concurrently on one context, so a node's moves cannot stay in the
 * context's list for its empties count (the next node of that count
 * overwrites it while this one awaits): each open node takes a list of its
 * own here when its moves are known and gives it back when it returns.
 * Preallocated; doubled when the walk has more nodes open than ever before.
 */
class WalkLists {
  sq = new Int32Array(LIST * 64);
  fh = new Int32Array(LIST * 64);
  fl = new Int32Array(LIST * 64);
  private free = Int32Array.from({ length: 64 }, (_, i) => (63 - i) * LIST);
  private freeCount = 64;

  /** A list's first slot. */
  take(): number {
    if (this.freeCount === 0) this.grow();
    return this.free[--this.freeCount];
  }

  give(at: number): void {
    this.free[this.freeCount++] = at;
  }

  private grow(): void {
    const lists = this.sq.length / LIST;
    for (const k of ['sq', 'fh', 'fl'] as const) {
      const bigger = new Int32Array(2 * lists * LIST);
      bigger.set(this[k]);
      this[k] = bigger;
    }
    const free = new Int32Array(2 * lists);
    free.set(this.free);
    for (let i = 0; i < lists; i++) free[this.freeCount++] = (2 * lists - 1 - i) * LIST;
    this.free = free;
  }
}

export interface SharedTableRef {
  readonly id: number;
  /**
   * The table's memory: a SharedArrayBuffer (the TypeScript engine's tasks)
   * or a shared engine memory (the WebAssembly engine's: `engine`); both
   * null: the tasks run on their workers' own tables (the queue: no memory
   * is shared between machines).
   */
  readonly buffer: SharedArrayBuffer | null;
  readonly engine?: EngineShare;
  /** This thread's view. */
  readonly table: Table;
}

export class SplitSearch<H> {
  /** Nodes of finished tasks and of the walk here. */
  nodes = 0;
  /** Of those, the nodes the tasks' WebAssembly engine counted in its own memory. */
  engineNodes = 0;
  lower = -64;
  upper = 64;
  move = NO_MOVE;
  /** The first guess once made: an estimate, not proven, and its move (-1: none); null before. */
  guess: { score: number; move: number } | null = null;
  private readonly stats = new Float64Array(7);
  private seq = 0;
  private date = 0;
  private readonly root: Group<H>;
  /** The walk's own search: exact, on the shared table, ordering as the workers do. */
  private readonly ctx: SearchContext;
  private readonly lists = new WalkLists();
  private readonly wld: boolean;

  constructor(
    private readonly scheduler: TaskRunner<TaskInput, H>,
    private readonly shared: SharedTableRef,
    evaluator: Evaluator | null,
    /** Priority of the position's tasks. */
    private readonly rank: number,
    readonly index: number,
    /** The run's settings, as its tasks carry them (settings.ts runSettingsOf): the walk searches as the workers do. */
    run: Partial<RunSettingValues> = {},
    /** Subtrees at or below this many empties are one task each. */
    private readonly leafEmpties = LEAF_EMPTIES,
  ) {
    this.root = new Group(scheduler);
    // Win/loss/draw only: the root's probes are WldProbes (the PV task knows it from the run's settings).
    this.wld = run.wld ?? false;
    // The walk runs no pre-searches: the first guess (a task) does.
    this.ctx = new SearchContext({ ...run, selectivity: [], table: shared.table, evaluator });
  }

  /** Nodes so far, counting those of the tasks still running. */
  liveNodes(): number {
    return this.nodes + this.scheduler.liveSum(this.index, LIVE_NODES);
  }

  /** Stops every task of this position: the promise of `solve` then rejects with SearchCancelled. */
  cancel(): void {
    this.root.cancel();
  }

  async solve(entry: ObfEntry, keepTable: boolean): Promise<PositionResult> {
    const t0 = performance.now(); // a global of Node and of the page
    const table = this.shared.table;
    if (!keepTable) table.clear();
    table.newSearch();
    this.date = table.date;
    const { hi: ph, lo: pl } = entry.position.player;
    const { hi: oh, lo: ol } = entry.position.opponent;
    const empties = emptyCount(entry.position);
    // The first guess (and the selective pre-searches behind it) on one worker.
    const guess = await this.scheduler.run<GuessTaskResult & EngineCount>(
      this.sharedTask({ kind: 'guess' as const, ph, pl, oh, ol }),
      this.rank,
    );
    if (!guess || this.root.cancelled) throw new SearchCancelled();
    this.nodes += guess.nodes;
    this.engineNodes += guess.engineNodes ?? 0;
    this.guess = { score: guess.score, move: guess.move };
    // The split root always probes (ScoreProbes, WldProbes): a run with another root strategy solves positions whole.
    const context = { ...guess.context, keepTable, root: 'probes' as const };
    const probes = this.wld ? new WldProbes(guess.score) : new ScoreProbes(guess.score);
    try {
      while (!probes.done) {
        const g = probes.next();
        const r = await this.node(ph, pl, oh, ol, g - 1, empties, this.root, []);
        // A cancelled walk returns a meaningless value: never an answer.
        if (this.root.cancelled) throw new SearchCancelled();
        probes.answer(g, r);
        this.lower = probes.lower;
        this.upper = probes.upper;
      }
      const known = probes instanceof WldProbes ? probes.bound : probes.lower;
      const pv = await this.scheduler.run<PvResult>(this.sharedTask({ kind: 'pv' as const, ph, pl, oh, ol, score: known }), this.rank);
      if (!pv || this.root.cancelled) throw new SearchCancelled();
      this.nodes += pv.nodes;
      this.engineNodes += pv.engineNodes ?? 0;
      const move = pv.pv.length > 0 ? pv.pv[0] : NO_MOVE;
      const s = table.stats;
      s[STAT_PROBES] += this.stats[STAT_PROBES];
      s[STAT_HITS] += this.stats[STAT_HITS];
      s[STAT_CUTOFFS] += this.stats[STAT_CUTOFFS];
      const wld = this.wld ? wldOf(pv.score) : undefined;
      return {
        index: this.index,
        line: entry.line,
        empties,
        move,
        score: pv.score,
        ...(wld ? { wld } : {}),
        ...check(entry.answers, pv.score, move, pv.pv.length === 0, wld),
        nodes: this.nodes,
        ms: performance.now() - t0,
        pv: pv.pv,
        table: tableStats(table),
        engine: engineOf(this.engineNodes),
        engineNodes: this.engineNodes,
        context,
      };
    } finally {
      this.root.cancel();
    }
  }

  private sharedTask<T extends object>(t: T) {
    return {
      ...t,
      index: this.index,
      // The table's size is the run's (hashBits, tableLayout: the tasks' common settings), which made the shared table.
      table: this.shared.buffer,
      engineShare: this.shared.engine ?? null,
      tableId: this.shared.id,
      date: this.date,
    };
  }

  /** Null-window search (alpha, alpha + 1), fail-soft; meaningless once `group` is cancelled. */
  private async node(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    alpha: number,
    empties: number,
    group: Group<H>,
    path: readonly number[],
  ): Promise<number> {
    if (alpha >= 64) return 64;
    if (alpha < -64) return -64;
    if (empties <= this.leafEmpties) return this.leaf(ph, pl, oh, ol, alpha, empties, group, path);
    this.nodes++;
    const table = this.shared.table;
    const hash = nodeHash(ph, pl, oh, ol, empties, this.ctx.smallRegion, table.stats);
    // The same first half as a worker's null-window node (table, stability,
    // ETC, ordering); its children then go to the workers.
    const st = this.ctx.state;
    const nodes0 = st.nodes[0];
    if (empties >= this.ctx.evalFrom) this.ctx.evaluator!.load(empties, ph, pl, oh, ol);
    const open = openNode(this.ctx, ph, pl, oh, ol, alpha, empties, parityOf(ph, pl, oh, ol), hash);
    this.nodes += st.nodes[0] - nodes0; // sorting searches
    if (open < MUST_PASS) return open;
    if (open === MUST_PASS) return (0 - (await this.node(oh, ol, ph, pl, (0 - alpha - 1) | 0, empties, group, path))) | 0;
    // The moves, in order, into a list of this node's own (WalkLists): the walk awaits below.
    const n = open - LIST_READY;
    const base = empties * LIST;
    const lists = this.lists;
    const at = lists.take();
    for (let i = 0; i < n; i++) {
      selectMove(st, base + i, base + n);
      lists.sq[at + i] = st.listSq[base + i];
      lists.fh[at + i] = st.listFh[base + i];
      lists.fl[at + i] = st.listFl[base + i];
    }
    const mine = new Group(this.scheduler, group);
    const beta = (0 - alpha - 1) | 0;
    const search = (i: number) => {
      const x = lists.sq[at + i];
      const fh = lists.fh[at + i];
      const fl = lists.fl[at + i];
      return this.node(oh ^ fh, ol ^ fl, placedHi(ph, fh, x), placedLo(pl, fl, x), beta, empties - 1, mine, [...path, i]);
    };
    let best = -65;
    let bestMove = NO_MOVE;
    try {
      // The eldest alone; then, if it did not cut, its brothers together.
      best = (0 - (await search(0))) | 0;
      bestMove = lists.sq[at];
      if (group.cancelled) return 0;
      if (best <= alpha && n > 1)
        ({ best, move: bestMove } = await this.brothers(n, search, lists.sq.subarray(at, at + n), group, mine, alpha, best, bestMove));
    } finally {
      mine.close();
      lists.give(at);
    }
    if (group.cancelled) return 0;
    if (path.length === 0 && best > alpha) this.move = bestMove;
    // The walk's nodes sit above everything the workers search: the highest cost keeps them.
    // A node of one move stores nothing, as a worker's (nws.ts).
    if (n > 1) table.record(ph, pl, oh, ol, hash, empties, 0, alpha, alpha + 1, best, bestMove, 32);
    return best;
  }

  /**
   * The younger brothers 1 … n - 1 of a node that its eldest did not cut,
   * searched together until one cuts (a score above alpha), all are in or
   * the node's group is cancelled: the best score and move among them and
   * the eldest's. The others are cancelled once it is known.
   */
  private brothers(
    n: number,
    search: (i: number) => Promise<number>,
    moves: Int32Array,
    group: Group<H>,
    mine: Group<H>,
    alpha: number,
    best: number,
    bestMove: number,
  ): Promise<{ best: number; move: number }> {
    return new Promise((resolve, reject) => {
      let pending = n - 1;
      let settled = false;
      for (let i = 1; i < n; i++) {
        search(i).then(
          (r) => {
            if (settled) return;
            const score = (0 - r) | 0;
            if (!group.cancelled && score > best) {
              best = score;
              bestMove = moves[i];
            }
            if (group.cancelled || score > alpha || --pending === 0) {
              settled = true;
              mine.cancel(); // a cut: the other brothers are no longer needed
              resolve({ best, move: bestMove });
            }
          },
          (e) => {
            if (settled) return;
            settled = true;
            mine.cancel();
            reject(e);
          },
        );
      }
    });
  }

  private async leaf(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    alpha: number,
    empties: number,
    group: Group<H>,
    path: readonly number[],
  ): Promise<number> {
    if (group.cancelled) return 0;
    // Tasks on their workers' own tables (the queue): the walk's table keeps
    // what each task proved of its subtree, so that a later probe of the
    // root with another window sends again only what it does not know.
    // (With a shared table the worker finds it there itself.)
    const own = this.shared.buffer === null && this.shared.engine === undefined;
    const table = this.shared.table;
    const hash = own ? nodeHash(ph, pl, oh, ol, empties, this.ctx.smallRegion, table.stats) : 0;
    if (own && table.probe(ph, pl, oh, ol, hash) >= 0 && this.ctx.trustsBounds()) {
      if (table.lower() > alpha) return table.lower();
      if (table.upper() <= alpha) return table.upper();
    }
    let job: H | undefined;
    const task = this.sharedTask({ kind: 'nws' as const, ph, pl, oh, ol, alpha, empties, seq: this.seq++ });
    const r = await this.scheduler.run<NwsResult>(
      task,
      this.rank,
      (j) => {
        job = j;
        group.jobs.add(j);
      },
      path,
    );
    group.jobs.delete(job!);
    if (!r) {
      // Cancelled: by a cut above (the group says so), else from outside (an abort of the runner).
      if (group.cancelled) return 0;
      this.cancel();
      throw new SearchCancelled();
    }
    this.nodes += r.nodes;
    this.engineNodes += r.engineNodes ?? 0;
    this.stats[STAT_PROBES] += r.probes;
    this.stats[STAT_HITS] += r.hits;
    this.stats[STAT_CUTOFFS] += r.cutoffs;
    if (own && !group.cancelled) table.record(ph, pl, oh, ol, hash, empties, 0, alpha, alpha + 1, r.score, NO_MOVE, costOf(r.nodes));
    return r.score;
  }
}
