import * as Schema from "effect/Schema";
import type { Block } from "../domain/blocks.js";
import { paymentStatusOf } from "../domain/booking.js";
import { formatMoney } from "../domain/money.js";
import type { BookingSeries } from "../ports/block-repository.js";
import type { ClosureNotice, ScheduleCell, SkippedWeek } from "../use-cases/club-operations.js";
import { BookingAnswer, presentBooking, ScheduledBookingAnswer } from "./bookings.js";
import { BlockReason, GameType, Instant, LocalDate, Money, Slot } from "./common.js";
import { PaymentAnswer } from "./payments.js";

/** Club operations (DESIGN.md section 10) as the API sends them: blocks, closures, weekly series, cash, the day's schedule. */

const publicBlockFields = {
  id: Schema.String,
  venueId: Schema.String,
  /** null: the whole venue */
  courtId: Schema.NullOr(Schema.String),
  startDate: LocalDate,
  endDate: LocalDate,
  /** null: every slot of the day */
  timeSlots: Schema.NullOr(Schema.Array(Slot)),
  /** 1 = Monday .. 7 = Sunday; null: every day */
  weekdays: Schema.NullOr(Schema.Array(Schema.Int)),
  reason: BlockReason,
};

export const BlockAnswer = Schema.Struct({ ...publicBlockFields, note: Schema.NullOr(Schema.String), createdAt: Instant }).annotations({
  identifier: "Block",
});
export type BlockAnswer = typeof BlockAnswer.Encoded;

/** For the public calendar: what is closed and why, without the club's note. */
export const PublicBlockAnswer = Schema.Struct(publicBlockFields).annotations({ identifier: "PublicBlock" });
export type PublicBlockAnswer = typeof PublicBlockAnswer.Encoded;

/** A booking cancelled by a closure, with the refund of each card payer. */
export const ClosureAnswer = Schema.Struct({
  booking: BookingAnswer,
  refunds: Schema.Array(
    Schema.Struct({ paymentId: Schema.String, payerId: Schema.String, amount: Money, status: Schema.Literal("owed", "sent") }),
  ),
}).annotations({ identifier: "Closure" });
export type ClosureAnswer = typeof ClosureAnswer.Encoded;

/** POST /api/admin/blocks: 201 when created, 200 when the same block already existed. */
export const BlockCreatedAnswer = Schema.Struct({
  block: BlockAnswer,
  created: Schema.Boolean,
  cancelledBookings: Schema.Array(ClosureAnswer),
}).annotations({ identifier: "BlockCreated" });
export type BlockCreatedAnswer = typeof BlockCreatedAnswer.Encoded;

export const BookingSeriesAnswer = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  courtId: Schema.String,
  timeSlot: Slot,
  gameType: GameType,
  startDate: LocalDate,
  weeks: Schema.Int,
  createdAt: Instant,
}).annotations({ identifier: "BookingSeries" });
export type BookingSeriesAnswer = typeof BookingSeriesAnswer.Encoded;

/** A week a series could not book: 'Ocupado', 'Cerrado: Torneo', 'Fecha pasada'. */
export const SkippedWeekAnswer = Schema.Struct({
  date: LocalDate,
  reason: Schema.Literal("taken", "blocked", "past"),
  message: Schema.String,
}).annotations({ identifier: "SkippedWeek" });

export const SeriesCreatedAnswer = Schema.Struct({
  id: Schema.String,
  series: BookingSeriesAnswer,
  created: Schema.Array(BookingAnswer),
  skipped: Schema.Array(SkippedWeekAnswer),
}).annotations({ identifier: "SeriesCreated" });
export type SeriesCreatedAnswer = typeof SeriesCreatedAnswer.Encoded;

export const SeriesAnswer = Schema.Struct({
  id: Schema.String,
  series: BookingSeriesAnswer,
  bookings: Schema.Array(BookingAnswer),
}).annotations({ identifier: "Series" });
export type SeriesAnswer = typeof SeriesAnswer.Encoded;

/** The ids of the bookings a series cancellation cancelled. */
export const SeriesCancellationAnswer = Schema.Struct({ cancelled: Schema.Array(Schema.String) }).annotations({
  identifier: "SeriesCancellation",
});

export const CashPaymentAnswer = Schema.Struct({ payment: PaymentAnswer, booking: BookingAnswer }).annotations({ identifier: "CashPayment" });
export type CashPaymentAnswer = typeof CashPaymentAnswer.Encoded;

export const ScheduleCellAnswer = Schema.Struct({
  timeSlot: Slot,
  booking: Schema.NullOr(ScheduledBookingAnswer),
  block: Schema.NullOr(Schema.Struct({ id: Schema.String, reason: BlockReason, note: Schema.NullOr(Schema.String) })),
}).annotations({ identifier: "ScheduleCell" });
export type ScheduleCellAnswer = typeof ScheduleCellAnswer.Encoded;

/** GET /api/admin/schedule: venues x courts x 16 slots of a day. */
export const ScheduleAnswer = Schema.Struct({
  date: LocalDate,
  venues: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      name: Schema.String,
      courts: Schema.Array(
        Schema.Struct({
          id: Schema.String,
          name: Schema.String,
          courtNumber: Schema.Int,
          status: Schema.String,
          cells: Schema.Array(ScheduleCellAnswer),
        }),
      ),
    }),
  ),
}).annotations({ identifier: "Schedule" });
export type ScheduleAnswer = typeof ScheduleAnswer.Encoded;

export const presentBlock = (block: Block): BlockAnswer => ({
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

export const presentPublicBlock = (block: Block): PublicBlockAnswer => {
  const { note: _note, createdAt: _createdAt, ...rest } = presentBlock(block);
  return rest;
};

export const presentClosure = (notice: ClosureNotice): ClosureAnswer => ({
  booking: presentBooking(notice.booking),
  // void: the provider had already given that money back (its dashboard), so it reached the payer
  refunds: notice.refunds.map((r) => ({ paymentId: r.paymentId, payerId: r.payerId, amount: formatMoney(r.amount), status: r.status === "owed" ? "owed" : "sent" })),
});

export const presentSkippedWeek = (week: SkippedWeek): typeof SkippedWeekAnswer.Encoded => ({ date: week.date, reason: week.reason, message: week.message });

export const presentSeries = (series: BookingSeries): BookingSeriesAnswer => ({ ...series, createdAt: series.createdAt.toISOString() });

export const presentScheduleCell = (cell: ScheduleCell): ScheduleCellAnswer => ({
  timeSlot: cell.timeSlot,
  booking:
    cell.booking === null
      ? null
      : {
          ...presentBooking(cell.booking),
          userName: cell.booking.userName,
          playerName: cell.booking.playerName,
          playerPhone: cell.booking.playerPhone,
          seriesId: cell.booking.seriesId,
          paymentStatus: paymentStatusOf(cell.booking.paidAmount, cell.booking.totalAmount),
          remainingAmount: formatMoney(Math.max(cell.booking.totalAmount - cell.booking.paidAmount, 0)),
        },
  block: cell.block,
});
