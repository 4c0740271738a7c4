import { addDays, instantOf, isLocalDate, type LocalDate } from "@courts/core";
import { CliError } from "./failures.js";

/** A --date option: a real calendar day written AAAA-MM-DD. */
export const parseLocalDate = (text: string, flag: string): LocalDate => {
  const value = text.trim();
  if (!isLocalDate(value)) throw new CliError(`${flag} debe ser una fecha AAAA-MM-DD válida (recibido "${text}")`);
  return value;
};

/** The last millisecond of a day on the club's wall clock: a code "valid until 31/12" works all of the 31st. */
export const endOfDay = (date: LocalDate, timeZone: string): Date =>
  new Date(instantOf(addDays(date, 1), "00:00", timeZone).getTime() - 1);

/**
 * --expires: a day (valid until the end of that day in the configured zone) or a full ISO 8601
 * instant with its offset, as the admin form sends.
 */
export const parseExpiry = (text: string, timeZone: string): Date => {
  const value = text.trim();
  if (isLocalDate(value)) return endOfDay(value, timeZone);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)))
    return new Date(value);
  throw new CliError(`--expires debe ser una fecha AAAA-MM-DD (o un instante ISO 8601 con zona) (recibido "${text}")`);
};
