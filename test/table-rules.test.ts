/**
 * The table's own rules as switches (issue 71): `--off small-region` (no
 * region of the first buckets for small nodes) and `--off keep-costlier`
 * (every store stored, as Edax's table does). Each changes the tree, and
 * each is applied alike by both engines: the same node counts, the same
 * exact scores.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBF } from './helpers.js';
import { CLI } from './processes.js';

type Row = { empties: number; table: { stores: number; dropped: number; region: number } };

function solve(engine: string, h: string, off: string[]): { nodes: number; mismatches: number; rows: Row[] } {
  const r = spawnSync(
    process.execPath,
    [
      CLI,
      'solve',
      join(OBF, 'fforum-1-19.obf'),
      '-n',
      '1',
      '-h',
      h,
      '--engine',
      engine,
      '--json',
      '--quiet',
      ...(off.length ? ['--off', off.join(',')] : []),
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { ...lines.at(-1), rows: lines.slice(0, -1) };
}

describe('the table rules switched off, in both engines', () => {
  it.each([
    ['small-region', '16'],
    ['keep-costlier', '12'],
  ])('--off %s (h %s): another tree, the same in both engines, every score exact', (rule, h) => {
    const base = solve('wasm', h, []);
    const wasm = solve('wasm', h, [rule]);
    const ts = solve('ts', h, [rule]);
    expect(wasm.nodes).toBe(ts.nodes);
    expect(wasm.nodes).not.toBe(base.nodes);
    expect([wasm.mismatches, ts.mismatches]).toEqual([0, 0]);
  });

  it('keep-costlier counted: stores dropped for a costlier entry with the rule on, alike in both engines; none with it off, every attempt stored', () => {
    const dropped = (r: { rows: Row[] }) => r.rows.map((x) => x.table.dropped);
    const on = [solve('wasm', '12', []), solve('ts', '12', [])];
    expect(dropped(on[0])).toEqual(dropped(on[1]));
    expect(dropped(on[0]).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const off = [solve('wasm', '12', ['keep-costlier']), solve('ts', '12', ['keep-costlier'])];
    for (const r of off) expect(dropped(r).every((d) => d === 0)).toBe(true);
    expect(off[0].rows.map((x) => x.table.stores)).toEqual(off[1].rows.map((x) => x.table.stores));
  });

  it('the small-node region counted: nodes hashed into it, alike in both engines, in every band of positions; none with it off', () => {
    const region = (r: { rows: Row[] }) => r.rows.map((x) => x.table.region);
    const on = [solve('wasm', '16', []), solve('ts', '16', [])];
    expect(region(on[0])).toEqual(region(on[1]));
    // FFO #1-#19 are of 14-16 empties: every position's search reaches the region.
    expect(region(on[0]).every((n) => n > 0)).toBe(true);
    const off = [solve('wasm', '16', ['small-region']), solve('ts', '16', ['small-region'])];
    for (const r of off) expect(region(r).every((n) => n === 0)).toBe(true);
  });

  it('both off: the same in both engines; --off all leaves the table rules on', () => {
    const both = solve('wasm', '16', ['small-region', 'keep-costlier']);
    expect(solve('ts', '16', ['small-region', 'keep-costlier']).nodes).toBe(both.nodes);
    expect(solve('wasm', '16', ['all']).nodes).toBe(solve('wasm', '16', ['all']).nodes);
    expect(solve('wasm', '16', ['all', 'small-region']).nodes).not.toBe(solve('wasm', '16', ['all']).nodes);
  });
});
