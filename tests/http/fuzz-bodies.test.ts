import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { dayFromToday, fuzzCast, unique } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/**
 * Property: whatever JSON body reaches a write endpoint, as a guest, a player or an admin, the
 * answer is never a 5xx. Values mix arbitrary JSON, strings with control characters and lone
 * surrogates, edge numbers, and real ids (so that generated bodies get past "not found" into
 * the use cases).
 */

interface Ids {
  readonly courtId: string;
  readonly venueId: string;
  readonly bookingId: string;
  readonly codeId: string;
  readonly userId: string;
}

const FIELDS = [
  "username", "password", "email", "courtId", "bookingDate", "timeSlot", "gameType", "userId", "bookingId",
  "cancellationReason", "paymentType", "shareToken", "discountCode", "stripePaymentIntentId", "clientSecret",
  "cardNumber", "expMonth", "expYear", "cvc", "code", "type", "value", "maxUsage", "expiresAt", "isActive",
  "maxParticipants", "name", "location", "description", "imageUrl", "courtNumber", "venueId", "status",
  "daySinglesPrice", "dayDoublesPrice", "nightSinglesPrice", "nightDoublesPrice", "imageData",
];

const tricky = fc.constantFrom(
  "\u0000", "a\u0000b", "\u0007\u001b[31m", "\ud800", "\udfff", "0x7E6", "2026-02-30", "2026-02-30T00:00:00Z", "24:00", "06:00",
  "21:00", "singles", "doubles", "partial", "full", "percentage", "fixed", "1e309", "-0", "99999999999.99", "21474836.48",
  "14.555", "NaN", "Infinity", "__proto__", "constructor", "' OR 1=1 --", "data:image/png;base64,AAAA", "data:,", "/x", "𝕏😀",
  "ВЕРАНО", "夏天", "A".repeat(300), " ", "",
);

/** Short strings where control characters are common, not one in a million code points. */
const controlString = fc.string({
  unit: fc.oneof(fc.constantFrom("\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u001f", "\u007f", "\t", "\n", "\r"), fc.constantFrom("a", "Z", "0", "ñ", " ", "😀", "-")),
  minLength: 1,
  maxLength: 12,
});

const value = (ids: Ids) =>
  fc.oneof(
    { weight: 3, arbitrary: controlString },
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 3, arbitrary: tricky },
    { weight: 2, arbitrary: fc.constantFrom(ids.courtId, ids.venueId, ids.bookingId, ids.codeId, ids.userId) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2, 4, 2 ** 31, 2 ** 53, 1e21, -1e21, 0.1 + 0.2)) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

const bodyOf = (ids: Ids) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value(ids), { maxKeys: 10 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), value(ids), { maxKeys: 4 }) },
  );

/** Each write endpoint with a body it accepts: generated values replace a few of its fields. */
const endpoints = (ids: Ids): ReadonlyArray<readonly [string, string, Record<string, unknown>]> => [
  ["POST", "/api/auth/register", { email: "fuzz@correo.ec", username: "fuzzer", password: "clave-de-fuzz-1" }],
  ["POST", "/api/auth/login", { username: "fuzzer", password: "clave-de-fuzz-1" }],
  ["POST", "/api/admin/login", { username: "fuzzer", password: "clave-de-fuzz-1" }],
  ["PUT", "/api/user/profile", { email: "fuzz2@correo.ec", username: "fuzzer2" }],
  ["POST", "/api/bookings", { courtId: ids.courtId, bookingDate: dayFromToday(20), timeSlot: "10:00", gameType: "singles" }],
  ["POST", "/api/cancellations", { bookingId: ids.bookingId, cancellationReason: "lluvia" }],
  ["POST", "/api/create-payment-intent", { bookingId: ids.bookingId, paymentType: "partial" }],
  ["POST", "/api/payments", { bookingId: ids.bookingId, stripePaymentIntentId: "pi_fuzz" }],
  ["POST", "/api/simulated-card/confirm", { clientSecret: "pi_x_secret_y", cardNumber: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" }],
  ["POST", "/api/discount-codes/validate", { code: "FUZZ" }],
  ["POST", "/api/shared-payment-links", { bookingId: ids.bookingId, maxParticipants: 2 }],
  ["POST", "/api/admin/discount-codes", { code: "FUZZ", type: "fixed", value: 5 }],
  ["PATCH", `/api/admin/discount-codes/${ids.codeId}`, { isActive: true }],
  ["POST", "/api/venues", { name: "Club Fuzz", location: "Quito" }],
  ["PUT", `/api/venues/${ids.venueId}/image`, { imageData: "data:image/png;base64,iVBORw0KGgo=" }],
  ["POST", "/api/courts", { name: "Fuzz", courtNumber: 90, venueId: ids.venueId }],
  ["PUT", `/api/courts/${ids.courtId}`, { name: "Fuzz", courtNumber: 91, venueId: ids.venueId }],
  ["PUT", `/api/courts/${ids.courtId}/image`, { imageData: "data:image/png;base64,iVBORw0KGgo=" }],
];

/** Mostly a valid body with one to three fields replaced; sometimes a body made up whole. */
const bodyFor = (ids: Ids, base: Record<string, unknown>) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(base)) }, { weight: 1, arbitrary: fc.constantFrom(...FIELDS) }), value(ids), {
          minKeys: 1,
          maxKeys: 3,
        })
        .map((changes) => ({ ...base, ...changes })),
    },
    { weight: 1, arbitrary: bodyOf(ids) },
  );

describeOnEngines("generated bodies to every write endpoint", (server) => {
  let ids: Ids;
  let callers: readonly Client[];
  beforeAll(async () => {
    const { courts, admin, player, booking, callers: cast } = await fuzzCast(server());
    const code = await admin.post<{ id: string }>("/api/admin/discount-codes", { code: unique("FZ").toUpperCase(), type: "percentage", value: 10 });
    if (code.status !== 201) throw new Error(`code: ${code.status} ${code.text}`);
    ids = { courtId: courts[1]!.id, venueId: courts[1]!.venueId, bookingId: booking.id, codeId: code.body.id, userId: player.user.id };
    callers = cast;
  });

  it("when any JSON body is sent by anyone, then no answer is a 5xx", async () => {
    const targets = endpoints(ids);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets).chain(([method, path, base]) => fc.tuple(fc.constant([method, path] as const), bodyFor(ids, base))),
        fc.integer({ min: 0, max: 2 }),
        async ([[method, path], body], who) => {
        const answer = await callers[who]!.request(method, path, { json: body });
        if (answer.status >= 500) throw new Error(`${method} ${path} as caller ${who}: ${answer.status} ${answer.text} for ${JSON.stringify(body)}`);
        expect(answer.headers.get("content-type") ?? "").toContain("application/json");
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
