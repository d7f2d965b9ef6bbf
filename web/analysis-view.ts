/**
 * The game's analysis on the page: every move of its positions from the
 * analysed empties on solved exactly on the workers (the earlier ones
 * estimated by a shallow search), tied to the board: a table whose current
 * row is the move shown, a graph (graph.ts) with a marker there, the loss of
 * each move in the move list. Progress "n of m" with its time and a Stop
 * beside it; a stopped analysis says it is incomplete. Kept in local
 * storage per game (start and record), with its exact scores in the known
 * positions; exported as JSON or CSV saying which rows are exact.
 */

import { type AnalysisHooks, analyseMoves, type ChildSolved, recordOf } from '../src/game/analysis.js';
import type { LineAnalysis } from '../src/game/game-file.js';
import { firstNumber, type Game } from '../src/game/record.js';
import { formatEstimate, formatScore } from '../src/game/scores.js';
import { emptyCount, legalMoves, moveName, PASS, type Position, play } from '../src/position/position.js';
import { SettingProblem, setting } from '../src/settings/index.js';
import { type AnalysisRow, analysisCsv, analysisJson } from './analysis.js';
import { keepInView } from './board.js';
import { $, download, enable, say } from './dom.js';
import type { SolveSettings } from './engine-host.js';
import type { GameHistory } from './game.js';
import { graphMarkup } from './graph.js';
import { Stopped } from './pool-solves.js';
import { WARN_EMPTIES } from './solve-view.js';
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

interface Analysis {
  readonly record: string;
  readonly from: number;
  readonly rows: AnalysisRow[];
  /** Every move it was to analyse is in rows (false: stopped, or still running). */
  complete: boolean;
  /** Stopped by the player (not cut off by a reload). */
  stopped?: boolean;
}

/** The local storage key of a line's analysis: its start and its record. */
const keyOf = (start: Position, record: string) => `revsolve-analysis:${positionKey(start)}:${record}`;
const storeKey = (game: GameHistory) => keyOf(game.start, game.record());

/** The analysis local storage keeps of a line (its start and record), or null: none, unreadable, or of the form before the record form (rows with `number`, not `move`: analysed again when asked). */
function readKept(start: Position, record: string): Analysis | null {
  try {
    const a = JSON.parse(localStorage.getItem(keyOf(start, record)) ?? 'null') as Analysis | null;
    return a && Array.isArray(a.rows) && a.rows.every((r) => typeof r?.move === 'number') ? a : null;
  } catch {
    return null;
  }
}

/** The analysis kept of a line, as a game file holds it; null: none. */
export function keptAnalysis(start: Position, record: string): LineAnalysis | null {
  const a = readKept(start, record);
  return a && { record: a.record, from: a.from, complete: a.complete, moves: a.rows };
}

/** A line's analysis from a game file, kept as the page keeps its own (the page shows it when the line is on the board). */
export function keepAnalysis(start: Position, a: LineAnalysis): void {
  const kept: Analysis = { record: a.record, from: a.from, rows: [...a.moves], complete: a.complete, stopped: !a.complete };
  localStorage.setItem(keyOf(start, a.record), JSON.stringify(kept));
}

/**
 * The record's number of the move the board is about: the one played from
 * the position shown (after its pass, if its side passes), or the last move
 * at the game's end (null: no move at all).
 */
export function currentMove(game: GameHistory): number | null {
  for (let i = game.at + 1; i < game.length; i++) if (game.played[i] !== PASS) return game.moveNumber(i);
  return game.length > 1 ? game.moveNumber(game.length - 1) : null;
}

export class AnalysisView {
  private analysis: Analysis | null = null;
  /** The analysis shown was kept unfinished by an earlier visit (its run did not end here). */
  private interrupted = false;

  constructor(private readonly page: Page) {}

  /** The analysed rows by move number (for the move list). */
  rowsByMove(): Map<number, AnalysisRow> {
    return new Map((this.analysis?.rows ?? []).map((r) => [r.move, r]));
  }

  exportJson(): void {
    const a = this.analysis;
    if (a) download('revsolve-analysis.json', analysisJson(a.record, a.from, a.rows, a.complete), 'application/json');
  }

  exportCsv(): void {
    if (this.analysis) download('revsolve-analysis.csv', analysisCsv(this.analysis.rows), 'text/csv');
  }

