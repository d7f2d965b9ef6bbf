/**
 * A piscina worker for `train gen`: plays a batch of self-play games, or
 * labels a batch of real games, and hands back their records.
 */

import { loadEvaluator } from '../eval/files.js';
import { replayMoves } from '../game/record.js';
import { SearchContext } from '../search/context.js';
import { createTable } from '../search/table.js';
import { DEFAULT_LAYOUT, DEFAULT_SELECTIVITY } from '../settings/index.js';
import { chooseEngine } from '../wasm/choice.js';
import { WasmSearch } from '../wasm/lower.js';
import { labelGameLine } from './game-labels.js';
import { playGame, type SelfPlaySettings } from './selfplay.js';

/** A game of a file to label: its moves (squares, PASS) and black's theoretical discs at `depth` empties. */
export interface TaskGame {
  readonly moves: readonly number[];
  readonly theoretical?: { readonly discs: number; readonly depth: number };
}

export interface GenTask extends SelfPlaySettings {
  /** Weights file guiding the moves (with depth > 0). */
  readonly guide: string | null;
  readonly batch: number;
  readonly firstGame: number;
  readonly games: number;
  readonly bits: number;
  /** Real games to label instead of self-play (firstGame and games then count them). */
  readonly fromGames?: readonly TaskGame[];
  /** With fromGames: the empties at which every move of the line is solved too (0: none). */
  readonly childrenAt?: number;
}

export interface GenResult {
  readonly batch: number;
  readonly records: Int32Array;
  readonly nodes: number;
}

// Kept by this thread between batches: the search, remade when the table size, the guide or the engine changes.
let kept: { bits: number; guide: string | null; wasm: boolean; ctx: SearchContext } | undefined;

export default function genBatch(t: GenTask): GenResult {
  // Real games' solves run on the WebAssembly engine where it loads (self-play keeps the TypeScript
  // engine its files were made with: another engine may choose another of equal PV moves).
  const wasm = !!t.fromGames && chooseEngine('wasm', t.bits, DEFAULT_LAYOUT).engine === 'wasm';
  if (!kept || kept.bits !== t.bits || kept.guide !== t.guide || kept.wasm !== wasm) {
    // The guide's weights also order the exact solves: same scores, fewer nodes.
    const evaluator = loadEvaluator(t.guide);
    const below = wasm ? WasmSearch.create(t.bits, DEFAULT_LAYOUT, evaluator) : null;
    kept = {
      bits: t.bits,
      guide: t.guide,
      wasm,
      ctx: new SearchContext({
        table: below ? below.table : createTable(t.bits, DEFAULT_LAYOUT),
        evaluator,
        selectivity: DEFAULT_SELECTIVITY,
        below,
      }),
    };
  }
  const out: number[] = [];
  let nodes = 0;
  if (t.fromGames)
    for (const g of t.fromGames)
      nodes += labelGameLine({ game: replayMoves(g.moves), theoretical: g.theoretical }, t.solveAt, kept.ctx, out, t.childrenAt ?? 0);
  else for (let g = t.firstGame; g < t.firstGame + t.games; g++) nodes += playGame(g, t, kept.ctx, out);
  const records = Int32Array.from(out);
  return { batch: t.batch, records, nodes };
}
