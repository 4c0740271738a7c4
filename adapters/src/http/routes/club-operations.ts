import {
  BlockAnswer,
  BlockCreatedAnswer,
  BookingSeriesBody,
  CashPaymentAnswer,
  presentBlock,
  presentBooking,
  presentClosure,
  presentPayment,
  presentPublicBlock,
  presentScheduleCell,
  presentSeries,
  presentSkippedWeek,
  presentUser,
  PublicBlockAnswer,
  ScheduleAnswer,
  SeriesAnswer,
  SeriesCancellationAnswer,
  SeriesCreatedAnswer,
  SeriesCancellationBody,
  UserAnswer,
  cancelBookingSeries,
  CashPaymentBody,
  createBlock,
  CreateBlockBody,
  createBookingSeries,
  daySchedule,
  deleteBlock,
  getBookingSeries,
  listBlocks,
  MonthQuery,
  recordCashPayment,
  requireAdmin,
  ScheduleQuery,
  UserNotFound,
  UserSearchQuery,
  UsernameQuery,
  createWalkIn,
  PlayerSearchAnswer,
  searchPlayers,
  WalkInBody,
  venueMonthBlocks,
  VenueIdQuery,
} from "@courts/core";
import * as Effect from "effect/Effect";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { adminOnly } from "../guards.js";
import { answerOf, bodies, idParams, listOf, noContent, object, problems, queries, str } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, PUBLIC_READ, routes } from "./route-plugin.js";

