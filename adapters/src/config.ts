import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_ACCOUNT_POLICY, DEFAULT_BOOKING_POLICY, DEFAULT_CLUB_NAME, DEFAULT_TIME_ZONE, isPhoneRegion, isTimeZone, parseTaxRatePercent, type AccountPolicy, type BookingPolicy, type TaxRate } from "@courts/core";
import { passwordWeakness } from "./auth/password-policy.js";

/** Everything the server reads from its environment, validated once at start. */
export interface Config {
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  /** where the SQLite file (by default) and the generated session secret live */
  readonly dataDir: string;
  readonly sessionSecret: string;
  readonly timeZone: string;
  readonly publicUrl: string;
  readonly cookieSecure: boolean;
  /**
   * Behind a TLS-terminating proxy: how many proxy hops (or which proxy addresses) to trust for
   * X-Forwarded-* (client IP for rate limits, https for cookies). false trusts none.
   */
  readonly trustProxy: TrustProxy;
  /** seed the demo venues and courts into a fresh database */
  readonly seedDemo: boolean;
  readonly admin: { readonly username: string; readonly password: string } | null;
  readonly stripe: StripeConfig | null;
  readonly logLevel: string;
  readonly loginRateLimit: number;
  /** registrations per hour from one IP */
  readonly registerRateLimit: number;
  /** failed logins per 15 minutes against one account, from any address (LOGIN_ACCOUNT_RATE_LIMIT) */
  readonly loginAccountRateLimit: number;
  /** failed logins per minute from one IP, whatever the user names (password spraying) */
  readonly loginIpRateLimit: number;
  /** anonymous writes (share-link payments, simulated card confirmations) per minute per IP */
  readonly anonymousWriteRateLimit: number;
  /** a request's whole body must arrive within this many seconds (slow bodies), 0 = never */
  readonly requestTimeoutSeconds: number;
  /** a request's headers must arrive within this many seconds */
  readonly headersTimeoutSeconds: number;
  /** on SIGTERM, requests in flight get this long to finish before their connections are cut (DESIGN.md section 19) */
  readonly shutdownGraceSeconds: number;
  /** GET /metrics answers only `Authorization: Bearer <this>`; null: /metrics is not there (404) */
  readonly metricsToken: string | null;
  /** the club's one brand (CLUB_NAME): title bar, mails, invoices */
  readonly clubName: string;
  /** the seller on every invoice */
  readonly invoiceIssuer: InvoiceIssuer;
  /**
   * TAX_RATE_PERCENT in basis points (15% is 1500; default 0): prices include it, and each
   * invoice shows its base and tax at the rate in force when the payment was recorded
   */
  readonly taxRate: TaxRate;
  /** the built web app (index.html and assets) */
  readonly webDist: string;
  /** how often each process runs the sweep (DESIGN.md section 8); 0 turns the timer off (cron runs `courts sweep`) */
  readonly sweepIntervalSeconds: number;
  /** a payment intent left pending this long is asked of the provider and settled or cancelled (DESIGN.md section 8) */
  readonly intentTtlMinutes: number;
  /** a refund still owed this many hours after it was decided is listed to the admin with its reason */
  readonly refundAlertHours: number;
  /** each card-provider call gives up after this long, then is retried at most twice with the same idempotency key */
  readonly paymentProviderTimeoutSeconds: number;
  /** holds and the split deadline (DESIGN.md section 8): BOOKING_HOLD_MINUTES, MAX_UNPAID_BOOKINGS, SHARE_DEADLINE_HOURS */
  readonly bookingPolicy: BookingPolicy;
  /** accounts (DESIGN.md section 13): PHONE_REGION, PASSWORD_RESET_MINUTES */
  readonly accountPolicy: AccountPolicy;
  /** mail (DESIGN.md section 9): SMTP, or .eml files under DATA_DIR/mail/ without SMTP_URL */
  readonly mail: MailConfig;
}

export interface MailConfig {
  /** smtp:// or smtps:// with credentials in the URL; null writes .eml files to `dir` */
  readonly smtpUrl: string | null;
  readonly from: string;
  readonly dir: string;
  /** the first retry after a failed send waits this long, each next one twice as long (at most 1 h) */
  readonly retrySeconds: number;
}

/** false, a hop count, or the proxies' addresses (IPs or CIDR ranges) */
export type TrustProxy = false | number | readonly string[];

export interface InvoiceIssuer {
  readonly name: string;
  readonly taxId: string | null;
  readonly address: string | null;
}

