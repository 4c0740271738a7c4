import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/**
 * "run" when Debian's Chromium is installed; otherwise one loud line and "skip", or "fail"
 * when REQUIRE_CHROMIUM=1 (CI installs Chromium and must not skip silently).
 */
export const chromiumGate = (): "run" | "skip" | "fail" => {
  if (existsSync(CHROMIUM)) return "run";
  if (process.env.REQUIRE_CHROMIUM === "1") return "fail";
  process.stderr.write(`\n${"!".repeat(72)}\nE2E suites skipped: ${CHROMIUM} not found\n${"!".repeat(72)}\n\n`);
  return "skip";
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface Watched {
  readonly context: BrowserContext;
  /** uncaught page errors and 5xx answers seen so far in this context */
  readonly problems: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * A fresh context (own cookies) that behaves like a player in Ecuador, and that records what
 * should never happen: uncaught exceptions in the page and server errors (5xx).
 */
export const openContext = async (
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; clipboard?: boolean } = {},
): Promise<Watched> => {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? DESKTOP,
    locale: "es-EC",
    timezoneId: "America/Guayaquil",
    acceptDownloads: true,
    ...(options.clipboard ? { permissions: ["clipboard-read", "clipboard-write"] } : {}),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 500) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
  };
  context.on("page", watch);
  return {
    context,
    problems,
    newPage: () => context.newPage(),
    close: () => context.close(),
  };
};
