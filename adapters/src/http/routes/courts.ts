import * as Schema from "effect/Schema";
import { CourtAnswer, CourtAvailabilityAnswer, CourtBody, presentCourt, courtDayWithBlocks, createCourt, deleteCourt, getCourt, ImageBody, listCourts, setCourtImage, updateCourt } from "@courts/core";
import { actorOf } from "../actor.js";
import { adminOnly } from "../guards.js";
import { IMAGE_JSON_BODY_LIMIT } from "../plugins/json-body.js";
import { dateQuery, decode, idParam } from "../decode.js";
import { answerOf, bodies, idParams, listOf, noContent, problems, queries } from "../openapi.js";
import { run } from "../run.js";
import { JSON_TYPE, PUBLIC_READ, routes } from "./route-plugin.js";

export default routes("courts", async (app) => {
  const tags = ["courts"];
  const encodeAvailability = Schema.encodeSync(CourtAvailabilityAnswer);
  const availabilityTexts = new WeakMap<object, string>();
  const params = idParams();

  app.get("/api/courts", { schema: { tags, summary: "Todas las canchas", response: { 200: listOf(CourtAnswer) } } }, async (_request, reply) => {
    const courts = await run(listCourts(app.ports));
    reply.header("cache-control", PUBLIC_READ);
    return courts.map(presentCourt);
  });

  app.get("/api/courts/:id", { schema: { tags, summary: "Una cancha", params, response: { 200: answerOf(CourtAnswer) } } }, async (request, reply) => {
    const court = await run(getCourt(app.ports, idParam(request.params)));
    reply.header("cache-control", PUBLIC_READ);
    return presentCourt(court);
  });

  app.get(
    "/api/courts/:id/bookings",
    {
      // a day holds 16 slots at most: its answer is too small to gain from compression or its hooks
      compress: false,
      schema: {
        tags,
        summary: "Horas ocupadas de una cancha en un día",
        params,
        querystring: queries.date,
        response: { 200: answerOf(CourtAvailabilityAnswer) },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params);
      const query = dateQuery(request.query);
      // never stored: a booking made a moment ago must disable its slot at once
      reply.header("cache-control", "no-store");
      // a day the read model holds comes back at once, not as a promise (no turn of waiting)
      const found = courtDayWithBlocks(app.ports, id, query);
      const answer = found instanceof Promise ? await found : found;
      // a day the read model keeps is the same answer on each hit: encoded once, sent as text
      let text = availabilityTexts.get(answer);
      if (text === undefined) {
        text = JSON.stringify(encodeAvailability(answer));
        availabilityTexts.set(answer, text);
      }
      return reply.type(JSON_TYPE).send(text);
    },
  );

  app.post("/api/courts", { preHandler: adminOnly, schema: { tags, summary: "Crear una cancha (admin)", body: bodies.court, response: { 201: answerOf(CourtAnswer), ...problems(404, 409) } } }, async (request, reply) => {
    const input = decode(CourtBody, request.body);
    const court = await run(createCourt(app.ports, actorOf(request), input));
    return reply.code(201).send(presentCourt(court));
  });

  app.put(
    "/api/courts/:id",
    { preHandler: adminOnly, schema: { tags, summary: "Editar una cancha (admin)", params, body: bodies.court, response: { 200: answerOf(CourtAnswer), ...problems(409) } } },
    async (request) => {
      const id = idParam(request.params);
      const input = decode(CourtBody, request.body);
      return presentCourt(await run(updateCourt(app.ports, actorOf(request), id, input)));
    },
  );

  app.delete(
    "/api/courts/:id",
    { preHandler: adminOnly, schema: { tags, summary: "Eliminar una cancha y sus reservas (admin)", params, response: { 204: noContent, ...problems(409) } } },
    async (request, reply) => {
      await run(deleteCourt(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).send();
    },
  );

  app.put(
    "/api/courts/:id/image",
    { preHandler: adminOnly, bodyLimit: IMAGE_JSON_BODY_LIMIT, schema: { tags, summary: "Imagen de una cancha (admin)", params, body: bodies.image, response: { 200: answerOf(CourtAnswer) } } },
    async (request) => {
      const id = idParam(request.params);
      const input = decode(ImageBody, request.body);
      return presentCourt(await run(setCourtImage(app.ports, actorOf(request), id, input)));
    },
  );
});
