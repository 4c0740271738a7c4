import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_CLUB_NAME } from "@courts/core";
import { ProviderUnavailable } from "../../payments/gateway-errors.js";
import { HttpProblem, isDomainError, problemOf } from "../error-mapping.js";
import { isDatabaseUnavailable, isStorageFault } from "../../database-unavailable.js";
import { escapeHtml } from "../../mail/html.js";
import { isApiPath, plainPage } from "../plain-page.js";
import { RATE_LIMIT_MESSAGE } from "./rate-limits.js";

const PROVIDER_RETRY_AFTER_SECONDS = 30;

const INTERNAL = { message: "Error interno del servidor", code: "INTERNAL" } as const;
const UNAVAILABLE = {
  message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
  code: "SERVICE_UNAVAILABLE",
} as const;
/** A database restart or a failover takes seconds. */
const RETRY_AFTER_SECONDS = 5;
const STORAGE_FAULT = {
  message: "No se pueden guardar cambios en este momento: el almacenamiento del servidor no admite escrituras (lleno o en solo lectura). Inténtalo de nuevo en unos minutos.",
  code: "STORAGE_UNAVAILABLE",
} as const;
/** Freeing disk space or lifting read-only takes an operator: minutes, not seconds. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

/** Fastify's own 4xx failures, in Spanish. */
const FASTIFY_PROBLEMS: Readonly<Record<string, { status: number; code: string; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE", message: "El cuerpo de la petición es demasiado grande (máximo 16 KiB; una imagen, 10 MB)" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Tipo de contenido no soportado: envía JSON con Content-Type: application/json",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "INVALID_INPUT", message: "La longitud del cuerpo no coincide con Content-Length" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "INVALID_INPUT", message: "El cuerpo JSON está vacío" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "INVALID_INPUT", message: "El cuerpo de la petición no es un JSON válido" },
  FST_ERR_BAD_URL: { status: 400, code: "INVALID_INPUT", message: "La dirección de la petición no es válida" },
};


const GENERIC_4XX: Readonly<Record<number, { code: string; message: string }>> = {
  401: { code: "NOT_AUTHENTICATED", message: "Debes iniciar sesión" },
  403: { code: "NOT_ALLOWED", message: "Acceso denegado" },
  404: { code: "NOT_FOUND", message: "Ruta no encontrada" },
  405: { code: "METHOD_NOT_ALLOWED", message: "Método no permitido" },
  413: { code: "PAYLOAD_TOO_LARGE", message: "El cuerpo de la petición es demasiado grande" },
  415: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Tipo de contenido no soportado" },
};

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).code === "string";

const send = (reply: FastifyReply, status: number, body: object) => {
  if (reply.sent) return;
  // an error never carries the cache headers of the answer it replaced, nor its encoding (a route
  // that compressed its answer itself, compressed-once.ts): the error's JSON goes as it is
  reply.header("cache-control", "no-store");
  reply.removeHeader("content-encoding");
  void reply.code(status).type("application/json; charset=utf-8").send(body);
};

/**
 * The one error handler (STYLE.md): domain failures by the table in error-mapping.ts, the
 * HTTP layer's own problems, Fastify's 4xx in Spanish, and everything else a 500 whose
 * message and stack stay in the log (with the request id), never in the answer.
 */
