import { describe, expect, it } from "vitest";
import { Either, ParseResult, Schema } from "effect";
import { CourtBody, CreateBookingBody, DiscountCodeBody, PaymentIntentBody, RegisterBody } from "@courts/core";

const decode = <A, I>(schema: Schema.Schema<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  return Either.isLeft(result)
    ? { ok: false as const, issues: ParseResult.ArrayFormatter.formatErrorSync(result.left).map((i) => ({ path: i.path.join("."), message: i.message })) }
    : { ok: true as const, value: result.right };
};

describe("request schemas", () => {
  it("when a booking body is valid, then the local date is kept and unknown fields are dropped", () => {
    const r = decode(CreateBookingBody, { courtId: "c-1", bookingDate: "2026-11-22T00:00:00", timeSlot: "18:00", gameType: "doubles", hack: true });
    expect(r).toEqual({ ok: true, value: { courtId: "c-1", bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" } });
  });

  it("when booking fields are missing or wrong, then each gets a Spanish message naming it", () => {
    const r = decode(CreateBookingBody, { courtId: "c-1", bookingDate: "2026-02-30", timeSlot: "22:00" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toEqual([
        { path: "bookingDate", message: "El campo 'bookingDate' debe ser una fecha AAAA-MM-DD" },
        { path: "timeSlot", message: "El campo 'timeSlot' debe ser una hora en punto entre 06:00 y 21:00" },
        { path: "gameType", message: "El campo 'gameType' debe ser 'singles' o 'doubles'" },
      ]);
    }
  });

  it("when the body is not an object, then one Spanish message says so", () => {
    const r = decode(RegisterBody, "hola");
    expect(r.ok ? null : r.issues[0]?.message).toBe("El cuerpo de la petición debe ser un objeto JSON");
  });

  it("when an email has capitals, then it is stored lower case; a bad email is refused", () => {
    expect(decode(RegisterBody, { email: "Ana@Example.COM", username: "ana", password: "1234567890" })).toMatchObject({ ok: true, value: { email: "ana@example.com" } });
    expect(decode(RegisterBody, { email: "ana", username: "ana", password: "12345678" }).ok).toBe(false);
  });

  it("when an email is anything but one address, then it is refused: no list, no display name, no quotes, no bare host", () => {
    const email = (value: string) => decode(RegisterBody, { email: value, username: "ana", password: "1234567890" }).ok;
    for (const one of ["ana.paz+tenis@sub.correo.ec", "josé.ñúñez@correo.ec", "x@münchen.de", "o'brien@club.ie"]) expect(email(one), one).toBe(true);
    for (const many of ["alice@example.com,x", "a@x.ec, b@x.ec", "a@x.ec;b@x.ec", "Ana <ana@x.ec>", '"ana"@x.ec', "ana@localhost", "a..b@x.ec", "ana@x.ec\nBcc: b@x.ec", "ana@-x.ec"])
      expect(email(many), many).toBe(false);
  });

  it("when court prices come as numbers or strings, then they become cents; 3 decimals are refused", () => {
    expect(decode(CourtBody, { name: "A", courtNumber: 1, venueId: "v", daySinglesPrice: 14.5, nightDoublesPrice: "33.00" })).toMatchObject({
      ok: true,
      value: { daySinglesPrice: 1450, nightDoublesPrice: 3300 },
    });
    expect(decode(CourtBody, { name: "A", courtNumber: 1, venueId: "v", daySinglesPrice: "1.234" }).ok).toBe(false);
    expect(decode(CourtBody, { name: "A", courtNumber: 1.5, venueId: "v" }).ok).toBe(false);
  });

  it("when a court number is filled but out of range or not whole, then it says so without 'Todos los campos son requeridos'", () => {
    for (const courtNumber of [0, -3, 1.5, "7"]) {
      expect(decode(CourtBody, { name: "A", courtNumber, venueId: "v" })).toEqual({
        ok: false,
        issues: [{ path: "courtNumber", message: "El campo 'courtNumber' debe ser un número entero entre 1 y 999" }],
      });
    }
    // an empty form field arrives absent, as null (JSON's NaN) or as NaN: that one is missing
    for (const body of [{ name: "A", venueId: "v" }, { name: "A", courtNumber: null, venueId: "v" }, { name: "A", courtNumber: Number.NaN, venueId: "v" }]) {
      expect(decode(CourtBody, body)).toEqual({ ok: false, issues: [{ path: "courtNumber", message: "Todos los campos son requeridos: 'courtNumber'" }] });
    }
  });

  it("when a payment intent names both a type and a share token, or neither, then it is refused", () => {
    expect(decode(PaymentIntentBody, { bookingId: "b" }).ok).toBe(false);
    expect(decode(PaymentIntentBody, { bookingId: "b", paymentType: "full", shareToken: "t" }).ok).toBe(false);
    expect(decode(PaymentIntentBody, { bookingId: "b", shareToken: "t" }).ok).toBe(true);
  });

  it("when a discount code has maxUsage 0 or a bad date, then it is refused; null means none", () => {
    expect(decode(DiscountCodeBody, { code: "A", type: "fixed", value: 1, maxUsage: 0 }).ok).toBe(false);
    expect(decode(DiscountCodeBody, { code: "A", type: "fixed", value: 1, expiresAt: "mañana" }).ok).toBe(false);
    expect(decode(DiscountCodeBody, { code: "A", type: "fixed", value: -1 }).ok).toBe(false);
    expect(decode(DiscountCodeBody, { code: "A", type: "fixed", value: 1, maxUsage: null, expiresAt: "2026-12-31T23:59:00.000Z" })).toMatchObject({ ok: true });
  });
});
