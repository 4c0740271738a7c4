import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@courts/adapters";
import { configBase, configProblems } from "../support/config-problems.js";
import { renderNotice } from "../../adapters/src/mail/templates.js";
import { SAMPLE_NOTICES } from "../mail/sample-notices.js";
import { Client } from "./support/client.js";
import { freshDatabase, startServer, webDistWith, type TestDatabase, type TestServer } from "./support/server.js";

/** CLUB_NAME (DESIGN.md section 14): one brand in the title bar, the page titles, the mails and the invoices. */

const base = configBase("/tmp/courts-club-name-test");
const problems = (env: Record<string, string>) => configProblems({ ...base, ...env });

describe("CLUB_NAME configuration", () => {
  it("without CLUB_NAME, then the brand is 'Reserva Tenis' on the invoices and in the sender's name", () => {
    const config = loadConfig(base, { persistSecret: false });
    expect(config.clubName).toBe("Reserva Tenis");
    expect(config.invoiceIssuer.name).toBe("Reserva Tenis");
    expect(config.mail.from).toBe('"Reserva Tenis" <no-reply@localhost>');
  });

  it("with CLUB_NAME, then the invoice's issuer and the sender carry it, unless INVOICE_ISSUER_NAME or MAIL_FROM say otherwise", () => {
    const club = loadConfig({ ...base, CLUB_NAME: '  Club "Los Ceibos"  ' }, { persistSecret: false });
    expect(club.clubName).toBe('Club "Los Ceibos"');
    expect(club.invoiceIssuer.name).toBe('Club "Los Ceibos"');
    expect(club.mail.from).toBe('"Club Los Ceibos" <no-reply@localhost>');
    const own = loadConfig({ ...base, CLUB_NAME: "Club Los Ceibos", INVOICE_ISSUER_NAME: "Ceibos S.A.", MAIL_FROM: "Reservas <r@ceibos.ec>" }, { persistSecret: false });
    expect(own.invoiceIssuer.name).toBe("Ceibos S.A.");
    expect(own.mail.from).toBe("Reservas <r@ceibos.ec>");
  });

  it.each([["a name past 60 characters", "C".repeat(61)], ["a control character", "Club\u0007Ceibos"]])("with %s, then a clear Spanish problem", (_case, value) => {
    expect(problems({ CLUB_NAME: value })).toEqual(["CLUB_NAME debe tener hasta 60 caracteres, sin caracteres de control"]);
  });

  it("the mails' header is the club's name, escaped", () => {
    const notice = SAMPLE_NOTICES.find((n) => n.kind === "booking-confirmed")!;
    const club = renderNotice(notice, { publicUrl: "https://canchas.ec", clubName: "Club <Los> Ceibos" });
    expect(club.html).toContain(">Club &lt;Los&gt; Ceibos</td></tr>");
    expect(club.html).not.toContain("Reservas de tenis");
    expect(renderNotice(notice, { publicUrl: "https://canchas.ec" }).html).toContain(">Reserva Tenis</td></tr>");
  });
});

describe("CLUB_NAME on the served pages and in GET /api/config", () => {
  const INDEX = "<!doctype html><html><head><title>Reserva Tenis · Reserva tu cancha de tenis</title></head><body><div id=root></div></body></html>";
  let db: TestDatabase;
  let server: TestServer;
  let web: ReturnType<typeof webDistWith>;
  let guest: Client;

  beforeAll(async () => {
    web = webDistWith({ "index.html": INDEX });
    db = await freshDatabase("sqlite");
    server = await startServer(db.url, { webDist: web.path, clubName: "Club & Tenis $1" });
    guest = new Client(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
    web?.remove();
  });

  it("GET /api/config names the club", async () => {
    const config = await guest.get<{ clubName: string }>("/api/config");
    expect(config.status).toBe(200);
    expect(config.body.clubName).toBe("Club & Tenis $1");
  });

  it.each(["/", "/venue/123"])("the page at %s carries the club's name in its title and for the script, escaped", async (url) => {
    const page = await guest.get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Club &amp; Tenis $1 · Reserva tu cancha de tenis</title>");
    expect(page.text).toContain('<meta name="club-name" content="Club &amp; Tenis $1">');
    expect(page.text).not.toContain("Reserva Tenis");
  });

  it("without the web built, the page that says so is titled with the club's name", async () => {
    const bare = await startServer(db.url, { clubName: "Club & Tenis" });
    try {
      const page = await new Client(bare.baseUrl).get("/");
      expect(page.status).toBe(503);
      expect(page.text).toContain("<title>Club &amp; Tenis</title>");
    } finally {
      await bare.close();
    }
  });

  it("the page for an address Fastify cannot read is titled with the club's name", async () => {
    const page = await guest.request("GET", "/venue/%E0%A4%A", { headers: { accept: "text/html" } });
    expect(page.status).toBe(400);
    expect(page.text).toContain("<title>Dirección no válida · Club &amp; Tenis $1</title>");
  });
});
