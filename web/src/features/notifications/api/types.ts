import type { NotificationSettingsAnswer, PayerAnswer, WaitlistEntryAnswer } from "@courts/core";

/** Answers of the notification endpoints (DESIGN.md section 9): the core's contract. */

export type NotificationSettings = NotificationSettingsAnswer;
export type BookingPayer = PayerAnswer;
export type WaitlistEntry = WaitlistEntryAnswer;
