import {
  createVenue,
  deleteVenue,
  getVenue,
  ImageBody,
  listVenues,
  MonthQuery,
  setVenueImage,
  VenueBody,
  venueCourts,
  venueMonth,
  CalendarEntryAnswer,
  CourtAnswer,
  presentVenue,
  VenueAnswer,
  VenueAvailabilityAnswer,
  venueAvailability,
  getVenueRules,
  setVenueRules,
  VenueRulesAnswer,
  VenueRulesBody,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { adminOnly } from "../guards.js";
import { IMAGE_JSON_BODY_LIMIT } from "../plugins/json-body.js";
import { compressedOnce } from "../compressed-once.js";
import { dateQuery, decode, idParam } from "../decode.js";
import { answerOf, bodies, idParams, listOf, noContent, problems, queries } from "../openapi.js";
import { run } from "../run.js";
import { JSON_TYPE, PRIVATE, PUBLIC_READ, routes } from "./route-plugin.js";

/** The same bytes as a Buffer, which Fastify sends as they are (no copy when it is one already). */
const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default routes("venues", async (app) => {
  const tags = ["venues"];
  // a kept calendar is the same Buffer on each hit: compressed once, not per request
  const sendCalendar = compressedOnce();
  const params = idParams();
  const availabilityBytes = new WeakMap<object, Buffer>();

  app.get("/api/venues", { schema: { tags, summary: "Complejos", response: { 200: listOf(VenueAnswer) } } }, async (_request, reply) => {
    const venues = await run(listVenues(app.ports));
    reply.header("cache-control", PUBLIC_READ);
    return venues.map(presentVenue);
  });

  app.get("/api/venues/:id", { schema: { tags, summary: "Un complejo", params, response: { 200: answerOf(VenueAnswer) } } }, async (request, reply) => {
    const venue = await run(getVenue(app.ports, idParam(request.params)));
    reply.header("cache-control", PUBLIC_READ);
    return presentVenue(venue);
  });

  app.get(
    "/api/venues/:id/courts",
    { schema: { tags, summary: "Canchas de un complejo, por número", params, response: { 200: listOf(CourtAnswer) } } },
    async (request, reply) => {
      const id = idParam(request.params);
      reply.header("cache-control", PUBLIC_READ);
      // the read model answers the API's JSON text: sent as is, not serialized again
      const body = await run(venueCourts(app.ports, id));
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.get(
    "/api/venues/:id/availability",
    {
      // a few kB kept as text: compressing it on each hit would cost more than sending it
      compress: false,
      schema: {
        tags,
        summary: "Disponibilidad de un día: cada cancha y sus 16 horas libres, ocupadas, cerradas o pasadas (sin datos de usuarios)",
        params,
        querystring: queries.date,
        response: { 200: answerOf(VenueAvailabilityAnswer) },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params);
      const query = dateQuery(request.query);
      // never stored: a booking made a moment ago must show its slot taken at once
      reply.header("cache-control", "no-store");
      const found = venueAvailability(app.ports, id, query);
      const answer = found instanceof Promise ? await found : found;
      // a day the read model keeps is the same answer on each hit within an hour: encoded once, as
      // bytes (a few kB: Fastify sends a Buffer as it is, a string it would encode on every hit)
      let bytes = availabilityBytes.get(answer);
      if (bytes === undefined) {
        bytes = Buffer.from(JSON.stringify(answer));
        availabilityBytes.set(answer, bytes);
      }
      return reply.type(JSON_TYPE).send(bytes);
    },
  );

  app.get(
    "/api/venues/:id/bookings",
    {
      // compressed once per calendar (sendCalendar), not by the plugin on each request
      compress: false,
      schema: {
        tags,
        summary: "Calendario del mes: cancha, fecha, hora y tipo de juego (sin datos de usuarios)",
        params,
        querystring: queries.month,
        response: { 200: listOf(CalendarEntryAnswer) },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params);
      const query = decode(MonthQuery, request.query);
      reply.header("cache-control", PUBLIC_READ);
      const body = await run(venueMonth(app.ports, id, query));
      return reply.type(JSON_TYPE).send(await sendCalendar(request, reply, bufferOf(body)));
    },
  );

  app.post("/api/venues", { preHandler: adminOnly, schema: { tags, summary: "Crear un complejo (admin)", body: bodies.venue, response: { 201: answerOf(VenueAnswer), ...problems(409) } } }, async (request, reply) => {
    const input = decode(VenueBody, request.body);
    const venue = await run(createVenue(app.ports, actorOf(request), input));
    return reply.code(201).send(presentVenue(venue));
  });

  app.delete(
    "/api/venues/:id",
    { preHandler: adminOnly, schema: { tags, summary: "Eliminar un complejo con sus canchas y reservas (admin)", params, response: { 204: noContent, ...problems(409) } } },
    async (request, reply) => {
      await run(deleteVenue(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/admin/venues/:id/rules",
    { preHandler: adminOnly, schema: { tags, summary: "Reglas de reserva de un complejo (admin)", params, response: { 200: answerOf(VenueRulesAnswer) } } },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE);
      return run(getVenueRules(app.ports, actorOf(request), idParam(request.params)));
    },
  );

  app.put(
    "/api/admin/venues/:id/rules",
    {
      preHandler: adminOnly,
      schema: { tags, summary: "Cambiar las reglas de reserva de un complejo (admin)", params, body: bodies.venueRules, response: { 200: answerOf(VenueRulesAnswer) } },
    },
    async (request, reply) => {
      const id = idParam(request.params);
      const input = decode(VenueRulesBody, request.body);
      reply.header("cache-control", PRIVATE);
      return run(setVenueRules(app.ports, actorOf(request), id, input));
    },
  );

  app.put(
    "/api/venues/:id/image",
    { preHandler: adminOnly, bodyLimit: IMAGE_JSON_BODY_LIMIT, schema: { tags, summary: "Imagen de un complejo (admin)", params, body: bodies.image, response: { 200: answerOf(VenueAnswer) } } },
    async (request) => {
      const id = idParam(request.params);
      const input = decode(ImageBody, request.body);
      const venue = await run(setVenueImage(app.ports, actorOf(request), id, input));
      return presentVenue(venue);
    },
  );
});
