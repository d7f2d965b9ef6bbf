/**
 * A command run off the main thread (see main.ts): the same command line,
 * the exit code posted back. Signals reach the main thread only; it ends
 * this one. Output goes straight to the process's stdout and stderr, so
 * that each line shows when it is done (streams.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runCommand } from './program.js';
import { StopSignals } from './signals.js';
import { writeDirectly } from './streams.js';

writeDirectly();

const exitCode = await runCommand((workerData as { argv: string[] }).argv, new StopSignals(false));
parentPort!.postMessage({ exitCode });
