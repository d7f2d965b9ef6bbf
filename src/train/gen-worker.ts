/**
 * A piscina worker for `train gen`: plays a batch of games and hands back
 * their records.
 */

import { loadEvaluator } from '../eval/files.js';
import { SearchContext } from '../search/context.js';
import { createTable } from '../search/table.js';
import { DEFAULT_LAYOUT, DEFAULT_SELECTIVITY } from '../settings.js';
import { playGame, type SelfPlaySettings } from './selfplay.js';

export interface GenTask extends SelfPlaySettings {
  /** Weights file guiding the moves (with depth > 0). */
  readonly guide: string | null;
  readonly batch: number;
  readonly firstGame: number;
  readonly games: number;
  readonly bits: number;
}

export interface GenResult {
  readonly batch: number;
  readonly records: Int32Array;
  readonly nodes: number;
}

// Kept by this thread between batches: the search, remade when the table size or the guide changes.
let kept: { bits: number; guide: string | null; ctx: SearchContext } | undefined;

export default function genBatch(t: GenTask): GenResult {
  if (!kept || kept.bits !== t.bits || kept.guide !== t.guide) {
    // The guide's weights also order the exact solves: same scores, fewer nodes.
    kept = {
      bits: t.bits,
      guide: t.guide,
      ctx: new SearchContext({
        table: createTable(t.bits, DEFAULT_LAYOUT),
        evaluator: loadEvaluator(t.guide),
        selectivity: DEFAULT_SELECTIVITY,
      }),
    };
  }
  const out: number[] = [];
  let nodes = 0;
  for (let g = t.firstGame; g < t.firstGame + t.games; g++) nodes += playGame(g, t, kept.ctx, out);
  const records = Int32Array.from(out);
  return { batch: t.batch, records, nodes };
}
