import { createAdmin, type TokenPurpose } from "@courts/core";
import { runUseCase } from "@courts/adapters";
import { Client } from "./client.js";
import {
  adminClient,
  book,
  dayFromToday,
  freshSlot,
  loginPlayer,
  newPlayer,
  pay,
  PNG_BYTES,
  unique,
  type CourtShape,
  type UserShape,
} from "./fixtures.js";
import type { TestServer } from "./server.js";

/**
 * The endpoints of docs/API.md, each with how to prepare a call of it for a role and the status
 * each role gets (tests/http/authorization-matrix.test.ts); tests/http/contract.test.ts reuses
 * the preparation to call every operation.
 */

export type Role = "guest" | "owner" | "other" | "admin";
export const ROLES: readonly Role[] = ["guest", "owner", "other", "admin"];

export interface Ctx {
  readonly server: TestServer;
  readonly owner: UserShape;
  readonly other: UserShape;
  readonly ownerClient: Client;
  readonly admin: Client;
  readonly courts: readonly CourtShape[];
  readonly venueId: string;
}

export interface Prepared {
  readonly path: string;
  /** a client of its own (a call that would end the sessions of the role's player) */
  readonly as?: Client;
  readonly json?: unknown;
  readonly raw?: { readonly body: Uint8Array | string; readonly contentType: string };
}

export interface Row {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly route: string;
  readonly prepare: (ctx: Ctx, role: Role) => Promise<Prepared> | Prepared;
  readonly expect: Readonly<Record<Role, number>>;
}

const all = (status: number) => ({ guest: status, owner: status, other: status, admin: status });
const adminOnly = (status: number) => ({ guest: 401, owner: 403, other: 403, admin: status });
const ownerOrAdmin = (status: number) => ({ guest: 401, owner: status, other: 403, admin: status });
const anyPlayer = (status: number) => ({ guest: 401, owner: status, other: status, admin: 401 });

const today = new Date();
export const ownerBooking = (ctx: Ctx) => book(ctx.ownerClient, ctx.courts);
export const newVenue = async (ctx: Ctx) =>
  (await ctx.admin.post<{ id: string }>("/api/venues", { name: unique("Complejo "), location: "Loja, Ecuador" })).body.id;
export const newCourt = async (ctx: Ctx) =>
  (await ctx.admin.post<{ id: string }>("/api/courts", { name: "Cancha", courtNumber: 1, venueId: await newVenue(ctx) })).body.id;
const newCode = async (ctx: Ctx) =>
  (await ctx.admin.post<{ id: string; code: string }>("/api/admin/discount-codes", { code: unique("CODE"), type: "percentage", value: 10 })).body;
const upload = async (ctx: Ctx) =>
  (await ctx.admin.request<{ imageData: string }>("POST", "/api/objects/upload-image", { body: PNG_BYTES, headers: { "content-type": "image/png" } }))
    .body.imageData;
const openIntent = async (ctx: Ctx) => {
  const booking = await ownerBooking(ctx);
  const intent = await ctx.ownerClient.post<{ clientSecret: string; paymentIntentId: string }>("/api/create-payment-intent", {
    bookingId: booking.id,
    paymentType: "partial",
  });
  return { booking, ...intent.body };
};
/** A working one-time link for a new player, as the mail would carry it (the token; the database keeps its hash). */
export const accountLink = async (ctx: Ctx, purpose: TokenPurpose): Promise<string> => {
  const { user } = await newPlayer(ctx.server);
  const { ids, clock, accountTokens } = ctx.server.ports;
  const token = ids.token();
  const now = clock.now();
  await accountTokens.issue({ tokenHash: ids.tokenHash(token), userId: user.id, purpose, email: user.email, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000), usedAt: null });
  return token;
};
/** An entry of the owner's in a release ballot, written as a request in the release's first seconds would. */
const ownerBallot = async (ctx: Ctx): Promise<string> => {
  const court = ctx.courts[0]!;
  const { ballots, ids, clock } = ctx.server.ports;
  const now = clock.now();
  const entry = await ballots.enter({
    id: ids.uuid(),
    venueId: court.venueId,
    courtId: court.id,
    date: dayFromToday(7),
    timeSlot: "18:00",
    gameType: "singles",
    userId: ctx.owner.id,
    decidesAt: new Date(now.getTime() + 60_000),
    enteredAt: now,
    state: "pending",
    bookingId: null,
  });
  if (!entry) throw new Error("the release ballot took no entry");
  return entry.id;
};
/** A top-up of the owner's, its card confirmed and not recorded yet: its intent id. */
const ownerTopUp = async (ctx: Ctx): Promise<string> => {
  const intent = await ctx.ownerClient.post<{ clientSecret: string; paymentIntentId: string }>("/api/user/wallet/top-ups", { amount: "15.00" });
  await ctx.ownerClient.post("/api/simulated-card/confirm", card(intent.body.clientSecret));
  return intent.body.paymentIntentId;
};
const newPunchCardProduct = async (ctx: Ctx) =>
  (await ctx.admin.post<{ id: string; name: string; hours: number; validDays: number }>("/api/admin/punch-card-products", {
    name: unique("Bono "),
    hours: 5,
    price: "60.00",
    validDays: 60,
  })).body;
