import { addDays } from "@courts/core";
import { beforeAll, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { adminClient, book, dayFromToday, newCourt, newPlayer, pay, type BookingShape, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

interface Figures {
  readonly gross: string;
  readonly discounts: string;
  readonly fees: string;
  readonly refunds: string;
  readonly net: string;
  readonly bookings: number;
}
interface RevenueReport {
  readonly from: string;
  readonly to: string;
  readonly venueId: string | null;
  readonly groupBy: string;
  readonly rows: (Figures & { readonly key: string; readonly label: string })[];
  readonly total: Figures;
}
interface OccupancyReport {
  readonly from: string;
  readonly to: string;
  readonly cells: { weekday: number; timeSlot: string; booked: number; capacity: number; rate: number }[];
}
interface Transactions {
  readonly items: { id: string; bookingDate: string; venueName: string }[];
  readonly total: number;
  readonly nextAfter: string | null;
}

describeOnEngines("owner reports over HTTP", (server) => {
  let admin: Client;
  let player: Client;
  let playerId: string;
  let courts: CourtShape[];
  let venues: string[];
  const bookings: BookingShape[] = [];
  // freshSlot books from 5 days ahead, further the more the worker booked before (its counter is
  // the worker's): the period runs from today to the last game of the suite
  const from = dayFromToday(0);
  let to: string;

  beforeAll(async () => {
    admin = await adminClient(server());
    venues = [];
    courts = [];
    for (const name of ["Complejo Norte", "Complejo Sur"]) {
      const venue = await admin.post<{ id: string }>("/api/venues", { name, location: "Guayaquil" });
      venues.push(venue.body.id);
      courts.push(await newCourt(admin, { name: `Cancha ${name}`, courtNumber: 1, venueId: venue.body.id }));
    }
    const ana = await newPlayer(server());
    player = ana.client;
    playerId = ana.user.id;
    for (let i = 0; i < 6; i++) {
      const booking = await book(player, [courts[i % 2]!]);
      bookings.push(booking);
      if (i < 4) await pay(player, booking.id, { paymentType: i % 2 === 0 ? "full" : "partial" });
    }
    // one paid game cancelled (its refund is the tier's: 100%, five days ahead or more)
    expect((await player.post("/api/cancellations", { bookingId: bookings[0]!.id })).status).toBe(200);
    to = bookings.map((b) => b.bookingDate.slice(0, 10)).sort().at(-1)!;
  });

  it("when the admin asks revenue by month, venue and court, then every total equals the payment stats summary to the cent and the rows add up to it", async () => {
    const stats = await admin.get<{ summary: { gross: string; discounts: string; stripeFees: string; refunds: string; net: string } }>("/api/payments/stats");
    for (const groupBy of ["month", "venue", "court"]) {
      const answer = await admin.get<RevenueReport>(`/api/admin/reports/revenue?from=${from}&to=${to}&groupBy=${groupBy}`);
      expect(answer.status).toBe(200);
      const { total, rows } = answer.body;
      expect({ gross: total.gross, discounts: total.discounts, fees: total.fees, refunds: total.refunds, net: total.net }).toEqual({
        gross: stats.body.summary.gross,
        discounts: stats.body.summary.discounts,
        fees: stats.body.summary.stripeFees,
        refunds: stats.body.summary.refunds,
        net: stats.body.summary.net,
      });
      const cents = (m: string) => Math.round(Number(m) * 100);
      expect(rows.reduce((acc, r) => acc + cents(r.net), 0)).toBe(cents(total.net));
      // 6 booked, 1 cancelled
      expect(total.bookings).toBe(5);
    }
    const byVenue = await admin.get<RevenueReport>(`/api/admin/reports/revenue?from=${from}&to=${to}&groupBy=venue`);
    expect(byVenue.body.rows.map((r) => r.label)).toEqual(["Complejo Norte", "Complejo Sur"]);
    const byCourt = await admin.get<RevenueReport>(`/api/admin/reports/revenue?from=${from}&to=${to}&groupBy=court&venueId=${venues[1]}`);
    expect(byCourt.body.rows.map((r) => r.label)).toEqual(["Complejo Sur · Cancha Complejo Sur"]);
    expect(byCourt.body.venueId).toBe(venues[1]);
    const byMonth = await admin.get<RevenueReport>(`/api/admin/reports/revenue?from=${from}&to=${to}`);
    expect(byMonth.body.groupBy).toBe("month");
    expect(byMonth.body.rows[0]!.label).toMatch(/^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) \d{4}$/);
  });

  it("when the admin asks occupancy, then 7 x 16 cells count the live bookings against the courts' hours", async () => {
    const answer = await admin.get<OccupancyReport>(`/api/admin/reports/occupancy?from=${from}&to=${addDays(from, 6)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.cells).toHaveLength(112);
    expect(answer.body.cells[0]).toMatchObject({ weekday: 1, timeSlot: "06:00", capacity: 2 });
    const wide = await admin.get<OccupancyReport>(`/api/admin/reports/occupancy?from=${from}&to=${to}`);
    expect(wide.body.cells.reduce((acc, c) => acc + c.booked, 0)).toBe(5);
    const one = await admin.get<OccupancyReport>(`/api/admin/reports/occupancy?from=${from}&to=${to}&venueId=${venues[0]}`);
    expect(one.body.cells.reduce((acc, c) => acc + c.booked, 0)).toBe(2);
    for (const c of wide.body.cells) expect(c.rate).toBe(c.capacity === 0 ? 0 : Math.min(100, Math.round((c.booked * 100) / c.capacity)));
  });

  it("when the admin asks the summary, then it gives the cancellations and their refunds, who owes what and the players with most bookings", async () => {
    const answer = await admin.get<{
      cancellations: { count: number; refunded: string };
      outstanding: { userId: string | null; name: string; amount: string; bookings: number }[];
      topPlayers: { userId: string; name: string; bookings: number; spent: string }[];
    }>(`/api/admin/reports/summary?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    expect(answer.body.cancellations.count).toBe(1);
    const revenue = await admin.get<RevenueReport>(`/api/admin/reports/revenue?from=${from}&to=${to}`);
    expect(answer.body.cancellations.refunded).toBe(revenue.body.total.refunds);
    // two bookings paid in part, two not paid at all
    expect(answer.body.outstanding).toHaveLength(1);
    expect(answer.body.outstanding[0]).toMatchObject({ userId: playerId, bookings: 4 });
    expect(answer.body.topPlayers).toHaveLength(1);
    expect(answer.body.topPlayers[0]).toMatchObject({ userId: playerId, bookings: 5 });
    expect(answer.body.topPlayers[0]!.name).not.toBe("");
  });

  it("when transactions are filtered by game date and venue, then games of those dates paid today are found, and paging by cursor walks them all once", async () => {
    const gameDay = bookings[1]!.bookingDate.slice(0, 10);
    const today = dayFromToday(0);
    // paid today for a game days ahead: the payment date filter misses it, the game date finds it
    const byPayment = await admin.get<Transactions>(`/api/admin/transactions?from=${gameDay}`);
    expect(byPayment.body.total).toBe(0);
    const byGame = await admin.get<Transactions>(`/api/admin/transactions?gameFrom=${gameDay}&gameTo=${gameDay}`);
    expect(byGame.status).toBe(200);
    expect(byGame.body.items.map((t) => t.bookingDate.slice(0, 10))).toContain(gameDay);
    expect(byGame.body.items.every((t) => t.bookingDate.slice(0, 10) === gameDay)).toBe(true);
    expect(byGame.body.total).toBe(byGame.body.items.length);
    const north = await admin.get<Transactions>(`/api/admin/transactions?venueId=${venues[0]}&from=${today}`);
    expect(north.body.items.every((t) => t.venueName === "Complejo Norte")).toBe(true);
    expect(north.body.total).toBe(2);
    const all = await admin.get<Transactions>("/api/admin/transactions");
    const walked: string[] = [];
    let page = await admin.get<Transactions>("/api/admin/transactions?pageSize=1");
    for (;;) {
      walked.push(...page.body.items.map((t) => t.id));
      if (page.body.nextAfter === null) break;
      page = await admin.get<Transactions>(`/api/admin/transactions?pageSize=1&after=${encodeURIComponent(page.body.nextAfter)}`);
      expect(page.status).toBe(200);
    }
    expect(walked).toEqual(all.body.items.map((t) => t.id));
    const byGameWalk = await admin.get<Transactions>(`/api/admin/transactions?gameFrom=${from}&pageSize=2`);
    expect(byGameWalk.body.nextAfter).not.toBeNull();
    const next = await admin.get<Transactions>(`/api/admin/transactions?gameFrom=${from}&pageSize=2&after=${encodeURIComponent(byGameWalk.body.nextAfter!)}`);
    expect(next.status).toBe(200);
    expect(next.body.items.map((t) => t.id).some((id) => byGameWalk.body.items.some((t) => t.id === id))).toBe(false);
    const south = await admin.get<Transactions>(`/api/admin/transactions?gameFrom=${gameDay}&gameTo=${gameDay}&venueId=${venues[1]}`);
    expect(south.body.items.length).toBeGreaterThan(0);
    expect(south.body.items.every((t) => t.venueName === "Complejo Sur")).toBe(true);
    const csv = await admin.get(`/api/admin/transactions.csv?gameFrom=${gameDay}&gameTo=${gameDay}&venueId=${venues[1]}`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split("\n")).toHaveLength(1 + south.body.items.length);
  });

  it("when a period runs backwards, passes three years or names an impossible date, then a Spanish 400 names the field", async () => {
    const cases: [string, string, RegExp][] = [
      ["/api/admin/reports/revenue?from=2026-11-20&to=2026-11-01", "from", /'from' debe ser anterior o igual a 'to'/],
      ["/api/admin/reports/occupancy?from=2020-01-01&to=2023-01-01", "to", /no puede pasar de 3 años/],
      ["/api/admin/reports/summary?from=2026-02-30", "from", /AAAA-MM-DD/],
      ["/api/admin/reports/revenue?to=2026-13-01", "to", /AAAA-MM-DD/],
      ["/api/admin/reports/revenue?groupBy=year", "groupBy", /'month', 'venue' o 'court'/],
      ["/api/admin/reports/occupancy?venueId=no%20es", "venueId", /identificador/],
      ["/api/admin/transactions?gameFrom=2026-02-29", "gameFrom", /AAAA-MM-DD/],
      ["/api/admin/transactions?after=ayer", "after", /nextAfter/],
      ["/api/admin/transactions.csv?venueId=%25", "venueId", /identificador/],
    ];
    for (const [url, field, message] of cases) {
      const answer = await admin.get<{ message: string; code: string; field?: string }>(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe("INVALID_INPUT");
      expect(answer.body.message, url).toMatch(message);
      expect(answer.body.field, url).toBe(field);
    }
    const reversed = await admin.get<{ message: string }>("/api/admin/transactions?gameFrom=2026-11-20&gameTo=2026-11-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("La fecha 'gameFrom' debe ser anterior o igual a 'gameTo'");
    // a cursor of the payment-date order asked of the game-date order
    const page = await admin.get<Transactions>("/api/admin/transactions?pageSize=1");
    const crossed = await admin.get<{ field: string }>(`/api/admin/transactions?gameFrom=${from}&after=${encodeURIComponent(page.body.nextAfter!)}`);
    expect(crossed.status).toBe(400);
    expect(crossed.body.field).toBe("after");
    // exactly three years is allowed
    expect((await admin.get("/api/admin/reports/occupancy?from=2024-01-01&to=2026-12-31")).status).toBe(200);
    expect((await player.get("/api/admin/reports/revenue")).status).toBe(403);
  });
});
