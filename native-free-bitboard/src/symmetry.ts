/**
 * The 8 symmetries of the board, numbered by three independent reflections:
 * bit 0 mirrors the files (a↔h), bit 1 mirrors the ranks (1↔8), bit 2
 * transposes (a1-h8 diagonal) after them. 0 is the identity; every k is
 * its own inverse except the rotations 5 and 6, which are each other's.
 */
export function transformSquare(s: number, k: number): number {
  let f = s & 7;
  let r = s >> 3;
  if (k & 1) f = 7 - f;
  if (k & 2) r = 7 - r;
  if (k & 4) [f, r] = [r, f];
  return f + 8 * r;
}

/** The symmetry that undoes symmetry k. */
export function inverseSymmetry(k: number): number {
  return k === 5 ? 6 : k === 6 ? 5 : k;
}
