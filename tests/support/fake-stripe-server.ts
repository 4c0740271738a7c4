import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small stateful stand-in for api.stripe.com, on 127.0.0.1 and a random port, speaking the
 * few endpoints the Stripe gateway uses the way Stripe does (form-encoded bodies, error JSON,
 * idempotency-key replay, lists newest first). No offline Stripe mock exists on npm (STACK.md),
 * and nothing in the tests may reach Stripe. Point stripe-node at it with `gatewayOptions()`.
 *
 * A test stages the provider's faults with `failNext`, `loseNextAnswer` and `hang`, and what
 * happens at Stripe without us (a refund from its dashboard) with `refundOutside`.
 */

type FormValue = string | { [key: string]: FormValue };
type Form = { [key: string]: FormValue };

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  created: number;
  livemode: false;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: "off_session" | "on_session" | null;
  off_session?: boolean;
}

export interface FakeCustomer {
  id: string;
  object: "customer";
  email: string | null;
  metadata: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  /** `pending` and `failed` only when a test sets them (`setRefundStatus`): Stripe's card refunds succeed at once */
  status: "succeeded" | "pending" | "failed";
  /** what the caller sent as `metadata[...]`; empty for a refund made in Stripe's dashboard */
  metadata: Record<string, string>;
  created: number;
}

/** The charge of a paid intent, as Stripe sends it in `charge.*` events. */
export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  refunds: { object: "list"; data: FakeRefund[]; has_more: false; total_count: number; url: string };
}

export interface FakeEvent<T> {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  data: { object: T; previous_attributes?: Record<string, unknown> };
}

/** A webhook delivery as Stripe sends it: the raw JSON body and its signed headers. */
export interface SignedDelivery {
  readonly body: string;
  readonly headers: { readonly "content-type": string; readonly "stripe-signature": string };
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly form: Form;
}

/**
 * Which requests a fault applies to: `"POST /v1/refunds"` (that method, paths starting with that)
 * or `"/v1/refunds"` (any method).
 */
export type FakeRoute = string;

export interface FailOptions {
  /** the answer's HTTP status (default 500) */
  readonly status?: number;
  /** Stripe's error type (default `api_error` for 5xx, else `invalid_request_error`), code and message */
  readonly type?: string;
  readonly code?: string;
  readonly message?: string;
  /**
   * true: the request reached Stripe's API and failed there, so the error is saved under its
   * idempotency key (as Stripe saves a 500 too): every retry with that key gets the same error
   * and nothing is done, while a request with a new key is carried out. false (the default): the
   * failure happened before the API (a load balancer's 500): nothing is saved, a retry under the
   * same key is carried out.
   */
  readonly saved?: boolean;
  /** how many matching requests fail (default 1) */
  readonly times?: number;
}

export interface HangOptions {
  /** how many matching requests hang (default: every one until `resume()`) */
  readonly times?: number;
  /**
   * true: the request is carried out at once (and its answer saved under its key), only its answer
   * is late (written after `ms`, or at `resume()`). false (the default): the request is stuck in
   * Stripe's API, nothing done; meanwhile another request with its idempotency key gets Stripe's
   * 409 idempotency_key_in_use; after `ms` (or at `resume()`) the connection is closed without an
   * answer and nothing was done.
   */
  readonly carriedOut?: boolean;
}

