import { Server as NetServer, type Socket } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/** How often connections whose answers went out are looked for and closed while stopping. */
const IDLE_CHECK_MS = 100;

/** The servers a drain began on: their /readyz answers 503 STOPPING from the signal on, not from the app's close. */
const draining = new WeakSet<object>();

/** Whether `server` has begun to stop (drainConnections was called on it). */
export const isDraining = (server: object): boolean => draining.has(server);

export interface DrainOutcome {
  /** connections still open at the end of the grace, closed with whatever they were doing */
  readonly cut: number;
  readonly ms: number;
}

/**
 * Stops the HTTP server without resetting a request (DESIGN.md section 19): no new connection is
 * accepted, every request already on a connection is served (one whose body is still arriving
 * too), each answer from now on says `Connection: close`, and a kept-alive connection is closed as
 * soon as it is idle. Resolves once every connection is gone, or when `graceMs` ran out: the ones
 * left are then cut. The caller closes the app (and the database) afterwards.
 */
export const drainConnections = async (app: FastifyInstance, graceMs: number, log: FastifyBaseLogger): Promise<DrainOutcome> => {
  const server = app.server;
  const started = performance.now();
  // the proxy asking /readyz on a connection still open is sent elsewhere at once
  draining.add(server);
  // every answer from now on closes its connection, a request still in progress included
  const closeAfter = (_request: IncomingMessage, response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("connection", "close");
  };
  server.prependListener("request", closeAfter);
  for (const response of inFlight(server)) closeAfter(undefined as unknown as IncomingMessage, response);

  const allClosed = new Promise<void>((resolve) => server.once("close", () => resolve()));
  // A connection the kernel took but the event loop has not accepted yet would be reset when the
  // listening socket closes: one more turn of the loop accepts what is waiting, then it closes.
  // net's close, not http's: http's also closes every connection between two requests at once,
  // a new one whose request has not been read yet among them.
  await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  if (server.listening) NetServer.prototype.close.call(server);

  const reap = idleReaper(server);
  const idle = setInterval(reap, IDLE_CHECK_MS);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"grace">((resolve) => {
    timer = setTimeout(() => resolve("grace"), graceMs);
  });
  try {
    const first = await Promise.race([allClosed.then(() => "closed" as const), graceOver]);
    if (first === "closed") return { cut: 0, ms: Math.round(performance.now() - started) };
    const cut = await openConnections(server);
    log.warn({ cut, graceMs }, "cierre: se acabó el tiempo de gracia (SHUTDOWN_GRACE_SECONDS); se cortan las conexiones que quedan");
    server.closeAllConnections();
    return { cut, ms: Math.round(performance.now() - started) };
  } finally {
    clearInterval(idle);
    clearTimeout(timer);
    server.off("request", closeAfter);
  }
};

interface Parser {
  readonly socket?: (Socket & { _httpMessage?: ServerResponse | null }) | null;
}

/** Node's list of this server's connections (kept under a symbol of its own); undefined on a Node without it. */
const connectionsOf = (server: FastifyInstance["server"]): { all(): Parser[]; idle(): Parser[] } | undefined => {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === "http.server.connections");
  const list = key === undefined ? undefined : ((server as unknown as Record<symbol, unknown>)[key] as { all?: unknown; idle?: unknown } | undefined);
  return typeof list?.all === "function" && typeof list.idle === "function" ? (list as { all(): Parser[]; idle(): Parser[] }) : undefined;
};

/** The answers this server is about to write: one per connection with a request in progress (its body still arriving included). */
const inFlight = (server: FastifyInstance["server"]): ServerResponse[] => {
  const responses: ServerResponse[] = [];
  for (const parser of connectionsOf(server)?.all() ?? []) {
    const response = parser.socket?._httpMessage;
    if (response !== undefined && response !== null && !response.headersSent) responses.push(response);
  }
  return responses;
};

/** A connection that has sent nothing yet is given this long to send its request (a browser's preconnect sends none). */
const SILENT_CONNECTION_MS = 1_000;

/**
 * Closes the connections between two requests. Unlike Node's closeIdleConnections, a connection
 * that has sent nothing yet is left alone for a moment: its request may be in the socket's buffer,
 * not read yet, and closing it then would reset it.
 */
const idleReaper = (server: FastifyInstance["server"]) => {
  const list = connectionsOf(server);
  if (list === undefined) return () => server.closeIdleConnections();
  const firstSeen = new WeakMap<Socket, number>();
  return () => {
    const now = performance.now();
    for (const parser of list.idle()) {
      const socket = parser.socket;
      if (!socket || (socket._httpMessage && !socket._httpMessage.writableFinished)) continue;
      if (socket.bytesRead === 0) {
        const seen = firstSeen.get(socket);
        if (seen === undefined) firstSeen.set(socket, now);
        if (seen === undefined || now - seen < SILENT_CONNECTION_MS) continue;
      }
      socket.destroy();
    }
  };
};

const openConnections = (server: FastifyInstance["server"]): Promise<number> =>
  new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
