/**
 * `revsolve match A B --openings FILE…`: two engines play each opening
 * twice, colours swapped. Openings are the positions after --plies moves
 * of real games (WTHOR, GGF, records), one per class of the board's 8
 * symmetries, --count of them drawn by --seed. A game that ends is a JSON
 * line of --results at once (resumable); the summary gives A's score with
 * its 95 % interval and the Elo difference that score means.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  AppendFile,
  finalScore,
  formatPosition,
  legalMoves,
  moveName,
  PASS,
  type Position,
  play,
  readGameFiles,
  readRegularFile,
  rng,
  START_POSITION as START,
  transformPosition,
  writeGgf,
} from '../internal.js';
import { Forfeit, NboardPlayer, type Player, type PlayerSpec, playerSpec } from './match-engines.js';
import { addSettingOptions, searchSettings, UsageError } from './options.js';
import { checkResultsOptions } from './safe-writes.js';
import type { StopSignals } from './signals.js';

interface MatchOpts {
  openings?: string[];
  plies: string;
  count: string;
  seed: string;
  depth: string;
  moveLimit: string;
  results?: string;
  resume?: boolean;
  force?: boolean;
  quiet?: boolean;
}

export function addMatchCommand(program: Command, stop: StopSignals): void {
  const command = program
    .command('match')
    .description('two engines play real openings, each twice with colours swapped: the score, its interval, the Elo difference')
    .argument('<a>', 'an engine: level:N (revsolve at level N, in this process) or a command that speaks NBoard ("lEdax -nboard -n 1")')
    .argument('<b>', 'the other engine')
    .helpOption('--help', 'show help');
  addSettingOptions(command, 'nboard');
  command
    .option('--openings <files...>', 'WTHOR .wtb, GGF or record files whose games give the openings')
    .option('--plies <n>', 'the openings: the position after this many moves of a game', '20')
    .option('--count <k>', 'how many openings (each played twice), drawn by --seed among the distinct ones', '10')
    .option('--seed <n>', 'the seed of the draw', '1')
    .option('--depth <n>', 'the level NBoard engines are given (set depth)', '8')
    .option('--move-limit <seconds>', 'a move not given within this time forfeits the game', '60')
    .option('--results <file.jsonl>', 'append each finished game to this file at once (flushed)')
    .option('--resume', 'skip the games already in the --results file')
    .option('--force', 'overwrite an existing --results file')
    .option('--quiet', 'no progress on stderr')
    .action(async (a: string, b: string, o: MatchOpts) => {
      process.exitCode = await runMatch(a, b, o, stop);
    });
}

/** A whole number option from `lo` to `hi`, or one line of usage. */
function whole(text: string, flag: string, lo: number, hi: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < lo || n > hi) throw new UsageError(`${flag} ${text}: a whole number from ${lo} to ${hi}`);
  return n;
}

/** One opening: the moves of a game's start (from the usual position), and where it came from. */
interface Opening {
  readonly label: string;
  readonly moves: readonly number[];
  readonly position: Position;
}

/** A position's class under the board's 8 symmetries: the least of its texts. */
function symmetryClass(p: Position): string {
  let least = '';
  for (let k = 0; k < 8; k++) {
    const t = formatPosition(transformPosition(p, k));
    if (least === '' || t < least) least = t;
  }
  return least;
}

/**
 * The openings: each game's position after `plies` moves (a game shorter,
 * or with a pass before, gives none), one per symmetry class (the first
 * game reaching it), then `count` of them drawn by a seeded shuffle, in
 * the files' order.
 */
