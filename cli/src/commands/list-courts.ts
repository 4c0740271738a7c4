import type { Command } from "commander";
import { courtStatusText, listCourts, listVenueCourts, listVenues, presentCourt, type Court } from "@courts/core";
import type { Cli } from "../support/context.js";
import { money } from "../support/format.js";
import { runUseCase } from "../support/use-case.js";

const prices = (singles: number, doubles: number) => `${money(singles)} / ${money(doubles)}`;

/** `courts court list [--venue ID]` */
export const listCourtsCommand = (cli: Cli, command: Command): Promise<void> =>
  cli.withRuntime(command, async ({ ports }) => {
    const { venue } = command.opts<{ venue?: string }>();
    const [courts, venues] = await Promise.all([
      runUseCase(venue === undefined ? listCourts(ports) : listVenueCourts(ports, venue)),
      runUseCase(listVenues(ports)),
    ]);
    const venueName = new Map(venues.map((v) => [v.id, v.name]));
    cli.list(
      command,
      courts,
      presentCourt,
      [
        { header: "ID", value: (c: Court) => c.id },
        { header: "Complejo", value: (c) => venueName.get(c.venueId) ?? c.venueId },
        { header: "N.º", value: (c) => String(c.courtNumber), align: "right" },
        { header: "Nombre", value: (c) => c.name },
        { header: "Estado", value: (c) => courtStatusText(c) },
        { header: "Día S / D", value: (c) => prices(c.prices.daySingles, c.prices.dayDoubles), align: "right" },
        { header: "Noche S / D", value: (c) => prices(c.prices.nightSingles, c.prices.nightDoubles), align: "right" },
      ],
      "No hay canchas.",
    );
  }, { existing: true });
