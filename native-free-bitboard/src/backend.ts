/**
 * The API both backends implement, on their own 64-bit word type W
 * (`U64` for the paired-uint32 backend, `bigint` for the reference one).
 */
export interface Backend<W> {
  readonly name: string;
  readonly empty: W;
  fromSquares(squares: Iterable<number>): W;
  /** Square indices that are set, in increasing order. */
  squares(w: W): number[];
  has(w: W, s: number): boolean;
  count(w: W): number;
  or(a: W, b: W): W;
  and(a: W, b: W): W;
  xor(a: W, b: W): W;
  not(a: W): W;
  equals(a: W, b: W): boolean;
  /** Legal moves of P against O. */
  moves(p: W, o: W): W;
  /** Discs P flips by playing x (empty when illegal). */
  flips(x: number, p: W, o: W): W;
  /** Symmetry k (0‥7) of the board; see `symmetry.ts` for the numbering. */
  transform(w: W, k: number): W;
  /** 16 hex digits, most significant first (h8 … a1). */
  toHex(w: W): string;
  fromHex(hex: string): W;
}
