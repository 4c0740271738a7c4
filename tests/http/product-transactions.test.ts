import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESSION_COOKIE } from "@courts/adapters";
import { beforeAll, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { adminClient, dayFromToday, newCourt, newPlayer, unique, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

interface Sale {
  readonly product: "wallet_topup" | "punch_card" | "membership";
  readonly name: string;
  readonly method: "card" | "cash";
}
interface Transaction {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly amount: string;
  readonly discount: string;
  readonly stripeFee: string;
  readonly refundedAmount: string;
  readonly net: string;
  readonly settled: boolean;
  readonly invoiceNumber: string | null;
  readonly venueName: string;
  readonly userName: string | null;
  readonly createdAt: string;
  readonly sale?: Sale;
}
interface TransactionsPage {
  readonly items: readonly Transaction[];
  readonly total: number;
  readonly nextAfter: string | null;
}
interface Summary {
  readonly gross: string;
  readonly discounts: string;
  readonly stripeFees: string;
  readonly refunds: string;
  readonly net: string;
}
interface Figures {
  readonly bookings: number;
  readonly gross: string;
  readonly discounts: string;
  readonly fees: string;
  readonly refunds: string;
  readonly net: string;
}
interface Intent {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
}
interface Recorded {
  readonly id: string;
  readonly invoiceNumber: string;
}

const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const cents = (money: string) => Math.round(Number(money) * 100);

/**
 * Every product has a receipt, is a row of the club's transactions and of their CSV with its kind,
 * and adds up in the revenue summary (DESIGN.md section 16's last point): a top-up, a punch card
 * and a membership bought by card, a membership paid in cash at the desk; a booking paid with a
 * punch card's hour counted once (when the card was sold), not as a discount.
 */
describeOnEngines("products in the transactions", (server) => {
  let admin: Client;
  let venueId: string;
  let otherVenueId: string;
  let court: CourtShape;
  let player: Client;
  let other: Client;
  let playerId: string;
  const sold: Record<"topup" | "punch" | "membership" | "desk", Recorded> = {} as never;
  let punchName: string;
  let planName: string;
  let punchCardId: string;

  const buy = async (client: Client, opened: { status: number; text: string; body: Intent }) => {
    expect(opened.status, opened.text).toBe(200);
    const confirmed = await client.post("/api/simulated-card/confirm", { clientSecret: opened.body.clientSecret, ...CARD });
    expect(confirmed.status, confirmed.text).toBe(200);
    const recorded = await client.post<Recorded>(`/api/user/purchases/${opened.body.paymentIntentId}`);
    expect(recorded.status, recorded.text).toBe(201);
    return recorded.body;
  };

  const all = async (query = "") => (await admin.get<TransactionsPage>(`/api/admin/transactions?pageSize=100${query}`)).body;
  const summary = async () => (await admin.get<{ summary: Summary }>("/api/payments/stats")).body.summary;
  const csv = async (query = "") => {
    const answer = await admin.get(`/api/admin/transactions.csv${query}`);
    expect(answer.status).toBe(200);
    const [header, ...rows] = answer.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n").map((line) => line.split(";"));
    return { header: header!, rows };
  };
  const pdfText = async (client: Client, purchaseId: string) => {
    const answer = await fetch(`${server().baseUrl}/api/user/purchases/${purchaseId}/invoice`, { headers: { cookie: `${SESSION_COOKIE}=${client.session ?? ""}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const dir = mkdtempSync(path.join(tmpdir(), "courts-product-receipt-"));
    try {
      const file = path.join(dir, "recibo.pdf");
      writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
      return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/[ \t]+/g, " ");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  beforeAll(async () => {
    admin = await adminClient(server());
    venueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Productos "), location: "Quito" })).body.id;
    otherVenueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Ajeno "), location: "Loja" })).body.id;
    court = await newCourt(admin, { name: "Productos 1", courtNumber: 1, venueId });
    ({ client: other } = await newPlayer(server()));
    const me = await newPlayer(server());
    player = me.client;
    playerId = me.user.id;
    punchName = unique("Bono 5 h ");
    planName = unique("Socio mensual ");
    const product = await admin.post<{ id: string }>("/api/admin/punch-card-products", { name: punchName, hours: 5, price: "60", validDays: 90, venueId });
    expect(product.status, product.text).toBe(201);
    const plan = await admin.post<{ id: string }>("/api/admin/membership-plans", { venueId, name: planName, price: "40", months: 1, discountPercent: 10 });
    expect(plan.status, plan.text).toBe(201);
    const deskPlan = await admin.post<{ id: string }>("/api/admin/membership-plans", { venueId: otherVenueId, name: "Socio efectivo", price: "25", months: 1, discountPercent: 0 });

    sold.topup = await buy(player, await player.post<Intent>("/api/user/wallet/top-ups", { amount: "20" }));
    sold.punch = await buy(player, await player.post<Intent>("/api/user/punch-cards", { productId: product.body.id }));
    sold.membership = await buy(player, await player.post<Intent>("/api/user/memberships", { planId: plan.body.id }));
    const desk = await admin.post<{ purchaseId: string }>(`/api/admin/users/${playerId}/memberships`, { planId: deskPlan.body.id });
    expect(desk.status, desk.text).toBe(201);
    sold.desk = { id: desk.body.purchaseId, invoiceNumber: "" };
    // a top-up opened and never paid: a pending row that counts nowhere
    expect((await player.post("/api/user/wallet/top-ups", { amount: "15" })).status).toBe(200);
    punchCardId = (await player.get<{ id: string }[]>("/api/user/punch-cards")).body[0]!.id;
  });

  it("when products are sold by card and at the desk, then each is a transaction with its kind, amounts, buyer and receipt number, and the pending one counts nowhere", async () => {
    const page = await all();
    const byId = new Map(page.items.map((t) => [t.id, t]));
    expect(byId.get(sold.topup.id)).toMatchObject({
      kind: "full",
      status: "succeeded",
      amount: "20.00",
      discount: "0.00",
      stripeFee: "0.88",
      net: "19.12",
      settled: true,
      invoiceNumber: sold.topup.invoiceNumber,
      venueName: "",
      sale: { product: "wallet_topup", name: "Recarga de monedero", method: "card" },
    });
    expect(byId.get(sold.punch.id)).toMatchObject({ kind: "full", amount: "60.00", settled: true, sale: { product: "punch_card", name: `Bono de horas: ${punchName}`, method: "card" } });
    expect(byId.get(sold.punch.id)!.venueName).toMatch(/^Club Productos /);
    expect(byId.get(sold.membership.id)).toMatchObject({ kind: "full", amount: "40.00", sale: { product: "membership", name: `Membresía de socio: ${planName}`, method: "card" } });
    expect(byId.get(sold.desk.id)).toMatchObject({ kind: "cash", amount: "25.00", stripeFee: "0.00", net: "25.00", settled: true, sale: { product: "membership", method: "cash" } });
    expect(byId.get(sold.desk.id)!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    const pending = page.items.filter((t) => t.sale !== undefined && t.status === "pending");
    expect(pending.map((t) => [t.amount, t.settled, t.net])).toEqual([["15.00", false, "0.00"]]);
    expect(page.total).toBe(page.items.length);
    // newest first: the pending top-up was opened last
    expect(page.items[0]!.id).toBe(pending[0]!.id);
  });

  it("when the admin filters, then payment dates and status keep the products, a game date leaves them out (they have no game), and a venue keeps its own", async () => {
    const products = (page: TransactionsPage) => page.items.filter((t) => t.sale !== undefined).map((t) => t.id);
    expect(products(await all(`&from=${dayFromToday(-1)}&to=${dayFromToday(1)}`))).toHaveLength(5);
    expect(products(await all(`&to=${dayFromToday(-2)}`))).toEqual([]);
    expect(products(await all("&status=pending"))).toHaveLength(1);
    expect(products(await all("&status=refunded"))).toEqual([]);
    const byGame = await all(`&gameFrom=${dayFromToday(-400)}`);
    expect(products(byGame)).toEqual([]);
    expect(byGame.total).toBe(byGame.items.length);
    const ofVenue = await all(`&venueId=${venueId}`);
    expect(products(ofVenue).sort()).toEqual([sold.punch.id, sold.membership.id].sort());
    expect(ofVenue.total).toBe(ofVenue.items.length);
    expect(products(await all(`&venueId=${otherVenueId}`))).toEqual([sold.desk.id]);
  });

  it("when the admin walks the transactions by cursor, then payments and products come in one order, none repeated or skipped, page after page", async () => {
    // a booking paid by card and one paid with the punch card's hour between the products
    const booking = await player.post<{ id: string }>("/api/bookings", { courtId: court.id, bookingDate: `${dayFromToday(9)}T00:00:00`, timeSlot: "09:00", gameType: "singles" });
    expect(booking.status, booking.text).toBe(201);
    expect((await player.post(`/api/bookings/${booking.body.id}/punch-card-payments`, { punchCardId })).status).toBe(201);
    const whole = await all();
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page: TransactionsPage = (await admin.get<TransactionsPage>(`/api/admin/transactions?pageSize=2${next === null ? "" : `&after=${encodeURIComponent(next)}`}`)).body;
      expect(page.total).toBe(whole.total);
      seen.push(...page.items.map((t) => t.id));
      next = page.nextAfter;
      pages += 1;
    } while (next !== null && pages < 50);
    expect(seen).toEqual(whole.items.map((t) => t.id));
    // a page number (the first pages) cuts the same list
    const second = (await admin.get<TransactionsPage>("/api/admin/transactions?pageSize=2&page=2")).body;
    expect(second.items.map((t) => t.id)).toEqual(whole.items.slice(2, 4).map((t) => t.id));
    const dates = whole.items.map((t) => Date.parse(t.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("when a booking is paid with a punch card's hour, then it is no discount and no revenue again: the summary, the revenue report and the transactions add up to the cent", async () => {
    const before = await summary();
    const reportOf = async (day: string) => (await admin.get<{ total: Figures }>(`/api/admin/reports/revenue?from=${day}&to=${day}&groupBy=court`)).body.total;
    const day = dayFromToday(11);
    const reportBefore = await reportOf(day);
    const booking = await player.post<{ id: string; totalAmount: string }>("/api/bookings", { courtId: court.id, bookingDate: `${day}T00:00:00`, timeSlot: "10:00", gameType: "singles" });
    expect(booking.status, booking.text).toBe(201);
    const paid = await player.post<{ id: string }>(`/api/bookings/${booking.body.id}/punch-card-payments`, { punchCardId });
    expect(paid.status, paid.text).toBe(201);
    expect(await summary()).toEqual(before);
    // the game is a booking of the report; its money is not there again
    expect(await reportOf(day)).toEqual({ ...reportBefore, bookings: 1 });
    const row = (await all()).items.find((t) => t.id === paid.body.id);
    expect(row).toMatchObject({ kind: "punch_card", amount: booking.body.totalAmount, settled: false, net: "0.00" });

    // the rows that count in the summary are its figures, the products' included
    const s = await summary();
    const counted = (await all()).items.filter((t) => t.settled);
    const sum = (f: (t: Transaction) => string) => counted.reduce((acc, t) => acc + cents(f(t)), 0);
    expect(sum((t) => t.amount)).toBe(cents(s.gross));
    expect(sum((t) => t.discount)).toBe(cents(s.discounts));
    expect(sum((t) => t.stripeFee)).toBe(cents(s.stripeFees));
    expect(sum((t) => t.refundedAmount)).toBe(cents(s.refunds));
    expect(sum((t) => t.net)).toBe(cents(s.net));
    // and the CSV's columns say the same
    const { header, rows } = await csv();
    const col = (name: string) => header.indexOf(name);
    const yes = rows.filter((r) => r[col("Cuenta en el resumen")] === "Sí");
    const csvSum = (name: string) => yes.reduce((acc, r) => acc + cents(r[col(name)]!.replace(",", ".")), 0);
    expect(csvSum("Bruto")).toBe(cents(s.gross));
    expect(csvSum("Comisión de tarjeta")).toBe(cents(s.stripeFees));
    expect(rows.reduce((acc, r) => acc + cents(r[col("Neto")]!.replace(",", ".")), 0)).toBe(cents(s.net));
    const hour = rows.find((r) => r[col("Id del pago")] === paid.body.id)!;
    expect([hour[col("Medio")], hour[col("Concepto")], hour[col("Cuenta en el resumen")], hour[col("Neto")]]).toEqual(["Bono", "Reserva", "No", "0,00"]);
  });

  it("when the admin exports the transactions, then each product is a CSV row with its kind in Spanish, how it was paid, and no game", async () => {
    const { header, rows } = await csv();
    expect(header.slice(-4)).toEqual(["Cuenta en el resumen", "Concepto", "Factura", "Id del pago"]);
    const col = (name: string) => header.indexOf(name);
    const rowOf = (id: string) => rows.find((r) => r[col("Id del pago")] === id)!;
    const pick = (id: string) => ["Concepto", "Medio", "Estado", "Cancha", "Fecha de la reserva", "Horario", "Bruto", "Cuenta en el resumen"].map((c) => rowOf(id)[col(c)]);
    expect(pick(sold.topup.id)).toEqual(["Recarga de monedero", "Tarjeta", "Completado", "", "", "", "20,00", "Sí"]);
    expect(pick(sold.punch.id)).toEqual([`Bono de horas: ${punchName}`, "Tarjeta", "Completado", "", "", "", "60,00", "Sí"]);
    expect(pick(sold.membership.id)).toEqual([`Membresía de socio: ${planName}`, "Tarjeta", "Completado", "", "", "", "40,00", "Sí"]);
    expect(pick(sold.desk.id)).toEqual(["Membresía de socio: Socio efectivo", "Efectivo", "Completado", "", "", "", "25,00", "Sí"]);
    expect(rowOf(sold.topup.id)[col("Factura")]).toBe(sold.topup.invoiceNumber);
    expect(rows.every((r) => r.length === header.length)).toBe(true);
    // a game-date filter: the products have no game
    const byGame = await csv(`?gameFrom=${dayFromToday(-400)}`);
    expect(byGame.rows.filter((r) => r[byGame.header.indexOf("Concepto")] !== "Reserva")).toEqual([]);
  });

  it("when the buyer or an admin asks for a product's receipt, then each kind has its PDF naming the product, its number, amount and how it was paid; another player, 403", async () => {
    const topup = await pdfText(player, sold.topup.id);
    expect(topup).toContain("Recarga de monedero");
    expect(topup).toContain(sold.topup.invoiceNumber);
    expect(topup).toContain("$20.00");
    const punch = await pdfText(player, sold.punch.id);
    expect(punch).toContain("Bono de horas");
    expect(punch).toContain("$60.00");
    const membership = await pdfText(player, sold.membership.id);
    expect(membership).toContain("Membresía de socio");
    expect(membership).toContain("$40.00");
    expect(membership).toContain("Tarjeta");
    const desk = await pdfText(player, sold.desk.id);
    expect(desk).toContain("Membresía de socio");
    expect(desk).toContain("$25.00");
    expect(desk).toContain("Efectivo en el club");
    expect(desk).not.toContain("Tarjeta");
    // the club's copy, for the admin
    const club = await pdfText(admin, sold.membership.id);
    expect(club).toContain("Membresía de socio");
    expect(club).toContain(sold.membership.invoiceNumber);
    // the transactions' invoice link (GET /api/payments/{id}/invoice) answers a product's receipt too
    const viaPayments = await fetch(`${server().baseUrl}/api/payments/${sold.desk.id}/invoice`, { headers: { cookie: `${SESSION_COOKIE}=${admin.session ?? ""}` } });
    expect(viaPayments.status).toBe(200);
    expect(viaPayments.headers.get("content-type")).toBe("application/pdf");
    expect(viaPayments.headers.get("content-disposition")).toMatch(/factura-\d{4}-\d{6}\.pdf/);
    expect((await other.get(`/api/payments/${sold.topup.id}/invoice`)).status).toBe(403);
    const refused = await other.get<{ message: string }>(`/api/user/purchases/${sold.punch.id}/invoice`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Esta factura pertenece a otro usuario");
  });

  it("when the club books a weekly series for a member, then each week costs the member's price ('Precio socio'), as the player's own booking does", async () => {
    const prices = (await player.get<{ member: boolean; courts: { courtId: string; daySinglesPrice: string }[] }>(`/api/venues/${venueId}/member-prices`)).body;
    expect(prices.member).toBe(true);
    const memberPrice = prices.courts.find((c) => c.courtId === court.id)!.daySinglesPrice;
    const series = await admin.post<{ created: { totalAmount: string }[] }>("/api/admin/booking-series", {
      courtId: court.id,
      userId: playerId,
      timeSlot: "11:00",
      gameType: "singles",
      startDate: dayFromToday(20),
      weeks: 2,
    });
    expect(series.status, series.text).toBe(201);
    expect(series.body.created.map((b) => b.totalAmount)).toEqual([memberPrice, memberPrice]);
    // a player who is no member pays the court's price
    const full = (await admin.get<{ daySinglesPrice: string }>(`/api/courts/${court.id}`)).body.daySinglesPrice;
    expect(cents(full)).toBeGreaterThan(cents(memberPrice));
  });
});
