import type { Command } from "commander";
import {
  ADMIN,
  bookingStatusText,
  GAME_TYPE_LABEL,
  getVenue,
  listBookingsOn,
  localDateOf,
  paymentStatusOf,
  paymentStatusText,
  presentBooking,
  type BookingWithCourt,
} from "@courts/core";
import type { Cli } from "../support/context.js";
import { parseLocalDate } from "../support/dates.js";
import { money, spanishDate } from "../support/format.js";
import { runUseCase } from "../support/use-case.js";

/** `courts booking list [--date D] [--venue ID]`: a day's active bookings, by hour. */
export const listBookingsCommand = async (cli: Cli, command: Command): Promise<void> => {
  const options = command.opts<{ date?: string; venue?: string }>();
  const date = options.date === undefined ? undefined : parseLocalDate(options.date, "--date");
  await cli.withRuntime(command, async ({ ports }) => {
    if (options.venue !== undefined) await runUseCase(getVenue(ports, options.venue));
    const day = date ?? localDateOf(ports.clock.now(), ports.clock.timeZone);
    const bookings = await runUseCase(listBookingsOn(ports, ADMIN, day, options.venue));
    const sorted = [...bookings].sort((a, b) => a.timeSlot.localeCompare(b.timeSlot) || a.court.courtNumber - b.court.courtNumber);
    cli.list(
      command,
      sorted,
      presentBooking,
      [
        { header: "Hora", value: (b: BookingWithCourt) => b.timeSlot },
        { header: "Complejo", value: (b) => b.court.venueName },
        { header: "Cancha", value: (b) => `${b.court.courtNumber} ${b.court.name}` },
        { header: "Juego", value: (b) => GAME_TYPE_LABEL[b.gameType] },
        { header: "Total", value: (b) => money(b.totalAmount), align: "right" },
        { header: "Pago", value: (b) => paymentStatusText(paymentStatusOf(b.paidAmount, b.totalAmount), b.paidAmount, money) },
        { header: "Estado", value: (b) => bookingStatusText(b.status) },
        { header: "ID", value: (b) => b.id },
      ],
      `No hay reservas el ${spanishDate(day)}.`,
    );
  }, { existing: true });
};
