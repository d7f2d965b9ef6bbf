/**
 * A piscina worker for `train gen`: plays a batch of games and hands back
 * their records.
 */
import { type Table, createTable } from '../search/table.js';
import { type SelfPlaySettings, playGame, useGuide } from './selfplay.js';
import { readWeights } from '../eval/files.js';
import { Evaluator } from '../eval/weights.js';
import { useEvaluator } from '../search/endgame.js';

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

let table: Table | undefined;
let guideFile: string | null = null;

export default function genBatch(t: GenTask): GenResult {
  if (!table || table.bits !== t.bits) table = createTable(t.bits);
  if (t.guide !== guideFile) {
    const ev = t.guide ? new Evaluator(readWeights(t.guide).weights) : null;
    // The guide's weights also order the exact solves: same scores, fewer nodes.
    useGuide(ev);
    useEvaluator(ev);
    guideFile = t.guide;
  }
  const out: number[] = [];
  let nodes = 0;
  for (let g = t.firstGame; g < t.firstGame + t.games; g++) nodes += playGame(g, t, table, out);
  const records = Int32Array.from(out);
  return { batch: t.batch, records, nodes };
}
