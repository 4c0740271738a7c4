import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useTitle } from "../../lib/use-title";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

/** CLUB_NAME (DESIGN.md section 14): the title bar, the footer and the tab name the club as the server says. */

const configNaming = (clubName: string) =>
  json({ clubName, timeZone: "America/Guayaquil", currency: "usd", today: "2030-01-10", payments: { provider: "simulated", publishableKey: null }, holds: { holdMinutes: 15, shareDeadlineHours: 2 } });

function Screen({ name }: { readonly name?: string }) {
  useTitle(name);
  return (
    <>
      <TopBar />
      <Footer />
    </>
  );
}

const clubNameMeta = (content: string) => {
  const meta = document.createElement("meta");
  meta.name = "club-name";
  meta.content = content;
  document.head.append(meta);
};

describe("the club's name", () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="club-name"]').forEach((meta) => meta.remove());
  });

  it("the top bar, the footer and the page title show CLUB_NAME from GET /api/config", async () => {
    mockApi({ ...GUEST, "GET /api/config": () => configNaming("Club Los Ceibos") });
    renderWithProviders(<Screen name="Mis Reservas" />);
    const home = await screen.findByRole("link", { name: "Club Los Ceibos" });
    expect(home.getAttribute("href")).toBe("/");
    expect(screen.getByRole("contentinfo").textContent).toContain("Club Los Ceibos");
    expect(screen.queryByText("Reserva Tenis")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Mis Reservas · Club Los Ceibos"));
  });

  it("before the config arrives, the name the server wrote into the page, not another brand", async () => {
    clubNameMeta("Club Las Palmas");
    let answer: (response: Response) => void = () => undefined;
    mockApi({ ...GUEST, "GET /api/config": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<Screen />);
    expect(screen.getByRole("link", { name: "Club Las Palmas" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Club Las Palmas · Reserva tu cancha de tenis"));
    answer(configNaming("Club Las Palmas"));
  });

  it("with neither, the default 'Reserva Tenis'", async () => {
    mockApi({ ...GUEST, "GET /api/config": () => json({ message: "No encontrado", code: "NOT_FOUND" }, 404) });
    renderWithProviders(<Screen />);
    expect(screen.getByRole("link", { name: "Reserva Tenis" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Reserva Tenis · Reserva tu cancha de tenis"));
  });
});
