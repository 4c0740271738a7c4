import { cryptoIds, uuidV7 } from "@courts/adapters/auth/ids";
import { describe, expect, it } from "vitest";

/** Row ids are UUIDs version 7 (RFC 9562): a new row's id sorts after the ids made before it. */
describe("ids", () => {
  const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("when an id is made, then it is a UUID of version 7 and variant 10 whose first 48 bits are the milliseconds of its moment", () => {
    const at = Date.UTC(2026, 10, 27, 3, 0, 0, 123);
    const id = uuidV7(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(at);
    expect(cryptoIds.uuid()).toMatch(UUID_V7);
  });

  it("when ids are made a millisecond or more apart, then they sort in that order; ten thousand made at once are all different", () => {
    const earlier = uuidV7(1_795_000_000_000);
    const later = uuidV7(1_795_000_000_001);
    expect([later, earlier].sort()).toEqual([earlier, later]);
    const many = Array.from({ length: 10_000 }, () => cryptoIds.uuid());
    expect(new Set(many).size).toBe(many.length);
    // 74 random bits: the part after the time differs between ids of the same millisecond
    expect(new Set(Array.from({ length: 100 }, () => uuidV7(1_795_000_000_000).slice(15))).size).toBe(100);
  });

  it("when tokens are made, then they stay 32 random bytes in base64url", () => {
    expect(cryptoIds.token()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
