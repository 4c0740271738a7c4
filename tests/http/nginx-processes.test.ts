import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../bench/server-process.js";
import { freePort } from "../support/free-port.js";
import { productionEnv } from "../support/server-env.js";
import { createTestDatabase, TEST_DATABASE_URL } from "../sql/support/postgres.js";
import { Client } from "./support/client.js";
import { waitFor } from "../support/wait-for.js";
import { dayFromToday } from "./support/fixtures.js";

/**
 * docs/OPERATIONS.md's site, tested (DESIGN.md section 19): Debian's nginx in front of two server
 * processes on one PostgreSQL database (TRUST_PROXY=1), players booking and paying through it
 * with the simulated card provider, and one process stopped with SIGTERM in the middle of the
 * load: no answer is a 5xx, and every booking and payment a player was told about is in the
 * database. nginx runs as a user's instance: its own prefix and configuration in a temporary
 * folder, on a free port. PostgreSQL suites are skipped without TEST_DATABASE_URL (said once by
 * postgres-availability.test.ts); CI installs nginx (.ci/run).
 */

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => spawnSync(candidate, ["-v"]).status === 0);

/** docs/OPERATIONS.md's access log: the address with its share, calendar, reset or verification token censored, no Referer. */
const ACCESS_LOG = String.raw`
  map $request_uri $courts_uri_path {
    "~^(?<courts_p>/api/calendar/|/api/shared-payment-links/|/api/auth/password-reset/|/api/auth/verify-email/|/shared-payment/|/restablecer/|/verificar/)[^/?#]+(?<courts_r>.*)$" "$courts_p[redactado]$courts_r";
    default $request_uri;
  }
  map $courts_uri_path $courts_log_uri {
    "~^(?<courts_q>[^?]*\?(?:.*&)?(?:token|shareToken|feedToken)=)[^&]*(?<courts_s>.*)$" "$courts_q[redactado]$courts_s";
    default $courts_uri_path;
  }
  log_format courts '$remote_addr - $remote_user [$time_local] "$request_method $courts_log_uri $server_protocol" $status $body_bytes_sent "$http_user_agent" $request_time $upstream_addr';`;

/** The upstream part of docs/OPERATIONS.md's site, plain HTTP (the TLS lines are the docs'). */
const nginxConf = (dir: string, port: number, upstreams: readonly number[]) => `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
${ACCESS_LOG}
  access_log ${dir}/access.log courts;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream courts {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://courts;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # a process that stopped taking connections (SIGTERM) or answered 503 passes the request to the other
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
    }
  }
}
`;

const PASSWORD = "contraseña-segura-1";
const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