export interface StripeConfig {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string | null;
  /** a local fake of the Stripe API in tests; unset in production */
  readonly apiHost: string | null;
  readonly apiPort: number | null;
  readonly apiProtocol: "http" | "https" | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The repository root: this file is adapters/src/config.ts or adapters/dist/config.js. */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface LoadOptions {
  /** base for relative paths (./data); defaults to process.cwd() */
  readonly cwd?: string;
  /** whether a missing session secret may be generated and written to dataDir (default true) */
  readonly persistSecret?: boolean;
}

/**
 * Reads and validates the configuration. Collects every problem before failing, so an
 * operator fixes them all in one go; each message names the variable and what it wants.
 */
export const loadConfig = (env: Env = process.env, options: LoadOptions = {}): Config => {
  const cwd = options.cwd ?? process.cwd();
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} debe ser un número entero entre ${min} y ${max} (recibido "${raw}")`);
      return fallback;
    }
    return n;
  };
  /** decimals allowed, so tests can use fractions of a minute or a second */
  const decimal = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(n) || n < min || n > max) {
      problems.push(`${name} debe ser un número entre ${min} y ${max} (recibido "${raw}")`);
      return fallback;
    }
    return n;
  };
  const flag = (name: string): boolean | undefined => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return undefined;
    if (["1", "true", "yes", "on"].includes(raw)) return true;
    if (["0", "false", "no", "off"].includes(raw)) return false;
    problems.push(`${name} debe ser true o false (recibido "${raw}")`);
    return undefined;
  };

  const production = text("NODE_ENV") === "production";
  const port = integer("PORT", 3000, 0, 65535);
  const host = text("HOST") ?? "0.0.0.0";
  const dataDir = path.resolve(cwd, text("DATA_DIR") ?? "./data");

  const databaseUrl = text("DATABASE_URL") ?? `sqlite:${path.join(dataDir, "courts.sqlite")}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl))
    problems.push(`DATABASE_URL debe empezar por sqlite: o postgres:// (recibido "${databaseUrl}")`);

  const timeZone = text("COURTS_TIMEZONE") ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) problems.push(`COURTS_TIMEZONE debe ser una zona horaria IANA, p. ej. America/Guayaquil (recibido "${timeZone}")`);

  const publicUrl = (text("PUBLIC_URL") ?? `http://localhost:${port}`).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(publicUrl)) problems.push(`PUBLIC_URL debe ser una URL http:// o https:// (recibido "${publicUrl}")`);
  const cookieSecure = flag("COOKIE_SECURE") ?? publicUrl.startsWith("https://");
  const trustProxy = trustProxyOf(text("TRUST_PROXY"), problems);
  const seedDemo = flag("SEED_DEMO") ?? true;

  const logLevel = text("LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL debe ser uno de ${LOG_LEVELS.join(", ")} (recibido "${logLevel}")`);

  const loginRateLimit = integer("LOGIN_RATE_LIMIT", 5, 1, 100_000);
  const registerRateLimit = integer("REGISTER_RATE_LIMIT", 5, 1, 100_000);
  const loginAccountRateLimit = integer("LOGIN_ACCOUNT_RATE_LIMIT", 10, 1, 100_000);
  const loginIpRateLimit = integer("LOGIN_IP_RATE_LIMIT", 20, 1, 100_000);
  const anonymousWriteRateLimit = integer("ANONYMOUS_WRITE_RATE_LIMIT", 60, 1, 100_000);
  // 60 s: a 10 MB image from a phone on a slow uplink still arrives; behind nginx bodies come buffered
  const requestTimeoutSeconds = integer("REQUEST_TIMEOUT_SECONDS", 60, 0, 3600);
  const headersTimeoutSeconds = integer("HEADERS_TIMEOUT_SECONDS", 10, 1, 3600);
  const shutdownGraceSeconds = decimal("SHUTDOWN_GRACE_SECONDS", 10, 0.1, 3600);
  const metricsToken = text("METRICS_TOKEN") ?? null;
  // a header value of printable ASCII, and long enough not to be guessed
  if (metricsToken !== null && !/^[\x21-\x7e]{16,200}$/.test(metricsToken))
    problems.push("METRICS_TOKEN debe tener entre 16 y 200 caracteres visibles, sin espacios (p. ej. openssl rand -hex 24)");
  const clubName = clubNameOf(text("CLUB_NAME"), problems);
  const invoiceIssuer = invoiceIssuerOf(text, problems, clubName);
  const taxRate = taxRateOf(text("TAX_RATE_PERCENT"), problems);

  const sweepIntervalSeconds = decimal("SWEEP_INTERVAL_SECONDS", 30, 0, 86_400);
  const intentTtlMinutes = decimal("INTENT_TTL_MINUTES", 30, 0.01, 10_080);
  const refundAlertHours = decimal("REFUND_ALERT_HOURS", 24, 0, 8_760);
  const paymentProviderTimeoutSeconds = decimal("PAYMENT_PROVIDER_TIMEOUT_SECONDS", 10, 0.1, 120);
  const bookingPolicy: BookingPolicy = {
    // not 0, which would expire every booking at birth; decimals let tests hold for seconds
    holdMinutes: decimal("BOOKING_HOLD_MINUTES", DEFAULT_BOOKING_POLICY.holdMinutes, 0.01, 1_440),
    maxUnpaidBookings: integer("MAX_UNPAID_BOOKINGS", DEFAULT_BOOKING_POLICY.maxUnpaidBookings, 1, 1_000),
    unverifiedUnpaidBookings: DEFAULT_BOOKING_POLICY.unverifiedUnpaidBookings,
    shareDeadlineHours: decimal("SHARE_DEADLINE_HOURS", DEFAULT_BOOKING_POLICY.shareDeadlineHours, 0, 168),
  };
  const phoneRegion = (text("PHONE_REGION") ?? DEFAULT_ACCOUNT_POLICY.phoneRegion).toUpperCase();
  if (!isPhoneRegion(phoneRegion)) problems.push(`PHONE_REGION debe ser un código de país de dos letras, p. ej. EC o ES (recibido "${phoneRegion}")`);
  const accountPolicy: AccountPolicy = {
    phoneRegion,
    passwordResetMinutes: decimal("PASSWORD_RESET_MINUTES", DEFAULT_ACCOUNT_POLICY.passwordResetMinutes, 1, 10_080),
    verifyEmailHours: DEFAULT_ACCOUNT_POLICY.verifyEmailHours,
  };

  const smtpUrl = text("SMTP_URL") ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^\s/]+/.test(smtpUrl)) problems.push("SMTP_URL debe ser una URL smtp:// o smtps:// (p. ej. smtp://usuario:clave@servidor:587)");
  const mailFrom = text("MAIL_FROM") ?? `"${clubName.replace(/["\\]/g, "")}" <no-reply@localhost>`;
  if (!/^[^\r\n]*@[^\r\n]+$/.test(mailFrom)) problems.push(`MAIL_FROM debe ser una dirección de correo, p. ej. "Canchas <reservas@club.com>" (recibido "${mailFrom}")`);
  const mailRetrySeconds = decimal("MAIL_RETRY_SECONDS", 60, 0.01, 3600);

  const adminUsername = text("ADMIN_USERNAME");
  const adminPassword = env.ADMIN_PASSWORD;
  let admin: Config["admin"] = null;
  if (adminUsername !== undefined || (adminPassword !== undefined && adminPassword !== "")) {
    if (adminUsername === undefined) problems.push("ADMIN_USERNAME es requerido cuando se define ADMIN_PASSWORD");
    else if (!/^[\p{L}\p{N}_.-]{3,30}$/u.test(adminUsername))
      problems.push("ADMIN_USERNAME debe tener entre 3 y 30 letras, números, '.', '_' o '-'");
    if (adminPassword === undefined || adminPassword.length < 10 || adminPassword.length > 200)
      problems.push("ADMIN_PASSWORD debe tener entre 10 y 200 caracteres cuando se define ADMIN_USERNAME");
    else {
      const weak = passwordWeakness(adminPassword);
      if (weak !== null) problems.push(`ADMIN_PASSWORD: ${weak}`);
    }
    if (adminUsername !== undefined && adminPassword !== undefined) admin = { username: adminUsername, password: adminPassword };
  }

  const stripe = stripeConfig(text, integer, problems);

  let sessionSecret = text("SESSION_SECRET");
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    problems.push("SESSION_SECRET debe tener al menos 32 caracteres");
  } else if (sessionSecret === undefined && production) {
    problems.push("SESSION_SECRET es requerido con NODE_ENV=production (al menos 32 caracteres)");
  }

  if (problems.length > 0) throw new ConfigError(problems);

  // Development only: one secret per data folder, so sessions survive restarts.
  sessionSecret ??= localSessionSecret(dataDir, options.persistSecret ?? true);

  return {
    production,
    port,
    host,
    databaseUrl,
    dataDir,
    sessionSecret,
    timeZone,
    publicUrl,
    cookieSecure,
    trustProxy,
    seedDemo,
    admin,
    stripe,
    logLevel,
    loginRateLimit,
    registerRateLimit,
    loginAccountRateLimit,
    loginIpRateLimit,
    anonymousWriteRateLimit,
    requestTimeoutSeconds,
    headersTimeoutSeconds,
    shutdownGraceSeconds,
    metricsToken,
    clubName,
    invoiceIssuer,
    taxRate,
    webDist: path.resolve(cwd, text("WEB_DIST") ?? path.join(REPO_ROOT, "web", "dist")),
    sweepIntervalSeconds,
    intentTtlMinutes,
    refundAlertHours,
    paymentProviderTimeoutSeconds,
    bookingPolicy,
    accountPolicy,
    mail: { smtpUrl, from: mailFrom, dir: path.join(dataDir, "mail"), retrySeconds: mailRetrySeconds },
  };
};

