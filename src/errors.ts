/**
 * The error a bad input file gives: which file, the 1-based line where
 * there is one (0: the file as a whole, or a binary file), and what is
 * wrong. Every file reader of the library throws a subclass of it
 * (ObfError, WeightsFileError, DatasetError), so a caller can report any of
 * them in one line.
 */
export class FileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(line > 0 ? `${file}:${line}: ${problem}` : `${file}: ${problem}`);
    this.name = new.target.name;
  }
}

/**
 * A library option that is not one of the values it takes: the option's
 * name and what it takes (as the command line's usage errors say). A
 * RangeError, so that callers that caught those still do.
 */
export class OptionError extends RangeError {
  constructor(
    readonly option: string,
    problem: string,
  ) {
    // A problem that names its option first ("prover dfpn proves …") is said as it is.
    super(problem.startsWith(`${option} `) ? problem : `${option}: ${problem}`);
    this.name = 'OptionError';
  }
}

/**
 * A search stopped or cancelled before it proved its score (a stop, a
 * signal, an abort): it has no result. Whoever stopped it hears this
 * instead of a score, so that no half-searched value is taken for exact.
 */
export class SearchCancelled extends Error {
  constructor(what = 'the search') {
    super(`${what} was stopped before its score was proven`);
    this.name = 'SearchCancelled';
  }
}

/** A value, as a message names it. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing (undefined)';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  return typeof v === 'object' ? 'an object of another shape' : `${typeof v} ${String(v)}`;
}
