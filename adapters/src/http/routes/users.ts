import {
  BookingAnswer,
  pageUserBookings,
  pageUserPayments,
  PaymentWithBookingAnswer,
  presentBooking,
  presentPaymentWithBooking,
  presentUser,
  ProfileBody,
  updateProfile,
  UserListQuery,
  UserSessionAnswer,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { decode } from "../decode.js";
import { signedIn } from "../guards.js";
import { answerOf, bodies, listOf, object, problems, queries } from "../openapi.js";
import { pageHeaders, pageQuery } from "../paging.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

export default routes("users", async (app) => {
  const tags = ["user"];
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PRIVATE);
  });

  app.put(
    "/api/user/profile",
    { preHandler: signedIn, schema: { tags, summary: "Editar correo y nombre de usuario", body: bodies.profile, response: { 200: answerOf(UserSessionAnswer), ...problems(409) } } },
    async (request) => {
      const input = decode(ProfileBody, request.body);
      const user = await run(updateProfile(app.ports, actorOf(request), input));
      const answer: UserSessionAnswer = { user: presentUser(user) };
      return answer;
    },
  );

  app.get(
    "/api/user/bookings",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary:
          "Mis reservas por páginas: la más reciente primero; scope=upcoming las que aún no empiezan, la más próxima primero; scope=past las jugadas, canceladas o expiradas, la más reciente primero (total en X-Total-Count)",
        querystring: queries.userList,
        response: { 200: listOf(BookingAnswer) },
      },
    },
    async (request, reply) => {
      const page = await run(pageUserBookings(app.ports, actorOf(request), decode(UserListQuery, request.query)));
      pageHeaders(reply, page);
      return page.items.map(presentBooking);
    },
  );

  app.get(
    "/api/user/payments",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Mis pagos por páginas, el más reciente primero (total en X-Total-Count)",
        querystring: object(pageQuery, Object.keys(pageQuery)),
        response: { 200: listOf(PaymentWithBookingAnswer) },
      },
    },
    async (request, reply) => {
      const page = await run(pageUserPayments(app.ports, actorOf(request), decode(UserListQuery, request.query)));
      pageHeaders(reply, page);
      return page.items.map(presentPaymentWithBooking);
    },
  );
});
