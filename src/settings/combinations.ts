/**
 * The combinations of settings refused, each once, with the setting to
 * change named in its message.
 */
import { maxBitsOf } from '../search/table.js';
import { wasmMaxBits } from '../wasm/engine.js';
import type { Namer } from './names.js';
import { SettingProblem } from './setting.js';
import type { SettingKey, SettingValues } from './table.js';

/**
 * The combinations refused, each once: given the values (defaults filled in)
 * and which settings were given, the first problem, naming the setting to
 * change, or null. `queue`: the run goes through the queue.
 */
export interface Combination {
  readonly key: SettingKey;
  problem(v: SettingValues, given: (k: SettingKey) => boolean, n: Namer, queue: boolean): string | null;
}

export const COMBINATIONS: readonly Combination[] = [
  {
    key: 'ordering',
    problem: (v, _g, n) =>
      v.ordering === 'eval' && v.weights === null
        ? `${n('ordering')} eval needs weights: give ${n('weights')} a weights file, or mobility ordering`
        : null,
  },
  {
    key: 'selectivity',
    problem: (v, g) =>
      g('selectivity') && v.selectivity.length > 0 && (v.ordering === 'mobility' || v.weights === null)
        ? `the selective pre-searches start from the evaluation: they need eval ordering, not ${v.weights === null ? 'no weights' : 'mobility ordering'}`
        : null,
  },
  {
    key: 'prover',
    problem: (v, g, n) => (g('prover') && !v.wld ? `${n('prover')} ${v.prover} proves win/loss/draw: give ${n('wld')} with it` : null),
  },
  {
    key: 'prover',
    problem: (v, _g, n, queue) => (v.prover === 'dfpn' && queue ? `${n('prover')} dfpn runs on this machine, not through --queue` : null),
  },
  {
    key: 'split',
    problem: (v, g, n) =>
      v.prover === 'dfpn' && g('split') && v.split !== 'never'
        ? `${n('split')} ${v.split} with ${n('prover')} dfpn: df-pn's positions are never split`
        : null,
  },
  {
    key: 'idle',
    problem: (v, g, n) =>
      v.prover === 'dfpn' && g('idle')
        ? `${n('idle')} ${v.idle} with ${n('prover')} dfpn: df-pn's positions run alone, with no helpers`
        : null,
  },
  {
    key: 'idle',
    problem: (v, g, n) =>
      v.engine === 'ts' && g('idle') && v.idle === 'help'
        ? `${n('idle')} help with ${n('engine')} ts: idle workers help on the WebAssembly engine's shared memory only (give ${n('engine')} wasm, or ${n('idle')} wait)`
        : null,
  },
  {
    key: 'idle',
    problem: (_v, g, n, queue) =>
      queue && g('idle') ? `${n('idle')} is for this machine's workers: through the queue, idle worker threads take split tasks` : null,
  },
  ...(['queueLeaf', 'raceAfter', 'redisTimeout'] as const).map((key) => ({
    key,
    problem: (_v: SettingValues, g: (k: SettingKey) => boolean, n: Namer, queue?: boolean) =>
      !queue && g(key) ? `${n(key)} is for runs through the queue: give --queue with it` : null,
  })),
  {
    key: 'selectivity',
    problem: (v, g, n) =>
      v.prover === 'dfpn' && g('selectivity') ? `${n('selectivity')} with ${n('prover')} dfpn: df-pn runs no pre-searches` : null,
  },
  {
    key: 'hashBits',
    problem: (v, _g, n) =>
      v.hashBits > maxBitsOf(v.tableLayout)
        ? `${n('hashBits')} ${v.hashBits}: a ${v.tableLayout} table holds 2^${maxBitsOf(v.tableLayout)} entries at most (one array of 2^32 words)${v.tableLayout === 'key4' ? '' : '; key4 takes 2^30'}`
        : null,
  },
  {
    key: 'hashBits',
    problem: (v, _g, n) =>
      v.engine === 'wasm' && v.hashBits <= maxBitsOf(v.tableLayout) && v.hashBits > wasmMaxBits(v.tableLayout)
        ? `${n('hashBits')} ${v.hashBits}: the WebAssembly engine's 4 GiB memory holds a ${v.tableLayout} table of 2^${wasmMaxBits(v.tableLayout)} entries at most; ${n('engine')} ts takes 2^${maxBitsOf(v.tableLayout)}`
        : null,
  },
  {
    key: 'depth',
    problem: (_v, g, n) =>
      g('depth') && g('level') ? `${n('depth')} and ${n('level')}: give one of them (a level sets its own depths)` : null,
  },
  {
    key: 'confidence',
    problem: (_v, g, n) =>
      g('confidence') && !g('depth') ? `${n('confidence')} goes with ${n('depth')} (a level sets its own confidence)` : null,
  },
  {
    key: 'level',
    problem: (v, g, n) =>
      g('level') && v.wld
        ? `${n('level')} ${v.level} with ${n('wld')}: a level estimates scores where it does not solve; win/loss/draw proves a sign (give one of them)`
        : null,
  },
  {
    key: 'level',
    problem: (_v, g, n, queue) =>
      queue && (g('level') || g('moveTime'))
        ? `${n('level')} and ${n('moveTime')} run on this machine's workers, not through --queue`
        : null,
  },
  {
    key: 'root',
    problem: (v, g, n) => (v.wld && g('root') ? `${n('root')} ${v.root} is for exact solves: ${n('wld')} probes the score's sign` : null),
  },
  {
    key: 'off',
    problem: (v, g, n, queue) =>
      queue && (v.off !== 0 || g('root') || v.keepTable)
        ? `${n('off')}, ${n('root')} and ${n('keepTable')} are for local runs, not the queue`
        : null,
  },
];

/** The first combination refused, as a SettingProblem naming its setting; `given` says which settings were given. */
export function checkCombinations(v: SettingValues, given: (k: SettingKey) => boolean, n: Namer, queue = false): void {
  for (const c of COMBINATIONS) {
    const p = c.problem(v, given, n, queue);
    if (p !== null) throw new SettingProblem(c.key, p);
  }
}
