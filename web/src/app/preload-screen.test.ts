import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST, json, mockApi } from "../testing/render-app";

/**
 * The page's `<meta name="club-today">` (written by the server, adapters/src/http/plugins/web.ts)
 * lets the first screen ask for a court's day together with GET /api/config, not after its answer.
 */
// SWR keeps a preloaded answer until a hook takes it; here no hook does, so each test asks afresh
vi.mock("swr", async (original) => ({
  ...(await original<typeof import("swr")>()),
  preload: (key: string, fetcher: (key: string) => Promise<unknown>) => fetcher(key),
}));

const CONFIG = { timeZone: "America/Guayaquil", currency: "usd", payments: { provider: "simulated", publishableKey: null } };
const DAY = (date: string) => json({ date, bookedSlots: [], blockedSlots: [] });

const withPageDate = (date: string) => {
  const meta = document.createElement("meta");
  meta.name = "club-today";
  meta.content = date;
  document.head.append(meta);
};

const requested = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([input]) => String(input));

describe("preloadScreen and the page's date", () => {
  let answerConfig: (today: string) => void = () => undefined;
  let configAnswered = false;
  /** for each court day asked for, whether GET /api/config was still unanswered then */
  let dayAskedBeforeConfig: boolean[] = [];
  beforeEach(() => {
    vi.resetModules(); // the page's date is read once per load of the module, as in the browser
    configAnswered = false;
    dayAskedBeforeConfig = [];
  });
  afterEach(() => {
    document.head.querySelectorAll('meta[name="club-today"]').forEach((meta) => meta.remove());
  });

  const api = () =>
    mockApi({
      ...GUEST,
      "GET /api/config": () =>
        new Promise<Response>(
          (resolve) =>
            (answerConfig = (today) => {
              configAnswered = true;
              resolve(json({ ...CONFIG, today }));
            }),
        ),
      "GET /api/courts/c1": () => json({ id: "c1" }),
      "GET /api/courts/c1/bookings?date=2030-01-10": () => (dayAskedBeforeConfig.push(!configAnswered), DAY("2030-01-10")),
      "GET /api/courts/c1/bookings?date=2030-01-11": () => (dayAskedBeforeConfig.push(!configAnswered), DAY("2030-01-11")),
    });

  /** Opens /booking/c1 as the first screen, on a page that carries `date` (or none). */
  const openBooking = async (date?: string) => {
    if (date) withPageDate(date);
    const fetchMock = api();
    const { preloadScreen } = await import("./router");
    return { fetchMock, loaded: preloadScreen("/booking/c1") };
  };

  it("when the page carries the club's date, then the booking screen's day is asked for before the config answers, and once", async () => {
    const { fetchMock, loaded } = await openBooking("2030-01-10");
    await vi.waitFor(() => expect(requested(fetchMock)).toContain("/api/courts/c1/bookings?date=2030-01-10"));
    expect(requested(fetchMock)).toContain("/api/config"); // still unanswered
    answerConfig("2030-01-10");
    await loaded;
    expect(requested(fetchMock).filter((url) => url.includes("/courts/c1/bookings?"))).toEqual(["/api/courts/c1/bookings?date=2030-01-10"]);
    expect(dayAskedBeforeConfig).toEqual([true]);
    // and whether the player owes a balance, which blocks a new booking: said in the screen's first render
    expect(requested(fetchMock)).toContain("/api/user/bookings?scope=due&page=1&pageSize=1");
    expect(document.querySelector('meta[name="club-today"]')).toBeNull();
  });

  it("when midnight passed between the page and the config, then the config's day is read too", async () => {
    const { fetchMock, loaded } = await openBooking("2030-01-10");
    await vi.waitFor(() => expect(requested(fetchMock)).toContain("/api/courts/c1/bookings?date=2030-01-10"));
    answerConfig("2030-01-11");
    await loaded;
    expect(requested(fetchMock)).toContain("/api/courts/c1/bookings?date=2030-01-11");
  });

  it("when the page carries no date, then the day waits for the config's", async () => {
    const { fetchMock, loaded } = await openBooking();
    // the reads that need no date have all been asked for: the court, the balance due, the config
    await vi.waitFor(() =>
      expect(requested(fetchMock)).toEqual(expect.arrayContaining(["/api/config", "/api/courts/c1", "/api/user/bookings?scope=due&page=1&pageSize=1"])),
    );
    expect(requested(fetchMock).some((url) => url.includes("/courts/c1/bookings?"))).toBe(false);
    answerConfig("2030-01-10");
    await loaded;
    expect(requested(fetchMock)).toContain("/api/courts/c1/bookings?date=2030-01-10");
    // and it was asked for only once the config had answered
    expect(dayAskedBeforeConfig).toEqual([false]);
  });
});