/** Club operations (DESIGN.md section 10): blocks and closures, fixed weekly series, cash, the day's schedule. */
export default routes("club-operations", async (app) => {
  const tags = ["admin"];
  const admin = { preHandler: adminOnly };

  app.post("/api/admin/blocks", { ...admin, schema: { tags, summary: "Bloquear una cancha o un complejo; con cancelConflicts, cierre con reembolso del 100%", body: bodies.block, response: { 200: answerOf(BlockCreatedAnswer), 201: answerOf(BlockCreatedAnswer), ...problems(404, 409) } } }, async (request, reply) => {
    const input = decode(CreateBlockBody, request.body);
    const result = await run(createBlock(app.ports, actorOf(request), input));
    reply.header("cache-control", PRIVATE);
    const answer: BlockCreatedAnswer = { block: presentBlock(result.block), created: result.created, cancelledBookings: result.closed.map(presentClosure) };
    return reply.code(result.created ? 201 : 200).send(answer);
  });

  app.get("/api/admin/blocks", { ...admin, schema: { tags, summary: "Bloqueos vigentes de un complejo y sus canchas", querystring: queries.venueId, response: { 200: listOf(BlockAnswer), ...problems(404) } } }, async (request, reply) => {
    const query = decode(VenueIdQuery, request.query);
    reply.header("cache-control", PRIVATE);
    return (await run(listBlocks(app.ports, actorOf(request), query.venueId))).map(presentBlock);
  });

  app.delete("/api/admin/blocks/:id", { ...admin, schema: { tags, summary: "Quitar un bloqueo", params: idParams(), response: { 204: noContent } } }, async (request, reply) => {
    await run(deleteBlock(app.ports, actorOf(request), idParam(request.params)));
    return reply.code(204).send();
  });

  app.get(
    "/api/venues/:id/blocks",
    { schema: { tags: ["venues"], summary: "Bloqueos de un complejo en un mes (calendario público)", params: idParams(), querystring: queries.month, response: { 200: listOf(PublicBlockAnswer) } } },
    async (request, reply) => {
      const query = decode(MonthQuery, request.query);
      reply.header("cache-control", PUBLIC_READ);
      return (await run(venueMonthBlocks(app.ports, idParam(request.params), query))).map(presentPublicBlock);
    },
  );

  app.post("/api/admin/booking-series", { ...admin, schema: { tags, summary: "Reserva fija semanal para un jugador", body: bodies.bookingSeries, response: { 201: answerOf(SeriesCreatedAnswer), ...problems(404, 409) } } }, async (request, reply) => {
    const input = decode(BookingSeriesBody, request.body);
    const result = await run(createBookingSeries(app.ports, actorOf(request), input));
    const { bookings } = await run(getBookingSeries(app.ports, actorOf(request), result.series.id));
    reply.header("cache-control", PRIVATE);
    const answer: SeriesCreatedAnswer = {
      id: result.series.id,
      series: presentSeries(result.series),
      created: bookings.map(presentBooking),
      skipped: result.skipped.map(presentSkippedWeek),
    };
    return reply.code(201).send(answer);
  });

  app.get("/api/admin/booking-series/:id", { ...admin, schema: { tags, summary: "Una serie y sus reservas", params: idParams(), response: { 200: answerOf(SeriesAnswer) } } }, async (request, reply) => {
    const { series, bookings } = await run(getBookingSeries(app.ports, actorOf(request), idParam(request.params)));
    reply.header("cache-control", PRIVATE);
    const answer: SeriesAnswer = { id: series.id, series: presentSeries(series), bookings: bookings.map(presentBooking) };
    return answer;
  });

  // the body is optional: `{ reason }`, why the club ends it, told to its players
  app.delete("/api/admin/booking-series/:id", { ...admin, schema: { tags, summary: "Cancelar todas las reservas pendientes de una serie", params: idParams(), body: bodies.seriesCancellation, response: { 200: answerOf(SeriesCancellationAnswer), ...problems(409) } } }, async (request) =>
    run(cancelBookingSeries(app.ports, actorOf(request), idParam(request.params), undefined, decode(SeriesCancellationBody, request.body ?? {}))),
  );

  app.delete(
    "/api/admin/booking-series/:id/bookings/:bookingId",
    {
      ...admin,
      schema: {
        tags,
        summary: "Cancelar una reserva de una serie",
        params: object({ id: str, bookingId: str }),
        body: bodies.seriesCancellation,
        response: { 200: answerOf(SeriesCancellationAnswer), ...problems(409) },
      },
    },
    async (request) =>
      run(cancelBookingSeries(app.ports, actorOf(request), idParam(request.params), idParam(request.params, "bookingId"), decode(SeriesCancellationBody, request.body ?? {}))),
  );

  app.post(
    "/api/admin/bookings/:id/cash-payments",
    { ...admin, schema: { tags, summary: "Registrar un pago en efectivo en el club", params: idParams(), body: bodies.cashPayment, response: { 201: answerOf(CashPaymentAnswer), ...problems(409) } } },
    async (request, reply) => {
      const input = decode(CashPaymentBody, request.body);
      const result = await run(recordCashPayment(app.ports, actorOf(request), idParam(request.params), input));
      reply.header("cache-control", PRIVATE);
      const answer: CashPaymentAnswer = { payment: presentPayment(result.payment), booking: presentBooking(result.booking) };
      return reply.code(201).send(answer);
    },
  );

  app.get("/api/admin/schedule", { ...admin, schema: { tags, summary: "Canchas x 16 horas de un día", querystring: queries.schedule, response: { 200: answerOf(ScheduleAnswer), ...problems(404) } } }, async (request, reply) => {
    const query = decode(ScheduleQuery, request.query);
    const schedule = await run(daySchedule(app.ports, actorOf(request), query));
    reply.header("cache-control", PRIVATE);
    const answer: ScheduleAnswer = {
      date: schedule.date,
      venues: schedule.venues.map((v) => ({ ...v, courts: v.courts.map((c) => ({ ...c, cells: c.cells.map(presentScheduleCell) })) })),
    };
    return answer;
  });

  // the schedule's "book for a player": the admin types part of a name, username, email or phone
  app.get(
    "/api/admin/users",
    {
      ...admin,
      schema: {
        tags,
        summary: "Buscar jugadores mientras se escribe (q: nombre, usuario, correo o teléfono; hasta 20) o uno por su nombre de usuario exacto",
        querystring: object({ q: str, username: str }, ["q", "username"]),
        response: { 200: { anyOf: [answerOf(PlayerSearchAnswer), answerOf(UserAnswer)] }, ...problems(404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.header("cache-control", PRIVATE);
      if ((request.query as Record<string, unknown>).username === undefined) {
        const search = decode(UserSearchQuery, request.query);
        const found = await run(searchPlayers(app.ports, actor, search.q));
        const answer: PlayerSearchAnswer = { items: found.map(presentUser) };
        return answer;
      }
      const query = decode(UsernameQuery, request.query);
      const user = await run(
        Effect.gen(function* () {
          yield* requireAdmin(actor);
          const found = yield* Effect.promise(() => app.ports.users.findByUsername(query.username));
          if (!found) return yield* Effect.fail(new UserNotFound({ message: `No existe el jugador '${query.username}'` }));
          return found;
        }),
      );
      return presentUser(user);
    },
  );

  app.post(
    "/api/admin/users",
    { ...admin, schema: { tags, summary: "Dar de alta a un jugador sin contraseña (en el mostrador); podrá reclamar su cuenta restableciendo la contraseña", body: bodies.walkIn, response: { 201: answerOf(UserAnswer), ...problems(409) } } },
    async (request, reply) => {
      const input = decode(WalkInBody, request.body);
      const user = await run(createWalkIn(app.ports, actorOf(request), input));
      reply.header("cache-control", PRIVATE);
      return reply.code(201).send(presentUser(user));
    },
  );
});