/**
 * Never "trust every X-Forwarded-For": a client could then pick its own address and slip past
 * every per-IP limit. Only a hop count or the proxies' own addresses are accepted.
 */
const trustProxyOf = (raw: string | undefined, problems: string[]): TrustProxy => {
  if (raw === undefined || ["false", "no", "off", "0"].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= 10) return hops;
  } else if (!["true", "yes", "on"].includes(raw.toLowerCase())) {
    const list = raw.split(",").map((a) => a.trim()).filter((a) => a !== "");
    const bad = list.filter((a) => !isAddressOrRange(a));
    if (list.length > 0 && bad.length === 0) return list;
    if (bad.length > 0) {
      problems.push(`TRUST_PROXY: "${bad.join('", "')}" no es una dirección IP ni un rango CIDR`);
      return false;
    }
  }
  problems.push(
    `TRUST_PROXY debe ser el número de proxies delante del servidor (0 a 10, p. ej. 1) o sus direcciones separadas por comas (p. ej. 10.0.0.5,10.0.1.0/24); "true" confiaría en cualquier X-Forwarded-For (recibido "${raw}")`,
  );
  return false;
};

const isAddressOrRange = (value: string): boolean => {
  const [address = "", bits, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

const clubNameOf = (raw: string | undefined, problems: string[]): string => {
  if (raw === undefined) return DEFAULT_CLUB_NAME;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (raw.length > 60 || /[\u0000-\u001f\u007f]/.test(raw)) {
    problems.push("CLUB_NAME debe tener hasta 60 caracteres, sin caracteres de control");
    return DEFAULT_CLUB_NAME;
  }
  return raw;
};

const taxRateOf = (raw: string | undefined, problems: string[]): TaxRate => {
  if (raw === undefined) return 0;
  const rate = parseTaxRatePercent(raw);
  if (rate === undefined) {
    problems.push(`TAX_RATE_PERCENT debe ser un porcentaje entre 0 y 100 con hasta 2 decimales y punto decimal, p. ej. 15 o 12.5 (recibido "${raw}")`);
    return 0;
  }
  return rate;
};

const invoiceIssuerOf = (text: (name: string) => string | undefined, problems: string[], clubName: string): InvoiceIssuer => {
  const field = (name: string, max: number): string | null => {
    const value = text(name) ?? null;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (value !== null && (value.length > max || /[\u0000-\u001f\u007f]/.test(value))) {
      problems.push(`${name} debe tener hasta ${max} caracteres, sin caracteres de control`);
      return null;
    }
    return value;
  };
  return {
    name: field("INVOICE_ISSUER_NAME", 200) ?? clubName,
    taxId: field("INVOICE_ISSUER_TAX_ID", 50),
    address: field("INVOICE_ISSUER_ADDRESS", 300),
  };
};

const stripeConfig = (
  text: (name: string) => string | undefined,
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): StripeConfig | null => {
  const secretKey = text("STRIPE_SECRET_KEY");
  const publishableKey = text("STRIPE_PUBLISHABLE_KEY");
  if (secretKey === undefined && publishableKey === undefined) return null;
  if (secretKey === undefined || publishableKey === undefined) {
    problems.push("STRIPE_SECRET_KEY y STRIPE_PUBLISHABLE_KEY deben definirse juntas (o ninguna, para el proveedor simulado)");
    return null;
  }
  if (!/^(sk|rk)_/.test(secretKey)) problems.push("STRIPE_SECRET_KEY debe empezar por sk_ o rk_");
  if (!publishableKey.startsWith("pk_")) problems.push("STRIPE_PUBLISHABLE_KEY debe empezar por pk_");
  const webhookSecret = text("STRIPE_WEBHOOK_SECRET") ?? null;
  if (webhookSecret !== null && !webhookSecret.startsWith("whsec_")) problems.push("STRIPE_WEBHOOK_SECRET debe empezar por whsec_");
  const protocol = text("STRIPE_API_PROTOCOL") ?? null;
  if (protocol !== null && protocol !== "http" && protocol !== "https") problems.push("STRIPE_API_PROTOCOL debe ser http o https");
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    apiHost: text("STRIPE_API_HOST") ?? null,
    apiPort: text("STRIPE_API_PORT") === undefined ? null : integer("STRIPE_API_PORT", 443, 1, 65535),
    apiProtocol: protocol === "http" || protocol === "https" ? protocol : null,
  };
};

const localSessionSecret = (dataDir: string, persist: boolean): string => {
  const file = path.join(dataDir, "session-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not there yet: generated below
  }
  const secret = randomBytes(48).toString("base64url");
  if (persist) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  return secret;
};
