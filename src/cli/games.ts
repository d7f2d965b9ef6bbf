/**
 * `revsolve games FILES…`: the games of WTHOR years (with the WTHOR.JOU and
 * WTHOR.TRN beside them) and GGF or transcript files, found by player,
 * tournament, year, result and a position reached in any symmetry: a table
 * (or a JSON line a game), and for a position the moves played from it
 * with how their games ended. The reader is the one analyze and the page
 * use (readGameFiles); the index and the search are the library's (game-index.ts), the page's too.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import {
  formatScore,
  type GameFile,
  type GameIndex,
  type GameQuery,
  gameOf,
  IndexBuilder,
  indexNextMoves,
  isWthorGames,
  moveName,
  PASS,
  readGameFiles,
  readRegularFile,
  searchIndex,
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

/**
 * The games of the arguments, indexed a file at a time (the replayed games
 * are not kept: every WTHOR year fits in a fraction of the memory), each
 * .wtb with the WTHOR.JOU and .TRN of its folder; a folder's missing or
 * damaged names are said once.
 */
function readAll(args: readonly string[]): { index: GameIndex; problems: string[] } {
  const byFolder = new Map<string, GameFile[]>();
  for (const arg of args) {
    const bytes = readRegularFile(arg);
    const group = byFolder.get(dirname(arg)) ?? [];
    group.push({ name: arg, bytes });
    byFolder.set(dirname(arg), group);
  }
  const builder = new IndexBuilder();
  const problems = new Set<string>();
  const isNames = (f: GameFile) => /\.(jou|trn)$/i.test(f.name);
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
    const names = files.filter(isNames);
    let saidNoNames = false;
    for (const f of files.filter((x) => !isNames(x))) {
      const read = readGameFiles([f, ...names]);
      for (const g of read.games) builder.add(g);
      for (const p of [...read.problems, ...read.warnings]) {
        if (/no WTHOR\.JOU with it/.test(p)) {
          if (saidNoNames) continue;
          saidNoNames = true;
        }
        problems.add(p);
      }
    }
  }
  return { index: builder.index(), problems: [...problems] };
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
  const { index, problems } = readAll(files);
  for (const p of problems) process.stderr.write(`${/no WTHOR\.JOU with it|read without/.test(p) ? 'warning' : 'error'}: ${p}\n`);
  const found = searchIndex(index, query);
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const shown = Math.min(found.games.length, o.limit);
  for (let i = 0; i < shown; i++) {
    const g = gameOf(index, found.games[i]);
    const theoretical = g.theoretical?.score ?? null;
    const ply = found.at ? g.moves.slice(0, found.at[i]).filter((m) => m !== PASS).length : null;
    if (o.json)
      out(
        JSON.stringify({
          file: g.file,
          index: g.number,
          label: g.label,
          black: g.black,
          white: g.white,
          tournament: g.event ?? null,
          year: g.year ?? null,
          result: g.result ?? null,
          theoretical,
          ...(ply !== null ? { ply, symmetry: found.symmetry?.[i] } : {}),
        }),
      );
    else
      out(
        `${g.label}  ${g.black || '?'} – ${g.white || '?'}${g.event ? `  ${g.event}` : ''}${g.year ? `  ${g.year}` : ''}  ${g.result !== undefined ? formatScore(g.result) : '?'}${theoretical !== null ? ` (theoretical ${formatScore(theoretical)})` : ''}${ply !== null ? `  reached after ${ply} moves` : ''}`,
      );
  }
  const filters = Object.keys(query).length;
  const games = { length: index.count };
  // Nothing matched: one line and exit 2, as analyze says it (the rule for every command that picks games).
  if (found.games.length === 0)
    throw new UsageError(
      `no game ${filters ? 'matches' : 'in'} ${filters ? `${describeQuery(query)} among the ${grouped(games.length)} games read` : 'the files given'}`,
    );
  if (!o.json) {
    out(
      `${grouped(found.games.length)} of ${grouped(games.length)} games${filters ? ` match ${describeQuery(query)}` : ''}${found.games.length > shown ? ` (the first ${shown} shown: --limit)` : ''}`,
    );
  }
  if (position && found.games.length > 0) {
    const next = indexNextMoves(index, found, position.toMove);
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
