import { readFile } from "node:fs/promises";
import {
  ADMIN,
  CourtBody,
  createCourt,
  createVenue,
  setCourtImage,
  setVenueImage,
  updateCourt,
  uploadImage,
  VenueBody,
  type Court,
  type Ports,
  type Venue,
} from "@courts/core";
import { DEMO_VENUES } from "@courts/adapters/seed";
import { courtPng, SURFACES, type CourtPicture } from "@courts/adapters/seed-images";
import { decodeOptions } from "./decode.js";
import { CliError } from "./failures.js";
import { jsonErrorPlace } from "./json-error.js";
import { runUseCase } from "./use-case.js";

/** One court to have: its fields as the admin form takes them, without the venue. */
export interface PlannedCourt {
  readonly body: Omit<CourtBody, "venueId">;
  readonly picture?: CourtPicture;
}

export interface PlannedVenue {
  readonly body: VenueBody;
  readonly picture?: CourtPicture;
  readonly courts: readonly PlannedCourt[];
}

export interface SeededCourt {
  readonly id: string;
  readonly courtNumber: number;
  readonly name: string;
  readonly created: boolean;
}

export interface SeededVenue {
  readonly id: string;
  readonly name: string;
  readonly created: boolean;
  readonly courts: readonly SeededCourt[];
}

export interface SeedReport {
  readonly venues: readonly SeededVenue[];
  readonly venuesCreated: number;
  readonly venuesSkipped: number;
  readonly courtsCreated: number;
  readonly courtsSkipped: number;
}

export const reportOf = (venues: readonly SeededVenue[]): SeedReport => {
  const courts = venues.flatMap((v) => v.courts);
  const venuesCreated = venues.filter((v) => v.created).length;
  const courtsCreated = courts.filter((c) => c.created).length;
  return {
    venues,
    venuesCreated,
    venuesSkipped: venues.length - venuesCreated,
    courtsCreated,
    courtsSkipped: courts.length - courtsCreated,
  };
};

type SeedPorts = Pick<Ports, "venues" | "courts" | "bookings" | "images" | "ids" | "clock">;

const applyVenue = async (
  ports: SeedPorts,
  planned: PlannedVenue,
  imageId: (picture: CourtPicture) => Promise<string>,
): Promise<SeededVenue> => {
  let venue: Venue | undefined = await ports.venues.findByName(planned.body.name);
  const venueCreated = venue === undefined;
  if (venue === undefined) {
    venue = await runUseCase(createVenue(ports, ADMIN, planned.body));
    if (planned.picture) await runUseCase(setVenueImage(ports, ADMIN, venue.id, { imageData: await imageId(planned.picture) }));
  }
  const existing = new Map((await ports.courts.listByVenue(venue.id)).map((c) => [c.courtNumber, c]));
  const courts: SeededCourt[] = [];
  for (const { body, picture } of planned.courts) {
    const found = existing.get(body.courtNumber);
    if (found) {
      courts.push({ id: found.id, courtNumber: found.courtNumber, name: found.name, created: false });
      continue;
    }
    const input = { ...body, venueId: venue.id };
    let court: Court = await runUseCase(createCourt(ports, ADMIN, input));
    // the admin form always creates available courts; another status is an edit afterwards
    if (body.status !== undefined && body.status !== court.status) court = await runUseCase(updateCourt(ports, ADMIN, court.id, input));
    if (picture) await runUseCase(setCourtImage(ports, ADMIN, court.id, { imageData: await imageId(picture) }));
    existing.set(court.courtNumber, court);
    courts.push({ id: court.id, courtNumber: court.courtNumber, name: court.name, created: true });
  }
  return { id: venue.id, name: venue.name, created: venueCreated, courts };
};

/**
 * Creates what is missing, through the same use cases as the admin panel. A venue is known by
 * its name and a court by its number within the venue, so running it again creates nothing.
 */
export const applyPlan = async (ports: SeedPorts, plan: readonly PlannedVenue[]): Promise<SeedReport> => {
  const imageId = async (picture: CourtPicture) =>
    (await runUseCase(uploadImage(ports, ADMIN, { contentType: "image/png", bytes: courtPng(picture) }))).id;
  const seeded: SeededVenue[] = [];
  for (const planned of plan) {
    try {
      seeded.push(await applyVenue(ports, planned, imageId));
    } catch (error) {
      // a rule only the use case checks (an imageUrl's scheme, ...): say which venue
      if (error instanceof CliError) throw new CliError(`${planned.body.name}: ${error.message}`, error.exitCode, error.tag);
      throw error;
    }
  }
  return reportOf(seeded);
};

const GENERATED_PICTURES = [SURFACES.clay, SURFACES.hard, SURFACES.grass, SURFACES.night];

