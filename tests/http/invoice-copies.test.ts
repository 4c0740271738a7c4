import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDepsOf, buildApp, openRuntime, SESSION_COOKIE, type Runtime } from "@courts/adapters";
import { mailSteps } from "@courts/adapters/sweep/mail-steps";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { Client } from "./support/client.js";
import { adminClient, book, demoCourts, newPlayer, pay, type CourtShape } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, listening, runtimeConfig, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * DESIGN.md section 14, against the server as `npm start` builds it from its settings: the player's
 * invoice (downloaded or mailed) shows what they paid and never the club's card fee or net; the
 * admin's copy keeps them. TAX_RATE_PERCENT adds base and tax, frozen when the payment is recorded:
 * the invoice reads the same after the setting changes.
 */

const CLUB_FIGURES = /neto|comisi[oó]n|asume|COPIA DEL CLUB/i;

const pdfDir = mkdtempSync(path.join(tmpdir(), "courts-invoice-http-"));
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));
let pdfs = 0;
/** pdftotext -layout, each table row on one line with ' | ' between its label and amount. */
const pdfText = (bytes: Uint8Array): string => {
  const file = path.join(pdfDir, `${++pdfs}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" })
    .split("\n")
    .map((row) => row.trim().replace(/\s{2,}/g, " | ").replace(/ +/g, " "))
    .filter((row) => row !== "")
    .join("\n");
};

const cents = (text: string, label: string): number => {
  const match = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| \\$(\\d+)\\.(\\d{2})$`, "m").exec(text);
  if (!match) throw new Error(`no row '${label}' in:\n${text}`);
  return Number(match[1]) * 100 + Number(match[2]);
};

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`the player's and the club's invoice, with tax [${engine.name}]`, () => {
    let db: TestDatabase;
    let dir: string;
    let runtime: Runtime | undefined;
    let server: TestServer | undefined;
    let courts: CourtShape[];

    /** The server as configured by `env` on the suite's database (one at a time). */
    const start = async (env: Record<string, string>): Promise<TestServer> => {
      await server?.close();
      runtime = await openRuntime(runtimeConfig(db.url, dir, { SWEEP_INTERVAL_SECONDS: "0", ...env }));
      const opened = runtime;
      const app: FastifyInstance = await buildApp(appDepsOf(opened, false));
      app.addHook("onClose", () => opened.close());
      server = await listening(app, opened.ports, opened.database);
      return server;
    };

    const invoice = async (client: Client, paymentId: string, query = ""): Promise<{ status: number; text: string }> => {
      const answer = await fetch(`${server!.baseUrl}/api/payments/${paymentId}/invoice${query}`, { headers: { cookie: `${SESSION_COOKIE}=${client.session}` } });
      if (answer.status !== 200) return { status: answer.status, text: await answer.text() };
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      return { status: 200, text: pdfText(new Uint8Array(await answer.arrayBuffer())) };
    };

    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      dir = mkdtempSync(path.join(tmpdir(), "courts-invoice-copies-"));
      const first = await start({ TAX_RATE_PERCENT: "15", CLUB_NAME: "Club Los Ceibos", INVOICE_ISSUER_TAX_ID: "0990012345001" });
      courts = (await demoCourts(first)).courts;
    });
    afterAll(async () => {
      await server?.close();
      await db?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("a player's invoice shows what they paid with base and IVA 15%, the club's name and tax id, and no club figure; the admin's copy adds the fee and the net; once the rate is 12.5% both read the same, and a new payment carries 12,5%", async () => {
      const player = await newPlayer(server!);
      const booking = await book(player.client, courts);
      const payment = await pay(player.client, booking.id, { paymentType: "full" });

      const mine = await invoice(player.client, payment.id);
      expect(mine.status).toBe(200);
      expect(mine.text).not.toMatch(CLUB_FIGURES);
      expect(mine.text).toContain("Club Los Ceibos");
      expect(mine.text).toContain("RUC / NIF: 0990012345001");
      const total = cents(mine.text, "Total pagado");
      const base = cents(mine.text, "Base imponible");
      const tax = cents(mine.text, "IVA 15%");
      expect(base + tax).toBe(total);
      // the rounding rule: base = total / 1.15 rounded half-up to the cent, tax = the rest
      expect(base).toBe(Math.floor((total * 10_000 * 2 + 11_500) / (11_500 * 2)));
      expect(mine.text.replace(/\n/g, " ")).toContain("Precios con IVA 15% incluido.");

      // no query a player can set turns their copy into the club's
      for (const query of ["?copy=club", "?audience=club", "?admin=1"]) {
        const asked = await invoice(player.client, payment.id, query);
        expect(asked.status).toBe(200);
        expect(asked.text).not.toMatch(CLUB_FIGURES);
      }
      // nor may another player read it
      expect((await invoice((await newPlayer(server!)).client, payment.id)).status).toBe(403);

      const admin = await adminClient(server!);
      const club = await invoice(admin, payment.id);
      expect(club.status).toBe(200);
      expect(club.text).toContain("COPIA DEL CLUB");
      const flat = club.text.replace(/\n/g, " ");
      expect(flat).toMatch(/comisión de tarjeta \(2\.9% \+ \$0\.30\), \$\d+\.\d{2}, la paga el club/);
      expect(flat).toMatch(/neto para el club: \$\d+\.\d{2}/);
      expect(cents(club.text, "IVA 15%")).toBe(tax);

      // the rate changes: the invoice already issued keeps its own
      await start({ TAX_RATE_PERCENT: "12.5", CLUB_NAME: "Club Los Ceibos", INVOICE_ISSUER_TAX_ID: "0990012345001" });
      // (the session survives the restart: it is stored in the database, signed with the data folder's secret)
      const tab = player.client.fork(server!.baseUrl);
      const again = await invoice(tab, payment.id);
      expect(again.text).toBe(mine.text);
      const later = await pay(tab, (await book(tab, courts)).id, { paymentType: "full" });
      const newer = await invoice(tab, later.id);
      const newerTotal = cents(newer.text, "Total pagado");
      expect(cents(newer.text, "Base imponible") + cents(newer.text, "IVA 12,5%")).toBe(newerTotal);
      expect(newer.text).not.toContain("IVA 15%");
    });

    it("without TAX_RATE_PERCENT, no tax lines; the mailed invoice is the player's copy", async () => {
      await start({});
      const player = await newPlayer(server!);
      const booking = await book(player.client, courts);
      const payment = await pay(player.client, booking.id, { paymentType: "full" });
      const mine = await invoice(player.client, payment.id);
      expect(mine.text).not.toMatch(/IVA|Base imponible/);
      expect(mine.text).not.toMatch(CLUB_FIGURES);

      const maildir = mkdtempSync(path.join(tmpdir(), "courts-invoice-mail-"));
      try {
        await runSweep(mailSteps(server!.ports, { mail: { smtpUrl: null, from: "Club <reservas@club.ec>", dir: maildir, retrySeconds: 1 }, publicUrl: "http://localhost:3000" }), { error: () => undefined });
        const mails = await Promise.all(readdirSync(maildir).filter((f) => f.endsWith(".eml")).map((f) => simpleParser(readFileSync(path.join(maildir, f)))));
        const attached = mails
          .filter((m) => JSON.stringify(m.to ?? "").toLowerCase().includes(player.user.email.toLowerCase()))
          .flatMap((m) => m.attachments.filter((a) => a.contentType === "application/pdf"));
        expect(attached).toHaveLength(1);
        const text = pdfText(new Uint8Array(attached[0]!.content));
        expect(text).toContain(`Factura N.º`);
        expect(text).not.toMatch(CLUB_FIGURES);
      } finally {
        rmSync(maildir, { recursive: true, force: true });
      }
    });
  });
}
