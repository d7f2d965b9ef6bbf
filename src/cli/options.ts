/**
 * Option values shared by the commands that search (solve, worker): each
 * parser takes the text and returns the value or throws commander's
 * InvalidArgumentError, which commander prints as one line.
 */
import { InvalidArgumentError } from 'commander';
import { LAYOUTS, type Layout, MAX_BITS, MIN_BITS, type SplitMode } from '../index.js';

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

export function parseLayout(value: string): Layout {
  if (!(value in LAYOUTS)) throw new InvalidArgumentError(`must be one of ${Object.keys(LAYOUTS).join(', ')}`);
  return value as Layout;
}
