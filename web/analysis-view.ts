/**
 * The game's analysis on the page: every move of its positions from the
 * analysed empties on solved exactly on the workers (the earlier ones
 * estimated by a shallow search), shown as a table and a graph, kept in
 * local storage with its record, exported as JSON or CSV.
 */

import { formatScore, playedLeadsTo, playedScore } from '../src/game/scores.js';
import { emptyCount, legalMoves, PASS, type Position, play } from '../src/position/position.js';
import { SettingProblem, setting } from '../src/settings.js';
import { type AnalysisRow, analysisCsv, analysisJson, analysisRow, blackScores } from './analysis.js';
import { $, download, enable, say } from './dom.js';
import type { SolveSettings } from './engine-host.js';
import { Stopped } from './solve.js';
import type { Page } from './state.js';
import { positionKey } from './text.js';

/** The form's "exact from" empties, checked by the settings table (its `from`, as `revsolve analyze --from`). */
function analysedFrom(): number {
  const text = ($('analyse-from') as HTMLInputElement).value.trim();
  try {
    return setting('from').parse(text) as number;
  } catch (e) {
    throw new Error(`exact from: ${e instanceof SettingProblem ? e.message : String(e)}`);
  }
}

/** The plies of the evaluator's search that estimates the moves before the analysed empties. */
const ESTIMATE_DEPTH = 6;

export class AnalysisView {
  private analysis: { record: string; from: number; rows: AnalysisRow[] } | null = null;

  constructor(private readonly page: Page) {}

  exportJson(): void {
    const a = this.analysis;
    if (a) download('revsolve-analysis.json', analysisJson(a.record, a.from, a.rows), 'application/json');
  }

  exportCsv(): void {
    if (this.analysis) download('revsolve-analysis.csv', analysisCsv(this.analysis.rows), 'text/csv');
  }

  render(): void {
    const { state } = this.page;
    const rows = this.analysis?.rows ?? [];
    const body = $('analysis').querySelector('tbody') as HTMLTableSectionElement;
    body.replaceChildren(
      ...rows.map((r) => {
        const tr = document.createElement('tr');
        tr.dataset.move = String(r.number);
        tr.dataset.loss = String(r.loss);
        tr.title = `move ${r.number}, ${r.side}`;
        if (r.estimate !== undefined) tr.dataset.estimate = String(r.estimate);
        const about = r.estimate !== undefined ? '≈' : '';
        for (const t of [
          String(r.number),
          r.side,
          r.played,
          about + formatScore(r.scores[r.played]),
          `${about}${formatScore(r.best)} ${r.bestMoves.join(' ')}`,
          about + String(r.loss),
        ]) {
          const td = document.createElement('td');
          td.textContent = t;
          tr.append(td);
        }
        tr.onclick = () => {
          const step = state.game.stepOf(r.number);
          if (state.running || step < 1) return;
          state.game.at = step - 1; // the position the move was played in
          this.page.setPosition(state.game.position, false);
        };
        return tr;
      }),
    );
    const points = blackScores(rows);
    const x0 = points[0]?.number ?? 0;
    const span = Math.max(1, (points.at(-1)?.number ?? 1) - x0);
    const y = (v: number) => 50 - (v * 50) / 64;
    $('graph').innerHTML =
      `<line x1="0" y1="50" x2="300" y2="50"></line>${points.length > 0 ? `<polyline points="${points.map((p) => `${((p.number - x0) * 300) / span},${y(p.score)}`).join(' ')}"></polyline>` : ''}`;
    enable('export-json', rows.length > 0 && !state.running);
    enable('export-csv', rows.length > 0 && !state.running);
    const exact = rows.filter((r) => r.estimate === undefined);
    const lost = (side: string) => exact.filter((r) => r.side === side).reduce((t, r) => t + r.loss, 0);
    const estimated = rows.length - exact.length;
    $('analysis-status').textContent =
      rows.length === 0
        ? ''
        : `exact over ${exact.length} moves: black lost ${lost('black')}, white lost ${lost('white')} discs${estimated > 0 ? `; ${estimated} earlier moves estimated (≈, ${ESTIMATE_DEPTH}-ply search)` : ''}`;
  }

