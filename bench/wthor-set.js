// A real-games set for bench:edax: positions of WTHOR games (the French
// Othello Federation's database; its files are not in the repository: --wthor
// names their folder) at the empties of the
// file's theoretical scores (24), chosen by a seed among one year's games
// that reach them, each with its answer from the file's theoretical byte
// (black's discs with perfect play: 2 x discs - 64 for black, negated when
// white is to move), written as a "*:score" answer (the score alone: the
// file names no move). Never from revsolve. One comment line a position
// names its game.
//   node bench/wthor-set.js --wthor DIR --year 2016 --seed 1 [--count 100] [--out obf/wthor-2016-s1.obf]
//   node bench/wthor-set.js --wthor DIR --year 2020,2021 --count all --out obf/wthor-2020-2021-24.obf
// --count all: every game that reaches the depth, in file order (no seed);
// several years (a list) are written one after the other.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANY_MOVE, discDifference, emptyCount, formatObfLine, readWthorGames, replayMoves } from '../dist/index.js';
import { args } from './experiment.js';

/** A WTHOR file's header and its games that replay, in file order: number, theoretical byte, and the replayed game. */
export function replayedGames(bytes, name) {
  const { header, games } = readWthorGames(bytes, name);
  const replayed = [];
  for (const g of games) {
    try {
      replayed.push({ number: g.number, theoretical: g.theoreticalDiscs, game: replayMoves(g.moves) });
    } catch {
      // a game that does not replay has no position to take
    }
  }
  return { header, games: replayed };
}

/** The WTHOR files of `--wthor DIR --year YYYY[,YYYY…]`, checked: each year, its file's name and path. */
export function wthorFiles(opt) {
  const years = opt.year.split(',');
  if (!years.every((y) => /^\d{4}$/.test(y))) throw new Error('--year YYYY[,YYYY…]: the years of the WTHOR files (WTH_YYYY.wtb)');
  if (!opt.wthor) throw new Error('--wthor DIR: the folder of the WTHOR files (WTH_YYYY.wtb)');
  return years.map((year) => ({ year, name: `WTH_${year}.wtb`, path: join(opt.wthor, `WTH_${year}.wtb`) }));
}

/** The sets' seeded numbers (mulberry32, as these sets were first made: the same seed, the same sets). */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A replayed game's position at `empties` empty squares, or undefined if it never has that many. */
export function positionAt(game, empties) {
  return game.moves.find((m) => emptyCount(m.position) === empties)?.position;
}

/** The set's lines: a comment naming each game, then its position and answer. */
export function wthorSet(bytes, name, seed, countOrAll) {
  let count = countOrAll;
  const { header, games } = replayedGames(bytes, name);
  if (!(header.depth > 0)) throw new Error(`${name}: its header gives no depth for theoretical scores`);
  const reaching = [];
  for (const g of games) {
    const position = positionAt(g.game, header.depth);
    if (position) reaching.push({ number: g.number, position, theoretical: g.theoretical });
  }
  // A seeded shuffle (Fisher-Yates), the first `count` kept in file order.
  const random = seeded(seed);
  if (count === 'all') count = reaching.length;
  const order = reaching.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const chosen = order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => reaching[i]);
  if (chosen.length < count) throw new Error(`${name}: ${chosen.length} games reach ${header.depth} empties, fewer than ${count}`);
  return chosen.flatMap((c) => {
    const black = discDifference(c.theoretical);
    const score = c.position.toMove === 'X' ? black : 0 - black;
    return [`% ${name} game ${c.number}: theoretical ${c.theoretical} black discs`, formatObfLine(c.position, [{ move: ANY_MOVE, score }])];
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const opt = args({ year: '', seed: '1', count: '100', wthor: '', out: '' });
  const files = wthorFiles(opt);
  const count = opt.count === 'all' ? 'all' : Number(opt.count);
  const out = opt.out || `obf/wthor-${files.map((f) => f.year).join('-')}-${count === 'all' ? 'all' : `s${opt.seed}`}.obf`;
  const lines = files.flatMap((f) => wthorSet(readFileSync(f.path), f.name, Number(opt.seed), count));
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(
    `${out}: ${lines.length / 2} positions of ${files.map((f) => f.name).join(', ')}${count === 'all' ? ' (every game reaching the depth)' : ` (seed ${opt.seed})`}`,
  );
}
