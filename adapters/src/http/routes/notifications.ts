import {
  bookingCalendar,
  bookingPayers,
  calendarFeed,
  CalendarFeedAnswer,
  calendarFeedToken,
  formatMoney,
  joinWaitlist,
  leaveWaitlist,
  myWaitlist,
  notificationSettings,
  NotificationSettingsAnswer,
  NotificationSettingsBody,
  PayerAnswer,
  presentWaitlistEntry,
  regenerateCalendarFeed,
  updateNotificationSettings,
  WaitlistBody,
  WaitlistEntryAnswer,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { HttpProblem } from "../error-mapping.js";
import { signedIn } from "../guards.js";
import { answerOf, bodies, fileOf, idParams, listOf, noContent, object, problems, str } from "../openapi.js";
import { run } from "../run.js";
import { CALENDAR_CONTENT_TYPE, calendarFile } from "../../mail/calendar-file.js";
import { PRIVATE, routes } from "./route-plugin.js";

const FEED_FILE = /^([A-Za-z0-9_-]{16,128})\.ics$/;

/** Calendars, the reminder switch, who paid each share, and the waitlist (DESIGN.md section 9). */
export default routes("notifications", async (app) => {
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });
  const feedUrl = (token: string): CalendarFeedAnswer => ({ url: `${app.httpConfig.publicUrl}/api/calendar/${token}.ics` });

  app.get(
    "/api/bookings/:id/calendar.ics",
    { preHandler: signedIn, schema: { tags: ["bookings"], summary: "La reserva como archivo de calendario (dueño o admin)", params: idParams(), produces: ["text/calendar"], response: { 200: fileOf("La reserva en iCalendar", ["text/calendar"]) } } },
    async (request, reply) => {
      const event = await run(bookingCalendar(app.ports, actorOf(request), idParam(request.params)));
      return reply.type(CALENDAR_CONTENT_TYPE).header("content-disposition", 'attachment; filename="reserva.ics"').send(calendarFile([event]));
    },
  );

  app.get(
    "/api/bookings/:id/payers",
    {
      preHandler: signedIn,
      schema: {
        tags: ["bookings"],
        summary: "Quién pagó cada parte de una reserva (dueño o admin)",
        params: idParams(),
        response: { 200: listOf(PayerAnswer) },
      },
    },
    async (request) =>
      (await run(bookingPayers(app.ports, actorOf(request), idParam(request.params)))).map((p): PayerAnswer => ({
        ...p,
        amount: formatMoney(p.amount),
        refunded: formatMoney(p.refunded),
        paidAt: p.paidAt.toISOString(),
      })),
  );

  // The token in the address is the credential (calendar apps cannot log in).
  app.get(
    "/api/calendar/:file",
    { schema: { tags: ["user"], summary: "Calendario personal (suscripción): próximas reservas y canceladas de los últimos 30 días", params: object({ file: str }), produces: ["text/calendar"], response: { 200: fileOf("El calendario en iCalendar", ["text/calendar"]) } } },
    async (request, reply) => {
      const file = (request.params as { file?: unknown }).file;
      const token = typeof file === "string" ? FEED_FILE.exec(file)?.[1] : undefined;
      if (token === undefined) throw new HttpProblem(404, "CALENDAR_FEED_NOT_FOUND", "Calendario no encontrado");
      const events = await run(calendarFeed(app.ports, token));
      return reply.type(CALENDAR_CONTENT_TYPE).header("cache-control", "private, no-cache").send(calendarFile(events));
    },
  );

  app.get(
    "/api/user/calendar-feed",
    { preHandler: signedIn, schema: { tags: ["user"], summary: "La dirección de tu calendario personal", response: { 200: answerOf(CalendarFeedAnswer) } } },
    async (request) => feedUrl(await run(calendarFeedToken(app.ports, actorOf(request)))),
  );

  app.post(
    "/api/user/calendar-feed",
    { preHandler: signedIn, schema: { tags: ["user"], summary: "Una nueva dirección de calendario; la anterior deja de funcionar", response: { 200: answerOf(CalendarFeedAnswer) } } },
    async (request) => feedUrl(await run(regenerateCalendarFeed(app.ports, actorOf(request)))),
  );

  app.get(
    "/api/user/notification-settings",
    { preHandler: signedIn, schema: { tags: ["user"], summary: "Tus preferencias de notificación", response: { 200: answerOf(NotificationSettingsAnswer) } } },
    async (request) => {
      const { remindersEnabled } = await run(notificationSettings(app.ports, actorOf(request)));
      const answer: NotificationSettingsAnswer = { remindersEnabled };
      return answer;
    },
  );

  app.put(
    "/api/user/notification-settings",
    {
      preHandler: signedIn,
      schema: {
        tags: ["user"],
        summary: "Activar o desactivar los recordatorios 24 h antes",
        body: bodies.notificationSettings,
        response: { 200: answerOf(NotificationSettingsAnswer) },
      },
    },
    async (request) => {
      const { remindersEnabled } = await run(updateNotificationSettings(app.ports, actorOf(request), decode(NotificationSettingsBody, request.body)));
      const answer: NotificationSettingsAnswer = { remindersEnabled };
      return answer;
    },
  );

  app.get(
    "/api/waitlist",
    { preHandler: signedIn, schema: { tags: ["bookings"], summary: "Los horarios ocupados que esperas", response: { 200: listOf(WaitlistEntryAnswer) } } },
    async (request) => (await run(myWaitlist(app.ports, actorOf(request)))).map(presentWaitlistEntry),
  );

  app.post(
    "/api/waitlist",
    {
      preHandler: signedIn,
      schema: {
        tags: ["bookings"],
        summary: "Avisarme si se libera un horario ocupado",
        body: bodies.waitlist,
        response: { 201: answerOf(WaitlistEntryAnswer), ...problems(404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await run(joinWaitlist(app.ports, actorOf(request), decode(WaitlistBody, request.body)));
      return reply.code(201).send(presentWaitlistEntry(entry));
    },
  );

  app.delete(
    "/api/waitlist/:id",
    { preHandler: signedIn, schema: { tags: ["bookings"], summary: "Dejar de esperar un horario", params: idParams(), response: { 204: noContent } } },
    async (request, reply) => {
      await run(leaveWaitlist(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).send();
    },
  );
});