  render(): void {
    const { state } = this.page;
    const game = state.game;
    const rows = this.analysis?.rows ?? [];
    const current = currentMove(game);
    const body = $('analysis').querySelector('tbody') as HTMLTableSectionElement;
    body.replaceChildren(
      ...rows.map((r) => {
        const tr = document.createElement('tr');
        tr.dataset.move = String(r.move);
        tr.dataset.loss = String(r.loss);
        tr.title = `move ${r.move}, ${r.side}`;
        if (r.move === current) tr.className = 'current';
        if (!r.exact) tr.dataset.estimate = String(r.estimateDepth);
        // Estimates in one format (≈ and one decimal), never coloured: colour means a proven loss.
        const score = (v: number) => (r.exact ? formatScore(v) : formatEstimate(v));
        for (const t of [
          String(r.move),
          r.side,
          r.played,
          score(r.score),
          `${score(r.best)} ${r.bestMoves.join(' ')}`,
          r.exact ? String(r.loss) : `≈${r.loss.toFixed(1)}`,
        ]) {
          const td = document.createElement('td');
          td.textContent = t;
          tr.append(td);
        }
        tr.onclick = () => this.jump(r.move);
        return tr;
      }),
    );
    const row = body.querySelector<HTMLElement>('tr.current');
    if (row) keepInView(row, $('analysis'));
    $('graph').innerHTML = rows.length > 0 ? graphMarkup(rows, current, game.moveNumber(game.length - 1)) : '';
    $('graph').dataset.current = current === null ? '' : String(current);
    const done = rows.length > 0 && !state.running;
    enable('export-json', done);
    enable('export-csv', done);
    const exact = rows.filter((r) => r.exact);
    const lost = (side: string) => exact.filter((r) => r.side === side).reduce((t, r) => t + r.loss, 0);
    const estimated = rows.length - exact.length;
    const stopped =
      this.analysis && !this.analysis.complete && !state.running
        ? this.interrupted
          ? 'interrupted (the page was reloaded or left; Analyse goes on, the scores found kept): '
          : 'incomplete (stopped): '
        : '';
    $('analysis-status').textContent =
      rows.length === 0
        ? ''
        : `${stopped}exact over ${exact.length} moves: black lost ${lost('black')}, white lost ${lost('white')} discs${estimated > 0 ? `; ${estimated} earlier moves estimated (≈, ${ESTIMATE_DEPTH}-ply search)` : ''}`;
  }

  /** Shows the position in which move `number` was played (as the table's rows and the graph's bands do). */
  jump(number: number): void {
    const { state } = this.page;
    const step = state.game.stepOf(number);
    if (step < 1) return;
    this.page.goTo(step - 1);
  }

