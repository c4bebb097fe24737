/**
 * When the disk says no: a full disk, a read-only data directory, an I/O error. SQLite and
 * the file system report these with codes (`SQLITE_FULL`, `ENOSPC`, `SQLITE_READONLY`,
 * `EROFS`, ...); here they become one of three kinds with a sentence an operator can act
 * on, so the CLI prints one line instead of a stack and a route answers a clear error
 * instead of a bare 500. Any other error is not a storage problem and is left alone.
 */

/** What kind of refusal: the disk is full, the directory cannot be written, the disk failed, or the database server cannot be reached. */
export type StorageProblemKind = 'full' | 'read-only' | 'io' | 'unavailable';

export interface StorageProblem {
  kind: StorageProblemKind;
  /** The code as reported (`SQLITE_FULL`, `ENOSPC`, ...), so a bug report can name it. */
  code: string;
  /** A sentence about the disk, e.g. "the disk is full (SQLITE_FULL)". */
  message: string;
}

/** Opening the data directory failed; the message names the directory and why. */
export class StorageError extends Error {
  constructor(message: string, readonly problem: StorageProblem | undefined) {
    super(message);
  }
}

const WORDS: Record<StorageProblemKind, string> = {
  full: 'the disk is full',
  'read-only': 'it is read-only or not writable by this user',
  io: 'the disk reported an I/O error',
  unavailable: 'the database server cannot be reached',
};

/** PostgreSQL's codes for a server going away or refusing connections (admin shutdown, crash, starting up, connection failures, too many clients). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** What `pg` says, without a code, when a connection breaks or none can be made in time. */
const UNAVAILABLE_WORDS = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/** The kind a code means, or undefined for codes that are not about the disk. */
function kindOf(code: string): StorageProblemKind | undefined {
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'SQLITE_CANTOPEN') return 'read-only';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return 'io';
  return undefined;
}

/** libsql reports a failed open as `ConnectionFailed("... local database X: 14")`, with SQLite's number only. */
const SQLITE_NUMBERS: Record<string, string> = { '8': 'SQLITE_READONLY', '10': 'SQLITE_IOERR', '13': 'SQLITE_FULL', '14': 'SQLITE_CANTOPEN' };

/** The storage problem `error` reports, or undefined when it is some other error. */
export function storageProblem(error: unknown): StorageProblem | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  let name = typeof code === 'string' ? code : '';
  if (name === '' && typeof message === 'string') {
    const number = /^ConnectionFailed\(".*: (\d+)"\)$/.exec(message)?.[1];
    name = (number && SQLITE_NUMBERS[number]) ?? '';
  }
  if (UNAVAILABLE_CODES.has(name) || (name === '' && typeof message === 'string' && UNAVAILABLE_WORDS.test(message))) {
    return { kind: 'unavailable', code: name || 'CONNECTION_LOST', message: `${WORDS.unavailable} (${name || 'CONNECTION_LOST'})` };
  }
  const kind = kindOf(name);
  return kind && { kind, code: name, message: `${WORDS[kind]} (${name})` };
}

/**
 * Runs `open` (creating, checking or migrating the database in `directory`) and turns a
 * storage problem into a StorageError that names the directory: "cannot write to the data
 * directory /x: the disk is full (SQLITE_FULL)". Other errors pass through unchanged.
 */
export function openingDataDirectory<T>(directory: string, open: () => T): T {
  const translate = (error: unknown): never => {
    const problem = storageProblem(error);
    if (problem) throw new StorageError(`cannot write to the data directory ${directory}: ${problem.message}`, problem);
    throw error;
  };
  try {
    const result = open();
    // An asynchronous `open` (loading a world) is translated when it settles.
    return (result instanceof Promise ? result.catch(translate) : result) as T;
  } catch (error) {
    return translate(error);
  }
}
