import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stateful stand-in for api.stripe.com, on 127.0.0.1 and a random port, speaking the
 * few endpoints the Stripe gateway uses the way Stripe does (form-encoded bodies, error JSON,
 * idempotency-key replay). No offline Stripe mock exists on npm (STACK.md), and nothing in the
 * tests may reach Stripe. Point stripe-node at it with `gatewayOptions()`.
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
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly form: Form;
}

export interface FakeStripeServer {
  readonly host: "127.0.0.1";
  readonly port: number;
  readonly url: string;
  /** What `stripeGateway` takes to talk to this server. */
  gatewayOptions(secretKey?: string): { secretKey: string; host: string; port: number; protocol: "http" };
  /** The customer's browser confirmed with a card that works. */
  succeed(intentId: string): FakePaymentIntent;
  /** The customer's browser confirmed with a declined card: the intent stays requires_payment_method. */
  decline(intentId: string): FakePaymentIntent;
  intent(intentId: string): FakePaymentIntent | undefined;
  refundsOf(intentId: string): readonly FakeRefund[];
  /** A Stripe event carrying the intent as it is now, e.g. for signed-webhook tests. */
  eventFor(intentId: string, type?: string): { id: string; object: "event"; type: string; data: { object: FakePaymentIntent } };
  readonly requests: readonly RecordedRequest[];
  /** The next `count` requests whose path starts with `pathPrefix` answer 500 api_error (then it recovers). */
  failNext(pathPrefix: string, count: number): void;
  /** Requests whose path starts with `pathPrefix` get no answer until `resume()` (a hanging provider). */
  hang(pathPrefix: string): void;
  resume(): void;
  /** What a buggy or tampered flow leaves at the provider: an intent whose amount, currency or metadata differ. */
  tamper(intentId: string, change: { amount?: number; currency?: string; metadata?: Record<string, string> }): FakePaymentIntent;
  close(): Promise<void>;
}

const MIN_CHARGE = 50;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

const invalid = (status: number, message: string, code?: string, param?: string) =>
  new StripeHttpError(status, { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

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

export const startFakeStripeServer = async (): Promise<FakeStripeServer> => {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  // Stripe keeps successful answers per key and refuses the key with other parameters.
  const replays = new Map<string, { request: string; status: number; body: unknown }>();
  let sequence = 0;
  const failures: { prefix: string; left: number }[] = [];
  let hanging: string | null = null;
  const held: ServerResponse[] = [];
  const nextId = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(6, "0")}${randomBytes(4).toString("hex")}`;

  const mustFind = (intentId: string): FakePaymentIntent => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
    return intent;
  };

  const createIntent = (form: Form): FakePaymentIntent => {
    const amount = integer(text(form, "amount"), "amount");
    if (amount === undefined) throw invalid(400, "Missing required param: amount.", "parameter_missing", "amount");
    if (amount < MIN_CHARGE)
      throw invalid(400, "Amount must be at least $0.50 usd", "amount_too_small", "amount");
    const currency = text(form, "currency");
    if (!currency) throw invalid(400, "Missing required param: currency.", "parameter_missing", "currency");
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
    };
    intents.set(id, intent);
    return intent;
  };

  const createRefund = (form: Form): FakeRefund => {
    const intentId = text(form, "payment_intent");
    if (!intentId) throw invalid(400, "Missing required param: payment_intent.", "parameter_missing", "payment_intent");
    const intent = intents.get(intentId);
    if (!intent) throw invalid(400, `No such payment_intent: '${intentId}'`, "resource_missing", "payment_intent");
    if (intent.status !== "succeeded" || !intent.latest_charge)
      throw invalid(
        400,
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        "payment_intent_unexpected_state",
        "payment_intent",
      );
    const refunded = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
    const remaining = intent.amount - refunded;
    const amount = integer(text(form, "amount"), "amount") ?? remaining;
    if (remaining <= 0) throw invalid(400, `Charge ${intent.latest_charge} has already been refunded.`, "charge_already_refunded");
    if (amount <= 0) throw invalid(400, "Invalid positive integer", "parameter_invalid_integer", "amount");
    if (amount > remaining)
      throw invalid(
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
      metadata: {},
      created: now(),
    };
    refunds.push(refund);
    return refund;
  };

  const route = (method: string, path: string, form: Form): { status: number; body: unknown } => {
    if (method === "POST" && path === "/v1/payment_intents") return { status: 200, body: createIntent(form) };
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(form) };
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancel) {
      const id = decodeURIComponent(cancel[1]!);
      const intent = intents.get(id);
      if (!intent) throw invalid(404, `No such payment_intent: '${id}'`, "resource_missing", "intent");
      if (intent.status === "succeeded" || intent.status === "canceled")
        throw invalid(
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

  const send = (res: ServerResponse, status: number, body: unknown, replayed = false) => {
    res.writeHead(status, {
      "content-type": "application/json",
      "request-id": `req_${randomBytes(6).toString("hex")}`,
      ...(replayed ? { "idempotent-replayed": "true" } : {}),
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = req.method ?? "GET";
      const raw = await readBody(req);
      const form = parseForm(method === "GET" ? url.searchParams.toString() : raw);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      const authorization = req.headers.authorization;
      requests.push({ method, path: url.pathname, idempotencyKey, authorization, form });
      if (hanging !== null && url.pathname.startsWith(hanging)) {
        held.push(res);
        return;
      }
      const failure = failures.find((f) => f.left > 0 && url.pathname.startsWith(f.prefix));
      if (failure) {
        failure.left--;
        return send(res, 500, { error: { type: "api_error", message: "An unknown error occurred (fake outage)" } });
      }
      try {
        if (!authorization?.startsWith("Bearer sk_"))
          throw new StripeHttpError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
        const fingerprint = `${method} ${url.pathname} ${canonical(raw)}`;
        const previous = idempotencyKey === undefined ? undefined : replays.get(idempotencyKey);
        if (previous) {
          if (previous.request !== fingerprint)
            throw new StripeHttpError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          return send(res, previous.status, previous.body, true);
        }
        const answer = route(method, url.pathname, form);
        if (idempotencyKey !== undefined && method === "POST") replays.set(idempotencyKey, { request: fingerprint, ...answer });
        send(res, answer.status, answer.body);
      } catch (error) {
        if (error instanceof StripeHttpError) send(res, error.status, { error: error.body });
        else send(res, 500, { error: { type: "api_error", message: String(error) } });
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    url: `http://127.0.0.1:${port}`,
    gatewayOptions: (secretKey = "sk_test_fake") => ({ secretKey, host: "127.0.0.1", port, protocol: "http" }),
    succeed(intentId) {
      const intent = mustFind(intentId);
      if (intent.status === "canceled") throw new Error(`fake stripe: ${intentId} was canceled`);
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
    refundsOf: (intentId) => refunds.filter((r) => r.payment_intent === intentId),
    eventFor(intentId, type = "payment_intent.succeeded") {
      return { id: nextId("evt"), object: "event", type, data: { object: structuredClone(mustFind(intentId)) } };
    },
    requests,
    failNext(pathPrefix, count) {
      failures.push({ prefix: pathPrefix, left: count });
    },
    hang(pathPrefix) {
      hanging = pathPrefix;
    },
    resume() {
      hanging = null;
      // the clients gave up on these long ago; answering now only frees the sockets
      for (const res of held.splice(0)) res.destroy();
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
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
