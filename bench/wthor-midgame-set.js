// A held-out set of real midgame positions for the levels (solve --level
// against Edax's -l): `--count` positions of WTHOR games (the folder given by
// --wthor; its files are not in the repository), each game chosen by a seed
// and taken at a number of empties drawn by the same seed between --from and
// --to. No answers: no one knows these scores exactly. One comment line a
// position names its game.
//   node bench/wthor-midgame-set.js --wthor DIR --year 2020,2021 --seed 1 --count 200 --from 30 --to 44 \
//     --out obf/wthor-2020-2021-36.obf
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { emptyCount, formatObfLine } from '../dist/index.js';
import { args } from './experiment.js';
import { replayedGames, seeded, wthorFiles } from './wthor-set.js';

/** The set's lines: games drawn without repeat from every year's file, each at its drawn empties (a game that never has them is skipped). */
export function midgameSet(files, seed, count, from, to) {
  const random = seeded(seed);
  const games = files.flatMap((f) => replayedGames(readFileSync(f.path), f.name).games.map((g) => ({ ...g, name: f.name })));
  const order = games.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const lines = [];
  for (const i of order) {
    if (lines.length / 2 >= count) break;
    const g = games[i];
    const empties = from + Math.floor(random() * (to - from + 1));
    const position = g.game.moves.find((m) => emptyCount(m.position) === empties)?.position;
    if (position) lines.push(`% ${g.name} game ${g.number} at ${empties} empties`, formatObfLine(position, []));
  }
  if (lines.length / 2 < count) throw new Error(`only ${lines.length / 2} games have positions to take, fewer than ${count}`);
  return lines;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const opt = args({ year: '2020,2021', seed: '1', count: '200', from: '30', to: '44', wthor: '', out: '' });
  const out = opt.out || 'obf/wthor-midgame.obf';
  if (existsSync(out)) throw new Error(`${out} exists: remove it first to write it again`);
  const lines = midgameSet(wthorFiles(opt), Number(opt.seed), Number(opt.count), Number(opt.from), Number(opt.to));
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`${out}: ${lines.length / 2} positions at ${opt.from}-${opt.to} empties (seed ${opt.seed})`);
}
