import { randomBytes } from "node:crypto";

/** A card the simulated provider accepts, as the checkout form sends it. */
export const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" } as const;

/**
 * The environment of a production server process on `databaseUrl`, with its data (and an empty
 * web folder) in `dir`, no demo data and warnings only; `extra` adds or overrides settings.
 */
export const productionEnv = (databaseUrl: string, dir: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> => ({
  NODE_ENV: "production",
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  DATABASE_URL: databaseUrl,
  DATA_DIR: dir,
  WEB_DIST: dir,
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  ...extra,
});
