import v8 from "node:v8";
import { adminBanner, bootstrapAdmin } from "./admin-bootstrap.js";
import { appDepsOf, openRuntime } from "./composition-root.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { buildApp } from "./http/build-app.js";
import { drainConnections } from "./http/graceful-stop.js";
import { flushLog, serverLogger } from "./http/log-redaction.js";
import { seedDemo } from "./seed.js";
import { skewWarning, type ClockSkew } from "./sql/database-clock.js";
import { sweepSteps } from "./sweep/steps.js";
import { startSweeper } from "./sweep/sweeper.js";

/**
 * The server process (`npm start` runs the compiled file): validate the configuration, open
 * and migrate the database, seed a fresh one, make sure an admin exists, serve, and close
 * everything on SIGTERM / SIGINT.
 */
const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\nRevisa las variables de entorno (ver .env.example).\n`);
      process.exit(1);
    }
    throw error;
  }
};

/**
 * Between two full collections V8 lets the old space grow up to 4 times the live heap; under load
 * (100 connections, `npm run bench`) that took the server from 190 MB to 400 MB resident. At 1.25
 * times it stays near 230 MB at its peak with no throughput lost in the same benchmark. V8 reads
 * it at every collection, so setting it here, before any load, is enough (NODE_OPTIONS refuses it).
 */
v8.setFlagsFromString("--heap-growing-percent=25");

/**
 * What the server says of the database's clock (sql/database-clock.ts): once at start, loudly
 * while this machine's clock is more than a few seconds off (holds and deadlines still follow the
 * database, but the machine needs NTP), when it comes back, and when a reading fails.
 */
const clockLog = (log: ReturnType<typeof serverLogger>) => {
  let first = true;
  let saidOffset: number | null = null;
  return (skew: ClockSkew, error?: unknown): void => {
    if (error !== undefined) {
      log.warn({ err: error, clock: skew }, "no se pudo leer la hora de la base de datos; se sigue con la última diferencia medida");
      return;
    }
    const warning = skewWarning(skew);
    if (warning !== null && skew.offsetMs !== null) {
      // once, and again when it moved by more than a second
      if (saidOffset === null || Math.abs(saidOffset - skew.offsetMs) > 1_000) log.error({ clock: skew }, warning);
      saidOffset = skew.offsetMs;
    } else {
      if (first) log.info({ clock: skew }, skew.source === "database" ? "hora: la de la base de datos" : "hora: la de esta máquina");
      else if (saidOffset !== null) log.info({ clock: skew }, "el reloj de este servidor vuelve a coincidir con el de la base de datos");
      saidOffset = null;
    }
    first = false;
  };
};

const main = async (): Promise<void> => {
  const config = readConfig();
  const log = serverLogger(config.logLevel);
  const runtime = await openRuntime(config, { onClockSample: clockLog(log), processMetrics: true });
  log.info({ engine: runtime.database.engine, payments: runtime.ports.gateway.mode, timeZone: config.timeZone }, "base de datos lista");

  if (config.mail.smtpUrl) log.info({ smtp: new URL(config.mail.smtpUrl).host, from: config.mail.from }, "correo: se envía por SMTP_URL");
  else log.info({ dir: config.mail.dir }, `correo: sin SMTP_URL, cada mensaje se escribe como archivo .eml en ${config.mail.dir}`);

  const { ports } = runtime;
  // Only a fresh install: an admin who deleted every venue does not get the demo back.
  if (config.seedDemo) {
    const [venues, admins] = await Promise.all([ports.venues.list(), ports.users.countAdmins()]);
    if (venues.length === 0 && admins === 0) await seedDemo(ports, { log: (message) => log.info(message) });
  }
  const admin = await bootstrapAdmin(ports, config.admin);
  if (admin.kind === "configured")
    log.info({ username: admin.username }, admin.created ? "administrador creado desde ADMIN_USERNAME" : "contraseña del administrador restablecida desde ADMIN_PASSWORD");

  // BENCH_BARE_ROUTE=1: the baseline route of `npm run bench` (tests/bench), never set in production
  const app = await buildApp({ ...appDepsOf(runtime, { instance: log }), benchBareRoute: process.env.BENCH_BARE_ROUTE === "1" });
  // every process sweeps; the steps claim their rows, so several processes never do a thing twice
  const sweeper =
    config.sweepIntervalSeconds > 0
      ? startSweeper(sweepSteps(runtime, (details, message) => log.warn(details, message)), config.sweepIntervalSeconds * 1000, log, runtime.metrics?.sweep)
      : null;
  // the database closes with the server (fastify/demo: onClose), after the sweep's step under way
  app.addHook("onClose", async () => {
    await sweeper?.stop();
    await runtime.close();
  });

  /**
   * SIGTERM (DESIGN.md section 19): /readyz answers 503, no new connection is taken, the requests
   * in flight are served for up to SHUTDOWN_GRACE_SECONDS, the sweep finishes the step it is in,
   * the database closes, exit 0. Past the grace the connections left are cut (exit 1); should the
   * closing itself hang, the process leaves 5 s later.
   */
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, "cerrando el servidor: se terminan las peticiones en curso");
    const force = setTimeout(() => {
      log.error(`el cierre tardó más de ${config.shutdownGraceSeconds + 5} s: saliendo`);
      process.exit(1);
    }, graceMs + 5_000);
    force.unref();
    const sweeping = sweeper?.stop();
    drainConnections(app, graceMs, log)
      .then(async (drained) => {
        await sweeping;
        await app.close();
        log.info({ ms: drained.ms, cut: drained.cut }, "servidor cerrado");
        flushLog(log);
        process.exit(drained.cut === 0 ? 0 : 1);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "error al cerrar");
        flushLog(log);
        process.exit(1);
      });
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const url = process.env.PUBLIC_URL?.trim() ? config.publicUrl : `http://localhost:${port}`;
  // the start-up lines, in order and at once: the banner goes straight to standard output
  flushLog(log);
  if (admin.kind === "generated") process.stdout.write(`\n${adminBanner(admin, url)}\n\n`);
  log.info({ url, port }, `Servidor listo en ${url}`);
  flushLog(log);
};

main().catch((error: unknown) => {
  process.stderr.write(`No se pudo arrancar el servidor: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