/**
 * `--venues N --courts M`: the demo clubs first (then "Complejo Demo 4", ...), each with courts
 * 1..M (the demo's own names and prices where it has them, else "Cancha n" at default prices).
 */
export const demoPlan = (venues: number | undefined, courtsPerVenue: number | undefined): PlannedVenue[] =>
  Array.from({ length: venues ?? DEMO_VENUES.length }, (_, i): PlannedVenue => {
    const demo = DEMO_VENUES[i];
    const picture = demo?.picture ?? GENERATED_PICTURES[i % GENERATED_PICTURES.length];
    const count = courtsPerVenue ?? demo?.courts.length ?? 4;
    return {
      body: demo
        ? { name: demo.name, location: demo.location, description: demo.description }
        : { name: `Complejo Demo ${i + 1}`, location: "Guayaquil, Guayas", description: "Complejo de demostración" },
      ...(picture ? { picture } : {}),
      courts: Array.from({ length: count }, (_, j): PlannedCourt => {
        const number = j + 1;
        const known = demo?.courts.find((c) => c.number === number);
        return {
          body: {
            name: known?.name ?? `Cancha ${number}`,
            courtNumber: number,
            ...(known?.status ? { status: known.status } : {}),
            ...(known?.prices?.daySingles ? { daySinglesPrice: known.prices.daySingles } : {}),
            ...(known?.prices?.dayDoubles ? { dayDoublesPrice: known.prices.dayDoubles } : {}),
            ...(known?.prices?.nightSingles ? { nightSinglesPrice: known.prices.nightSingles } : {}),
            ...(known?.prices?.nightDoubles ? { nightDoublesPrice: known.prices.nightDoubles } : {}),
          },
          picture: known?.picture ?? picture ?? SURFACES.hard,
        };
      }),
    };
  });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The schema messages already name the field ("El campo 'imageUrl' ..."); the path says where. */
const NO_FLAGS = {};

/** Prefixes a validation message with where in the file it is. */
const at = async <A>(where: string, decode: () => A): Promise<A> => {
  try {
    return decode();
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${where}: ${error.message}`);
    throw error;
  }
};

/**
 * `--file data.json`: `{ "venues": [ { name, location, description?, imageUrl?, courts: [ {
 * courtNumber, name, status?, daySinglesPrice?, dayDoublesPrice?, nightSinglesPrice?,
 * nightDoublesPrice? } ] } ] }`, checked entirely (with the API's rules) before anything is written.
 */
export const filePlan = async (file: string): Promise<PlannedVenue[]> => {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === "ENOENT" ? `No existe el archivo ${file}` : `No se pudo leer el archivo ${file} (${code ?? "error"})`);
  }
  // an editor may begin the file with a byte order mark, which JSON.parse does not take
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const place = jsonErrorPlace(text);
    const where = place === null ? "" : place.atEnd ? ": termina antes de cerrar todo lo que abre" : `: revisa la línea ${place.line}, columna ${place.column}`;
    throw new CliError(`El archivo ${file} no es JSON válido${where}`);
  }
  if (!isRecord(data) || !Array.isArray(data.venues))
    throw new CliError(`${file}: se esperaba un objeto { "venues": [ ... ] } (ver courts seed --help)`);
  const plan: PlannedVenue[] = [];
  for (const [i, rawVenue] of data.venues.entries()) {
    const where = `${file}: venues[${i}]`;
    if (!isRecord(rawVenue)) throw new CliError(`${where}: se esperaba un objeto`);
    const body = await at(where, () => decodeOptions(VenueBody, rawVenue, NO_FLAGS));
    const rawCourts = rawVenue.courts ?? [];
    if (!Array.isArray(rawCourts)) throw new CliError(`${where}.courts: se esperaba una lista`);
    const courts: PlannedCourt[] = [];
    for (const [j, rawCourt] of rawCourts.entries()) {
      const courtWhere = `${where}.courts[${j}]`;
      if (!isRecord(rawCourt)) throw new CliError(`${courtWhere}: se esperaba un objeto`);
      // venueId comes from the enclosing venue once it exists
      const { venueId: _venueId, ...court } = await at(courtWhere, () =>
        decodeOptions(CourtBody, { ...rawCourt, venueId: "pending" }, NO_FLAGS),
      );
      // two courts of one venue cannot share a number: the second would be taken for the first, already there
      const twin = courts.findIndex((c) => c.body.courtNumber === court.courtNumber);
      if (twin >= 0) throw new CliError(`${courtWhere}: el número de cancha ${court.courtNumber} ya está en ${where}.courts[${twin}]`);
      courts.push({ body: court });
    }
    const sameName = plan.findIndex((v) => v.body.name === body.name);
    if (sameName >= 0) throw new CliError(`${where}: el complejo '${body.name}' ya está en ${file}: venues[${sameName}]`);
    plan.push({ body, courts });
  }
  return plan;
};
