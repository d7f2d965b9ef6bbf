/*
 * The evaluator's sizes that both engines use, written once: plain numbers
 * that tsc (eval/features.ts) and asc (assembly/eval.ts) both compile.
 * features.ts checks them against the patterns it builds.
 */

/** Patterns (the features of Edax's evaluator: 46 of 12 groups, and the constant). */
export const N_PATTERNS = 46;
/** Weights of one table (one ply), unpacked: every pattern's 3^squares, and the constant. */
export const N_WEIGHTS = 226315;
