import { BalanceAnswer, balanceDueOf, formatMoney, listOutstandingBalances, presentBooking } from "@courts/core";
import { adminOnly } from "../guards.js";
import { listOf } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

/** Outstanding balances (DESIGN.md section 8): remainders the organiser's card did not pay. */
export default routes("balances", async (app) => {
  app.get(
    "/api/admin/balances",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Saldos pendientes: restos que la tarjeta del organizador no pagó en el plazo (admin)",
        response: { 200: listOf(BalanceAnswer) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", PRIVATE);
      const bookings = await run(listOutstandingBalances(app.ports));
      const users = new Map(
        await Promise.all([...new Set(bookings.map((b) => b.userId))].map(async (id) => [id, await app.ports.users.findById(id)] as const)),
      );
      return bookings.map((booking): BalanceAnswer => ({
        booking: presentBooking(booking),
        bookingId: booking.id,
        balanceDue: formatMoney(balanceDueOf(booking)),
        userName: users.get(booking.userId)?.username ?? null,
        userEmail: users.get(booking.userId)?.email ?? null,
      }));
    },
  );
});
