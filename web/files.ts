/**
 * Game files the page opens and saves, with the library's readers (one
 * per format, known by the content): a transcript (a record a line, or a
 * numbered one over several lines), GGF (one game or many), a WTHOR .wtb
 * with the players of a WTHOR.JOU opened with it. The games of the files
 * opened together, each with a label for the page's list (players, year);
 * the game shown, saved as GGF or as a transcript. Pure: the tests run it
 * in Node.
 */
import { isGgf, readGgf, writeGgf } from '../src/game/ggf.js';
import { formatRecord, RecordError, recordMoves, recordsOf, replayMoves } from '../src/game/record.js';
import { isWthorGames, readWthorGames, readWthorNames } from '../src/game/wthor.js';
import { START_POSITION } from '../src/position/perft.js';
import type { Position } from '../src/position/position.js';
import type { GameHistory } from './game.js';

/** A file as the browser hands it over. */
export interface OpenedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A game of the files opened: what the list shows, and what the page loads. */
export interface FileGame {
  readonly label: string;
  readonly start: Position;
  readonly moves: readonly number[];
}

/** The games of files opened together, and a line for each that is wrong (file, game or line, problem). */
export function gamesOfFiles(files: readonly OpenedFile[]): { games: FileGame[]; problems: string[] } {
  const games: FileGame[] = [];
  const problems: string[] = [];
  const jou = files.find((f) => f.name.toUpperCase().endsWith('.JOU'));
  let players: string[] = [];
  if (jou) {
    try {
      players = readWthorNames(jou.bytes, jou.name, 'players');
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  for (const f of files) {
    if (f === jou || /\.TRN$/i.test(f.name)) continue;
    try {
      if (isWthorGames(f.bytes)) {
        const { header, games: wtb } = readWthorGames(f.bytes, f.name);
        for (const g of wtb) {
          const names = players.length > 0 ? ` ${players[g.black] ?? '?'} – ${players[g.white] ?? '?'}` : '';
          games.push({ label: `${f.name} ${header.year} #${g.number}${names}`, start: START_POSITION, moves: g.moves });
        }
        continue;
      }
      if (f.bytes.includes(0)) {
        problems.push(`${f.name}: not a game file (a transcript, GGF, or a WTHOR .wtb)`);
        continue;
      }
      const text = new TextDecoder().decode(f.bytes);
      if (isGgf(text)) {
        const { games: read, errors } = readGgf(text, f.name);
        for (const e of errors) problems.push(e.message);
        for (const g of read) {
          const names = g.black || g.white ? ` ${g.black || '?'} – ${g.white || '?'}` : '';
          games.push({
            label: `${f.name} #${g.number}${names}${g.properties.DT ? ` ${g.properties.DT.slice(0, 10)}` : ''}`,
            start: g.start,
            moves: g.moves,
          });
        }
        continue;
      }
      const records = recordsOf(text);
      if (records.length === 0) problems.push(`${f.name}: no game in it`);
      for (const r of records) {
        try {
          const moves = recordMoves(r.text);
          replayMoves(moves);
          games.push({ label: `${f.name} line ${r.line}`, start: START_POSITION, moves });
        } catch (e) {
          if (!(e instanceof RecordError)) throw e;
          problems.push(`${f.name} line ${r.line}: ${e.message}`);
        }
      }
    } catch (e) {
      if (e instanceof TypeError || e instanceof RangeError) throw e;
      problems.push((e as Error).message);
    }
  }
  return { games, problems };
}

/** The game as GGF (its start, its moves with every pass written). */
export function gameGgf(game: GameHistory): string {
  return `${writeGgf({ start: game.start, moves: game.moves, place: 'revsolve' })}\n`;
}

/** The game as a transcript: its record on one line, passes implied (from the usual start: a transcript does not hold another). */
export function gameTranscript(game: GameHistory): string {
  return `${formatRecord(game.moves)}\n`;
}
