/**
 * The one reader of game files, for the command line and the page alike:
 * files (a name and its bytes) in, games out, each with what its file says
 * of it (players, event, date, year, result, theoretical score, the file and
 * the game's place in it), replayed as it is read, and a line for each
 * problem. The format is known by the content: a WTHOR .wtb (with the
 * players of a WTHOR.JOU and the tournaments of a WTHOR.TRN given with it),
 * a revsolve game file (its main line), GGF, or a transcript (a record a line, or numbered over several lines).
 * Pure: no file system, no DOM.
 */

import { arrayArgument, textArgument } from '../arguments.js';
import { OptionError } from '../errors.js';
import { START_POSITION } from '../position/perft.js';
import type { Position } from '../position/position.js';
import { describe } from '../position/position.js';
import { GameFileError, isGameFile, readGameFile } from './game-file.js';
import { isGgf, readGgf } from './ggf.js';
import { type Game, RecordError, recordMoves, recordsOf, replayMoves } from './record.js';
import { isWthorGames, readWthorGames, readWthorNames, wthorGamesProblem } from './wthor.js';

/** A file as it is handed over: its name (for the messages and labels) and bytes. */
export interface GameFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A game of a file, replayed, with what the file says of it. */
export interface FileGame {
  /** "WTH_2019.wtb game 12", "club.ggf game 3", "games.txt line 4": where it is, as every message names it. */
  readonly label: string;
  /** The file, and the game's number in it (a transcript: its record's place among the file's records, 1-based; the label names its line). */
  readonly source: { readonly file: string; readonly index: number };
  readonly start: Position;
  /** The moves as squares, PASS where a pass is written. */
  readonly moves: readonly number[];
  readonly game: Game;
  /** Players' names ('' when the file gives none). */
  readonly black: string;
  readonly white: string;
  /** The tournament or place (WTHOR.TRN, GGF's PC). */
  readonly event?: string;
  /** The date as written (GGF's DT), or the year (WTHOR). */
  readonly date?: string;
  /** Black's final disc difference as the file gives it (WTHOR's disc count, GGF's RE). */
  readonly result?: number;
  /** WTHOR: black's discs with perfect play from the game's position at `depth` empties. */
  readonly theoretical?: { readonly discs: number; readonly depth: number };
}

/** What reading files gave: the games, a line per problem (a game or a file left out), a line per warning (read, but with less), the games per file. */
export interface ReadGames {
  readonly games: FileGame[];
  readonly problems: string[];
  readonly warnings: string[];
  /** Games each file holds (read or not), by file name: what a pick by number is checked against. */
  readonly counts: Map<string, number>;
}

/** Past this many bad lines with no good one, a text is not records: one problem, not one a line. */
const NOT_RECORDS_AFTER = 3;

const isNames = (name: string, ext: 'JOU' | 'TRN') => name.toUpperCase().endsWith(`.${ext}`);

/** The names of a WTHOR.JOU or .TRN among the files, or null (absent, or damaged: a warning). */
function namesOf(files: readonly GameFile[], kind: 'players' | 'tournaments', warnings: string[]): string[] | null {
  const f = files.find((x) => isNames(x.name, kind === 'players' ? 'JOU' : 'TRN'));
  if (!f) return null;
  try {
    return readWthorNames(f.bytes, f.name, kind);
  } catch (e) {
    warnings.push(
      `${(e as Error).message}: the WTHOR games are read without their ${kind === 'players' ? "players' names" : 'tournaments'}`,
    );
    return null;
  }
}

/** Reads game files opened together (a .JOU and a .TRN name the players and tournaments of the .wtb files with them). */
export function readGameFiles(files: readonly GameFile[]): ReadGames {
  arrayArgument(files, 'files', 'an array of files, each { name, bytes }');
  files.forEach((f, i) => {
    textArgument(f?.name, `files[${i}].name`, "the file's name");
    if (!(f.bytes instanceof Uint8Array))
      throw new OptionError(`files[${i}].bytes`, `the file's bytes (a Uint8Array), not ${describe(f.bytes)}`);
  });
  const out: ReadGames = { games: [], problems: [], warnings: [], counts: new Map() };
  const players = namesOf(files, 'players', out.warnings);
  const tournaments = namesOf(files, 'tournaments', out.warnings);
  for (const f of files) {
    if (isNames(f.name, 'JOU') || isNames(f.name, 'TRN')) continue;
    if (isWthorGames(f.bytes)) readWthor(f, players, tournaments, out);
    else if (/\.wtb$/i.test(f.name)) out.problems.push(`${f.name}: ${wthorGamesProblem(f.bytes, f.name) ?? 'not a WTHOR games file'}`);
    else if (f.bytes.includes(0))
      out.problems.push(`${f.name}: a binary file, not game records (one a line, as f5d6c3…), GGF nor a WTHOR .wtb file`);
    else {
      const text = new TextDecoder().decode(f.bytes);
      if (isGameFile(text)) readRevsolveGame(f.name, text, out);
      else if (isGgf(text)) readGgfFile(f.name, text, out);
      else readTranscript(f.name, text, out);
    }
  }
  return out;
}

