import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher.js";
import { waitFor } from "../support/wait-for.js";
import { api, expectToast, horizontalOverflow, uniqueName } from "./support/app.js";
import { chromiumGate, DESKTOP, launchBrowser, openContext, PHONE } from "./support/browser.js";
import { SCREENSHOTS } from "./support/fixture.js";
import { startServer, type E2EServer } from "./support/server.js";
import { sharedWebDist } from "./support/shared-web.js";

/**
 * Accounts a person owns (DESIGN.md section 13) in Chromium against the real server, whose sweep
 * mails through a real SMTP server: registering with a name and a phone, confirming the email from
 * the link that arrives, forgetting the password and choosing a new one from the mailed link.
 */

const gate = chromiumGate();
const SIZES = [
  { name: "phone", viewport: PHONE },
  { name: "desktop", viewport: DESKTOP },
] as const;

describe.skipIf(gate !== "run")("accounts in a real browser, with the mail a real SMTP server receives", () => {
  let browser: Browser;
  let server: E2EServer;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const env = { SMTP_URL: smtp.url, SWEEP_INTERVAL_SECONDS: "0.3", MAIL_FROM: "Canchas <reservas@club.ec>" };
    [server, browser] = await Promise.all([startServer({ name: "accounts", webDist: sharedWebDist(), env }), launchBrowser()]);
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  /** the link of the newest mail to `to` titled `subject`, once the sweep has sent it */
  const mailedLink = async (to: string, subject: string, screen: "restablecer" | "verificar"): Promise<string> => {
    const mail = await waitFor(() => smtp.to(to).filter((m) => m.subject === subject).at(-1), { timeout: 20_000, message: `'${subject}' never reached ${to}` });
    const link = new RegExp(`${server.baseUrl}/${screen}/[A-Za-z0-9_-]+`).exec(mail.text ?? "")?.[0];
    if (!link) throw new Error(`no /${screen} link in: ${mail.text ?? ""}`);
    return link;
  };

  const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  for (const size of SIZES) {
    it(`when a person registers with a name and a phone and follows 'Confirma tu correo' (${size.name}), then the account is theirs and confirmed`, async () => {
      const watched = await openContext(browser, server.baseUrl, { viewport: size.viewport });
      try {
        const page = await watched.newPage();
        const username = uniqueName("rosa");
        const email = `${username}@correo.ec`;
        await page.goto("/register");
        await page.getByLabel("Nombre completo").fill("Rosa Quispe Andrade");
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Usuario").fill(username);
        await page.getByLabel("Teléfono (opcional)").fill("12");
        await page.getByLabel("Contraseña", { exact: true }).fill("saque-y-volea-2026");
        await page.getByLabel("Confirmar contraseña").fill("saque-y-volea-2026");
        await page.getByRole("button", { name: "Crear Cuenta" }).click();
        // a number the server cannot read is said under the phone, and nothing was made
        await page.getByText(/teléfono no es un número válido/).first().waitFor();
        await page.getByLabel("Teléfono (opcional)").fill("099 123 4567");
        await page.getByRole("button", { name: "Crear Cuenta" }).click();
        await page.waitForURL(/\/user-dashboard/);
        await page.getByText(/Confirma tu correo|confirmar tu correo|sin confirmar/i).first().waitFor();
        await shoot(page, `account-unconfirmed-dashboard-${size.name}`);

        const link = await mailedLink(email, "Confirma tu correo", "verificar");
        await page.goto(link);
        await page.getByRole("heading", { name: "Correo confirmado" }).waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        await shoot(page, `account-email-confirmed-${size.name}`);

        const me = await api<{ user: { fullName: string; phone: string; emailVerified: boolean } }>(watched.context.request, "GET", "/api/auth/me");
        expect(me.user).toMatchObject({ fullName: "Rosa Quispe Andrade", phone: "+593991234567", emailVerified: true });
        await page.goto("/settings");
        await page.getByText("Rosa Quispe Andrade").first().waitFor();
        await page.getByText("+593991234567").first().waitFor();
        await shoot(page, `account-settings-${size.name}`);
        expect(watched.problems).toEqual([]);
      } finally {
        await watched.close();
      }
    });

    it(`when a player forgets the password (${size.name}), then the mailed link sets a new one, the old one stops working and the new one logs in`, async () => {
      const setup = await openContext(browser, server.baseUrl, { viewport: size.viewport });
      const username = uniqueName("luis");
      const email = `${username}@correo.ec`;
      await api(setup.context.request, "POST", "/api/auth/register", { email, username, password: "revés-cruzado-2026", fullName: "Luis Andrade" });
      await setup.close();

      const watched = await openContext(browser, server.baseUrl, { viewport: size.viewport });
      try {
        const page = await watched.newPage();
        await page.goto("/login");
        await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
        await page.waitForURL(/\/recuperar/);
        await page.getByLabel("Email").fill(email.toUpperCase());
        await page.getByRole("button", { name: "Enviar enlace" }).click();
        await page.getByText("Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.").waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        await shoot(page, `account-forgot-sent-${size.name}`);

        const link = await mailedLink(email, "Restablece tu contraseña", "restablecer");
        await page.goto(link);
        await page.getByLabel("Nueva contraseña").fill("dejada-perfecta-2026");
        await page.getByLabel("Confirmar contraseña").fill("dejada-perfecta-2026");
        await shoot(page, `account-reset-${size.name}`);
        await page.getByRole("button", { name: "Guardar contraseña" }).click();
        await page.waitForURL(/\/login/);
        await expectToast(page, "Contraseña actualizada");

        // the link is spent: opening it again says so and offers a new one
        await page.goto(link);
        await page.getByLabel("Nueva contraseña").fill("otra-clave-larga-2026");
        await page.getByLabel("Confirmar contraseña").fill("otra-clave-larga-2026");
        await page.getByRole("button", { name: "Guardar contraseña" }).click();
        await page.getByText(/ya no es válido/).waitFor();
        await shoot(page, `account-reset-gone-${size.name}`);

        const old = await watched.context.request.post("/api/auth/login", { data: { username, password: "revés-cruzado-2026" } });
        expect(old.status()).toBe(401);
        await page.goto("/login");
        await page.getByLabel(/Usuario/).fill(username);
        await page.getByLabel("Contraseña").fill("dejada-perfecta-2026");
        await page.getByRole("button", { name: "Iniciar Sesión" }).click();
        await page.waitForURL(/\/user-dashboard/);
        expect(watched.problems).toEqual([]);
      } finally {
        await watched.close();
      }
    });
  }
});
