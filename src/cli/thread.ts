/**
 * A command run off the main thread (see cli.ts): the same command line,
 * the exit code posted back. Signals reach the main thread only; it ends
 * this one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runCommand } from './program.js';
import { StopSignals } from './signals.js';

const exitCode = await runCommand((workerData as { argv: string[] }).argv, new StopSignals(false));
parentPort!.postMessage({ exitCode });