function readWthor(f: GameFile, players: string[] | null, tournaments: string[] | null, out: ReadGames): void {
  const { header, games, damaged } = readWthorGames(f.bytes, f.name);
  out.counts.set(f.name, header.games);
  for (const d of damaged) out.problems.push(`${d.message}: a damaged byte; the other games go on`);
  // The depth of the theoretical scores is a count of empties (24 in every file since 1977): 0 or past 60 is a damaged header.
  const depthOk = header.depth >= 1 && header.depth <= 60;
  if (!depthOk)
    out.warnings.push(
      `${f.name}: its header's depth of the theoretical scores is ${header.depth}, not a count of empties (1-60; 24 in every WTHOR file): a damaged header; its games are read without theoretical scores`,
    );
  if (players === null && out.warnings.every((w) => !w.includes('players'))) {
    // No WTHOR.JOU was given: the games have no names (said once).
    out.warnings.push(`${f.name}: no WTHOR.JOU with it: its games are read without their players' names`);
  }
  for (const g of games) {
    const label = `${f.name} game ${g.number}`;
    try {
      const corrupt = depthOk && g.theoreticalDiscs > 64;
      if (corrupt)
        out.problems.push(
          `${f.name}: game ${g.number}: its theoretical score is byte ${g.theoreticalDiscs}, not a disc count (0-64): a damaged byte`,
        );
      const game = replayMoves(g.moves);
      out.games.push({
        label,
        source: { file: f.name, index: g.number },
        start: START_POSITION,
        moves: g.moves,
        game,
        black: players?.[g.black] ?? '',
        white: players?.[g.white] ?? '',
        ...(tournaments?.[g.tournament] ? { event: tournaments[g.tournament] } : {}),
        ...(header.year > 0 ? { date: String(header.year) } : {}),
        ...(g.blackDiscs <= 64 ? { result: 2 * g.blackDiscs - 64 } : {}),
        ...(depthOk && !corrupt ? { theoretical: { discs: g.theoreticalDiscs, depth: header.depth } } : {}),
      });
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      out.problems.push(`${f.name}: game ${g.number}: ${e.message}`);
    }
  }
}

function readGgfFile(name: string, text: string, out: ReadGames): void {
  const { games, errors } = readGgf(text, name);
  out.counts.set(name, games.length + errors.length);
  for (const e of errors) out.problems.push(e.message);
  for (const g of games) {
    const p = g.properties;
    out.games.push({
      label: `${name} game ${g.number}`,
      source: { file: name, index: g.number },
      start: g.start,
      moves: g.moves,
      game: replayMoves(g.moves, g.start),
      black: g.black,
      white: g.white,
      ...(p.PC ? { event: p.PC } : {}),
      ...(p.DT ? { date: p.DT } : {}),
      ...(g.result !== undefined ? { result: g.result } : {}),
    });
  }
}

/** A revsolve game file: its main line, with its header (its side line and analyses are the page's). */
function readRevsolveGame(name: string, text: string, out: ReadGames): void {
  out.counts.set(name, 1);
  try {
    const g = readGameFile(text, name);
    const h = g.header;
    out.games.push({
      label: `${name} game 1`,
      source: { file: name, index: 1 },
      start: g.start,
      moves: g.main,
      game: replayMoves(g.main, g.start),
      black: h?.black ?? '',
      white: h?.white ?? '',
      ...(h?.event ? { event: h.event } : {}),
      ...(h?.date ? { date: h.date } : {}),
      ...(h?.result !== undefined ? { result: h.result } : {}),
    });
  } catch (e) {
    if (!(e instanceof GameFileError)) throw e;
    out.problems.push(e.message);
  }
}

function readTranscript(name: string, text: string, out: ReadGames): void {
  const records = recordsOf(text);
  out.counts.set(name, records.length);
  if (records.length === 0) {
    out.problems.push(`${name}: no game record in it`);
    return;
  }
  const mine: string[] = [];
  const before = out.games.length;
  for (const [i, r] of records.entries()) {
    const label = `${name} line ${r.line}`;
    try {
      const moves = recordMoves(r.text);
      out.games.push({
        label,
        source: { file: name, index: i + 1 },
        start: START_POSITION,
        moves,
        game: replayMoves(moves),
        black: '',
        white: '',
      });
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      mine.push(`${label}: ${e.message}`);
      // Not a file of records at all (a README, an OBF …): one problem, not one a line.
      if (out.games.length === before && mine.length > NOT_RECORDS_AFTER) {
        out.problems.push(
          `${name}: not a file of game records (one a line, as f5d6c3…): its first ${mine.length} lines are none (${mine[0]})`,
        );
        return;
      }
    }
  }
  out.problems.push(...mine);
}
