import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { addDays, cancelBooking, cancelBookingSeries, courtDayWithBlocks, createBlock, createBooking, createBookingSeries, daySchedule, handleEvents, joinWaitlist, recordCashPayment, type CourtAvailability, type Notice } from "@courts/core";
import { club, failure, ok } from "./harness.js";

/** Club operations on in-memory ports: the same rules the SQL suites race. */
describe("club operations", () => {
  it("when a series of 12 weeks meets 2 taken weeks, then it books 10 and lists the 2", async () => {
    const c = await club();
    const start = "2026-11-23";
    await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, bookingDate: addDays(start, 14), timeSlot: "19:00", gameType: "singles" }));
    await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, bookingDate: addDays(start, 70), timeSlot: "19:00", gameType: "singles" }));
    const result = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "19:00", gameType: "doubles", startDate: start, weeks: 12 }),
    );
    expect(result.created).toHaveLength(10);
    expect(result.skipped).toEqual([
      { date: addDays(start, 14), reason: "taken", message: "Ocupado" },
      { date: addDays(start, 70), reason: "taken", message: "Ocupado" },
    ]);
    expect(new Set(result.created.map((b) => b.date)).size).toBe(10);
    expect(result.created.every((b) => b.userId === c.ana.id && b.totalAmount === 3300)).toBe(true);
  });

  it("when a week is blocked or past, then the series skips it with the reason", async () => {
    const c = await club();
    await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: "2026-11-28", endDate: "2026-11-28", reason: "Torneo" }));
    const result = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "06:00", gameType: "singles", startDate: "2026-11-21", weeks: 3 }),
    );
    expect(result.skipped).toEqual([
      { date: "2026-11-21", reason: "past", message: "Fecha pasada" },
      { date: "2026-11-28", reason: "blocked", message: "Cerrado: Torneo" },
    ]);
    expect(result.created.map((b) => b.date)).toEqual(["2026-12-05"]);
  });

  it("when every week of a series is already past, then 400 on startDate", async () => {
    const c = await club();
    const refused = await failure(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "06:00", gameType: "singles", startDate: "2020-01-01", weeks: 2 }),
    );
    expect(refused).toMatchObject({ _tag: "InvalidInput", field: "startDate", message: "Todas las semanas de la serie ya pasaron: elige una fecha de inicio desde hoy" });
    // one week still ahead is enough: the past ones are skipped and listed
    const result = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "06:00", gameType: "singles", startDate: addDays("2026-11-21", -7), weeks: 3 }),
    );
    expect(result.created.map((b) => b.date)).toEqual(["2026-11-28"]);
  });

  it("when a player books inside a block, then SlotBlocked names the reason; a player cannot create blocks", async () => {
    const c = await club();
    await ok(createBlock(c.ports, c.admin, { venueId: c.venue.id, startDate: "2026-12-01", endDate: "2026-12-31", weekdays: [6, 7], reason: "Clases" }));
    const refused = await failure(createBooking(c.ports, c.asAna, { courtId: c.court2.id, bookingDate: "2026-12-05", timeSlot: "09:00", gameType: "singles" }));
    expect(refused).toMatchObject({ _tag: "SlotBlocked", reason: "Clases", message: "El horario 09:00 está cerrado: Clases" });
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court2.id, bookingDate: "2026-12-04", timeSlot: "09:00", gameType: "singles" }));
    expect((await failure(createBlock(c.ports, c.asAna, { venueId: c.venue.id, startDate: "2026-12-01", endDate: "2026-12-01", reason: "Otro" })))._tag).toBe("NotAllowed");
  });

  it("when a block's dates meet none of its weekdays, then it is refused with the dates and days in words, and nothing is kept", async () => {
    const c = await club();
    // Tuesday 1 to Thursday 3 December, on weekends only
    const refused = await failure(
      createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: "2026-12-01", endDate: "2026-12-03", weekdays: [7, 6], reason: "Clases" }),
    );
    expect(refused).toMatchObject({
      _tag: "InvalidInput",
      field: "weekdays",
      message:
        "Ningún día entre el 1 de diciembre y el 3 de diciembre cae en sábado ni domingo: el bloqueo no cerraría nada. Elige otros días o amplía las fechas.",
    });
    expect(await c.ports.blocks.listByVenue(c.venue.id)).toEqual([]);
    // the same days with Thursday among them close Thursday 3
    const kept = await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: "2026-12-01", endDate: "2026-12-03", weekdays: [4, 6, 7], reason: "Clases" }));
    expect(kept.created).toBe(true);
  });

  it("when a block meets an active booking, then BlockConflicts lists it, and with cancelConflicts the booking is cancelled at 100%", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "08:00", gameType: "singles" }));
    const input = { courtId: c.court.id, startDate: "2026-11-22", endDate: "2026-11-22", reason: "Mantenimiento" as const };
    const conflict = await failure(createBlock(c.ports, c.admin, input));
    expect(conflict).toMatchObject({ _tag: "BlockConflicts", bookings: [{ id: booking.id, timeSlot: "08:00", courtName: "Central" }] });
    const closed = await ok(createBlock(c.ports, c.admin, { ...input, cancelConflicts: true }));
    expect(closed.closed.map((n) => n.booking.id)).toEqual([booking.id]);
    // within 24 h the player's own cancellation would refund 50%; a closure refunds 100%
    expect(await c.ports.bookings.findById(booking.id)).toMatchObject({ status: "cancelled", refundPercentage: 100 });
  });

  it("when the desk takes cash and the schedule is read, then the cell shows the player and the paid state", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    await ok(recordCashPayment(c.ports, c.admin, booking.id, { amount: booking.totalAmount }));
    const schedule = await ok(daySchedule(c.ports, c.admin, { date: "2026-11-25", venueId: c.venue.id }));
    const cell = schedule.venues[0]!.courts.find((x) => x.id === c.court.id)!.cells.find((x) => x.timeSlot === "10:00")!;
    expect(cell.booking).toMatchObject({ userName: "ana", paymentStatus: "completed" });
    expect((await failure(recordCashPayment(c.ports, c.admin, booking.id, { amount: 1 })))._tag).toBe("BookingFullyPaid");
  });
});

