/** Square s = file + 8 × rank: 0 = a1, 7 = h1, 56 = a8, 63 = h8. */

/** Lower-case name of a square, e.g. 0 → "a1". */
export function squareName(s: number): string {
  if (!Number.isInteger(s) || s < 0 || s > 63) throw new RangeError(`square out of range: ${s}`);
  return String.fromCharCode(97 + (s & 7)) + String(1 + (s >> 3));
}

/** Square index of a name such as "a1" or "H8" (case-insensitive); -1 when it is not one. */
export function parseSquare(name: string): number {
  if (name.length !== 2) return -1;
  const f = name.toLowerCase().charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? f + 8 * r : -1;
}
