import type { Command } from "commander";
import { ADMIN, dailyStats, formatMoney } from "@courts/core";
import type { Cli } from "../support/context.js";
import { parseLocalDate } from "../support/dates.js";
import { money, spanishDate } from "../support/format.js";
import { runUseCase } from "../support/use-case.js";

/** `courts stats [--date D]`: the admin dashboard's figures (dailyStats). */
export const showStatsCommand = async (cli: Cli, command: Command): Promise<void> => {
  const options = command.opts<{ date?: string }>();
  const date = options.date === undefined ? undefined : parseLocalDate(options.date, "--date");
  await cli.withRuntime(command, async ({ ports }) => {
    const stats = await runUseCase(dailyStats(ports, ADMIN, date));
    if (cli.json(command)) return cli.printJson({ ...stats, revenue: formatMoney(stats.revenue), timeZone: ports.clock.timeZone });
    const rows: [string, string][] = [
      ["Reservas", String(stats.bookings)],
      ["Ingresos", money(stats.revenue)],
      ["Canchas", String(stats.courts)],
      ["En mantenimiento", String(stats.maintenance)],
      ["Ocupación", `${stats.occupancyRate}%`],
    ];
    const label = Math.max(...rows.map(([name]) => name.length)) + 1;
    cli.print(`Estadísticas del ${spanishDate(stats.date)} (${ports.clock.timeZone})`);
    for (const [name, value] of rows) cli.print(`  ${`${name}:`.padEnd(label)}  ${value}`);
  }, { existing: true });
};
