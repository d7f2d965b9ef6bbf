/** revsolve/eval: evaluation weights, read, evaluated, compressed and written (Edax's eval.dat or the compact file). */
export {
  EDAX_BYTES, type LoadedWeights, type WeightsBytes, WeightsFileError, loadEvaluator, parseWeights, readWeights, readWeightsBytes, searchEvaluator, writeCompact, writeEdax,
} from '../eval/files.js';
export { Evaluator, NibbleEvaluator, Weights, expandBands } from '../eval/weights.js';
export { averageBands, averageWeights, codebookWeights, compress, histogram, syntheticWeights, usageCounts } from '../eval/compress.js';
export { N_PACKED } from '../eval/features.js';