describe.skipIf(TEST_DATABASE_URL === undefined || NGINX === undefined)("nginx in front of two server processes on one PostgreSQL [postgresql]", () => {
  let dir: string;
  let db: { url: string; drop(): Promise<void> };
  let nginx: ChildProcess | undefined;
  const servers: ServerProcess[] = [];
  let site: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "courts-nginx-"));
    db = await createTestDatabase();
    const env = productionEnv(db.url, dir, {
      TRUST_PROXY: "1",
      SEED_DEMO: "true",
      REGISTER_RATE_LIMIT: "10000",
      LOGIN_RATE_LIMIT: "10000",
      ANONYMOUS_WRITE_RATE_LIMIT: "100000",
      SHUTDOWN_GRACE_SECONDS: "10",
      COURTS_TIMEZONE: "America/Guayaquil",
    });
    // the first migrates and seeds the demo courts, then the second starts: started together, the
    // second could make the admin first, and the first then seeds nothing (a database with an admin
    // is not a fresh install)
    for (const e of [env, { ...env, SEED_DEMO: "false" }])
      servers.push(await startServer({ entry: "source", env: e, readyPath: "/readyz", readyTimeoutMs: 150_000 }));

    const port = await freePort();
    const prefix = path.join(dir, "nginx");
    mkdirSync(prefix);
    const conf = path.join(prefix, "nginx.conf");
    writeFileSync(conf, nginxConf(prefix, port, servers.map((s) => s.port)));
    nginx = spawn(NGINX!, ["-c", conf, "-p", prefix, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    site = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${site}/healthz`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (i > 100) throw new Error("nginx did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 240_000);

  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    await Promise.all(servers.map((s) => s.stop(2_000)));
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("when players book and pay through nginx and one process gets SIGTERM mid-load, then no answer is a 5xx and every booking and payment answered is in the database", async () => {
    const courts = (await new Client(site).get<{ id: string; status: string }[]>("/api/courts")).body.filter((c) => c.status === "available");
    expect(courts.length).toBeGreaterThan(1);

    const statuses: number[] = [];
    const told = { bookings: new Set<string>(), payments: new Set<string>() };
    const call = async <T,>(client: Client, method: string, url: string, json?: unknown) => {
      const answer = await client.request<T>(method, url, json === undefined ? {} : { json });
      statuses.push(answer.status);
      return answer;
    };

    /** One player: registers, then books and pays `rounds` slots of its own, one after the other. */
    const player = async (n: number, rounds: number) => {
      const client = new Client(site);
      const name = `nginx${n}x${Date.now().toString(36)}`;
      const registered = await call(client, "POST", "/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD });
      if (registered.status !== 201) return;
      for (let r = 0; r < rounds; r++) {
        // each player its own court, hour and day: no two players want the same slot
        const court = courts[n % courts.length]!;
        const slot = { courtId: court.id, bookingDate: `${dayFromToday(5 + r)}T00:00:00`, timeSlot: `${String(6 + Math.floor(n / courts.length)).padStart(2, "0")}:00`, gameType: "singles" };
        const booking = await call<{ id: string }>(client, "POST", "/api/bookings", slot);
        if (booking.status !== 201) continue;
        told.bookings.add(booking.body.id);
        const intent = await call<{ clientSecret: string; paymentIntentId: string }>(client, "POST", "/api/create-payment-intent", { bookingId: booking.body.id, paymentType: "full" });
        if (intent.status !== 200) continue;
        const confirmed = await call(client, "POST", "/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD });
        if (confirmed.status !== 200) continue;
        const payment = await call<{ id: string }>(client, "POST", "/api/payments", { bookingId: booking.body.id, stripePaymentIntentId: intent.body.paymentIntentId });
        if (payment.status === 201) told.payments.add(payment.body.id);
      }
    };

    const players = 16;
    const load = Array.from({ length: players }, (_, n) => player(n, 4));
    // SIGTERM once the load is under way: a booking per player made, the others and their payments in flight
    for (let i = 0; told.bookings.size < players && i < 600; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = servers[1]!;
    stopped.child.kill("SIGTERM");
    const answeredBefore = statuses.length;
    await Promise.all(load);
    const code = await stopped.exited;
    // the stop came in the middle: many answers after it
    expect(answeredBefore).toBeGreaterThan(players * 2);
    expect(statuses.length - answeredBefore).toBeGreaterThan(players * 4);

    const fives = statuses.filter((s) => s >= 500);
    expect(fives, `5xx answers: ${fives.join(", ")}`).toEqual([]);
    expect(code, stopped.output()).toBe(0);
    // the player's stories went on through the other process
    expect(told.bookings.size).toBeGreaterThanOrEqual(players * 2);
    expect(told.payments.size).toBe(told.bookings.size);

    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    try {
      const bookings = await check.query<{ id: string; paid: boolean }>("select id, paid_amount = total_amount as paid from bookings where id = any($1) and status <> 'cancelled'", [[...told.bookings]]);
      expect(bookings.rows).toHaveLength(told.bookings.size);
      expect(bookings.rows.filter((b) => b.paid)).toHaveLength(told.payments.size);
      const payments = await check.query<{ id: string }>("select id from payments where id = any($1) and status = 'succeeded'", [[...told.payments]]);
      expect(payments.rows).toHaveLength(told.payments.size);
      // one payment per booking: nothing charged twice by a request nginx passed to the other process
      const perBooking = await check.query<{ n: string }>("select count(*)::text as n from payments where booking_id = any($1) and status = 'succeeded' group by booking_id having count(*) > 1", [[...told.bookings]]);
      expect(perBooking.rows).toEqual([]);
    } finally {
      await check.end();
    }
  }, 120_000);

  it("when addresses carry a share, calendar, reset or verification token, then nginx's access log has each request with the token censored", async () => {
    const token = "tok_5e4d3c2b1a0f9e8d7c6b5a4938271605";
    const addresses = [
      `/api/calendar/${token}.ics`,
      `/api/shared-payment-links/${token}`,
      `/shared-payment/${token}`,
      `/verificar/${token}?desde=correo`,
      `/api/venues?x=1&token=${token}`,
    ];
    for (const address of addresses) await (await fetch(`${site}${address}`)).arrayBuffer();
    const access = path.join(dir, "nginx", "access.log");
    // nginx writes each line as its request ends
    const lines = await waitFor(
      () => {
        const censored = readFileSync(access, "utf8").split("\n").filter((line) => line.includes("[redactado]"));
        return censored.length >= addresses.length ? censored : undefined;
      },
      { timeout: 5_000, interval: 50, message: "nginx did not log the five requests" },
    );
    expect(lines.map((line) => /"GET (\S+) HTTP/.exec(line)?.[1])).toEqual([
      "/api/calendar/[redactado]",
      "/api/shared-payment-links/[redactado]",
      "/shared-payment/[redactado]",
      "/verificar/[redactado]?desde=correo",
      "/api/venues?x=1&token=[redactado]",
    ]);
    expect(readFileSync(access, "utf8")).not.toContain(token);
  });
});