export function openingsOf(files: readonly string[], plies: number, count: number, seed: number): Opening[] {
  const read = readGameFiles(files.map((name) => ({ name, bytes: readRegularFile(name) })));
  const seen = new Set<string>();
  const distinct: Opening[] = [];
  for (const g of read.games) {
    const moves = g.moves.slice(0, plies);
    if (g.game.moves.length <= plies || moves.includes(PASS) || formatPosition(g.start) !== formatPosition(START)) continue;
    const position = g.game.moves[plies].position;
    const key = symmetryClass(position);
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push({ label: g.label, moves, position });
  }
  if (distinct.length < count)
    throw new UsageError(
      `--openings: ${distinct.length} distinct openings after ${plies} moves in ${files.join(', ')}, fewer than --count ${count}`,
    );
  const random = rng(seed);
  const order = distinct.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order
    .slice(0, count)
    .sort((x, y) => x - y)
    .map((i) => distinct[i]);
}

/** A finished game, as its JSON line says it. */
interface GameRecord {
  readonly game: number;
  readonly opening: number;
  readonly openingLabel: string;
  readonly black: string;
  readonly white: string;
  /** Which engine had black: a (the first) or b. */
  readonly aPlays: 'black' | 'white';
  readonly ggf: string;
  /** Black's final disc difference (a forfeit: -64 for the side that forfeited). */
  readonly result: number;
  /** A's points: 1 a win, 0.5 a draw, 0 a loss. */
  readonly aScore: number;
  readonly forfeit?: { readonly side: 'black' | 'white'; readonly engine: string; readonly reason: string };
  readonly ms: { readonly black: number; readonly white: number };
  readonly moves: { readonly black: number; readonly white: number };
  readonly nodes: { readonly black: number; readonly white: number };
}

/** Plays one game from an opening: each side's player asked in turn, passes made for it, a forfeit ending it. */
async function playGame(
  n: number,
  openingIndex: number,
  opening: Opening,
  black: PlayerSpec,
  white: PlayerSpec,
  aPlays: 'black' | 'white',
  stop: AbortSignal,
): Promise<GameRecord | null> {
  const players: Record<'black' | 'white', Player> = { black: black.make(), white: white.make() };
  const ms = { black: 0, white: 0 };
  const count = { black: 0, white: 0 };
  const nodes = { black: 0, white: 0 };
  const moves = [...opening.moves];
  let p = opening.position;
  let forfeit: GameRecord['forfeit'];
  // A stop ends the game under way; its listener goes with the game (one a game would pile up on the match's signal).
  let onAbort = () => {};
  const stopped = new Promise<'stopped'>((resolve) => {
    onAbort = () => resolve('stopped');
    stop.addEventListener('abort', onAbort, { once: true });
  });
  try {
    while (!stop.aborted) {
      const legal = legalMoves(p);
      if (legal.length === 0) {
        if (legalMoves(play(p, PASS)).length === 0) break;
        moves.push(PASS);
        p = play(p, PASS);
        continue;
      }
      const side = p.toMove === 'X' ? 'black' : 'white';
      const t0 = performance.now();
      let answer: Awaited<ReturnType<Player['play']>> | 'stopped';
      try {
        answer = await Promise.race([players[side].play({ start: START, moves, position: p }), stopped]);
      } catch (e) {
        if (!(e instanceof Forfeit)) throw e;
        forfeit = { side, engine: players[side].name, reason: e.message };
        break;
      }
      if (answer === 'stopped') return null;
      ms[side] += performance.now() - t0;
      count[side]++;
      nodes[side] += answer.nodes;
      if (!legal.includes(answer.move)) {
        forfeit = {
          side,
          engine: players[side].name,
          reason: `it played ${answer.move === PASS ? 'a pass' : moveName(answer.move).toUpperCase()}, not a legal move (${legal.map((m) => moveName(m).toUpperCase()).join(' ')})`,
        };
        break;
      }
      moves.push(answer.move);
      p = play(p, answer.move);
    }
  } finally {
    stop.removeEventListener('abort', onAbort);
    players.black.close();
    players.white.close();
  }
  if (stop.aborted) return null;
  const result = forfeit ? (forfeit.side === 'black' ? -64 : 64) : finalBlack(p);
  const aBlack = aPlays === 'black' ? 1 : -1;
  const aScore = Math.sign(result * aBlack) === 1 ? 1 : result === 0 ? 0.5 : 0;
  return {
    game: n,
    opening: openingIndex,
    openingLabel: opening.label,
    black: black.name,
    white: white.name,
    aPlays,
    ggf: writeGgf({ moves, black: black.name, white: white.name, result }),
    result,
    aScore,
    ...(forfeit ? { forfeit } : {}),
    ms: { black: Math.round(ms.black), white: Math.round(ms.white) },
    moves: count,
    nodes,
  };
}

