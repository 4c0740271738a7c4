import {
  BookingSeriesBody,
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
  UsernameQuery,
  venueMonthBlocks,
  VenueIdQuery,
} from "@courts/core";
import { Effect } from "effect";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { adminOnly } from "../guards.js";
import { idParams } from "../openapi.js";
import { presentBooking, presentPayment, presentUser } from "../presenters.js";
import { presentBlock, presentClosure, presentPublicBlock, presentScheduleCell, presentSkippedWeek } from "../presenters-club.js";
import { run } from "../run.js";
import { PRIVATE, PUBLIC_READ, routes } from "./route-plugin.js";

/** Club operations (DESIGN.md section 10): blocks and closures, fixed weekly series, cash, the day's schedule. */
export default routes("club-operations", async (app) => {
  const tags = ["admin"];
  const admin = { preHandler: adminOnly };

  app.post("/api/admin/blocks", { ...admin, schema: { tags, summary: "Bloquear una cancha o un complejo; con cancelConflicts, cierre con reembolso del 100%" } }, async (request, reply) => {
    const input = decode(CreateBlockBody, request.body);
    const result = await run(createBlock(app.ports, actorOf(request), input));
    reply.header("cache-control", PRIVATE);
    return reply.code(result.created ? 201 : 200).send({
      block: presentBlock(result.block),
      created: result.created,
      cancelledBookings: result.closed.map(presentClosure),
    });
  });

  app.get("/api/admin/blocks", { ...admin, schema: { tags, summary: "Bloqueos vigentes de un complejo y sus canchas" } }, async (request, reply) => {
    const query = decode(VenueIdQuery, request.query);
    reply.header("cache-control", PRIVATE);
    return (await run(listBlocks(app.ports, actorOf(request), query.venueId))).map(presentBlock);
  });

  app.delete("/api/admin/blocks/:id", { ...admin, schema: { tags, summary: "Quitar un bloqueo", params: idParams() } }, async (request, reply) => {
    await run(deleteBlock(app.ports, actorOf(request), idParam(request.params)));
    return reply.code(204).send();
  });

  app.get(
    "/api/venues/:id/blocks",
    { schema: { tags: ["venues"], summary: "Bloqueos de un complejo en un mes (calendario público)", params: idParams() } },
    async (request, reply) => {
      const query = decode(MonthQuery, request.query);
      reply.header("cache-control", PUBLIC_READ);
      return (await run(venueMonthBlocks(app.ports, idParam(request.params), query))).map(presentPublicBlock);
    },
  );

  app.post("/api/admin/booking-series", { ...admin, schema: { tags, summary: "Reserva fija semanal para un jugador" } }, async (request, reply) => {
    const input = decode(BookingSeriesBody, request.body);
    const result = await run(createBookingSeries(app.ports, actorOf(request), input));
    const { bookings } = await run(getBookingSeries(app.ports, actorOf(request), result.series.id));
    reply.header("cache-control", PRIVATE);
    return reply.code(201).send({
      id: result.series.id,
      series: { ...result.series, createdAt: result.series.createdAt.toISOString() },
      created: bookings.map(presentBooking),
      skipped: result.skipped.map(presentSkippedWeek),
    });
  });

  app.get("/api/admin/booking-series/:id", { ...admin, schema: { tags, summary: "Una serie y sus reservas", params: idParams() } }, async (request, reply) => {
    const { series, bookings } = await run(getBookingSeries(app.ports, actorOf(request), idParam(request.params)));
    reply.header("cache-control", PRIVATE);
    return { id: series.id, series: { ...series, createdAt: series.createdAt.toISOString() }, bookings: bookings.map(presentBooking) };
  });

  app.delete("/api/admin/booking-series/:id", { ...admin, schema: { tags, summary: "Cancelar todas las reservas pendientes de una serie", params: idParams() } }, async (request) =>
    run(cancelBookingSeries(app.ports, actorOf(request), idParam(request.params))),
  );

  app.delete(
    "/api/admin/booking-series/:id/bookings/:bookingId",
    { ...admin, schema: { tags, summary: "Cancelar una reserva de una serie" } },
    async (request) => run(cancelBookingSeries(app.ports, actorOf(request), idParam(request.params), idParam(request.params, "bookingId"))),
  );

  app.post(
    "/api/admin/bookings/:id/cash-payments",
    { ...admin, schema: { tags, summary: "Registrar un pago en efectivo en el club", params: idParams() } },
    async (request, reply) => {
      const input = decode(CashPaymentBody, request.body);
      const result = await run(recordCashPayment(app.ports, actorOf(request), idParam(request.params), input));
      reply.header("cache-control", PRIVATE);
      return reply.code(201).send({ payment: presentPayment(result.payment), booking: presentBooking(result.booking) });
    },
  );

  app.get("/api/admin/schedule", { ...admin, schema: { tags, summary: "Canchas x 16 horas de un día" } }, async (request, reply) => {
    const query = decode(ScheduleQuery, request.query);
    const schedule = await run(daySchedule(app.ports, actorOf(request), query));
    reply.header("cache-control", PRIVATE);
    return {
      date: schedule.date,
      venues: schedule.venues.map((v) => ({ ...v, courts: v.courts.map((c) => ({ ...c, cells: c.cells.map(presentScheduleCell) })) })),
    };
  });

  // the schedule's "book for a player": the admin types a username
  app.get("/api/admin/users", { ...admin, schema: { tags, summary: "Buscar un jugador por nombre de usuario" } }, async (request, reply) => {
    const query = decode(UsernameQuery, request.query);
    const actor = actorOf(request);
    const user = await run(
      Effect.gen(function* () {
        yield* requireAdmin(actor);
        const found = yield* Effect.promise(() => app.ports.users.findByUsername(query.username));
        if (!found) return yield* Effect.fail(new UserNotFound({ message: `No existe el jugador '${query.username}'` }));
        return found;
      }),
    );
    reply.header("cache-control", PRIVATE);
    return presentUser(user);
  });
});
