import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { OpenApiDocument } from "./support/answer-check.js";
import type { Client } from "./support/client.js";
import { fuzzCast } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/**
 * Property: whatever query string reaches a read endpoint, as a guest, a player or an admin, the
 * answer is never a 5xx, and a refusal is the API's problem ({ message, code }) in Spanish. Keys
 * repeat (`date=a&date=b` reads as a list), take brackets (`date[]=`, `date[a]=`), and values are
 * edge dates, numbers, control characters and long text, beside real ids.
 */

interface Ids {
  readonly courtId: string;
  readonly venueId: string;
  readonly bookingId: string;
  readonly userId: string;
}

/** The id a path parameter gets: the real one of the resource its path names, else one of a booking (then a 404 is the refusal). */
const paramValue = (ids: Ids, previous: string | undefined, name: string): string => {
  if (name === "userId") return ids.userId;
  if (name !== "id") return ids.bookingId;
  return previous === "venues" ? ids.venueId : previous === "courts" ? ids.courtId : ids.bookingId;
};

/**
 * Every read of the API's own document (/api/docs/json, as contract.test.ts), its parameters
 * filled in: an endpoint added later is fuzzed without being listed here.
 */
const readsOf = (doc: OpenApiDocument, ids: Ids): readonly string[] =>
  Object.entries(doc.paths)
    .filter(([path, operations]) => operations.get !== undefined && !path.startsWith("/api/docs"))
    .map(([path]) => {
      const segments = path.split("/");
      return segments.map((segment, i) => segment.replace(/^\{(\w+)\}$/, (_all, name: string) => paramValue(ids, segments[i - 1], name))).join("/");
    });

const KEYS = ["date", "year", "month", "page", "limit", "cursor", "from", "to", "status", "code", "venueId", "courtId", "userId", "q", "sort"];

const values = (ids: Ids) =>
  fc.oneof(
    fc.constantFrom(
      "", " ", "2026-11-28", "2026-02-29", "2026-13-45", "0000-01-01", "9999-12-31", "2026", "11", "13", "0", "-1", "1e309", "NaN",
      "99999999999999999999", "0x10", "true", "null", "__proto__", "constructor", "' OR 1=1 --", "%", "\u0000", "\ud800", "𝕏😀", "ñandú",
      "A".repeat(2000),
    ),
    fc.constantFrom(ids.courtId, ids.venueId, ids.bookingId, ids.userId),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.integer().map(String),
  );

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncoded = (text: string): string => [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/** Sent as they are: escapes that do not decode, or decode to bytes that are not UTF-8. */
const RAW = ["%", "%FF%FE", "%E0%A4%A", "%zz", "a%00b", "+"];

/** `key=value` pairs, keys repeated or bracketed now and then, each part percent-encoded or, now and then, raw. */
const queryOf = (ids: Ids) =>
  fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 6 }) }),
        fc.constantFrom("", "[]", "[a]", "[__proto__]"),
        fc.oneof({ weight: 6, arbitrary: values(ids).map(percentEncoded) }, { weight: 1, arbitrary: fc.constantFrom(...RAW) }),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((pairs) => pairs.map(([key, brackets, value]) => `${percentEncoded(key)}${brackets}=${value}`).join("&"));

/** Words of Fastify's, the validators' or Node's English messages. */
const ENGLISH = /\b(must|should|expected|invalid|unexpected|required|querystring|bad request|not found|is not)\b/i;

describeOnEngines("generated query strings to every read endpoint", (server) => {
  let ids: Ids;
  let callers: readonly Client[];
  let reads: readonly string[];
  beforeAll(async () => {
    const cast = await fuzzCast(server());
    const court = cast.courts[0]!;
    ids = { courtId: court.id, venueId: court.venueId, bookingId: cast.booking.id, userId: cast.player.user.id };
    callers = cast.callers;
    reads = readsOf((await cast.callers[0].get<OpenApiDocument>("/api/docs/json")).body, ids);
  });

  it("when any query string is sent by anyone, then no answer is a 5xx and every refusal is the API's Spanish problem", async () => {
    // every read of the document, ids filled in: the 37 of 28 November at least
    expect(reads.length).toBeGreaterThanOrEqual(37);
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...reads), queryOf(ids), fc.integer({ min: 0, max: 2 }), async (path, query, who) => {
        const answer = await callers[who]!.request("GET", `${path}?${query}`);
        const seen = `GET ${path}?${query.slice(0, 200)} as caller ${who}: ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, seen).toBeLessThan(500);
        if (answer.status >= 400) {
          refused++;
          const problem = answer.body as { message?: unknown; code?: unknown };
          expect(typeof problem.message, seen).toBe("string");
          expect(typeof problem.code, seen).toBe("string");
          expect(problem.message as string, seen).not.toMatch(ENGLISH);
        }
      }),
      { numRuns: 500 },
    );
    // the queries do reach the decoders: a good part of them is refused (a guest's reads of private data are too)
    expect(refused).toBeGreaterThan(100);
  }, 120_000);
});
