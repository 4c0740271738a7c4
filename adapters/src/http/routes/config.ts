import { ConfigAnswer, MAX_WINDOW_DAYS, HOUR_MS, localDateOf, offsetSpans, type OffsetSpan } from "@courts/core";
import { answerOf } from "../openapi.js";
import { routes } from "./route-plugin.js";

/** What a browser may need to show as the club's wall clock: past payments, the booking horizon. */
const OFFSETS_BACK_DAYS = 400;
const OFFSETS_AHEAD_DAYS = MAX_WINDOW_DAYS + 10;

export default routes("config", async (app) => {
  const { timeZone, stripePublishableKey, clubName } = app.httpConfig;
  // worked out once per UTC day (a few hundred formatted instants)
  let offsets: { day: string; spans: OffsetSpan[]; until: string } | undefined;
  const offsetsAt = (now: Date) => {
    const day = now.toISOString().slice(0, 10);
    if (offsets?.day !== day) {
      const midnight = Date.parse(`${day}T00:00:00.000Z`);
      const until = new Date(midnight + OFFSETS_AHEAD_DAYS * 24 * HOUR_MS);
      offsets = { day, spans: offsetSpans(timeZone, new Date(midnight - OFFSETS_BACK_DAYS * 24 * HOUR_MS), until), until: until.toISOString() };
    }
    return offsets;
  };
  app.get(
    "/api/config",
    {
      schema: {
        tags: ["config"],
        summary: "Nombre del club, zona horaria, moneda, fecha de hoy y proveedor de pagos",
        response: { 200: answerOf(ConfigAnswer) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      const now = app.ports.clock.now();
      const known = offsetsAt(now);
      const answer: ConfigAnswer = {
        clubName,
        timeZone,
        currency: "usd",
        today: localDateOf(now, timeZone),
        payments: { provider: app.ports.gateway.mode, publishableKey: stripePublishableKey },
        holds: { holdMinutes: app.ports.policy.holdMinutes, shareDeadlineHours: app.ports.policy.shareDeadlineHours },
        offsets: known.spans,
        offsetsUntil: known.until,
      };
      return answer;
    },
  );
});
