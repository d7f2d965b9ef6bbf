/**
 * `revsolve games FILES…`: the games of WTHOR years (with the WTHOR.JOU and
 * WTHOR.TRN beside them) and GGF or transcript files, found by player,
 * tournament, year, result and a position reached in any symmetry: a table
 * (or a JSON line a game), and for a position the moves played from it
 * with how their games ended. The reader is the one analyze and the page
 * use (readGameFiles); the search is the library's (searchGames).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import {
  discDifference,
  type FileGame,
  formatScore,
  type GameFile,
  type GameQuery,
  isWthorGames,
  moveName,
  nextMoves,
  PASS,
  readGameFiles,
  readRegularFile,
  searchGames,
  yearOf,
} from '../internal.js';
import { EXIT_USAGE } from './exit-codes.js';
import { describeQuery, type Filters, queryOf } from './game-filters.js';
import { addSettingOptions, givenSettings, UsageError } from './options.js';
import { grouped } from './report.js';

/** The command's own options (the filters are the settings table's: givenSettings). */
interface GamesOpts {
  json?: boolean;
  limit: number;
}

function whole(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--limit ${text}: a whole number of games, at least 1`);
  return Number(text);
}

/** The files of the arguments, each .wtb with the WTHOR.JOU and .TRN of its folder, read in groups by folder (each folder's names go with its years). */
function readAll(args: readonly string[]): { games: FileGame[]; problems: string[] } {
  const byFolder = new Map<string, GameFile[]>();
  for (const arg of args) {
    const bytes = readRegularFile(arg);
    const group = byFolder.get(dirname(arg)) ?? [];
    group.push({ name: arg, bytes });
    byFolder.set(dirname(arg), group);
  }
  const games: FileGame[] = [];
  const problems: string[] = [];
  for (const [folder, files] of byFolder) {
    if (files.some((f) => isWthorGames(f.bytes)) || files.some((f) => /\.wtb$/i.test(f.name))) {
      let names: string[] = [];
      try {
        names = readdirSync(folder).filter((f) => ['WTHOR.JOU', 'WTHOR.TRN'].includes(f.toUpperCase()));
      } catch {
        // no listing: no names
      }
      for (const n of names)
        if (!files.some((f) => f.name.toUpperCase().endsWith(n.toUpperCase())))
          files.push({ name: join(folder, n), bytes: readRegularFile(join(folder, n)) });
    }
    const read = readGameFiles(files);
    games.push(...read.games);
    problems.push(...read.problems, ...read.warnings);
  }
  return { games, problems };
}

export function addGamesCommand(program: Command): void {
  const command = program
    .command('games')
    .description(
      'find games in WTHOR years (with the WTHOR.JOU and WTHOR.TRN beside them), GGF and transcript files: by player, tournament, year, result, and a position reached (any of the 8 symmetries, the same side to move)',
    )
    .argument('<files...>', 'WTHOR .wtb files, GGF files, files of records')
    .option('--json', 'one JSON line a game (file, index, players, tournament, year, scores, the ply the position was reached at)')
    .option('--limit <n>', 'print at most this many games (the counts cover them all)', whole, 100)
    .helpOption('--help', 'show help')
    .action((files: string[], o: GamesOpts) => {
      process.exitCode = runGames(files, o, queryOf(givenSettings(o, 'games') as Filters));
    });
  addSettingOptions(command, 'games');
}

function runGames(files: readonly string[], o: GamesOpts, query: GameQuery): number {
  const { position } = query;
  const { games, problems } = readAll(files);
  for (const p of problems) process.stderr.write(`${/no WTHOR\.JOU with it|read without/.test(p) ? 'warning' : 'error'}: ${p}\n`);
  const found = searchGames(games, query);
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const shown = found.slice(0, o.limit);
  for (const f of shown) {
    const g = f.game;
    const theoretical = g.theoretical ? discDifference(g.theoretical.discs) : null;
    const ply = f.at === undefined ? null : g.game.moves.slice(0, f.at).filter((m) => m.move !== PASS).length;
    if (o.json)
      out(
        JSON.stringify({
          file: g.source.file,
          index: g.source.index,
          label: g.label,
          black: g.black,
          white: g.white,
          tournament: g.event ?? null,
          year: yearOf(g),
          result: g.result ?? null,
          theoretical,
          ...(ply !== null ? { ply, symmetry: f.symmetry } : {}),
        }),
      );
    else
      out(
        `${g.label}  ${g.black || '?'} – ${g.white || '?'}${g.event ? `  ${g.event}` : ''}${yearOf(g) ? `  ${yearOf(g)}` : ''}  ${g.result !== undefined ? formatScore(g.result) : '?'}${theoretical !== null ? ` (theoretical ${formatScore(theoretical)})` : ''}${ply !== null ? `  reached after ${ply} moves` : ''}`,
      );
  }
  const filters = Object.keys(query).length;
  if (found.length === 0) {
    process.stderr.write(
      `no game ${filters ? 'matches' : 'in'} ${filters ? `${describeQuery(query)} among the ${grouped(games.length)} games read` : 'the files given'}\n`,
    );
  } else if (!o.json) {
    out(
      `${grouped(found.length)} of ${grouped(games.length)} games${filters ? ` match ${describeQuery(query)}` : ''}${found.length > shown.length ? ` (the first ${shown.length} shown: --limit)` : ''}`,
    );
  }
  if (position && found.length > 0) {
    const next = nextMoves(found, position.toMove);
    if (o.json) out(JSON.stringify({ nextMoves: next.map((n) => ({ ...n, move: n.move === -1 ? null : moveName(n.move) })) }));
    else {
      out(`moves played from the position (${position.toMove === 'X' ? 'black' : 'white'} to move; results for that side):`);
      for (const n of next)
        out(
          `  ${(n.move === -1 ? 'end' : moveName(n.move)).padEnd(4)} ${String(n.games).padStart(6)} game${n.games === 1 ? ' ' : 's'}  ${n.wins} won, ${n.draws} drawn, ${n.losses} lost${n.meanResult !== null ? `, mean ${n.meanResult >= 0 ? '+' : ''}${n.meanResult.toFixed(1)}` : ''}`,
        );
    }
  }
  return problems.some((p) => !/no WTHOR\.JOU with it|read without/.test(p)) ? EXIT_USAGE : 0;
}
