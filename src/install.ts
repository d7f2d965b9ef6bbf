/**
 * Where the installed package finds its own files: from this module's
 * location (dist/ when built, src/ under the tests), one folder up is the
 * package root, wherever it was installed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The weights shipped with revsolve (trained by `revsolve train`; see the README). */
export const SHIPPED_WEIGHTS = fileURLToPath(new URL('../weights/revsolve.rsev', import.meta.url));

/** This package's version (its package.json). */
export const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
