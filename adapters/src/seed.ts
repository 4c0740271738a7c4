import * as Effect from "effect/Effect";
import type { CourtPrices, Ports } from "@courts/core";
import { ADMIN, createCourt, createVenue, DEFAULT_PRICES, setCourtImage, setVenueImage, updateCourt, uploadImage } from "@courts/core";
import { run } from "./http/run.js";
import { courtPng, SURFACES, type CourtPicture } from "./seed-images.js";

/** Demo clubs in Ecuador: what a fresh install shows on its home page. */

interface DemoCourt {
  readonly number: number;
  readonly name: string;
  readonly status?: string;
  readonly prices?: Partial<CourtPrices>;
  readonly picture: CourtPicture;
}

interface DemoVenue {
  readonly name: string;
  readonly location: string;
  readonly description: string;
  readonly picture: CourtPicture;
  readonly courts: readonly DemoCourt[];
}

export const DEMO_VENUES: readonly DemoVenue[] = [
  {
    name: "Club de Tenis Los Ceibos",
    location: "Av. del Bombero km 6.5, Guayaquil, Guayas",
    description: "Canchas de arcilla bajo los ceibos, con iluminación nocturna, vestidores y cafetería.",
    picture: SURFACES.clay,
    courts: [
      { number: 1, name: "Cancha Central", prices: { nightSingles: 1800, nightDoubles: 3600 }, picture: SURFACES.clay },
      { number: 2, name: "Cancha Arcilla 2", picture: SURFACES.clay },
      { number: 3, name: "Cancha Arcilla 3", picture: SURFACES.clay },
      { number: 4, name: "Cancha Rápida 4", picture: SURFACES.hard },
      { number: 5, name: "Cancha Rápida 5", status: "maintenance", picture: SURFACES.hard },
    ],
  },
  {
    name: "Complejo Deportivo La Carolina",
    location: "Av. de los Shyris y Naciones Unidas, Quito, Pichincha",
    description: "Seis canchas de superficie dura en pleno parque La Carolina, a 2.800 metros de altura.",
    picture: SURFACES.hard,
    courts: [
      { number: 1, name: "Cancha Pichincha", picture: SURFACES.hard },
      { number: 2, name: "Cancha Cotopaxi", picture: SURFACES.hard },
      { number: 3, name: "Cancha Chimborazo", picture: SURFACES.hard },
      { number: 4, name: "Cancha Antisana", picture: SURFACES.night },
      { number: 5, name: "Cancha Cayambe", picture: SURFACES.night },
      { number: 6, name: "Cancha Illiniza", picture: SURFACES.hard },
    ],
  },
  {
    name: "Tenis Club Cuenca",
    location: "Av. Ordóñez Lasso y Los Cerezos, Cuenca, Azuay",
    description: "Club familiar junto al río Tomebamba: arcilla, césped sintético y escuela de tenis.",
    picture: SURFACES.grass,
    courts: [
      { number: 1, name: "Cancha Tomebamba", picture: SURFACES.clay },
      { number: 2, name: "Cancha Yanuncay", picture: SURFACES.clay },
      { number: 3, name: "Cancha Tarqui", picture: SURFACES.grass },
      { number: 4, name: "Cancha Machángara", picture: SURFACES.grass },
    ],
  },
];

export interface SeedOptions {
  /** store a generated picture for each venue and court (default true) */
  readonly images?: boolean;
  readonly log?: (message: string) => void;
}

export interface SeedReport {
  readonly venuesCreated: number;
  readonly courtsCreated: number;
}

type SeedPorts = Pick<Ports, "venues" | "courts" | "bookings" | "images" | "ids" | "clock">;

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Creates the demo venues and courts that are missing (by venue name and court number), so it
 * can run on every start or from the CLI without duplicating anything. Goes through the use
 * cases as an admin, like the admin panel would.
 */
export const seedDemo = async (ports: SeedPorts, options: SeedOptions = {}): Promise<SeedReport> => {
  const withImages = options.images ?? true;
  const image = async (picture: CourtPicture) =>
    (await run(uploadImage(ports, ADMIN, { contentType: "image/png", bytes: courtPng(picture) }))).id;

  let venuesCreated = 0;
  let courtsCreated = 0;
  for (const demo of DEMO_VENUES) {
    let venue = await ports.venues.findByName(demo.name);
    if (!venue) {
      const created = await run(createVenue(ports, ADMIN, { name: demo.name, location: demo.location, description: demo.description }));
      if (withImages) await run(setVenueImage(ports, ADMIN, created.id, { imageData: await image(demo.picture) }));
      venue = created;
      venuesCreated++;
    }
    const existing = new Set((await ports.courts.listByVenue(venue.id)).map((c) => c.courtNumber));
    for (const court of demo.courts) {
      if (existing.has(court.number)) continue;
      const prices = { ...DEFAULT_PRICES, ...court.prices };
      const created = await run(
        createCourt(ports, ADMIN, {
          name: court.name,
          courtNumber: court.number,
          venueId: venue.id,
          daySinglesPrice: prices.daySingles,
          dayDoublesPrice: prices.dayDoubles,
          nightSinglesPrice: prices.nightSingles,
          nightDoublesPrice: prices.nightDoubles,
        }),
      );
      // the admin form always creates available courts; a demo court in maintenance is edited after
      if (court.status && court.status !== created.status)
        await run(updateCourt(ports, ADMIN, created.id, { name: court.name, courtNumber: court.number, venueId: venue.id, status: court.status }));
      if (withImages) await run(setCourtImage(ports, ADMIN, created.id, { imageData: await image(court.picture) }));
      courtsCreated++;
    }
  }
  options.log?.(`Datos de demostración: ${venuesCreated} complejos y ${courtsCreated} canchas creados (desde $${money(DEFAULT_PRICES.daySingles)})`);
  return { venuesCreated, courtsCreated };
};

/** For callers that compose Effects (the CLI). */
export const seedDemoEffect = (ports: SeedPorts, options: SeedOptions = {}) => Effect.promise(() => seedDemo(ports, options));
