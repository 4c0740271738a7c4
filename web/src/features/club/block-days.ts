import { addDays, monthRange, weekdayOf } from "@courts/core";
import { formatDay } from "../../lib/format";
import type { Block } from "./api/types";

/** The days of a month a block closes (its range, its weekdays). */
export const blockDaysIn = (block: Block, year: number, month: number): string[] => {
  const { from, to } = monthRange(year, month);
  const days: string[] = [];
  for (let day = block.startDate > from ? block.startDate : from; day <= to && day <= block.endDate; day = addDays(day, 1)) {
    if (!block.weekdays || block.weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days;
};

const WEEKDAYS = ["", "lun", "mar", "mié", "jue", "vie", "sáb", "dom"];

/** 'Cancha 2 · 10:00, 11:00 · 7 dic - 8 dic · Torneo' or 'Todo el complejo · todo el día · ...'. */
export const blockLabel = (block: Block, courts: readonly { id: string; name: string }[]): string => {
  const where = block.courtId === null ? "Todo el complejo" : (courts.find((c) => c.id === block.courtId)?.name ?? "Una cancha");
  const hours = block.timeSlots ? block.timeSlots.join(", ") : "todo el día";
  const dates =
    block.startDate === block.endDate
      ? formatDay(block.startDate, "d MMM")
      : `${formatDay(block.startDate, "d MMM")} - ${formatDay(block.endDate, "d MMM")}`;
  const weekdays = block.weekdays ? ` (${block.weekdays.map((d) => WEEKDAYS[d]).join(", ")})` : "";
  return `${where} · ${hours} · ${dates}${weekdays} · ${block.reason}`;
};
