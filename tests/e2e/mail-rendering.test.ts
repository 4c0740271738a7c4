import { mkdirSync } from "node:fs";
import path from "node:path";
import { isAccountNotice } from "@courts/core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderNotice } from "../../adapters/src/mail/templates.js";
import { SAMPLE_NOTICES } from "../mail/sample-notices.js";
import { chromiumGate, launchBrowser, PHONE } from "./support/browser.js";

/**
 * Every HTML mail rendered in Chromium at phone width: nothing wider than the screen, the
 * heading and the booking visible. Screenshots go to MAIL_SCREENSHOTS when it names a folder.
 */
const gate = chromiumGate();
if (gate === "fail") throw new Error("REQUIRE_CHROMIUM=1 but /usr/bin/chromium is missing");

describe.skipIf(gate === "skip")("HTML mails in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("at 390 px every message fits the width and shows its heading and the booking, or the account's link", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const dir = process.env.MAIL_SCREENSHOTS;
    if (dir) mkdirSync(dir, { recursive: true });
    for (const notice of SAMPLE_NOTICES) {
      const mail = renderNotice(notice, { publicUrl: "https://canchas.ec" });
      await page.setContent(mail.html);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, notice.kind).toBeLessThanOrEqual(PHONE.width);
      await expect(page.locator("h1").innerText()).resolves.not.toBe("");
      if (isAccountNotice(notice)) await expect(page.getByRole("link", { name: /Elegir una nueva contraseña|Confirmar mi correo/ }).isVisible()).resolves.toBe(true);
      else await expect(page.getByText("Club de Tenis Los Ceibos").first().isVisible()).resolves.toBe(true);
      // the name that tried to be markup is shown as text, and no script ran
      if (notice.kind === "share-paid") await expect(page.locator("h1").innerText()).resolves.toContain("<script>");
      expect(await page.locator("script").count()).toBe(0);
      if (dir) await page.screenshot({ path: path.join(dir, `${notice.kind}.png`), fullPage: true });
    }
    await page.close();
  });
});
