import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../bench/server-process.js";
import { productionEnv } from "../support/server-env.js";
import { freshDatabase, type TestDatabase } from "./support/server.js";

/**
 * SIGTERM stops a real server process gracefully (DESIGN.md section 19): every request in flight
 * when the signal arrives gets its answer (a login whose body is still arriving too), none a
 * reset; a kept-alive connection sitting idle is closed; the process exits 0 well within
 * SHUTDOWN_GRACE_SECONDS. On SQLite: the stop is the HTTP server's, the same on both engines; two
 * processes on PostgreSQL behind nginx are stopped so in tests/http/nginx-processes.test.ts.
 */

interface Exchange {
  /** the status line's code, or the socket error's code ("ECONNRESET") */
  readonly outcome: string;
}

/** One request on its own connection, written in two parts: `first` now, the rest when `rest()` is called. */
const splitRequest = (port: number, request: string, cut: number) => {
  const socket = net.connect(port, "127.0.0.1");
  let data = "";
  let failed: string | undefined;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (data += chunk));
  const done = new Promise<Exchange>((resolve) => {
    socket.on("error", (error: NodeJS.ErrnoException) => (failed = error.code ?? error.message));
    socket.on("close", () => resolve({ outcome: failed ?? (/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? "closed without an answer") }));
  });
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  void connected.then(() => socket.write(request.slice(0, cut)));
  return {
    connected,
    rest: async () => {
      await connected;
      socket.write(request.slice(cut));
    },
    done,
  };
};

const loginRequest = (i: number) => {
  const body = JSON.stringify({ username: `jugador${i}`, password: "clave-equivocada-123" });
  return `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};
const readRequest = (pathname: string) => `GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`;

const tally = (outcomes: readonly string[]) => outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});

{
  const engine = { name: "sqlite" as const };
  describe(`a server process stopped with SIGTERM [${engine.name}]`, () => {
    let dir: string | undefined;
    let db: TestDatabase | undefined;
    let server: ServerProcess | undefined;
    afterEach(async () => {
      await server?.stop(1_000);
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("when SIGTERM arrives with 200 requests in flight (30 logins whose bodies are still arriving), then each gets its answer, none a reset, an idle kept-alive connection is closed and the process exits 0", async () => {
      dir = mkdtempSync(path.join(tmpdir(), "courts-stop-"));
      db = await freshDatabase(engine.name);
      server = await startServer({
        entry: "source",
        env: productionEnv(db.url, dir, { SHUTDOWN_GRACE_SECONDS: "10", LOGIN_RATE_LIMIT: "1000", LOGIN_IP_RATE_LIMIT: "1000", LOGIN_ACCOUNT_RATE_LIMIT: "1000" }),
        readyPath: "/readyz",
        readyTimeoutMs: 120_000,
      });
      const port = server.port;

      // a connection kept alive after one answer, idle when the signal comes
      const idle = net.connect(port, "127.0.0.1");
      const idleClosed = new Promise<string>((resolve) => {
        let answer = "";
        idle.setEncoding("latin1").on("data", (chunk: string) => (answer += chunk));
        idle.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
        idle.on("close", () => resolve(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? "no answer"));
      });
      idle.write(readRequest("/healthz"));

      // 30 logins stop in the middle of their bodies, 170 reads in the middle of their headers
      const logins = Array.from({ length: 30 }, (_, i) => {
        const request = loginRequest(i);
        return splitRequest(port, request, request.length - 20);
      });
      const reads = Array.from({ length: 170 }, (_, i) => splitRequest(port, readRequest(i % 2 === 0 ? "/api/venues" : "/api/config"), 20));
      await Promise.all([...logins, ...reads].map((r) => r.connected));
      // every part sent so far has reached the server before the signal
      await new Promise((resolve) => setTimeout(resolve, 300));

      const signalled = performance.now();
      server.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const r of [...logins, ...reads]) void r.rest();

      const [loginOutcomes, readOutcomes] = await Promise.all([Promise.all(logins.map((l) => l.done)), Promise.all(reads.map((r) => r.done))]);
      const code = await server.exited;
      const stoppedMs = performance.now() - signalled;

      expect(tally(loginOutcomes.map((o) => o.outcome))).toEqual({ "401": 30 });
      expect(tally(readOutcomes.map((o) => o.outcome))).toEqual({ "200": 170 });
      expect(await idleClosed).toBe("200");
      expect(code, server.output()).toBe(0);
      // the idle connection did not hold the stop until the grace ran out
      expect(stoppedMs).toBeLessThan(8_000);
      expect(server.output()).not.toContain("tiempo de gracia");
    }, 150_000);
  });
}
