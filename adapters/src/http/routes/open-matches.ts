import {
  closeMatch,
  formatMoney,
  getOpenMatch,
  joinOpenMatch,
  leaveOpenMatch,
  listOpenMatches,
  matchOfBooking,
  MatchJoinAnswer,
  MatchLeaveAnswer,
  OpenMatchAnswer,
  OpenMatchBody,
  OpenMatchListAnswer,
  type OpenMatchListBytes,
  OpenMatchQuery,
  openMatch,
  presentOpenMatch,
  presentPayment,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { compressedOnce } from "../compressed-once.js";
import { decode, idParam } from "../decode.js";
import { signedIn } from "../guards.js";
import { answerOf, idParams, noContent, problems, requestOf } from "../openapi.js";
import { run } from "../run.js";
import { JSON_TYPE, PRIVATE, PUBLIC_READ, routes } from "./route-plugin.js";

/** The same bytes as a Buffer: the kept answer's own object, so its compressed copies are found again. */
const bufferOf = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Open matches ('Partidos abiertos', DESIGN.md section 17). */
export default routes("open-matches", async (app) => {
  const tags = ["open matches"];
  const sendList = compressedOnce();

  app.post(
    "/api/bookings/:id/open-match",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Abrir el partido de una reserva a jugadores de un nivel (organizador que pagó su parte)",
        params: idParams(),
        body: requestOf(OpenMatchBody),
        response: { 201: answerOf(OpenMatchAnswer), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = decode(OpenMatchBody, request.body);
      const shown = await run(openMatch(app.ports, actorOf(request), idParam(request.params), input));
      return reply.code(201).header("cache-control", PRIVATE).send(presentOpenMatch(shown));
    },
  );

  app.get(
    "/api/bookings/:id/open-match",
    {
      preHandler: signedIn,
      schema: { tags, summary: "El partido abierto de una reserva (organizador o admin); 404 si no tiene", params: idParams(), response: { 200: answerOf(OpenMatchAnswer), ...problems(401, 403, 404) } },
    },
    async (request, reply) => {
      const shown = await run(matchOfBooking(app.ports, actorOf(request), idParam(request.params)));
      return reply.header("cache-control", PRIVATE).send(presentOpenMatch(shown));
    },
  );

  app.delete(
    "/api/bookings/:id/open-match",
    {
      preHandler: signedIn,
      schema: { tags, summary: "Cerrar el partido a nuevos jugadores (organizador)", params: idParams(), response: { 204: noContent, ...problems(401, 403, 404) } },
    },
    async (request, reply) => {
      await run(closeMatch(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).header("cache-control", PRIVATE).send();
    },
  );

  app.get(
    "/api/open-matches",
    {
      // compressed once per kept answer (sendList), not by the plugin on each request
      compress: false,
      schema: {
        tags,
        summary: "Partidos abiertos con lugares libres, los más próximos primero (público: solo nombres de pila y niveles)",
        querystring: requestOf(OpenMatchQuery),
        response: { 200: answerOf(OpenMatchListAnswer), ...problems(400) },
      },
    },
    async (request, reply) => {
      const query = decode(OpenMatchQuery, request.query);
      const now = app.ports.clock.now();
      // built once per filter and kept by the repository until a write or the first deadline in
      // it (open-match-repository.sql.ts): sent as the same bytes, compressed once, not per request
      const build = async (): Promise<OpenMatchListBytes> => {
        const items = await run(listOpenMatches(app.ports, query, now));
        const answer: OpenMatchListAnswer = { items: items.map(presentOpenMatch) };
        return { body: Buffer.from(JSON.stringify(answer)), until: Math.min(...items.map((m) => m.match.deadline.getTime())) };
      };
      const key = `${query.venueId ?? ""}|${query.date ?? ""}|${query.level ?? ""}`;
      const body = app.ports.openMatches.keptList ? await app.ports.openMatches.keptList(key, now, build) : (await build()).body;
      reply.header("cache-control", PUBLIC_READ);
      return reply.type(JSON_TYPE).send(await sendList(request, reply, bufferOf(body)));
    },
  );

  app.get(
    "/api/open-matches/:id",
    { schema: { tags, summary: "Un partido abierto: quién juega, precio por jugador, lugares (público)", params: idParams(), response: { 200: answerOf(OpenMatchAnswer), ...problems(404) } } },
    async (request, reply) => {
      const viewer = actorOf(request).userId;
      const shown = await run(getOpenMatch(app.ports, idParam(request.params), viewer));
      // what the answer says of its viewer is theirs: a signed-in read is never kept by a shared cache
      return reply.header("cache-control", viewer === null ? PUBLIC_READ : PRIVATE).send(presentOpenMatch(shown));
    },
  );

  app.post(
    "/api/open-matches/:id/join",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Unirse: abre el pago con tarjeta de una parte; cuenta al registrarse el pago (POST /api/payments)",
        params: idParams(),
        response: { 200: answerOf(MatchJoinAnswer), ...problems(401, 404, 409, 410, 503) },
      },
    },
    async (request, reply) => {
      const answer = await run(joinOpenMatch(app.ports, actorOf(request), idParam(request.params)));
      const p = presentPayment(answer.payment);
      const shown: MatchJoinAnswer = {
        clientSecret: answer.clientSecret,
        paymentIntentId: answer.paymentIntentId,
        bookingId: answer.match.bookingId,
        amount: p.amount,
        totalPaid: p.totalPaid,
        stripeFee: p.stripeFee,
      };
      return reply.header("cache-control", PRIVATE).send(shown);
    },
  );

  app.post(
    "/api/open-matches/:id/leave",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Dejar el partido antes del plazo: se reembolsa tu parte completa y el lugar queda libre; después, 409",
        params: idParams(),
        response: { 200: answerOf(MatchLeaveAnswer), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await run(leaveOpenMatch(app.ports, actorOf(request), idParam(request.params)));
      const answer: MatchLeaveAnswer = {
        message: "Dejaste el partido: te devolvemos tu parte completa",
        refundAmount: formatMoney(result.refundAmount),
        refundPending: formatMoney(result.refundPending),
      };
      return reply.header("cache-control", PRIVATE).send(answer);
    },
  );
});
