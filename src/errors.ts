/**
 * The error a bad input file gives: which file, the 1-based line where
 * there is one (0: the file as a whole, or a binary file), and what is
 * wrong. Every file reader of the library throws a subclass of it
 * (ObfError, WeightsFileError, DatasetError), so a caller can report any of
 * them in one line.
 */
export class FileError extends Error {
  constructor(readonly file: string, readonly line: number, readonly problem: string) {
    super(line > 0 ? `${file}:${line}: ${problem}` : `${file}: ${problem}`);
    this.name = new.target.name;
  }
}
