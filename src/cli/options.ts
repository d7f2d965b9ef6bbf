/**
 * Option values shared by the commands that search (solve, worker): each
 * parser takes the text and returns the value or throws commander's
 * InvalidArgumentError, which commander prints as one line.
 */
import { InvalidArgumentError } from 'commander';
import { totalmem } from 'node:os';
import { ENGINES, type EngineName, LAYOUTS, type Layout, MAX_BITS, MIN_BITS, OptionError, PROVERS, type Prover, type ResolvedOptions, type SplitMode, resolveOptions, tableBytes } from '../internal.js';

export function parseHashBits(value: string): number {
  const h = Number(value);
  if (!/^\d+$/.test(value) || h < MIN_BITS || h > MAX_BITS) {
    throw new InvalidArgumentError(`must be a whole number from ${MIN_BITS} to ${MAX_BITS} (2^h table entries)`);
  }
  return h;
}

export function parseWorkers(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 256) throw new InvalidArgumentError('must be a whole number from 1 to 256');
  return n;
}

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n <= 0) throw new InvalidArgumentError('must be a positive number of seconds');
  return n;
}

export function parseLeaf(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 12 || n > 40) throw new InvalidArgumentError('must be a whole number of empties from 12 to 40');
  return n;
}

/** Milliseconds, or never (Infinity). */
export function parseRaceAfter(value: string): number {
  if (value === 'never') return Infinity;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 600_000) throw new InvalidArgumentError('must be never or a whole number of milliseconds up to 600000');
  return n;
}

export function parseOrdering(value: string): 'mobility' | 'eval' {
  if (value !== 'mobility' && value !== 'eval') throw new InvalidArgumentError('must be mobility or eval');
  return value;
}

export function parseSelectivity(value: string): readonly number[] {
  if (value === 'none') return [];
  const stages = value.split(',').map(Number);
  if (stages.some((t) => !Number.isFinite(t) || t <= 0 || t > 8)) throw new InvalidArgumentError('must be none or margins in sigmas, each in (0, 8], e.g. 1,2');
  return stages;
}

export function parseSplit(value: string): SplitMode {
  if (value !== 'auto' && value !== 'always' && value !== 'never') throw new InvalidArgumentError('must be auto, always or never');
  return value;
}

/** What a worker with no position left to start does (--idle). */
export type IdleMode = 'help' | 'wait';

export function parseIdle(value: string): IdleMode {
  if (value !== 'help' && value !== 'wait') throw new InvalidArgumentError('must be help or wait');
  return value;
}

export function parseLayout(value: string): Layout {
  if (!Object.hasOwn(LAYOUTS, value)) throw new InvalidArgumentError(`must be one of ${Object.keys(LAYOUTS).join(', ')}`);
  return value as Layout;
}

/** A command line that cannot run as given: one line, exit 2. */
export class UsageError extends Error {}

/** Bytes in the unit that shows them: KiB below a MiB (h 10 is 32 KiB, not "0.0 MiB"), MiB, GiB. */
export function mib(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(2)} GiB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return `${(bytes / 2 ** 10).toFixed(bytes % 1024 === 0 ? 0 : 1)} KiB`;
}

/**
 * Refuses, before anything is allocated, a table larger than 3/4 of this
 * machine's memory: the rest is for Node, the OS and the other workers.
 */
export function checkTableFits(bits: number, layout: Layout, tables = 1): void {
  const need = tableBytes(bits, layout) * tables;
  const limit = totalmem() * 0.75;
  if (need > limit) {
    throw new UsageError(
      `a table of 2^${bits} entries needs ${mib(need)}${tables > 1 ? ` (${tables} tables)` : ''}, ` +
        `more than this machine can spare (${mib(limit)} of ${mib(totalmem())}); use a smaller -h`,
    );
  }
}


/** The options of `solve` and `worker` that make the search what it is (the queue is named by them). */
export interface SearchOpts {
  hashBits: number;
  table: Layout;
  eval?: string;
  ordering?: 'mobility' | 'eval';
  /** Absent: the default (given with mobility ordering, it is a usage error). */
  selectivity?: readonly number[];
  engine: EngineName;
  /** Win/loss/draw only. */
  wld?: boolean;
  /** What proves WLD results (solve only). */
  prover?: Prover;
}

export function parseProver(value: string): Prover {
  if (!(PROVERS as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be ${PROVERS.join(' or ')}`);
  return value as Prover;
}

export function parseEngine(value: string): EngineName {
  if (!(ENGINES as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be ${ENGINES.join(' or ')}`);
  return value as EngineName;
}

const FLAGS: Readonly<Record<string, string>> = { hashBits: '-h', tableLayout: '--table', weights: '--eval', ordering: '--ordering', selectivity: '--selectivity', keepTable: '--keep-table', engine: '--engine', wld: '--wld', prover: '--prover' };

/**
 * The one path from command-line options to a search's settings, for
 * `solve` (local or coordinator) and `worker` alike, through the library's
 * resolveOptions: the same options give the same settings, hence the same
 * queue. `--eval none` is no weights; a bad value is a usage error naming
 * its flag.
 */
export function searchSettings(o: SearchOpts): ResolvedOptions {
  if (o.eval === '') throw new UsageError('--eval: give a weights file, or none for no evaluation');
  try {
    return resolveOptions({
      hashBits: o.hashBits, tableLayout: o.table, weights: o.eval === 'none' ? null : o.eval, ordering: o.ordering, selectivity: o.selectivity,
      engine: o.engine, wld: !!o.wld, prover: o.prover,
    });
  } catch (e) {
    if (e instanceof OptionError) throw new UsageError(`${FLAGS[e.option] ?? e.option}: ${e.message.slice(e.option.length + 2)}`);
    throw e;
  }
}
