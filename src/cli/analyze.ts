/**
 * `revsolve analyze <record | file>`: a game's endgame, move by move, the
 * exact score of every legal move and what the move played lost; a table
 * like solve's, or one JSON line a position; a summary per player. A file
 * holds one record a line. A signal stops the workers: what is finished is
 * printed, with the summary of it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import {
  analyzeGame,
  discDifference,
  emptyCount,
  formatScore,
  type Game,
  gameSummary,
  isWthorGames,
  MAX_BITS,
  MIN_BITS,
  type MoveAnalysis,
  moveName,
  type Position,
  RecordError,
  type ResolvedOptions,
  readWthorGames,
  replayGame,
  replayMoves,
  sideName,
  solveSuite,
} from '../internal.js';
import { addSettingOptions, searchSettings, UsageError } from './options.js';
import type { StopSignals } from './signals.js';
import { EXIT_USAGE } from './solve.js';

/** The command's own options (the settings table's are read through searchSettings). */
interface AnalyzeOpts {
  json?: boolean;
  checkTheoretical?: boolean;
}

export function addAnalyzeCommand(program: Command, stop: StopSignals): void {
  const command = program
    .command('analyze')
    .description('the exact score of every move of a game from --from empties to the end, and what each move played lost')
    .argument(
      '<inputs...>',
      'game records (f5d6c3…, passes implied; move numbers allowed), files of records (one a line), or WTHOR .wtb files',
    )
    .helpOption('--help', 'show help');
  addSettingOptions(command, 'analyze', {
    workers: 'moves solved in parallel',
    hashBits: `the transposition table: 2^h entries (${MIN_BITS}..${MAX_BITS}), kept through the game; -h as in Edax`,
  });
  command
    .option('--json', 'one JSON line a position, then a summary line')
    .option(
      '--check-theoretical',
      "WTHOR games: solve each game's position at the file's depth (24 empties) and compare it with the game's theoretical score; exit 1 when one disagrees",
    )
    .action(async (inputs: string[], o: AnalyzeOpts) => {
      process.exitCode = await runAnalyze(inputs, o, stop);
    });
}

/** A game to analyse: where it comes from, the game, and (a WTHOR game) its theoretical score and the depth it is given at. */
interface Item {
  readonly label: string;
  readonly number: number;
  readonly game: Game;
  readonly theoretical?: { readonly discs: number; readonly depth: number };
}

/**
 * The games of an argument: a WTHOR .wtb file (known by its content), a
 * file of records (blank lines and # comments skipped), or the record
 * itself; `--game` picks some by number. A game that does not replay is
 * one error naming its file and number, the others kept (`bad`).
 */
function gamesOf(arg: string, pick: readonly [number, number] | undefined, bad: string[]): Item[] {
  if (arg.trim() === '')
    throw new UsageError('analyze: an empty argument: give a game record (as f5d6c3…) or a file of records, one a line');
  // A path: what exists, or what is written like one (a dot or a slash); anything else is a record.
  const isFile = existsSync(arg) || /[./\\]/.test(arg);
  if (isFile && !existsSync(arg)) throw new UsageError(`${arg}: no such file (nor a game record: moves as in f5d6c3)`);
  if (isFile && !statSync(arg).isFile()) throw new UsageError(`${arg}: not a file of game records`);
  const bytes = isFile ? readFileSync(arg) : null;
  const picked = (n: number) => !pick || (n >= pick[0] && n <= pick[1]);
  const items: Item[] = [];
  if (bytes && isWthorGames(bytes)) {
    const { header, games } = readWthorGames(bytes, arg);
    for (const g of games) {
      if (!picked(g.number)) continue;
      try {
        const theoretical = header.depth > 0 ? { discs: g.theoreticalDiscs, depth: header.depth } : undefined;
        items.push({ label: `${arg} game ${g.number}`, number: g.number, game: replayMoves(g.moves), theoretical });
      } catch (e) {
        if (!(e instanceof RecordError)) throw e;
        bad.push(`${arg}: game ${g.number}: ${e.message}`);
      }
    }
    return items;
  }
  if (bytes?.includes(0)) throw new UsageError(`${arg}: a binary file, not game records (one a line, as f5d6c3…) nor a WTHOR .wtb file`);
  const lines = bytes ? bytes.toString('utf8').split(/\r?\n/) : [arg];
  let number = 0;
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!picked(++number)) continue;
    const label = isFile ? `${arg} line ${i + 1}` : 'the record';
    try {
      items.push({ label, number, game: replayGame(line) });
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      if (!isFile) throw new UsageError(`${label}: ${e.message}`);
      bad.push(`${label}: ${e.message}`);
    }
  }
  if (number === 0) throw new UsageError(`${arg}: no game record in it`);
  return items;
}