/** Black's final disc difference of a finished game (empties to the winner). */
function finalBlack(p: Position): number {
  const s = finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo);
  return p.toMove === 'X' ? s : 0 - s;
}

/**
 * A's score over the games (draws half a point), its 95 % Wilson score
 * interval (sound at 0 % and 100 %, where the normal one collapses), and
 * the Elo difference of each (±infinity at 0 and 1).
 */
export function matchScore(points: readonly number[]): {
  score: number;
  low: number;
  high: number;
  elo: number;
  eloLow: number;
  eloHigh: number;
} {
  const n = points.length;
  const p = points.reduce((a, x) => a + x, 0) / n;
  const z = 1.96;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  const elo = (s: number) => (s <= 0 ? Number.NEGATIVE_INFINITY : s >= 1 ? Number.POSITIVE_INFINITY : -400 * Math.log10(1 / s - 1));
  const low = Math.max(0, centre - half);
  const high = Math.min(1, centre + half);
  return { score: p, low, high, elo: elo(p), eloLow: elo(low), eloHigh: elo(high) };
}

/** The games of --results already played (--resume), by game number; a line of another match is refused. */
function playedBefore(file: string, key: string): Map<number, GameRecord> {
  const done = new Map<number, GameRecord>();
  if (!existsSync(file)) return done;
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (line.trim() === '') continue;
    let o: (GameRecord & { match?: string }) | null = null;
    try {
      o = JSON.parse(line);
    } catch {
      continue; // a line cut short by a stopped run: its game is played again
    }
    if (o?.match !== key)
      throw new UsageError(
        `--resume: ${file}:${i + 1} is another match's game (other engines, openings or settings): give another --results file`,
      );
    done.set(o.game, o);
  }
  return done;
}

async function runMatch(a: string, b: string, o: MatchOpts, stop: StopSignals): Promise<number> {
  const search = searchSettings(o, 'nboard');
  const plies = whole(o.plies, '--plies', 1, 59);
  const count = whole(o.count, '--count', 1, 100_000);
  const seed = whole(o.seed, '--seed', 0, 2 ** 31);
  const depth = whole(o.depth, '--depth', 1, 60);
  const limitMs = whole(o.moveLimit, '--move-limit', 1, 86_400) * 1000;
  if (!o.openings || o.openings.length === 0) throw new UsageError('--openings FILE…: the games whose starts are played');
  checkResultsOptions(o, o.openings, '');
  const s = { hashBits: search.hashBits, engine: search.engine, weights: search.weights?.file ?? null };
  const specs = [playerSpec(a, depth, limitMs, s), playerSpec(b, depth, limitMs, s)];
  const openings = openingsOf(o.openings, plies, count, seed);
  for (const spec of specs) await checkStarts(spec);
  // The match in one word: its engines, openings and settings (--resume refuses a line of another match).
  const described = {
    a: specs[0].name,
    b: specs[1].name,
    openings: openings.map((x) => x.label),
    plies,
    depth,
    hashBits: s.hashBits,
    weights: s.weights,
  };
  const key = createHash('sha256').update(JSON.stringify(described)).digest('hex').slice(0, 16);
  const done = o.resume && o.results ? playedBefore(o.results, key) : new Map<number, GameRecord>();
  const file = o.results ? new AppendFile(o.results) : null;
  if (file && !o.resume) file.empty();
  const games = openings.flatMap((op, i) => [
    { n: 2 * i + 1, i, op, black: specs[0], white: specs[1], aPlays: 'black' as const },
    { n: 2 * i + 2, i, op, black: specs[1], white: specs[0], aPlays: 'white' as const },
  ]);
  const records: GameRecord[] = [...done.values()];
  const say = (t: string) => process.stdout.write(`${t}\n`);
  say(
    `revsolve match: ${specs[0].name} (A) against ${specs[1].name} (B), ${openings.length} openings after ${plies} moves, each played twice; ${search.workers} at once`,
  );
  if (done.size > 0) process.stderr.write(`resuming: ${done.size} game(s) read from ${o.results}\n`);
  const todo = games.filter((g) => !done.has(g.n));
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !stop.signal.aborted) {
      const g = todo[next++];
      const r = await playGame(g.n, g.i + 1, g.op, g.black, g.white, g.aPlays, stop.signal);
      if (r === null) return;
      records.push(r);
      file?.append(`${JSON.stringify({ match: key, ...r })}\n`);
      if (!o.quiet)
        process.stderr.write(
          `game ${r.game}/${games.length}: ${r.black} - ${r.white} ${r.result > 0 ? '+' : ''}${r.result}${r.forfeit ? ` (${r.forfeit.side} forfeits: ${r.forfeit.reason})` : ''}\n`,
        );
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(search.workers, todo.length)) }, worker));
  } finally {
    file?.close();
  }
  if (stop.signal.aborted) {
    process.stderr.write(
      `interrupted by ${stop.received}: ${records.length} of ${games.length} games played${o.results ? `, in ${o.results}; run the same command with --resume to go on` : ''}\n`,
    );
    return stop.exitCode;
  }
  summary(
    records.sort((x, y) => x.game - y.game),
    specs,
    say,
  );
  return 0;
}

