import {
  BallotAnswer,
  ballotDrawOf,
  BallotDrawAnswer,
  BallotDrawQuery,
  ballotOf,
  BookingAnswer,
  CancellationAnswer,
  CancellationBody,
  cancelBooking,
  formatMoney,
  presentBallot,
  presentBallotDraw,
  presentBooking,
  requestBooking,
  CreateBookingBody,
  getBooking,
  pageUserBookings,
  todayBookings,
  UserListQuery,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { adminOnly, signedIn } from "../guards.js";
import { answerOf, bodies, idParams, listOf, problems, queries, requestOf } from "../openapi.js";
import { pageHeaders } from "../paging.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

export default routes("bookings", async (app) => {
  const tags = ["bookings"];
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PRIVATE);
  });

  app.post(
    "/api/bookings",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Reservar una cancha (o entrar al sorteo de un día recién abierto: 202)",
        body: bodies.booking,
        response: { 201: answerOf(BookingAnswer), 202: answerOf(BallotAnswer), ...problems(404, 409) },
      },
    },
    async (request, reply) => {
      const input = decode(CreateBookingBody, request.body);
      const answer = await run(requestBooking(app.ports, actorOf(request), input));
      // a date that opened less than the venue's ballotSeconds ago: the slot is drawn at decidesAt (DESIGN.md section 15)
      if (answer.ballot) return reply.code(202).send(presentBallot(answer.ballot));
      return reply.code(201).send(presentBooking(answer.booking));
    },
  );

  app.get(
    "/api/ballots/:id",
    { preHandler: signedIn, schema: { tags, summary: "Una entrada de sorteo (quien la pidió o admin)", params: idParams(), response: { 200: answerOf(BallotAnswer), ...problems(404) } } },
    async (request) => presentBallot(await run(ballotOf(app.ports, actorOf(request), idParam(request.params)))),
  );

  app.get(
    "/api/admin/ballots",
    {
      preHandler: adminOnly,
      schema: { tags, summary: "El sorteo de un día de un complejo, con su semilla y su orden (admin)", querystring: requestOf(BallotDrawQuery), response: { 200: answerOf(BallotDrawAnswer) } },
    },
    async (request) => {
      const query = decode(BallotDrawQuery, request.query);
      return presentBallotDraw(await run(ballotDrawOf(app.ports, actorOf(request), query.venueId, query.date)));
    },
  );

  // registered before /api/bookings/:id so "today" is never read as an id
  app.get(
    "/api/bookings/today",
    { preHandler: adminOnly, schema: { tags, summary: "Reservas de hoy (admin)", response: { 200: listOf(BookingAnswer) } } },
    async (request) => (await run(todayBookings(app.ports, actorOf(request)))).map(presentBooking),
  );

  app.get(
    "/api/bookings/user/:userId",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Reservas de un usuario (él mismo o admin), por páginas como /api/user/bookings",
        params: idParams("userId"),
        querystring: queries.userList,
        response: { 200: listOf(BookingAnswer) },
      },
    },
    async (request, reply) => {
      const userId = idParam(request.params, "userId");
      const page = await run(pageUserBookings(app.ports, actorOf(request), decode(UserListQuery, request.query), userId));
      pageHeaders(reply, page);
      return page.items.map(presentBooking);
    },
  );

  app.get(
    "/api/bookings/:id",
    { preHandler: signedIn, schema: { tags, summary: "Una reserva (dueño o admin)", params: idParams(), response: { 200: answerOf(BookingAnswer) } } },
    async (request) => presentBooking(await run(getBooking(app.ports, actorOf(request), idParam(request.params)))),
  );

  app.post(
    "/api/cancellations",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Cancelar una reserva activa con reembolso por tramos",
        body: bodies.cancellation,
        // refundPending: the part of refundAmount the provider has not confirmed yet (the sweep sends it)
        response: { 200: answerOf(CancellationAnswer), ...problems(404, 409) },
      },
    },
    async (request) => {
      const input = decode(CancellationBody, request.body);
      const result = await run(cancelBooking(app.ports, actorOf(request), input));
      const answer: CancellationAnswer = {
        refundPercentage: result.refundPercentage,
        refundAmount: formatMoney(result.refundAmount),
        refundPending: formatMoney(result.refundPending),
        booking: presentBooking(result.booking),
      };
      return answer;
    },
  );
});
