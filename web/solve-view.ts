/**
 * Solving the position shown: its best move (a whole solve, or split over
 * the workers) or every legal move's exact score, with progress while it
 * runs (the nodes, the proven bounds, and while the first guess is made an
 * estimate and its move, said to be no score); results added to what is
 * known of each position (KnownStore), so that a best-move solve and an
 * every-move solve add up; a stop leaves the proven bounds, never a score.
 */
import { formatScore } from '../src/game/scores.js';
import { emptyCount, legalMoves, moveName, PASS, type Position, play } from '../src/position/position.js';
import { gameOverText, isOver } from './board.js';
import { $, enable, say } from './dom.js';
import type { SolveSettings } from './engine-host.js';
import type { Bounds, Known } from './known.js';
import { type Estimate, type Progress, Stopped } from './pool-solves.js';
import type { Page } from './state.js';
import { positionKey } from './text.js';

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
    if (isOver(p)) return say(`the game is over: ${gameOverText(p)}; nothing to solve`);
    if (emptyCount(p) >= WARN_EMPTIES && state.warnedFor !== key) {
      state.warnedFor = key;
      $('warning').textContent = `${emptyCount(p)} empties: an exact solve may take hours. Click Solve again to start.`;
      return;
    }
    if (mode === 'every' && legalMoves(p).length === 0)
      return say('no legal move here: the side to move passes (the pass button), then every move can be solved');
    const cached = state.known.get(p);
    // Known: the best move at once; every move too once each one's score is known (an analysis, or solves before).
    if (cached && (mode === 'best' || state.known.moveScores(p).size === legalMoves(p).length))
      return this.showBest(p, cached.score, cached.move, cached.pv, 'known', 0, 0);
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
      // Named by its step: the player may step elsewhere while it runs.
      $('result').textContent = `solving… (step ${state.game.at}'s position)`;
      $('progress').dataset.state = 'running';
      const t0 = performance.now();
      if (mode === 'every') {
        // Moves whose child is known answer at once; the others go to the workers.
        const todo = legalMoves(p).filter((m) => !state.known.moveScores(p).has(m));
        this.page.render();
        let nodes = 0;
        await sv.solveEvery(
          p,
          todo,
          (move, r) => {
            nodes += r.nodes;
            state.known.set(play(p, move), { score: r.score, move: r.move, pv: r.pv });
            this.page.render();
          },
          (pr) => {
            stopTicking = this.showProgress(pr, t0);
          },
        );
        stopTicking();
        const scores = state.known.moveScores(p);
        const best = Math.max(...scores.values());
        const bestMoves = [...scores].filter(([, v]) => v === best).map(([m]) => m);
        this.finalProgress(nodes, performance.now() - t0, best);
        const first = bestMoves[0];
        const pv = [first, ...(state.known.get(play(p, first))?.pv ?? [])];
        if (!state.known.get(p)) state.known.set(p, { score: best, move: first, pv });
        const known = state.known.get(p) as Known;
        this.showBest(p, known.score, known.move, known.pv, 'every', nodes, performance.now() - t0);
        if ($('result').dataset.state === 'done')
          $('result').textContent =
            `every move solved: best ${bestMoves.map((m) => moveName(m)).join(', ')} ${formatScore(best)} for ${p.toMove === 'X' ? 'black' : 'white'} (to move)\nPV ${known.pv.map((m) => (m === PASS ? 'pass' : moveName(m))).join(' ')}\n(${((performance.now() - t0) / 1000).toFixed(2)} s, ${nodes.toLocaleString('en')} nodes)`;
      } else {
        const r = await sv.solveBest(p, (pr) => {
          stopTicking = this.showProgress(pr, t0);
        });
        stopTicking();
        // The search's own time: making or clearing a large table is not solving.
        this.finalProgress(r.nodes, r.ms, r.score);
        engine.stats.lastContext = r.context ?? null;
        state.known.set(p, { score: r.score, move: r.move, pv: r.pv });
        this.showBest(p, r.score, r.move, r.pv, r.engine, r.nodes, r.ms);
      }
      engine.stats.solves++;
    } catch (e) {
      stopTicking();
      if (e instanceof Stopped) {
        // A stopped search has no score: only the bounds its finished probes proved.
        const b = this.lastBounds;
        if (b && (b.lower > -64 || b.upper < 64)) state.known.setBounds(p, b);
        this.showStopped(b, 'stopped', p);
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

  /**
   * The best move's result, and its PV to step through; a solve that ends
   * while another position is shown (the player stepped on meanwhile) names
   * its position instead, and its PV waits there.
   */
  showBest(p: Position, score: number, move: number, pv: readonly number[], engine: string, nodes: number, ms: number): void {
    const shown = this.page.state.game.position;
    if (positionKey(shown) !== positionKey(p)) {
      const step = this.page.state.game.positions.findIndex((q) => positionKey(q) === positionKey(p));
      $('result').dataset.state = 'elsewhere';
      $('result').textContent =
        `solved ${step >= 0 ? `step ${step}'s position` : 'the position solved'}: best ${move >= 0 && move < 64 ? moveName(move) : move === PASS ? 'pass' : '—'} ${formatScore(score)} for ${p.toMove === 'X' ? 'black' : 'white'} (go there to see it)`;
      this.page.render();
      return;
    }
    $('result').dataset.state = 'done';
    $('result').dataset.score = String(score);
    $('result').dataset.move = move >= 0 && move < 64 ? moveName(move) : move === PASS ? 'pass' : '';
    $('result').dataset.engine = engine;
    $('result').dataset.ms = String(ms);
    const how =
      engine === 'known'
        ? 'known: solved before, on this browser'
        : `${(ms / 1000).toFixed(2)} s, ${nodes.toLocaleString('en')} nodes, ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s, engine ${engine}`;
    $('result').textContent =
      `best ${$('result').dataset.move || '—'}  score ${formatScore(score)} for ${p.toMove === 'X' ? 'black' : 'white'} (to move)\nPV ${pv.map((m) => (m === PASS ? 'pass' : moveName(m))).join(' ')}\n(${how})`;
    this.page.state.pvView = pv.length > 0 ? { from: p, pv, step: 0 } : null;
    this.page.render();
  }

  /** What an earlier stopped solve proved, or this one's: bounds, never a score. */
  showStopped(b: Bounds | null, state: 'stopped' | 'bounds', solved: Position = this.page.state.game.position): void {
    $('result').dataset.state = state;
    delete $('result').dataset.score;
    delete $('result').dataset.move;
    // Stopped while the player was on another step: it names the position it was solving.
    const game = this.page.state.game;
    const step =
      positionKey(solved) === positionKey(game.position) ? -1 : game.positions.findIndex((q) => positionKey(q) === positionKey(solved));
    const earlier = state === 'bounds' ? 'an earlier solve was stopped' : step >= 0 ? `stopped (step ${step}'s position)` : 'stopped';
    $('result').textContent =
      b && (b.lower > -64 || b.upper < 64)
        ? `${earlier}: score in [${formatScore(b.lower)}, ${formatScore(b.upper)}]${b.move >= 0 && b.move < 64 ? `, best so far ${moveName(b.move)}` : ''} (not proven exact)`
        : `${earlier} before any bound was proven`;
  }

  private showProgress(p: Progress, t0: number): () => void {
    this.lastBounds = null;
    const tick = () => {
      const ms = performance.now() - t0;
      const nodes = p.nodes();
      const b = p.bounds();
      let e = p.estimate();
      this.lastBounds = b;
      this.page.engine.stats.lastNodes = nodes;
      const progress = $('progress');
      progress.dataset.nodes = String(nodes);
      // An estimate never contradicts what is proven: it is kept inside the proven bounds.
      if (e) e = { ...e, score: Math.max(b.lower, Math.min(b.upper, e.score)) };
      showEstimate(progress, e);
      const move = b.move >= 0 && b.move < 64 ? `  best so far ${moveName(b.move)} (proven at least ${formatScore(b.lower)})` : '';
      // Before a bound is proven, the estimate (from the pre-searches: not exact) says where the score likely is.
      const guess =
        e && b.lower === -64 && b.upper === 64
          ? `\nestimate ${formatScore(e.score)} (not exact)${e.move >= 0 ? `, best so far ${moveName(e.move)}` : ''}, ${e.stage === 1 ? 'a shallow search' : `pre-search ${e.stage - 1}`}`
          : e
            ? `\nestimate ${formatScore(e.score)} (not exact)${e.move >= 0 ? `, best so far ${moveName(e.move)}` : ''}`
            : '';
      progress.textContent = `${(ms / 1000).toFixed(1)} s  ${nodes.toLocaleString('en')} nodes  ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s\nexact score in [${formatScore(b.lower)}, ${formatScore(b.upper)}]${move}${guess}`;
    };
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }

  /** The progress line once a solve has ended: its own figures (the workers' live slots are free by then). */
  private finalProgress(nodes: number, ms: number, score: number): void {
    this.page.engine.stats.lastNodes = nodes;
    $('progress').dataset.nodes = String(nodes);
    showEstimate($('progress'), null);
    $('progress').textContent =
      `${(ms / 1000).toFixed(1)} s  ${nodes.toLocaleString('en')} nodes  ${(nodes / Math.max(ms, 1) / 1000).toFixed(1)} M N/s  score ${formatScore(score)}`;
  }
}

/** The estimate in the progress line's data (for the tests): its score and move, or none. */
function showEstimate(progress: HTMLElement, e: Estimate | null): void {
  if (e) {
    progress.dataset.estimate = String(e.score);
    progress.dataset.estimateMove = e.move >= 0 ? moveName(e.move) : '';
  } else {
    delete progress.dataset.estimate;
    delete progress.dataset.estimateMove;
  }
}
