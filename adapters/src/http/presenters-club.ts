import type { Block, ClosureNotice, SkippedWeek } from "@courts/core";
import { formatMoney, paymentStatusOf } from "@courts/core";
import type { ScheduleCell } from "@courts/core";
import { presentBooking } from "./presenters.js";

/** Club operations (DESIGN.md section 10) -> the JSON of docs/API.md. */

export const presentBlock = (block: Block) => ({
  id: block.id,
  venueId: block.venueId,
  courtId: block.courtId,
  startDate: block.startDate,
  endDate: block.endDate,
  timeSlots: block.timeSlots,
  weekdays: block.weekdays,
  reason: block.reason,
  note: block.note,
  createdAt: block.createdAt.toISOString(),
});

/** For the public calendar: what is closed and why, without the club's note. */
export const presentPublicBlock = (block: Block) => {
  const { note: _note, createdAt: _createdAt, ...rest } = presentBlock(block);
  return rest;
};

export const presentClosure = (notice: ClosureNotice) => ({
  booking: presentBooking(notice.booking),
  refunds: notice.refunds.map((r) => ({ paymentId: r.paymentId, payerId: r.payerId, amount: formatMoney(r.amount), status: r.status })),
});

export const presentSkippedWeek = (week: SkippedWeek) => ({ date: week.date, reason: week.reason, message: week.message });

export const presentScheduleCell = (cell: ScheduleCell) => ({
  timeSlot: cell.timeSlot,
  booking:
    cell.booking === null
      ? null
      : {
          ...presentBooking(cell.booking),
          userName: cell.booking.userName,
          seriesId: cell.booking.seriesId,
          paymentStatus: paymentStatusOf(cell.booking.paidAmount, cell.booking.totalAmount),
          remainingAmount: formatMoney(Math.max(cell.booking.totalAmount - cell.booking.paidAmount, 0)),
        },
  block: cell.block,
});
