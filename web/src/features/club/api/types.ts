import type { BlockAnswer, ScheduleAnswer, ScheduleCellAnswer } from "@courts/core";

/** Answers of club operations (DESIGN.md section 10) shared by several endpoints: the core's contract. */

export type Block = BlockAnswer;
export type ScheduleCell = ScheduleCellAnswer;
export type ScheduledBooking = NonNullable<ScheduleCell["booking"]>;
export type DaySchedule = ScheduleAnswer;
export type ScheduleCourt = DaySchedule["venues"][number]["courts"][number];

/** Every club operation can move a booking, a closure or a payment. */
export const CLUB_CHANGES = ["schedule", "availability", "bookings", "payments"] as const;
