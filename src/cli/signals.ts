/**
 * SIGINT, SIGTERM and SIGHUP stop every command: the first one aborts the
 * command's AbortSignal (work in progress stops, what is finished stays),
 * a second one of any kind ends the process at once. The exit code tells
 * which signal it was, as a shell reports a process killed by it.
 */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
export const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
export const SIGNAL_EXIT: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export class StopSignals {
  private readonly controller = new AbortController();
  /** The first signal received, or null. */
  received: StopSignal | null = null;

  private readonly handler = (sig: StopSignal): void => {
    if (this.received !== null) process.exit(SIGNAL_EXIT[this.received]);
    this.received = sig;
    this.controller.abort(new Error(`stopped by ${sig}`));
  };

  /** `listen` false: an inert one (a worker thread, which receives no signals). */
  constructor(listen = true) {
    if (listen) for (const s of STOP_SIGNALS) process.on(s, this.handler);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The exit code for the signal received (0 if none). */
  get exitCode(): number {
    return this.received === null ? 0 : SIGNAL_EXIT[this.received];
  }

  dispose(): void {
    for (const s of STOP_SIGNALS) process.off(s, this.handler);
  }
}
