import type { Command } from "commander";
import type { Ports } from "@courts/core";
import { DEMO_VENUES, seedDemo } from "@courts/adapters/seed";
import type { Cli } from "../support/context.js";
import { parseWholeNumber } from "../support/decode.js";
import { plural } from "../support/format.js";
import { applyPlan, demoPlan, filePlan, reportOf, type SeedReport, type SeededVenue } from "../support/seed-plan.js";

type SeedPorts = Pick<Ports, "venues" | "courts" | "bookings" | "images" | "ids" | "clock">;

/** The server's own demo seeding (what `npm start` puts in an empty database), reported venue by venue. */
const seedServerDemo = async (ports: SeedPorts): Promise<SeedReport> => {
  const [venuesBefore, courtsBefore] = await Promise.all([ports.venues.list(), ports.courts.list()]);
  const oldVenues = new Set(venuesBefore.map((v) => v.id));
  const oldCourts = new Set(courtsBefore.map((c) => c.id));
  await seedDemo(ports);
  const venues: SeededVenue[] = [];
  for (const demo of DEMO_VENUES) {
    const venue = await ports.venues.findByName(demo.name);
    if (!venue) continue;
    const courts = await ports.courts.listByVenue(venue.id);
    venues.push({
      id: venue.id,
      name: venue.name,
      created: !oldVenues.has(venue.id),
      courts: demo.courts.flatMap((d) => {
        const court = courts.find((c) => c.courtNumber === d.number);
        return court ? [{ id: court.id, courtNumber: court.courtNumber, name: court.name, created: !oldCourts.has(court.id) }] : [];
      }),
    });
  }
  return reportOf(venues);
};

/** `courts seed [--venues N] [--courts M] [--file data.json]` */
export const seedDataCommand = async (cli: Cli, command: Command): Promise<void> => {
  const options = command.opts<{ venues?: string; courts?: string; file?: string }>();
  const venues = options.venues === undefined ? undefined : parseWholeNumber(options.venues, "--venues", 1, 100);
  const courts = options.courts === undefined ? undefined : parseWholeNumber(options.courts, "--courts", 1, 99);
  // the file's shape and every field are checked before the database is touched
  const plan = options.file === undefined ? undefined : await filePlan(options.file);
  await cli.withRuntime(command, async ({ ports }) => {
    const report =
      plan !== undefined
        ? await applyPlan(ports, plan)
        : venues === undefined && courts === undefined
          ? await seedServerDemo(ports)
          : await applyPlan(ports, demoPlan(venues, courts));
    if (cli.json(command)) return cli.printJson(report);
    for (const venue of report.venues) {
      const created = venue.courts.filter((c) => c.created).length;
      cli.print(
        `${venue.created ? "creado:    " : "ya existía:"} ${venue.name} (` +
          `${plural(created, "cancha creada", "canchas creadas")}, ${plural(venue.courts.length - created, "ya existía", "ya existían")})`,
      );
    }
    cli.print(
      `Total: ${plural(report.venuesCreated, "complejo creado", "complejos creados")} y ${plural(report.venuesSkipped, "ya existía", "ya existían")}; ` +
        `${plural(report.courtsCreated, "cancha creada", "canchas creadas")} y ${plural(report.courtsSkipped, "ya existía", "ya existían")}.`,
    );
  });
};
