/**
 * The index of a game collection (src/game/game-index.ts), which the page's
 * games panel and `revsolve games` search: each game comes back from it as
 * the reader gave it, and a position is found at the move the reader's
 * replay reached it, written passes included (the board before a pass with
 * the side that passes, the same board after it with the other side).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGameFiles } from '../src/game/files.js';
import { gameOf, indexGames, searchIndex } from '../src/game/game-index.js';
import { formatPosition, PASS } from '../src/position/position.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const file = (dir: string, name: string) => ({ name, bytes: readFileSync(join(FIXTURES, dir, name)) });

describe('the games index', () => {
  const read = readGameFiles([
    file('ggf', 'games.ggf'),
    file('wthor', 'WTH_2019.wtb'),
    file('wthor', 'WTHOR.JOU'),
    file('wthor', 'WTHOR.TRN'),
  ]);
  const ix = indexGames(read.games);

  it('gives back every game as the reader read it', () => {
    expect(ix.count).toBe(read.games.length);
    for (const [i, g] of read.games.entries()) {
      const back = gameOf(ix, i);
      expect([back.label, back.file, back.number, back.black, back.white, back.event, back.date, back.result]).toEqual([
        g.label,
        g.source.file,
        g.source.index,
        g.black,
        g.white,
        g.event,
        g.date,
        g.result,
      ]);
      expect(back.moves).toEqual(g.moves);
      expect(formatPosition(back.start)).toBe(formatPosition(g.start));
      expect(back.theoretical).toEqual(g.theoretical ? { score: 2 * g.theoretical.discs - 64, depth: g.theoretical.depth } : undefined);
    }
  });

  it('finds a position at the move it was reached, on either side of a written pass', () => {
    const g = read.games.findIndex((x) => x.moves.includes(PASS));
    expect(g).toBeGreaterThanOrEqual(0);
    const moves = read.games[g].game.moves;
    const p = moves.findIndex((m) => m.move === PASS);
    for (const at of [p, p + 1]) {
      const position = moves[at].position;
      const found = searchIndex(ix, { position });
      const i = [...found.games].indexOf(g);
      expect(i, `move ${at}`).toBeGreaterThanOrEqual(0);
      expect(found.at?.[i]).toBe(at);
      expect(formatPosition(moves[found.at?.[i] as number].position)).toBe(formatPosition(position));
    }
    // Every game found for a position of a WTHOR game reached it: checked on the reader's replay.
    const w = read.games.find((x) => x.label === 'WTH_2019.wtb game 7');
    const asked = w?.game.moves[20].position;
    const found = searchIndex(ix, { position: asked });
    expect(found.games.length).toBeGreaterThan(0);
    for (const [i, k] of [...found.games].entries())
      if (found.symmetry?.[i] === 0)
        expect(formatPosition(read.games[k].game.moves[found.at?.[i] as number]?.position ?? read.games[k].game.final)).toBe(
          formatPosition(asked!),
        );
  });
});
