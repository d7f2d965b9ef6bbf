/**
 * Writing files so that a full disk or a bad path is one FileError naming
 * the file, never a bare ENOSPC: whole files through a temporary name and a
 * rename (a failed write leaves no partial file where the output was
 * expected), appended files a flushed line or record at a time (what is
 * written stays whole).
 */
import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { FileError } from './errors.js';

const PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EEXIST: 'already exists',
  EFBIG: 'file too large',
  EPIPE: 'broken pipe',
  EIO: 'input/output error',
  ELOOP: 'a loop of symbolic links',
  ENAMETOOLONG: 'the path is too long',
  ENXIO: 'no reader or device at the other end',
};

/** What a failed file operation says, in words ("no space left on the device"). */
export function problemOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  return typeof code === 'string' ? (PROBLEMS[code] ?? code) : e instanceof Error ? e.message : String(e);
}

/** Runs a file operation; what goes wrong becomes a FileError naming `path`. */
export function onFile<T>(path: string, op: () => T): T {
  try {
    return op();
  } catch (e) {
    if (e instanceof FileError) throw e;
    throw new FileError(path, 0, problemOf(e));
  }
}

function writeAllSync(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
}

/**
 * Writes a whole file: to a temporary name beside it, flushed, then renamed
 * over `path`. A target that exists and is not a regular file (a device, a
 * pipe) is written in place: it cannot be replaced.
 */
export function writeWholeFile(path: string, data: Uint8Array | string): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let regular = true;
  try {
    regular = statSync(path).isFile();
  } catch {
    // absent: written through a temporary name
  }
  if (!regular) {
    onFile(path, () => {
      const fd = openSync(path, 'w');
      try {
        writeAllSync(fd, bytes);
      } finally {
        closeSync(fd);
      }
    });
    return;
  }
  const temp = `${path}.${process.pid}.tmp`;
  onFile(path, () => {
    let fd = -1;
    try {
      fd = openSync(temp, 'w');
      writeAllSync(fd, bytes);
      fsyncSync(fd);
      closeSync(fd);
      fd = -1;
      renameSync(temp, path);
    } catch (e) {
      if (fd >= 0) closeSync(fd);
      try {
        unlinkSync(temp);
      } catch {
        // never made
      }
      throw e;
    }
  });
}

/** Appends bytes to an open file and flushes them to disk; a failure names `path`. */
export function appendFlushed(fd: number, path: string, data: Uint8Array | string, position?: number): void {
  onFile(path, () => {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    if (position === undefined) writeAllSync(fd, bytes);
    else for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at, position + at);
    fsyncSync(fd);
  });
}