  /** Analyses the game from the analysed empties on; kept in local storage with its game. */
  async analyse(): Promise<void> {
    const { state, engine } = this.page;
    const game = state.game;
    if (state.running) return;
    if (game.moves.length === 0) return say('no game to analyse: play moves, or paste a game record', true);
    let from: number;
    let s: SolveSettings;
    try {
      from = analysedFrom();
      s = engine.settings();
    } catch (e) {
      return say((e as Error).message, true);
    }
    // The positions to analyse: estimated before the analysed empties, exact from them on.
    const steps: number[] = [];
    for (let i = 1; i < game.length; i++) if (game.played[i] !== PASS) steps.push(i);
    const largest = Math.max(0, ...steps.map((i) => emptyCount(game.positions[i - 1])).filter((e) => e <= from));
    const warning = `analyse:${storeKey(game)}:${from}`;
    if (largest >= WARN_EMPTIES && state.warnedFor !== warning) {
      state.warnedFor = warning;
      $('warning').textContent = `${largest} empties: an exact analysis from there may take hours. Click Analyse again to start.`;
      return;
    }
    state.warnedFor = '';
    $('warning').textContent = '';
    say('');
    const analysis: Analysis = { record: game.record(), from, rows: [], complete: false };
    this.analysis = analysis;
    this.interrupted = false;
    state.running = true;
    this.page.render();
    enable('analysis-stop', true);
    $('analysis-box').dataset.state = 'running';
    const t0 = performance.now();
    const total = steps.length;
    /** The position being solved: its move's number and empties, since when, its nodes so far. */
    let solving: { number: number; empties: number; since: number; nodes: () => number } | null = null;
    const progress = () => {
      const now = performance.now();
      const at = solving
        ? ` · solving move ${solving.number} (${solving.empties} empties): ${solving.nodes().toLocaleString('en')} nodes, ${((now - solving.since) / 1000).toFixed(1)} s`
        : '';
      $('analysis-progress').dataset.state = 'running';
      $('analysis-progress').textContent =
        `analysing: ${analysis.rows.length} of ${total} moves${at} · ${((now - t0) / 1000).toFixed(1)} s`;
    };
    progress();
    const ticking = setInterval(progress, 200);
    const key = storeKey(game);
    try {
      const sv = await engine.solverFor(s);
      // The one analysis (src/game/analysis.ts): the page's hooks estimate on the workers, take the scores
      // the page knows, and solve position by position from the end back (each later one's table helps).
      const replayed: Game = {
        moves: steps.map((i) => ({ number: game.moveNumber(i), position: game.positions[i - 1], move: game.played[i] as number })),
        final: game.positions[game.length - 1],
      };
      const hooks: AnalysisHooks = {
        known: (p) => state.known.moveScores(p),
        estimate: {
          depth: ESTIMATE_DEPTH,
          run: async (p, moves) => {
            const guesses = new Map<number, number>();
            await sv.estimateEvery(p, moves, ESTIMATE_DEPTH, (move, score) => guesses.set(move, 0 - score));
            return guesses;
          },
        },
        async *solve(work) {
          for (const at of [...new Set(work.map((w) => w.at))].sort((a, b) => b - a)) {
            const mine = work.filter((w) => w.at === at);
            const parent = mine[0].parent;
            const found: ChildSolved[] = [];
            const number = firstNumber(parent); // the move played from it, as the record numbers it
            await sv.solveEvery(
              parent,
              mine.map((w) => w.move),
              (move, r) => {
                state.known.set(play(parent, move), { score: r.score, move: r.move, pv: r.pv });
                found.push({ at, move, score: r.score, nodes: r.nodes });
              },
              (p) => {
                solving = { number, empties: emptyCount(parent), since: performance.now(), nodes: p.nodes };
                progress();
              },
            );
            solving = null;
            yield* found;
          }
        },
      };
      for await (const m of analyseMoves(replayed, from, hooks, 'found')) {
        const row = recordOf(m);
        if (m.estimateDepth === null) {
          const first = legalMoves(m.position).find((x) => m.scores[moveName(x)] === m.best) as number;
          if (!state.known.get(m.position))
            state.known.set(m.position, {
              score: m.best,
              move: first,
              pv: [first, ...(state.known.get(play(m.position, first))?.pv ?? [])],
            });
        }
        analysis.rows.push(row);
        analysis.rows.sort((a, b) => a.move - b.move);
        // Kept as it goes: a reload in the middle shows the rows found, as an interrupted analysis.
        localStorage.setItem(key, JSON.stringify(analysis));
        this.page.render();
      }
      analysis.complete = true;
      $('analysis-box').dataset.state = 'done';
    } catch (e) {
      $('analysis-box').dataset.state = e instanceof Stopped ? 'stopped' : 'error';
      analysis.stopped = true;
      if (!(e instanceof Stopped)) say(e instanceof Error ? e.message : String(e), true);
    } finally {
      clearInterval(ticking);
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      $('analysis-progress').dataset.state = 'idle';
      $('analysis-progress').textContent = analysis.complete
        ? `analysed ${total} moves in ${seconds} s`
        : `stopped after ${analysis.rows.length} of ${total} moves, ${seconds} s`;
      if (analysis.rows.length > 0) localStorage.setItem(key, JSON.stringify(analysis));
      state.running = false;
      enable('analysis-stop', false);
      this.page.render();
    }
  }

  /** The game's analysis kept from before (local storage), if any: shown, its range put back in the form. */
  restore(): void {
    const game = this.page.state.game;
    this.analysis = game.moves.length > 0 ? readKept(game.start, game.record()) : null;
    if (this.analysis) ($('analyse-from') as HTMLInputElement).value = String(this.analysis.from);
    // Kept unfinished with no "stopped" said (stored as it went): a run a reload cut off.
    this.interrupted = !!this.analysis && !this.analysis.complete && !this.analysis.stopped;
    $('analysis-box').dataset.state = this.analysis ? (this.analysis.complete ? 'done' : 'stopped') : 'none';
    $('analysis-progress').textContent = '';
  }

  /** Whether the analysis shown is of the game's record as it stands. */
  matches(): boolean {
    const game = this.page.state.game;
    return this.analysis !== null && this.analysis.record === game.record();
  }
}
