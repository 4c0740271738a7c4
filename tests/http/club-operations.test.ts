import { SESSION_COOKIE } from "@courts/adapters";
import { weekdayOf } from "@courts/core";
import { extractText } from "unpdf";
import { expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, dayFromToday, demoCourts, newPlayer, pay, type BookingShape, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/** Club operations through real HTTP (DESIGN.md section 10): blocks, closures, series, cash, the day's schedule. */
describeOnEngines("club operations", (server) => {
  let day = 70;
  /** a day no other test of this file uses */
  const freshDay = () => dayFromToday(day++);
  const setup = async () => {
    const { venues, courts } = await demoCourts(server());
    const admin = await adminClient(server());
    const court = courts[0]!;
    const venue = venues.find((v) => v.id === court.venueId)!;
    return { venues, courts, admin, court, venue };
  };
  const bookAs = (client: Client, court: CourtShape, date: string, timeSlot: string, extra: Record<string, unknown> = {}) =>
    client.post<BookingShape & { message?: string; code?: string; reason?: string }>("/api/bookings", { courtId: court.id, bookingDate: `${date}T00:00:00`, timeSlot, gameType: "singles", ...extra });

  it("when a guest or a player calls the admin operations, then 401 and 403", async () => {
    const { court } = await setup();
    const guest = new Client(server().baseUrl);
    const { client: player } = await newPlayer(server());
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/admin/blocks", { courtId: court.id, startDate: freshDay(), endDate: freshDay(), reason: "Otro" }],
      ["GET", `/api/admin/blocks?venueId=${court.venueId}`],
      ["DELETE", "/api/admin/blocks/abc"],
      ["POST", "/api/admin/booking-series", {}],
      ["DELETE", "/api/admin/booking-series/abc"],
      ["POST", "/api/admin/bookings/abc/cash-payments", { amount: "1.00" }],
      ["GET", `/api/admin/schedule?date=${freshDay()}`],
      ["GET", "/api/admin/users?username=x"],
    ];
    for (const [method, path, json] of calls) {
      expect((await guest.request(method, path, json === undefined ? {} : { json })).status, `${method} ${path} as guest`).toBe(401);
      expect((await player.request(method, path, json === undefined ? {} : { json })).status, `${method} ${path} as player`).toBe(403);
    }
  });

  it("when a block request is malformed, then 400 names the field in Spanish", async () => {
    const { admin, court, venue } = await setup();
    const date = freshDay();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ startDate: date, endDate: date, reason: "Otro" }, "body", /venueId.*courtId/],
      [{ venueId: venue.id, courtId: court.id, startDate: date, endDate: date, reason: "Otro" }, "body", /no ambos/],
      [{ courtId: court.id, startDate: date, endDate: date, reason: "Lluvia" }, "reason", /Mantenimiento/],
      [{ courtId: court.id, startDate: date, endDate: date, reason: "Otro", weekdays: [8] }, "weekdays", /1 \(lunes\) a 7/],
      [{ courtId: court.id, startDate: date, endDate: date, reason: "Otro", timeSlots: ["05:00"] }, "timeSlots", /06:00 y 21:00/],
      [{ courtId: court.id, startDate: "2026-02-30", endDate: date, reason: "Otro" }, "startDate", /AAAA-MM-DD/],
      [{ courtId: court.id, startDate: date, endDate: dayFromToday(20), reason: "Otro" }, "endDate", /anterior a la inicial/],
      [{ courtId: court.id, startDate: dayFromToday(1), endDate: dayFromToday(400), reason: "Otro" }, "endDate", /366 días/],
      [{ courtId: court.id, startDate: "2020-01-01", endDate: "2020-01-02", reason: "Otro" }, "endDate", /pasada/],
      // one day, and every weekday but its own: the block would close nothing
      [{ courtId: court.id, startDate: date, endDate: date, reason: "Otro", weekdays: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== weekdayOf(date)) }, "weekdays", /no cerraría nada/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.post<{ field: string; message: string; code: string }>("/api/admin/blocks", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
    }
    const unknown = await admin.post<{ code: string }>("/api/admin/blocks", { courtId: "no-such-court", startDate: date, endDate: date, reason: "Otro" });
    expect(unknown.status).toBe(404);
  });

  it("when a court is blocked for some slots, then availability lists them with the reason and booking them answers 409 with it", async () => {
    const { admin, court } = await setup();
    const { client: player } = await newPlayer(server());
    const date = freshDay();
    const block = await admin.post<{ block: { id: string; timeSlots: string[] }; created: boolean }>("/api/admin/blocks", {
      courtId: court.id, startDate: date, endDate: date, timeSlots: ["11:00", "10:00"], reason: "Mantenimiento", note: "Cambio de red",
    });
    expect(block.status).toBe(201);
    expect(block.body.block.timeSlots).toEqual(["10:00", "11:00"]);
    const taken = await bookAs(player, court, date, "18:00");
    expect(taken.status).toBe(201);

    const availability = await new Client(server().baseUrl).get(`/api/courts/${court.id}/bookings?date=${date}`);
    expect(availability.body).toEqual({
      date,
      bookedSlots: ["10:00", "11:00", "18:00"],
      blockedSlots: [
        { timeSlot: "10:00", reason: "Mantenimiento" },
        { timeSlot: "11:00", reason: "Mantenimiento" },
      ],
    });
    const refused = await bookAs(player, court, date, "10:00");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "SLOT_BLOCKED", reason: "Mantenimiento", message: "El horario 10:00 está cerrado: Mantenimiento" });

    // the same request again is the same block
    const again = await admin.post<{ block: { id: string }; created: boolean }>("/api/admin/blocks", {
      courtId: court.id, startDate: date, endDate: date, timeSlots: ["10:00", "11:00"], reason: "Mantenimiento",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, block: { id: block.body.block.id } });

    const listed = await admin.get<{ id: string; note: string | null }[]>(`/api/admin/blocks?venueId=${court.venueId}`);
    expect(listed.body.find((b) => b.id === block.body.block.id)?.note).toBe("Cambio de red");
    const month = date.slice(0, 7).split("-").map(Number) as [number, number];
    const publicBlocks = await new Client(server().baseUrl).get<Record<string, unknown>[]>(`/api/venues/${court.venueId}/blocks?year=${month[0]}&month=${month[1]}`);
    const shown = publicBlocks.body.find((b) => b.id === block.body.block.id);
    expect(shown).toMatchObject({ courtId: court.id, reason: "Mantenimiento", startDate: date });
    expect(shown).not.toHaveProperty("note");

    expect((await admin.delete(`/api/admin/blocks/${block.body.block.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/blocks/${block.body.block.id}`)).status).toBe(404);
    expect((await bookAs(player, court, date, "10:00")).status).toBe(201);
  });

  it("when a venue is closed over paid bookings, then 409 lists them, and with cancelConflicts each payer is refunded 100% once", async () => {
    const { admin, courts, venue } = await setup();
    const venueCourts = courts.filter((c) => c.venueId === venue.id);
    const { client: ana, user: anaUser } = await newPlayer(server());
    const { client: beto } = await newPlayer(server());
    const date = freshDay();
    const first = (await bookAs(ana, venueCourts[0]!, date, "19:00")).body;
    const second = (await bookAs(beto, venueCourts[1]!, date, "20:00")).body;
    const outside = (await bookAs(beto, venueCourts[1]!, date, "17:00")).body;
    await pay(ana, first.id, { paymentType: "full" });
    await pay(beto, second.id, { paymentType: "partial" });

    const request = { venueId: venue.id, startDate: date, endDate: date, timeSlots: ["18:00", "19:00", "20:00", "21:00"], reason: "Otro", note: "Lluvia" };
    const conflict = await admin.post<{ code: string; message: string; bookings: { id: string }[] }>("/api/admin/blocks", request);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("BLOCK_CONFLICTS");
    expect(conflict.body.message).toMatch(/^Hay 2 reservas activas/);
    expect(conflict.body.bookings.map((b) => b.id).sort()).toEqual([first.id, second.id].sort());

    const [a, b] = await Promise.all([
      admin.post<{ created: boolean; cancelledBookings: { booking: { id: string }; refunds: { amount: string; status: string }[] }[] }>("/api/admin/blocks", { ...request, cancelConflicts: true }),
      admin.post<{ created: boolean; cancelledBookings: { booking: { id: string }; refunds: { amount: string; status: string }[] }[] }>("/api/admin/blocks", { ...request, cancelConflicts: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const closed = [...a.body.cancelledBookings, ...b.body.cancelledBookings];
    expect(closed.map((c) => c.booking.id).sort()).toEqual([first.id, second.id].sort());
    const half = (total: string) => (Math.round(Number(total) * 100) / 2 / 100).toFixed(2);
    expect(closed.flatMap((c) => c.refunds).map((r) => [r.amount, r.status]).sort()).toEqual(
      [[first.totalAmount, "sent"], [half(second.totalAmount), "sent"]].sort(),
    );

    const mine = await ana.get<{ id: string; status: string; cancellationReason: string; refundPercentage: number }[]>("/api/user/bookings");
    expect(mine.body.find((x) => x.id === first.id)).toMatchObject({ status: "cancelled", refundPercentage: 100, cancellationReason: "Cierre del club: Otro (Lluvia)" });
    const payments = await ana.get<{ bookingId: string; status: string; refundedAmount: string }[]>(`/api/payments/user/${anaUser.id}`);
    expect(payments.body.find((p) => p.bookingId === first.id)).toMatchObject({ status: "refunded", refundedAmount: first.totalAmount });
    const untouched = await beto.get<{ id: string; status: string }[]>("/api/user/bookings");
    expect(untouched.body.find((x) => x.id === outside.id)?.status).toBe("active");
  });

  it("when an admin removes a court or venue with a paid booking still to be played, then 409 says so and nothing goes; after a closure refunds it, both go", async () => {
    const { admin } = await setup();
    const venue = (await admin.post<{ id: string }>("/api/venues", { name: "Club Temporal", location: "Loja", description: "" })).body;
    const court = (await admin.post<CourtShape>("/api/courts", { name: "Cancha Temporal", courtNumber: 1, venueId: venue.id })).body;
    const other = (await admin.post<CourtShape>("/api/courts", { name: "Cancha Libre", courtNumber: 2, venueId: venue.id })).body;
    const { client: ana } = await newPlayer(server());
    const date = freshDay();
    const paid = (await bookAs(ana, court, date, "11:00")).body;
    const payment = await pay(ana, paid.id, { paymentType: "full" });
    // an unpaid hold holds no money: it does not stand in the way
    expect((await bookAs(ana, other, date, "12:00")).status).toBe(201);

    for (const [path, what, it] of [
      [`/api/courts/${court.id}`, "La cancha", "la"],
      [`/api/venues/${venue.id}`, "El complejo", "lo"],
    ] as const) {
      const refused = await admin.delete<{ code: string; message: string }>(path);
      expect(refused.status, path).toBe(409);
      expect(refused.body.code).toBe("PAID_BOOKINGS_AHEAD");
      const [year, month, day] = date.split("-");
      expect(refused.body.message).toBe(
        `${what} tiene 1 reserva pagada por jugar (la próxima: Cancha Temporal, ${day}/${month}/${year} a las 11:00). ` +
          `Ciérra${it} primero en esas fechas desde Horario, que reembolsa el 100% a cada pagador y le avisa; después podrás eliminar${it}.`,
      );
    }
    expect((await ana.get<{ status: string; paidAmount: string }>(`/api/bookings/${paid.id}`)).body).toMatchObject({ status: "active", paidAmount: paid.totalAmount });
    // moving it to another club would move the player's game there unannounced; renaming it is fine
    const elsewhere = (await admin.post<{ id: string }>("/api/venues", { name: "Club Lejano", location: "Quito", description: "" })).body;
    const moved = await admin.put<{ code: string; message: string }>(`/api/courts/${court.id}`, { name: "Cancha Temporal", courtNumber: 1, venueId: elsewhere.id });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("PAID_BOOKINGS_AHEAD");
    expect(moved.body.message).toMatch(/después podrás moverla a otro complejo\.$/);
    expect((await admin.put(`/api/courts/${court.id}`, { name: "Cancha Temporal Norte", courtNumber: 1, venueId: venue.id })).status).toBe(200);
    expect((await admin.put(`/api/courts/${other.id}`, { name: "Cancha Libre", courtNumber: 2, venueId: elsewhere.id })).status).toBe(200);
    expect((await admin.delete(`/api/venues/${elsewhere.id}`)).status).toBe(204);

    // the closure gives the player everything back, and tells them; then nothing holds money
    const closed = await admin.post("/api/admin/blocks", { courtId: court.id, startDate: date, endDate: date, reason: "Otro", cancelConflicts: true });
    expect(closed.status).toBe(201);
    await expect
      .poll(async () => (await ana.get<{ id: string; status: string; refundedAmount: string }[]>("/api/user/payments")).body.find((p) => p.id === payment.id))
      .toMatchObject({ status: "refunded", refundedAmount: paid.totalAmount });
    expect((await admin.delete(`/api/courts/${court.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/venues/${venue.id}`)).status).toBe(204);
  });

  it("when a series of 12 weeks meets 2 taken weeks, then 10 are booked and the 2 listed; one and then all can be cancelled", async () => {
    const { admin, court } = await setup();
    const { client: other } = await newPlayer(server());
    const { user: player } = await newPlayer(server());
    const start = dayFromToday(7);
    const weekAfter = (n: number) => dayFromToday(7 + 7 * n);
    await bookAs(other, court, weekAfter(2), "07:00");
    await bookAs(other, court, weekAfter(9), "07:00");
    const series = await admin.post<{ id: string; created: BookingShape[]; skipped: { date: string; reason: string; message: string }[] }>(
      "/api/admin/booking-series",
      { courtId: court.id, userId: player.id, timeSlot: "07:00", gameType: "doubles", startDate: start, weeks: 12 },
    );
    expect(series.status).toBe(201);
    expect(series.body.created).toHaveLength(10);
    expect(series.body.created.every((b) => b.userId === player.id && b.timeSlot === "07:00" && b.status === "active")).toBe(true);
    expect(series.body.skipped).toEqual([
      { date: weekAfter(2), reason: "taken", message: "Ocupado" },
      { date: weekAfter(9), reason: "taken", message: "Ocupado" },
    ]);

    const one = series.body.created[3]!;
    expect((await admin.delete<{ cancelled: string[] }>(`/api/admin/booking-series/${series.body.id}/bookings/${one.id}`)).body).toEqual({ cancelled: [one.id] });
    expect((await admin.delete(`/api/admin/booking-series/${series.body.id}/bookings/${one.id}`)).status).toBe(409);
    const all = await admin.delete<{ cancelled: string[] }>(`/api/admin/booking-series/${series.body.id}`);
    expect(all.body.cancelled).toHaveLength(9);
    const after = await admin.get<{ bookings: BookingShape[] }>(`/api/admin/booking-series/${series.body.id}`);
    expect(after.body.bookings.every((b) => b.status === "cancelled")).toBe(true);

    const bad = await admin.post<{ field: string }>("/api/admin/booking-series", { courtId: court.id, userId: player.id, timeSlot: "07:00", gameType: "singles", startDate: start, weeks: 53 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("weeks");
    const nobody = await admin.post("/api/admin/booking-series", { courtId: court.id, userId: "nobody", timeSlot: "07:00", gameType: "singles", startDate: start, weeks: 2 });
    expect(nobody.status).toBe(404);
  });

  it("when the desk takes cash, then the player sees a cash payment without fee, and more than what is unpaid is refused", async () => {
    const { admin, court } = await setup();
    const { client: player, user } = await newPlayer(server());
    const booking = (await bookAs(player, court, freshDay(), "09:00")).body; // 14.50
    const over = await admin.post<{ field: string; message: string }>(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "20.00" });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ field: "amount", message: "El monto en efectivo no puede superar lo pendiente: $14.50" });
    expect((await admin.post(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "-1" })).status).toBe(400);
    const cash = await admin.post<{ payment: Record<string, unknown>; booking: BookingShape }>(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "10.00" });
    expect(cash.status).toBe(201);
    expect(cash.body.payment).toMatchObject({ kind: "cash", status: "succeeded", amount: "10.00", stripeFee: "0.00", netAmount: "10.00" });
    expect(cash.body.payment.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(cash.body.booking).toMatchObject({ paidAmount: "10.00", paymentStatus: "partial" });
    const pdf = await fetch(`${server().baseUrl}/api/payments/${String(cash.body.payment.id)}/invoice`, {
      headers: { cookie: `${SESSION_COOKIE}=${player.session ?? ""}` },
    });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    expect(text).toContain("Efectivo en el club");
    expect(text).not.toContain("Comisión de tarjeta");
    const seen = await player.get<{ kind: string; amount: string }[]>(`/api/payments/user/${user.id}`);
    expect(seen.body.map((p) => [p.kind, p.amount])).toEqual([["cash", "10.00"]]);
    await admin.post(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "4.50" });
    const full = await admin.post<{ code: string }>(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "0.01" });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe("BOOKING_FULLY_PAID");
    expect((await admin.post("/api/admin/bookings/unknown-booking/cash-payments", { amount: "1.00" })).status).toBe(404);
  });

  type CashPayment = { id: string; kind: string; status: string; amount: string; refundedAmount: string; refundOwed: string; refundSentAt: string | null };

  it("when a booking paid in cash at the desk is cancelled, then the cash is recorded as handed back at the club, never owed to a card", async () => {
    const { admin, court } = await setup();
    const { client: player, user } = await newPlayer(server());
    const booking = (await bookAs(player, court, freshDay(), "09:00")).body; // 14.50, days ahead: 100%
    for (const amount of ["5.00", "9.50"]) expect((await admin.post(`/api/admin/bookings/${booking.id}/cash-payments`, { amount })).status).toBe(201);
    const cancel = await admin.post<{ refundPercentage: number; refundAmount: string; refundPending: string }>("/api/cancellations", { bookingId: booking.id, userId: user.id });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ refundPercentage: 100, refundAmount: "14.50", refundPending: "0.00" });
    const seen = await player.get<CashPayment[]>(`/api/payments/user/${user.id}`);
    expect(seen.body.map((p) => [p.kind, p.status, p.refundedAmount, p.refundOwed])).toEqual([
      ["cash", "refunded", "9.50", "0.00"],
      ["cash", "refunded", "5.00", "0.00"],
    ]);
    expect(seen.body.every((p) => p.refundSentAt !== null)).toBe(true);
  });

  it("when a club closure cancels a booking paid partly in cash, then the cash payer's refund is in the answer, handed back, like the card's", async () => {
    const { admin, court } = await setup();
    const { client: player, user } = await newPlayer(server());
    const date = freshDay();
    const booking = (await bookAs(player, court, date, "10:00")).body; // 14.50
    await pay(player, booking.id); // the player's share by card: 7.25
    expect((await admin.post(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "3.00" })).status).toBe(201);
    const closed = await admin.post<{ cancelledBookings: { booking: { id: string }; refunds: { amount: string; status: string }[] }[] }>("/api/admin/blocks", {
      courtId: court.id, startDate: date, endDate: date, reason: "Mantenimiento", cancelConflicts: true,
    });
    expect(closed.status).toBe(201);
    expect(closed.body.cancelledBookings.flatMap((c) => c.refunds).map((r) => [r.amount, r.status]).sort()).toEqual([["3.00", "sent"], ["7.25", "sent"]]);
    const seen = await player.get<CashPayment[]>(`/api/payments/user/${user.id}`);
    expect(seen.body.map((p) => [p.kind, p.status, p.refundedAmount, p.refundOwed]).sort()).toEqual([
      ["cash", "refunded", "3.00", "0.00"],
      ["partial", "refunded", "7.25", "0.00"],
    ]);
  });

  it("when the desk takes cash while the player's card payment for the whole is open, then that payment is cancelled and cannot be charged; what is left is paid anew", async () => {
    const { admin, court } = await setup();
    const { client: player, user } = await newPlayer(server());
    const booking = (await bookAs(player, court, freshDay(), "11:00")).body; // 14.50
    const intent = await player.post<{ clientSecret: string; paymentIntentId: string; amount: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
    expect(intent.body.amount).toBe("14.50");
    expect((await admin.post(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "1.00" })).status).toBe(201);
    const card = { clientSecret: intent.body.clientSecret, cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    expect((await player.post("/api/simulated-card/confirm", card)).status).not.toBe(200);
    const payments = await player.get<CashPayment[]>(`/api/payments/user/${user.id}`);
    expect(payments.body.map((p) => [p.kind, p.status, p.amount]).sort()).toEqual([["cash", "succeeded", "1.00"], ["full", "failed", "14.50"]]);
    const rest = await player.post<{ amount: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
    expect(rest.status).toBe(200);
    expect(rest.body.amount).toBe("13.50");
  });

  it("when the open card payment carries a code, then what it covers (before the code) is what the cash is weighed against", async () => {
    const { admin, court } = await setup();
    const { client: player, user } = await newPlayer(server());
    const booking = (await bookAs(player, court, freshDay(), "12:00")).body; // 14.50
    const code = `MENOS${Date.now() % 100000}`;
    expect((await admin.post("/api/admin/discount-codes", { code, type: "fixed", value: 5, maxUsage: null, expiresAt: null, isActive: true })).status).toBe(201);
    // covers 14.50, the card is charged 9.50
    const intent = await player.post<{ clientSecret: string; amount: string; totalPaid: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full", discountCode: code });
    expect([intent.body.amount, intent.body.totalPaid]).toEqual(["14.50", "9.50"]);
    // 9.50 left after the cash: the open payment (14.50) no longer fits and is cancelled
    expect((await admin.post(`/api/admin/bookings/${booking.id}/cash-payments`, { amount: "5.00" })).status).toBe(201);
    const card = { clientSecret: intent.body.clientSecret, cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    expect((await player.post("/api/simulated-card/confirm", card)).status).not.toBe(200);
    const payments = await player.get<CashPayment[]>(`/api/payments/user/${user.id}`);
    expect(payments.body.map((p) => [p.kind, p.status]).sort()).toEqual([["cash", "succeeded"], ["full", "failed"]]);
  });

  it("when a booking is paid, then no answer carrying it shows a hold any more: the schedule's cell, the player's read and the cancellation's answer", async () => {
    const { admin, court, venue } = await setup();
    const { client: player, user } = await newPlayer(server());
    const date = freshDay();
    const booking = (await bookAs(player, court, date, "09:00")).body as BookingShape & { holdExpiresAt: string | null };
    expect(booking.holdExpiresAt).not.toBeNull();
    await pay(player, booking.id, { paymentType: "full" });
    const schedule = await admin.get<{ venues: { courts: { id: string; cells: { timeSlot: string; booking: { id: string; holdExpiresAt: string | null } | null }[] }[] }[] }>(
      `/api/admin/schedule?date=${date}&venueId=${venue.id}`,
    );
    const cell = schedule.body.venues[0]!.courts.find((c) => c.id === court.id)!.cells.find((c) => c.timeSlot === "09:00");
    expect(cell?.booking).toMatchObject({ id: booking.id, holdExpiresAt: null });
    expect((await player.get<{ holdExpiresAt: string | null }>(`/api/bookings/${booking.id}`)).body.holdExpiresAt).toBeNull();
    const cancelled = await player.post<{ booking?: { holdExpiresAt: string | null }; holdExpiresAt?: string | null }>("/api/cancellations", {
      bookingId: booking.id,
      userId: user.id,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(JSON.stringify(cancelled.body)).not.toMatch(/"holdExpiresAt":"/);
  });

  it("when the admin opens a day's schedule, then each court has 16 cells with its bookings (player, paid state) and blocks (reason)", async () => {
    const { admin, court, venue } = await setup();
    const { client: player, user } = await newPlayer(server());
    const date = freshDay();
    const booking = (await bookAs(player, court, date, "08:00")).body;
    await admin.post("/api/admin/blocks", { courtId: court.id, startDate: date, endDate: date, timeSlots: ["12:00"], reason: "Clases" });
    const schedule = await admin.get<{ date: string; venues: { id: string; courts: { id: string; cells: { timeSlot: string; booking: { id: string; userName: string; paymentStatus: string } | null; block: { reason: string } | null }[] }[] }[] }>(
      `/api/admin/schedule?date=${date}&venueId=${venue.id}`,
    );
    expect(schedule.status).toBe(200);
    expect(schedule.body.venues).toHaveLength(1);
    const cells = schedule.body.venues[0]!.courts.find((c) => c.id === court.id)!.cells;
    expect(cells).toHaveLength(16);
    expect(cells.find((c) => c.timeSlot === "08:00")?.booking).toMatchObject({ id: booking.id, userName: user.username, paymentStatus: "pending" });
    expect(cells.find((c) => c.timeSlot === "12:00")?.block).toMatchObject({ reason: "Clases" });
    expect(cells.filter((c) => c.booking === null && c.block === null)).toHaveLength(14);
    expect((await admin.get(`/api/admin/schedule?date=2026-13-01`)).status).toBe(400);
    const found = await admin.get<{ id: string }>(`/api/admin/users?username=${user.username.toUpperCase()}`);
    expect(found.body.id).toBe(user.id);
    expect((await admin.get("/api/admin/users?username=nadie-con-este-nombre")).status).toBe(404);
  });
});
