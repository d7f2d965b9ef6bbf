/**
 * A test's scratch directory under the system's temporary directory,
 * removed when the file's (or the describe block's) tests are done: a test
 * run leaves nothing behind. Call it where a hook may be registered (a
 * file's top level or a describe body).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `revsolve-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
