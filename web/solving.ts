/**
 * Solving the position shown: its best move (a whole solve, or split over
 * the workers) or every legal move's exact score, with progress while it
 * runs; results kept for the session (PageState.known); a stop leaves the
 * proven bounds, never a score.
 */
import { formatScore } from '../src/game/scores.js';
import { emptyCount, legalMoves, moveName, PASS, type Position, play } from '../src/position/position.js';
import { $, enable, say } from './dom.js';
import type { SolveSettings } from './engine-host.js';
import { type Progress, Stopped } from './solve.js';
import type { Page } from './state.js';
import { otherSide, positionKey } from './text.js';

/** Empties from which the page warns before a solve that it may take hours. */
export const WARN_EMPTIES = 30;

export class Solving {
  /** The proven bounds of the running solve, as last read: what a stop leaves (never a score). */
  private lastBounds: { lower: number; upper: number; move: number } | null = null;

  constructor(private readonly page: Page) {}

  async solve(): Promise<void> {
    const { state, engine } = this.page;
    if (state.running) return;
    say('');
    const p = state.game.position;
    const key = positionKey(p);
    const mode = (document.querySelector('input[name=mode]:checked') as HTMLInputElement).value;
    if (legalMoves(p).length === 0 && legalMoves(otherSide(p)).length === 0) return this.page.render();
    if (emptyCount(p) >= WARN_EMPTIES && state.warnedFor !== key) {
      state.warnedFor = key;
      $('warning').textContent = `${emptyCount(p)} empties: an exact solve may take hours. Click Solve again to start.`;
      return;
    }
    if (mode === 'every' && legalMoves(p).length === 0)
      return say('no legal move here: the side to move passes (the pass button), then every move can be solved');
    const cached = state.known.get(key);
    if (mode === 'best' && cached) return this.showBest(p, cached.score, cached.move, cached.pv, 'known', 0, 0);
    let s: SolveSettings;
    try {
      s = engine.settings();
    } catch (e) {
      return say((e as Error).message);
    }
    state.running = true;
    this.page.render(); // the controls that cannot act during a solve are disabled
    enable('solve', false);
    enable('stop', true);
    $('result').dataset.state = 'running';
    $('result').textContent = 'starting the workers…';
    let stopTicking = () => {};
    try {
      const t1 = performance.now();
      const sv = await engine.solverFor(s);
      $('result').dataset.startupMs = String(performance.now() - t1);
      $('result').textContent = 'solving…';
      $('progress').dataset.state = 'running';
      const t0 = performance.now();
      if (mode === 'every') {
        // Children solved before in this session answer at once; the others go to the workers.
        state.moveScores = new Map();
        const todo: number[] = [];
        for (const m of legalMoves(p)) {
          const child = state.known.get(positionKey(play(p, m)));
          if (child) state.moveScores.set(m, -child.score);
          else todo.push(m);
        }
        this.page.render();
        let nodes = 0;
        await sv.solveEvery(
          p,
          todo,
          (move, r) => {
            nodes += r.nodes;
            state.known.set(positionKey(play(p, move)), { score: r.score, move: r.move, pv: r.pv });
            state.moveScores.set(move, -r.score);
            this.page.render();
          },
          (pr) => {
            stopTicking = this.showProgress(pr, t0);
          },
        );
        stopTicking();
        const scores = state.moveScores;
        const best = Math.max(...scores.values());
        const bestMoves = [...scores].filter(([, v]) => v === best).map(([m]) => moveName(m));
        this.finalProgress(nodes, performance.now() - t0, best);
        const first = [...scores].filter(([, v]) => v === best)[0][0];
        state.known.set(key, { score: best, move: first, pv: [first, ...(state.known.get(positionKey(play(p, first)))?.pv ?? [])] });
        $('result').dataset.state = 'done';
        $('result').dataset.score = String(best);
        $('result').dataset.move = bestMoves[0];
        $('result').textContent =
          `every move solved: best ${bestMoves.join(', ')} ${formatScore(best)} for ${p.toMove === 'X' ? 'black' : 'white'} (to move)  (${((performance.now() - t0) / 1000).toFixed(2)} s, ${nodes.toLocaleString('en')} nodes)`;
      } else {
        const r = await sv.solveBest(p, (pr) => {
          stopTicking = this.showProgress(pr, t0);
        });
        stopTicking();
        // The search's own time: making or clearing a large table is not solving.
        this.finalProgress(r.nodes, r.ms, r.score);
        state.known.set(key, { score: r.score, move: r.move, pv: r.pv });
        this.showBest(p, r.score, r.move, r.pv, r.engine, r.nodes, r.ms);
      }
      engine.stats.solves++;
    } catch (e) {
      stopTicking();
      if (e instanceof Stopped) {
        // A stopped search has no score: only the bounds its finished probes proved.
        const b = this.lastBounds;
        $('result').dataset.state = 'stopped';
        delete $('result').dataset.score;
        delete $('result').dataset.move;
        $('result').textContent =
          b && (b.lower > -64 || b.upper < 64)
            ? `stopped: score in [${formatScore(b.lower)}, ${formatScore(b.upper)}]${b.move >= 0 && b.move < 64 ? `, best so far ${moveName(b.move)}` : ''} (not proven exact)`
            : 'stopped before any bound was proven';
      } else {
        $('result').dataset.state = 'error';
        $('result').textContent = '';
        say(e instanceof Error ? e.message : String(e));
      }
    } finally {
      state.running = false;
      $('progress').dataset.state = 'idle';
      enable('solve', true);
      enable('stop', false);
      this.page.render();
    }
  }

