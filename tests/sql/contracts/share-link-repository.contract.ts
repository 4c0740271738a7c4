import { expect, it } from "vitest";
import { aShareLink } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { seedBooking, seedPlace } from "../support/seed.js";

export const shareLinkRepositoryContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;

  it("when a link is inserted, then it is found by token and by booking (the newest)", async () => {
    const place = await seedPlace(repos());
    const booking = await seedBooking(repos(), place, { gameType: "doubles" });
    const old = aShareLink(booking, { createdAt: new Date("2026-11-20T10:00:00.000Z") });
    const link = aShareLink(booking, { currentParticipants: 1, createdAt: new Date("2026-11-21T10:00:00.000Z") });
    expect(await repos().shareLinks.insert(old)).toEqual(old);
    expect(await repos().shareLinks.insert(link)).toEqual(link);
    expect(await repos().shareLinks.findByToken(link.token)).toEqual(link);
    expect(await repos().shareLinks.findByBooking(booking.id)).toEqual(link);
  });

  it("when nothing matches, then the finders answer undefined", async () => {
    expect(await repos().shareLinks.findByToken("unknown-token")).toBeUndefined();
    expect(await repos().shareLinks.findByBooking("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
  });

  it("when the booking does not exist, then inserting a link fails", async () => {
    await expect(
      repos().shareLinks.insert(aShareLink({ id: "00000000-0000-4000-8000-00000000dead", totalAmount: 1450, gameType: "singles" })),
    ).rejects.toThrow();
  });
};
