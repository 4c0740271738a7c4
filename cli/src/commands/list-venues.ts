import type { Command } from "commander";
import { listVenues, presentVenue } from "@courts/core";
import type { Cli } from "../support/context.js";
import { runUseCase } from "../support/use-case.js";

/** `courts venue list` */
export const listVenuesCommand = (cli: Cli, command: Command): Promise<void> =>
  cli.withRuntime(command, async ({ ports }) => {
    const venues = await runUseCase(listVenues(ports));
    cli.list(
      command,
      venues,
      presentVenue,
      [
        { header: "ID", value: (v) => v.id },
        { header: "Nombre", value: (v) => v.name },
        { header: "Ubicación", value: (v) => v.location },
        { header: "Canchas", value: (v) => String(v.courtCount), align: "right" },
      ],
      "No hay complejos. Los de demostración se crean con: courts seed",
    );
  }, { existing: true });
