import { randomUUID } from "node:crypto";
import type { Booking, Repositories, ShareLink } from "@courts/core";
import { describe, expect, it } from "vitest";
import { aDiscountCode, aPayment, aShareLink } from "../support/builders.js";
import { SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { int } from "./support/rows.js";
import { seedBooking, seedPlace, type Place } from "./support/seed.js";

/**
 * insertSharePending under real concurrency: several Database instances (own connections, as
 * server processes would have) on one database write shares of one link at once. A link's pending
 * shares plus its paid ones never exceed its places, whatever the interleaving; the outcome is
 * checked in the database. Each test seeds its own place, booking and link.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`share places under concurrency (${engine.name})`, () => {
    const target = useTestDatabase(engine.name, { others: engine.name === "sqlite" ? 2 : 3, poolSize: 4 });

    const burst = <T>(n: number, work: (repos: Repositories, i: number) => Promise<T>): Promise<T[]> =>
      Promise.all(Array.from({ length: n }, (_, i) => work(target.processes[i % target.processes.length]!.repositories, i)));
    const count = async (sql: string, params: (string | number)[]) => int((await target.db.sql.one(sql, params))!, "n");
    const pendingShares = (link: ShareLink) => count("select count(*) as n from payments where share_token = ? and status = 'pending'", [link.token]);

    /** doubles (3300) with a 4-person link, `paid` places already paid */
    const sharedBooking = async (paid: number): Promise<{ place: Place; booking: Booking; link: ShareLink }> => {
      const place = await seedPlace(target.db.repositories);
      const booking = await seedBooking(target.db.repositories, place, { gameType: "doubles", timeSlot: "19:00" });
      const link = await target.db.repositories.shareLinks.insert(aShareLink(booking, { maxParticipants: 4, currentParticipants: paid }));
      return { place, booking, link };
    };
    const share = ({ place, booking, link }: Awaited<ReturnType<typeof sharedBooking>>, overrides: Parameters<typeof aPayment>[0] = {}) =>
      aPayment({ amount: 825, kind: "shared", userId: `shared-${randomUUID()}`, shareToken: link.token, ...overrides }, { booking, ...place });

    const writtenShare = async (shared: Awaited<ReturnType<typeof sharedBooking>>) => {
      const answer = await target.db.repositories.payments.insertSharePending(share(shared));
      if (typeof answer !== "object") throw new Error(`share not written: ${answer}`);
      return answer;
    };

    it("when 30 guests write a share of a link with 3 places left at once, then exactly 3 are written", async () => {
      const shared = await sharedBooking(1);
      const outcomes = await burst(30, (repos) => repos.payments.insertSharePending(share(shared)));
      expect(outcomes.filter((o) => o !== "no-place-left")).toHaveLength(3);
      expect(outcomes.filter((o) => o === "no-place-left")).toHaveLength(27);
      expect(await pendingShares(shared.link)).toBe(3);
    });

    it("when shares are recorded while others are written at once, then paid plus pending never pass the places and nothing fails", async () => {
      const shared = await sharedBooking(0);
      const open = [await writtenShare(shared), await writtenShare(shared)];
      const at = new Date("2026-11-21T15:00:00.000Z");
      const [recorded, writes] = await Promise.all([
        burst(2, (repos, i) => repos.payments.markSucceeded({ intentId: open[i]!.stripePaymentIntentId, at, shareLinkId: shared.link.id })),
        burst(20, (repos) => repos.payments.insertSharePending(share(shared))),
      ]);
      expect(recorded.map((o) => o.kind)).toEqual(["recorded", "recorded"]);
      expect(writes.filter((o) => o !== "no-place-left")).toHaveLength(2);
      expect(await count("select current_participants as n from share_links where id = ?", [shared.link.id])).toBe(2);
      expect(await pendingShares(shared.link)).toBe(2);
    });

    it("when guests with a limited code race for a link's places, then the code's uses follow the shares written, and a share refused for want of a place keeps no use", async () => {
      const code = aDiscountCode({ maxUsage: 2, usageCount: 0 });
      await target.db.repositories.discountCodes.insert(code);
      const shared = await sharedBooking(1);
      const withCode = () => share(shared, { discount: 83, discountCode: code.code, discountCodeId: code.id });
      const outcomes = await burst(12, (repos) => repos.payments.insertSharePending(withCode()));
      expect(outcomes.filter((o) => typeof o === "object")).toHaveLength(2);
      expect(await count("select usage_count as n from discount_codes where id = ?", [code.id])).toBe(2);
      expect(await count("select count(*) as n from payments where discount_code_id = ?", [code.id])).toBe(2);

      // the link's last place, a code with uses to spare: only the written share holds one
      const plenty = aDiscountCode({ maxUsage: 50, usageCount: 0 });
      await target.db.repositories.discountCodes.insert(plenty);
      const more = await burst(12, (repos) => repos.payments.insertSharePending(share(shared, { discount: 83, discountCode: plenty.code, discountCodeId: plenty.id })));
      expect(more.filter((o) => typeof o === "object")).toHaveLength(1);
      expect(more.filter((o) => o === "no-place-left")).toHaveLength(11);
      expect(await count("select usage_count as n from discount_codes where id = ?", [plenty.id])).toBe(1);
      expect(await pendingShares(shared.link)).toBe(3);
    });
  });
}
