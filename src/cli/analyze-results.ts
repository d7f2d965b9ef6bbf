/**
 * `analyze --results FILE`: each game's analysis appended to FILE (one JSON
 * line a game, flushed to disk) once the game is done; `--resume` reads
 * them back, so that a run of hours over many games goes on from the games
 * not done. A game is known by its start, its moves and the analysed
 * empties: exact scores depend on no other setting, so any table, engine or
 * worker count resumes it.
 */
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { formatPosition, type Game, type MoveAnalysis, moveName, PASS, parseMove } from '../internal.js';
import { UsageError } from './options.js';

/** What a line of the file holds: the game's key, its label when written, its positions. */
interface Kept {
  readonly analyze: string;
  readonly label: string;
  readonly positions: {
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
  }[];
}

/** A game's key: its start, its moves (passes as "--") and the analysed empties. */
export function gameKey(game: Game, from: number): string {
  const start = game.moves[0]?.position ?? game.final;
  return `${formatPosition(start).replace(' ', '')} ${game.moves.map((m) => (m.move === PASS ? '--' : moveName(m.move))).join('')} from ${from}`;
}

export class AnalyzeResults {
  private readonly fd: number;
  private readonly kept = new Map<string, Kept>();

  /** Opens `path` to append (--resume: its games read first) or to write anew. */
  constructor(
    readonly path: string,
    resume: boolean,
  ) {
    if (resume) {
      let text = '';
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        // No file yet: nothing to resume from.
      }
      for (const [i, line] of text.split('\n').entries()) {
        if (line.trim() === '') continue;
        let k: Kept;
        try {
          k = JSON.parse(line) as Kept;
        } catch {
          throw new UsageError(`${path}:${i + 1}: not a line of an analyze --results file (a JSON line a game)`);
        }
        if (typeof k?.analyze !== 'string' || !Array.isArray(k.positions))
          throw new UsageError(`${path}:${i + 1}: not a line of an analyze --results file (no "analyze" key and "positions")`);
        this.kept.set(k.analyze, k);
      }
    }
    this.fd = openSync(path, resume ? 'a' : 'w');
  }

  get size(): number {
    return this.kept.size;
  }

  /** A game's positions kept from before, as the analysis gave them, or null. */
  done(game: Game, from: number): MoveAnalysis[] | null {
    const k = this.kept.get(gameKey(game, from));
    if (!k) return null;
    return k.positions.map((p) => {
      const at = game.moves.find((m) => m.move !== PASS && m.number === p.ply);
      if (!at) throw new UsageError(`${this.path}: a line for this game names move ${p.ply}, which it does not have`);
      return {
        number: p.ply,
        empties: p.empties,
        toMove: p.toMove === 'black' ? 'X' : 'O',
        position: at.position,
        played: parseMove(p.played),
        playedScore: p.playedScore,
        scores: p.scores,
        best: p.best,
        bestMoves: p.bestMoves,
        loss: p.loss,
        nodes: p.nodes,
      } as MoveAnalysis;
    });
  }

  /** A game done: its line appended and flushed to disk. */
  add(game: Game, from: number, label: string, moves: readonly MoveAnalysis[]): void {
    const k: Kept = {
      analyze: gameKey(game, from),
      label,
      positions: moves.map((m) => ({
        ply: m.number,
        empties: m.empties,
        toMove: m.toMove === 'X' ? 'black' : 'white',
        played: moveName(m.played),
        playedScore: m.playedScore,
        scores: { ...m.scores },
        best: m.best,
        bestMoves: [...m.bestMoves],
        loss: m.loss,
        nodes: m.nodes,
      })),
    };
    writeSync(this.fd, `${JSON.stringify(k)}\n`);
    fsyncSync(this.fd);
    this.kept.set(k.analyze, k);
  }

  close(): void {
    closeSync(this.fd);
  }
}
