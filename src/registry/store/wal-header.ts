/**
 * Whether anyone has committed to a WAL-mode SQLite database since the last look, for the
 * price of one small file read. The wal-index header at the start of the database's `-shm`
 * file (https://www.sqlite.org/walformat.html, "The WAL-Index Header") changes with every
 * commit of every connection (its change counter, frame count and checksums) and with every
 * restart of the WAL (its salts). Reading its 48 bytes takes about a microsecond, where
 * `PRAGMA data_version` through libsql took 25 µs of each invocation in the delivery
 * benchmark: the read cache asks on the first read of every turn (read-cache.ts).
 *
 * It only ever says "unchanged" when the bytes are the very ones of the last look, so a
 * caller that reads the header before it asks SQLite (sqlite-database.ts) never misses a
 * commit: one that lands after the look changes the header the next look reads.
 *
 * The header's change counter (`iChange`, bytes 8-11) goes up by one with each commit that
 * wrote something, and with nothing else (a checkpoint or a restart of the WAL changes other
 * fields): a connection that knows how many commits it made since the last look can tell
 * that every change of the header was its own (`onlyOwnCommits`) without asking SQLite.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/** The first copy of the header: the one SQLite's writers update last, after the second. */
const HEADER_BYTES = 48;
/** The header's change counter: a 32-bit count at byte 8, in the machine's own byte order (the `-shm` file is shared memory). */
const changeCounter: (header: Buffer) => number = endianness() === 'LE' ? (header) => header.readUInt32LE(8) : (header) => header.readUInt32BE(8);

export class WalHeader {
  private readonly seen = Buffer.alloc(HEADER_BYTES);
  private readonly read = Buffer.alloc(HEADER_BYTES);
  /** The `-shm` file; null once it could not be opened or read (then every look says "changed"). */
  private descriptor: number | null | undefined;

  constructor(private readonly path: string) {}

  /** True when the header is byte for byte the last look's; false, remembering it, otherwise or when it cannot be read. */
  unchanged(): boolean {
    if (!this.look()) return false;
    if (this.read.equals(this.seen)) return true;
    this.read.copy(this.seen);
    return false;
  }

  /**
   * True when the header moved since the last look by exactly `commits` commits, so that
   * they were all the caller's own (no other connection committed in between): the header
   * is then taken as seen. False, leaving the last look as it was, when anything else
   * could have happened (or the header cannot be read): the caller asks SQLite.
   * `commits` must never count a commit that wrote nothing.
   */
  onlyOwnCommits(commits: number): boolean {
    if (!this.look() || changeCounter(this.read) !== ((changeCounter(this.seen) + commits) >>> 0)) return false;
    this.read.copy(this.seen);
    return true;
  }

  /** Reads the header into `read`; false when it cannot be read. */
  private look(): boolean {
    if (this.descriptor === undefined) this.descriptor = openOrNull(this.path);
    if (this.descriptor === null) return false;
    try {
      return readSync(this.descriptor, this.read, 0, HEADER_BYTES, 0) === HEADER_BYTES;
    } catch {
      this.close();
      return false;
    }
  }

  close(): void {
    if (typeof this.descriptor === 'number') closeSync(this.descriptor);
    this.descriptor = null;
  }
}

/** The file open for reading, or null (an in-memory shared index has no file: SQLite's exclusive locking mode). */
function openOrNull(path: string): number | null {
  try {
    return openSync(path, 'r');
  } catch {
    return null;
  }
}
