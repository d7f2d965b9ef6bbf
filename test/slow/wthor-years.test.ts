/**
 * The slow tier (REVSOLVE_SLOW=1, npm run test:slow): `revsolve games` over
 * every WTHOR year in ../shared/wthor (125,046 games), a player found
 * across years. Skipped, saying so, where that folder is absent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI } from '../processes.js';

const shared = fileURLToPath(new URL('../../../shared/wthor/', import.meta.url));
const present = existsSync(shared);
if (!present) console.warn(`test/slow/wthor-years.test.ts: ${shared} is absent: skipped`);

describe('every year of ../shared/wthor', () => {
  it.skipIf(!present)('finds a player across years', () => {
    const years = readdirSync(shared).filter((f) => /^WTH_\d{4}\.wtb$/.test(f));
    const r = spawnSync(
      process.execPath,
      [CLI, 'games', ...years.map((f) => join(shared, f)), '--player', 'tastet marc', '--json', '--limit', '100000'],
      {
        encoding: 'utf8',
        timeout: 600_000,
        maxBuffer: 1 << 28,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const found = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((x) => x.label);
    expect(new Set(found.map((g) => g.year)).size).toBeGreaterThan(5);
    expect(found.every((g) => g.black === 'Tastet Marc' || g.white === 'Tastet Marc')).toBe(true);
  });
});
