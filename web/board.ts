/**
 * The board and the game's move list as the page draws them: 64 squares
 * with their coordinates (files above, ranks on the left; h8 at the top left
 * when flipped), each with its disc, its mark (legal, last move, the PV's
 * next move, best) and the exact score of the move there once known; the
 * side to move, a forced pass, the discs and the game's end ("white wins
 * 35–29"); one button a step of the game, numbered as the record numbers
 * its moves (a pass is not numbered), coloured by the loss of its move once
 * analysed, the one shown kept in view.
 */
import { formatEstimate, formatScore } from '../src/game/scores.js';
import { formatPosition, legalMoves, moveName, PASS, type Position } from '../src/position/position.js';
import { NO_MOVE } from '../src/search/table.js';
import type { AnalysisRow } from './analysis.js';
import { $ } from './dom.js';
import type { PageState } from './state.js';
import { otherSide } from './text.js';

/** The discs of each side on a position's board. */
export function discs(p: Position): { black: number; white: number; empties: number } {
  const board = formatPosition(p).split(' ')[0];
  const black = [...board].filter((c) => c === 'X').length;
  const white = [...board].filter((c) => c === 'O').length;
  return { black, white, empties: 64 - black - white };
}

/** The game's end in words: "white wins 35–29", "draw 32–32" (empty squares go to the winner). */
export function gameOverText(p: Position): string {
  const { black, white, empties } = discs(p);
  if (black === white) return `draw ${black}–${white}`;
  return black > white ? `black wins ${black + empties}–${white}` : `white wins ${white + empties}–${black}`;
}

/** Whether neither side has a move. */
export function isOver(p: Position): boolean {
  return legalMoves(p).length === 0 && legalMoves(otherSide(p)).length === 0;
}

export class BoardView {
  private readonly squares: HTMLButtonElement[] = [];
  private readonly files: HTMLSpanElement[] = [];
  private readonly ranks: HTMLSpanElement[] = [];
  private corner: HTMLSpanElement;
  private flipped: boolean | null = null;

  constructor(onSquare: (x: number) => void) {
    const coord = (text: string) => {
      const c = document.createElement('span');
      c.className = 'coord';
      c.textContent = text;
      return c;
    };
    this.corner = coord('');
    for (let i = 0; i < 8; i++) this.files.push(coord(''));
    for (let i = 0; i < 8; i++) this.ranks.push(coord(''));
    for (let x = 0; x < 64; x++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sq';
      // One Tab stop for the board (#board), not 64: a square is played by a click, or typed ("d3") on the focused board.
      b.tabIndex = -1;
      b.dataset.square = moveName(x);
      b.setAttribute('aria-label', moveName(x));
      b.innerHTML = '<span class="disc"></span><span class="score"></span>';
      b.addEventListener('click', () => onSquare(x));
      this.squares.push(b);
    }
  }

  /** Lays the squares out: a1 at the top left, or h8 when flipped. */
  private layout(flipped: boolean): void {
    if (this.flipped === flipped) return;
    this.flipped = flipped;
    const order = (i: number) => (flipped ? 7 - i : i);
    const items: HTMLElement[] = [this.corner];
    for (let c = 0; c < 8; c++) {
      this.files[c].textContent = 'abcdefgh'[order(c)];
      items.push(this.files[c]);
    }
    for (let r = 0; r < 8; r++) {
      this.ranks[r].textContent = String(order(r) + 1);
      items.push(this.ranks[r]);
      for (let c = 0; c < 8; c++) items.push(this.squares[order(r) * 8 + order(c)]);
    }
    $('board').replaceChildren(...items);
    $('board').dataset.flipped = flipped ? '1' : '';
  }

