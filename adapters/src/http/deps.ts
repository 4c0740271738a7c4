import type { FastifyBaseLogger } from "fastify";
import type { SessionStore } from "@fastify/session";
import type { Ports } from "@courts/core";
import type { Config } from "../config.js";
import type { RateLimitStore } from "../limits/rate-limit-store.js";
import type { ServiceMetrics } from "../observability/service-metrics.js";
import type { ConfirmInput, ConfirmResult } from "../payments/simulated-gateway.js";

/** The part of the configuration the HTTP server reads. */
export type HttpConfig = Pick<
  Config,
  | "production"
  | "sessionSecret"
  | "cookieSecure"
  | "trustProxy"
  | "timeZone"
  | "publicUrl"
  | "loginRateLimit"
  | "registerRateLimit"
  | "loginIpRateLimit"
  | "loginAccountRateLimit"
  | "anonymousWriteRateLimit"
  | "requestTimeoutSeconds"
  | "headersTimeoutSeconds"
  | "webDist"
  | "refundAlertHours"
  | "clubName"
> & {
  /** Stripe mode when set: the web loads Stripe.js with this key */
  readonly stripePublishableKey: string | null;
  /** GET /metrics answers only this bearer token; unset or null: /metrics is not there (404) */
  readonly metricsToken?: string | null;
};

/** GET /readyz: whether this process should be sent traffic, and each check's word on it. */
export interface Readiness {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, { readonly ok: boolean; readonly [detail: string]: unknown }>>;
}

/** A verified Stripe event, reduced to what the webhook route acts on. */
export interface WebhookEvent {
  readonly id: string;
  readonly type: string;
  /** the payment intent id for payment_intent.* events, and the charge's intent for charge.* events */
  readonly paymentIntentId: string | null;
  /** the event id was processed before (a redelivery): acknowledged, not processed again */
  readonly alreadyProcessed?: () => Promise<boolean>;
  /** records the event id once it was processed */
  readonly markProcessed?: () => Promise<void>;
}

/** A session store that can end every session of one user (a password change or reset). */
export interface UserSessionStore extends SessionStore {
  /** the count ended; `except` stays */
  endSessionsOf(userId: string, except?: string): Promise<number>;
}

export interface AppDeps {
  readonly ports: Ports;
  /** the database-backed session store (sessions shared by every server process) */
  readonly sessionStore: UserSessionStore;
  /** rate-limit counters; the database's so every process counts the same (default: this process's memory) */
  readonly rateLimits?: RateLimitStore;
  readonly config: HttpConfig;
  /** the simulated card provider's confirm call, when the simulated gateway is in use */
  readonly simulatedCard?: { confirm(input: ConfirmInput): Promise<ConfirmResult> } | null;
  /** Stripe mode: verifies a webhook's signature on the raw body; throws when it does not verify */
  readonly verifyWebhook?: ((rawBody: Buffer, signature: string) => WebhookEvent) | null;
  /** GET /readyz's checks (the database reachable, its migrations applied); without it /readyz says what /healthz says */
  readonly readiness?: () => Promise<Readiness>;
  /** GET /metrics's registry, which the sweep and the card provider report to as well; one of the app's own when not given */
  readonly metrics?: ServiceMetrics;
  /** pino options (or false for silence); defaults to info-level JSON */
  readonly logger?: LoggerSetting;
  /**
   * `npm run bench` only (BENCH_BARE_ROUTE=1): GET /__bench/bare answers a constant through the
   * same process and global hooks, the baseline every endpoint is compared with. Off by default.
   */
  readonly benchBareRoute?: boolean;
  /**
   * Tests only: sees every answer (its route, status, content type, the JSON sent and the value
   * the handler gave before serialization), so that a test can check them against /api/docs/json.
   */
  readonly observeAnswers?: (answer: ObservedAnswer) => void;
}

export interface ObservedAnswer {
  readonly method: string;
  /** the route as registered (`/api/courts/:id`); undefined when no route matched */
  readonly route: string | undefined;
  readonly status: number;
  readonly contentType: string;
  /** the body as sent, parsed when it is JSON */
  readonly sent: unknown;
  /** what the handler gave, as JSON.stringify would write it (before the response schema drops anything) */
  readonly given: unknown;
}

export type LoggerSetting =
  | false
  | { readonly level: string; readonly stream?: NodeJS.WritableStream }
  /** an existing pino logger (the server's main shares its logger with Fastify) */
  | { readonly instance: FastifyBaseLogger };
