import type { Command } from "commander";
import { ADMIN, getVenueRules, MAX_BALLOT_SECONDS, MAX_PLAYER_LIMIT, MAX_WINDOW_DAYS, setVenueRules, type VenueRules } from "@courts/core";
import type { Cli } from "../support/context.js";
import { parseWholeNumber } from "../support/decode.js";
import { CliError } from "../support/failures.js";
import { runUseCase } from "../support/use-case.js";

interface VenueRulesOptions {
  readonly windowDays?: string;
  readonly releaseTime?: string;
  readonly maxUpcoming?: string;
  readonly maxPerDay?: string;
  readonly ballotSeconds?: string;
}

/** The word that clears a limit, and the one that opens a date at midnight. */
export const NO_LIMIT = "sin-limite";
export const MIDNIGHT = "medianoche";

const limitOf = (text: string, flag: string): number | null =>
  text.trim().toLowerCase() === NO_LIMIT ? null : parseWholeNumber(text, flag, 1, MAX_PLAYER_LIMIT);

const releaseTimeOf = (text: string): string | null => {
  const value = text.trim().toLowerCase();
  if (value === MIDNIGHT) return null;
  if (!/^\d{2}:\d{2}$/.test(value)) throw new CliError(`--release-time debe ser una hora HH:MM o ${MIDNIGHT} (recibido "${text}")`);
  return value;
};

/** The rules as the panel's dialog says them, one per line. */
export const describeRules = (rules: VenueRules): string =>
  [
    `Días de anticipación: ${rules.windowDays}`,
    `Hora de apertura: ${rules.releaseTime ?? "medianoche"}`,
    `Reservas próximas por jugador: ${rules.maxUpcomingPerPlayer ?? "sin límite"}`,
    `Reservas por jugador y día: ${rules.maxPerPlayerPerDay ?? "sin límite"}`,
    `Sorteo al abrir: ${rules.ballotSeconds === 0 ? "no (por orden de llegada)" : `${rules.ballotSeconds} s`}`,
  ].join("\n");

/**
 * `courts venue rules <id>`: a venue's booking rules (DESIGN.md section 15), shown, or changed
 * by the options given (the others keep their value) with the panel's checks and messages.
 */
export const venueRulesCommand = (cli: Cli, command: Command): Promise<void> =>
  cli.withRuntime(
    command,
    async ({ ports }) => {
      const venueId = command.processedArgs[0] as string;
      const options = command.opts<VenueRulesOptions>();
      const current = await runUseCase(getVenueRules(ports, ADMIN, venueId));
      const changes = Object.values(options).some((value) => value !== undefined);
      const rules: VenueRules = changes
        ? {
            windowDays: options.windowDays === undefined ? current.windowDays : parseWholeNumber(options.windowDays, "--window-days", 1, MAX_WINDOW_DAYS),
            releaseTime: options.releaseTime === undefined ? current.releaseTime : releaseTimeOf(options.releaseTime),
            maxUpcomingPerPlayer: options.maxUpcoming === undefined ? current.maxUpcomingPerPlayer : limitOf(options.maxUpcoming, "--max-upcoming"),
            maxPerPlayerPerDay: options.maxPerDay === undefined ? current.maxPerPlayerPerDay : limitOf(options.maxPerDay, "--max-per-day"),
            ballotSeconds:
              options.ballotSeconds === undefined ? current.ballotSeconds : parseWholeNumber(options.ballotSeconds, "--ballot-seconds", 0, MAX_BALLOT_SECONDS),
          }
        : current;
      const saved = changes ? await runUseCase(setVenueRules(ports, ADMIN, venueId, rules)) : current;
      if (cli.json(command)) return cli.printJson(saved);
      cli.print(`${changes ? "Reglas de reserva guardadas" : "Reglas de reserva"}:\n${describeRules(saved)}`);
    },
    { existing: true },
  );
