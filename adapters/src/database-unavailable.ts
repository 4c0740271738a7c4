/**
 * Whether an error means "the database cannot be reached right now" (restarting, network cut,
 * pool exhausted, SQLite file locked too long) rather than a bug or bad input: the HTTP layer
 * answers those with 503 and Retry-After, since the same request will work again soon.
 */
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: connection exceptions (class 08), shutdown and startup (57P0x), too many connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  // PostgreSQL refusing a new connection: the database not accepting connections (ALLOW_CONNECTIONS
  // false, 55000), the role's or database's connection limit (53400), the database dropped (57P04)
  "55000",
  "53400",
  "57P04",
  // SQLite: another writer held the file past the busy timeout
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
]);

const NAMES = new Set(["ConnectionException", "KnexTimeoutError", "TimeoutError"]);

const MESSAGES =
  /connection terminated|terminating connection|connection is closed|connection error|timeout exceeded when trying to connect|Timeout acquiring a connection|the database system is (starting up|shutting down)|Cannot use a pool after calling end|Client was closed/i;

export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown; previous?: unknown };
  if (typeof e.code === "string" && CODES.has(e.code)) return true;
  if (typeof e.name === "string" && NAMES.has(e.name)) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.previous, depth + 1);
};

/**
 * SQLite's and PostgreSQL's codes for storage that cannot take a write: the disk is full, the
 * file or the database is read-only, an input/output error. Reads still work; a write will work
 * again once an operator frees space or lifts read-only, so these answer 503 with Retry-After too,
 * and are logged as errors (someone must act), not as warnings.
 */
const STORAGE_CODES = new Set([
  "SQLITE_FULL",
  "SQLITE_IOERR",
  "SQLITE_READONLY",
  // PostgreSQL: a read-only transaction (default_transaction_read_only, a hot standby), disk full,
  // an input/output error
  "25006",
  "53100",
  "58030",
]);

const STORAGE_MESSAGES = /database or disk is full|disk I\/O error|attempt to write a readonly database|in a read-only transaction|No space left on device|could not extend file/i;

export const isStorageFault = (error: unknown, depth = 0): boolean => {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; previous?: unknown };
  if (typeof e.code === "string" && STORAGE_CODES.has(e.code)) return true;
  if (typeof e.message === "string" && STORAGE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isStorageFault(inner, depth + 1))) return true;
  return isStorageFault(e.cause, depth + 1) || isStorageFault(e.previous, depth + 1);
};