function row(m: MoveAnalysis): string {
  const best = `${formatScore(m.best)} ${m.bestMoves.join(' ')}`;
  return `${String(m.number).padStart(4)} ${String(m.empties).padStart(7)}  ${sideName(m.toMove).padEnd(5)}  ${moveName(m.played).padEnd(6)} ${formatScore(m.playedScore).padStart(5)}  ${best.padEnd(16)} ${String(m.loss).padStart(4)}`;
}

function jsonLine(m: MoveAnalysis, game: number): string {
  return JSON.stringify({
    game,
    ply: m.number,
    empties: m.empties,
    toMove: sideName(m.toMove),
    played: moveName(m.played),
    scores: m.scores,
    best: m.best,
    bestMoves: m.bestMoves,
    loss: m.loss,
    nodes: m.nodes,
  });
}

async function runAnalyze(inputs: readonly string[], o: AnalyzeOpts, stop: StopSignals): Promise<number> {
  const search = searchSettings(o, 'analyze');
  const bad: string[] = [];
  const games = inputs.flatMap((arg) => gamesOf(arg, search.games, bad));
  for (const b of bad) process.stderr.write(`error: ${b}\n`);
  const out = (text: string) => process.stdout.write(`${text}\n`);
  if (o.checkTheoretical) {
    const code = await checkTheoretical(games, search, o, stop, out);
    return bad.length > 0 && code === 0 ? EXIT_USAGE : code;
  }
  for (const [g, { label, game }] of games.entries()) {
    const done: MoveAnalysis[] = [];
    if (!o.json) {
      if (games.length > 1) out(`${g > 0 ? '\n' : ''}${label}`);
      out(' ply empties  side   played score  best             loss');
    }
    let interrupted = false;
    try {
      for await (const m of analyzeGame(game, {
        from: search.from,
        hashBits: search.hashBits,
        workers: search.workers,
        engine: search.engine,
        signal: stop.signal,
      })) {
        done.push(m);
        out(o.json ? jsonLine(m, g + 1) : row(m));
      }
    } catch (e) {
      if (!stop.signal.aborted) throw e;
      interrupted = true;
    }
    const s = gameSummary(done);
    if (o.json)
      out(
        JSON.stringify({
          summary: true,
          game: g + 1,
          positions: done.length,
          nodes: done.reduce((t, m) => t + m.nodes, 0),
          interrupted,
          ...s,
        }),
      );
    else {
      if (done.length === 0) out(`no position of ${search.from} empties or fewer${interrupted ? ' finished' : ' in this game'}`);
      for (const side of ['black', 'white'] as const) {
        const l = s[side];
        out(
          `${side}: ${l.moves} moves, ${l.totalLoss} discs lost${l.movesLost > 0 ? ` in ${l.movesLost} move${l.movesLost === 1 ? '' : 's'}, the largest ${l.largestLoss} at move ${l.largestAt}` : ''}`,
        );
      }
    }
    if (interrupted) {
      process.stderr.write(`interrupted by ${stop.received}: ${done.length} position${done.length === 1 ? '' : 's'} finished\n`);
      return stop.exitCode;
    }
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
    throw new UsageError('--check-theoretical: no WTHOR game among the inputs (a .wtb file holds the theoretical scores)');
  const entries = checkable.map(({ position }) => ({ line: 0, position, answers: [] }));
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
    };
    for await (const r of entries.length > 0 ? solveSuite(entries, options) : []) {
      const { item, position } = checkable[r.index - 1];
      const exact = position.toMove === 'X' ? r.score : 0 - r.score;
      const theoretical = discDifference(item.theoretical?.discs ?? 0);
      if (exact === theoretical) agree++;
      else {
        disagree++;
        out(
          `${item.label}: the file's theoretical score is ${formatScore(theoretical)} for black, the exact score of its position at ${item.theoretical?.depth} empties ${formatScore(exact)}`,
        );
      }
      if (o.json)
        out(JSON.stringify({ label: item.label, game: item.number, theoretical, exact, agree: exact === theoretical, nodes: r.nodes }));
    }
  } catch (e) {
    if (!stop.signal.aborted) throw e;
    interrupted = true;
  }
  const counts = `${agree + disagree} of ${checkable.length} checked: ${agree} agree, ${disagree} disagree; ${notCheckable} not checkable (the game ends before its file's depth)`;
  if (interrupted) {
    process.stderr.write(`interrupted by ${stop.received}: ${counts}\n`);
    return stop.exitCode;
  }
  out(o.json ? JSON.stringify({ summary: true, checked: agree + disagree, agree, disagree, notCheckable }) : counts);
  return disagree > 0 ? 1 : 0;
}
