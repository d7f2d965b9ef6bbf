/**
 * GGF, the Generic Game Format of the GGS server (read and written by
 * NBoard and other tools), for Othello. From its published description: a
 * game is written between `(;` and `;)` as properties `KEY[value]`: GM the
 * game (Othello), PC the place, DT the date, PB and PW the players, RB and
 * RW their ratings, TI the times, TY the type (8: the 8×8 board), RE the
 * result for the first colour (black; `+12.00`, optionally `:r` resigned,
 * `:t` time, `:s` agreed), BO the start (the board size, its squares row by
 * row from a1, `*` black, `O` white, `-` empty, then the colour to move), then
 * B[...] and W[...] the moves in order (`f5`, optionally `/evaluation/time`;
 * `PA` a pass). A file holds one game or many. Text in, text out: the page
 * reads and writes it too.
 */
import { FileError } from '../errors.js';
import { START_POSITION } from '../position/perft.js';
import { describe, formatPosition, moveName, PASS, type Position, PositionError, parsePosition } from '../position/position.js';
import { RecordError, replayMoves } from './record.js';

/** A GGF file that cannot be read, or a game in it that is not one: the file, the line where the game starts, its 1-based number. */
export class GgfError extends FileError {
  constructor(
    file: string,
    line: number,
    readonly game: number,
    problem: string,
  ) {
    super(file, line, game > 0 ? `game ${game}: ${problem}` : problem);
  }
}

export interface GgfGame {
  /** The game's number in its file, from 1. */
  readonly number: number;
  /** The line of the file where it starts (its `(;`). */
  readonly line: number;
  /** PB and PW ('' when not given). */
  readonly black: string;
  readonly white: string;
  /** RE: black's result as a disc difference, when given. */
  readonly result?: number;
  /** BO: the start position (the usual one when BO is not given). */
  readonly start: Position;
  /** The moves as squares (0 = a1 … 63 = h8) and PASS, in order. */
  readonly moves: readonly number[];
  /** Every property, as written (the first value of each). */
  readonly properties: Readonly<Record<string, string>>;
}

/** Whether a text is GGF (its first non-blank characters open a game). */
export function isGgf(text: string): boolean {
  return typeof text === 'string' && text.trimStart().startsWith('(;');
}

/**
 * The games of a GGF text. A game that cannot be read (a property that
 * does not close, a board that is not one, a move not legal, a B[] for
 * white's move) is an error naming it; the others are read.
 */
export function readGgf(text: string, file: string): { games: GgfGame[]; errors: GgfError[] } {
  if (typeof text !== 'string') throw new GgfError(typeof file === 'string' ? file : 'readGgf', 0, 0, `a GGF text, not ${describe(text)}`);
  if (typeof file !== 'string') throw new GgfError('readGgf', 0, 0, `a file name (text) for the messages, not ${describe(file)}`);
  const games: GgfGame[] = [];
  const errors: GgfError[] = [];
  let at = text.indexOf('(;');
  if (at < 0) throw new GgfError(file, 0, 0, 'not a GGF file: no game in it (a game starts with "(;")');
  let number = 0;
  // Lines are counted on from the last game's start, never from the file's: reading stays linear in the file.
  let line = 1;
  let counted = 0;
  while (at >= 0) {
    number++;
    line += newlines(text, counted, at);
    counted = at;
    // A bracketed value may hold ";)": the game ends at the first ";)" outside brackets.
    const close = gameEnd(text, at + 2);
    try {
      if (close < 0) throw new Error('no ";)" closes it (or a value\'s "[" has no "]")');
      games.push(readGame(text.slice(at + 2, close), number, line));
    } catch (e) {
      if (!(e instanceof Error) || e instanceof TypeError) throw e;
      errors.push(new GgfError(file, line, number, e.message));
      if (close < 0) break;
    }
    at = text.indexOf('(;', close + 2);
  }
  return { games, errors };
}

/** The index of the ";)" that closes a game whose properties start at `from`, or -1. */
function gameEnd(text: string, from: number): number {
  let inValue = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inValue) {
      if (c === '\\') i++;
      else if (c === ']') inValue = false;
    } else if (c === '[') inValue = true;
    else if (c === ';' && text[i + 1] === ')') return i;
  }
  return -1;
}

/** The newlines in text[from, to). */
function newlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

