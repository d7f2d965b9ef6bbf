/** revsolve/eval: evaluation weights, read, evaluated, compressed and written (Edax's eval.dat or the compact file). */

export {
  averageBands,
  averageWeights,
  type CompressStep,
  codebookWeights,
  compress,
  compressSteps,
  histogram,
  stepName,
  syntheticWeights,
  usageCounts,
} from '../eval/compress.js';
export { N_PACKED } from '../eval/features.js';
export {
  EDAX_BYTES,
  type LoadedWeights,
  loadEvaluator,
  parseWeights,
  readWeights,
  readWeightsBytes,
  searchEvaluator,
  type WeightsBytes,
  WeightsFileError,
  weightsValuesSha256,
  writeCompact,
  writeEdax,
} from '../eval/files.js';
export { Evaluator, expandBands, NibbleEvaluator, Weights } from '../eval/weights.js';
export {
  type ErrorStats,
  errorStats,
  errorsByEmpties,
  evalErrors,
  pairedDifference,
  type Truth,
  tQuantile975,
} from '../train/eval-error.js';
