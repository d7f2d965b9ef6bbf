// npm's prepare step (npm install, and npx revsolve in a checkout): builds
// dist/ only when the sources changed since it was last built. A rebuild
// starts by removing dist/, which would pull the program out from under a
// solve, a server or a worker already running from this checkout; an
// up-to-date dist/ is left alone. `node scripts/prepare.mjs stamp` records
// the sources' digest after a build (npm run build does it); `check` says
// whether dist/ is up to date (exit 0) or not (exit 1), building nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const STAMP = join(root, 'dist', '.sources-sha256');
// What the build reads: every file of these folders, and these files.
const FOLDERS = ['src', 'assembly', 'web', 'native-free-bitboard/src'];
const FILES = ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'native-free-bitboard/package.json', 'native-free-bitboard/tsconfig.json', 'weights/revsolve.rsev'];

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* files(path);
    else if (e.isFile()) yield path;
  }
}

function digest() {
  const h = createHash('sha256');
  const all = [...FOLDERS.flatMap((d) => (existsSync(join(root, d)) ? [...files(join(root, d))] : [])), ...FILES.map((f) => join(root, f))];
  for (const f of all) {
    if (!existsSync(f)) continue;
    h.update(f.slice(root.length));
    h.update('\0');
    h.update(readFileSync(f));
  }
  return h.digest('hex');
}

const upToDate = () => existsSync(join(root, 'dist/cli/main.js')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === digest();
/** The checkout's commit ("-dirty" with changes to tracked files), or null outside a git checkout: what an installed copy reports as its commit. */
function commit() {
  if (!existsSync(join(root, '.git'))) return null;
  const head = spawnSync('git', ['-C', root, 'rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' });
  if (head.status !== 0) return null;
  const dirty = spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '-dirty' : ''}`;
}

if (process.argv[2] === 'stamp') {
  writeFileSync(STAMP, `${digest()}\n`);
  // The commit the build was made from, shipped in the package (dist/commit.json), so that an installed copy can say it.
  writeFileSync(join(root, 'dist', 'commit.json'), `${JSON.stringify({ commit: commit(), built: new Date().toISOString() })}\n`);
} else if (process.argv[2] === 'check') {
  const built = upToDate();
  console.log(built ? 'dist/ is built from these sources' : 'dist/ is missing or older than the sources');
  process.exit(built ? 0 : 1);
} else {
  if (upToDate()) {
    console.log('revsolve: dist/ is built from these sources: not rebuilt (npm run build forces it)');
  } else {
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
}
