import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESSION_COOKIE } from "@courts/adapters";
import { reconcilePurchases } from "@courts/core";
import * as Effect from "effect/Effect";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { adminClient, dayFromToday, newCourt, newPlayer, unique, type CourtShape, type UserShape } from "./support/fixtures.js";
import { describeOnEngines, type TestServer } from "./support/server.js";

interface Problem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}
interface Wallet {
  readonly balance: string;
  readonly entries: readonly { id: string; kind: string; amount: string; bookingId?: string; note?: string }[];
}
interface Intent {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
}
interface Stats {
  readonly summary: { gross: string; total: string; discounts: string; stripeFees: string; refunds: string; net: string };
}

const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const cents = (money: string) => Math.round(Number(money) * 100);

/**
 * The wallet (DESIGN.md section 16) against the real server: top-ups by card recorded once (the
 * provider asked, never the browser), spends from the wallet with the rules of a card payment,
 * refunds straight back to it, the admin's corrections, and a balance the database keeps at or
 * above zero under 20 concurrent spends.
 */
describeOnEngines("wallet", (server) => {
  let admin: Client;
  let courts: CourtShape[];
  let dayCounter = 0;

  beforeAll(async () => {
    admin = await adminClient(server());
    const venue = await admin.post<{ id: string }>("/api/venues", { name: unique("Club Monedero "), location: "Quito" });
    courts = [
      await newCourt(admin, { name: "Monedero 1", courtNumber: 1, venueId: venue.body.id }),
      await newCourt(admin, { name: "Monedero 2", courtNumber: 2, venueId: venue.body.id }),
    ];
  });

  /** A day-tariff singles booking ($14.50) on a day of its own, far enough ahead for a 100% refund. */
  const bookDay = async (client: Client, hour = 8, court = 0) => {
    const day = 6 + dayCounter++;
    const answer = await client.post<{ id: string; totalAmount: string }>("/api/bookings", {
      courtId: courts[court]!.id,
      bookingDate: `${dayFromToday(day)}T00:00:00`,
      timeSlot: `${String(hour).padStart(2, "0")}:00`,
      gameType: "singles",
    });
    if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.text}`);
    return answer.body;
  };

  const topUp = async (client: Client, amount: string) => {
    const intent = await client.post<Intent>("/api/user/wallet/top-ups", { amount });
    expect(intent.status, intent.text).toBe(200);
    const confirmed = await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD });
    expect(confirmed.status, confirmed.text).toBe(200);
    return intent.body;
  };

  const credit = async (user: UserShape, amount: string) => {
    const done = await admin.post(`/api/admin/users/${user.id}/wallet-adjustments`, { amount, note: "Saldo de prueba" });
    expect(done.status, done.text).toBe(201);
  };

  const walletOf = async (client: Client) => (await client.get<Wallet>("/api/user/wallet")).body;
  const stats = async () => (await admin.get<Stats>("/api/payments/stats")).body.summary;

  describe("top-ups", () => {
    it.each([["9.99"], ["500.01"], ["-20"], ["10.001"], ["veinte"]])(
      "when a player asks to top up %s, then 400 in Spanish and nothing is opened",
      async (amount) => {
        const { client } = await newPlayer(server());
        const refused = await client.post<Problem>("/api/user/wallet/top-ups", { amount });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: "INVALID_INPUT", field: "amount", message: "La recarga debe ser de $10.00 a $500.00, con hasta 2 decimales" });
        expect(await walletOf(client)).toEqual({ balance: "0.00", entries: [] });
      },
    );

    it("when a guest asks for a wallet or a top-up, then 401", async () => {
      const guest = new (admin.constructor as new (url: string) => Client)(server().baseUrl);
      expect((await guest.get("/api/user/wallet")).status).toBe(401);
      expect((await guest.post("/api/user/wallet/top-ups", { amount: "20" })).status).toBe(401);
    });

    it("when a top-up's card is confirmed and the player records it, then the wallet holds it once, however often it is recorded", async () => {
      const { client } = await newPlayer(server());
      const before = await stats();
      const intent = await client.post<Intent>("/api/user/wallet/top-ups", { amount: "50" });
      expect(intent.status).toBe(200);
      // not paid yet: the provider says so, nothing is credited
      const early = await client.post<Problem>(`/api/user/purchases/${intent.body.paymentIntentId}`);
      expect(early.status).toBe(409);
      expect(early.body.code).toBe("PAYMENT_NOT_CONFIRMED");
      expect((await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD })).status).toBe(200);
      const recorded = await client.post<{ status: string; amount: string; balance: string; invoiceNumber: string }>(`/api/user/purchases/${intent.body.paymentIntentId}`);
      expect(recorded.status, recorded.text).toBe(201);
      expect(recorded.body).toMatchObject({ status: "succeeded", amount: "50.00", balance: "50.00" });
      expect(recorded.body.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
      const again = await Promise.all([1, 2, 3].map(() => client.post(`/api/user/purchases/${intent.body.paymentIntentId}`)));
      expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
      const wallet = await walletOf(client);
      expect(wallet.balance).toBe("50.00");
      expect(wallet.entries).toEqual([expect.objectContaining({ kind: "topup", amount: "50.00" })]);
      // money in: the top-up and its card fee (2.9% + 0.30 = 1.75)
      const after = await stats();
      expect(cents(after.gross) - cents(before.gross)).toBe(5000);
      expect(cents(after.stripeFees) - cents(before.stripeFees)).toBe(175);
    });

    it("when a top-up is recorded, then its buyer downloads a receipt naming the product; another player cannot, and an unpaid one has none", async () => {
      const { client } = await newPlayer(server());
      const { client: other } = await newPlayer(server());
      const intent = await client.post<Intent>("/api/user/wallet/top-ups", { amount: "25" });
      const pending = await server().ports.purchases.findByIntent(intent.body.paymentIntentId);
      expect((await client.get<Problem>(`/api/user/purchases/${pending!.id}/invoice`)).status).toBe(409);
      await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD });
      const recorded = await client.post<{ id: string; invoiceNumber: string }>(`/api/user/purchases/${intent.body.paymentIntentId}`);
      expect(recorded.body.id).toBe(pending!.id);
      // the statement's top-up is the purchase: its id leads to the receipt
      expect((await walletOf(client)).entries[0]!.id).toBe(recorded.body.id);
      const receipt = await fetch(`${server().baseUrl}/api/user/purchases/${recorded.body.id}/invoice`, { headers: { cookie: `${SESSION_COOKIE}=${client.session ?? ""}` } });
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get("content-type")).toBe("application/pdf");
      const file = path.join(mkdtempSync(path.join(tmpdir(), "courts-receipt-")), "recibo.pdf");
      writeFileSync(file, Buffer.from(await receipt.arrayBuffer()));
      const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
      expect(text).toContain("Detalle de la compra");
      expect(text).toContain("Recarga de monedero");
      expect(text).toContain(recorded.body.invoiceNumber);
      expect(text).toContain("$25.00");
      expect(text).not.toContain("Cancha");
      rmSync(path.dirname(file), { recursive: true, force: true });
      const refused = await other.get<Problem>(`/api/user/purchases/${recorded.body.id}/invoice`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Esta factura pertenece a otro usuario");
    });

    it("when the admin lists the purchases, then the top-up is there with its buyer, product, fee and invoice number; a player cannot list them", async () => {
      const { client, user } = await newPlayer(server());
      const intent = await topUp(client, "30");
      await client.post(`/api/user/purchases/${intent.paymentIntentId}`);
      const list = await admin.get<{ product: string; productName: string; status: string; amount: string; stripeFee: string; userId: string; userName: string; invoiceNumber: string }[]>(
        "/api/admin/purchases?pageSize=200",
      );
      expect(list.status).toBe(200);
      expect(Number(list.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
      expect(list.body.find((p) => p.userId === user.id)).toMatchObject({
        product: "wallet_topup",
        productName: "Recarga de monedero",
        status: "succeeded",
        amount: "30.00",
        stripeFee: "1.17",
        userName: user.username,
      });
      expect((await client.get("/api/admin/purchases")).status).toBe(403);
    });

    it("when another player records someone's top-up, then 404 and nothing moves", async () => {
      const { client: owner } = await newPlayer(server());
      const { client: other } = await newPlayer(server());
      const intent = await topUp(owner, "20");
      const refused = await other.post<Problem>(`/api/user/purchases/${intent.paymentIntentId}`);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe("Compra no encontrada");
      expect((await walletOf(other)).balance).toBe("0.00");
      expect((await walletOf(owner)).balance).toBe("0.00");
    });

    it("when the browser never comes back after the card was charged, then the sweep records the top-up", async () => {
      const { client } = await newPlayer(server());
      await topUp(client, "35.50");
      expect((await walletOf(client)).balance).toBe("0.00");
      const recorded = await Effect.runPromise(reconcilePurchases(server().ports, { claimMs: 60_000, ttlMs: 30 * 60_000 }));
      expect(recorded).toBeGreaterThanOrEqual(1);
      const wallet = await walletOf(client);
      expect(wallet.balance).toBe("35.50");
      expect(wallet.entries.map((e) => e.kind)).toEqual(["topup"]);
    });
  });

  describe("paying from the wallet", () => {
    it("when the owner pays in full from the wallet, then 201 kind wallet without card fee, the booking is paid and the statement shows it", async () => {
      const { client, user } = await newPlayer(server());
      await credit(user, "20");
      const booking = await bookDay(client);
      const paid = await client.post<{ kind: string; status: string; stripeFee: string; totalPaid: string; bookingId: string }>(
        `/api/bookings/${booking.id}/wallet-payments`,
        { paymentType: "full" },
      );
      expect(paid.status, paid.text).toBe(201);
      expect(paid.body).toMatchObject({ kind: "wallet", status: "succeeded", stripeFee: "0.00", totalPaid: "14.50", bookingId: booking.id });
      const after = (await client.get<{ paymentStatus: string; paidAmount: string }>(`/api/bookings/${booking.id}`)).body;
      expect(after).toMatchObject({ paymentStatus: "completed", paidAmount: "14.50" });
      const wallet = await walletOf(client);
      expect(wallet.balance).toBe("5.50");
      expect(wallet.entries[0]).toMatchObject({ kind: "payment", amount: "-14.50", bookingId: booking.id });
    });

    it("when the wallet holds less than the payment, then 409 INSUFFICIENT_BALANCE in Spanish and nothing is written", async () => {
      const { client, user } = await newPlayer(server());
      await credit(user, "10");
      const booking = await bookDay(client);
      const refused = await client.post<Problem>(`/api/bookings/${booking.id}/wallet-payments`, { paymentType: "full" });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("INSUFFICIENT_BALANCE");
      expect(refused.body.message).toMatch(/^Saldo insuficiente en tu monedero/);
      expect((await walletOf(client)).balance).toBe("10.00");
      expect(await server().ports.payments.listByBooking(booking.id)).toEqual([]);
    });

    it("when a player pays another player's booking from their wallet, then 403 and nothing is written", async () => {
      const { client: owner } = await newPlayer(server());
      const { client: other, user } = await newPlayer(server());
      await credit(user, "30");
      const booking = await bookDay(owner);
      const refused = await other.post<Problem>(`/api/bookings/${booking.id}/wallet-payments`, { paymentType: "full" });
      expect(refused.status).toBe(403);
      expect((await walletOf(other)).balance).toBe("30.00");
    });

    it.each([[{}], [{ paymentType: "todo" }], [{ paymentType: "full", discountCode: 5 }]])("when the body is %j, then 400 in Spanish", async (body) => {
      const { client } = await newPlayer(server());
      const booking = await bookDay(client);
      const refused = await client.post<Problem>(`/api/bookings/${booking.id}/wallet-payments`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("INVALID_INPUT");
    });

    it("when the owner pays their share with a discount code, then the code's share is taken off and one use is counted", async () => {
      const { client, user } = await newPlayer(server());
      await credit(user, "20");
      const code = unique("MONE").toUpperCase().slice(0, 12);
      expect((await admin.post("/api/admin/discount-codes", { code, type: "percentage", value: 10, isActive: true })).status).toBe(201);
      const booking = await bookDay(client);
      const paid = await client.post<{ amount: string; discount: string; totalPaid: string }>(`/api/bookings/${booking.id}/wallet-payments`, {
        paymentType: "partial",
        discountCode: code,
      });
      expect(paid.status, paid.text).toBe(201);
      expect(paid.body).toMatchObject({ amount: "7.25", discount: "0.73", totalPaid: "6.52" });
      expect((await walletOf(client)).balance).toBe("13.48");
      expect((await server().ports.discountCodes.findByCode(code))?.usageCount).toBe(1);
    });

    it("when a booking paid from the wallet is cancelled more than 24 h ahead, then 100% goes back to the wallet at once", async () => {
      const { client, user } = await newPlayer(server());
      await credit(user, "14.50");
      const booking = await bookDay(client);
      expect((await client.post(`/api/bookings/${booking.id}/wallet-payments`, { paymentType: "full" })).status).toBe(201);
      const before = await stats();
      const cancelled = await client.post<{ refundPercentage: number }>("/api/cancellations", { bookingId: booking.id });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.body.refundPercentage).toBe(100);
      const wallet = await walletOf(client);
      expect(wallet.balance).toBe("14.50");
      expect(wallet.entries[0]).toMatchObject({ kind: "refund", amount: "14.50", bookingId: booking.id });
      const refunds = await server().ports.refunds.byBooking(booking.id);
      expect(refunds).toEqual([expect.objectContaining({ status: "sent", amount: 1450, providerRefundId: null })]);
      // the money never left the club: no refund in the summary
      expect((await stats()).refunds).toBe(before.refunds);
    });

    it("when a wallet payment is made, then the revenue summary does not count it again (the top-up did) and still adds up", async () => {
      const { client } = await newPlayer(server());
      const intent = await topUp(client, "15");
      // recorded by the player, as the wallet screen does
      expect((await client.post(`/api/user/purchases/${intent.paymentIntentId}`)).status).toBe(201);
      const before = await stats();
      const booking = await bookDay(client);
      expect((await client.post(`/api/bookings/${booking.id}/wallet-payments`, { paymentType: "full" })).status).toBe(201);
      const after = await stats();
      expect(after).toEqual(before);
      const s = after;
      expect(cents(s.gross) - cents(s.discounts) - cents(s.stripeFees) - cents(s.refunds)).toBe(cents(s.net));
    });
  });

  describe("the club's adjustments", () => {
    it("when the admin adjusts with a note, then the balance moves and the statement shows the note; below zero is 409", async () => {
      const { client, user } = await newPlayer(server());
      const added = await admin.post<{ balance: string; entry: { kind: string; amount: string; note: string } }>(`/api/admin/users/${user.id}/wallet-adjustments`, {
        amount: "12.00",
        note: "Compensación por lluvia",
      });
      expect(added.status, added.text).toBe(201);
      expect(added.body).toMatchObject({ balance: "12.00", entry: { kind: "adjustment", amount: "12.00", note: "Compensación por lluvia" } });
      const tooMuch = await admin.post<Problem>(`/api/admin/users/${user.id}/wallet-adjustments`, { amount: "-12.01", note: "Corrección" });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.code).toBe("INSUFFICIENT_BALANCE");
      const taken = await admin.post<{ balance: string }>(`/api/admin/users/${user.id}/wallet-adjustments`, { amount: "-2", note: "Corrección" });
      expect(taken.status).toBe(201);
      expect(taken.body.balance).toBe("10.00");
      expect((await walletOf(client)).entries.map((e) => e.amount)).toEqual(["-2.00", "12.00"]);
    });

    it.each([
      [{ amount: "5" }, "note"],
      [{ amount: "0", note: "x" }, "amount"],
      [{ amount: "abc", note: "x" }, "amount"],
      [{ amount: "5", note: "" }, "note"],
    ])("when the body is %j, then 400 naming %s", async (body, field) => {
      const { user } = await newPlayer(server());
      const refused = await admin.post<Problem>(`/api/admin/users/${user.id}/wallet-adjustments`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe(field);
    });

    it("when a player asks to adjust a wallet, then 403; an unknown player is 404", async () => {
      const { client, user } = await newPlayer(server());
      expect((await client.post(`/api/admin/users/${user.id}/wallet-adjustments`, { amount: "100", note: "yo" })).status).toBe(403);
      expect((await admin.post("/api/admin/users/00000000-0000-4000-8000-000000000000/wallet-adjustments", { amount: "1", note: "x" })).status).toBe(404);
    });
  });

  describe("the statement's pages", () => {
    it("when the statement has more entries than a page, then pages come newest first with the total in headers", async () => {
      const { client, user } = await newPlayer(server());
      for (let i = 1; i <= 5; i++) await credit(user, `${i}`);
      const first = await client.get<Wallet>("/api/user/wallet?page=1&pageSize=2");
      expect(first.headers.get("x-total-count")).toBe("5");
      expect(first.body.balance).toBe("15.00");
      expect(first.body.entries.map((e) => e.amount)).toEqual(["5.00", "4.00"]);
      const last = await client.get<Wallet>("/api/user/wallet?page=3&pageSize=2");
      expect(last.body.entries.map((e) => e.amount)).toEqual(["1.00"]);
      expect((await client.get<Problem>("/api/user/wallet?pageSize=0")).status).toBe(400);
    });
  });

  describe("the balance never goes below zero", () => {
    it("when 20 bookings of $14.50 are paid at once from a $30.00 wallet, then at most two are paid and the balance stays at or above zero", async () => {
      const { client, user } = await newPlayer(server());
      await credit(user, "30");
      const bookings = [];
      for (let i = 0; i < 20; i++) bookings.push(await bookDay(client, 6 + (i % 10), i % 2));
      const answers = await Promise.all(bookings.map((b) => client.post<Problem>(`/api/bookings/${b.id}/wallet-payments`, { paymentType: "full" })));
      const paid = answers.filter((a) => a.status === 201).length;
      expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.body.code === "INSUFFICIENT_BALANCE")), answers.map((a) => a.text).join("\n")).toBe(true);
      expect(paid).toBeLessThanOrEqual(2);
      expect(paid).toBeGreaterThanOrEqual(1);
      const wallet = await walletOf(client);
      expect(cents(wallet.balance)).toBe(3000 - paid * 1450);
      expect(wallet.entries.filter((e) => e.kind === "payment")).toHaveLength(paid);
    });
  });
});

export type { TestServer };
