import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "playwright-core";

/** What the journeys share: the API through a context's cookies, and the screens' recurring gestures. */

export interface Player {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

export interface CourtInfo {
  readonly id: string;
  readonly venueId: string;
  readonly name: string;
  readonly courtNumber: number;
  readonly status: string;
  readonly daySinglesPrice: string;
  readonly dayDoublesPrice: string;
  readonly nightSinglesPrice: string;
  readonly nightDoublesPrice: string;
}

export interface VenueInfo {
  readonly id: string;
  readonly name: string;
}

export interface BookingInfo {
  readonly id: string;
  readonly courtId: string;
  readonly date: string;
  readonly timeSlot: string;
  readonly totalAmount: string;
  readonly paidAmount: string;
  readonly paymentStatus: string;
}

/** A call that must succeed; a failure carries the exact request and answer (a server bug to report). */
export const api = async <T>(request: APIRequestContext, method: "GET" | "POST" | "PUT" | "PATCH", url: string, body?: unknown): Promise<T> => {
  const response = await request.fetch(url, { method, ...(body === undefined ? {} : { data: body }) });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${url} ${JSON.stringify(body ?? null)} -> ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString("hex")}`;

export const newPlayer = (prefix: string): Omit<Player, "id"> => {
  const username = uniqueName(prefix);
  return { username, email: `${username}@example.ec`, password: `Clave-${randomBytes(6).toString("hex")}` };
};

/** Registers through the API with this context's cookies: the context is then logged in. */
export const registerPlayer = async (request: APIRequestContext, prefix: string): Promise<Player> => {
  const player = newPlayer(prefix);
  const { user } = await api<{ user: { id: string } }>(request, "POST", "/api/auth/register", {
    email: player.email,
    username: player.username,
    password: player.password,
  });
  return { ...player, id: user.id };
};

export const loginPlayer = (request: APIRequestContext, player: Player) =>
  api(request, "POST", "/api/auth/login", { username: player.username, password: player.password });

export const loginAdmin = (request: APIRequestContext, admin: { username: string; password: string }) =>
  api(request, "POST", "/api/admin/login", admin);

export const bookViaApi = (
  request: APIRequestContext,
  input: { courtId: string; date: string; timeSlot: string; gameType: "singles" | "doubles" },
) =>
  api<BookingInfo>(request, "POST", "/api/bookings", {
    courtId: input.courtId,
    bookingDate: `${input.date}T00:00:00`,
    timeSlot: input.timeSlot,
    gameType: input.gameType,
  });

export const SUCCEEDING_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";

/**
 * The simulated provider's whole round trip, as checkout and the shared payment screen do it: the
 * intent (with a discount code, or a share token and the guest's name), the card, the record.
 */
export const payIntentViaApi = async (
  request: APIRequestContext,
  intentBody: { readonly bookingId: string } & Record<string, unknown>,
  recordFields: Record<string, unknown> = {},
) => {
  const { bookingId } = intentBody;
  const intent = await api<{ clientSecret: string; paymentIntentId: string }>(request, "POST", "/api/create-payment-intent", intentBody);
  const confirmed = await api<{ paymentIntentId: string }>(request, "POST", "/api/simulated-card/confirm", {
    clientSecret: intent.clientSecret,
    cardNumber: SUCCEEDING_CARD.replace(/ /g, ""),
    expMonth: 12,
    expYear: 2035,
    cvc: "123",
  });
  return api<{ id: string; amount: string }>(request, "POST", "/api/payments", {
    bookingId,
    stripePaymentIntentId: confirmed.paymentIntentId,
    ...recordFields,
  });
};

/** The player's own share or the whole rest, paid as checkout does. */
export const payViaApi = (request: APIRequestContext, bookingId: string, paymentType: "partial" | "full") =>
  payIntentViaApi(request, { bookingId, paymentType });

/** A local date (yyyy-MM-dd) plus whole days. */
export const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const cents = (money: string) => Math.round(Number(money) * 100);

/** The toast with this title (and description) in the notification region. */
export const expectToast = async (page: Page, title: string, description?: string | RegExp) => {
  const region = page.getByRole("region", { name: /Notificaciones/ });
  // Radix renders each toast as an <li role="status">
  const item = region.locator("li").filter({ has: page.getByText(title, { exact: true }) });
  await item.first().waitFor();
  if (description !== undefined) await item.filter({ hasText: description }).first().waitFor();
};

/** Picks a day in the booking date picker (react-day-picker), moving forward month by month if needed. */
export const pickDate = async (page: Page, isoDate: string) => {
  const shownDays = page.locator("td[data-day]:not([data-outside])");
  await shownDays.first().waitFor();
  const day = page.locator(`td[data-day="${isoDate}"]:not([data-outside]) button`);
  for (let i = 0; i < 12 && (await day.count()) === 0; i++) {
    const before = await shownDays.first().getAttribute("data-day");
    await page.getByRole("button", { name: "Ir al mes siguiente" }).click();
    await page.locator(`td[data-day="${before}"]:not([data-outside])`).waitFor({ state: "detached" });
  }
  await day.click();
  await page.locator(`td[data-day="${isoDate}"][data-selected]`).first().waitFor();
  // the chosen day's slots show once its availability has been read (a spinner until then)
  await page.getByText("Consultando disponibilidad...").waitFor({ state: "detached" });
};

export const fillCard = async (scope: Page | Locator, cardNumber: string) => {
  await scope.getByLabel("Número de tarjeta").fill(cardNumber);
  await scope.getByLabel("Vencimiento (MM/AA)").fill("12/35");
  await scope.getByLabel("CVC").fill("123");
};

/**
 * Spinners and skeletons gone, images decoded, fonts ready: the screen as a person sees it
 * settle. Lazy images are made eager first, or those below the fold would never load (and a
 * full-page screenshot would show holes).
 */
export const settle = async (page: Page) => {
  // (locators, not waitForFunction: the app's CSP forbids the eval that a string predicate needs)
  // The server's first paint of home, a venue or a booking (web/public/*-shell.html) has an empty
  // top bar and the screen's heading: wait until the app has replaced it, then for its loaders.
  await page.locator("header > div:empty").first().waitFor({ state: "detached" });
  await page.locator(".animate-spin, .animate-pulse").first().waitFor({ state: "detached" });
  await page.evaluate(`(() => {
    const images = Array.from(document.images);
    images.forEach((img) => { if (img.loading === "lazy") img.loading = "eager"; });
    const loaded = images.map((img) => img.complete ? null : new Promise((done) => {
      img.addEventListener("load", done, { once: true });
      img.addEventListener("error", done, { once: true });
    }));
    // a cap, not a pause: an image that never answers must not hang the suite
    const cap = new Promise((done) => setTimeout(done, 10000));
    return Promise.race([Promise.all([document.fonts.ready, ...loaded]), cap]).then(() => true);
  })()`);
};

/**
 * axe-core on the page as it is. Only violations come back with every node they were found on:
 * passes keep one node each (axe's `resultTypes`), which spares axe listing every element that
 * passed and took 10-30% off each audit (28 November: the booking screen 1.9 s instead of 2.3-2.9 s).
 */
export const axeAudit = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();

/** No element wider than the viewport: the page does not scroll sideways. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** A small valid PNG: green court with a white center line. */
export const courtPng = (width = 48, height = 32): Buffer => {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const line = x === width >> 1 || y === 2 || y === height - 3;
      row.set(line ? [250, 250, 250] : [34, 120, 70], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};
