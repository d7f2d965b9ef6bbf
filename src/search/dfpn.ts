/**
 * Depth-first proof-number search (df-pn, Nagai 2002), a second prover of
 * win/loss/draw beside alpha-beta: it expands the child with the fewest
 * proofs to go instead of the best-ordered one. A goal is "the side to
 * move scores at least t"; at its children the other side's goal is
 * "at least 1 - t" (scores are whole: the mover reaches t unless some
 * reply holds it to t - 1 or less, i.e. unless the replier reaches 1 - t).
 * A win is the goal t = 1 proven, a loss t = 0 disproven, a draw t = 1
 * disproven and t = 0 proven: two searches at most.
 *
 * Proof and disproof numbers, in negamax form: a node's pn is the least
 * dn of its children, its dn the sum of their pns. The children's
 * thresholds use the 1 + epsilon trick (Pawlewicz and Lew, 2007): the
 * chosen child may run until its dn passes (1 + EPSILON) times the second
 * best's, not just one more, which saves most of the re-expansions of
 * plain df-pn. Positions of DFPN_LEAF empties or fewer are decided by a
 * null-window alpha-beta search at the goal (their nodes count), as
 * proof-number searches of games usually end in a fast solver.
 *
 * The numbers live in a fixed-size table of 2^bits entries (DfpnTable),
 * four-way buckets as the search's table, keyed by the whole position and
 * the goal (a collision can never prove anything); a full bucket gives up
 * its least-worked unproven entry, and a proven or disproven entry only to
 * another when every entry of the bucket is one.
 */
import { flips, moves } from 'native-free-bitboard';
import { finalScore, PASS, placedHi, placedLo } from '../position/position.js';
import { LIVE_LOWER, LIVE_NODES, LIVE_UPPER, type SearchContext } from './context.js';
import { setupEmpties } from './leaves.js';
import { searchNull } from './nws.js';
import { wldLineOf } from './root.js';
import { hashPosition } from './table.js';
import type { Wld } from './wld.js';

/** Positions of this many empties or fewer are decided by alpha-beta. */
export const DFPN_LEAF = 10;
/** The 1 + epsilon trick's epsilon. */
export const EPSILON = 0.25;
/** Proof numbers saturate here: a proof number of INF is a disproof. */
export const INF = 0x3fffffff;

const WORDS = 8; // ph, pl, oh, ol, goal + 1 (0: empty), pn, dn, work
const WAYS = 4;

export const DFPN_PROBES = 0;
export const DFPN_HITS = 1;
export const DFPN_STORES = 2;
export const DFPN_OVERWRITES = 3;
/** Stores into an empty entry: with no clear in between, the entries in use. */
export const DFPN_FILLED = 4;

/** The proof and disproof numbers of (position, goal) pairs, 2^bits entries of 32 bytes. */
export class DfpnTable {
  readonly words: Int32Array;
  private readonly mask: number;
  /** probes, hits, stores, overwrites, filled (DFPN_*). */
  readonly stats = new Float64Array(5);
  /** What the last lookup found (pn, dn), when it returned true. */
  pn = 1;
  dn = 1;

  constructor(readonly bits: number) {
    this.words = new Int32Array(2 ** bits * WORDS);
    this.mask = (2 ** bits - 1) & ~(WAYS - 1);
  }

  get bytes(): number {
    return this.words.byteLength;
  }

  clear(): void {
    this.words.fill(0);
    this.stats.fill(0);
  }

  /** Entries in use, and of them the proven or disproven ones. */
  fill(): { used: number; decided: number } {
    const w = this.words;
    let used = 0;
    let decided = 0;
    for (let i = 0; i < w.length; i += WORDS) {
      if (w[i + 4] === 0) continue;
      used++;
      if (w[i + 5] === 0 || w[i + 6] === 0) decided++;
    }
    return { used, decided };
  }

  private bucket(ph: number, pl: number, oh: number, ol: number, goal: number): number {
    return ((hashPosition(ph, pl, oh, ol) ^ Math.imul(goal + 1, 0x27d4eb2f)) & this.mask) * WORDS;
  }

  /** Whether (position, goal) is in the table; its numbers are then in pn, dn. */
  lookup(ph: number, pl: number, oh: number, ol: number, goal: number): boolean {
    const w = this.words;
    const b = this.bucket(ph, pl, oh, ol, goal);
    this.stats[DFPN_PROBES]++;
    for (let i = b; i < b + WAYS * WORDS; i += WORDS) {
      if (w[i + 4] === goal + 1 && w[i] === ph && w[i + 1] === pl && w[i + 2] === oh && w[i + 3] === ol) {
        this.pn = w[i + 5];
        this.dn = w[i + 6];
        this.stats[DFPN_HITS]++;
        return true;
      }
    }
    return false;
  }

