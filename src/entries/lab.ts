/** revsolve/lab: the search lab (fixed-depth searches, algorithm and ordering chosen piece by piece) and the ordering study's names. */
export {
  iterationDepths,
  LAB_ALGORITHMS,
  type LabAlgorithm,
  type LabResult,
  LabSearch,
  type LabSettings,
  MAX_KILLERS,
  MAX_LAB_DEPTH,
} from '../lab/lab.js';
export { ORDERING_TECHNIQUES } from '../search/ordering.js';
export { ROOT_STRATEGIES, type RootStrategy } from '../search/root-strategies.js';
export { WASM_MAX_BITS } from '../wasm/layout.js';
