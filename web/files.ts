/**
 * Game files the page opens and saves. Opening is the library's one reader
 * (src/game/files.ts, the command line's too): a transcript, GGF, a WTHOR
 * .wtb with the WTHOR.JOU and .TRN opened with it, each game replayed as it
 * is read, so a game that does not replay is a problem named here, never a
 * game that fails when picked. The list shows each game's label (as every
 * message names it) with its players and date. Saving: the game shown, as
 * GGF or as a transcript. Pure: the tests run it in Node.
 */
import { type FileGame as ReadGame, readGameFiles } from '../src/game/files.js';
import type { GameFileHeader } from '../src/game/game-file.js';
import { writeGgf } from '../src/game/ggf.js';
import { formatRecord } from '../src/game/record.js';
import type { Position } from '../src/position/position.js';
import type { GameHistory } from './game.js';

/** A file as the browser hands it over. */
export interface OpenedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A game of the files opened: what the list shows, and what the page loads. */
export interface FileGame {
  /** The list's text: the game's label, its players and date. */
  readonly label: string;
  readonly start: Position;
  readonly moves: readonly number[];
  /** The game as the reader gave it (label, players, event, date, result, theoretical score, source). */
  readonly read: ReadGame;
}

/** The list's text of a game: its label, then its players and date when its file gives them. */
export function listLabel(g: ReadGame): string {
  const names = g.black || g.white ? ` ${g.black || '?'} – ${g.white || '?'}` : '';
  return `${g.label}${names}${g.date ? ` ${g.date.slice(0, 10)}` : ''}`;
}

/** The games of files opened together, and a line for each problem and warning (file, game or line, problem). */
export function gamesOfFiles(files: readonly OpenedFile[]): { games: FileGame[]; problems: string[] } {
  const read = readGameFiles(files);
  return {
    games: read.games.map((g) => ({ label: listLabel(g), start: g.start, moves: g.moves, read: g })),
    problems: [...read.problems, ...read.warnings],
  };
}

/** What a game file said of the game on the board: kept from the reader, written back when it is saved (the revsolve game file's header). */
export type GameHeader = GameFileHeader;

/** A disc difference as the page's headers and lists write it: +12, −4, ±0. */
export const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)}`;

/** The header in one line, as the page shows it above the board ('' when there is nothing to say). */
export function headerLine(h: GameHeader | null): string {
  if (!h) return '';
  const parts = [h.black || h.white ? `${h.black || '?'} (black) – ${h.white || '?'} (white)` : '', h.event ?? '', h.date ?? ''];
  if (h.result !== undefined) parts.push(`result ${signed(h.result)} for black`);
  if (h.theoretical !== undefined) parts.push(`theoretical ${signed(h.theoretical)}`);
  return parts.filter((p) => p !== '').join(' · ');
}

/** A file name for the game: its players and date ("Tastet Marc - Juigner Arthur 2019"), or revsolve-game. */
export function fileNameOf(h: GameHeader | null, ext: string): string {
  const words = h ? [h.black && h.white ? `${h.black} - ${h.white}` : h.black || h.white, h.date ?? ''].filter(Boolean).join(' ') : '';
  const safe = words.replace(/[\\/:*?"<>|]/g, '').trim();
  return `${safe || 'revsolve-game'}.${ext}`;
}

/** The game as GGF (its start, its moves with every pass written), with the header it was opened with. */
export function gameGgf(game: Pick<GameHistory, 'start' | 'moves'>, h: GameHeader | null = null): string {
  return `${writeGgf({
    start: game.start,
    moves: game.moves,
    place: h?.event ?? 'revsolve',
    ...(h?.black ? { black: h.black } : {}),
    ...(h?.white ? { white: h.white } : {}),
    ...(h?.date ? { date: h.date } : {}),
    ...(h?.result !== undefined ? { result: h.result } : {}),
  })}\n`;
}

/** The game as a transcript: its record on one line, passes implied (from the usual start: a transcript does not hold another); its header as # comments above. */
export function gameTranscript(game: Pick<GameHistory, 'moves'>, h: GameHeader | null = null): string {
  const line = headerLine(h);
  return `${line ? `# ${line}\n` : ''}${formatRecord(game.moves)}\n`;
}
