/**
 * `train gen`: batches of self-play games on every core (piscina), written
 * in batch order as soon as each is done and all before it are, so that the
 * file is the same whatever the timing, and a stopped run resumes from its
 * last whole batch.
 */
import { Piscina } from 'piscina';
import { type DataHeader, type Dataset, DatasetWriter } from './dataset.js';
import type { GenResult, GenTask, TaskGame } from './gen-worker.js';

export interface GenSettings extends DataHeader {
  /** Weights file guiding the moves (null: fastest first). */
  readonly guide: string | null;
  readonly games: number;
  readonly workers: number;
  readonly bits: number;
  /** Real games to label instead of self-play (`games` is then at most their number). */
  readonly fromGames?: readonly TaskGame[];
}

export type GenProgress = (gamesDone: number, records: number, nodes: number) => void;

/** Generates up to `games` games into `file`; false when stopped by the signal. */
export async function generate(
  file: string,
  s: GenSettings,
  resume: Dataset | undefined,
  progress: GenProgress,
  signal?: AbortSignal,
): Promise<boolean> {
  const writer = new DatasetWriter(file, s, resume);
  const batches = Math.ceil(s.games / s.batchGames);
  let next = resume ? resume.batches : 0;
  let written = next;
  let records = resume ? resume.records.length / 5 : 0;
  let nodes = 0;
  const done = new Map<number, GenResult>();
  const pool = new Piscina({
    filename: new URL('./gen-worker-entry.cjs', import.meta.url).href,
    minThreads: s.workers,
    maxThreads: s.workers,
  });
  progress(Math.min(s.games, written * s.batchGames), records, nodes);
  const feed = async () => {
    while (next < batches && !signal?.aborted) {
      const batch = next++;
      const firstGame = batch * s.batchGames;
      const task: GenTask = {
        seed: s.seed,
        solveAt: s.solveAt,
        noise: s.noise,
        depth: s.depth,
        guide: s.guide,
        bits: s.bits,
        batch,
        firstGame,
        games: Math.min(s.batchGames, s.games - firstGame),
        ...(s.fromGames
          ? {
              fromGames: s.fromGames.slice(firstGame, firstGame + Math.min(s.batchGames, s.games - firstGame)),
              childrenAt: s.childrenAt ?? 0,
            }
          : {}),
      };
      const r = (await pool.run(task, { signal })) as GenResult;
      done.set(batch, r);
      // Write every batch whose predecessors are all written.
      for (let b = done.get(written); b; b = done.get(written)) {
        writer.append(written, b.records);
        done.delete(written);
        written++;
        records += b.records.length / 5;
        nodes += b.nodes;
        progress(Math.min(s.games, written * s.batchGames), records, nodes);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: s.workers }, feed));
    return true;
  } catch (e) {
    if (signal?.aborted) return false;
    throw e;
  } finally {
    writer.close();
    await pool.destroy();
  }
}