const newMembershipPlan = async (ctx: Ctx): Promise<string> =>
  (await ctx.admin.post<{ id: string }>("/api/admin/membership-plans", { venueId: ctx.venueId, name: unique("Socio "), price: "90.00", months: 6, discountPercent: 10 }))
    .body.id;
/** A card of the owner's, bought by card and recorded: its id. */
const ownerPunchCard = async (ctx: Ctx): Promise<string> => {
  const product = await newPunchCardProduct(ctx);
  const intent = await ctx.ownerClient.post<{ clientSecret: string; paymentIntentId: string }>("/api/user/punch-cards", { productId: product.id });
  await ctx.ownerClient.post("/api/simulated-card/confirm", card(intent.body.clientSecret));
  await ctx.ownerClient.post(`/api/user/purchases/${intent.body.paymentIntentId}`);
  const cards = (await ctx.ownerClient.get<{ id: string; productId: string }[]>("/api/user/punch-cards")).body;
  const mine = cards.find((c) => c.productId === product.id);
  if (!mine) throw new Error("the punch card was not granted");
  return mine.id;
};
const MADE_UP_TOKEN = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const card = (clientSecret: string) => ({ clientSecret, cardNumber: "4242424242424242", expMonth: 12, expYear: today.getUTCFullYear() + 3, cvc: "123" });

