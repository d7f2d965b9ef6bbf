/**
 * The command line's exit codes, in one place. A signal's code (128 + its
 * number) is signals.ts's.
 */

/** A solve whose score disagrees with its file's answer; an analyze --check-theoretical that disagrees. */
export const EXIT_MISMATCH = 1;
/** Bad input: a usage error, a bad file, a value out of range (one line on stderr). */
export const EXIT_USAGE = 2;
/** An output that cannot be written (a full disk, a closed pipe's reader gone is quiet). */
export const EXIT_OUTPUT = 2;
/** A bug, not bad input: "internal error" (EX_SOFTWARE). */
export const EXIT_BUG = 70;