  /** The squares, the side to move, the discs and the game's end, of the position shown. */
  render(state: PageState): void {
    this.layout(state.flipped);
    const p = state.shown();
    const board = formatPosition(p).split(' ')[0];
    const legal = legalMoves(p);
    const scores = state.known.moveScores(p);
    const pv = state.pvView;
    // The best move is marked once every move's score is known, not before.
    const best = scores.size > 0 && scores.size === legal.length ? Math.max(...scores.values()) : null;
    const next = pv && pv.step < pv.pv.length ? pv.pv[pv.step] : NO_MOVE;
    const lastPlayed = state.game.played[state.game.at];
    const last = pv && pv.step > 0 ? pv.pv[pv.step - 1] : lastPlayed;
    this.squares.forEach((b, x) => {
      b.className = `sq ${board[x] === '-' ? '' : board[x]}${legal.includes(x) ? ' legal' : ''}${x === next ? ' pv-next' : ''}${x === last ? ' last' : ''}`;
      const s = scores.get(x);
      (b.lastChild as HTMLElement).textContent = s === undefined ? '' : formatScore(s);
      if (s !== undefined && s === best) b.classList.add('best');
      b.dataset.score = s === undefined ? '' : String(s);
    });
    const { black, white, empties } = discs(p);
    const side = p.toMove === 'X' ? 'black' : 'white';
    const over = isOver(p);
    $('side').textContent = over ? '' : legal.length === 0 ? `${side} has no move: ${side} passes ·` : `${side} to move ·`;
    $('side').dataset.side = side;
    $('discs').textContent =
      `black ${black}, white ${white}${over && empties === 0 ? '' : `, ${empties} ${empties === 1 ? 'empty' : 'empties'}`}`;
    $('final').textContent = over ? gameOverText(p) : '';
    $('final').dataset.over = over ? '1' : '';
  }

  /**
   * The game's steps, one button each (the position after it): numbered as
   * the record numbers moves, a pass unnumbered; the analysed loss of each
   * move (`rows`, by move number); the one shown marked and kept in view.
   */
  renderMoves(state: PageState, rows: ReadonlyMap<number, AnalysisRow>, goTo: (step: number) => void): void {
    const list = $('moves');
    const { game } = state;
    const items: HTMLElement[] = [];
    const branch = game.branch();
    for (let i = 1; i < game.length; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      const m = game.played[i] as number;
      const n = game.moveNumber(i);
      b.textContent = m === PASS ? 'pass' : `${n}. ${moveName(m)}`;
      b.dataset.at = String(i);
      const row = m === PASS ? undefined : rows.get(n);
      if (row) {
        b.dataset.loss = String(row.loss);
        b.title = row.exact
          ? `lost ${row.loss}: ${row.played} ${formatScore(row.score)}, best ${row.bestMoves.join(' ')} ${formatScore(row.best)}`
          : `estimated (${row.estimateDepth}-ply search, not proven): ${row.played} ${formatEstimate(row.score)}, best ${row.bestMoves.join(' ')} ${formatEstimate(row.best)}`;
        if (!row.exact) b.dataset.estimate = String(row.estimateDepth);
      }
      const side = game.main !== null && i > branch;
      if (side) b.dataset.side = '1';
      // Colour means a proven loss: an estimate is marked (dashed) but not coloured.
      b.className = `${i === game.at ? 'at ' : ''}${side ? 'side ' : ''}${row?.exact ? lossClass(row.loss) : ''}`.trim();
      b.onclick = () => goTo(i);
      items.push(b);
    }
    list.replaceChildren(...items);
    // A side line: where it leaves the main line, the main line's move there, and the way back.
    const main = game.main;
    $('line-row').hidden = main === null;
    list.dataset.side = main === null ? '' : String(branch);
    if (main !== null) {
      const mainMove = main[branch];
      const number = game.moveNumber(branch) + (mainMove === PASS ? 0 : 1);
      $('line-info').textContent =
        `side line from move ${game.moveNumber(branch) + 1}; the game went ${mainMove === PASS ? 'pass' : `${number}. ${moveName(mainMove)}`} (${main.length - branch} moves on)`;
    }
    (document.getElementById('main-line') as HTMLButtonElement).disabled = state.running;
    list.dataset.length = String(game.length - 1);
    list.dataset.at = String(game.at);
    const at = list.querySelector<HTMLElement>('button.at');
    if (at) keepInView(at, list);
  }
}

/** A loss's colour class: none, small (up to 4 discs), large. */
function lossClass(loss: number): string {
  return loss === 0 ? 'loss-none' : loss <= 4 ? 'loss-small' : 'loss-large';
}

/** Scrolls `box` (and only it) so that `item` is inside its visible area. */
export function keepInView(item: HTMLElement, box: HTMLElement): void {
  const i = item.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  if (i.top < b.top) box.scrollTop -= b.top - i.top;
  else if (i.bottom > b.bottom) box.scrollTop += i.bottom - b.bottom;
}
