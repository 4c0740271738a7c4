import { randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { DestinationStream, Logger } from "pino";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { memoryRateLimitStore } from "../limits/rate-limit-store.js";
import { ServiceMetrics } from "../observability/service-metrics.js";
import type { AppDeps, HttpConfig, LoggerSetting, ObservedAnswer } from "./deps.js";
import { COMPRESS_ENCODINGS, COMPRESS_THRESHOLD } from "./compressed-once.js";
import { registerSharedSchemas } from "./openapi.js";
import { describeOperations, SESSION_SCHEME } from "./operations.js";
import errorsPlugin, { clientErrorHandler, handleFrameworkError } from "./plugins/errors.js";
import { keptSigner } from "./kept-signer.js";
import guestReadsSession from "./plugins/guest-reads.js";
import { requestLineWriterOf, serverLogger, type RequestLineWriter } from "./log-redaction.js";
import jsonBodyPlugin, { BODY_LIMIT } from "./plugins/json-body.js";
import originCheck from "./plugins/origin-check.js";
import portsPlugin from "./plugins/ports.js";
import rateLimitsPlugin from "./plugins/rate-limits.js";
import securityHeaders, { answerStamp } from "./plugins/security-headers.js";
import webPlugin from "./plugins/web.js";
import adminRoutes from "./routes/admin.js";
import accountRoutes from "./routes/account.js";
import authRoutes from "./routes/auth.js";
import balanceRoutes from "./routes/balances.js";
import bookingRoutes from "./routes/bookings.js";
import clubOperationRoutes from "./routes/club-operations.js";
import configRoutes from "./routes/config.js";
import courtRoutes from "./routes/courts.js";
import discountCodeRoutes from "./routes/discount-codes.js";
import imageRoutes from "./routes/images.js";
import notificationRoutes from "./routes/notifications.js";
import paymentRoutes from "./routes/payments.js";
import membershipRoutes from "./routes/memberships.js";
import punchCardRoutes from "./routes/punch-cards.js";
import reportRoutes from "./routes/reports.js";
import { serviceRoutes } from "./routes/service.js";
import { isDraining } from "./graceful-stop.js";
import shareLinkRoutes from "./routes/share-links.js";
import walletRoutes from "./routes/wallet.js";
import openMatchRoutes from "./routes/open-matches.js";
import stripeWebhookRoutes from "./routes/stripe-webhook.js";
import userRoutes from "./routes/users.js";
import venueRoutes from "./routes/venues.js";
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from "./session.js";
import "./augment.js";

/** The document's groups of operations. */
const TAGS: Readonly<Record<string, string>> = {
  config: "Configuración del servidor",
  auth: "Sesión del jugador",
  user: "Cuenta, historial, calendario y recordatorios del jugador",
  venues: "Complejos y su calendario",
  courts: "Canchas y su disponibilidad",
  bookings: "Reservas, pagadores y lista de espera",
  payments: "Pagos con tarjeta y facturas",
  "shared payments": "Links de pago compartido",
  "discount codes": "Códigos de descuento",
  admin: "Panel del club",
  images: "Imágenes de complejos y canchas",
};

const loggingOf = (setting: LoggerSetting | undefined): Pick<FastifyServerOptions, "logger" | "loggerInstance"> => {
  if (setting === false) return { logger: false };
  if (setting && "instance" in setting) return { loggerInstance: setting.instance };
  return { loggerInstance: serverLogger(setting?.level ?? "info", setting?.stream as DestinationStream | undefined) };
};

/**
 * One log line per request, when its answer is sent: request id, method, url, status and time
 * (Fastify's default writes a second line, with the request, when it arrives; at `info` the two
 * lines were about a tenth of the CPU of a small answer).
 */
class RequestLog extends LogController {
  constructor(private readonly lines: RequestLineWriter | undefined) {
    super();
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // the server's own logger writes the line of an answer without an error directly (log-redaction.ts)
    if (!error && this.lines !== undefined && (reply.log as unknown as Logger).isLevelEnabled("info")) return this.lines(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** proxy-addr's hop semantics: the closest `hops` addresses are proxies, the next one the client. */
const trustProxyOption = (trust: HttpConfig["trustProxy"]): FastifyServerOptions["trustProxy"] => {
  if (trust === false) return false;
  if (typeof trust === "number") {
    const hops = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return [...trust];
};

const contentSecurityPolicy = (config: HttpConfig) => {
  const stripe = config.stripePublishableKey !== null;
  const https = config.publicUrl.startsWith("https://");
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? ["https://js.stripe.com"] : [])],
      // Radix UI injects small style elements at run time
      styleSrc: ["'self'", "'unsafe-inline'"],
      // venue images may be any http(s) URL an admin typed, or inline data
      imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
      frameSrc: stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
};

const GIVEN = Symbol("given");

/** Tests only (AppDeps.observeAnswers): every answer's body, as given and as sent. */
const observe = (app: FastifyInstance, sink: (answer: ObservedAnswer) => void) => {
  app.addHook("preSerialization", async (request, _reply, payload) => {
    (request as unknown as Record<symbol, unknown>)[GIVEN] = JSON.parse(JSON.stringify(payload)) as unknown;
    return payload;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const contentType = String(reply.getHeader("content-type") ?? "");
    // a route may send an answer it compressed itself (compressed-once.ts): observed as decoded
    const encoding = reply.getHeader("content-encoding");
    const decoded = (bytes: Buffer) => (encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes);
    const text = typeof payload === "string" ? payload : Buffer.isBuffer(payload) && contentType.includes("json") ? decoded(payload).toString("utf8") : undefined;
    const json = contentType.includes("application/json") && text !== undefined && text !== "";
    sink({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      contentType,
      sent: json ? (JSON.parse(text) as unknown) : undefined,
      given: (request as unknown as Record<symbol, unknown>)[GIVEN],
    });
    return payload;
  });
};

/**
 * The HTTP server: external plugins, then the app's plugins, then one plugin per resource,
 * then the web app (STYLE.md, fastify/demo). It takes its ports, session store and
 * configuration as arguments, so tests build it on any database.
 */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config } = deps;
  const logging = loggingOf(deps.logger);
  const stamp = answerStamp({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith("https://"),
  });
  const app = Fastify({
    ...logging,
    bodyLimit: BODY_LIMIT,
    // a hop count or the proxies' addresses, never "every X-Forwarded-For" (config.ts)
    trustProxy: trustProxyOption(config.trustProxy),
    // slow bodies and slow headers (slowloris) cannot hold a connection forever
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: Math.min(config.headersTimeoutSeconds, config.requestTimeoutSeconds || Infinity) * 1000,
      // how often Node looks for connections past those timeouts (default 30 s)
      connectionsCheckingInterval: 1000,
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new RequestLog(requestLineWriterOf(logging.loggerInstance)),
    // Stopping (SIGTERM): a request that still arrives on an open connection is served, with
    // `Connection: close`, rather than refused with a 503 a proxy would pass on to the player
    return503OnClosing: false,
    forceCloseConnections: "idle",
    // an id of any length reaches its route and gets the route's own 400 (at the default of 100
    // characters, a longer one answered 'Ruta no encontrada'); Node's 16 KiB header limit bounds it
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Requests are decoded by the core's effect Schemas (Spanish per-field messages); the JSON
    // Schemas on routes are documentation and response serialization only.
    schemaErrorFormatter: (errors) => new Error(errors[0]?.message ?? "invalid"),
    // a request Node's parser refuses: answered in Spanish too
    clientErrorHandler,
    // answered before any hook runs: stamped here as every other answer is in its onRequest hook
    frameworkErrors: (error, request, reply) => {
      stamp(request, reply);
      handleFrameworkError(error, request, reply);
    },
  });
  // every request passes: the Schemas decode in the routes (a shared `true`, no object per request)
  app.setValidatorCompiler(() => () => true);
  if (deps.observeAnswers) observe(app, deps.observeAnswers);
  // every answer's time, by the route's pattern (never the URL, which holds ids and tokens)
  const metrics = deps.metrics ?? new ServiceMetrics();
  app.addHook("onResponse", (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  let stopping = false;
  app.addHook("preClose", (done) => {
    stopping = true;
    done();
  });
  await app.register(securityHeaders, { stamp });
  // cross-site writes refused before the session is read or the body parsed
  await app.register(originCheck, { publicUrl: config.publicUrl });

  // external plugins
  // Answers over 1 KiB are sent brotli or gzip when the client accepts it (level 4 brotli: fast
  // enough for JSON per request); the built web assets are compressed ahead of time instead.
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: COMPRESS_ENCODINGS });
  await app.register(fastifyCookie);
  app.decorate("sessions", deps.sessionStore);
  await app.register(guestReadsSession, {
    // each signature checked or made once per cookie, not twice per request (kept-signer.ts)
    secret: keptSigner(config.sessionSecret),
    cookieName: SESSION_COOKIE,
    store: deps.sessionStore,
    saveUninitialized: false,
    // a store write only when the session changes, not on every request
    rolling: false,
    cookie: { httpOnly: true, sameSite: "lax", secure: config.cookieSecure, path: "/", maxAge: SESSION_MAX_AGE_MS },
  });
  await app.register(fastifySwagger, {
    // the shared schemas (core's contract) keep their names under components.schemas
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === "string" ? json.$id : `def-${i}`) },
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Reserva de canchas de tenis: API",
        description: "La API de docs/API.md. Errores: { message, code } con el estado HTTP correspondiente.",
        version: "1.0.0",
        license: { name: "Propietaria", url: `${config.publicUrl}/` },
      },
      servers: [{ url: config.publicUrl }],
      // public by default; the operations that need a login declare the session (operations.ts)
      security: [{}],
      components: {
        // the cookie that POST /api/auth/login and POST /api/admin/login set
        securitySchemes: { [SESSION_SCHEME]: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  // the app's plugins
  registerSharedSchemas(app);
  describeOperations(app);
  await app.register(portsPlugin, {
    ports: deps.ports,
    config,
    simulatedCard: deps.simulatedCard ?? null,
    verifyWebhook: deps.verifyWebhook ?? null,
  });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(rateLimitsPlugin, {
    store: deps.rateLimits ?? memoryRateLimitStore(),
    loginMax: config.loginRateLimit,
    loginIpMax: config.loginIpRateLimit,
    loginAccountMax: config.loginAccountRateLimit,
    registerMax: config.registerRateLimit,
    anonymousWriteMax: config.anonymousWriteRateLimit,
  });

  // the benchmark's baseline: no database, no use case (see AppDeps.benchBareRoute)
  if (deps.benchBareRoute) app.get("/__bench/bare", { schema: { hide: true } }, async () => ({ hello: "world" }));

  // routes
  await app.register(serviceRoutes({ readiness: deps.readiness, metrics, stopping: () => stopping || isDraining(app.server) }));
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(venueRoutes);
  await app.register(courtRoutes);
  await app.register(imageRoutes);
  await app.register(bookingRoutes);
  await app.register(discountCodeRoutes);
  await app.register(adminRoutes);
  await app.register(paymentRoutes);
  await app.register(punchCardRoutes);
  await app.register(membershipRoutes);
  await app.register(reportRoutes);
  await app.register(shareLinkRoutes);
  await app.register(walletRoutes);
  await app.register(openMatchRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(balanceRoutes);
  await app.register(clubOperationRoutes);
  await app.register(notificationRoutes);

  // the web app and the 404s, last
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
};
