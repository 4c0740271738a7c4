import { act, screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { imageSrc } from "../../lib/image-src";
import { courtAnswer, GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import VenueScreen from "./venue";

// every picture of the screen asks imageSrc for its address: who asked, and how often, is who rendered
vi.mock("../../lib/image-src", async (original) => {
  const real = await original<typeof import("../../lib/image-src")>();
  return { ...real, imageSrc: vi.fn(real.imageSrc) };
});

const VENUE = {
  id: "v1",
  name: "Club de Tenis Los Ceibos",
  location: "Av. del Bombero km 6.5, Guayaquil",
  description: "Canchas de arcilla",
  imageUrl: null,
  imageData: null,
  courtCount: 4,
  createdAt: "2029-01-01T00:00:00.000Z",
};
const COURTS = [
  courtAnswer({ id: "c1", name: "Cancha Central", courtNumber: 1 }),
  courtAnswer({ id: "c2", name: "Cancha Norte", courtNumber: 2 }),
  courtAnswer({ id: "c3", name: "Cancha Sur", courtNumber: 3 }),
  courtAnswer({ id: "c4", name: "Cancha Vieja", courtNumber: 4, status: "maintenance" }),
];
const day = (bookedSlots: string[]) => json({ date: "2030-01-10", bookedSlots, blockedSlots: [] });

const rendersOf = (id: string) => vi.mocked(imageSrc).mock.calls.filter(([of]) => (of as { id?: string }).id === id).length;

describe("the venue screen while each court's day arrives", () => {
  beforeEach(() => {
    // 15:30 in Guayaquil on the club's day: the 15:00 hour is under way
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-10T20:30:00.000Z"));
    vi.mocked(imageSrc).mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("when the three bookable courts answer one after another, then each answer renders its own card and the count, never the picture, the other cards or the tariffs again", async () => {
    const answers = new Map<string, (response: Response) => void>();
    const later = (id: string) => () => new Promise<Response>((resolve) => answers.set(id, resolve));
    mockApi({
      ...GUEST,
      "GET /api/venues/v1": () => json(VENUE),
      "GET /api/venues/v1/courts": () => json(COURTS),
      "GET /api/courts/c1/bookings?date=2030-01-10": later("c1"),
      "GET /api/courts/c2/bookings?date=2030-01-10": later("c2"),
      "GET /api/courts/c3/bookings?date=2030-01-10": later("c3"),
    });
    renderWithProviders(
      <Routes>
        <Route path="/venue/:venueId" element={<VenueScreen />} />
      </Routes>,
      "/venue/v1",
      { "/api/venues/v1": VENUE, "/api/venues/v1/courts": COURTS },
    );
    await vi.waitFor(() => expect(answers.size).toBe(3));
    const before = { c1: rendersOf("c1"), c2: rendersOf("c2"), c3: rendersOf("c3"), c4: rendersOf("c4") };

    for (const [id, booked] of [["c1", []], ["c2", ["15:00"]], ["c3", ["16:00"]]] as const) {
      await act(async () => answers.get(id)!(day([...booked])));
      await screen.findAllByText(/Libre desde/);
    }

    // 15:00 is taken on the north court only: two of the three bookable courts are free now
    expect(await screen.findByText("2 disponibles ahora")).toBeInTheDocument();
    expect(screen.getAllByTestId("court-today").map((line) => line.textContent)).toEqual(["Libre desde 16:00", "Libre desde 16:00", "Libre desde 17:00"]);
    // the venue's picture was drawn once, whatever arrived after it
    expect(rendersOf("v1")).toBe(1);
    // a card is drawn again for its own answer only: once each, and never for the court under maintenance
    expect({ c1: rendersOf("c1") - before.c1, c2: rendersOf("c2") - before.c2, c3: rendersOf("c3") - before.c3, c4: rendersOf("c4") - before.c4 }).toEqual({
      c1: 1,
      c2: 1,
      c3: 1,
      c4: 0,
    });
  });
});
