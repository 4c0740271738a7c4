import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client.js";
import {
  adminClient,
  book,
  dayFromToday,
  demoCourts,
  freshSlot,
  newPlayer,
  pay,
  PASSWORD,
  type BookingShape,
  type CourtShape,
  type UserShape,
} from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/** Whole journeys through the API: answer shapes of docs/API.md and each domain failure's status. */

const MONEY = /^\d+\.\d{2}$/;

describeOnEngines("journeys and domain failures", (server) => {
  let courts: CourtShape[];
  let player: Client;
  let me: UserShape;
  let admin: Client;
  let guest: Client;

  beforeAll(async () => {
    courts = (await demoCourts(server())).courts;
    ({ client: player, user: me } = await newPlayer(server()));
    admin = await adminClient(server());
    guest = new Client(server().baseUrl);
  });

  describe("accounts", () => {
    it("register answers 201 { user } and logs in; /api/auth/me answers it", async () => {
      const answer = await guest.fork().post<{ user: UserShape }>("/api/auth/register", { email: "Ana.Perez@Correo.EC", username: "ana_perez", password: PASSWORD });
      expect(answer.status).toBe(201);
      // no name or phone given; the email waits for its link
      expect(answer.body).toEqual({ user: { id: expect.any(String), username: "ana_perez", email: "ana.perez@correo.ec", fullName: null, phone: null, emailVerified: false, level: null, matchDigest: false } });
    });

    it("a taken user name or email answers 409", async () => {
      const taken = await guest.fork().post("/api/auth/register", { email: "otro@correo.ec", username: me.username.toUpperCase(), password: PASSWORD });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: "USERNAME_TAKEN" });
      const email = await guest.fork().post("/api/auth/register", { email: me.email, username: "alguien_nuevo", password: PASSWORD });
      expect(email.status).toBe(409);
      expect(email.body).toMatchObject({ code: "EMAIL_TAKEN" });
    });

    it("login answers { user, message }; a wrong password 401 INVALID_CREDENTIALS", async () => {
      const ok = await guest.fork().post("/api/auth/login", { username: me.username, password: PASSWORD });
      expect(ok.body).toEqual({ user: me, message: expect.any(String) });
      const wrong = await guest.fork().post("/api/auth/login", { username: "nadie-existe", password: PASSWORD });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: "Usuario o contraseña incorrectos", code: "INVALID_CREDENTIALS" });
    });

    it("the profile can be edited; a taken user name is 409", async () => {
      const { client, user } = await newPlayer(server());
      const edited = await client.put<{ user: UserShape }>("/api/user/profile", { email: "nuevo.correo@correo.ec", username: `${user.username}x` });
      expect(edited.status).toBe(200);
      expect(edited.body.user).toEqual({ id: user.id, email: "nuevo.correo@correo.ec", username: `${user.username}x`, fullName: null, phone: null, emailVerified: false, level: null, matchDigest: false });
      expect((await client.put("/api/user/profile", { email: "nuevo.correo@correo.ec", username: me.username })).status).toBe(409);
    });
  });

  describe("venues and courts", () => {
    it("venues carry courtCount; courts come by number with prices as decimal strings", async () => {
      const venues = await guest.get<{ id: string; courtCount: number; description: string | null }[]>("/api/venues");
      expect(venues.body.length).toBeGreaterThanOrEqual(3);
      const venue = venues.body[0]!;
      const list = await guest.get<{ courtNumber: number; daySinglesPrice: string; nightDoublesPrice: string; venueId: string }[]>(`/api/venues/${venue.id}/courts`);
      expect(list.body).toHaveLength(venue.courtCount);
      expect(list.body.map((c) => c.courtNumber)).toEqual([...list.body.map((c) => c.courtNumber)].sort((a, b) => a - b));
      for (const c of list.body) {
        expect(c.daySinglesPrice).toMatch(MONEY);
        expect(c.venueId).toBe(venue.id);
      }
    });

    it("an admin creates, edits and deletes a court; a duplicate number is 409", async () => {
      const venue = (await admin.post<{ id: string; courtCount: number }>("/api/venues", { name: "Club Nuevo", location: "Loja", description: "" })).body;
      expect(venue.courtCount).toBe(0);
      // a second club of the same name could not be told apart from the first
      const twin = await admin.post<{ code: string; message: string }>("/api/venues", { name: "Club Nuevo", location: "Cuenca", description: "" });
      expect(twin.status).toBe(409);
      expect(twin.body).toMatchObject({ code: "VENUE_NAME_TAKEN", message: "Ya existe un complejo llamado «Club Nuevo»: elige otro nombre" });
      const created = await admin.post<{ id: string; status: string; daySinglesPrice: string; nightSinglesPrice: string }>("/api/courts", {
        name: "Cancha A",
        courtNumber: 1,
        venueId: venue.id,
        status: "maintenance",
        daySinglesPrice: 15,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: "available", daySinglesPrice: "15.00", nightSinglesPrice: "16.50" });
      const duplicate = await admin.post("/api/courts", { name: "Cancha B", courtNumber: 1, venueId: venue.id });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toMatchObject({ code: "COURT_NUMBER_TAKEN" });
      const edited = await admin.put<{ status: string; nightDoublesPrice: string }>(`/api/courts/${created.body.id}`, {
        name: "Cancha A",
        courtNumber: 1,
        venueId: venue.id,
        status: "maintenance",
        nightDoublesPrice: "40.5",
      });
      expect(edited.body).toMatchObject({ status: "maintenance", nightDoublesPrice: "40.50" });
      // a court in maintenance cannot be booked
      const refused = await player.post("/api/bookings", { courtId: created.body.id, bookingDate: dayFromToday(3), timeSlot: "10:00", gameType: "singles" });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "COURT_UNAVAILABLE" });
      expect((await admin.delete(`/api/courts/${created.body.id}`)).status).toBe(204);
      expect((await guest.get(`/api/courts/${created.body.id}`)).status).toBe(404);
      expect((await admin.delete(`/api/venues/${venue.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/venues/${venue.id}`)).status).toBe(404);
    });
  });

  describe("bookings", () => {
    it("a booking answers 201 with docs/API.md's shape and its slot is taken at once", async () => {
      const slot = freshSlot(courts, { night: true });
      const availabilityBefore = await guest.get<{ bookedSlots: string[] }>(`/api/courts/${slot.courtId}/bookings?date=${slot.bookingDate.slice(0, 10)}`);
      expect(availabilityBefore.body.bookedSlots).not.toContain(slot.timeSlot);

      const answer = await player.post<BookingShape & { court: { venueName: string } }>("/api/bookings", slot);
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body).sort()).toEqual(
        [
          "id", "userId", "courtId", "bookingDate", "date", "timeSlot", "gameType", "tariffType", "totalAmount", "paidAmount",
          "paymentStatus", "status", "cancellationReason", "refundPercentage", "createdAt", "court",
          "holdExpiresAt", "shareDeadlineAt", "balanceDue",
        ].sort(),
      );
      expect(answer.body).toMatchObject({
        userId: me.id,
        bookingDate: `${slot.bookingDate.slice(0, 10)}T00:00:00`,
        date: slot.bookingDate.slice(0, 10),
        tariffType: "night",
        paidAmount: "0.00",
        paymentStatus: "pending",
        status: "active",
        court: { id: slot.courtId, venueName: expect.any(String) },
      });
      expect(answer.body.totalAmount).toMatch(MONEY);
      // the answer is built from what was written, not read back: reading it back gives the same
      const court = courts.find((c) => c.id === slot.courtId)!;
      expect(answer.body.court).toMatchObject({ id: court.id, courtNumber: court.courtNumber, venueId: court.venueId });
      expect((await player.get(`/api/bookings/${answer.body.id}`)).body).toEqual(answer.body);

      const availability = await guest.get<{ date: string; bookedSlots: string[] }>(`/api/courts/${slot.courtId}/bookings?date=${slot.bookingDate.slice(0, 10)}`);
      expect(availability.body.bookedSlots).toContain(slot.timeSlot);
      expect(availability.headers.get("cache-control")).toBe("no-store");

      const again = await (await newPlayer(server())).client.post("/api/bookings", slot);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: "SLOT_TAKEN", message: expect.stringContaining(slot.timeSlot) });
    });

    it("the calendar shows the booking without user data", async () => {
      const booking = await book(player, courts);
      const court = courts.find((c) => c.id === booking.courtId)!;
      const [year, month] = booking.date.split("-").map(Number);
      const calendar = await guest.get<Record<string, unknown>[]>(`/api/venues/${court.venueId}/bookings?year=${year}&month=${month}`);
      const entry = calendar.body.find((e) => e.id === booking.id);
      expect(entry).toEqual({
        id: booking.id,
        bookingDate: booking.bookingDate,
        date: booking.date,
        timeSlot: booking.timeSlot,
        gameType: "singles",
        court: { id: court.id, courtNumber: court.courtNumber, name: expect.any(String) },
      });
      expect(JSON.stringify(calendar.body)).not.toContain(me.id);
    });

    it("a past slot is 400 SLOT_IN_PAST", async () => {
      const answer = await player.post("/api/bookings", { courtId: courts[0]!.id, bookingDate: dayFromToday(-1), timeSlot: "10:00", gameType: "doubles" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "SLOT_IN_PAST" });
    });

    it("a booking for another user is 403; an admin may book for a user", async () => {
      const other = await newPlayer(server());
      expect((await player.post("/api/bookings", { ...freshSlot(courts), userId: other.user.id })).status).toBe(403);
      const byAdmin = await admin.post<BookingShape>("/api/bookings", { ...freshSlot(courts), userId: other.user.id });
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.userId).toBe(other.user.id);
    });

    it("my bookings list mine only; today's bookings are the admin's", async () => {
      const { client } = await newPlayer(server());
      const mine = await book(client, courts);
      const list = await client.get<BookingShape[]>("/api/user/bookings");
      expect(list.body.map((b) => b.id)).toEqual([mine.id]);
      expect(list.headers.get("cache-control")).toContain("no-store");
      expect((await admin.get<unknown[]>("/api/bookings/today")).status).toBe(200);
    });

    it("cancelling an unpaid active booking answers the refund; a second time is 409 BOOKING_NOT_ACTIVE and the slot is free", async () => {
      const booking = await book(player, courts);
      const answer = await player.post<{ refundPercentage: number; refundAmount: string; booking: BookingShape }>("/api/cancellations", {
        bookingId: booking.id,
        userId: me.id,
        cancellationReason: "Lluvia",
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ refundPercentage: 100, refundAmount: "0.00", booking: { status: "cancelled", cancellationReason: "Lluvia" } });
      const twice = await player.post("/api/cancellations", { bookingId: booking.id });
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ code: "BOOKING_NOT_ACTIVE" });
      const rebook = await player.post("/api/bookings", { courtId: booking.courtId, bookingDate: booking.date, timeSlot: booking.timeSlot, gameType: "doubles" });
      expect(rebook.status).toBe(201);
    });
  });

  describe("payments", () => {
    it("a partial payment: intent figures, declined card 402, confirmed card, record 201 then 200, invoice PDF", async () => {
      const booking = await book(player, courts);
      const intent = await player.post<{ clientSecret: string; paymentIntentId: string; amount: string; discount: string; totalPaid: string; stripeFee: string; discountCode: null }>(
        "/api/create-payment-intent",
        { bookingId: booking.id, paymentType: "partial" },
      );
      expect(intent.status).toBe(200);
      const total = Number(booking.totalAmount);
      expect(Number(intent.body.amount)).toBeCloseTo(total / 2, 2);
      expect(intent.body).toMatchObject({ discount: "0.00", discountCode: null, totalPaid: intent.body.amount });

      const early = await player.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.body.paymentIntentId });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: "PAYMENT_NOT_CONFIRMED" });

      const card = { clientSecret: intent.body.clientSecret, expMonth: 12, expYear: 2099, cvc: "123" };
      const declined = await guest.post("/api/simulated-card/confirm", { ...card, cardNumber: "4000 0000 0000 0002" });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ code: "CARD_DECLINED" });
      const badCard = await guest.post("/api/simulated-card/confirm", { ...card, cardNumber: "1234 5678 9012 3456" });
      expect(badCard.status).toBe(400);
      expect(badCard.body).toMatchObject({ code: "INVALID_INPUT", field: "cardNumber" });
      const ok = await guest.post("/api/simulated-card/confirm", { ...card, cardNumber: "4242 4242 4242 4242" });
      expect(ok.body).toEqual({ paymentIntentId: intent.body.paymentIntentId, status: "succeeded" });

      const recorded = await player.post<{ id: string; status: string; invoiceNumber: string; kind: string; totalPaid: string }>("/api/payments", {
        bookingId: booking.id,
        stripePaymentIntentId: intent.body.paymentIntentId,
      });
      expect(recorded.status).toBe(201);
      expect(recorded.body).toMatchObject({ status: "succeeded", kind: "partial", totalPaid: intent.body.totalPaid });
      expect(recorded.body.invoiceNumber).toMatch(/\d/);
      const replay = await player.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.body.paymentIntentId });
      expect(replay.status).toBe(200);

      const after = await player.get<BookingShape>(`/api/bookings/${booking.id}`);
      expect(after.body.paymentStatus).toBe("partial");
      expect(after.body.paidAmount).toBe(intent.body.totalPaid);

      const invoice = await fetch(`${server().baseUrl}/api/payments/${recorded.body.id}/invoice`, { headers: { cookie: `courts.sid=${player.session}` } });
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get("content-type")).toBe("application/pdf");
      expect(invoice.headers.get("content-disposition")).toMatch(/attachment; filename="factura-/);
      expect(Buffer.from(await invoice.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

      const payments = await player.get<{ id: string; booking: { id: string } | null }[]>("/api/user/payments");
      expect(payments.body.find((p) => p.id === recorded.body.id)?.booking?.id).toBe(booking.id);
      const tx = await admin.get<{ items: { id: string; userName: string | null }[] }>("/api/admin/transactions");
      expect(tx.body.items.find((t) => t.id === recorded.body.id)?.userName).toBe(me.username);
      const stats = await admin.get<{ totalRevenue: string; completedCount: number; summary: { net: string } }>("/api/payments/stats");
      expect(stats.body.completedCount).toBeGreaterThanOrEqual(1);
      expect(stats.body.summary.net).toMatch(MONEY);
      const todayRevenue = (await admin.get<{ revenue: string }>("/api/payments/today-revenue")).body.revenue;
      expect(todayRevenue).toMatch(MONEY);
      // one day's figures, for the dashboard's 'vs ayer': today's revenue is the same sum; an empty far day is zero
      const { today } = (await player.get<{ today: string }>("/api/config")).body;
      const day = await admin.get<{ date: string; bookings: number; revenue: string; courts: number }>(`/api/payments/day-stats?date=${today}`);
      expect(day.status).toBe(200);
      expect(day.body).toMatchObject({ date: today, revenue: todayRevenue });
      expect(day.body.courts).toBeGreaterThan(0);
      expect((await admin.get(`/api/payments/day-stats?date=2001-01-01`)).body).toMatchObject({ date: "2001-01-01", bookings: 0, revenue: "0.00" });
      expect((await admin.get<{ code: string }>("/api/payments/day-stats?date=ayer")).body).toMatchObject({ code: "INVALID_INPUT" });
    });

    it("an unpaid payment has no invoice: 409 INVOICE_UNAVAILABLE", async () => {
      const booking = await book(player, courts);
      await player.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
      const pending = (await player.get<{ id: string; status: string; bookingId: string }[]>("/api/user/payments")).body.find((p) => p.bookingId === booking.id);
      expect(pending?.status).toBe("pending");
      const answer = await player.get(`/api/payments/${pending!.id}/invoice`);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: "INVOICE_UNAVAILABLE" });
    });

    it("a fully paid booking refuses another intent (409) and cancelling refunds 100%", async () => {
      const booking = await book(player, courts);
      await pay(player, booking.id, { paymentType: "full" });
      const more = await player.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
      expect(more.status).toBe(409);
      expect(more.body).toMatchObject({ code: "BOOKING_FULLY_PAID" });
      const cancel = await player.post<{ refundPercentage: number; refundAmount: string }>("/api/cancellations", { bookingId: booking.id });
      expect(cancel.body).toEqual(expect.objectContaining({ refundPercentage: 100, refundAmount: booking.totalAmount }));
    });

    it("discount codes: validate answers type and value; unknown 404, expired 410, inactive 409, duplicate 409; applied to an intent", async () => {
      const code = await admin.post<{ id: string; code: string; value: number; type: string; isActive: boolean; maxUsage: number | null }>("/api/admin/discount-codes", {
        code: "verano25",
        type: "fixed",
        value: 2.5,
        maxUsage: 5,
        expiresAt: null,
      });
      expect(code.status).toBe(201);
      expect(code.body).toMatchObject({ code: "VERANO25", type: "fixed", value: 2.5, maxUsage: 5, isActive: true, usageCount: 0 });
      expect((await admin.post("/api/admin/discount-codes", { code: "VERANO25", type: "percentage", value: 5 })).body).toMatchObject({ code: "DUPLICATE_DISCOUNT_CODE" });
      expect((await guest.post("/api/discount-codes/validate", { code: "verano25" })).body).toEqual({ code: "VERANO25", type: "fixed", value: 2.5 });

      const unknown = await guest.post("/api/discount-codes/validate", { code: "NOEXISTE" });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: "DISCOUNT_UNUSABLE", reason: "unknown" });
      // a date already past is refused at creation; a code can still run out while it exists
      const past = await admin.post<{ field: string; message: string }>("/api/admin/discount-codes", { code: "VIEJO", type: "percentage", value: 10, expiresAt: "2020-01-01T00:00:00.000Z" });
      expect(past.status).toBe(400);
      expect(past.body).toMatchObject({ field: "expiresAt", message: "La fecha de vencimiento ya pasó: elige una fecha futura" });
      const viejo = await admin.post<{ id: string }>("/api/admin/discount-codes", { code: "VIEJO", type: "percentage", value: 10, expiresAt: "2099-01-01T00:00:00.000Z" });
      await server().ports.discountCodes.update(viejo.body.id, { expiresAt: new Date("2020-01-01T00:00:00.000Z") });
      // the edit form sends the date back as it was: accepted; moving it to another past date is not
      expect((await admin.patch(`/api/admin/discount-codes/${viejo.body.id}`, { value: 15, type: "percentage", expiresAt: "2020-01-01T00:00:00.000Z" })).status).toBe(200);
      expect((await admin.patch(`/api/admin/discount-codes/${viejo.body.id}`, { expiresAt: "2021-01-01T00:00:00.000Z" })).status).toBe(400);
      const expired = await guest.post("/api/discount-codes/validate", { code: "VIEJO" });
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ reason: "expired" });
      const off = await admin.patch<{ isActive: boolean }>(`/api/admin/discount-codes/${code.body.id}`, { isActive: false });
      expect(off.body.isActive).toBe(false);
      expect((await guest.post("/api/discount-codes/validate", { code: "VERANO25" })).status).toBe(409);
      await admin.patch(`/api/admin/discount-codes/${code.body.id}`, { isActive: true });
      const active = await admin.get<{ code: string }[]>("/api/discount-codes");
      expect(active.body.map((c) => c.code)).toContain("VERANO25");
      expect(active.body.map((c) => c.code)).not.toContain("VIEJO");

      const booking = await book(player, courts);
      const intent = await player.post<{ amount: string; discount: string; totalPaid: string; discountCode: string }>("/api/create-payment-intent", {
        bookingId: booking.id,
        paymentType: "full",
        discountCode: "verano25",
      });
      expect(intent.body).toMatchObject({ discount: "2.50", discountCode: "VERANO25" });
      expect(Number(intent.body.totalPaid)).toBeCloseTo(Number(intent.body.amount) - 2.5, 2);
    });

    it("a shared link: the owner pays a share, a guest pays the other; then the link is full", async () => {
      const booking = await book(player, courts);
      await pay(player, booking.id, { paymentType: "partial" });
      const link = await player.post<{ shareUrl: string; shareToken: string; amountPerPerson: string; maxParticipants: number }>("/api/shared-payment-links", {
        bookingId: booking.id,
        maxParticipants: 2,
      });
      expect(link.status).toBe(201);
      expect(link.body.shareUrl).toBe(`http://localhost:3000/shared-payment/${link.body.shareToken}`);

      const view = await guest.get<{ link: { placesLeft: number; currentParticipants: number }; booking: Record<string, unknown>; court: { venueName: string } }>(
        `/api/shared-payment-links/${link.body.shareToken}`,
      );
      expect(view.status).toBe(200);
      expect(view.body.booking).not.toHaveProperty("userId");
      expect(view.body.court.venueName).toEqual(expect.any(String));
      expect(view.body.link).toMatchObject({ currentParticipants: 1, placesLeft: 1 });

      const friend = guest.fork();
      const paid = await pay(friend, booking.id, { shareToken: link.body.shareToken });
      expect(paid.status).toBe("succeeded");
      const full = await guest.get<{ link: { placesLeft: number } }>(`/api/shared-payment-links/${link.body.shareToken}`);
      expect(full.body.link.placesLeft).toBe(0);
      expect((await player.get<BookingShape>(`/api/bookings/${booking.id}`)).body.paymentStatus).toBe("completed");
      const again = await guest.post("/api/create-payment-intent", { bookingId: booking.id, shareToken: link.body.shareToken });
      expect(again.status).toBe(409);
      expect((await guest.get("/api/shared-payment-links/no-existe-este-token")).status).toBe(404);
    });

    it("a shared link opened again by a signed-in player who paid a share: the page knows, and a second share is refused", async () => {
      const booking = await book(player, courts, { gameType: "doubles" });
      await pay(player, booking.id, { paymentType: "partial" });
      const link = await player.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: booking.id, maxParticipants: 4 });
      const { client: friend } = await newPlayer(server());
      type View = { link: { currentParticipants: number; amountPerPerson: string }; yourPayment: { paymentId: string; charged: string; paidAt: string } | null };
      const before = await friend.get<View>(`/api/shared-payment-links/${link.body.shareToken}`);
      expect(before.body.yourPayment).toBeNull();
      const paid = await pay(friend, booking.id, { shareToken: link.body.shareToken });
      const seen = await friend.get<View>(`/api/shared-payment-links/${link.body.shareToken}`);
      expect(seen.body.link.currentParticipants).toBe(2);
      expect(seen.body.yourPayment).toMatchObject({ paymentId: paid.id, charged: before.body.link.amountPerPerson });
      expect(Date.parse(seen.body.yourPayment?.paidAt ?? "")).not.toBeNaN();
      // a guest (or anyone else) sees no payment of theirs
      expect((await guest.get<View>(`/api/shared-payment-links/${link.body.shareToken}`)).body.yourPayment).toBeNull();
      const again = await friend.post<{ code: string; message: string }>("/api/create-payment-intent", { bookingId: booking.id, shareToken: link.body.shareToken });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("Ya pagaste tu parte de esta reserva: tu recibo está en Historial de Pagos.");
      // the organiser, who paid theirs at checkout, cannot pay a second share through the link either
      expect((await player.post("/api/create-payment-intent", { bookingId: booking.id, shareToken: link.body.shareToken })).status).toBe(409);
      expect((await friend.get<View>(`/api/shared-payment-links/${link.body.shareToken}`)).body.link.currentParticipants).toBe(2);
      // the friend's history carries the game their share paid for, with its state (a cancellation shows there)
      await player.post("/api/cancellations", { bookingId: booking.id, cancellationReason: "Me lesioné la rodilla" });
      type Paid = { kind: string; booking: { id: string; status: string; cancellationReason: string | null } | null };
      const history = await friend.get<Paid[]>("/api/user/payments");
      expect(history.body.map((p) => [p.kind, p.booking?.id, p.booking?.status])).toEqual([["shared", booking.id, "cancelled"]]);
      // the organiser's own words stay theirs: the friend sees the game, not why it was cancelled
      expect(history.body[0]?.booking?.cancellationReason).toBeNull();
      expect(history.text).not.toContain("rodilla");
      const own = await player.get<Paid[]>("/api/user/payments");
      expect(own.body.find((p) => p.booking?.id === booking.id)?.booking?.cancellationReason).toBe("Me lesioné la rodilla");
    });
  });
});
