import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "@courts/core";
import { argon2Hasher, cryptoIds, openDatabase, runUseCase, systemClock } from "@courts/adapters";
import { startServer, type ServerProcess } from "../bench/server-process.js";
import { Client } from "./support/client.js";
import { productionEnv } from "../support/server-env.js";

/**
 * The login limits hold across real server processes: two `node adapters/src/main.ts`
 * processes on one database file count every failure together (the counters are rows of the
 * database, not memory of a process).
 */
describe("login limits across two server processes on one database [sqlite]", () => {
  let dir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "courts-limits-"));
    const url = `sqlite:${path.join(dir, "courts.sqlite")}`;
    // migrated, with its admin, once before the processes start (README, Scale-out)
    const setup = await openDatabase(url);
    await setup.migrate();
    const ports = { users: setup.repositories.users, passwords: argon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }), ids: cryptoIds, clock: systemClock("America/Guayaquil") };
    await runUseCase(createAdmin(ports, { username: "jefa", email: "jefa@club.ec", password: "clave-de-la-jefa-1" }));
    await setup.close();
    // one trusted hop: a test names its client's address in X-Forwarded-For (none: the socket's)
    const env = productionEnv(url, dir, { LOGIN_RATE_LIMIT: "5", LOGIN_IP_RATE_LIMIT: "20", LOGIN_ACCOUNT_RATE_LIMIT: "10", TRUST_PROXY: "1" });
    const started = await Promise.allSettled([0, 1].map(() => startServer({ entry: "source", env, readyTimeoutMs: 150_000 })));
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  const login = (i: number, username: string, address?: string) =>
    new Client(servers[i % 2]!.url).post("/api/auth/login", { username, password: "clave-equivocada" }, address === undefined ? {} : { headers: { "x-forwarded-for": address } });

  it("when one user name fails on both processes in turn, then the 6th failure is refused on either", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(i, "laura")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("when 40 user names are tried from one address across both processes, then 429 comes after 20 failures in all", async () => {
    // the 5 failures above count for this address too
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await login(i, `spray${i}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(15);
    expect(statuses.slice(15)).toEqual(Array(25).fill(429));
  });

  it("when 150 wrong logins for one user name arrive at once on both processes, then 5 passwords are checked (401) and 145 are refused before any check", async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => login(i, "marta", "198.51.100.30")));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(145);
  });

  it("when one account is guessed from 12 addresses on both processes, then the 11th guess is refused on either", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(i, "rosa", `198.51.100.${40 + i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });
});
