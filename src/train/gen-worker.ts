/**
 * A piscina worker for `train gen`: plays a batch of games and hands back
 * their records.
 */
import { type Table, createTable } from '../search/table.js';
import { type SelfPlaySettings, playGame } from './selfplay.js';

export interface GenTask extends SelfPlaySettings {
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

export default function genBatch(t: GenTask): GenResult {
  if (!table || table.bits !== t.bits) table = createTable(t.bits);
  const out: number[] = [];
  let nodes = 0;
  for (let g = t.firstGame; g < t.firstGame + t.games; g++) nodes += playGame(g, t, table, out);
  const records = Int32Array.from(out);
  return { batch: t.batch, records, nodes };
}