export interface FakeStripeServer {
  readonly host: "127.0.0.1";
  readonly port: number;
  readonly url: string;
  /** What `stripeGateway` takes to talk to this server. */
  gatewayOptions(secretKey?: string): { secretKey: string; host: string; port: number; protocol: "http" };
  /**
   * The customer's browser confirmed with a card that works. `sca` is a card (like 4000 0000
   * 0000 0341) whose bank refuses it later off-session, asking for the cardholder.
   */
  succeed(intentId: string, card?: "ok" | "sca"): FakePaymentIntent;
  /** The customer's browser confirmed with a declined card: the intent stays requires_payment_method. */
  decline(intentId: string): FakePaymentIntent;
  intent(intentId: string): FakePaymentIntent | undefined;
  /** Every Customer created, oldest first. */
  customers(): readonly FakeCustomer[];
  /** The intent's refunds, oldest first. */
  refundsOf(intentId: string): readonly FakeRefund[];
  /**
   * A refund made in Stripe's dashboard (no metadata), of `amount` cents or all that is left. It
   * is listed by GET /v1/refunds like any other. Answers the refund and the `charge.refunded` event
   * Stripe sends for it, also signed for a webhook secret, ready to post to the app's webhook.
   */
  refundOutside(
    intentId: string,
    amount?: number,
  ): { refund: FakeRefund; event: FakeEvent<FakeCharge>; signed(webhookSecret: string): SignedDelivery };
  /** Moves a refund to pending or failed (a failed one no longer counts as refunded), or back. */
  setRefundStatus(refundId: string, status: FakeRefund["status"]): FakeRefund;
  /** The intent's charge as it is now: amount refunded, refunds newest first. */
  chargeOf(intentId: string): FakeCharge;
  /** A Stripe event carrying the intent as it is now, e.g. for signed-webhook tests. */
  eventFor(intentId: string, type?: string): { id: string; object: "event"; type: string; data: { object: FakePaymentIntent } };
  /** A `charge.refunded` event carrying the intent's charge as it is now. */
  chargeRefundedEvent(intentId: string): FakeEvent<FakeCharge>;
  /** `event` as Stripe delivers it to a webhook endpoint: its JSON and a Stripe-Signature made with `webhookSecret`, now. */
  sign(event: object, webhookSecret: string): SignedDelivery;
  readonly requests: readonly RecordedRequest[];
  /**
   * The next matching requests answer an error. With a number (the old form): that many requests
   * answer 500 api_error, not saved under their keys. See FailOptions.
   */
  failNext(route: FakeRoute, options?: number | FailOptions): void;
  /**
   * The next `times` (default 1) matching requests are carried out (a refund is made, a Customer
   * created, the answer saved under the idempotency key) but their connection is destroyed
   * before any answer: the client sees a dropped connection, a retry with the key gets the replay.
   * stripe-node itself sends a request once more, with its key, when its connection was closed
   * (ECONNRESET, even with maxNetworkRetries 0): for one stripeGateway call to fail, lose 2
   * answers; for the resilient gateway's three attempts, 6.
   */
  loseNextAnswer(route: FakeRoute, options?: { readonly times?: number }): void;
  /**
   * Matching requests get no answer for `ms` (omitted: until `resume()`). See HangOptions for what
   * happens to them; by default nothing is done and the connection is closed after `ms` (which
   * stripe-node answers by sending the request once more: see loseNextAnswer).
   */
  hang(route: FakeRoute, ms?: number, options?: HangOptions): void;
  /** Ends every hang: held requests are let go as their hang says, later ones are answered. */
  resume(): void;
  /** Removes every fault not yet used (failures, lost answers, hangs) and ends the hangs. */
  clearFaults(): void;
  /** What a buggy or tampered flow leaves at the provider: an intent whose amount, currency or metadata differ. */
  tamper(intentId: string, change: { amount?: number; currency?: string; metadata?: Record<string, string> }): FakePaymentIntent;
  close(): Promise<void>;
}

const MIN_CHARGE = 50;
/** Stripe's largest page */
const MAX_LIMIT = 100;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string; decline_code?: string; payment_intent?: FakePaymentIntent },
    /**
     * Stripe saves an answer under its idempotency key once its API began executing the request;
     * a request whose parameters fail validation saves nothing (docs: "Idempotent requests").
     */
    readonly saved = false,
  ) {
    super(body.message);
  }
}

/** The parameters are wrong: nothing executed, nothing saved under the key. */
const invalid = (status: number, message: string, code?: string, param?: string) =>
  new StripeHttpError(status, { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

/** The API ran and refused (the intent's state, the amount left): saved under the key like a success. */
const refused = (status: number, message: string, code?: string, param?: string) =>
  new StripeHttpError(status, { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) }, true);

/** `metadata[bookingId]=b1&automatic_payment_methods[enabled]=true` -> nested objects. */
const parseForm = (body: string): Form => {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Form = form;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else {
        const next = node[segment];
        node = typeof next === "object" ? next : (node[segment] = {});
      }
    });
  }
  return form;
};

const text = (form: Form, key: string): string | undefined => {
  const value = form[key];
  return typeof value === "string" ? value : undefined;
};

const flat = (value: FormValue | undefined): Record<string, string> => {
  if (typeof value !== "object") return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  return out;
};

const integer = (value: string | undefined, param: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw invalid(400, `Invalid integer: ${value}`, "parameter_invalid_integer", param);
  return Number(value);
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const now = () => Math.floor(Date.now() / 1000);
const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};
const canonical = (body: string) => [...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).sort().join("&");