  store(ph: number, pl: number, oh: number, ol: number, goal: number, pn: number, dn: number, work: number): void {
    const w = this.words;
    const b = this.bucket(ph, pl, oh, ol, goal);
    this.stats[DFPN_STORES]++;
    let victim = -1;
    let victimRank = Infinity;
    for (let i = b; i < b + WAYS * WORDS; i += WORDS) {
      if (w[i + 4] === goal + 1 && w[i] === ph && w[i + 1] === pl && w[i + 2] === oh && w[i + 3] === ol) {
        victim = i;
        break;
      }
      if (w[i + 4] === 0) {
        if (victimRank > -1) {
          victim = i;
          victimRank = -1;
        }
        continue;
      }
      // Unproven entries go first, the least worked of them; decided ones last.
      const rank = (w[i + 5] === 0 || w[i + 6] === 0 ? 2 ** 31 : 0) + w[i + 7];
      if (rank < victimRank) {
        victim = i;
        victimRank = rank;
      }
    }
    if (w[victim + 4] === 0) this.stats[DFPN_FILLED]++;
    else if (!(w[victim + 4] === goal + 1 && w[victim] === ph && w[victim + 1] === pl && w[victim + 2] === oh && w[victim + 3] === ol))
      this.stats[DFPN_OVERWRITES]++;
    w[victim] = ph;
    w[victim + 1] = pl;
    w[victim + 2] = oh;
    w[victim + 3] = ol;
    w[victim + 4] = goal + 1;
    w[victim + 5] = pn;
    w[victim + 6] = dn;
    w[victim + 7] = Math.min(work, 0x7fffffff);
  }
}

const MAX_DEPTH = 130; // 60 moves and their passes, with room
const MAX_MOVES = 34;
const M = new Int32Array(2);
const F = new Int32Array(2);

const add = (a: number, b: number) => Math.min(INF, a + b);

function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * One df-pn search on a context (its state counts the nodes; its engine
 * decides the leaves) and a DfpnTable. Children's positions per depth are
 * preallocated: the search allocates nothing per node.
 */
export class Dfpn {
  /** The numbers the last mid() left for its node. */
  private pn = 0;
  private dn = 0;
  private stopped = false;
  private readonly child = new Int32Array(MAX_DEPTH * MAX_MOVES * 4);
  private readonly childMove = new Int32Array(MAX_DEPTH * MAX_MOVES);
  /** The children's numbers while their node is open (each read from the table once, then as their searches leave them). */
  private readonly childPn = new Int32Array(MAX_DEPTH * MAX_MOVES);
  private readonly childDn = new Int32Array(MAX_DEPTH * MAX_MOVES);

  constructor(
    private readonly ctx: SearchContext,
    readonly table: DfpnTable,
  ) {}

  get nodes(): number {
    return this.ctx.state.nodes[0];
  }

  /** Whether the side to move of (ph, pl, oh, ol) scores at least `goal`; null when stopped. */
  prove(ph: number, pl: number, oh: number, ol: number, goal: number, empties: number): boolean | null {
    this.stopped = false;
    this.mid(ph, pl, oh, ol, goal, empties, INF, INF, 0);
    if (this.stopped) return null;
    return this.pn === 0;
  }

  /**
   * The numbers of a (position, goal), from the table, else first numbers
   * from its mover's mobility: one proof to go (one good move may do), as
   * many disproofs as the mover has moves (each must be refuted).
   */
  private numbers(ph: number, pl: number, oh: number, ol: number, goal: number): void {
    if (this.table.lookup(ph, pl, oh, ol, goal)) {
      this.pn = this.table.pn;
      this.dn = this.table.dn;
    } else {
      moves(ph, pl, oh, ol, M, 0);
      this.pn = 1;
      this.dn = Math.max(1, popcount32(M[0]) + popcount32(M[1]));
    }
  }