/** An NBoard engine that does not start or does not answer a ping: one line of usage before any game. */
async function checkStarts(spec: PlayerSpec): Promise<void> {
  const p = spec.make();
  if (!(p instanceof NboardPlayer)) {
    p.close();
    return;
  }
  const ok = await p.ready(15_000);
  p.close();
  if (!ok)
    throw new UsageError(
      `${spec.name}: does not start or does not answer "ping" (an NBoard engine)${p.stderr ? `: ${p.stderr.trim().split('\n')[0]}` : ''}`,
    );
}

function summary(records: readonly GameRecord[], specs: readonly PlayerSpec[], say: (t: string) => void): void {
  const points = records.map((r) => r.aScore);
  const s = matchScore(points);
  const wins = points.filter((x) => x === 1).length;
  const draws = points.filter((x) => x === 0.5).length;
  const per = (who: 'a' | 'b') => {
    let ms = 0;
    let moves = 0;
    for (const r of records) {
      const side = (r.aPlays === 'black') === (who === 'a') ? 'black' : 'white';
      ms += r.ms[side];
      moves += r.moves[side];
    }
    return moves > 0 ? ms / moves / 1000 : 0;
  };
  const forfeits = records.filter((r) => r.forfeit);
  const eloText = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf');
  say(
    `${records.length} games: A ${wins} wins, ${draws} draws, ${records.length - wins - draws} losses${forfeits.length ? ` (${forfeits.length} by forfeit)` : ''}`,
  );
  say(
    `A's score ${(100 * s.score).toFixed(1)} % (95 % interval ${(100 * s.low).toFixed(1)}-${(100 * s.high).toFixed(1)} %, Wilson's, draws half a point), Elo ${eloText(s.elo)} (${eloText(s.eloLow)} to ${eloText(s.eloHigh)})`,
  );
  say(`time per move: A (${specs[0].name}) ${per('a').toFixed(3)} s, B (${specs[1].name}) ${per('b').toFixed(3)} s`);
  say(
    JSON.stringify({
      summary: true,
      games: records.length,
      wins,
      draws,
      losses: records.length - wins - draws,
      score: s.score,
      scoreLow: s.low,
      scoreHigh: s.high,
      elo: s.elo,
      eloLow: s.eloLow,
      eloHigh: s.eloHigh,
      points: points.reduce((x, y) => x + y, 0),
      aSecondsPerMove: per('a'),
      bSecondsPerMove: per('b'),
    }),
  );
}
