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
