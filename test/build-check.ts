/**
 * Vitest's global setup: the tests run against the current build. Tests
 * spawn dist/cli/main.js, load dist/revsolve.wasm and serve dist/web/, so a
 * source edited since the last build would be tested stale: whatever is
 * older than its sources is rebuilt here first, with one line saying so
 * (tsc -b is incremental; the engine and the page are rebuilt only when a
 * source of theirs is newer than them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time under the given folders and files (0 when none exists). */
function newest(paths: readonly string[]): number {
  let t = 0;
  for (const p of paths) {
    const full = join(ROOT, p);
    if (!existsSync(full)) continue;
    const s = statSync(full);
    if (s.isDirectory()) {
      for (const e of readdirSync(full)) t = Math.max(t, newest([join(p, e)]));
    } else t = Math.max(t, s.mtimeMs);
  }
  return t;
}

/** The shared plain-number files under src/ that assembly/ compiles too (its `from '../src/…'` imports). */
function sharedSources(): string[] {
  const found = new Set<string>();
  for (const f of readdirSync(join(ROOT, 'assembly'))) {
    if (!f.endsWith('.ts')) continue;
    for (const m of readFileSync(join(ROOT, 'assembly', f), 'utf8').matchAll(/from '\.\.\/(src\/[^']+)'/g)) found.add(`${m[1]}.ts`);
  }
  return [...found];
}

const age = (file: string) => (existsSync(join(ROOT, file)) ? statSync(join(ROOT, file)).mtimeMs : -1);

function npm(script: string): void {
  execFileSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

export default function setup(): void {
  const stale: string[] = [];
  if (age('dist/cli/main.js') < newest(['src', 'native-free-bitboard/src'])) stale.push('tsc');
  if (age('dist/revsolve.wasm') < newest(['assembly', ...sharedSources(), 'package.json'])) stale.push('wasm');
  if (age('dist/web/main.js') < newest(['web', 'src', 'native-free-bitboard/src', 'dist/revsolve.wasm'])) stale.push('web');
  if (stale.length === 0) return;
  process.stderr.write(`test/build-check: the build is older than its sources (${stale.join(', ')}): rebuilding before the tests\n`);
  // tsc -b leaves an output untouched when its text is the same: touch the entry so that the next check sees it current.
  if (stale.includes('tsc')) npm('build:ts');
  if (stale.includes('wasm')) npm('build:wasm');
  if (stale.includes('web') || stale.includes('wasm')) npm('build:web');
}