/** A doubles booking of the owner with their share paid: what an open match needs. */
const paidOwnerDoubles = async (ctx: Ctx) => {
  const booking = await book(ctx.ownerClient, ctx.courts, { gameType: "doubles" });
  await pay(ctx.ownerClient, booking.id, { paymentType: "partial" });
  return booking;
};
/** An open match of the owner's (levels 2.0-5.0). */
const ownerMatch = async (ctx: Ctx) => {
  const booking = await paidOwnerDoubles(ctx);
  return (await ctx.ownerClient.post<{ id: string; bookingId: string }>(`/api/bookings/${booking.id}/open-match`, { levelMin: 2, levelMax: 5 })).body;
};
/** An open match of a third player's, for every level; the owner and the other player rated 4.0, so they may join. */
const strangersMatch = async (ctx: Ctx) => {
  const { client } = await newPlayer(ctx.server);
  const booking = await book(client, ctx.courts, { gameType: "doubles" });
  await pay(client, booking.id, { paymentType: "partial" });
  for (const user of [ctx.owner, ctx.other])
    await ctx.server.ports.users.updateProfile(user.id, { email: user.email, username: user.username, fullName: null, phone: null, level: 4 });
  return (await client.post<{ id: string }>(`/api/bookings/${booking.id}/open-match`, { levelMin: 1, levelMax: 7 })).body;
};
export const ROWS: readonly Row[] = [
  { method: "GET", route: "/api/config", prepare: () => ({ path: "/api/config" }), expect: all(200) },
  { method: "GET", route: "/api/docs/json", prepare: () => ({ path: "/api/docs/json" }), expect: all(200) },
  { method: "GET", route: "/api/auth/me", prepare: () => ({ path: "/api/auth/me" }), expect: anyPlayer(200) },
  {
    method: "POST",
    route: "/api/auth/register",
    prepare: () => {
      const name = unique("nuevo");
      return { path: "/api/auth/register", json: { email: `${name}@correo.ec`, username: name, password: "una-clave-larga" } };
    },
    expect: all(201),
  },
  { method: "POST", route: "/api/auth/login", prepare: (ctx) => ({ path: "/api/auth/login", json: { username: ctx.other.username, password: "contraseña-segura-1" } }), expect: all(200) },
  { method: "POST", route: "/api/auth/logout", prepare: () => ({ path: "/api/auth/logout" }), expect: all(200) },
  {
    method: "PUT",
    route: "/api/user/profile",
    prepare: (ctx, role) => {
      const me = role === "other" ? ctx.other : ctx.owner;
      return { path: "/api/user/profile", json: { email: me.email, username: me.username } };
    },
    expect: anyPlayer(200),
  },
  { method: "GET", route: "/api/user/bookings", prepare: () => ({ path: "/api/user/bookings" }), expect: anyPlayer(200) },
  // the right current password would end the player's other sessions, which the next rows use
  { method: "POST", route: "/api/user/password", prepare: () => ({ path: "/api/user/password", json: { currentPassword: "no-es-la-actual-1", newPassword: "otra-clave-larga-2026" } }), expect: { guest: 401, owner: 400, other: 400, admin: 401 } },
  { method: "POST", route: "/api/auth/verify-email", prepare: () => ({ path: "/api/auth/verify-email" }), expect: anyPlayer(202) },
  { method: "POST", route: "/api/auth/password-reset", prepare: () => ({ path: "/api/auth/password-reset", json: { email: `${unique("nadie")}@correo.ec` } }), expect: all(202) },
  {
    method: "POST",
    route: "/api/auth/password-reset/{token}",
    prepare: async (ctx) => ({ path: `/api/auth/password-reset/${await accountLink(ctx, "password-reset")}`, json: { password: "recuperada-clave-2026" } }),
    expect: all(204),
  },
  { method: "POST", route: "/api/auth/password-reset/{token} (made up)", prepare: () => ({ path: `/api/auth/password-reset/${MADE_UP_TOKEN}`, json: { password: "recuperada-clave-2026" } }), expect: all(410) },
  { method: "POST", route: "/api/auth/verify-email/{token}", prepare: async (ctx) => ({ path: `/api/auth/verify-email/${await accountLink(ctx, "verify-email")}` }), expect: all(204) },
  { method: "GET", route: "/api/user/payments", prepare: () => ({ path: "/api/user/payments" }), expect: anyPlayer(200) },
  { method: "GET", route: "/api/payments/user/{userId}", prepare: (ctx) => ({ path: `/api/payments/user/${ctx.owner.id}` }), expect: ownerOrAdmin(200) },
  { method: "GET", route: "/api/venues", prepare: () => ({ path: "/api/venues" }), expect: all(200) },
  { method: "GET", route: "/api/venues/{id}", prepare: (ctx) => ({ path: `/api/venues/${ctx.venueId}` }), expect: all(200) },
  { method: "GET", route: "/api/venues/{id}/courts", prepare: (ctx) => ({ path: `/api/venues/${ctx.venueId}/courts` }), expect: all(200) },
  {
    method: "GET",
    route: "/api/venues/{id}/bookings",
    prepare: (ctx) => ({ path: `/api/venues/${ctx.venueId}/bookings?year=${today.getUTCFullYear()}&month=${today.getUTCMonth() + 1}` }),
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/venues/{id}/availability",
    prepare: (ctx) => ({ path: `/api/venues/${ctx.venueId}/availability?date=${dayFromToday(5)}` }),
    expect: all(200),
  },
  { method: "GET", route: "/api/courts", prepare: () => ({ path: "/api/courts" }), expect: all(200) },
  { method: "GET", route: "/api/courts/{id}", prepare: (ctx) => ({ path: `/api/courts/${ctx.courts[0]!.id}` }), expect: all(200) },
  {
    method: "GET",
    route: "/api/courts/{id}/bookings",
    prepare: (ctx) => ({ path: `/api/courts/${ctx.courts[0]!.id}/bookings?date=2030-01-15` }),
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/bookings (for the owner)",
    prepare: (ctx) => ({ path: "/api/bookings", json: { ...freshSlot(ctx.courts), userId: ctx.owner.id } }),
    expect: ownerOrAdmin(201),
  },
  { method: "GET", route: "/api/bookings/{id}", prepare: async (ctx) => ({ path: `/api/bookings/${(await ownerBooking(ctx)).id}` }), expect: ownerOrAdmin(200) },
  { method: "GET", route: "/api/bookings/user/{userId}", prepare: (ctx) => ({ path: `/api/bookings/user/${ctx.owner.id}` }), expect: ownerOrAdmin(200) },
  { method: "GET", route: "/api/bookings/today", prepare: () => ({ path: "/api/bookings/today" }), expect: adminOnly(200) },
  // the owner's entry in a release ballot: another player is told it does not exist
  { method: "GET", route: "/api/ballots/{id}", prepare: async (ctx) => ({ path: `/api/ballots/${await ownerBallot(ctx)}` }), expect: { guest: 401, owner: 200, other: 404, admin: 200 } },
  { method: "GET", route: "/api/admin/ballots", prepare: (ctx) => ({ path: `/api/admin/ballots?venueId=${ctx.venueId}&date=${dayFromToday(7)}` }), expect: adminOnly(200) },
  {
    method: "POST",
    route: "/api/cancellations",
    prepare: async (ctx) => ({ path: "/api/cancellations", json: { bookingId: (await ownerBooking(ctx)).id, cancellationReason: "Lluvia" } }),
    expect: ownerOrAdmin(200),
  },
  {
    method: "POST",
    route: "/api/create-payment-intent",
    prepare: async (ctx) => ({ path: "/api/create-payment-intent", json: { bookingId: (await ownerBooking(ctx)).id, paymentType: "partial" } }),
    expect: ownerOrAdmin(200),
  },
  {
    method: "POST",
    route: "/api/simulated-card/confirm",
    prepare: async (ctx) => ({ path: "/api/simulated-card/confirm", json: card((await openIntent(ctx)).clientSecret) }),
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/payments",
    prepare: async (ctx) => {
      const intent = await openIntent(ctx);
      await ctx.ownerClient.post("/api/simulated-card/confirm", card(intent.clientSecret));
      return { path: "/api/payments", json: { bookingId: intent.booking.id, stripePaymentIntentId: intent.paymentIntentId } };
    },
    expect: ownerOrAdmin(201),
  },
  {
    method: "GET",
    route: "/api/payments/{id}/invoice",
    prepare: async (ctx) => ({ path: `/api/payments/${(await pay(ctx.ownerClient, (await ownerBooking(ctx)).id)).id}/invoice` }),
    expect: ownerOrAdmin(200),
  },
  { method: "GET", route: "/api/payments/today-revenue", prepare: () => ({ path: "/api/payments/today-revenue" }), expect: adminOnly(200) },
  { method: "GET", route: "/api/payments/stats", prepare: () => ({ path: "/api/payments/stats" }), expect: adminOnly(200) },
  { method: "GET", route: "/api/payments/day-stats", prepare: () => ({ path: "/api/payments/day-stats?date=2030-01-10" }), expect: adminOnly(200) },
  {
    method: "POST",
    route: "/api/discount-codes/validate",
    prepare: async (ctx) => ({ path: "/api/discount-codes/validate", json: { code: (await newCode(ctx)).code.toLowerCase() } }),
    expect: all(200),
  },
  { method: "GET", route: "/api/discount-codes", prepare: () => ({ path: "/api/discount-codes" }), expect: adminOnly(200) },
  {
    method: "POST",
    route: "/api/shared-payment-links",
    prepare: async (ctx) => ({ path: "/api/shared-payment-links", json: { bookingId: (await ownerBooking(ctx)).id, maxParticipants: 2 } }),
    expect: ownerOrAdmin(201),
  },
  {
    method: "POST",
    route: "/api/bookings/{id}/open-match",
    prepare: async (ctx) => ({ path: `/api/bookings/${(await paidOwnerDoubles(ctx)).id}/open-match`, json: { levelMin: 2, levelMax: 5 } }),
    expect: { guest: 401, owner: 201, other: 403, admin: 403 },
  },
  { method: "GET", route: "/api/bookings/{id}/open-match", prepare: async (ctx) => ({ path: `/api/bookings/${(await ownerMatch(ctx)).bookingId}/open-match` }), expect: ownerOrAdmin(200) },
  {
    method: "DELETE",
    route: "/api/bookings/{id}/open-match",
    prepare: async (ctx) => ({ path: `/api/bookings/${(await ownerMatch(ctx)).bookingId}/open-match` }),
    expect: { guest: 401, owner: 204, other: 403, admin: 403 },
  },
  { method: "GET", route: "/api/open-matches", prepare: () => ({ path: `/api/open-matches?level=3.5&date=${dayFromToday(5)}` }), expect: all(200) },
  { method: "GET", route: "/api/open-matches/{id}", prepare: async (ctx) => ({ path: `/api/open-matches/${(await ownerMatch(ctx)).id}` }), expect: all(200) },
  {
    method: "POST",
    route: "/api/open-matches/{id}/join",
    prepare: async (ctx) => ({ path: `/api/open-matches/${(await strangersMatch(ctx)).id}/join` }),
    expect: anyPlayer(200),
  },
  {
    method: "POST",
    route: "/api/open-matches/{id}/leave",
    prepare: async (ctx) => {
      const match = await strangersMatch(ctx);
      const joined = await ctx.ownerClient.post<{ clientSecret: string; paymentIntentId: string; bookingId: string }>(`/api/open-matches/${match.id}/join`);
      await ctx.ownerClient.post("/api/simulated-card/confirm", card(joined.body.clientSecret));
      await ctx.ownerClient.post("/api/payments", { bookingId: joined.body.bookingId, stripePaymentIntentId: joined.body.paymentIntentId });
      return { path: `/api/open-matches/${match.id}/leave` };
    },
    // the other player has no place in it: 409 NOT_IN_MATCH
    expect: { guest: 401, owner: 200, other: 409, admin: 401 },
  },
  {
    method: "GET",
    route: "/api/shared-payment-links/{token}",
    prepare: async (ctx) => {
      const link = await ctx.ownerClient.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: (await ownerBooking(ctx)).id, maxParticipants: 2 });
      return { path: `/api/shared-payment-links/${link.body.shareToken}` };
    },
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/stripe/webhook (simulated mode)",
    prepare: () => ({ path: "/api/stripe/webhook", raw: { body: "{}", contentType: "application/json" } }),
    expect: all(404),
  },
  {
    method: "POST",
    route: "/api/admin/login",
    prepare: async (ctx) => {
      const username = unique("adm");
      await runUseCase(createAdmin(ctx.server.ports, { username, email: `${username}@club.ec`, password: "clave-de-admin-1" }));
      return { path: "/api/admin/login", json: { username, password: "clave-de-admin-1" } };
    },
    expect: all(200),
  },
  { method: "GET", route: "/api/admin/check", prepare: () => ({ path: "/api/admin/check" }), expect: all(200) },
  { method: "POST", route: "/api/admin/logout", prepare: () => ({ path: "/api/admin/logout" }), expect: all(200) },
  { method: "GET", route: "/api/admin/users", prepare: (ctx) => ({ path: `/api/admin/users?q=${encodeURIComponent(ctx.owner.username.slice(0, 6))}` }), expect: adminOnly(200) },
  { method: "POST", route: "/api/admin/users", prepare: () => ({ path: "/api/admin/users", json: { fullName: "Cliente de Mostrador", phone: "0991234567" } }), expect: adminOnly(201) },
  { method: "GET", route: "/api/admin/transactions", prepare: () => ({ path: "/api/admin/transactions" }), expect: adminOnly(200) },
  { method: "GET", route: "/api/admin/transactions.csv", prepare: () => ({ path: "/api/admin/transactions.csv" }), expect: adminOnly(200) },
  { method: "GET", route: "/api/admin/reports/occupancy", prepare: (ctx) => ({ path: `/api/admin/reports/occupancy?venueId=${ctx.venueId}` }), expect: adminOnly(200) },
  { method: "GET", route: "/api/admin/reports/revenue", prepare: () => ({ path: "/api/admin/reports/revenue?groupBy=court" }), expect: adminOnly(200) },
  { method: "GET", route: "/api/admin/reports/summary", prepare: () => ({ path: "/api/admin/reports/summary" }), expect: adminOnly(200) },
  { method: "GET", route: "/api/admin/discount-codes", prepare: () => ({ path: "/api/admin/discount-codes" }), expect: adminOnly(200) },
  {
    method: "POST",
    route: "/api/admin/discount-codes",
    prepare: () => ({ path: "/api/admin/discount-codes", json: { code: unique("NEW"), type: "fixed", value: 2.5, maxUsage: 10, expiresAt: null, isActive: true } }),
    expect: adminOnly(201),
  },
  {
    method: "PATCH",
    route: "/api/admin/discount-codes/{id}",
    prepare: async (ctx) => ({ path: `/api/admin/discount-codes/${(await newCode(ctx)).id}`, json: { isActive: false } }),
    expect: adminOnly(200),
  },
  { method: "POST", route: "/api/venues", prepare: () => ({ path: "/api/venues", json: { name: unique("Complejo "), location: "Manta, Manabí" } }), expect: adminOnly(201) },
  { method: "DELETE", route: "/api/venues/{id}", prepare: async (ctx) => ({ path: `/api/venues/${await newVenue(ctx)}` }), expect: adminOnly(204) },
  { method: "GET", route: "/api/admin/venues/{id}/rules", prepare: (ctx) => ({ path: `/api/admin/venues/${ctx.venueId}/rules` }), expect: adminOnly(200) },
  {
    method: "PUT",
    route: "/api/admin/venues/{id}/rules",
    prepare: async (ctx) => ({
      path: `/api/admin/venues/${await newVenue(ctx)}/rules`,
      json: { windowDays: 30, releaseTime: "08:00", maxUpcomingPerPlayer: 4, maxPerPlayerPerDay: 2, ballotSeconds: 0 },
    }),
    expect: adminOnly(200),
  },
  {
    method: "PUT",
    route: "/api/venues/{id}/image",
    prepare: async (ctx) => ({ path: `/api/venues/${await newVenue(ctx)}/image`, json: { imageData: await upload(ctx) } }),
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/courts",
    prepare: async (ctx) => ({ path: "/api/courts", json: { name: "Cancha Nueva", courtNumber: 7, venueId: await newVenue(ctx), daySinglesPrice: "15.00" } }),
    expect: adminOnly(201),
  },
  {
    method: "PUT",
    route: "/api/courts/{id}",
    prepare: async (ctx) => {
      const venueId = await newVenue(ctx);
      const court = await ctx.admin.post<{ id: string }>("/api/courts", { name: "Cancha", courtNumber: 1, venueId });
      return { path: `/api/courts/${court.body.id}`, json: { name: "Cancha editada", courtNumber: 2, venueId, status: "maintenance", nightDoublesPrice: 35 } };
    },
    expect: adminOnly(200),
  },
  { method: "DELETE", route: "/api/courts/{id}", prepare: async (ctx) => ({ path: `/api/courts/${await newCourt(ctx)}` }), expect: adminOnly(204) },
  {
    method: "PUT",
    route: "/api/courts/{id}/image",
    prepare: async (ctx) => ({ path: `/api/courts/${await newCourt(ctx)}/image`, json: { imageData: await upload(ctx) } }),
    expect: adminOnly(200),
  },
  {
    method: "POST",
    route: "/api/objects/upload-image",
    prepare: () => ({ path: "/api/objects/upload-image", raw: { body: PNG_BYTES, contentType: "image/png" } }),
    expect: adminOnly(201),
  },
  { method: "GET", route: "/api/images/{id}", prepare: async (ctx) => ({ path: `/api/images/${await upload(ctx)}` }), expect: all(200) },
  // the wallet (DESIGN.md section 16): a player's own; the purchase of another player is not found for them
  { method: "GET", route: "/api/user/wallet", prepare: () => ({ path: "/api/user/wallet" }), expect: anyPlayer(200) },
  { method: "POST", route: "/api/user/wallet/top-ups", prepare: () => ({ path: "/api/user/wallet/top-ups", json: { amount: "20.00" } }), expect: anyPlayer(200) },
  { method: "GET", route: "/api/user/purchases", prepare: () => ({ path: "/api/user/purchases" }), expect: anyPlayer(200) },
  {
    method: "POST",
    route: "/api/user/purchases/{paymentIntentId}",
    prepare: async (ctx) => ({ path: `/api/user/purchases/${await ownerTopUp(ctx)}` }),
    expect: { guest: 401, owner: 201, other: 404, admin: 401 },
  },
  {
    method: "GET",
    route: "/api/user/purchases/{id}/invoice",
    prepare: async (ctx) => {
      const intentId = await ownerTopUp(ctx);
      const recorded = await ctx.ownerClient.post<{ id: string }>(`/api/user/purchases/${intentId}`);
      return { path: `/api/user/purchases/${recorded.body.id}/invoice` };
    },
    expect: { guest: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    method: "POST",
    route: "/api/bookings/{id}/wallet-payments",
    prepare: async (ctx) => {
      const booking = await ownerBooking(ctx);
      await ctx.admin.post(`/api/admin/users/${ctx.owner.id}/wallet-adjustments`, { amount: "40.00", note: "Saldo para pagar" });
      return { path: `/api/bookings/${booking.id}/wallet-payments`, json: { paymentType: "full" } };
    },
    expect: ownerOrAdmin(201),
  },
  { method: "GET", route: "/api/admin/purchases", prepare: () => ({ path: "/api/admin/purchases" }), expect: adminOnly(200) },
  {
    method: "POST",
    route: "/api/admin/users/{id}/wallet-adjustments",
    prepare: (ctx) => ({ path: `/api/admin/users/${ctx.owner.id}/wallet-adjustments`, json: { amount: "5.00", note: "Cortesía del club" } }),
    expect: adminOnly(201),
  },
  // punch cards ('Bonos', DESIGN.md section 16): the club's products, a player's own cards
  {
    method: "POST",
    route: "/api/admin/punch-card-products",
    prepare: () => ({ path: "/api/admin/punch-card-products", json: { name: "Bono 10 horas", hours: 10, price: "120.00", validDays: 90 } }),
    expect: adminOnly(201),
  },
  { method: "GET", route: "/api/admin/punch-card-products", prepare: () => ({ path: "/api/admin/punch-card-products" }), expect: adminOnly(200) },
  {
    method: "DELETE",
    route: "/api/admin/punch-card-products/{id}",
    prepare: async (ctx) => ({ path: `/api/admin/punch-card-products/${(await newPunchCardProduct(ctx)).id}` }),
    expect: adminOnly(204),
  },
  { method: "GET", route: "/api/punch-card-products", prepare: () => ({ path: "/api/punch-card-products" }), expect: { guest: 401, owner: 200, other: 200, admin: 200 } },
  { method: "GET", route: "/api/user/punch-cards", prepare: () => ({ path: "/api/user/punch-cards" }), expect: anyPlayer(200) },
  {
    method: "POST",
    route: "/api/user/punch-cards",
    prepare: async (ctx) => ({ path: "/api/user/punch-cards", json: { productId: (await newPunchCardProduct(ctx)).id } }),
    expect: anyPlayer(200),
  },
  {
    method: "POST",
    route: "/api/bookings/{id}/punch-card-payments",
    prepare: async (ctx) => {
      const booking = await ownerBooking(ctx);
      return { path: `/api/bookings/${booking.id}/punch-card-payments`, json: { punchCardId: await ownerPunchCard(ctx) } };
    },
    expect: ownerOrAdmin(201),
  },
  // memberships ('Socios', DESIGN.md section 16): a venue's plans for everyone, a player's own, the desk's
  {
    method: "POST",
    route: "/api/admin/membership-plans",
    prepare: (ctx) => ({ path: "/api/admin/membership-plans", json: { venueId: ctx.venueId, name: "Socio anual", price: "200.00", months: 12, discountPercent: 20 } }),
    expect: adminOnly(201),
  },
  {
    method: "DELETE",
    route: "/api/admin/membership-plans/{id}",
    prepare: async (ctx) => ({ path: `/api/admin/membership-plans/${await newMembershipPlan(ctx)}` }),
    expect: adminOnly(204),
  },
  { method: "GET", route: "/api/venues/{id}/membership-plans", prepare: (ctx) => ({ path: `/api/venues/${ctx.venueId}/membership-plans` }), expect: all(200) },
  { method: "GET", route: "/api/user/memberships", prepare: () => ({ path: "/api/user/memberships" }), expect: anyPlayer(200) },
  { method: "GET", route: "/api/venues/{id}/member-prices", prepare: (ctx) => ({ path: `/api/venues/${ctx.venueId}/member-prices` }), expect: anyPlayer(200) },
  {
    method: "POST",
    route: "/api/user/memberships",
    prepare: async (ctx) => ({ path: "/api/user/memberships", json: { planId: await newMembershipPlan(ctx) } }),
    expect: anyPlayer(200),
  },
  {
    method: "POST",
    route: "/api/admin/users/{id}/memberships",
    prepare: async (ctx) => ({ path: `/api/admin/users/${ctx.owner.id}/memberships`, json: { planId: await newMembershipPlan(ctx) } }),
    expect: adminOnly(201),
  },
];

export const clientFor = async (ctx: Ctx, role: Role): Promise<Client> => {
  switch (role) {
    case "guest":
      return new Client(ctx.server.baseUrl);
    case "owner":
      return loginPlayer(ctx.server, ctx.owner.username);
    case "other":
      return loginPlayer(ctx.server, ctx.other.username);
    case "admin":
      return adminClient(ctx.server);
  }
};

