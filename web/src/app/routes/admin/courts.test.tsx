import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { courtAnswer, GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminCourtsScreen from "./courts";

const venue = (id: string, name: string) => ({ id, name, location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 1 });
const court = (id: string, venueId: string, name: string) => courtAnswer({ id, venueId, name, courtNumber: 1 });

/** The server's lists, changed by the DELETE handlers the way the server changes them. */
const club = () => {
  let venues = [venue("v1", "Club Norte"), venue("v2", "Club Sur")];
  let courts = [court("c1", "v1", "Central"), court("c2", "v2", "Arcilla")];
  let failNext = false;
  const fetchMock = mockApi({
    ...GUEST,
    "GET /api/admin/check": () => json({ isAdmin: true }),
    "GET /api/venues": () => json(venues),
    "GET /api/courts": () => json(courts),
    "DELETE /api/venues/v1": () => {
      venues = venues.filter((v) => v.id !== "v1");
      courts = courts.filter((c) => c.venueId !== "v1");
      return new Response(null, { status: 204 });
    },
    "DELETE /api/courts/c2": () => {
      if (failNext) return json({ message: "La cancha no existe", code: "COURT_NOT_FOUND" }, 404);
      courts = courts.filter((c) => c.id !== "c2");
      return new Response(null, { status: 204 });
    },
  });
  return { fetchMock, failOnce: () => (failNext = true) };
};

describe("Admin courts: confirm, then delete", () => {
  it("when a venue's deletion is confirmed, then it is deleted once and the venues and courts are read again", async () => {
    const { fetchMock } = club();
    renderWithProviders(<AdminCourtsScreen />, "/admin/courts");
    await userEvent.click(await screen.findByRole("button", { name: "Eliminar Club Norte" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Eliminar Venue?" });
    expect(within(dialog).getByText("Esta acción no se puede deshacer.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "DELETE")).toBe(false);

    await userEvent.click(within(dialog).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(currentToast()).toMatchObject({ title: "Venue eliminado", description: "Club Norte y sus canchas fueron eliminados" });
    // the write revalidated both lists: the venue and its court are gone without a reload
    await waitFor(() => expect(screen.queryByRole("button", { name: "Eliminar Club Norte" })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Eliminar Central" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Eliminar Arcilla" })).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([p, init]) => `${(init as RequestInit | undefined)?.method ?? "GET"} ${String(p)}`);
    expect(calls.filter((c) => c === "DELETE /api/venues/v1")).toHaveLength(1);
    expect(calls.filter((c) => c === "GET /api/venues")).toHaveLength(2);
    expect(calls.filter((c) => c === "GET /api/courts")).toHaveLength(2);
  }, 20_000);

  it("when a court's deletion fails, then the server's message shows and the dialog stays open; cancel sends nothing more", async () => {
    const { fetchMock, failOnce } = club();
    failOnce();
    renderWithProviders(<AdminCourtsScreen />, "/admin/courts");
    await userEvent.click(await screen.findByRole("button", { name: "Eliminar Arcilla" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Eliminar Cancha?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error", description: "La cancha no existe" }));
    expect(screen.getByRole("alertdialog", { name: "Eliminar Cancha?" })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const deletes = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "DELETE");
    expect(deletes).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Eliminar Arcilla" })).toBeInTheDocument();
  }, 20_000);

  it("when names are long, then every grid has a shrinkable track and venue names wrap (a 390 px phone does not scroll sideways)", async () => {
    // jsdom has no layout: this pins what the Chromium check in tests/e2e/admin-layout.test.ts measures. A grid
    // without a column template sizes its one track by its widest content, so a truncated 120-character
    // name widened the page; grid-cols-1 is minmax(0, 1fr)
    club();
    renderWithProviders(<AdminCourtsScreen />, "/admin/courts");
    const list = (await screen.findByRole("button", { name: "Editar Central" })).closest("ul")!;
    const venuesSection = screen.getByRole("region", { name: "Nuevo Venue" });
    for (const grid of [list, venuesSection, ...venuesSection.querySelectorAll<HTMLElement>(".grid")]) {
      expect(grid.className, grid.tagName).toMatch(/(^|\s)grid-cols-/);
    }
    expect(within(venuesSection).getByText("Club Norte", { selector: "p" }).className).toContain("[overflow-wrap:anywhere]");
  });
});

describe("Admin courts: the list", () => {
  it("when clubs have courts of the same numbers, then each club's courts are listed together, in number order, each with its true state", async () => {
    mockApi({
      ...GUEST,
      "GET /api/admin/check": () => json({ isAdmin: true }),
      "GET /api/venues": () => json([venue("v2", "Club Sur"), venue("v1", "Club Norte")]),
      "GET /api/courts": () =>
        json([
          courtAnswer({ id: "s1", venueId: "v2", name: "Sur Uno", courtNumber: 1 }),
          courtAnswer({ id: "n2", venueId: "v1", name: "Norte Dos", courtNumber: 2, status: "maintenance" }),
          courtAnswer({ id: "s2", venueId: "v2", name: "Sur Dos", courtNumber: 2, status: "in_use" }),
          courtAnswer({ id: "n1", venueId: "v1", name: "Norte Uno", courtNumber: 1 }),
        ]),
    });
    renderWithProviders(<AdminCourtsScreen />, "/admin/courts");
    await screen.findByRole("button", { name: "Eliminar Sur Dos" });
    const order = screen.getAllByRole("button", { name: /^Eliminar (Norte|Sur) / }).map((b) => b.getAttribute("aria-label") ?? b.textContent);
    expect(order).toEqual(["Eliminar Norte Uno", "Eliminar Norte Dos", "Eliminar Sur Uno", "Eliminar Sur Dos"]);
    const card = (name: string) => screen.getByText(name, { selector: "p", exact: false }).closest("li, article, div.rounded-2xl") as HTMLElement;
    expect(within(card("Norte Dos")).getByText("En mantenimiento")).toBeInTheDocument();
    expect(within(card("Sur Dos")).getByText("En Uso")).toBeInTheDocument();
    expect(within(card("Norte Uno")).getByText("Disponible")).toBeInTheDocument();
  });

  it("when a court's club is not in the list of venues, then it is shown under 'Sin complejo' and sorted by that name", async () => {
    // the two lists are read apart: a court may arrive before its new club, or after its club was removed
    mockApi({
      ...GUEST,
      "GET /api/admin/check": () => json({ isAdmin: true }),
      "GET /api/venues": () => json([venue("v2", "Tenis Zona"), venue("v1", "Club Norte")]),
      "GET /api/courts": () =>
        json([
          courtAnswer({ id: "z1", venueId: "v2", name: "Zona Uno", courtNumber: 1 }),
          courtAnswer({ id: "x1", venueId: "v9", name: "Suelta", courtNumber: 1 }),
          courtAnswer({ id: "n1", venueId: "v1", name: "Norte Uno", courtNumber: 1 }),
        ]),
    });
    renderWithProviders(<AdminCourtsScreen />, "/admin/courts");
    await screen.findByRole("button", { name: "Eliminar Suelta" });
    const order = screen.getAllByRole("button", { name: /^Eliminar (Norte Uno|Suelta|Zona Uno)$/ }).map((b) => b.getAttribute("aria-label") ?? b.textContent);
    // Club Norte < Sin complejo < Tenis Zona, as the names read
    expect(order).toEqual(["Eliminar Norte Uno", "Eliminar Suelta", "Eliminar Zona Uno"]);
    const card = screen.getByText("Suelta", { selector: "p", exact: false }).closest("li") as HTMLElement;
    expect(within(card).getByText("Sin complejo", { exact: false })).toBeInTheDocument();
  });
});
