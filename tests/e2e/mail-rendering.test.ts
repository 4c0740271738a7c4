import { mkdirSync } from "node:fs";
import path from "node:path";
import { isAccountNotice } from "@courts/core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderNotice, spanishDate } from "../../adapters/src/mail/templates.js";
import { SAMPLE_NOTICES, SAMPLE_VARIANTS } from "../mail/sample-notices.js";
import { chromiumGate, launchBrowser, PHONE } from "./support/browser.js";

/**
 * Every HTML mail rendered in Chromium at phone and desktop width: nothing wider than the screen,
 * the heading and the booking visible. Screenshots go to MAIL_SCREENSHOTS when it names a folder.
 */
const DESKTOP = { width: 1280, height: 800 };
const ALL = [...SAMPLE_NOTICES.map((notice) => ({ name: notice.kind as string, notice })), ...SAMPLE_VARIANTS];
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

  it.each([
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const)("at %s px every message fits the width and shows its heading and the booking, or the account's link", async (label, viewport) => {
    const page = await browser.newPage({ viewport });
    const dir = process.env.MAIL_SCREENSHOTS;
    if (dir) mkdirSync(dir, { recursive: true });
    for (const { name, notice } of ALL) {
      const mail = renderNotice(notice, { publicUrl: "https://canchas.ec" });
      await page.setContent(mail.html);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, name).toBeLessThanOrEqual(viewport.width);
      await expect(page.locator("h1").innerText()).resolves.not.toBe("");
      // an account's mail shows its one link: the token's screen, the plans, or the matches
      if (isAccountNotice(notice))
        await expect(page.getByRole("link", { name: /Elegir una nueva contraseña|Confirmar mi correo|Ver planes de socio|Ver partidos/ }).isVisible()).resolves.toBe(true);
      else await expect(page.getByText("Club de Tenis Los Ceibos").first().isVisible()).resolves.toBe(true);
      // the name that tried to be markup is shown as text, and no script ran
      if (name === "share-paid") await expect(page.locator("h1").innerText()).resolves.toContain("<script>");
      // a club action lists every date it touched
      if (notice.kind === "club-action")
        for (const t of notice.bookings) await expect(page.getByText(spanishDate(t.booking.date)).first().isVisible()).resolves.toBe(true);
      expect(await page.locator("script").count()).toBe(0);
      if (dir) await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
    }
    await page.close();
  });
});