export const handleError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  if (isDomainError(error)) {
    const problem = problemOf(error);
    return send(reply, problem.status, problem.body);
  }
  if (error instanceof HttpProblem) {
    if (error.headers && !reply.sent) reply.headers(error.headers);
    return send(reply, error.statusCode, {
      message: error.message,
      code: error.code,
      ...(error.field === undefined ? {} : { field: error.field }),
    });
  }
  if (error instanceof ProviderUnavailable) {
    // Nothing was left half done (see DESIGN.md section 8): the client may simply retry.
    request.log.warn({ err: error, reqId: request.id }, "payment provider unavailable");
    reply.header("retry-after", String(PROVIDER_RETRY_AFTER_SECONDS));
    return send(reply, 503, {
      message: "El proveedor de pagos no responde en este momento. Inténtalo de nuevo en unos segundos.",
      code: "PAYMENT_PROVIDER_UNAVAILABLE",
    });
  }
  if (isFastifyError(error)) {
    const known = FASTIFY_PROBLEMS[error.code];
    // the content-type parser's failures are about the body; a bad address is not
    if (known) return send(reply, known.status, { message: known.message, code: known.code, ...(error.code.startsWith("FST_ERR_CTP_") ? { field: "body" } : {}) });
  }
  // other client errors from plugins (static files, rate limit, ...): their status, a generic text
  const status = typeof error === "object" && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  if (typeof status === "number" && status >= 400 && status < 500) {
    request.log.info({ err: error }, "client error");
    if (status === 429) return send(reply, 429, { message: RATE_LIMIT_MESSAGE, code: "RATE_LIMITED" });
    const { code, message } = GENERIC_4XX[status] ?? { code: "INVALID_INPUT", message: "Petición inválida" };
    return send(reply, status, { message, code });
  }
  if (isStorageFault(error)) {
    request.log.error({ err: error, reqId: request.id }, "database storage refuses writes (disk full or read-only)");
    reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
    return send(reply, 503, STORAGE_FAULT);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, reqId: request.id }, "database unavailable");
    reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    return send(reply, 503, UNAVAILABLE);
  }
  request.log.error({ err: error, reqId: request.id }, "unexpected error");
  return send(reply, 500, INTERNAL);
};

/** What a browser shows for a page whose address Fastify cannot read: Spanish, and a way home. */
const badAddressPage = (clubName: string) =>
  plainPage(
    `Dirección no válida · ${escapeHtml(clubName)}`,
    "<h1>Dirección no válida</h1>" +
      "<p>La dirección de esta página no es válida: revisa el enlace o vuelve al inicio.</p>" +
      '<p><a href="/" style="display: inline-block; padding: 0.6rem 1.1rem; border-radius: 0.5rem; background: #17633e; color: #fff; text-decoration: none; font-weight: 600">Volver al inicio</a></p>',
  );

/**
 * Fastify's failures before any route or hook runs (`frameworkErrors`: a path whose %-escapes do
 * not decode, `/venue/%E0%A4%A`): the API's Spanish problem, or for a browser asking for a page, a
 * page. Without it Fastify answered its own English JSON (`FST_ERR_BAD_URL`), even to a browser.
 */
export const handleFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const page = !isApiPath(request.url) && (request.headers.accept ?? "").includes("text/html");
  if (!page) return handleError(error, request, reply);
  request.log.info({ err: error }, "client error");
  void reply
    .code(FASTIFY_PROBLEMS[error.code]?.status ?? 400)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(badAddressPage(request.server.httpConfig?.clubName ?? DEFAULT_CLUB_NAME));
};

/** Node's HTTP parser's refusals (read before Fastify sees a request), by its error code. */
const PARSER_PROBLEMS: Readonly<Record<string, { status: number; code: string; message: string }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: "REQUEST_TIMEOUT", message: "La petición tardó demasiado en llegar" },
  HPE_HEADER_OVERFLOW: { status: 431, code: "HEADERS_TOO_LARGE", message: "Las cabeceras de la petición son demasiado grandes" },
};
const MALFORMED = { status: 400, code: "INVALID_INPUT", message: "La petición HTTP no es válida (una dirección con caracteres sin codificar, por ejemplo)" };

/**
 * A request Node's HTTP parser refuses before Fastify sees it (a raw "ñ" in the address, a header
 * past 16 KiB, headers that never end): the API's Spanish problem on the socket, then the
 * connection closed, instead of Fastify's English `{"message":"Client Error"}`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const problem = PARSER_PROBLEMS[error.code ?? ""] ?? MALFORMED;
  const body = JSON.stringify({ message: problem.message, code: problem.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
  },
  { name: "courts-errors", fastify: "5.x" },
);
