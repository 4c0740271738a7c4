import {
  chargedOf,
  createShareLink,
  formatMoney,
  getShareLink,
  presentCourtWithVenue,
  presentPublicBooking,
  presentShareLink,
  SharedPaymentAnswer,
  ShareLinkBody,
  ShareLinkCreatedAnswer,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { signedIn } from "../guards.js";
import { answerOf, bodies, idParams, problems } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

export default routes("share-links", async (app) => {
  const tags = ["shared payments"];
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PRIVATE);
  });

  app.post(
    "/api/shared-payment-links",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Crear (o recuperar) el link para que cada jugador pague su parte (dueño)",
        body: bodies.shareLink,
        response: { 201: answerOf(ShareLinkCreatedAnswer), ...problems(404, 409) },
      },
    },
    async (request, reply) => {
      const input = decode(ShareLinkBody, request.body);
      const { link } = await run(createShareLink(app.ports, actorOf(request), input));
      const shown = presentShareLink(link);
      const answer: ShareLinkCreatedAnswer = {
        shareUrl: `${app.httpConfig.publicUrl}/shared-payment/${encodeURIComponent(link.token)}`,
        shareToken: shown.shareToken,
        expiresAt: shown.expiresAt,
        amountPerPerson: shown.amountPerPerson,
        maxParticipants: shown.maxParticipants,
      };
      return reply.code(201).send(answer);
    },
  );

  app.get(
    "/api/shared-payment-links/:token",
    {
      schema: {
        tags,
        summary: "Lo que ve quien tiene el link (público); 410 si expiró",
        params: idParams("token"),
        response: { 200: answerOf(SharedPaymentAnswer), ...problems(410) },
      },
    },
    async (request) => {
      const token = idParam(request.params, "token");
      const { link, booking, court, yours } = await run(getShareLink(app.ports, token, actorOf(request).userId));
      const answer: SharedPaymentAnswer = {
        link: presentShareLink(link),
        booking: presentPublicBooking(booking),
        court: court ? presentCourtWithVenue(court, booking.court.venueName) : null,
        yourPayment: yours ? { paymentId: yours.id, charged: formatMoney(chargedOf(yours)), paidAt: (yours.paidAt ?? yours.createdAt).toISOString() } : null,
      };
      return answer;
    },
  );
});
