import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, newPlayer, unique } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

interface MyPurchase {
  readonly id: string;
  readonly kind: "topup" | "punch_card" | "membership";
  readonly name: string;
  readonly amount: string;
  readonly status: "pending" | "succeeded" | "failed";
  readonly method: "card" | "cash";
  readonly createdAt: string;
  readonly receiptNumber: string | null;
}
interface Problem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

/**
 * A player's receipts (DESIGN.md section 16, "Every product has an invoice or receipt"): GET
 * /api/user/purchases lists the player's own top-ups, punch cards and memberships, newest first,
 * each with its receipt number; and an admin withdraws a membership plan (DELETE
 * /api/admin/membership-plans/{id}): no longer sold nor listed, the memberships bought kept.
 */
describeOnEngines("my purchases and withdrawn plans", (server) => {
  let admin: Client;
  let venueId: string;

  beforeAll(async () => {
    admin = await adminClient(server());
    venueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Recibos "), location: "Cuenca" })).body.id;
  });

  const newPlan = async (name = unique("Socio semestral ")) => {
    const made = await admin.post<{ id: string; name: string }>("/api/admin/membership-plans", { venueId, name, price: "90.00", months: 6, discountPercent: 10 });
    expect(made.status, made.text).toBe(201);
    return made.body;
  };

  /** opens the purchase by card, confirms the card and records it: the purchase's id */
  const buy = async (client: Client, path: string, body: unknown): Promise<string> => {
    const intent = await client.post<{ clientSecret: string; paymentIntentId: string }>(path, body);
    expect(intent.status, intent.text).toBe(200);
    expect((await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD })).status).toBe(200);
    const recorded = await client.post<{ id: string }>(`/api/user/purchases/${intent.body.paymentIntentId}`);
    expect(recorded.status, recorded.text).toBe(201);
    return recorded.body.id;
  };

  describe("GET /api/user/purchases", () => {
    it("when a player bought a top-up, a punch card and a membership, then they list newest first with names, amounts, methods and receipt numbers, and each receipt downloads", async () => {
      const { client, user } = await newPlayer(server());
      const productName = unique("Bono 5 horas ");
      const product = (await admin.post<{ id: string }>("/api/admin/punch-card-products", { name: productName, hours: 5, price: "60.00", validDays: 60 })).body;
      const plan = await newPlan();
      const topUp = await buy(client, "/api/user/wallet/top-ups", { amount: "20.00" });
      const card = await buy(client, "/api/user/punch-cards", { productId: product.id });
      const desk = await admin.post<{ purchaseId: string }>(`/api/admin/users/${user.id}/memberships`, { planId: plan.id });
      expect(desk.status, desk.text).toBe(201);

      const listed = await client.get<MyPurchase[]>("/api/user/purchases");
      expect(listed.status, listed.text).toBe(200);
      expect(listed.headers.get("x-total-count")).toBe("3");
      expect(listed.headers.get("cache-control")).toMatch(/private/);
      expect(listed.body.map((p) => p.kind)).toEqual(["membership", "punch_card", "topup"]);
      expect(listed.body[0]).toMatchObject({ id: desk.body.purchaseId, name: `Membresía de socio: ${plan.name}`, amount: "90.00", status: "succeeded", method: "cash" });
      expect(listed.body[1]).toMatchObject({ id: card, name: `Bono de horas: ${productName}`, amount: "60.00", status: "succeeded", method: "card" });
      expect(listed.body[2]).toMatchObject({ id: topUp, name: "Recarga de monedero", amount: "20.00", status: "succeeded", method: "card" });
      for (const p of listed.body) {
        expect(p.receiptNumber).toMatch(/\S/);
        const pdf = await client.get(`/api/user/purchases/${p.id}/invoice`);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get("content-type")).toContain("application/pdf");
      }
      const times = listed.body.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const second = await client.get<MyPurchase[]>("/api/user/purchases?page=2&pageSize=2");
      expect(second.status).toBe(200);
      expect(second.headers.get("x-page")).toBe("2");
      expect(second.body.map((p) => p.id)).toEqual([topUp]);

      const cards = await client.get<MyPurchase[]>("/api/user/purchases?kind=punch_card");
      expect(cards.body.map((p) => p.id)).toEqual([card]);
      expect(cards.headers.get("x-total-count")).toBe("1");
      expect((await client.get<MyPurchase[]>("/api/user/purchases?kind=topup")).body.map((p) => p.id)).toEqual([topUp]);
      expect((await client.get<MyPurchase[]>("/api/user/purchases?kind=membership")).body.map((p) => p.id)).toEqual([desk.body.purchaseId]);
    });

    it("when a purchase is opened and not paid, then it is listed pending without a receipt number", async () => {
      const { client } = await newPlayer(server());
      const intent = await client.post<{ paymentIntentId: string }>("/api/user/wallet/top-ups", { amount: "15.00" });
      expect(intent.status).toBe(200);
      const listed = (await client.get<MyPurchase[]>("/api/user/purchases")).body;
      expect(listed).toEqual([expect.objectContaining({ kind: "topup", amount: "15.00", status: "pending", receiptNumber: null })]);
    });

    it("when another player asks, then they see only their own; a guest is 401; an admin is not a player (401)", async () => {
      const { client: buyer } = await newPlayer(server());
      const { client: other } = await newPlayer(server());
      const bought = await buy(buyer, "/api/user/wallet/top-ups", { amount: "30.00" });
      expect((await buyer.get<MyPurchase[]>("/api/user/purchases")).body.map((p) => p.id)).toEqual([bought]);
      const theirs = await other.get<MyPurchase[]>("/api/user/purchases");
      expect(theirs.status).toBe(200);
      expect(theirs.body).toEqual([]);
      expect(theirs.headers.get("x-total-count")).toBe("0");
      expect((await other.get(`/api/user/purchases/${bought}/invoice`)).status).toBe(403);
      expect((await new Client(server().baseUrl).get("/api/user/purchases")).status).toBe(401);
      expect((await admin.get("/api/user/purchases")).status).toBe(401);
    });

    it("when the page is not a number or the kind unknown, then 400 in Spanish naming it", async () => {
      const { client } = await newPlayer(server());
      const refused = await client.get<Problem>("/api/user/purchases?page=cero");
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: "page", message: "El parámetro 'page' debe ser un número entero desde 1" });
      const kind = await client.get<Problem>("/api/user/purchases?kind=cancha");
      expect(kind.status).toBe(400);
      expect(kind.body).toMatchObject({ field: "kind", message: "El parámetro 'kind' debe ser topup, punch_card o membership" });
    });
  });

  describe("DELETE /api/admin/membership-plans/{id}", () => {
    it("when the admin withdraws a plan, then 204, it is no longer listed nor sold, and the memberships bought stay valid", async () => {
      const plan = await newPlan();
      const { client, user } = await newPlayer(server());
      expect((await admin.post(`/api/admin/users/${user.id}/memberships`, { planId: plan.id })).status).toBe(201);
      const withdrawn = await admin.delete(`/api/admin/membership-plans/${plan.id}`);
      expect(withdrawn.status, withdrawn.text).toBe(204);
      const listed = await client.get<{ id: string }[]>(`/api/venues/${venueId}/membership-plans`);
      expect(listed.body.map((p) => p.id)).not.toContain(plan.id);
      const refused = await client.post<Problem>("/api/user/memberships", { planId: plan.id });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe("Plan de socio no encontrado");
      const mine = (await client.get<{ planId: string; active: boolean }[]>("/api/user/memberships")).body;
      expect(mine).toEqual([expect.objectContaining({ planId: plan.id, active: true })]);
      expect((await admin.delete(`/api/admin/membership-plans/${plan.id}`)).status).toBe(204);
    });

    it("when the plan is unknown, then 404 in Spanish; a player is 403 and a guest 401, the plan still sold", async () => {
      const missing = await admin.delete<Problem>("/api/admin/membership-plans/no-existe");
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: "MEMBERSHIP_PLAN_NOT_FOUND", message: "Plan de socio no encontrado" });
      const plan = await newPlan();
      const { client } = await newPlayer(server());
      expect((await client.delete(`/api/admin/membership-plans/${plan.id}`)).status).toBe(403);
      expect((await new Client(server().baseUrl).delete(`/api/admin/membership-plans/${plan.id}`)).status).toBe(401);
      expect((await client.get<{ id: string }[]>(`/api/venues/${venueId}/membership-plans`)).body.map((p) => p.id)).toContain(plan.id);
    });
  });
});