function readGame(body: string, number: number, line: number): GgfGame {
  const properties: Record<string, string> = {};
  const moves: { color: 'B' | 'W'; text: string }[] = [];
  const re = /\s*([A-Z]+)\[((?:\\.|[^\]\\])*)\]/gy;
  let m: RegExpExecArray | null;
  let last = 0;
  for (;;) {
    re.lastIndex = last;
    m = re.exec(body);
    if (!m) break;
    last = re.lastIndex;
    const [, key, value] = m;
    if (key === 'B' || key === 'W') moves.push({ color: key, text: value.trim() });
    else if (!(key in properties)) properties[key] = value.replace(/\\(.)/g, '$1');
  }
  const rest = body.slice(last).trim();
  if (rest !== '') throw new Error(`"${rest.slice(0, 20)}" is not a property (KEY[value])`);
  if (properties.GM !== undefined && properties.GM.toLowerCase() !== 'othello')
    throw new Error(`GM[${properties.GM}]: not an Othello game`);
  const start = properties.BO === undefined ? START_POSITION : readBoard(properties.BO);
  const squares = moves.map((mv, i) => readMove(mv.text, i + 1));
  let replayed: ReturnType<typeof replayMoves>;
  // A move is numbered as players number them: the passes written (PA) are not counted.
  const played = (entry: number) => Math.max(1, squares.slice(0, entry).filter((m) => m !== PASS).length);
  try {
    replayed = replayMoves(squares, start);
  } catch (e) {
    if (e instanceof RecordError) throw new Error(e.move > 0 ? `move ${played(e.move)}: ${e.problem}` : e.message);
    throw e;
  }
  for (const [i, mv] of replayed.moves.entries()) {
    const color = mv.position.toMove === 'X' ? 'B' : 'W';
    if (color !== moves[i].color)
      throw new Error(`move ${played(i + 1)}: ${moves[i].color}[${moves[i].text}], but ${color === 'B' ? 'black' : 'white'} is to move`);
  }
  const result = properties.RE === undefined ? undefined : Number.parseFloat(properties.RE);
  return {
    number,
    line,
    black: properties.PB ?? '',
    white: properties.PW ?? '',
    ...(result === undefined || Number.isNaN(result) ? {} : { result }),
    start,
    moves: squares,
    properties,
  };
}

/** BO's value: "8", the 64 squares (spaces between rows allowed), the colour to move. */
function readBoard(value: string): Position {
  const m = /^\s*8\s+([-*O\s]+?)\s*([*O])\s*$/i.exec(value);
  const squares = m ? m[1].replace(/\s+/g, '') : '';
  if (!m || squares.length !== 64) throw new Error(`BO[${value}]: not an 8×8 board (8, 64 squares of -, * and O, then * or O to move)`);
  const board = squares.replace(/\*/g, 'X').replace(/o/g, 'O');
  try {
    return parsePosition(`${board} ${m[2] === '*' ? 'X' : 'O'}`);
  } catch (e) {
    if (e instanceof PositionError) throw new Error(`BO[${value}]: ${e.message}`);
    throw e;
  }
}

/** A move's value: a square or PA, optionally followed by /evaluation/time. */
function readMove(value: string, n: number): number {
  const square = value.split('/')[0].trim().toLowerCase();
  if (square === 'pa' || square === 'pass') return PASS;
  if (!/^[a-h][1-8]$/.test(square)) throw new Error(`move ${n}: "${value}" is not a square or PA`);
  return (Number(square[1]) - 1) * 8 + (square.charCodeAt(0) - 97);
}

/** What a written game holds: its start, its moves (PASS where a side passes: written PA), and optional names and result. */
export interface GgfWritten {
  readonly start?: Position;
  readonly moves: readonly number[];
  readonly black?: string;
  readonly white?: string;
  /** Black's result as a disc difference. */
  readonly result?: number;
  readonly place?: string;
  readonly date?: string;
}

/**
 * One game in GGF: every pass written (PA), as GGS writes them, even where
 * the moves leave it implied. A value's "]" and "\" are escaped.
 */
export function writeGgf(g: GgfWritten): string {
  if (g === null || typeof g !== 'object' || !Array.isArray(g.moves))
    throw new RecordError(0, `writeGgf: a game ({ moves: squares, start?, black?, white?, result? }), not ${describe(g)}`);
  const start = g.start ?? START_POSITION;
  const esc = (s: string) => s.replace(/[\]\\]/g, '\\$&');
  const [board, side] = formatPosition(start).split(' ');
  const bo = `8 ${board.replace(/X/g, '*')} ${side === 'X' ? '*' : 'O'}`;
  const parts = ['(;GM[Othello]'];
  if (g.place !== undefined) parts.push(`PC[${esc(g.place)}]`);
  if (g.date !== undefined) parts.push(`DT[${esc(g.date)}]`);
  parts.push(`PB[${esc(g.black ?? '')}]PW[${esc(g.white ?? '')}]`);
  if (g.result !== undefined) parts.push(`RE[${g.result >= 0 ? '+' : ''}${g.result.toFixed(2)}]`);
  parts.push(`TY[8]BO[${bo}]`);
  let toMove = start.toMove;
  for (const m of replayMoves(g.moves, start).moves) {
    if (m.position.toMove !== toMove) parts.push(`${toMove === 'X' ? 'B' : 'W'}[PA]`); // a pass left implied: written
    parts.push(`${m.position.toMove === 'X' ? 'B' : 'W'}[${m.move === PASS ? 'PA' : moveName(m.move)}]`);
    toMove = m.position.toMove === 'X' ? 'O' : 'X';
  }
  parts.push(';)');
  return parts.join('');
}
