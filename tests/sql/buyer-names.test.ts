import type { Payment, Repositories } from "@courts/core";
import { beforeAll, describe, expect, it } from "vitest";
import { aPayment, written } from "../support/builders.js";
import { SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { seedBooking, seedPlace, type Place } from "./support/seed.js";

/**
 * The buyer an invoice names (DESIGN.md sections 11 and 13): the account's full name when it has
 * one, frozen when the payment is recorded; an invoice issued before buyers were kept keeps the
 * username it was issued with, whatever name the account gives later.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`buyer names (${engine.name})`, () => {
    const target = useTestDatabase(engine.name);
    let repos: Repositories;

    beforeAll(() => {
      repos = target.db.repositories;
    });

    let slot = 6;
    const pending = async (place: Place): Promise<Payment> => {
      const booking = await seedBooking(repos, place, { timeSlot: `${String(slot++).padStart(2, "0")}:00` });
      return written(await repos.payments.insertPending(aPayment({}, { booking, ...place })));
    };
    const record = (payment: Payment) => repos.payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: new Date("2026-11-21T15:00:00.000Z"), shareLinkId: null });
    const rename = (place: Place, fullName: string | null) =>
      repos.users.updateProfile(place.user.id, { email: place.user.email, username: place.user.username, fullName, phone: null });

    it("when an account with a full name pays, then the payment names it by that name, and keeps it after the name changes", async () => {
      const place = await seedPlace(repos, { user: { fullName: "María José Peña" } });
      const payment = await pending(place);
      // not recorded yet: the account as it is now
      expect((await repos.payments.findById(payment.id))?.userName).toBe("María José Peña");
      expect((await record(payment)).kind).toBe("recorded");
      await rename(place, "María José Peña Núñez");
      expect(await repos.payments.findById(payment.id)).toMatchObject({ userName: "María José Peña", userEmail: place.user.email });
      const page = await repos.payments.pageTransactions({}, { page: 1, pageSize: 50 });
      expect(page.items.find((p) => p.id === payment.id)?.userName).toBe("María José Peña");
    });

    it("when an account without a full name pays, then the payment names it by its username", async () => {
      const place = await seedPlace(repos);
      const payment = await pending(place);
      await record(payment);
      await rename(place, "Roberto Peña");
      expect((await repos.payments.findById(payment.id))?.userName).toBe(place.user.username);
    });

    it("when an invoice was issued before buyers were kept, then it keeps naming the username after the account gives a full name", async () => {
      const place = await seedPlace(repos);
      const payment = await pending(place);
      await record(payment);
      // a row recorded before the buyer columns existed
      await target.db.sql.run("update payments set buyer_name = null, buyer_email = null where id = ?", [payment.id]);
      await rename(place, "Roberto Peña");
      expect((await repos.payments.findById(payment.id))?.userName).toBe(place.user.username);
      const rows: string[] = [];
      for await (const row of repos.payments.streamTransactions({})) if (row.id === payment.id) rows.push(row.userName ?? "");
      expect(rows).toEqual([place.user.username]);
    });
  });
}
