/**
 * `revsolve analyze <record | file>...`: games' endgames, move by move, the
 * exact score of every legal move and what the move played lost; a table
 * like solve's, or one JSON line a position; a summary per game and per
 * player. Inputs are records, files of records (one a line), GGF files and
 * WTHOR .wtb files (with the players of a WTHOR.JOU beside them), each known
 * by its content. Progress on stderr (a live line on a terminal, a line now
 * and then off one). A signal stops the workers: what is finished is
 * printed, with the summary of it.
 */
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import {
  analyzeGame,
  discDifference,
  emptyCount,
  exactFrom,
  type FileError,
  type FileGame,
  formatScore,
  type Game,
  gameSummary,
  type InputKind,
  inputKind,
  isWthorGames,
  legalMoves,
  MAX_BITS,
  MIN_BITS,
  type MoveAnalysis,
  moveName,
  PASS,
  type Position,
  playerSummary,
  RecordError,
  type ResolvedOptions,
  readGameFiles,
  readRegularFile,
  recordOf,
  replayGame,
  searchGames,
  sideName,
  solveSuite,
} from '../internal.js';
import { AnalyzeProgress } from './analyze-progress.js';
import { AnalyzeResults } from './analyze-results.js';
import { EXIT_USAGE } from './exit-codes.js';
import { describeQuery, queryOf } from './game-filters.js';
import { addSettingOptions, checkLevel, checkTableFits, searchSettings, UsageError } from './options.js';
import { checkResultsOptions } from './safe-writes.js';
import type { StopSignals } from './signals.js';

/** The command's own options (the settings table's are read through searchSettings). */
interface AnalyzeOpts {
  json?: boolean;
  checkTheoretical?: boolean;
  quiet?: boolean;
  results?: string;
  resume?: boolean;
  force?: boolean;
}

export function addAnalyzeCommand(program: Command, stop: StopSignals): void {
  const command = program
    .command('analyze')
    .description('the exact score of every move of a game from --from empties to the end, and what each move played lost')
    .argument(
      '<inputs...>',
      'game records (f5d6c3…, passes implied; move numbers allowed), files of records (one a line), GGF files, or WTHOR .wtb files (players from a WTHOR.JOU beside them)',
    )
    .helpOption('--help', 'show help');
  addSettingOptions(command, 'analyze', {
    workers: 'moves solved in parallel',
    hashBits: `the transposition table: 2^h entries (${MIN_BITS}..${MAX_BITS}), kept through the game; -h as in Edax`,
  });
  command
    .option('--json', 'one JSON line a position, a summary line a game, a line a player')
    .option('--quiet', 'no progress on stderr (by default: a live line on a terminal, else a line every --progress-every seconds)')
    .option('--results <file.jsonl>', 'append each game analysed to this file once it is done (a JSON line a game, flushed to disk)')
    .option('--resume', 'skip the games already in the --results file (their rows printed from it)')
    .option('--force', 'overwrite an existing --results file (without it, one that is not empty is refused unless --resume)')
    .option(
      '--check-theoretical',
      "WTHOR games: solve each game's position at the file's depth (24 empties) and compare it with the game's theoretical score; exit 1 when one disagrees",
    )
    .action(async (inputs: string[], o: AnalyzeOpts) => {
      process.exitCode = await runAnalyze(inputs, o, stop);
    });
}

/** A game to analyse: one of the reader's (readGameFiles), or a record given on the command line. */
type Item = Pick<FileGame, 'label' | 'game' | 'black' | 'white' | 'theoretical'> & {
  readonly number: number;
  /** The reader's game (a game of a file), for the database filters; none for a record given on the command line. */
  readonly read?: FileGame;
};

