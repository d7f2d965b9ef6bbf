/**
 * What a setting is: its entry's shape (Setting), the places and hosts
 * that take settings, and the error a value it does not take gives. The
 * table itself is table.ts.
 */
/** A value a setting does not take: what it takes, in words (the command line puts the flag before it, the library the name). */
export class SettingProblem extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(problem);
    this.name = 'SettingProblem';
  }
}

/** Who takes a setting: the library's solving functions, the commands, the page. */
export type Place =
  | 'library'
  | 'solver'
  | 'analyze-library'
  | 'midgame-library'
  | 'solve'
  | 'worker'
  | 'analyze'
  | 'nboard'
  | 'games'
  | 'queue'
  | 'train'
  | 'page';

/** What a host knows that a default may depend on. */
export interface Host {
  /** Threads this machine runs at once (Node's availableParallelism, the browser's hardwareConcurrency). */
  readonly cores: number;
  /** The shipped weights where this host finds them (Node: install.ts's SHIPPED_WEIGHTS). */
  readonly weights: string;
}

/** A host for tests and pure uses: one core, the weights by their package path. */
export const PLAIN_HOST: Host = { cores: 1, weights: 'weights/revsolve.rsev' };

export interface Setting<T = unknown> {
  /** The library's option name (SolveOptions, SuiteOptions, AnalyzeOptions). */
  readonly key: string;
  /** The command line's flags, as commander takes them ('-h, --hash-bits <h>'). */
  readonly flags: string;
  readonly help: string;
  /** The default, or a function of the host; undefined: none (the option is absent, or follows from others: resolveOptions). */
  readonly fallback: T | ((host: Host) => T) | undefined;
  /** The default in words, for --help. */
  readonly defaultText: string;
  /** Checks a library value, or throws SettingProblem. */
  check(value: unknown): T;
  /** Parses the command line's text, or throws SettingProblem. */
  parse(text: string): T;
  /** The lowest and highest values of a whole-number setting (a form's min and max). */
  readonly range?: readonly [number, number];
  /** Changes the searched tree: names the queue and the results file's search (digest), so --resume and workers check it. */
  readonly tree: boolean;
  /** The word of the engine's settings block (src/wasm/layout.ts SET_*) that carries it, where the engine reads it. */
  readonly engineWord?: number;
  /** The commands and hosts that take it. */
  readonly places: readonly Place[];
  /** The value's text in the digest (tree settings). */
  text?(value: T): string;
}
