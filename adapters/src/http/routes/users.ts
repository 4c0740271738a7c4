import { pageUserBookings, pageUserPayments, ProfileBody, updateProfile, UserListQuery } from "@courts/core";
import { actorOf } from "../actor.js";
import { decode } from "../decode.js";
import { bodies, listOf, object, ref } from "../openapi.js";
import { pageHeaders, pageQuery } from "../paging.js";
import { presentBooking, presentPaymentWithBooking, presentUser } from "../presenters.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

export default routes("users", async (app) => {
  const tags = ["user"];
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PRIVATE);
  });

  app.put(
    "/api/user/profile",
    { schema: { tags, summary: "Editar correo y nombre de usuario", body: bodies.profile, response: { 200: object({ user: ref("User") }) } } },
    async (request) => {
      const input = decode(ProfileBody, request.body);
      const user = await run(updateProfile(app.ports, actorOf(request), input));
      return { user: presentUser(user) };
    },
  );

  const bookingsQuery = { ...pageQuery, scope: { type: "string", enum: ["upcoming", "past"] } };
  app.get(
    "/api/user/bookings",
    {
      schema: {
        tags,
        summary: "Mis reservas por páginas: la más reciente primero; scope=upcoming desde hoy, la más próxima primero; scope=past (total en X-Total-Count)",
        querystring: object(bookingsQuery, Object.keys(bookingsQuery)),
        response: { 200: listOf("Booking") },
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
      schema: {
        tags,
        summary: "Mis pagos por páginas, el más reciente primero (total en X-Total-Count)",
        querystring: object(pageQuery, Object.keys(pageQuery)),
        response: { 200: listOf("PaymentWithBooking") },
      },
    },
    async (request, reply) => {
      const page = await run(pageUserPayments(app.ports, actorOf(request), decode(UserListQuery, request.query)));
      pageHeaders(reply, page);
      return page.items.map(presentPaymentWithBooking);
    },
  );
});
