/**
 * The revsolve game file (src/game/game-file.ts; the README's "revsolve
 * game file"): a file written here by hand from the format's description
 * is read with its lines, move shown, header and analysis; writing what
 * was read gives it back; the one reader (readGameFiles) gives its main line
 * with its names, as `analyze` reads it; each bad part is named.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGameFiles } from '../src/game/files.js';
import { GameFileError, readGameFile, writeGameFile } from '../src/game/game-file.js';
import { formatRecord } from '../src/game/record.js';
import { formatPosition } from '../src/position/position.js';

const PATH = new URL('./fixtures/game/side-line.revsolve.json', import.meta.url);
const text = readFileSync(PATH, 'utf8');

describe('the revsolve game file', () => {
  it('reads the file written by hand, and writes it back the same', () => {
    const g = readGameFile(text, 'side-line.revsolve.json');
    expect(formatRecord(g.main)).toBe('f5d6c3d3c4f4f6f3e6e7');
    expect(formatRecord(g.line ?? [])).toBe('f5d6c3d3c4f4c5');
    expect(g.at).toBe('6');
    expect(g.header).toEqual({ black: 'Anna Black', white: 'Bert White', event: 'Club night', result: 4 });
    expect(g.analyses).toHaveLength(1);
    expect(g.analyses[0].moves[0].played).toBe('e6');
    expect(formatPosition(g.start)).toBe('---------------------------OX------XO--------------------------- X');
    expect(JSON.parse(writeGameFile(g))).toEqual(JSON.parse(text));
  });

  it('is read by the one reader as its main line with its names', () => {
    const read = readGameFiles([{ name: 'side-line.revsolve.json', bytes: readFileSync(PATH) }]);
    expect(read.problems).toEqual([]);
    expect(read.games).toHaveLength(1);
    const [g] = read.games;
    expect([g.label, formatRecord(g.moves), g.black, g.white, g.event, g.result]).toEqual([
      'side-line.revsolve.json game 1',
      'f5d6c3d3c4f4f6f3e6e7',
      'Anna Black',
      'Bert White',
      'Club night',
      4,
    ]);
  });

  it('names the part that is wrong', () => {
    const v = JSON.parse(text);
    const bad = (change: (x: Record<string, unknown>) => void) => {
      const x = structuredClone(v);
      change(x);
      try {
        readGameFile(JSON.stringify(x), 'g.json');
      } catch (e) {
        expect(e).toBeInstanceOf(GameFileError);
        return (e as Error).message;
      }
      return 'read';
    };
    expect(bad((x) => (x.version = 2))).toBe('g.json: version 2: this revsolve reads version 1');
    expect(bad((x) => (x.main = 'f5f5'))).toMatch(/^g\.json: main: move 2: f5 is not a legal move for white/);
    expect(bad((x) => (x.line = 'f5d6zz'))).toMatch(/^g\.json: line: move 3: "zz" is not a square/);
    expect(bad((x) => (x.at = 'six'))).toBe('g.json: at: a move ("44", or "44p" after its pass), not "six"');
    expect(bad((x) => ((x.header as Record<string, unknown>).result = 70))).toBe(
      'g.json: header.result: a disc difference from -64 to 64, not 70',
    );
    expect(bad((x) => (x.analyses = [{ record: 'f5', from: 20 }]))).toBe(
      'g.json: analyses[0]: an object of record, from, complete and moves',
    );
    expect(() => readGameFile('{"format": "revsolve-game", ', 'g.json')).toThrow(/^g\.json: not JSON: /);
    const read = readGameFiles([{ name: 'g.json', bytes: new TextEncoder().encode(JSON.stringify({ ...v, start: 'x' })) }]);
    expect(read.problems).toEqual([expect.stringMatching(/^g\.json: start: /)]);
  });
});