  /** The best move's result, and its PV to step through. */
  showBest(p: Position, score: number, move: number, pv: readonly number[], engine: string, nodes: number, ms: number): void {
    $('result').dataset.state = 'done';
    $('result').dataset.score = String(score);
    $('result').dataset.move = move >= 0 && move < 64 ? moveName(move) : move === PASS ? 'pass' : '';
    $('result').dataset.engine = engine;
    $('result').dataset.ms = String(ms);
    const how =
      engine === 'known'
        ? 'known from this session'
        : `${(ms / 1000).toFixed(2)} s, ${nodes.toLocaleString('en')} nodes, ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s, engine ${engine}`;
    $('result').textContent =
      `best ${$('result').dataset.move || '—'}  score ${formatScore(score)} for ${p.toMove === 'X' ? 'black' : 'white'} (to move)\nPV ${pv.map((m) => (m === PASS ? 'pass' : moveName(m))).join(' ')}\n(${how})`;
    this.page.state.pvView = pv.length > 0 ? { from: p, pv, step: 0 } : null;
    this.page.render();
  }

  private showProgress(p: Progress, t0: number): () => void {
    this.lastBounds = null;
    const tick = () => {
      const ms = performance.now() - t0;
      const nodes = p.nodes();
      const b = p.bounds();
      this.lastBounds = b;
      this.page.engine.stats.lastNodes = nodes;
      $('progress').dataset.nodes = String(nodes);
      $('progress').textContent =
        `${(ms / 1000).toFixed(1)} s  ${nodes.toLocaleString('en')} nodes  ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s  score in [${formatScore(b.lower)}, ${formatScore(b.upper)}]${b.move >= 0 && b.move < 64 ? `  best so far ${moveName(b.move)}` : ''}`;
    };
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }

  /** The progress line once a solve has ended: its own figures (the workers' live slots are free by then). */
  private finalProgress(nodes: number, ms: number, score: number): void {
    this.page.engine.stats.lastNodes = nodes;
    $('progress').dataset.nodes = String(nodes);
    $('progress').textContent =
      `${(ms / 1000).toFixed(1)} s  ${nodes.toLocaleString('en')} nodes  ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s  score ${formatScore(score)}`;
  }
}
