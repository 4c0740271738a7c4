import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDepsOf, buildApp, openRuntime, type Runtime } from "@courts/adapters";
import { drainConnections } from "@courts/adapters/http/graceful-stop";
import { freshDatabase, runtimeConfig, type TestDatabase } from "./support/server.js";

/**
 * A server that began to stop (SIGTERM: drainConnections, before the app closes) answers /readyz
 * 503 STOPPING from that moment, while it still serves the requests in flight: a proxy's health
 * check on a connection still open sends the next player elsewhere, instead of reading 200 until
 * the last request in flight is answered.
 */
describe("/readyz while the server drains its connections [sqlite]", () => {
  let db: TestDatabase;
  let dir: string;
  let runtime: Runtime;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    dir = mkdtempSync(path.join(tmpdir(), "courts-readyz-stopping-"));
    runtime = await openRuntime(runtimeConfig(db.url, dir));
    app = await buildApp(appDepsOf(runtime, false));
    await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("when the drain has begun and a login's body is still arriving, then /readyz answers 503 STOPPING, /healthz 200, and the login is still answered", async () => {
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    const { port } = app.server.address() as net.AddressInfo;
    const body = JSON.stringify({ username: "nadie-aqui", password: "clave-cualquiera-1" });
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (data += chunk));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    // the server has read the head: the request is in flight
    await new Promise((resolve) => setTimeout(resolve, 200));

    const drained = drainConnections(app, 10_000, app.log);
    const readyz = await app.inject({ method: "GET", url: "/readyz" });
    expect({ status: readyz.statusCode, body: readyz.json() as unknown }).toEqual({
      status: 503,
      body: { message: "El servidor se está deteniendo", code: "STOPPING" },
    });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    socket.write(body.slice(5));
    await closed;
    expect(data).toMatch(/^HTTP\/1\.1 401 /);
    expect(data.toLowerCase()).toContain("connection: close");
    expect((await drained).cut).toBe(0);
  });
});