  /** Children of a node at `depth` into its slice; a pass is one child, the same discs swapped. Returns their number (0: the game is over). */
  private children(ph: number, pl: number, oh: number, ol: number, depth: number): number {
    moves(ph, pl, oh, ol, M, 0);
    let mh = M[0];
    let ml = M[1];
    const at = depth * MAX_MOVES;
    const c = this.child;
    if ((mh | ml) === 0) {
      moves(oh, ol, ph, pl, M, 0);
      if ((M[0] | M[1]) === 0) return 0;
      c[at * 4] = oh;
      c[at * 4 + 1] = ol;
      c[at * 4 + 2] = ph;
      c[at * 4 + 3] = pl;
      this.childMove[at] = PASS;
      return 1;
    }
    let n = 0;
    while ((mh | ml) !== 0) {
      let x: number;
      if (ml !== 0) {
        x = 31 - Math.clz32(ml & -ml);
        ml &= ml - 1;
      } else {
        x = 63 - Math.clz32(mh & -mh);
        mh &= mh - 1;
      }
      flips(x, ph, pl, oh, ol, F, 0);
      const k = (at + n) * 4;
      c[k] = oh ^ F[0];
      c[k + 1] = ol ^ F[1];
      c[k + 2] = placedHi(ph, F[0], x);
      c[k + 3] = placedLo(pl, F[1], x);
      this.childMove[at + n] = x;
      n++;
    }
    return n;
  }

  /** Decides a small position by a null-window search at the goal. */
  private leaf(ph: number, pl: number, oh: number, ol: number, goal: number, empties: number): boolean {
    const parity = setupEmpties(this.ctx.state, ph, pl, oh, ol);
    return searchNull(this.ctx, ph, pl, oh, ol, goal - 1, empties, parity) >= goal;
  }

  /** Expands (position, goal) until its pn reaches thpn or its dn thdn; leaves its numbers in pn, dn and the table. */
  private mid(
    ph: number,
    pl: number,
    oh: number,
    ol: number,
    goal: number,
    empties: number,
    thpn: number,
    thdn: number,
    depth: number,
  ): void {
    const ctx = this.ctx;
    const nodes = ctx.state.nodes;
    nodes[0]++;
    if ((nodes[0] & 1023) === 0) {
      ctx.live[ctx.liveAt + LIVE_NODES] = nodes[0]; // for the progress display
      if (ctx.stopped()) this.stopped = true;
    }
    if (this.stopped) return;
    const work0 = nodes[0];
    const n = empties <= DFPN_LEAF ? 0 : this.children(ph, pl, oh, ol, depth);
    if (n === 0) {
      const won = empties <= DFPN_LEAF ? this.leaf(ph, pl, oh, ol, goal, empties) : finalScore(ph, pl, oh, ol) >= goal;
      this.pn = won ? 0 : INF;
      this.dn = won ? INF : 0;
      this.table.store(ph, pl, oh, ol, goal, this.pn, this.dn, nodes[0] - work0 + 1);
      return;
    }
    const at = depth * MAX_MOVES;
    const c = this.child;
    const pass = this.childMove[at] === PASS;
    const childGoal = 1 - goal;
    const childEmpties = pass ? empties : empties - 1;
    const cpn = this.childPn;
    const cdn = this.childDn;
    for (let i = 0; i < n; i++) {
      const k = (at + i) * 4;
      this.numbers(c[k], c[k + 1], c[k + 2], c[k + 3], childGoal);
      cpn[at + i] = this.pn;
      cdn[at + i] = this.dn;
    }
    let pn = INF;
    let dn = 0;
    for (;;) {
      // The node's numbers from its children's: pn the least child dn, dn the sum of their pns.
      let best = 0;
      let second = INF;
      pn = INF;
      dn = 0;
      for (let i = at; i < at + n; i++) {
        dn = add(dn, cpn[i]);
        if (cdn[i] < pn) {
          second = pn;
          pn = cdn[i];
          best = i;
        } else if (cdn[i] < second) second = cdn[i];
      }
      if (pn >= thpn || dn >= thdn) break;
      // The child with the fewest disproofs to go: its pn may grow until ours
      // reaches thdn, its dn until another child's is (1 + EPSILON) times less.
      const childThpn = thdn >= INF ? INF : Math.max(1, thdn - (dn - cpn[best]));
      const childThdn = Math.min(thpn, second >= INF ? INF : Math.max(second + 1, Math.ceil(second * (1 + EPSILON))));
      const k = best * 4;
      this.mid(c[k], c[k + 1], c[k + 2], c[k + 3], childGoal, childEmpties, childThpn, childThdn, depth + 1);
      if (this.stopped) return;
      cpn[best] = this.pn;
      cdn[best] = this.dn;
    }
    this.pn = pn;
    this.dn = dn;
    this.table.store(ph, pl, oh, ol, goal, pn, dn, nodes[0] - work0 + 1);
  }

