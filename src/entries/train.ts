/** revsolve/train: the training dataset's reader and its errors. */
export { type Dataset, DatasetError, readDataset } from '../train/dataset.js';
