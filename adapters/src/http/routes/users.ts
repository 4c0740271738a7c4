import { listUserBookings, listUserPayments, ProfileBody, updateProfile } from "@courts/core";
import { actorOf } from "../actor.js";
import { decode } from "../decode.js";
import { bodies, listOf, object, ref } from "../openapi.js";
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

  app.get("/api/user/bookings", { schema: { tags, summary: "Mis reservas, la más reciente primero", response: { 200: listOf("Booking") } } }, async (request) => {
    const bookings = await run(listUserBookings(app.ports, actorOf(request)));
    return bookings.map(presentBooking);
  });

  app.get("/api/user/payments", { schema: { tags, summary: "Mis pagos", response: { 200: listOf("PaymentWithBooking") } } }, async (request) => {
    const payments = await run(listUserPayments(app.ports, actorOf(request)));
    return payments.map(presentPaymentWithBooking);
  });
});
