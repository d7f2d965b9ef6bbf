/**
 * The board and the game's move list as the page draws them: 64 squares
 * with their coordinates (files a-h above, ranks 1-8 on the left), each
 * with its disc, its mark (legal, last move, the PV's next move, best) and
 * the score of the move there once known; the side to move, the discs and
 * the game's end; one button a step of the game.
 */
import { formatScore } from '../src/game/scores.js';
import { finalScore, formatPosition, legalMoves, moveName } from '../src/position/position.js';
import { NO_MOVE } from '../src/search/table.js';
import { $ } from './dom.js';
import type { PageState } from './state.js';
import { otherSide } from './text.js';

export class BoardView {
  private readonly squares: HTMLButtonElement[] = [];

  constructor(onSquare: (x: number) => void) {
    const coord = (text: string) => {
      const c = document.createElement('span');
      c.className = 'coord';
      c.textContent = text;
      return c;
    };
    const board = $('board');
    board.append(coord(''), ...'abcdefgh'.split('').map(coord));
    for (let x = 0; x < 64; x++) {
      if (x % 8 === 0) board.append(coord(String(x / 8 + 1)));
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sq';
      b.dataset.square = moveName(x);
      b.setAttribute('aria-label', moveName(x));
      b.innerHTML = '<span class="disc"></span><span class="score"></span>';
      b.addEventListener('click', () => onSquare(x));
      this.squares.push(b);
      board.append(b);
    }
  }

  /** The squares, the side to move, the discs and the game's end, of the position shown. */
  render(state: PageState): void {
    const p = state.shown();
    const [board, side] = formatPosition(p).split(' ');
    const legal = new Set(legalMoves(p));
    const scores = state.moveScores;
    const pv = state.pvView;
    // The best move is marked once every move's score is known, not before.
    const best = scores.size > 0 && scores.size === legalMoves(state.game.position).length ? Math.max(...scores.values()) : null;
    const next = pv && pv.step < pv.pv.length ? pv.pv[pv.step] : NO_MOVE;
    const lastPlayed = state.game.played[state.game.at];
    const last = pv ? (pv.step > 0 ? pv.pv[pv.step - 1] : lastPlayed) : lastPlayed;
    this.squares.forEach((b, x) => {
      b.className = `sq ${board[x] === '-' ? '' : board[x]}${legal.has(x) ? ' legal' : ''}${x === next ? ' pv-next' : ''}${x === last ? ' last' : ''}`;
      const s = pv ? undefined : scores.get(x);
      (b.lastChild as HTMLElement).textContent = s === undefined ? '' : formatScore(s);
      if (s !== undefined && s === best) b.classList.add('best');
      b.dataset.score = s === undefined ? '' : String(s);
    });
    const black = [...board].filter((c) => c === 'X').length;
    const white = [...board].filter((c) => c === 'O').length;
    $('side').textContent = `${side === 'X' ? 'black' : 'white'} to move ·`;
    $('side').dataset.side = side === 'X' ? 'black' : 'white';
    $('discs').textContent = `black ${black}, white ${white}, ${64 - black - white} empties`;
    const over = legal.size === 0 && legalMoves(otherSide(p)).length === 0;
    $('final').textContent = over
      ? `game over: final score ${formatScore(finalScore(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo))} for ${side === 'X' ? 'black' : 'white'}`
      : '';
    $('final').dataset.over = over ? '1' : '';
  }

  /** The game's steps, one button each (the position after it); the one shown is marked. */
  renderMoves(state: PageState, goTo: (step: number) => void): void {
    const list = $('moves');
    const { game } = state;
    const items: HTMLElement[] = [];
    for (let i = 1; i < game.length; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      const m = game.played[i];
      b.textContent = `${i}. ${m === null ? 'set' : moveName(m)}`;
      b.dataset.at = String(i);
      b.className = i === game.at ? 'at' : '';
      b.disabled = state.running;
      b.onclick = () => goTo(i);
      items.push(b);
    }
    list.replaceChildren(...items);
    list.dataset.length = String(game.length - 1);
    list.dataset.at = String(game.at);
  }
}
