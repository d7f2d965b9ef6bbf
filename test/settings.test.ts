/**
 * One settings path: `solve` (local or coordinator) and `worker` turn their
 * options into a search's settings through one function, so that the same
 * options land on the same queue; each option that changes the tree names
 * another queue, the others do not.
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { searchSettings, type SearchOpts } from '../src/cli/options.js';
import { SHIPPED_WEIGHTS } from '../src/install.js';
import { DEFAULT_SELECTIVITY } from '../src/search/selective.js';
import { queueOf, queueSettingsOf } from '../src/queue/jobs.js';
import { syntheticWeights } from '../src/eval/compress.js';
import { writeCompact } from '../src/eval/files.js';
import { resolveOptions } from '../src/solve/settings.js';
import { tempDir } from './tmp.js';

const dir = tempDir('settings');
const copy = join(dir, 'copy.rsev');
copyFileSync(SHIPPED_WEIGHTS, copy);
const other = join(dir, 'other.rsev');
writeCompact(other, syntheticWeights(3), 16);

// Selectivity left out: its default (given with mobility ordering it is a usage error).
const base: SearchOpts = { hashBits: 16, table: 'board2' } as SearchOpts;
const queue = (o: SearchOpts & Record<string, unknown>) => queueOf(queueSettingsOf(searchSettings(o))).name;

describe('one settings path', () => {
  it('the same options give the same queue, whatever else a command takes', () => {
    expect(queue(base)).toBe(queue({ ...base }));
    // the coordinator's and the worker's own options change nothing
    expect(queue({ ...base, workers: 7, progressMs: 100, lockMs: 500, quiet: true, json: true, run: 'x', raceAfter: 0 })).toBe(queue(base));
    // the weights by their bytes, not their path; the default is the shipped file
    expect(queue({ ...base, eval: copy })).toBe(queue(base));
    expect(queue({ ...base, eval: SHIPPED_WEIGHTS, ordering: 'eval' })).toBe(queue(base));
  });

  it('each option that changes the tree gives another queue', () => {
    const names = [
      queue(base),
      queue({ ...base, hashBits: 17 }),
      queue({ ...base, table: 'board4' }),
      queue({ ...base, eval: other }),
      queue({ ...base, ordering: 'mobility' }),
      queue({ ...base, eval: 'none' }) === queue({ ...base, ordering: 'mobility' }) ? 'mobility-same' : 'mobility-differs',
      queue({ ...base, selectivity: [1] }),
      queue({ ...base, selectivity: [] }),
    ];
    expect(names[5]).toBe('mobility-same'); // no weights and mobility ordering are one search
    const distinct = names.filter((_, i) => i !== 5);
    expect(new Set(distinct).size).toBe(distinct.length);
  });

  it('the library resolves as the command line does', () => {
    const r = resolveOptions({ hashBits: 16 });
    expect(r).toEqual(searchSettings(base));
    expect(resolveOptions({ hashBits: 16, weights: null })).toEqual(searchSettings({ ...base, eval: 'none' }));
  });
});
