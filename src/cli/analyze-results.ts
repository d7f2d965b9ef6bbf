/**
 * `analyze --results FILE`: each game's analysis appended to FILE (one JSON
 * line a game, flushed to disk) once the game is done; `--resume` reads
 * them back, so that a run of hours over many games goes on from the games
 * not done. A game is known by its start, its moves and the analysed
 * empties: exact scores depend on no other setting, so any table, engine or
 * worker count resumes it.
 */
import { readFileSync } from 'node:fs';
import {
  AppendFile,
  formatPosition,
  type Game,
  type MoveAnalysis,
  type MoveRecord,
  moveName,
  PASS,
  parseMove,
  recordOf,
} from '../internal.js';
import { UsageError } from './options.js';

/** A position of a game as a line keeps it: the record form (MoveRecord) and its nodes. */
type KeptMove = MoveRecord & { readonly nodes: number };

/**
 * The form 0.1.0 wrote (before the one record form): `ply`, `toMove` and
 * `playedScore` for `move`, `side` and `score`; no `exact`. Read back as
 * the record form.
 */
interface OldMove {
  ply: number;
  empties: number;
  toMove: 'black' | 'white';
  played: string;
  playedScore: number;
  scores: Record<string, number>;
  best: number;
  bestMoves: string[];
  loss: number;
  nodes: number;
}

/** What a line of the file holds: the game's key, its label when written, its positions. */
interface Kept {
  readonly analyze: string;
  readonly label: string;
  readonly positions: readonly KeptMove[];
}

/** A position read back, in the record form whichever form it was written in. */
function keptMove(p: KeptMove | OldMove): KeptMove {
  if ('move' in p) return p;
  const { ply, toMove, playedScore, ...rest } = p;
  return { ...rest, move: ply, side: toMove, score: playedScore, exact: true, estimateDepth: null, estimateConfidence: null };
}

/** A game's key: its start, its moves (passes as "--"), the analysed empties and the level of the moves before them (--level: its estimates are that level's). */
export function gameKey(game: Game, from: number, level?: number): string {
  const start = game.moves[0]?.position ?? game.final;
  return `${formatPosition(start).replace(' ', '')} ${game.moves.map((m) => (m.move === PASS ? '--' : moveName(m.move))).join('')} from ${from}${level === undefined ? '' : ` level ${level}`}`;
}

export class AnalyzeResults {
  private readonly file: AppendFile;
  private readonly kept = new Map<string, Kept>();
  /** What was wrong with lines of the file read back (a last line cut short by a crash): said as warnings. */
  readonly problems: string[] = [];

  /**
   * Opens `path` under its lock (a second run on it is refused, naming the
   * first), then appends to it (--resume: its games read first) or empties
   * it. A last line cut short, as a crash leaves, is a warning: its game is
   * analysed again. Any other line that is not a game's is refused.
   */
  constructor(
    readonly path: string,
    resume: boolean,
  ) {
    this.file = new AppendFile(path);
    try {
      if (resume) this.readBack();
      else this.file.empty();
    } catch (e) {
      this.file.close();
      throw e;
    }
  }

  /** The games of the file; a line that is not JSON (cut short by a crash) is a warning, its game analysed again. */
  private readBack(): void {
    const text = readFileSync(this.path, 'utf8');
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      let k: Kept;
      try {
        k = JSON.parse(line) as Kept;
      } catch {
        this.problems.push(`${this.path}:${i + 1}: not JSON (a line cut short by a stopped run?), ignored: its game is analysed again`);
        continue;
      }
      if (typeof k?.analyze !== 'string' || !Array.isArray(k.positions))
        throw new UsageError(`${this.path}:${i + 1}: not a line of an analyze --results file (no "analyze" key and "positions")`);
      this.kept.set(k.analyze, { ...k, positions: (k.positions as (KeptMove | OldMove)[]).map(keptMove) });
    }
    // A last line cut short is ended, so that the next game's line starts on a line of its own.
    if (text.length > 0 && !text.endsWith('\n')) this.file.append('\n');
  }

  get size(): number {
    return this.kept.size;
  }

  /** A game's positions kept from before, as the analysis gave them, or null. */
  done(game: Game, from: number, level?: number): MoveAnalysis[] | null {
    const k = this.kept.get(gameKey(game, from, level));
    if (!k) return null;
    return k.positions.map((p) => {
      const at = game.moves.find((m) => m.move !== PASS && m.number === p.move);
      if (!at) throw new UsageError(`${this.path}: a line for this game names move ${p.move}, which it does not have`);
      return {
        number: p.move,
        empties: p.empties,
        toMove: p.side === 'black' ? 'X' : 'O',
        position: at.position,
        played: parseMove(p.played),
        playedScore: p.score,
        scores: p.scores,
        best: p.best,
        bestMoves: p.bestMoves,
        loss: p.loss,
        nodes: p.nodes,
        estimateDepth: p.estimateDepth ?? null,
        estimateConfidence: p.estimateConfidence ?? null,
      } as MoveAnalysis;
    });
  }

  /** A game done: its line appended and flushed to disk. */
  add(game: Game, from: number, label: string, moves: readonly MoveAnalysis[], level?: number): void {
    const k: Kept = {
      analyze: gameKey(game, from, level),
      label,
      positions: moves.map((m) => ({ ...recordOf(m), nodes: m.nodes })),
    };
    this.file.append(`${JSON.stringify(k)}\n`);
    this.kept.set(k.analyze, k);
  }

  close(): void {
    this.file.close();
  }
}
