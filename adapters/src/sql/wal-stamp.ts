import { closeSync, openSync, readSync } from "node:fs";

/** The two copies of the WAL-index header, 48 bytes each, at the start of the `-shm` file. */
const HEADER_BYTES = 48;
/** WalIndexHdr.isInit: 1 once the header holds a valid snapshot. */
const IS_INIT_OFFSET = 12;

export interface WalStamp {
  /** the current stamp, or null when it cannot be read exactly right now (then do not trust a cache) */
  read(): string | null;
  close(): void;
}

/**
 * What a SQLite database in WAL mode has committed, read without a statement: the WAL-index
 * header in the `-shm` file (https://www.sqlite.org/walformat.html, "The WAL-Index Header").
 * Every commit, by any connection of any process, rewrites it: `iChange` counts transactions, and
 * `mxFrame`, the salts and checksums move with every frame appended or WAL reset. A connection
 * begins each read from this header, and a COMMIT returns only after it was written, so equal
 * headers read at two moments mean that no commit completed in between. A checkpoint may rewrite
 * it too: that only makes a cache rebuild for nothing.
 *
 * SQLite writes the second copy first and then the first; reading the first before the second,
 * equal copies mean that no writer was halfway through (SQLite's own readers check the same).
 * One pread of 96 bytes: a few microseconds, against a statement's round trip through the
 * driver's thread pool.
 *
 * `databasePath` must be the database file's real path (symbolic links resolved, as SQLite does),
 * and the database must be in WAL mode with shared memory (not `locking_mode = exclusive`).
 */
export const walStamp = (databasePath: string): WalStamp => {
  const file = `${databasePath}-shm`;
  const buffer = Buffer.alloc(2 * HEADER_BYTES);
  let fd: number | null = null;
  return {
    read() {
      try {
        fd ??= openSync(file, "r");
        if (readSync(fd, buffer, 0, buffer.length, 0) !== buffer.length) return null;
      } catch {
        return null;
      }
      if (buffer[IS_INIT_OFFSET] !== 1) return null;
      if (buffer.compare(buffer, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return null;
      return buffer.toString("latin1", 0, HEADER_BYTES);
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
};
