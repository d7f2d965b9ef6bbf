// The eval-quantisation study through `revsolve experiment eval`: full
// weights (--eval, 16-bit, any band) and what each of the study's steps makes
// of them alone (band 4, pow2, zero below 32), the whole chain into 4 bits
// (band 4, pow2, zero below 32, 4-bit codes) and the codebook form, each
// ordering the same suite's search in rounds, beside the shipped weights
// (the baseline).
//   npm run bench:eval -- --eval full.rsev [--suite file.obf --sizes 10,21 --rounds 3 --edax PATH]
// Everything goes into --out, a new folder (the npm script names one under
// bench/results/): the variants in OUT/weights/, the experiment's runs,
// summary and plot in OUT/experiment/. Nothing else is written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
const opt = {
  suite: new URL('../obf/fforum-40-49.obf', import.meta.url).pathname,
  eval: '',
  sizes: '10,21',
  rounds: '3',
  edax: '',
  out: '',
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (!(key in opt) || argv[i + 1] === undefined) {
    console.error(
      `bench:eval: ${argv[i]}: options are ${Object.keys(opt)
        .map((k) => `--${k} <value>`)
        .join(', ')}`,
    );
    process.exit(2);
  }
  opt[key] = argv[i + 1];
}
if (!opt.eval) {
  console.error('bench:eval: --eval names the full weights to shrink (16-bit, e.g. a train fit --band 1 result)');
  process.exit(2);
}
if (!opt.out) {
  console.error('bench:eval: --out names a new folder');
  process.exit(2);
}
if (existsSync(opt.out) && readdirSync(opt.out).length > 0) {
  console.error(`bench:eval: --out ${opt.out}: exists and is not empty: give a new folder`);
  process.exit(2);
}
const weights = join(opt.out, 'weights');
mkdirSync(weights, { recursive: true });
const revsolve = (...a) => {
  const r = spawnSync(process.execPath, [cli, ...a], { encoding: 'utf8', stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const steps = [
  ['band4', ['--band', '4']],
  ['pow2', ['--pow2']],
  ['zero32', ['--zero-below', '32']],
  // eval compress applies its steps in the order given; the 4-bit codes (the storage) come last.
  ['chain4', ['--band', '4', '--pow2', '--zero-below', '32', '--bits', '4']],
  ['codebook', ['--band', '4', '--codebook']],
];
const shipped = new URL('../weights/revsolve.rsev', import.meta.url).pathname;
const files = [shipped, opt.eval];
for (const [name, flags] of steps) {
  const file = join(weights, `${name}.rsev`);
  revsolve('eval', 'compress', opt.eval, file, ...flags);
  files.push(file);
}
revsolve(
  'experiment',
  'eval',
  opt.suite,
  '--weights-files',
  files.join(','),
  '--sizes',
  opt.sizes,
  '--rounds',
  opt.rounds,
  '--baseline',
  `h${opt.sizes.split(',')[0]} board2 eval:${shipped}`,
  ...(opt.edax ? ['--edax', opt.edax] : []),
  '--out',
  join(opt.out, 'experiment'),
);