/** `"POST /v1/refunds"` or `"/v1/refunds"` -> a test of a request's method and path. */
const routeMatcher = (route: FakeRoute): ((method: string, path: string) => boolean) => {
  const [first, second] = route.trim().split(/\s+/, 2);
  const method = second === undefined ? undefined : first!.toUpperCase();
  const prefix = second ?? first!;
  return (m, path) => (method === undefined || m === method) && path.startsWith(prefix);
};

type Answer = { readonly status: number; readonly body: unknown; readonly replayed?: boolean };

/** A staged fault: where in a request's life it strikes, and how many more requests it takes. */
type Fault =
  | { readonly kind: "fail"; readonly matches: (method: string, path: string) => boolean; left: number; readonly answer: Answer; readonly saved: boolean }
  | { readonly kind: "lose"; readonly matches: (method: string, path: string) => boolean; left: number }
  | {
      readonly kind: "hang";
      readonly matches: (method: string, path: string) => boolean;
      left: number;
      readonly ms: number | undefined;
      readonly carriedOut: boolean;
    };

export const startFakeStripeServer = async (): Promise<FakeStripeServer> => {
  const intents = new Map<string, FakePaymentIntent>();
  const customers = new Map<string, FakeCustomer>();
  /** saved cards whose bank wants the cardholder present for every off-session charge */
  const scaCards = new Set<string>();
  /** oldest first */
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  // Stripe keeps the first answer per key (an error too, once its API ran) and refuses the key with other parameters.
  const replays = new Map<string, { request: string; status: number; body: unknown }>();
  let sequence = 0;
  let faults: Fault[] = [];
  /** idempotency keys of requests a hang holds before they are done (how many of each) */
  const inFlight = new Map<string, number>();
  /** requests a hang holds: each one's way out, run by its timer or by resume() */
  const held = new Set<{ release(): void; timer: NodeJS.Timeout | undefined }>();
  const nextId = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(6, "0")}${randomBytes(4).toString("hex")}`;

  const mustFind = (intentId: string): FakePaymentIntent => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
    return intent;
  };

  const refundsOf = (intentId: string) => refunds.filter((r) => r.payment_intent === intentId);
  /** a failed refund gave nothing back */
  const refundedOf = (intentId: string) => refundsOf(intentId).filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
  const newestFirst = (list: readonly FakeRefund[]) => [...list].reverse();

  const createIntent = (form: Form): FakePaymentIntent => {
    const amount = integer(text(form, "amount"), "amount");
    if (amount === undefined) throw invalid(400, "Missing required param: amount.", "parameter_missing", "amount");
    if (amount < MIN_CHARGE)
      throw invalid(400, "Amount must be at least $0.50 usd", "amount_too_small", "amount");
    const currency = text(form, "currency");
    if (!currency) throw invalid(400, "Missing required param: currency.", "parameter_missing", "currency");
    const customer = text(form, "customer") ?? null;
    if (customer !== null && !customers.has(customer))
      throw invalid(400, `No such customer: '${customer}'`, "resource_missing", "customer");
    const offSession = text(form, "confirm") === "true" && text(form, "off_session") === "true";
    if (offSession && !text(form, "payment_method"))
      throw invalid(400, "A payment method is required to confirm.", "parameter_missing", "payment_method");
    const id = nextId("pi");
    const apm = form.automatic_payment_methods;
    const intent: FakePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      metadata: flat(form.metadata),
      automatic_payment_methods: typeof apm === "object" ? { enabled: apm.enabled === "true" } : null,
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
      customer,
      payment_method: text(form, "payment_method") ?? null,
      setup_future_usage: text(form, "setup_future_usage") === "off_session" ? "off_session" : null,
    };
    intents.set(id, intent);
    if (offSession) {
      intent.off_session = true;
      if (scaCards.has(intent.payment_method!)) {
        intent.last_payment_error = {
          type: "card_error",
          code: "authentication_required",
          decline_code: "authentication_required",
          message: "Your card was declined. This transaction requires authentication.",
        };
        throw new StripeHttpError(
          402,
          {
            type: "card_error",
            code: "authentication_required",
            decline_code: "authentication_required",
            message: "Your card was declined. This transaction requires authentication.",
            payment_intent: structuredClone(intent),
          },
          true,
        );
      }
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge = nextId("ch");
    }
    return intent;
  };

  const createCustomer = (form: Form) => {
    const customer: FakeCustomer = { id: nextId("cus"), object: "customer", email: text(form, "email") ?? null, metadata: flat(form.metadata) };
    customers.set(customer.id, customer);
    return customer;
  };

  /** A refund of a paid intent, within what is left of its charge; a refusal is thrown as Stripe answers it. */
  const addRefund = (intentId: string, requested: number | undefined, metadata: Record<string, string>): FakeRefund => {
    const intent = intents.get(intentId);
    if (!intent) throw invalid(400, `No such payment_intent: '${intentId}'`, "resource_missing", "payment_intent");
    if (intent.status !== "succeeded" || !intent.latest_charge)
      throw refused(
        400,
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        "payment_intent_unexpected_state",
        "payment_intent",
      );
    const remaining = intent.amount - refundedOf(intentId);
    const amount = requested ?? remaining;
    if (remaining <= 0) throw refused(400, `Charge ${intent.latest_charge} has already been refunded.`, "charge_already_refunded");
    if (amount <= 0) throw invalid(400, "Invalid positive integer", "parameter_invalid_integer", "amount");
    if (amount > remaining)
      throw refused(
        400,
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        "amount_too_large",
        "amount",
      );
    const refund: FakeRefund = {
      id: nextId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: "succeeded",
      metadata,
      created: now(),
    };
    refunds.push(refund);
    return refund;
  };

  const createRefund = (form: Form): FakeRefund => {
    const intentId = text(form, "payment_intent");
    if (!intentId) throw invalid(400, "Missing required param: payment_intent.", "parameter_missing", "payment_intent");
    return addRefund(intentId, integer(text(form, "amount"), "amount"), flat(form.metadata));
  };

  /** GET /v1/refunds: newest first, one page of `limit` after `starting_after`, filtered by intent or charge. */
  const listRefunds = (form: Form) => {
    const intentId = text(form, "payment_intent");
    const chargeId = text(form, "charge");
    if (intentId !== undefined && !intents.has(intentId))
      throw invalid(400, `No such payment_intent: '${intentId}'`, "resource_missing", "payment_intent");
    const limit = integer(text(form, "limit"), "limit") ?? 10;
    if (limit < 1 || limit > MAX_LIMIT) throw invalid(400, `Invalid limit: must be between 1 and ${MAX_LIMIT}`, "parameter_invalid_integer", "limit");
    let list = newestFirst(refunds).filter(
      (r) => (intentId === undefined || r.payment_intent === intentId) && (chargeId === undefined || r.charge === chargeId),
    );
    const after = text(form, "starting_after");
    if (after !== undefined) {
      const at = list.findIndex((r) => r.id === after);
      if (at < 0) throw invalid(400, `No such refund: '${after}'`, "resource_missing", "starting_after");
      list = list.slice(at + 1);
    }
    return { object: "list", data: list.slice(0, limit), has_more: list.length > limit, url: "/v1/refunds" };
  };

  const chargeOf = (intentId: string): FakeCharge => {
    const intent = mustFind(intentId);
    if (intent.status !== "succeeded" || !intent.latest_charge) throw new Error(`fake stripe: ${intentId} has no charge`);
    const list = newestFirst(refundsOf(intentId));
    const refunded = refundedOf(intentId);
    const charge: FakeCharge = {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: refunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: refunded >= intent.amount,
      status: "succeeded",
      // Stripe copies the intent's metadata to its charge
      metadata: { ...intent.metadata },
      created: intent.created,
      livemode: false,
      refunds: { object: "list", data: list, has_more: false, total_count: list.length, url: `/v1/charges/${intent.latest_charge}/refunds` },
    };
    return structuredClone(charge);
  };

  const chargeRefundedEvent = (intentId: string, previousRefunded?: number): FakeEvent<FakeCharge> => ({
    id: nextId("evt"),
    object: "event",
    type: "charge.refunded",
    created: now(),
    livemode: false,
    data: { object: chargeOf(intentId), ...(previousRefunded === undefined ? {} : { previous_attributes: { amount_refunded: previousRefunded } }) },
  });

  const sign = (event: object, webhookSecret: string): SignedDelivery => {
    const body = JSON.stringify(event, null, 2);
    return {
      body,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret, timestamp: now() }),
      },
    };
  };

  const route = (method: string, path: string, form: Form): { status: number; body: unknown } => {
    if (method === "POST" && path === "/v1/payment_intents") return { status: 200, body: createIntent(form) };
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(form) };
    if (method === "GET" && path === "/v1/refunds") return { status: 200, body: listRefunds(form) };
    if (method === "POST" && path === "/v1/customers") return { status: 200, body: createCustomer(form) };
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancel) {
      const id = decodeURIComponent(cancel[1]!);
      const intent = intents.get(id);
      if (!intent) throw invalid(404, `No such payment_intent: '${id}'`, "resource_missing", "intent");
      if (intent.status === "succeeded" || intent.status === "canceled")
        throw refused(
          400,
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          "payment_intent_unexpected_state",
          "intent",
        );
      intent.status = "canceled";
      return { status: 200, body: intent };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const id = decodeURIComponent(match[1]!);
      const intent = intents.get(id);
      if (!intent) throw invalid(404, `No such payment_intent: '${id}'`, "resource_missing", "intent");
      return { status: 200, body: intent };
    }
    throw invalid(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const send = (res: ServerResponse, answer: Answer) => {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(answer.status, {
      "content-type": "application/json",
      "request-id": `req_${randomBytes(6).toString("hex")}`,
      ...(answer.replayed ? { "idempotent-replayed": "true" } : {}),
    });
    res.end(JSON.stringify(answer.body));
  };

  /** The first staged fault of these kinds for the request, used up by one. */
  const takeFault = (method: string, path: string, accept: (fault: Fault) => boolean): Fault | undefined => {
    const fault = faults.find((f) => f.left > 0 && accept(f) && f.matches(method, path));
    if (fault) {
      fault.left--;
      if (fault.left <= 0) faults = faults.filter((f) => f !== fault);
    }
    return fault;
  };

  /** Holds a request's way out until `ms` passed or `resume()`. */
  const hold = (ms: number | undefined, release: () => void) => {
    const entry: { release(): void; timer: NodeJS.Timeout | undefined } = {
      release: () => {
        if (entry.timer) clearTimeout(entry.timer);
        held.delete(entry);
        release();
      },
      timer: undefined,
    };
    if (ms !== undefined) entry.timer = setTimeout(entry.release, ms);
    held.add(entry);
  };

  /** What the API answers: a replay of the key's first answer, or the request carried out. */
  const execute = (method: string, path: string, form: Form, raw: string, idempotencyKey: string | undefined): Answer => {
    const fingerprint = `${method} ${path} ${canonical(raw)}`;
    const keyed = idempotencyKey !== undefined && method === "POST";
    const previous = keyed ? replays.get(idempotencyKey) : undefined;
    if (previous) {
      if (previous.request !== fingerprint)
        return {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      return { status: previous.status, body: previous.body, replayed: true };
    }
    if (keyed && inFlight.has(idempotencyKey))
      // Stripe's answer while the first request with the key has not finished (nothing saved)
      return {
        status: 409,
        body: {
          error: {
            type: "invalid_request_error",
            code: "idempotency_key_in_use",
            message: `There is currently another in-progress request using this idempotent key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
          },
        },
      };
    let answer: Answer;
    let saved: boolean;
    const failure = takeFault(method, path, (f) => f.kind === "fail" && f.saved);
    if (failure?.kind === "fail") {
      answer = failure.answer;
      saved = true;
    } else {
      try {
        answer = route(method, path, form);
        saved = true;
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        answer = { status: error.status, body: { error: error.body } };
        saved = error.saved;
      }
    }
    if (keyed && saved) replays.set(idempotencyKey, { request: fingerprint, status: answer.status, body: answer.body });
    return answer;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = req.method ?? "GET";
      const path = url.pathname;
      const raw = await readBody(req);
      const form = parseForm(method === "GET" ? url.searchParams.toString() : raw);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      const authorization = req.headers.authorization;
      requests.push({ method, path, idempotencyKey, authorization, form });

      // before Stripe's API: an outage that saves nothing, or a request that never gets through
      const early = takeFault(method, path, (f) => (f.kind === "fail" && !f.saved) || (f.kind === "hang" && !f.carriedOut));
      if (early?.kind === "fail") return send(res, early.answer);
      if (early?.kind === "hang") {
        // held while Stripe works on it: a retry with its key meanwhile is told the key is in use
        const key = method === "POST" ? idempotencyKey : undefined;
        if (key !== undefined) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
        return hold(early.ms, () => {
          if (key !== undefined) {
            const count = (inFlight.get(key) ?? 1) - 1;
            if (count > 0) inFlight.set(key, count);
            else inFlight.delete(key);
          }
          res.destroy();
        });
      }

      let answer: Answer;
      try {
        if (!authorization?.startsWith("Bearer sk_"))
          throw new StripeHttpError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
        answer = execute(method, path, form, method === "GET" ? url.searchParams.toString() : raw, idempotencyKey);
      } catch (error) {
        answer =
          error instanceof StripeHttpError
            ? { status: error.status, body: { error: error.body } }
            : { status: 500, body: { error: { type: "api_error", message: String(error) } } };
      }

      // after it: the answer lost on its way back, or late
      const late = takeFault(method, path, (f) => f.kind === "lose" || (f.kind === "hang" && f.carriedOut));
      if (late?.kind === "lose") return res.destroy();
      if (late?.kind === "hang") return hold(late.ms, () => send(res, answer));
      send(res, answer);
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const endHangs = () => {
    faults = faults.filter((f) => f.kind !== "hang");
    for (const entry of [...held]) entry.release();
  };

  return {
    host: "127.0.0.1",
    port,
    url: `http://127.0.0.1:${port}`,
    gatewayOptions: (secretKey = "sk_test_fake") => ({ secretKey, host: "127.0.0.1", port, protocol: "http" }),
    succeed(intentId, card = "ok") {
      const intent = mustFind(intentId);
      if (intent.status === "canceled") throw new Error(`fake stripe: ${intentId} was canceled`);
      intent.payment_method ??= nextId("pm");
      if (card === "sca") scaCards.add(intent.payment_method);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge ??= nextId("ch");
      intent.last_payment_error = null;
      return intent;
    },
    decline(intentId) {
      const intent = mustFind(intentId);
      if (intent.status === "succeeded") throw new Error(`fake stripe: ${intentId} already succeeded`);
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      return intent;
    },
    intent: (intentId) => intents.get(intentId),
    customers: () => [...customers.values()],
    refundsOf,
    refundOutside(intentId, amount) {
      const before = refundedOf(intentId);
      let refund: FakeRefund;
      try {
        refund = addRefund(intentId, amount, {});
      } catch (error) {
        throw new Error(`fake stripe: cannot refund ${intentId} from the dashboard: ${(error as Error).message}`);
      }
      const event = chargeRefundedEvent(intentId, before);
      return { refund, event, signed: (webhookSecret) => sign(event, webhookSecret) };
    },
    setRefundStatus(refundId, status) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`fake stripe: no refund ${refundId}`);
      refund.status = status;
      return refund;
    },
    chargeOf,
    eventFor(intentId, type = "payment_intent.succeeded") {
      return { id: nextId("evt"), object: "event", type, data: { object: structuredClone(mustFind(intentId)) } };
    },
    chargeRefundedEvent: (intentId) => chargeRefundedEvent(intentId),
    sign,
    requests,
    failNext(route, options = 1) {
      const o: FailOptions = typeof options === "number" ? { times: options } : options;
      const status = o.status ?? 500;
      const error = {
        type: o.type ?? (status >= 500 ? "api_error" : "invalid_request_error"),
        message: o.message ?? (status >= 500 ? "An unknown error occurred (fake outage)" : "Request failed (staged by the test)"),
        ...(o.code === undefined ? {} : { code: o.code }),
      };
      faults.push({ kind: "fail", matches: routeMatcher(route), left: o.times ?? 1, answer: { status, body: { error } }, saved: o.saved ?? false });
    },
    loseNextAnswer(route, options = {}) {
      faults.push({ kind: "lose", matches: routeMatcher(route), left: options.times ?? 1 });
    },
    hang(route, ms, options = {}) {
      faults.push({ kind: "hang", matches: routeMatcher(route), left: options.times ?? Infinity, ms, carriedOut: options.carriedOut ?? false });
    },
    resume: endHangs,
    clearFaults() {
      endHangs();
      faults = [];
    },
    tamper(intentId, change) {
      const intent = mustFind(intentId);
      if (change.amount !== undefined) intent.amount = change.amount;
      if (change.currency !== undefined) intent.currency = change.currency;
      if (change.metadata !== undefined) intent.metadata = change.metadata;
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const entry of [...held]) {
          if (entry.timer) clearTimeout(entry.timer);
          held.delete(entry);
        }
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
