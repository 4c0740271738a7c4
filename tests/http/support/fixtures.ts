import { randomBytes } from "node:crypto";
import { addDays, createAdmin, localDateOf, type Ports } from "@courts/core";
import { runUseCase, seedDemo } from "@courts/adapters";
import { Client } from "./client.js";
import { TEST_TIME_ZONE, type TestServer } from "./server.js";

export interface UserShape {
  readonly id: string;
  readonly username: string;
  readonly email: string;
}
export interface VenueShape {
  readonly id: string;
  readonly name: string;
  readonly courtCount: number;
}
export interface CourtShape {
  readonly id: string;
  readonly venueId: string;
  readonly courtNumber: number;
  readonly status: string;
}
export interface BookingShape {
  readonly id: string;
  readonly userId: string;
  readonly courtId: string;
  readonly date: string;
  readonly bookingDate: string;
  readonly timeSlot: string;
  readonly totalAmount: string;
  readonly paidAmount: string;
  readonly paymentStatus: string;
  readonly status: string;
}

export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString("hex")}`;

/** A local date `days` from today in the club's zone. */
export const dayFromToday = (days: number) => addDays(localDateOf(new Date(), TEST_TIME_ZONE), days);

export const PASSWORD = "contraseña-segura-1";

/** A new player, registered through the API; the returned client holds its session. */
export const newPlayer = async (server: TestServer, name = unique("jugador")): Promise<{ client: Client; user: UserShape }> => {
  const client = new Client(server.baseUrl);
  const answer = await client.post<{ user: UserShape }>("/api/auth/register", {
    email: `${name}@correo.ec`,
    username: name,
    password: PASSWORD,
  });
  if (answer.status !== 201) throw new Error(`register ${name}: ${answer.status} ${answer.text}`);
  return { client, user: answer.body.user };
};

/** A client logged in as an existing player. */
export const loginPlayer = async (server: TestServer, username: string): Promise<Client> => {
  const client = new Client(server.baseUrl);
  const answer = await client.post("/api/auth/login", { username, password: PASSWORD });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${answer.text}`);
  return client;
};

const admins = new WeakMap<Ports, string>();

/** The suite's admin account (created once per server), its user name; its password is PASSWORD. */
export const suiteAdmin = async (server: TestServer): Promise<string> => {
  let username = admins.get(server.ports);
  if (!username) {
    username = unique("admin");
    await runUseCase(createAdmin(server.ports, { username, email: `${username}@club.ec`, password: PASSWORD }));
    admins.set(server.ports, username);
  }
  return username;
};

/** The suite's admin, logged in on a new client. */
export const adminClient = async (server: TestServer): Promise<Client> => {
  const username = await suiteAdmin(server);
  const client = new Client(server.baseUrl);
  const answer = await client.post("/api/admin/login", { username, password: PASSWORD });
  if (answer.status !== 200) throw new Error(`admin login: ${answer.status} ${answer.text}`);
  return client;
};

/** An available court created through the API, at the default prices written out as the admin form sends them. */
export const newCourt = async (admin: Client, fields: { readonly name: string; readonly courtNumber: number; readonly venueId: string }): Promise<CourtShape> => {
  const court = await admin.post<CourtShape>("/api/courts", {
    ...fields,
    status: "available",
    daySinglesPrice: "14.50",
    dayDoublesPrice: "29.00",
    nightSinglesPrice: "16.50",
    nightDoublesPrice: "33.00",
  });
  if (court.status !== 201) throw new Error(`court: ${court.status} ${court.text}`);
  return court.body;
};

/** The demo venues and courts (without images, for speed); idempotent. */
export const demoCourts = async (server: TestServer): Promise<{ venues: VenueShape[]; courts: CourtShape[] }> => {
  await seedDemo(server.ports, { images: false });
  const guest = new Client(server.baseUrl);
  const venues = (await guest.get<VenueShape[]>("/api/venues")).body;
  const courts = (await guest.get<CourtShape[]>("/api/courts")).body.filter((c) => c.status === "available");
  return { venues, courts };
};

let slotCounter = 0;

/**
 * A (court, date, slot) nobody else in the suite uses: every call moves to the next slot, day
 * or court, starting 5 days ahead so that cancellations refund 100%. `night` skips to the next
 * hour of the night tariff (18:00 and after) the counter reaches.
 */
export const freshSlot = (courts: readonly CourtShape[], options: { readonly night?: boolean } = {}) => {
  let n = slotCounter++;
  while (options.night && n % 16 < 12) n = slotCounter++;
  const slot = 6 + (n % 16);
  const court = courts[Math.floor(n / 16) % courts.length]!;
  const day = 5 + Math.floor(n / (16 * courts.length));
  return { courtId: court.id, bookingDate: `${dayFromToday(day)}T00:00:00`, timeSlot: `${String(slot).padStart(2, "0")}:00`, gameType: "singles" as const };
};

export const book = async (client: Client, courts: readonly CourtShape[], extra: Record<string, unknown> = {}): Promise<BookingShape> => {
  const answer = await client.post<BookingShape>("/api/bookings", { ...freshSlot(courts), ...extra });
  if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.text}`);
  return answer.body;
};

/**
 * Who the fuzz suites send as, in the order their generators pick: a guest, a player who holds one
 * booking of the demo courts, and the admin; with the demo courts and that booking.
 */
export const fuzzCast = async (server: TestServer) => {
  const { courts } = await demoCourts(server);
  const admin = await adminClient(server);
  const player = await newPlayer(server);
  const booking = await book(player.client, courts);
  return { courts, admin, player, booking, callers: [new Client(server.baseUrl), player.client, admin] as const };
};

/** Pays through the simulated provider: intent, card confirmation, record. Returns the payment. */
export const pay = async (
  client: Client,
  bookingId: string,
  body: Record<string, unknown> = { paymentType: "partial" },
): Promise<{ id: string; status: string; stripePaymentIntentId: string }> => {
  // a guest on /shared-payment says who is paying (DESIGN.md section 9)
  const payer = typeof body.shareToken === "string" && !("payerName" in body) ? { payerName: "Invitado" } : {};
  const intent = await client.post<{ clientSecret: string; paymentIntentId: string }>("/api/create-payment-intent", { bookingId, ...payer, ...body });
  if (intent.status !== 200) throw new Error(`intent: ${intent.status} ${intent.text}`);
  const confirm = await client.post("/api/simulated-card/confirm", {
    clientSecret: intent.body.clientSecret,
    cardNumber: "4242 4242 4242 4242",
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: "123",
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${confirm.text}`);
  const recorded = await client.post<{ id: string; status: string; stripePaymentIntentId: string }>("/api/payments", {
    bookingId,
    stripePaymentIntentId: intent.body.paymentIntentId,
    ...(typeof body.shareToken === "string" ? { shareToken: body.shareToken } : {}),
  });
  if (recorded.status !== 201) throw new Error(`record: ${recorded.status} ${recorded.text}`);
  return recorded.body;
};

/** A tiny real PNG (1x1). */
export const PNG_BYTES = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);