describe("a court's day the read model holds", () => {
  it("when the read model holds the day, then the answer comes at once (no promise), the same as when it is read; when it does not, it is read", async () => {
    const c = await club();
    await ok(createBlock(c.ports, c.admin, { venueId: c.venue.id, startDate: "2026-12-05", endDate: "2026-12-05", timeSlots: ["20:00"], reason: "Clases" }));
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-12-05", timeSlot: "09:00", gameType: "singles" }));
    const read = courtDayWithBlocks(c.ports, c.court.id, { date: "2026-12-05" });
    expect(read).toBeInstanceOf(Promise);
    const expected = await read;
    expect(expected).toMatchObject({ bookedSlots: ["09:00", "20:00"], blockedSlots: [{ timeSlot: "20:00", reason: "Clases" }] });

    // a read model that holds the day (the SQL one, while nothing was committed since)
    const held = new Map<string, CourtAvailability>();
    const catalog = c.ports.catalog;
    const ports = {
      ...c.ports,
      catalog: {
        ...catalog,
        keptCourtAvailability: (courtId: string, date: string) => held.get(`${courtId}|${date}`),
        courtAvailability: async (courtId: string, date: string, now: Date) => {
          const day = await catalog.courtAvailability(courtId, date, now);
          if (day) held.set(`${courtId}|${date}`, day);
          return day;
        },
      },
    };
    expect(await courtDayWithBlocks(ports, c.court.id, { date: "2026-12-05" })).toEqual(expected);
    const atOnce = courtDayWithBlocks(ports, c.court.id, { date: "2026-12-05" });
    expect(atOnce).not.toBeInstanceOf(Promise);
    expect(atOnce).toEqual(expected);
    // the same held day gives the same answer object each time
    expect(courtDayWithBlocks(ports, c.court.id, { date: "2026-12-05" })).toBe(atOnce);
    // not held: a court that does not exist is read, and refused
    await expect(courtDayWithBlocks(ports, "no-existe", { date: "2026-12-05" })).rejects.toMatchObject({ _tag: "CourtNotFound" });
  });
});

describe("a weekly series the club ends", () => {
  it("when the club cancels a series whose next week is hours away and was paid in cash, then it is refunded in full (the club's decision, not the player's), and the player is told 100%", async () => {
    const c = await club();
    // 2026-11-21 07:00 in Guayaquil now: tonight's 18:00 is 11 h away, under every tier
    const series = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "18:00", gameType: "doubles", startDate: "2026-11-21", weeks: 2 }),
    );
    const tonight = series.created[0]!;
    await ok(recordCashPayment(c.ports, c.admin, tonight.id, { amount: tonight.totalAmount }));
    const { cancelled } = await ok(cancelBookingSeries(c.ports, c.admin, series.series.id));
    expect(cancelled).toHaveLength(2);
    const after = await c.ports.bookings.findById(tonight.id);
    expect(after).toMatchObject({ status: "cancelled", refundPercentage: 100, cancellationReason: "Serie cancelada por el club" });
    const [cash] = await c.ports.payments.listByBooking(tonight.id);
    expect(cash).toMatchObject({ kind: "cash", status: "refunded", refundedAmount: tonight.totalAmount });
    // the messages are the events' reactions: one pass of them
    await Effect.runPromise(handleEvents(c.ports));
    const told = (c.ports.outbox as unknown as { rows(): { notice: Notice }[] })
      .rows()
      .find((r) => r.notice.kind === "club-action" && r.notice.action === "series-cancelled")?.notice;
    expect(told).toMatchObject({ bookings: [{ refund: tonight.totalAmount, cash: tonight.totalAmount }, { refund: 0, cash: 0 }] });
  });

  it("when the player cancels a week of their series themselves, then the tier of the moment applies", async () => {
    const c = await club();
    const series = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "18:00", gameType: "singles", startDate: "2026-11-21", weeks: 1 }),
    );
    const tonight = series.created[0]!;
    const answer = await ok(cancelBooking(c.ports, c.asAna, { bookingId: tonight.id }));
    expect(answer.refundPercentage).toBe(0);
  });
});

describe("the waitlist and a closed hour", () => {
  it("when a player asks to be told when a closed hour frees, then they are told it is closed and why (409), not that it is free", async () => {
    const c = await club();
    await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: "2026-11-28", endDate: "2026-11-28", timeSlots: ["10:00"], reason: "Clases" }));
    const refused = await failure(joinWaitlist(c.ports, c.asBeto, { courtId: c.court.id, date: "2026-11-28", timeSlot: "10:00" }));
    expect(refused).toMatchObject({ _tag: "SlotBlocked", message: "El horario 10:00 está cerrado: Clases" });
    // an hour beside it that is free still says so
    const free = await failure(joinWaitlist(c.ports, c.asBeto, { courtId: c.court.id, date: "2026-11-28", timeSlot: "11:00" }));
    expect(free).toMatchObject({ _tag: "SlotNotTaken", message: "Este horario está libre: puedes reservarlo ahora" });
  });
});
