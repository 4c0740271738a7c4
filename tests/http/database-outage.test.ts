import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DATABASE_URL } from "../sql/support/postgres.js";
import { freePort } from "../support/free-port.js";
import { waitFor } from "../support/wait-for.js";
import { Client } from "./support/client.js";
import { demoCourts, freshSlot, newPlayer } from "./support/fixtures.js";
import { startServer, type TestServer } from "./support/server.js";

/**
 * A TCP relay between the server and PostgreSQL. Cutting it is what a database restart or a
 * network failure looks like to the server (refused connections, dropped sockets), without
 * stopping the PostgreSQL server that other suites share.
 */
class Relay {
  private listener: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  open(): Promise<void> {
    if (this.listener?.listening) return Promise.resolve();
    this.listener = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    const listener = this.listener;
    return new Promise((resolve, reject) => {
      listener.once("error", reject);
      listener.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  async cut(): Promise<void> {
    const listener = this.listener;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}

const UNAVAILABLE = {
  code: "SERVICE_UNAVAILABLE",
  message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
};

describe.skipIf(TEST_DATABASE_URL === undefined)("when PostgreSQL cannot be reached [postgresql]", () => {
  let db: { url: string; drop(): Promise<void> };
  let relay: Relay;
  let server: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    const real = new URL(db.url);
    relay = new Relay(await freePort(), { host: real.hostname, port: Number(real.port || 5432) });
    await relay.open();
    const viaRelay = new URL(db.url);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    server = await startServer(viaRelay.toString());
  });
  afterAll(async () => {
    await relay.open();
    await server.close();
    await relay.cut();
    await db.drop();
  });

  /** Asks again until the server answers other than 503 (the pool reconnects on demand). */
  const once = <T extends { status: number }>(attempt: () => Promise<T>): Promise<T> =>
    waitFor(async () => {
      const answer = await attempt();
      return answer.status === 503 ? undefined : answer;
    }, { timeout: 10_000, interval: 100, message: "the server still answered 503 with the database back" });

  it("when the database goes away, then public reads, logins and bookings answer 503 with Retry-After and a Spanish message; afterwards all works again", async () => {
    const { courts } = await demoCourts(server);
    const player = await newPlayer(server);
    const guest = new Client(server.baseUrl);

    await relay.cut();
    const calls: Array<() => Promise<{ status: number; headers: Headers; body: unknown }>> = [
      () => guest.get("/api/venues"),
      () => guest.get(`/api/courts/${courts[0]!.id}`),
      () => guest.get(`/api/courts/${courts[0]!.id}/bookings?date=2030-01-01`),
      () => guest.post("/api/auth/login", { username: "alguien", password: "clave-cualquiera" }),
      () => player.client.get("/api/user/bookings"),
      () => player.client.post("/api/bookings", freshSlot(courts)),
    ];
    for (const call of calls) {
      const answer = await call();
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(answer.body).toEqual(UNAVAILABLE);
    }

    await relay.open();
    expect((await once(() => guest.get("/api/venues"))).status).toBe(200);
    expect((await once(() => player.client.get("/api/user/bookings"))).status).toBe(200);
    const slot = freshSlot(courts);
    const written = await once(() => player.client.post<{ id: string }>("/api/bookings", slot));
    expect(written.status).toBe(201);
    // the player never saw that answer (the connection dropped) and tries again
    const retried = await player.client.post("/api/bookings", slot);
    expect(retried.status).toBe(409);
    expect(retried.body).toMatchObject({ code: "ALREADY_BOOKED", bookingId: written.body.id });
  });
});
