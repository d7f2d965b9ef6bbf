import { arrayArgument } from '../arguments.js';
import { FileError, OptionError } from '../errors.js';
import {
  describe,
  formatPosition,
  legalMoves,
  moveName,
  PASS,
  type Position,
  PositionError,
  parsePosition,
  squareOrPass,
} from './position.js';

/**
 * OBF: one position per line, "<64 squares> <X|O>" then optional
 * "; move:score" answers (exact scores for the side to move after that
 * move), or one "; *:score" answer: the position's exact score, its best
 * move not named (a WTHOR game's theoretical score gives no move). Blank
 * lines and lines starting with % or # are skipped.
 */

/** The move of a "*:score" answer: the position's exact score, no move named. */
export const ANY_MOVE = -3;

export interface ObfAnswer {
  /** Square 0‥63, PASS, or ANY_MOVE (the answer gives the position's score alone). */
  readonly move: number;
  readonly score: number;
}

export interface ObfEntry {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly position: Position;
  readonly answers: readonly ObfAnswer[];
  /** The text after the last answer, or a trailing comment, kept as is. */
  readonly comment?: string;
}

/** A line that could not be read: file, 1-based line (0: the whole file) and what is wrong. */
export class ObfError extends FileError {}

export interface ObfSuite {
  readonly file: string;
  /** The good lines, in file order. */
  readonly entries: readonly ObfEntry[];
  /** The bad lines, in file order; they never stop the others from being read. */
  readonly errors: readonly ObfError[];
}

/** What is wrong with an answer (move, score) to `position` after `earlier` ones, or null. */
function answerProblem(position: Position, earlier: readonly ObfAnswer[], move: number, score: number): string | null {
  if (!Number.isInteger(score) || score < -64 || score > 64) return 'has a score outside -64‥64';
  if (score % 2 !== 0) return 'has an odd score (final disc differences are even)';
  const legal = legalMoves(position);
  if (legal.length === 0 && legalMoves({ ...position, player: position.opponent, opponent: position.player }).length === 0) {
    return 'is for a game that is over: there is no move to answer';
  }
  if (move === ANY_MOVE) return earlier.length > 0 ? "is the position's score (*): it stands alone, without move answers" : null;
  if (earlier.some((a) => a.move === ANY_MOVE)) return 'follows a *:score answer, which stands alone';
  if (move === PASS ? legal.length > 0 : !legal.includes(move)) return `names ${moveName(move)}, not a legal move here`;
  if (earlier.some((a) => a.move === move)) return `names ${moveName(move)} a second time`;
  return null;
}

/** Answers handed to the library, checked against their position: an array of { move, score }, each legal, once; else a PositionError naming the argument. */
export function answersArgument(v: unknown, position: Position, name = 'answers'): ObfAnswer[] {
  if (!Array.isArray(v)) throw new PositionError(`${name}: an array of { move, score }, not ${describe(v)}`);
  const out: ObfAnswer[] = [];
  for (const [i, a] of v.entries()) {
    const { move, score } = (a ?? {}) as Partial<ObfAnswer>;
    if (typeof move !== 'number' || !Number.isInteger(move) || (move < PASS && move !== ANY_MOVE) || move > 63)
      throw new PositionError(`${name}[${i}]: move is a square 0‥63, PASS (-1) or ANY_MOVE (-3), not ${describe(move)}`);
    const problem = answerProblem(position, out, move, score as number);
    if (problem) throw new PositionError(`${name}[${i}] ${problem}`);
    out.push({ move, score: score as number });
  }
  return out;
}

/** Reads one OBF line (already known not to be blank or a comment). Throws PositionError. */
export function parseObfLine(text: string): { position: Position; answers: ObfAnswer[] } {
  if (typeof text !== 'string') throw new PositionError(`an OBF line is text ("<64 squares> <X|O>; move:score; …"), not ${describe(text)}`);
  const parts = text.split(';');
  const words = parts[0].trim().split(/\s+/);
  const position = parsePosition(words.slice(0, 2).join(' '));
  if (words.length > 2)
    throw new PositionError(`'${words.slice(2).join(' ')}' after the side to move: answers follow a ';' (e.g. ...X; G8:+18;)`);
  const answers: ObfAnswer[] = [];
  for (let i = 1; i < parts.length; i++) {
    const field = parts[i].trim();
    if (field === '') continue;
    const m = /^(\*|[A-Za-z][A-Za-z0-9]{1,3})\s*:\s*([+-]?\d+)$/.exec(field);
    if (!m) throw new PositionError(`answer '${field}' is not of the form move:score (e.g. G8:+18, or *:+18 for the score alone)`);
    const move = m[1] === '*' ? ANY_MOVE : squareOrPass(m[1]);
    if (move === -2) throw new PositionError(`answer '${field}' names no square`);
    const score = Number(m[2]);
    const problem = answerProblem(position, answers, move, score);
    if (problem) throw new PositionError(`answer '${field}' ${problem}`);
    answers.push({ move, score });
  }
  return { position, answers };
}

export function parseObf(text: string, file = '<input>'): ObfSuite {
  if (typeof text !== 'string') throw new OptionError('text', `an OBF file's text, not ${describe(text)}`);
  if (typeof file !== 'string') throw new OptionError('file', `the name that messages give the text, not ${describe(file)}`);
  const entries: ObfEntry[] = [];
  const errors: ObfError[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '' || raw.startsWith('%') || raw.startsWith('#')) continue;
    try {
      entries.push({ line: i + 1, ...parseObfLine(raw) });
    } catch (e) {
      if (!(e instanceof PositionError)) throw e;
      errors.push(new ObfError(file, i + 1, e.message));
    }
  }
  return { file, entries, errors };
}

/** A score as OBF files write it (FFO: "G8:+18", "B2:+0"): a file format, not the outputs' (src/game/scores.ts). */
function obfScore(s: number): string {
  return (s >= 0 ? '+' : '-') + String(Math.abs(s));
}

/** One OBF line, with answers in the order given ("G8:+18", as the FFO files write them). */
export function formatObfLine(position: Position, answers: readonly ObfAnswer[] = []): string {
  let s = formatPosition(position);
  for (const a of answers)
    s += `; ${a.move === PASS ? 'PS' : a.move === ANY_MOVE ? '*' : moveName(a.move).toUpperCase()}:${obfScore(a.score)}`;
  return answers.length > 0 ? `${s};` : s;
}

export function formatObf(entries: ReadonlyArray<{ position: Position; answers?: readonly ObfAnswer[] }>): string {
  arrayArgument(entries, 'entries', 'an array of { position, answers }');
  return entries.map((e) => `${formatObfLine(e.position, e.answers ?? [])}\n`).join('');
}

/** The best score among the answers, and the moves that reach it; null when there are none. */
export function bestAnswers(answers: readonly ObfAnswer[]): { score: number; moves: number[] } | null {
  arrayArgument(answers, 'answers', 'an array of { move, score }');
  if (answers.length === 0) return null;
  const score = Math.max(...answers.map((a) => a.score));
  return { score, moves: answers.filter((a) => a.score === score).map((a) => a.move) };
}
