/**
 * Writing files so that a full disk or a bad path is one FileError naming
 * the file, never a bare ENOSPC: whole files through a temporary name and a
 * rename (a failed write leaves no partial file where the output was
 * expected), appended files a flushed line or record at a time (what is
 * written stays whole).
 */
import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { textArgument } from './arguments.js';
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

/** What a path to read is: a regular file, a directory, a named pipe, or a device (a character or block device, a socket). */
export type InputKind = 'file' | 'directory' | 'pipe' | 'device';

/**
 * The one check of every input a command reads: what `path` is (links
 * followed). A device is never read: /dev/zero or /dev/urandom would be read
 * for ever, and no signal would be heard meanwhile. A path that cannot be
 * looked at is a FileError naming it.
 */
export function inputKind(path: string): InputKind {
  textArgument(path, 'path', "a file's path");
  const st = onFile(path, () => statSync(path));
  if (st.isDirectory()) return 'directory';
  if (st.isFIFO()) return 'pipe';
  return st.isFile() ? 'file' : 'device';
}

/** What each kind that is not a regular file says when it is refused. */
export const NOT_A_FILE: Readonly<Record<Exclude<InputKind, 'file'>, string>> = {
  directory: 'is a directory',
  pipe: 'is a pipe (FIFO), not a regular file: give a file',
  device: 'is a device, not a regular file: give a file',
};

/**
 * Reads a whole input file, refusing first what is not a regular file: a
 * pipe would block this thread until a writer came (and no signal could be
 * heard meanwhile), a directory or a device is no input. Errors are
 * FileErrors naming `path`.
 */
export function readRegularFile(path: string): Buffer {
  const kind = inputKind(path);
  if (kind !== 'file') throw new FileError(path, 0, NOT_A_FILE[kind]);
  return onFile(path, () => readFileSync(path));
}

/** Whether process `pid` is alive on this machine (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When process `pid` started, in clock ticks since boot (/proc/PID/stat's 22nd field), or null where there is no /proc. */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name, in parentheses, may hold spaces: the fields are counted after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether process `pid`'s command line names revsolve (null: it cannot be read here). */
function isRevsolve(pid: number): boolean | null {
  try {
    return /revsolve|cli\/main\.js/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Whether the lock's holder ("PID START", or "PID" as older locks were
 * written) still runs: its PID alive, and the same process, not another
 * that was given the PID since. The start time says so where the lock
 * holds it; else the command line must name revsolve.
 */
function holderRuns(text: string): number | null {
  const [pidText, start] = text.trim().split(/\s+/);
  const pid = Number.parseInt(pidText, 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  const same = start ? (startOf(pid) ?? start) === start : isRevsolve(pid) !== false;
  return same ? pid : null;
}

/**
 * Takes `path`.lock for this process: made whole (written to a name of its
 * own, then linked into place, which fails when it exists), holding the
 * PID and when the process started. A lock whose process is gone, or whose
 * PID now names another process, is taken over; one whose process runs is
 * a FileError naming that process. Returns the lock's release.
 */
function takeLock(path: string): () => void {
  const lock = `${path}.lock`;
  const mine = `${lock}.${process.pid}`;
  // A folder that is not there, or not writable, is the file's problem: the user named the file, not its lock.
  onFile(path, () => writeFileSync(mine, `${process.pid} ${startOf(process.pid) ?? ''}\n`));
  try {
    for (let tries = 0; ; tries++) {
      try {
        linkSync(mine, lock);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new FileError(path, 0, `its lock ${lock}: ${problemOf(e)}`);
      }
      let holder: number | null = null;
      try {
        holder = holderRuns(readFileSync(lock, 'utf8'));
      } catch {
        // gone meanwhile: try again
      }
      if (holder !== null)
        throw new FileError(
          path,
          0,
          `in use by revsolve process ${holder} (its lock ${lock}): wait for it to end, or stop it; if no revsolve writes there, remove the lock`,
        );
      if (tries >= 3) throw new FileError(path, 0, `its lock ${lock} could not be taken: remove it if no revsolve writes there`);
      try {
        unlinkSync(lock); // a lock left by a process that is gone
      } catch {
        // taken away by another: try again
      }
    }
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      // never made
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (Number.parseInt(readFileSync(lock, 'utf8'), 10) === process.pid) unlinkSync(lock);
    } catch {
      // gone already
    }
  };
  process.on('exit', release);
  return release;
}

/**
 * Refuses what cannot be a file of appended records: a directory, a pipe, a
 * device (none can be flushed to disk or read back by a resume; a pipe
 * would also block until a reader comes). An absent path is fine.
 */
export function checkAppendTarget(path: string): void {
  let kind = '';
  try {
    const st = statSync(path);
    if (st.isDirectory()) kind = 'is a directory';
    else if (st.isFIFO()) kind = 'is a pipe (FIFO), not a regular file: records are flushed to disk and read back by --resume: give a file';
    else if (!st.isFile()) kind = 'is a device, not a regular file: records are flushed to disk and read back by --resume: give a file';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new FileError(path, 0, problemOf(e));
  }
  if (kind) throw new FileError(path, 0, kind);
}

/**
 * A file that a long run appends records to (a results file): refused
 * unless it is a regular file or absent (a pipe or a device cannot be
 * flushed or resumed); locked for this process (a second run on it is one
 * FileError naming the first); opened with O_APPEND, so that every record
 * lands at the end, whole. Nothing is emptied until empty() says so: a run
 * refused after opening leaves the file as it was.
 */
export class AppendFile {
  readonly fd: number;
  private readonly release: () => void;

  constructor(readonly path: string) {
    checkAppendTarget(path);
    this.release = takeLock(path);
    try {
      this.fd = onFile(path, () => openSync(path, 'a+'));
    } catch (e) {
      this.release();
      throw e;
    }
  }

  /** Empties the file (the lock is held: no other run writes there). */
  empty(): void {
    onFile(this.path, () => ftruncateSync(this.fd, 0));
  }

  /** Appends whole lines, flushed to disk. */
  append(text: string): void {
    appendFlushed(this.fd, this.path, text);
  }

  close(): void {
    try {
      closeSync(this.fd);
    } finally {
      this.release();
    }
  }
}
