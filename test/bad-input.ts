/**
 * What the bad-input tests (test/bad-input-*.test.ts) share: the shapes of
 * a refusal, the stop tests' suites, a copy of the WTHOR fixtures. (The
 * command line run in a folder: runIn, processes.ts.)
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { OBF } from './helpers.js';

/** Refused: exit 2, one line on stderr matching `re`, nothing on stdout. */
export function refused(r: { code: number | null; out: string; err: string }, re: RegExp): void {
  exit2OneLine(r, re);
  expect(r.out).toBe('');
}

/** Exit 2 and one line on stderr matching `re`, whatever stdout holds. */
export function exit2OneLine(r: { code: number | null; err: string }, re: RegExp): void {
  expect(r.code, r.err).toBe(2);
  expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(re)]);
}

/**
 * The stop tests' suites: FFO #1-#19 (a path), fforum-20-39 (its text),
 * and written in `dir` the first three of #1-#19 (S3) and fforum-20-39
 * five times over (MANY).
 */
export function stopSuites(dir: string): { S1_19: string; S20_39: string; S3: string; MANY: string } {
  const S1_19 = join(OBF, 'fforum-1-19.obf');
  const S20_39 = readFileSync(join(OBF, 'fforum-20-39.obf'), 'utf8');
  const S3 = join(dir, 's3.obf');
  writeFileSync(S3, `${readFileSync(S1_19, 'utf8').split('\n').slice(0, 3).join('\n')}\n`);
  const MANY = join(dir, 'many.obf');
  writeFileSync(MANY, S20_39.repeat(5));
  return { S1_19, S20_39, S3, MANY };
}

const WTHOR_FIXTURES = fileURLToPath(new URL('./fixtures/wthor/', import.meta.url));

/** A new folder `name` in `dir` holding a copy of the WTHOR fixtures (2019 games, players, tournaments). */
export function wthorCopy(dir: string, name: string): string {
  const to = join(dir, name);
  mkdirSync(to);
  for (const f of ['WTH_2019.wtb', 'WTHOR.JOU', 'WTHOR.TRN']) copyFileSync(join(WTHOR_FIXTURES, f), join(to, f));
  return to;
}
