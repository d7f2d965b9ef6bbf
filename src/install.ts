/**
 * Where the installed program finds its own files: from this module's
 * location (dist/cli/ when built, src/cli/ under the tests), two folders up
 * is the package root, wherever it was installed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The weights shipped with revsolve (trained by `revsolve train`; see the README). */
export const SHIPPED_WEIGHTS = fileURLToPath(new URL('../../weights/revsolve.rsev', import.meta.url));

export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
