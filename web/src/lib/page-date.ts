import { isLocalDate } from "@courts/core";

/**
 * The day a booking screen opens on: its `?date=` when that is a real date (a mail's 'Se liberó
 * el horario' link), else null (the club's today). The router preloads that day's slots and the
 * screen shows it: both read it here, so they never disagree.
 */
export const pageDate = (search: URLSearchParams): string | null => {
  const asked = search.get("date") ?? "";
  return isLocalDate(asked) ? asked : null;
};
