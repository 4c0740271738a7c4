import { BalanceAnswer, balanceDueOf, displayName, formatMoney, LateRefundAnswer, lateRefunds, listOutstandingBalances, presentBooking } from "@courts/core";
import { actorOf } from "../actor.js";
import { adminOnly } from "../guards.js";
import { listOf } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

/**
 * Outstanding money (DESIGN.md sections 8 and 12): remainders the organiser's card did not pay,
 * and refunds the provider has not confirmed past REFUND_ALERT_HOURS.
 */
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
      return bookings.map((booking): BalanceAnswer => {
        const user = users.get(booking.userId);
        return {
          booking: presentBooking(booking),
          bookingId: booking.id,
          balanceDue: formatMoney(balanceDueOf(booking)),
          // how the desk names the player: their full name where they gave one
          userName: user ? displayName(user) : null,
          userEmail: user?.email ?? null,
        };
      });
    },
  );

  app.get(
    "/api/admin/refunds/late",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Reembolsos sin confirmar por el proveedor pasado el plazo de aviso, con el motivo (admin)",
        response: { 200: listOf(LateRefundAnswer) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE);
      const late = await run(lateRefunds(app.ports, actorOf(request), app.httpConfig.refundAlertHours));
      return late.map((r): LateRefundAnswer => ({
        id: r.id,
        paymentId: r.paymentId,
        bookingId: r.bookingId,
        reason: r.reason,
        amount: formatMoney(r.amount),
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
});