  /**
   * The line of a decided goal from the table: at a node whose mover
   * reaches its goal, a child whose mover was shown not to reach hers; at
   * one whose mover does not, its first child; from DFPN_LEAF empties on,
   * alpha-beta's line of the result (wldLineOf), as the leaves were
   * decided. `wld` is the result for the side to move. Ends early where the
   * table lost an entry (it is a fixed-size table).
   */
  line(ph: number, pl: number, oh: number, ol: number, goal: number, empties: number, wld: Wld): number[] {
    const pv: number[] = [];
    for (let depth = 0; depth < MAX_DEPTH - 1; depth++) {
      if (empties <= DFPN_LEAF) {
        pv.push(...wldLineOf(this.ctx, ph, pl, oh, ol, wld, empties));
        break;
      }
      const n =
        this.table.lookup(ph, pl, oh, ol, goal) && (this.table.pn === 0 || this.table.dn === 0) ? this.children(ph, pl, oh, ol, depth) : -1;
      if (n === 0) break; // the game is over
      const reached = this.table.pn === 0;
      const at = depth * MAX_MOVES;
      let pick = -1;
      for (let i = 0; i < n && pick < 0; i++) {
        const k = (at + i) * 4;
        if (!reached) pick = i;
        else if (this.table.lookup(this.child[k], this.child[k + 1], this.child[k + 2], this.child[k + 3], 1 - goal) && this.table.dn === 0)
          pick = i;
      }
      if (pick < 0) {
        // The table lost what proved this node: alpha-beta's line from here.
        pv.push(...wldLineOf(this.ctx, ph, pl, oh, ol, wld, empties));
        break;
      }
      const k = (at + pick) * 4;
      const move = this.childMove[at + pick];
      pv.push(move);
      if (move !== PASS) empties--;
      [ph, pl, oh, ol] = [this.child[k], this.child[k + 1], this.child[k + 2], this.child[k + 3]];
      goal = 1 - goal;
      wld = wld === 'win' ? 'loss' : wld === 'loss' ? 'win' : 'draw';
    }
    return pv;
  }
}

/** What a df-pn solve proves of a position: who wins, a line that keeps it, and the nodes. */
export interface DfpnSolve {
  readonly wld: Wld;
  /** The bound the result proves: +2 (a win: at least), 0, -2 (a loss: at most). */
  readonly score: number;
  readonly pv: readonly number[];
  /** False when the context's stop flag ended it (nothing is proven then). */
  readonly done: boolean;
}

/**
 * Win, draw or loss of a position by df-pn: "at least a draw?" (goal 0) and
 * "a win?" (goal 1), the likelier first by `guess` (a score), the second
 * only when the first leaves it open.
 */
export function proveWld(
  ctx: SearchContext,
  table: DfpnTable,
  ph: number,
  pl: number,
  oh: number,
  ol: number,
  empties: number,
  guess: number,
): DfpnSolve {
  const d = new Dfpn(ctx, table);
  const live = ctx.live;
  live[ctx.liveAt + LIVE_LOWER] = -64;
  live[ctx.liveAt + LIVE_UPPER] = 64;
  // What each proof shows, for the progress display: at least 0 or 2, at most -2 or 0.
  const prove = (goal: number): boolean | null => {
    const r = d.prove(ph, pl, oh, ol, goal, empties);
    if (r === true) live[ctx.liveAt + LIVE_LOWER] = 2 * goal;
    if (r === false) live[ctx.liveAt + LIVE_UPPER] = 2 * goal - 2;
    return r;
  };
  const stopped: DfpnSolve = { wld: 'draw', score: 0, pv: [], done: false };
  const result = (wld: Wld, goal: number): DfpnSolve => ({
    wld,
    score: wld === 'win' ? 2 : wld === 'loss' ? -2 : 0,
    pv: d.line(ph, pl, oh, ol, goal, empties, wld),
    done: true,
  });
  if (guess > 0) {
    const win = prove(1);
    if (win === null) return stopped;
    if (win) return result('win', 1);
    const draw = prove(0);
    if (draw === null) return stopped;
    return result(draw ? 'draw' : 'loss', 0);
  }
  const notLost = prove(0);
  if (notLost === null) return stopped;
  if (!notLost) return result('loss', 0);
  const win = prove(1);
  if (win === null) return stopped;
  return win ? result('win', 1) : result('draw', 0);
}
