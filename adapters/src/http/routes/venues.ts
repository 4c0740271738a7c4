import {
  createVenue,
  deleteVenue,
  getVenue,
  ImageBody,
  listVenueCourts,
  listVenues,
  monthRange,
  MonthQuery,
  setVenueImage,
  venueCalendar,
  VenueBody,
  venueNotFound,
} from "@courts/core";
import { bookingJsonReads, courtJsonReads } from "../../sql/json-reads.sql.js";
import { actorOf } from "../actor.js";
import { adminOnly } from "../guards.js";
import { IMAGE_JSON_BODY_LIMIT } from "../plugins/json-body.js";
import { decode, idParam } from "../decode.js";
import { bodies, idParams, int, listOf, object, ref } from "../openapi.js";
import { presentCalendarEntry, presentCourt, presentVenue } from "../presenters.js";
import { run } from "../run.js";
import { JSON_TYPE, PUBLIC_READ, routes } from "./route-plugin.js";

export default routes("venues", async (app) => {
  const tags = ["venues"];
  const params = idParams();
  // The SQL repositories answer the two hot public reads as ready JSON (sql/json-reads.sql.ts):
  // the same answer as the use case and the presenter, without building it in JavaScript.
  const jsonCourts = courtJsonReads(app.ports.courts);
  const jsonBookings = bookingJsonReads(app.ports.bookings);

  app.get("/api/venues", { schema: { tags, summary: "Complejos", response: { 200: listOf("Venue") } } }, async (_request, reply) => {
    const venues = await run(listVenues(app.ports));
    reply.header("cache-control", PUBLIC_READ);
    return venues.map(presentVenue);
  });

  app.get("/api/venues/:id", { schema: { tags, summary: "Un complejo", params, response: { 200: ref("Venue") } } }, async (request, reply) => {
    const venue = await run(getVenue(app.ports, idParam(request.params)));
    reply.header("cache-control", PUBLIC_READ);
    return presentVenue(venue);
  });

  app.get(
    "/api/venues/:id/courts",
    { schema: { tags, summary: "Canchas de un complejo, por número", params, response: { 200: listOf("Court") } } },
    async (request, reply) => {
      const id = idParam(request.params);
      reply.header("cache-control", PUBLIC_READ);
      if (jsonCourts) {
        const body = await jsonCourts.venueCourtsJson(id);
        if (body === null) throw venueNotFound();
        return reply.type(JSON_TYPE).send(body);
      }
      const courts = await run(listVenueCourts(app.ports, id));
      return [...courts].sort((a, b) => a.courtNumber - b.courtNumber).map(presentCourt);
    },
  );

  app.get(
    "/api/venues/:id/bookings",
    {
      schema: {
        tags,
        summary: "Calendario del mes: cancha, fecha, hora y tipo de juego (sin datos de usuarios)",
        params,
        querystring: object({ year: int, month: int }),
        response: { 200: listOf("CalendarEntry") },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params);
      const query = decode(MonthQuery, request.query);
      reply.header("cache-control", PUBLIC_READ);
      if (jsonBookings) {
        const { from, to } = monthRange(query.year, query.month);
        const body = await jsonBookings.calendarJson(id, from, to);
        if (body === null) throw venueNotFound();
        return reply.type(JSON_TYPE).send(body);
      }
      const entries = await run(venueCalendar(app.ports, id, query));
      return entries.map(presentCalendarEntry);
    },
  );

  app.post("/api/venues", { preHandler: adminOnly, schema: { tags, summary: "Crear un complejo (admin)", body: bodies.venue, response: { 201: ref("Venue") } } }, async (request, reply) => {
    const input = decode(VenueBody, request.body);
    const venue = await run(createVenue(app.ports, actorOf(request), input));
    return reply.code(201).send(presentVenue(venue));
  });

  app.delete(
    "/api/venues/:id",
    { preHandler: adminOnly, schema: { tags, summary: "Eliminar un complejo con sus canchas y reservas (admin)", params, response: { 204: { type: "null" } } } },
    async (request, reply) => {
      await run(deleteVenue(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).send();
    },
  );

  app.put(
    "/api/venues/:id/image",
    { preHandler: adminOnly, bodyLimit: IMAGE_JSON_BODY_LIMIT, schema: { tags, summary: "Imagen de un complejo (admin)", params, body: bodies.image, response: { 200: ref("Venue") } } },
    async (request) => {
      const id = idParam(request.params);
      const input = decode(ImageBody, request.body);
      const venue = await run(setVenueImage(app.ports, actorOf(request), id, input));
      return presentVenue(venue);
    },
  );
});
