import type { CalendarEvent } from "@courts/core";
import { createEvents, type EventAttributes } from "ics";

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

const attributesOf = (event: CalendarEvent): EventAttributes => ({
  uid: event.uid,
  sequence: event.sequence,
  status: event.status,
  title: event.title,
  description: event.description,
  location: event.location,
  // milliseconds since the epoch, written as UTC (…Z): no zone database needed by any reader
  start: event.start.getTime(),
  startInputType: "utc",
  startOutputType: "utc",
  end: event.end.getTime(),
  endInputType: "utc",
  endOutputType: "utc",
  busyStatus: event.status === "CANCELLED" ? "FREE" : "BUSY",
  ...(event.url ? { url: event.url } : {}),
});

/** An RFC 5545 calendar with these events (an empty feed is a valid calendar too). */
export const calendarFile = (events: readonly CalendarEvent[], name = "Canchas: mis reservas"): string => {
  const header = { productId: "canchas/reservas", method: "PUBLISH", calName: name };
  if (events.length === 0)
    return ["BEGIN:VCALENDAR", "VERSION:2.0", "CALSCALE:GREGORIAN", `PRODID:${header.productId}`, `METHOD:${header.method}`, `X-WR-CALNAME:${name}`, "END:VCALENDAR", ""].join("\r\n");
  const { error, value } = createEvents(events.map(attributesOf), header);
  if (error || value === null) throw error ?? new Error("ics returned no calendar");
  return value;
};
