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
  formatScore,
  type Game,
  gameSummary,
  MAX_BITS,
  MIN_BITS,
  type MoveAnalysis,
  moveName,
  RecordError,
  replayGame,
  sideName,
} from '../internal.js';
import { addSettingOptions, searchSettings, UsageError } from './options.js';
import type { StopSignals } from './signals.js';

/** The command's own options (the settings table's are read through searchSettings). */
interface AnalyzeOpts {
  json?: boolean;
}

export function addAnalyzeCommand(program: Command, stop: StopSignals): void {
  const command = program
    .command('analyze')
    .description('the exact score of every move of a game from --from empties to the end, and what each move played lost')
    .argument('<record>', 'a game record (f5d6c3…, passes implied) or a file of records, one a line')
    .helpOption('--help', 'show help');
  addSettingOptions(command, 'analyze', {
    workers: 'moves solved in parallel',
    hashBits: `the transposition table: 2^h entries (${MIN_BITS}..${MAX_BITS}), kept through the game; -h as in Edax`,
  });
  command.option('--json', 'one JSON line a position, then a summary line').action(async (record: string, o: AnalyzeOpts) => {
    process.exitCode = await runAnalyze(record, o, stop);
  });
}

/** The games of the argument: a file's lines (blank ones and # comments skipped), or the record itself. */
function gamesOf(arg: string): { label: string; game: Game }[] {
  if (arg.trim() === '')
    throw new UsageError('analyze: an empty argument: give a game record (as f5d6c3…) or a file of records, one a line');
  // A path: what exists, or what is written like one (a dot or a slash); anything else is a record.
  const isFile = existsSync(arg) || /[./\\]/.test(arg);
  if (isFile && !existsSync(arg)) throw new UsageError(`${arg}: no such file (nor a game record: moves as in f5d6c3)`);
  if (isFile && !statSync(arg).isFile()) throw new UsageError(`${arg}: not a file of game records`);
  const bytes = isFile ? readFileSync(arg) : null;
  if (bytes?.includes(0)) throw new UsageError(`${arg}: a binary file, not game records (one a line, as f5d6c3…)`);
  const lines = bytes ? bytes.toString('utf8').split(/\r?\n/) : [arg];
  const games: { label: string; game: Game }[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const label = isFile ? `${arg} line ${i + 1}` : 'the record';
    try {
      games.push({ label, game: replayGame(line) });
    } catch (e) {
      if (e instanceof RecordError) throw new UsageError(`${label}: ${e.message}`);
      throw e;
    }
  }
  if (games.length === 0) throw new UsageError(`${arg}: no game record in it`);
  return games;
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

async function runAnalyze(arg: string, o: AnalyzeOpts, stop: StopSignals): Promise<number> {
  const search = searchSettings(o, 'analyze');
  const games = gamesOf(arg);
  const out = (text: string) => process.stdout.write(`${text}\n`);
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
  return 0;
}
