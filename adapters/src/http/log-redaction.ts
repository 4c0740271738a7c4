import { pino, type DestinationStream, type Logger } from "pino";

/**
 * Never in a log line: credentials, cookies, card data. These are pino `redact` paths, and what
 * `redactSecrets` below censors.
 */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.cardNumber",
  "*.cvc",
  "*.clientSecret",
  "*.sessionSecret",
];

export const CENSOR = "[redactado]";

/** the `*.x` paths: one level below any key of a log line */
const SECRET_FIELDS = ["password", "cardNumber", "cvc", "clientSecret", "sessionSecret"] as const;
/** the `req.headers.x` and `res.headers.x` paths */
const SECRET_HEADERS: Readonly<Record<string, readonly string[]>> = {
  req: ["authorization", "cookie", "stripe-signature"],
  res: ["set-cookie"],
};

/**
 * Addresses that carry a secret: a share link's token, the personal calendar feed's token, a
 * password reset's and an email verification's (the API's paths and the web's pages they lead
 * to). Whoever reads a log must not be able to pay into, read or take over what they open.
 */
const TOKEN_PATH =
  /^(\/api\/calendar\/|\/api\/shared-payment-links\/|\/api\/auth\/password-reset\/|\/api\/auth\/verify-email\/|\/shared-payment\/|\/restablecer\/|\/verificar\/)[^/?#]+/;
/** the same secrets in a query string, whatever the path */
const TOKEN_QUERY = /([?&](?:token|shareToken|feedToken)=)[^&#]*/g;

/** `url` with the tokens it carries replaced by the censor: what a log line says of a request's address. */
export const redactUrl = (url: string): string => {
  let out = TOKEN_PATH.test(url) ? url.replace(TOKEN_PATH, `$1${CENSOR}`) : url;
  if (out.includes("oken=")) out = out.replace(TOKEN_QUERY, `$1${CENSOR}`);
  return out;
};

const has = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** A copy of `value` (same prototype, every own property as it was) with `keys` set to the censor. */
const censored = <T extends object>(value: T, keys: readonly string[]): T => {
  const descriptors: Record<string, PropertyDescriptor> = Object.getOwnPropertyDescriptors(value);
  for (const key of keys) {
    const descriptor = descriptors[key];
    if (descriptor) descriptors[key] = { value: CENSOR, writable: true, enumerable: descriptor.enumerable ?? true, configurable: true };
  }
  return Object.create(Object.getPrototypeOf(value) as object | null, descriptors) as T;
};

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * What pino's `redact` with REDACT_PATHS does to a log line's object, without its cost: pino's
 * redactor ran for every key of every line (the `*` paths match any key), parsed every path again
 * and cloned on each call, 13 KB of garbage per line (`npm run bench`). Here a line is only
 * looked at, one level deep, and copied only where a secret is found: the caller's objects are
 * never changed. Used as pino's `formatters.log` and `formatters.bindings`.
 */
export const redactSecrets = (line: Record<string, unknown>): Record<string, unknown> => {
  let out = line;
  for (const key in line) {
    const value = line[key];
    if (key === "url" && typeof value === "string") {
      const url = redactUrl(value);
      if (url !== value) {
        if (out === line) out = { ...line };
        out[key] = url;
      }
      continue;
    }
    if (!isObject(value)) continue;
    let replaced = value;
    const secrets = SECRET_FIELDS.filter((field) => has(value, field));
    if (secrets.length > 0) replaced = censored(value, secrets);
    const headerNames = SECRET_HEADERS[key];
    const headers = headerNames && (replaced as { headers?: unknown }).headers;
    if (headerNames && isObject(headers)) {
      const found = headerNames.filter((name) => has(headers, name));
      if (found.length > 0) {
        const copy = replaced === value ? censored(value, []) : replaced;
        Object.defineProperty(copy, "headers", { value: censored(headers, found), writable: true, enumerable: true, configurable: true });
        replaced = copy;
      }
    }
    // a request as pino's serializer writes it: { method, url, ... }
    const url = (replaced as { url?: unknown }).url;
    if (typeof url === "string") {
      const safe = redactUrl(url);
      if (safe !== url) {
        const copy = replaced === value ? censored(value, []) : replaced;
        Object.defineProperty(copy, "url", { value: safe, writable: true, enumerable: true, configurable: true });
        replaced = copy;
      }
    }
    if (replaced !== value) {
      if (out === line) out = { ...line };
      out[key] = replaced;
    }
  }
  return out;
};

/** pino options: JSON lines at `level`, secrets redacted in each line (child bindings: serverLogger). */
export const loggerOptions = (level: string) => ({
  level,
  formatters: { log: redactSecrets, bindings: redactSecrets },
});

/** Standard output's log lines are written in batches of at least this many bytes... */
const LOG_BATCH_BYTES = 4096;
/** ...or after this long, whichever comes first (and at once when the process exits). */
const LOG_FLUSH_MS = 500;

/**
 * sonic-boom (pino.destination) in buffer mode, taking the lines pino writes as text. In its text
 * mode, each line is appended to the batch's string and the whole batch is measured again
 * (Buffer.byteLength of up to 16 KiB, copied flat first): about a tenth of the main thread on a
 * small read (`npm run bench`). In buffer mode the batch is a list of buffers and their lengths,
 * joined once when written. Its own EPIPE handling still replaces `write` (pino's tools.js).
 */
const linesAsBytes = (boom: ReturnType<typeof pino.destination>) => {
  const writeBytes = boom.write;
  boom.write = function (this: typeof boom, line: string | Buffer) {
    return Reflect.apply(writeBytes, this, [typeof line === "string" ? Buffer.from(line) : line]) as boolean;
  };
  return boom;
};

/**
 * The server's logger: pino with loggerOptions, whose child loggers (Fastify makes one per request,
 * bound to its id) have their bindings redacted too; pino applies `formatters.bindings` to the
 * root's bindings only.
 *
 * Without a `stream`, lines go to standard output in batches of LOG_BATCH_BYTES, written by the
 * main thread itself (sonic-boom's sync mode, one write call per batch): one write per line was a
 * file write in the thread pool and its completion on the main thread for every request, about a
 * twentieth of the main thread's time on a small read (`npm run bench`). In asynchronous mode a
 * write was under way in the thread pool most of the time, and `process.exit` lost it: the lines
 * of the batch being written were gone (tests/http/log-batching.test.ts). A line waits at most
 * LOG_FLUSH_MS; what is left is written when the process exits, and `flushLog` writes it at once.
 */
export const serverLogger = (level: string, stream?: DestinationStream): Logger => {
  const destination =
    stream ?? linesAsBytes(pino.destination({ dest: 1, sync: true, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS, contentMode: "buffer" }));
  const root = pino(loggerOptions(level), destination);
  // pino flushes its asynchronous destinations at exit, not the synchronous ones
  if (stream === undefined) process.once("exit", () => flushLog(root));
  (root as unknown as Record<symbol, unknown>)[REQUEST_LINES] = requestLines(root, destination);
  const child = root.child;
  // children are made with Object.create(parent): each of them, at any depth, finds this one
  root.child = function (this: Logger, bindings: Record<string, unknown>, options?: object): unknown {
    return Reflect.apply(child, this, [redactSecrets(bindings), options]);
  } as unknown as typeof child;
  return root;
};

const REQUEST_LINES = Symbol("requestLines");
const INFO = 30;

/** Writes the line of a request answered without an error (build-app.ts, RequestLog, once it checked that its logger writes `info`). */
export type RequestLineWriter = (reqId: string, method: string, url: string, statusCode: number, responseTime: number) => void;

/**
 * The line `root.child({ reqId }).info({ method, url, statusCode, responseTime }, "request
 * completed")` writes, character for character (tests/http/log-redaction.test.ts holds it to pino's
 * own), built as one string. pino's generic path (a child logger, its bindings, each value's type
 * looked at, the formatters) cost about a sixth of a small read's throughput (`npm run bench` at
 * LOG_LEVEL info against warn); none of these values can hold a secret that REDACT_PATHS names, and
 * the address is written as redactUrl leaves it, as redactSecrets does for any line's `url`.
 */
const requestLines = (root: Logger, destination: DestinationStream): RequestLineWriter => {
  const bindings = (root as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym] as string;
  return (reqId, method, url, statusCode, responseTime) => {
    destination.write(
      `{"level":${INFO},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(redactUrl(url))},` +
        `"statusCode":${statusCode},"responseTime":${Number.isFinite(responseTime) ? responseTime : null},"msg":"request completed"}\n`,
    );
  };
};

/** serverLogger's request line writer, for a logger that serverLogger made; undefined for any other. */
export const requestLineWriterOf = (logger: unknown): RequestLineWriter | undefined =>
  typeof logger === "object" && logger !== null ? ((logger as Record<symbol, unknown>)[REQUEST_LINES] as RequestLineWriter | undefined) : undefined;

/** Writes out the lines `logger` still holds (serverLogger's batches), before anything else goes to standard output. */
export const flushLog = (logger: Logger): void => {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as { flushSync?: () => void } | undefined;
  try {
    stream?.flushSync?.();
  } catch {
    // not open yet (the file descriptor is opened asynchronously): pino writes the lines when it is;
    // or closed (standard output gone at exit): nothing more can be written
  }
};
