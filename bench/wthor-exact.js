// Positions of real games below the WTHOR files' theoretical depth, with
// exact scores: each game of the given years that replays is taken at
// one of the --empties counts in turn (game 1 at the first, game 2 at the
// second, ...), solved exactly here (one thread, the shipped weights, the
// default settings) and written as a "*:score" answer. The labels are
// revsolve's exact solves, not the file's (the file holds none below its
// depth): the same engine that matches every theoretical score of those
// years at 24 empties (obf/wthor-2020-2021-24.obf). For `eval error`.
//   node bench/wthor-exact.js --wthor DIR --year 2020,2021 --empties 20,21,22 --out obf/wthor-2020-2021-20-22.obf
import { readFileSync, writeFileSync } from 'node:fs';
import { ANY_MOVE, formatObfLine, Solver } from '../dist/index.js';
import { args } from './experiment.js';
import { positionAt, replayedGames, wthorFiles } from './wthor-set.js';

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const opt = args({ year: '', empties: '20,21,22', wthor: '', out: '' });
  const files = wthorFiles(opt);
  const empties = opt.empties.split(',').map(Number);
  if (!empties.every((e) => Number.isInteger(e) && e >= 1 && e <= 30)) throw new Error('--empties: whole numbers from 1 to 30');
  if (!opt.out) throw new Error('--out FILE: the OBF file to write');
  const solver = new Solver();
  const lines = [];
  const t0 = process.cpuUsage();
  let nodes = 0;
  let taken = 0;
  for (const { name, path } of files) {
    for (const g of replayedGames(readFileSync(path), name).games) {
      const e = empties[taken % empties.length];
      const position = positionAt(g.game, e);
      if (!position) continue;
      taken++;
      const r = solver.solve(position);
      nodes += r.nodes;
      lines.push(
        `% ${name} game ${g.number} at ${e} empties: revsolve's exact score`,
        formatObfLine(position, [{ move: ANY_MOVE, score: r.score }]),
      );
      if (taken % 100 === 0) process.stderr.write(`${taken} positions solved\n`);
    }
  }
  writeFileSync(opt.out, `${lines.join('\n')}\n`);
  const cpu = process.cpuUsage(t0);
  console.log(
    `${opt.out}: ${taken} positions at ${empties.join(', ')} empties of ${files.map((f) => f.name).join(', ')}; ${nodes.toLocaleString('en-US')} nodes, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`,
  );
}
