/*
 * The class of each square, in the order squares are best tried when
 * nothing else is known (the empties list's order, PRESORTED): corners 0,
 * the ring round the centre 1 and 2, A squares 3, B squares 4, the inner
 * squares of the second ring 5 and 6, C squares 7, X squares 8, the centre
 * (always occupied) 9. Squares go by class, then by number. Written once for
 * both engines: plain numbers that tsc (search/leaves.ts) and asc
 * (assembly/leaves.ts) both compile.
 */
export const SQUARE_CLASS = [
  0, 7, 3, 4, 4, 3, 7, 0, 7, 8, 6, 5, 5, 6, 8, 7, 3, 6, 2, 1, 1, 2, 6, 3, 4, 5, 1, 9, 9, 1, 5, 4, 4, 5, 1, 9, 9, 1, 5, 4, 3, 6, 2, 1, 1, 2,
  6, 3, 7, 8, 6, 5, 5, 6, 8, 7, 0, 7, 3, 4, 4, 3, 7, 0,
];
/** Classes 0 … SQUARE_CLASSES - 1. */
export const SQUARE_CLASSES = 10;