  /** Analyses the game in the history from the analysed empties on; kept in local storage with its record. */
  async analyse(): Promise<void> {
    const { state, engine } = this.page;
    const game = state.game;
    if (state.running) return;
    const record = game.record();
    if (!record) return say('no game to analyse: play moves from the start position, or paste a game record');
    let from: number;
    let s: SolveSettings;
    try {
      from = analysedFrom();
    } catch (e) {
      return say((e as Error).message);
    }
    try {
      s = engine.settings();
    } catch (e) {
      return say((e as Error).message);
    }
    say('');
    const analysis: { record: string; from: number; rows: AnalysisRow[] } = { record, from, rows: [] };
    this.analysis = analysis;
    state.running = true;
    this.page.render();
    enable('solve', false);
    enable('analyse', false);
    enable('stop', true);
    $('analysis-box').dataset.state = 'running';
    try {
      const sv = await engine.solverFor(s);
      // Before the analysed empties, in the order played: every move estimated, not proven (a search of ESTIMATE_DEPTH plies with the evaluator).
      for (let i = 1; i < game.length; i++) {
        const before = game.positions[i - 1];
        const m = game.played[i];
        if (m === null || m === PASS || emptyCount(before) <= from) continue;
        const guesses = new Map<number, number>();
        await sv.estimateEvery(before, legalMoves(before), ESTIMATE_DEPTH, (move, score) => guesses.set(move, 0 - score));
        analysis.rows.push(analysisRow(game.moveNumber(i), before, m, guesses, ESTIMATE_DEPTH));
        this.render();
      }
      // From the analysed empties on, from the end back: the move played leads to the position analysed just
      // before (after the opponent's pass, when it has no move), whose best is that move's score: not solved twice.
      let later: { position: Position; best: number } | null = null;
      for (let i = game.length - 1; i >= 1; i--) {
        const before = game.positions[i - 1];
        const m = game.played[i];
        if (m === null || m === PASS || emptyCount(before) > from) continue;
        const scores = new Map<number, number>();
        // As the command line's analysis scores it (src/game/scores.ts).
        const leadsTo = later ? playedLeadsTo({ position: before, move: m }, later) : 0;
        if (later && leadsTo !== 0) scores.set(m, playedScore(leadsTo, later.best));
        const todo: number[] = [];
        for (const x of legalMoves(before)) {
          if (scores.has(x)) continue;
          const cached = state.known.get(positionKey(play(before, x)));
          if (cached) scores.set(x, -cached.score);
          else todo.push(x);
        }
        await sv.solveEvery(
          before,
          todo,
          (move, r) => {
            state.known.set(positionKey(play(before, move)), { score: r.score, move: r.move, pv: r.pv });
            scores.set(move, -r.score);
          },
          () => undefined,
        );
        const row = analysisRow(game.moveNumber(i), before, m, scores);
        later = { position: before, best: row.best };
        analysis.rows.push(row);
        analysis.rows.sort((a, b) => a.number - b.number);
        this.render();
      }
      $('analysis-box').dataset.state = 'done';
      localStorage.setItem(`revsolve-analysis:${record}:${from}`, JSON.stringify(analysis.rows));
    } catch (e) {
      $('analysis-box').dataset.state = e instanceof Stopped ? 'stopped' : 'error';
      if (!(e instanceof Stopped)) say(e instanceof Error ? e.message : String(e));
    } finally {
      state.running = false;
      enable('solve', true);
      enable('analyse', true);
      enable('stop', false);
      this.page.render();
      this.render();
    }
  }

  /** A game's analysis kept from before (local storage), shown when its game is set again. */
  restore(): void {
    const record = this.page.state.game.record();
    let from = 0;
    try {
      from = analysedFrom();
    } catch {
      // no analysis kept for a range that is no range
    }
    const kept = record ? localStorage.getItem(`revsolve-analysis:${record}:${from}`) : null;
    this.analysis = kept ? { record, from, rows: JSON.parse(kept) as AnalysisRow[] } : null;
    $('analysis-box').dataset.state = kept ? 'done' : 'none';
    this.render();
  }
}
