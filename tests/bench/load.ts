import { createRequire } from "node:module";
import autocannon from "autocannon";

/**
 * autocannon keeps every answer's body as a string (`body += chunk`, decoding each chunk as UTF-8)
 * for checks this bench does not ask for (`expectBody`, `verifyBody`, `onResponse`). For the month
 * calendar, 56 KB of brotli per answer, that decoding held the load generator at one full core
 * with the server at a fifth of one (1,610 req/s, 27 November): the bench measured its own client.
 * Bodies are still read off the socket, parsed and counted; only the string is no longer built.
 */
const pipelined = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
  prototype: { addBody?: (data: Buffer) => void };
};
if (typeof pipelined.prototype.addBody !== "function") throw new Error("autocannon changed: PipelinedRequestsQueue#addBody is gone");
pipelined.prototype.addBody = () => undefined;

/** One request of a load run: built fresh for every request, so each may differ. */
export interface BenchRequest {
  readonly method?: "GET" | "POST";
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly seconds: number;
  readonly next: () => BenchRequest;
  /** expected status of every answer (default: any 2xx) */
  readonly status?: number;
}

export interface LoadResult {
  /** mean requests per second */
  readonly rps: number;
  /** latency percentiles, ms */
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  /** answers that were not the expected status, connection errors and timeouts */
  readonly unexpected: number;
  readonly statuses: Readonly<Record<string, number>>;
}

/** autocannon against `url` for `seconds`, every request made by `next()`. */
export const load = async (options: LoadOptions): Promise<LoadResult> => {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          const next = options.next();
          return {
            ...request,
            method: next.method ?? "GET",
            path: next.path,
            headers: { ...(next.body === undefined ? {} : { "content-type": "application/json" }), ...next.headers },
            ...(next.body === undefined ? {} : { body: next.body }),
          };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const expected = options.status === undefined ? result["2xx"] : (statuses[String(options.status)] ?? 0);
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    unexpected: answered - expected + result.errors,
    statuses,
  };
};
