/**
 * What travels through Redis: the queue's name, the run records' keys and
 * the jobs' payloads.
 *
 * Coordinator and workers must search alike (weights, table size and
 * layout, ordering, selectivity), or a retried job, a split position's
 * subtrees, and the pinned node counts would disagree. So the queue is
 * named by a digest of those settings (the weights by their bytes): a
 * worker started with other settings listens on another queue and never
 * sees the jobs. Each job carries the digest too, and a worker fails one
 * that was made for other settings (put there by hand) with that reason,
 * without retries.
 *
 * Payloads are small: a position as four int32 words, its side to move, the
 * run, the index, and for subtree tasks the window and the table date.
 */
import { createHash } from 'node:crypto';
import { objectArgument } from '../arguments.js';
import { OptionError } from '../errors.js';
import { DIGEST_PREFIX, defaultOf, type SettingKey, setting, shortFlag, TREE_SETTINGS, treeCanonical } from '../settings/index.js';
import type { ResolvedOptions } from '../solve/options.js';

/** The settings that make two searches the same search: a search's resolved settings (the table's tree settings name the queue). */
export type QueueSettings = ResolvedOptions;

/** Resolved settings (resolveOptions), as every queue function takes them: refused in one line when they are not. */
export function settingsArgument(s: unknown, name = 'settings'): QueueSettings {
  const o = objectArgument<Record<string, unknown>>(s, name, "a search's resolved settings (resolveOptions)");
  if (typeof o.hashBits !== 'number' || !('weights' in o))
    throw new OptionError(name, "a search's resolved settings (resolveOptions), not an object of another shape");
  return s as QueueSettings;
}

/**
 * The queue of these settings, `revsolve-<digest>`, and the settings in
 * words. The digest is of every tree setting of the table (settings.ts,
 * treeCanonical), the weights by their bytes.
 */
export function queueOf(s: QueueSettings): { name: string; digest: string; describe: string } {
  settingsArgument(s);
  const weights = s.weights === null ? null : s.weights.digest;
  const digest = DIGEST_PREFIX + createHash('sha256').update(treeCanonical(s, weights)).digest('hex').slice(0, 12);
  const always: readonly SettingKey[] = ['hashBits', 'tableLayout', 'weights', 'selectivity'];
  const words: string[] = [];
  for (const k of TREE_SETTINGS) {
    if (k === 'ordering') continue; // said by the weights (none: mobility ordering)
    if (k === 'weights') words.push(`${shortFlag(k)} ${weights === null ? 'none' : `sha256 ${weights.slice(0, 12)}`}`);
    else if (always.includes(k) || JSON.stringify(s[k]) !== JSON.stringify(defaultOf(k))) {
      const text = (setting(k).text as (x: unknown) => string)(s[k]);
      words.push(text === 'true' ? shortFlag(k) : `${shortFlag(k)} ${text}`);
    }
  }
  return { name: `revsolve-${digest}`, digest, describe: words.join(' ') };
}

/** Run names: what a key and a job id can carry. */
export const RUN_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;

/** Redis keys of a run: its record (a hash) and its results (index → JSON). */
export function runKeys(run: string): { meta: string; results: string } {
  return { meta: `revsolve:run:${run}`, results: `revsolve:run:${run}:results` };
}

/** Every run's record key starts so (queue status / clean). */
export const RUN_PREFIX = 'revsolve:run:';

/** The channel on which coordinators ask workers to stop a running task (message: queue name, a space, the job id). */
export const CANCEL_CHANNEL = 'revsolve:cancel';

/** Job ids: a whole position `<run>.<index>`; a split position's task `<run>.<index>.<session>.<seq>`. */
export function positionJobId(run: string, index: number): string {
  return `${run}.${index}`;
}

export type JobKind = 'solve' | 'nws' | 'guess' | 'pv';

/** A job's data. */
export interface JobData {
  /** Payload version. */
  readonly v: 1;
  /** The settings digest of the queue it was made for. */
  readonly q: string;
  readonly run: string;
  readonly index: number;
  readonly kind: JobKind;
  readonly ph: number;
  readonly pl: number;
  readonly oh: number;
  readonly ol: number;
  /** solve: whose move it is (X or O), for the result's position. */
  readonly toMove?: 'X' | 'O';
  /** solve: the position's line in its file. */
  readonly line?: number;
  /** nws: the null window (alpha, alpha + 1). */
  readonly alpha?: number;
  /** nws, guess, pv: the table date of the split search. */
  readonly date?: number;
  /** pv: the exact score. */
  readonly score?: number;
}

const isInt32 = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
const isIntIn = (v: unknown, lo: number, hi: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/**
 * Checks a job's data; returns the problem in words, or null when it is a
 * job this worker can run. `digest`: the worker's settings digest.
 */
export function jobProblem(data: unknown, digest: string): string | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'malformed job: its data is not an object';
  const d = data as Record<string, unknown>;
  if (d.v !== 1) return `malformed job: payload version ${JSON.stringify(d.v)}, this worker reads 1`;
  if (typeof d.q !== 'string') return 'malformed job: no settings digest (q)';
  if (d.q !== digest) return `foreign job: made for settings ${d.q}, this worker's are ${digest}`;
  if (typeof d.run !== 'string' || !RUN_NAME.test(d.run)) return 'malformed job: no valid run name';
  if (!isIntIn(d.index, 1, 1e9)) return 'malformed job: no valid position index';
  if (d.kind !== 'solve' && d.kind !== 'nws' && d.kind !== 'guess' && d.kind !== 'pv')
    return `malformed job: unknown kind ${JSON.stringify(d.kind)}`;
  if (!isInt32(d.ph) || !isInt32(d.pl) || !isInt32(d.oh) || !isInt32(d.ol)) return 'malformed job: the position is not four int32 words';
  if ((d.ph & d.oh) !== 0 || (d.pl & d.ol) !== 0) return 'malformed job: a square holds discs of both sides';
  if (d.kind === 'solve' && ((d.toMove !== 'X' && d.toMove !== 'O') || !isIntIn(d.line, 0, 1e9)))
    return 'malformed job: solve needs toMove and line';
  if (d.kind !== 'solve' && !isIntIn(d.date, 0, 255)) return 'malformed job: no table date';
  if (d.kind === 'nws' && !isIntIn(d.alpha, -65, 64)) return 'malformed job: nws needs alpha in -65..64';
  if (d.kind === 'pv' && !isIntIn(d.score, -64, 64)) return 'malformed job: pv needs a score in -64..64';
  return null;
}
