import { createShareLink, getShareLink, ShareLinkBody } from "@courts/core";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { signedIn } from "../guards.js";
import { bodies, idParams, int, money, object, ref, str } from "../openapi.js";
import { presentCourt, presentPublicBooking, presentShareLink } from "../presenters.js";
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
        response: { 201: object({ shareUrl: str, shareToken: str, expiresAt: str, amountPerPerson: money, maxParticipants: int }) },
      },
    },
    async (request, reply) => {
      const input = decode(ShareLinkBody, request.body);
      const { link } = await run(createShareLink(app.ports, actorOf(request), input));
      const shown = presentShareLink(link);
      return reply.code(201).send({
        shareUrl: `${app.httpConfig.publicUrl}/shared-payment/${encodeURIComponent(link.token)}`,
        shareToken: shown.shareToken,
        expiresAt: shown.expiresAt,
        amountPerPerson: shown.amountPerPerson,
        maxParticipants: shown.maxParticipants,
      });
    },
  );

  app.get(
    "/api/shared-payment-links/:token",
    {
      schema: {
        tags,
        summary: "Lo que ve quien tiene el link (público); 410 si expiró",
        params: idParams("token"),
        response: {
          200: object({
            link: ref("ShareLink"),
            booking: ref("PublicBooking"),
            court: { anyOf: [ref("CourtWithVenue"), { type: "null" }] },
          }),
        },
      },
    },
    async (request) => {
      const token = idParam(request.params, "token");
      const { link, booking, court } = await run(getShareLink(app.ports, token));
      return {
        link: presentShareLink(link),
        booking: presentPublicBooking(booking),
        court: court ? { ...presentCourt(court), venueName: booking.court.venueName } : null,
      };
    },
  );
});
