import { ConfigAnswer, localDateOf } from "@courts/core";
import { answerOf } from "../openapi.js";
import { routes } from "./route-plugin.js";

export default routes("config", async (app) => {
  const { timeZone, stripePublishableKey } = app.httpConfig;
  app.get(
    "/api/config",
    {
      schema: {
        tags: ["config"],
        summary: "Zona horaria, moneda, fecha de hoy y proveedor de pagos",
        response: { 200: answerOf(ConfigAnswer) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      const answer: ConfigAnswer = {
        timeZone,
        currency: "usd",
        today: localDateOf(app.ports.clock.now(), timeZone),
        payments: { provider: app.ports.gateway.mode, publishableKey: stripePublishableKey },
        holds: { holdMinutes: app.ports.policy.holdMinutes, shareDeadlineHours: app.ports.policy.shareDeadlineHours },
      };
      return answer;
    },
  );
});
