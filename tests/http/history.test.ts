import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESSION_COOKIE } from "@courts/adapters";
import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, book, dayFromToday, newCourt, newPlayer, pay, type BookingShape, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines, freshDatabase, HTTP_ENGINES, startServer, type TestServer } from "./support/server.js";

interface Transaction {
  readonly id: string;
  readonly status: string;
  readonly amount: string;
  readonly discount: string;
  readonly stripeFee: string;
  readonly refundedAmount: string;
  readonly net: string;
  readonly settled: boolean;
  readonly userName: string | null;
  readonly venueName: string;
}
interface TransactionsPage {
  readonly items: Transaction[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}
interface Stats {
  readonly totalRevenue: string;
  readonly completedCount: number;
  readonly pendingAmount: string;
  readonly pendingCount: number;
  readonly summary: { gross: string; total: string; discounts: string; stripeFees: string; refunds: string; net: string };
}

const cents = (money: string) => Math.round(Number(money) * 100);

/** A venue and court named with accents, so the CSV shows they survive. */
const accentedCourt = async (admin: Client): Promise<CourtShape> => {
  const venue = await admin.post<{ id: string }>("/api/venues", { name: "Complejo Ñandú Peñón", location: "Guayaquil" });
  expect(venue.status).toBe(201);
  return newCourt(admin, { name: "Cancha Árbol", courtNumber: 1, venueId: venue.body.id });
};

/** The raw bytes of an answer: fetch's text() would drop the BOM this test checks. */
const rawGet = async (client: Client, urlPath: string) => {
  const response = await fetch(`${client.baseUrl}${urlPath}`, { headers: { cookie: `${SESSION_COOKIE}=${client.session ?? ""}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

describeOnEngines("lists over history", (server) => {
  let admin: Client;
  let player: Client;
  let playerId: string;
  let courts: CourtShape[];
  const bookings: BookingShape[] = [];

  beforeAll(async () => {
    admin = await adminClient(server());
    courts = [await accentedCourt(admin)];
    const ana = await newPlayer(server());
    player = ana.client;
    playerId = ana.user.id;
    // 7 bookings, each paid: full, or a share (an unpaid booking would count against hold limits)
    for (let i = 0; i < 7; i++) {
      const booking = await book(player, courts);
      bookings.push(booking);
      await pay(player, booking.id, { paymentType: i % 2 === 0 ? "full" : "partial" });
    }
  });

  it("when a player pages their bookings, then each page is an array and the headers give the total", async () => {
    const first = await player.get<BookingShape[]>("/api/user/bookings?pageSize=3");
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    expect(first.headers.get("x-total-count")).toBe("7");
    expect(first.headers.get("x-page")).toBe("1");
    expect(first.headers.get("x-page-size")).toBe("3");
    const third = await player.get<BookingShape[]>("/api/user/bookings?pageSize=3&page=3");
    expect(third.body).toHaveLength(1);
    const all = (await player.get<BookingShape[]>("/api/user/bookings")).body;
    expect(all.map((b) => b.id)).toEqual([...bookings].reverse().map((b) => b.id));
    const upcoming = await player.get<BookingShape[]>("/api/user/bookings?scope=upcoming&pageSize=2");
    expect(upcoming.body.map((b) => b.id)).toEqual(bookings.slice(0, 2).map((b) => b.id));
    expect((await player.get("/api/user/bookings?scope=past")).headers.get("x-total-count")).toBe("0");
    const byUser = await player.get<BookingShape[]>(`/api/bookings/user/${playerId}?pageSize=2&page=2`);
    expect(byUser.body.map((b) => b.id)).toEqual([bookings[4]!.id, bookings[3]!.id]);
  });

  it("when a player pages their payments, then they come newest first with their bookings", async () => {
    const page = await player.get<{ id: string; booking: { id: string } | null }[]>("/api/user/payments?pageSize=4");
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("7");
    expect(page.body.map((p) => p.booking?.id)).toEqual([...bookings].reverse().slice(0, 4).map((b) => b.id));
    const settings = await player.get<unknown[]>(`/api/payments/user/${playerId}?page=2&pageSize=4`);
    expect(settings.body).toHaveLength(3);
    const other = await newPlayer(server());
    expect((await other.client.get(`/api/payments/user/${playerId}`)).status).toBe(403);
    expect((await other.client.get(`/api/bookings/user/${playerId}`)).status).toBe(403);
  });

  it("when page, pageSize, scope, dates or status are wrong, then a 400 names the parameter in Spanish", async () => {
    const cases: [Client, string, string, RegExp][] = [
      [player, "/api/user/bookings?pageSize=201", "pageSize", /entre 1 y 200/],
      [player, "/api/user/bookings?pageSize=0", "pageSize", /entre 1 y 200/],
      [player, "/api/user/payments?page=0", "page", /desde 1/],
      [player, "/api/user/bookings?page=dos", "page", /desde 1/],
      [player, "/api/user/bookings?scope=todas", "scope", /'upcoming', 'past' o 'due'/],
      [admin, "/api/admin/transactions?from=2026-13-01", "from", /AAAA-MM-DD/],
      [admin, "/api/admin/transactions?status=pagado", "status", /'succeeded'/],
      [admin, "/api/admin/transactions?pageSize=1000", "pageSize", /entre 1 y 200/],
      [admin, "/api/admin/transactions.csv?to=ayer", "to", /AAAA-MM-DD/],
    ];
    for (const [client, url, field, message] of cases) {
      const answer = await client.get<{ message: string; code: string; field?: string }>(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe("INVALID_INPUT");
      expect(answer.body.message, url).toMatch(message);
      expect(answer.body.field, url).toBe(field);
    }
    const reversed = await admin.get<{ message: string }>("/api/admin/transactions?from=2026-11-20&to=2026-11-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("La fecha 'from' debe ser anterior o igual a 'to'");
  });

  it("when the admin pages transactions, then the answer is { items, total, page, pageSize } and the filters hold", async () => {
    const page = await admin.get<TransactionsPage>("/api/admin/transactions?pageSize=5");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 7, page: 1, pageSize: 5 });
    expect(page.body.items).toHaveLength(5);
    expect(page.body.items[0]).toMatchObject({ venueName: "Complejo Ñandú Peñón", settled: true, status: "succeeded" });
    const second = await admin.get<TransactionsPage>("/api/admin/transactions?pageSize=5&page=2");
    expect(second.body.items).toHaveLength(2);
    expect(new Set([...page.body.items, ...second.body.items].map((t) => t.id)).size).toBe(7);
    expect((await admin.get<TransactionsPage>("/api/admin/transactions?status=pending")).body.total).toBe(0);
    const today = dayFromToday(0);
    expect((await admin.get<TransactionsPage>(`/api/admin/transactions?from=${today}&to=${today}`)).body.total).toBe(7);
    expect((await admin.get<TransactionsPage>(`/api/admin/transactions?to=${dayFromToday(-1)}`)).body.total).toBe(0);
    expect((await player.get("/api/admin/transactions")).status).toBe(403);
    expect((await new Client(server().baseUrl).get("/api/admin/transactions.csv")).status).toBe(401);
  });

  it("when money moves, then the summary adds up to the cent and equals the transaction rows", async () => {
    // a cancellation more than 24 h ahead refunds everything paid for that booking
    const cancelled = await player.post("/api/cancellations", { bookingId: bookings[0]!.id, cancellationReason: "Lluvia" });
    expect(cancelled.status).toBe(200);
    const stats = (await admin.get<Stats>("/api/payments/stats")).body;
    const s = stats.summary;
    expect(cents(s.gross) - cents(s.discounts) - cents(s.stripeFees) - cents(s.refunds)).toBe(cents(s.net));
    expect(cents(s.gross) - cents(s.discounts) - cents(s.refunds)).toBe(cents(s.total));
    expect(cents(s.refunds)).toBeGreaterThan(0);
    const rows = (await admin.get<TransactionsPage>("/api/admin/transactions?pageSize=200")).body.items.filter((t) => t.settled);
    const sum = (f: (t: Transaction) => number) => rows.reduce((acc, t) => acc + f(t), 0);
    expect(sum((t) => cents(t.amount))).toBe(cents(s.gross));
    expect(sum((t) => cents(t.discount))).toBe(cents(s.discounts));
    expect(sum((t) => cents(t.stripeFee))).toBe(cents(s.stripeFees));
    expect(sum((t) => cents(t.refundedAmount))).toBe(cents(s.refunds));
    expect(sum((t) => cents(t.net))).toBe(cents(s.net));
    for (const t of rows) expect(cents(t.amount) - cents(t.discount) - cents(t.stripeFee) - cents(t.refundedAmount)).toBe(cents(t.net));
    expect(stats.completedCount + rows.filter((t) => t.status === "refunded").length).toBe(7);
  });

  it("when the admin exports transactions, then a UTF-8 CSV with BOM, ';' and Spanish headers streams every row", async () => {
    const answer = await rawGet(admin, `/api/admin/transactions.csv?from=${dayFromToday(-1)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/attachment; filename="transacciones-desde-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Fecha;Hora;Usuario;Correo;Complejo;Cancha;Número de cancha;Fecha de la reserva;Horario;Estado;Medio;Código de descuento;" +
        "Bruto;Descuento;Comisión de tarjeta;Reembolso;Neto;Cuenta en el resumen;Concepto;Factura;Id del pago",
    );
    expect(lines).toHaveLength(8);
    const first = lines[1]!.split(";");
    expect(first).toHaveLength(21);
    expect(first[18]).toBe("Reserva");
    expect(first[4]).toBe("Complejo Ñandú Peñón");
    expect(first[5]).toBe("Cancha Árbol");
    expect(first[10]).toBe("Tarjeta");
    expect(first[12]).toMatch(/^\d+,\d{2}$/);
    expect(first[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const none = await rawGet(admin, `/api/admin/transactions.csv?to=${dayFromToday(-1)}`);
    expect(none.bytes.subarray(3).toString("utf8").trimEnd().split("\r\n")).toHaveLength(1);
    // the screen's Estado filter goes with its download: only the refunded rows
    const refunded = await rawGet(admin, `/api/admin/transactions.csv?from=${dayFromToday(-1)}&status=refunded`);
    const states = refunded.bytes.subarray(3).toString("utf8").trimEnd().split("\r\n").slice(1).map((line) => line.split(";")[9]);
    expect(states.length).toBeGreaterThan(0);
    expect(states.length).toBeLessThan(7);
    expect(new Set(states)).toEqual(new Set(["Reembolsado"]));
  });

  it("when a card payment is opened and not paid, then its CSV row took no fee and left nothing, and the Neto column sums to the summary's net", async () => {
    // the rest of a booking paid by shares: an intent that stays pending
    const open = await player.post("/api/create-payment-intent", { bookingId: bookings[1]!.id, paymentType: "full" });
    expect(open.status).toBe(200);
    const answer = await rawGet(admin, "/api/admin/transactions.csv");
    const [header, ...rows] = answer.bytes.subarray(3).toString("utf8").trimEnd().split("\r\n").map((line) => line.split(";"));
    const column = (name: string) => header!.indexOf(name);
    const pending = rows.filter((r) => r[column("Estado")] === "Pendiente");
    expect(pending).toHaveLength(1);
    expect(Number(pending[0]![column("Bruto")]!.replace(",", "."))).toBeGreaterThan(0);
    expect(pending[0]![column("Comisión de tarjeta")]).toBe("0,00");
    expect(pending[0]![column("Neto")]).toBe("0,00");
    expect(pending[0]![column("Cuenta en el resumen")]).toBe("No");
    const net = rows.reduce((sum, r) => sum + cents(r[column("Neto")]!.replace(",", ".")), 0);
    expect(net).toBe(cents((await admin.get<Stats>("/api/payments/stats")).body.summary.net));
    const listed = (await admin.get<TransactionsPage>("/api/admin/transactions?status=pending")).body.items;
    expect(listed.map((t) => [t.settled, t.net])).toEqual([[false, "0.00"]]);
  });
});

/** Every statement the server runs, counted per request. */
const counting = () => {
  let count = 0;
  return {
    onQuery: () => {
      count++;
    },
    async statementsOf(client: Client, url: string): Promise<number> {
      count = 0;
      const answer = await client.get(url);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text}`);
      return count;
    },
  };
};

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`statements per request [${engine.name}]`, () => {
    it("when a player's and the club's history grow, then no list endpoint runs one more statement", async () => {
      const db = await freshDatabase(engine.name);
      const counter = counting();
      const srv: TestServer = await startServer(db.url, {}, counter.onQuery);
      try {
        const admin = await adminClient(srv);
        const court = await accentedCourt(admin);
        const { client: player, user } = await newPlayer(srv);
        const venueId = (await admin.get<{ id: string; venueId: string }>(`/api/courts/${court.id}`)).body.venueId;
        const month = dayFromToday(5);
        const endpoints = [
          "/api/user/bookings",
          "/api/user/bookings?scope=upcoming",
          `/api/bookings/user/${user.id}`,
          "/api/user/payments",
          `/api/payments/user/${user.id}`,
        ];
        const adminEndpoints = [
          "/api/admin/transactions",
          "/api/admin/transactions?status=succeeded",
          `/api/admin/transactions?from=${dayFromToday(-30)}&to=${dayFromToday(0)}`,
          "/api/payments/stats",
          "/api/payments/today-revenue",
          "/api/bookings/today",
          "/api/admin/discount-codes",
          "/api/discount-codes",
        ];
        const publicEndpoints = ["/api/venues", "/api/courts", `/api/venues/${venueId}/courts`, `/api/venues/${venueId}/bookings?year=${month.slice(0, 4)}&month=${Number(month.slice(5, 7))}`];
        const measure = async () => {
          const counts: Record<string, number> = {};
          for (const url of endpoints) counts[url] = await counter.statementsOf(player, url);
          for (const url of adminEndpoints) counts[url] = await counter.statementsOf(admin, url);
          for (const url of publicEndpoints) counts[url] = await counter.statementsOf(new Client(srv.baseUrl), url);
          return counts;
        };
        const grow = async (n: number) => {
          for (let i = 0; i < n; i++) {
            const booking = await book(player, [court]);
            await pay(player, booking.id, { paymentType: "full" });
          }
        };
        await grow(1);
        const small = await measure();
        await grow(9);
        const large = await measure();
        if (process.env.SHOW_STATEMENTS) console.info(engine.name, large);
        // never more with more history; a list kept per process (the courts of a venue, on SQLite)
        // may run fewer the second time
        expect(Object.keys(large)).toEqual(Object.keys(small));
        for (const [url, n] of Object.entries(large)) expect(n, url).toBeLessThanOrEqual(small[url]!);
        // the session, the page, its total, and for payments their bookings: a handful, never one per row
        for (const [url, n] of Object.entries(large)) expect(n, url).toBeLessThanOrEqual(6);
        const last = (await player.get("/api/user/payments")).headers.get("x-total-count");
        expect(last).toBe("10");
      } finally {
        await srv.close();
        await db.drop();
      }
    });
  });
}

/** LibreOffice reads the export as a Spanish spreadsheet would: it finds the columns and the accents. */
const soffice = ["libreoffice", "soffice"].find((bin) => spawnSync("which", [bin]).status === 0);
if (!soffice) console.warn("!!! LibreOffice is not installed: the CSV-in-a-spreadsheet test is SKIPPED (apt-get install libreoffice-calc-nogui)");
describe.skipIf(!soffice)("transactions CSV in LibreOffice", () => {
  it("when LibreOffice converts the export with the Spanish CSV settings, then every column and accent survives", async () => {
    const db = await freshDatabase("sqlite");
    const srv = await startServer(db.url);
    const dir = mkdtempSync(path.join(tmpdir(), "courts-csv-"));
    try {
      const admin = await adminClient(srv);
      const court = await accentedCourt(admin);
      const { client: player } = await newPlayer(srv, "josé_ñúñez");
      const booking = await book(player, [court]);
      await pay(player, booking.id, { paymentType: "full" });
      const csv = await rawGet(admin, "/api/admin/transactions.csv");
      writeFileSync(path.join(dir, "transacciones.csv"), csv.bytes);
      // the import filter a Spanish user gets: ';' (59), '"' (34), UTF-8 (76), from line 1, locale es-ES (3082)
      execFileSync(
        soffice!,
        ["--headless", `-env:UserInstallation=file://${dir}/profile`, "--infilter=CSV:59,34,76,1,,3082", "--convert-to", "html", "--outdir", dir, path.join(dir, "transacciones.csv")],
        { stdio: "pipe", timeout: 120_000 },
      );
      const html = readFileSync(path.join(dir, "transacciones.html"), "utf8");
      const cells = [...html.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
      expect(cells.slice(0, 20)).toContain("Comisión de tarjeta");
      expect(cells.slice(0, 20)).toContain("Número de cancha");
      expect(cells).toHaveLength(42);
      expect(cells[21 + 2]).toBe("josé_ñúñez");
      expect(cells[21 + 4]).toBe("Complejo Ñandú Peñón");
      expect(cells[21 + 5]).toBe("Cancha Árbol");
      expect(cells[21 + 9]).toBe("Completado");
      expect(cells[21 + 10]).toBe("Tarjeta");
      expect(cells[21 + 18]).toBe("Reserva");
    } finally {
      await srv.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