/** The WTHOR.JOU and WTHOR.TRN in the folder of `file` (any case), the paths of those there are. */
function wthorNamesBeside(file: string): string[] {
  const dir = dirname(file);
  try {
    return readdirSync(dir)
      .filter((f) => ['WTHOR.JOU', 'WTHOR.TRN'].includes(f.toUpperCase()))
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/** Every file a command reads for `inputs`: the inputs, and the WTHOR.JOU and .TRN read beside them (never to be written over). */
function filesRead(inputs: readonly string[]): string[] {
  return [...inputs, ...inputs.flatMap((arg) => (existsSync(arg) ? wthorNamesBeside(arg) : []))];
}

/** `arg` as a file to read: null when it is no path (a record), else checked to be a readable regular file, in one line. */
function inputFile(arg: string): string | null {
  // A path: what exists (a link too, even a broken one), or what is written like one (a dot or a slash); anything else is a record.
  const there = lstatSync(arg, { throwIfNoEntry: false }) !== undefined;
  if (!there && !/[./\\]/.test(arg)) return null;
  if (!there) throw new UsageError(`${arg}: no such file (nor a game record: moves as in f5d6c3)`);
  let kind: InputKind;
  try {
    kind = inputKind(arg);
  } catch (e) {
    throw new UsageError(`${arg}: ${(e as FileError).problem}`);
  }
  if (kind === 'directory') throw new UsageError(`${arg}: is a directory (give the files in it)`);
  if (kind !== 'file') throw new UsageError(`${arg}: is not a regular file (a pipe or a device): give a file of game records`);
  return arg;
}

/**
 * The games of an argument: a file read by the one reader (readGameFiles:
 * WTHOR with the WTHOR.JOU and .TRN beside it, GGF, transcripts), or a
 * record itself; `--game` picks some by number (a range past the file's
 * games is refused, naming how many it has). A game that does not replay
 * is one error naming it, the others kept (`bad`); a file that gives no
 * game for one reason is that reason, in one line.
 */
export function gamesOf(arg: string, pick: readonly [number, number] | undefined, bad: string[], argCount = 1): Item[] {
  if (arg.trim() === '')
    throw new UsageError('analyze: an empty argument: give a game record (as f5d6c3…) or a file of records, one a line');
  const picked = (n: number) => !pick || (n >= pick[0] && n <= pick[1]);
  const counted = (count: number, what: string) => {
    if (pick && pick[1] > count)
      throw new UsageError(
        `--game ${pick[0] === pick[1] ? pick[0] : `${pick[0]}-${pick[1]}`}: ${what} ${count === 1 ? 'holds 1 game' : `holds ${count} games`} (1${count > 1 ? `-${count}` : ''})`,
      );
  };
  if (inputFile(arg) === null) {
    counted(1, `the record ${arg}`);
    const label = `the record ${arg.length > 24 ? `${arg.slice(0, 24)}…` : arg}`;
    try {
      return [{ label, number: 1, game: replayGame(arg), black: '', white: '' }];
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      throw new UsageError(
        `${label}: ${e.message}${argCount > 1 ? ` (the ${argCount} arguments are read as ${argCount} records, each a game from the start: write a game's moves together, as f5d6c3)` : ''}`,
      );
    }
  }
  const bytes = readRegularFile(arg);
  const beside = isWthorGames(bytes) ? wthorNamesBeside(arg).map((name) => ({ name, bytes: readRegularFile(name) })) : [];
  const read = readGameFiles([{ name: arg, bytes }, ...beside]);
  for (const w of read.warnings) if (!/no WTHOR\.JOU with it/.test(w)) process.stderr.write(`warning: ${w}\n`);
  // A file that gives no game for one reason (not a game file, damaged): that reason is the whole message.
  if (read.games.length === 0 && read.problems.length === 1) throw new UsageError(read.problems[0]);
  counted(read.counts.get(arg) ?? 0, arg);
  const items: Item[] = [];
  for (const g of read.games)
    if (picked(g.source.index))
      items.push({
        label: g.label,
        number: g.source.index,
        game: g.game,
        black: g.black,
        white: g.white,
        theoretical: g.theoretical,
        read: g,
      });
  bad.push(...read.problems.filter((p) => !pick || !/ game (\d+)[: ]/.test(p) || picked(Number(/ game (\d+)[: ]/.exec(p)?.[1]))));
  return items;
}

/** The table's head and a row: the best moves last, so that ties (several best moves) never push a column. */
const HEAD = ' ply empties  side   played score  best  loss  best moves';
/** With --level: a depth column (depth@confidence of an estimate, "exact" where solved); estimated scores marked "~". */
const LEVEL_HEAD = ' ply empties  side   played score  best  loss    depth  best moves';
function row(m: MoveAnalysis, level = false): string {
  const mark = m.estimateDepth === null ? '' : '~';
  const depth = level
    ? `  ${(m.estimateDepth === null ? 'exact' : `${m.estimateDepth}${m.estimateConfidence !== null && m.estimateConfidence < 100 ? `@${m.estimateConfidence}%` : ''}`).padStart(7)}`
    : '';
  return `${String(m.number).padStart(4)} ${String(m.empties).padStart(7)}  ${sideName(m.toMove).padEnd(5)}  ${moveName(m.played).padEnd(6)} ${`${mark}${formatScore(m.playedScore)}`.padStart(5)}  ${`${mark}${formatScore(m.best)}`.padStart(4)}  ${String(m.loss).padStart(4)}${depth}  ${m.bestMoves.join(' ')}`;
}

function jsonLine(m: MoveAnalysis, game: number): string {
  // The record form of every output (MoveRecord), with the game's number before it and the nodes after.
  return JSON.stringify({ game, ...recordOf(m), nodes: m.nodes });
}

/** The positions a game has from `from` empties on (the moves played there; every one with a level), and the moves to solve in them. */
function sizeOf(game: Game, from: number, level?: number): { positions: number; moves: number } {
  const chosen = game.moves.filter((m) => m.move !== PASS && (level !== undefined || emptyCount(m.position) <= from));
  return { positions: chosen.length, moves: chosen.reduce((t, m) => t + legalMoves(m.position).length, 0) };
}

/** The rows solved exactly (a level's estimates left out of the losses). */
const exactOnly = (rows: readonly MoveAnalysis[]): MoveAnalysis[] => rows.filter((m) => m.estimateDepth === null);

/** A side's line of a game's summary: "black (Tastet Marc): 11 moves, 8 discs lost in 3 moves, the largest 4 at move 49". */
function sideLine(side: 'black' | 'white', name: string, l: ReturnType<typeof gameSummary>['black']): string {
  return `${side}${name ? ` (${name})` : ''}: ${l.moves} moves, ${l.totalLoss} discs lost${l.movesLost > 0 ? ` in ${l.movesLost} move${l.movesLost === 1 ? '' : 's'}, the largest ${l.largestLoss} at move ${l.largestAt}` : ''}`;
}

/** The games of the inputs that the run analyses (the player's, the database filters'), and a line per input refused (printed here). */
function gamesToAnalyse(
  inputs: readonly string[],
  search: ReturnType<typeof searchSettings>,
  quiet: boolean,
): { games: Item[]; bad: string[] } {
  const bad: string[] = [];
  let games = inputs.flatMap((arg) => gamesOf(arg, search.games, bad, inputs.length));
  for (const b of bad) process.stderr.write(`error: ${b}\n`);
  if (games.length === 0)
    throw new UsageError(`no game to analyse: every game given was refused (${bad.length} error${bad.length === 1 ? '' : 's'} above)`);
  if (search.player !== undefined) {
    const who = search.player.toLowerCase();
    const all = games;
    games = games.filter((g) => g.black.toLowerCase().includes(who) || g.white.toLowerCase().includes(who));
    // Which players the name matched, said once: "tastet" matches two.
    const matched = [...new Set(games.flatMap((g) => [g.black, g.white]).filter((n) => n.toLowerCase().includes(who)))].sort();
    if (matched.length > 0 && !quiet)
      process.stderr.write(
        `--player ${search.player}: ${matched.length === 1 ? 'the player' : `${matched.length} players`} ${matched.join(', ')}\n`,
      );
    if (games.length === 0)
      throw new UsageError(
        all.some((g) => g.black || g.white)
          ? `--player ${search.player}: no game of a player of that name among the ${all.length} given`
          : `--player ${search.player}: the games given have no players' names (GGF's PB and PW, or a WTHOR.JOU beside a .wtb)`,
      );
  }
  return { games: databaseFilter(games, search), bad };
}

/** A game's summary after its moves: a JSON line, or a line per side. */
function printGameSummary(
  number: number,
  item: Item,
  done: readonly MoveAnalysis[],
  interrupted: boolean,
  from: number,
  json: boolean,
  print: (text: string) => void,
): void {
  const s = gameSummary(done);
  if (json)
    print(
      JSON.stringify({
        summary: true,
        game: number,
        label: item.label,
        ...(item.black || item.white ? { blackPlayer: item.black, whitePlayer: item.white } : {}),
        positions: done.length,
        nodes: done.reduce((t, m) => t + m.nodes, 0),
        interrupted,
        ...s,
      }),
    );
  else {
    if (done.length === 0) print(`no position of ${from} empties or fewer${interrupted ? ' finished' : ' in this game'}`);
    print(sideLine('black', item.black, s.black));
    print(sideLine('white', item.white, s.white));
  }
}

/** Per player, over the games analysed (named players only): when more than one game was asked, or the run was cut short. */
function printPlayers(
  analysed: readonly { number: number; black: string; white: string; moves: MoveAnalysis[] }[],
  games: readonly { label: string }[],
  json: boolean,
  interrupted: boolean,
  print: (text: string) => void,
): void {
  const players = playerSummary(analysed);
  if (players.length === 0 || (games.length <= 1 && !interrupted)) return;
  if (json) {
    for (const { name, ...rest } of players) print(JSON.stringify({ player: name, ...rest }));
    return;
  }
  print(`\nplayers, over ${analysed.length} game${analysed.length === 1 ? '' : 's'}`);
  const width = Math.max(6, ...players.map((p) => p.name.length));
  print(`${'player'.padEnd(width)}  games  moves  discs lost  moves losing  largest`);
  for (const p of players)
    print(
      `${p.name.padEnd(width)}  ${String(p.games).padStart(5)}  ${String(p.moves).padStart(5)}  ${String(p.totalLoss).padStart(10)}  ${String(p.movesLost).padStart(12)}  ${p.largestLoss > 0 ? `${p.largestLoss} (${games[p.largestGame - 1]?.label ?? `game ${p.largestGame}`}, move ${p.largestAt})` : '0'}`,
    );
}

async function runAnalyze(inputs: readonly string[], o: AnalyzeOpts, stop: StopSignals): Promise<number> {
  const search = searchSettings(o, 'analyze');
  checkLevel(search);
  // One table a worker, refused before anything is read when the machine cannot hold them.
  checkTableFits(search.hashBits, search.tableLayout, search.workers);
  if (o.checkTheoretical && (o as { from?: unknown }).from !== undefined)
    throw new UsageError("--from: --check-theoretical solves each game's position at its file's depth (24 empties): give one of them");
  if (o.checkTheoretical && o.results !== undefined)
    throw new UsageError('--results keeps analysed games; --check-theoretical analyses none: give one of them');
  checkResultsOptions(o, filesRead(inputs));
  const { games, bad } = gamesToAnalyse(inputs, search, !!o.quiet);
  const out = (text: string) => process.stdout.write(`${text}\n`);
  if (o.checkTheoretical) {
    const code = await checkTheoretical(games, search, o, stop, out);
    return bad.length > 0 && code === 0 ? EXIT_USAGE : code;
  }
  // Locked and read before anything is said: a second run on it is one line naming the first.
  const results = o.results !== undefined ? new AnalyzeResults(o.results, !!o.resume) : null;
  for (const p of results?.problems ?? []) process.stderr.write(`warning: ${p}\n`);
  // The run's size, said before it starts.
  const sizes = games.map((g) => sizeOf(g.game, search.from, search.level));
  const positions = sizes.reduce((t, z) => t + z.positions, 0);
  const moves = sizes.reduce((t, z) => t + z.moves, 0);
  if (!o.quiet)
    process.stderr.write(
      `analyzing ${games.length} game${games.length === 1 ? '' : 's'}: ${positions} position${positions === 1 ? '' : 's'} ${search.level === undefined ? `of ${search.from} empties or fewer` : `(every move: level ${search.level} before ${search.from} empties, each move's child searched at the level, exact where the level solves it, so from ${Math.max(search.from, exactFrom(search.level) + 1)} empties; exact from ${search.from})`}, ${moves} moves to solve (fewer: a move played is scored by the position after it)\n`,
    );
  if (results && o.resume) process.stderr.write(`resuming: ${results.size} game${results.size === 1 ? '' : 's'} read from ${o.results}\n`);
  const progress = o.quiet
    ? null
    : new AnalyzeProgress(process.stderr.isTTY === true, games.length, positions, process.stderr, search.progressEvery * 1000);
  const print = (text: string) => (progress ? progress.print(text, out) : out(text));
  const analysed: { number: number; black: string; white: string; moves: MoveAnalysis[] }[] = [];
  let finished = 0;
  let interrupted = false;
  try {
    for (const [g, item] of games.entries()) {
      const done: MoveAnalysis[] = [];
      analysed.push({
        number: g + 1,
        black: item.black,
        white: item.white,
        get moves() {
          return exactOnly(done);
        },
      });
      progress?.startGame(item.label);
      if (!o.json) {
        const players = item.black || item.white ? ` (${item.black || '?'} – ${item.white || '?'})` : '';
        if (games.length > 1 || players) print(`${g > 0 ? '\n' : ''}${item.label}${players}`);
        print(search.level === undefined ? HEAD : LEVEL_HEAD);
      }
      const take = (m: MoveAnalysis) => {
        done.push(m);
        finished++;
        progress?.positionDone(m.nodes);
        print(o.json ? jsonLine(m, g + 1) : row(m, search.level !== undefined));
      };
      // A game kept by an earlier run (--resume) is printed from there; the others are analysed.
      const kept = results?.done(item.game, search.from, search.level);
      if (kept) kept.forEach(take);
      else
        try {
          for await (const m of analyzeGame(item.game, {
            from: search.from,
            hashBits: search.hashBits,
            workers: search.workers,
            engine: search.engine,
            ...(search.level !== undefined ? { level: search.level, moveTime: search.moveTime } : {}),
            signal: stop.signal,
            ...(progress ? { watcher: progress } : {}),
          }))
            take(m);
        } catch (e) {
          if (!stop.signal.aborted) throw e;
          interrupted = true;
        }
      // The losses are the exact rows' (a level's estimates are shown, not summed).
      printGameSummary(g + 1, item, exactOnly(done), interrupted, search.from, !!o.json, print);
      progress?.gameDone();
      if (interrupted) break;
      if (!kept) results?.add(item.game, search.from, item.label, done, search.level);
    }
    printPlayers(analysed, games, !!o.json, interrupted, print);
  } finally {
    progress?.stop();
    results?.close();
  }
  if (interrupted) {
    process.stderr.write(
      `interrupted by ${stop.received}: ${finished} position${finished === 1 ? '' : 's'} finished, in ${analysed.length} game${analysed.length === 1 ? '' : 's'} of ${games.length}${results ? `; the games done are in ${o.results}: run the same command with --resume to go on` : ''}\n`,
    );
    return stop.exitCode;
  }
  return bad.length > 0 ? EXIT_USAGE : 0;
}

/**
 * --check-theoretical: each WTHOR game's position at its file's depth
 * solved exactly (that position alone) and compared with the game's
 * theoretical score, black's discs with perfect play (2 × discs − 64 as a
 * disc difference); each disagreement one line naming the game; the counts
 * at the end. Exit 1 when any disagrees.
 */
async function checkTheoretical(
  games: readonly Item[],
  search: ResolvedOptions,
  o: AnalyzeOpts,
  stop: StopSignals,
  out: (text: string) => void,
): Promise<number> {
  const checkable: { item: Item; position: Position }[] = [];
  let notCheckable = 0;
  for (const item of games) {
    const at = item.theoretical && item.game.moves.find((m) => emptyCount(m.position) === item.theoretical?.depth);
    if (at) checkable.push({ item, position: at.position });
    else notCheckable++;
  }
  if (games.every((g) => !g.theoretical))
    throw new UsageError(
      '--check-theoretical: no game with a theoretical score among the inputs (a WTHOR .wtb file holds them, at the depth its header gives)',
    );
  const entries = checkable.map(({ position }) => ({ line: 0, position, answers: [] }));
  // Progress as analyze's: a live line on a terminal, a line now and then off one (each result a "game" of one position).
  const progress = o.quiet
    ? null
    : new AnalyzeProgress(process.stderr.isTTY === true, checkable.length, checkable.length, process.stderr, search.progressEvery * 1000);
  const print = (text: string) => (progress ? progress.print(text, out) : out(text));
  let agree = 0;
  let disagree = 0;
  let interrupted = false;
  try {
    const options = {
      hashBits: search.hashBits,
      workers: search.workers,
      engine: search.engine,
      signal: stop.signal,
      order: 'finished' as const,
      ...(progress ? { watcher: progress } : {}),
    };
    progress?.startGame(`${checkable.length} position${checkable.length === 1 ? '' : 's'} at the files' depth`);
    for await (const r of entries.length > 0 ? solveSuite(entries, options) : []) {
      progress?.positionDone(r.nodes);
      progress?.gameDone();
      const { item, position } = checkable[r.index - 1];
      const exact = position.toMove === 'X' ? r.score : 0 - r.score;
      const theoretical = discDifference(item.theoretical?.discs ?? 0);
      if (exact === theoretical) agree++;
      else {
        disagree++;
        print(
          `${item.label}: the file's theoretical score is ${formatScore(theoretical)} for black, the exact score of its position at ${item.theoretical?.depth} empties ${formatScore(exact)}`,
        );
      }
      if (o.json)
        print(JSON.stringify({ label: item.label, game: item.number, theoretical, exact, agree: exact === theoretical, nodes: r.nodes }));
    }
  } catch (e) {
    if (!stop.signal.aborted) throw e;
    interrupted = true;
  } finally {
    progress?.stop();
  }
  const counts = `${agree + disagree} of ${checkable.length} checked: ${agree} agree, ${disagree} disagree; ${notCheckable} not checkable (the game ends before its file's depth)`;
  if (interrupted) {
    process.stderr.write(`interrupted by ${stop.received}: ${counts}\n`);
    return stop.exitCode;
  }
  out(o.json ? JSON.stringify({ summary: true, checked: agree + disagree, agree, disagree, notCheckable }) : counts);
  return disagree > 0 ? 1 : 0;
}

/** --tournament, --year, --position (the settings table's): the games of files that match, as `revsolve games` finds them (searchGames); a filter that matches nothing is one line. */
function databaseFilter(games: Item[], search: ResolvedOptions): Item[] {
  const query = queryOf({ tournament: search.tournament, year: search.year, position: search.position });
  if (Object.keys(query).length === 0) return games;
  const files = games.flatMap((g) => (g.read ? [g.read] : []));
  const kept = new Set(searchGames(files, query).map((f) => f.game));
  const found = games.filter((g) => g.read && kept.has(g.read));
  if (found.length === 0)
    throw new UsageError(`no game matches ${describeQuery(query)} among the ${games.length.toLocaleString('en-US')} games given`);
  return found;
}
