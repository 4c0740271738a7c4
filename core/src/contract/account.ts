import * as Schema from "effect/Schema";
import type { WaitlistEntry } from "../ports/notifications.js";
import { UserAnswer } from "./catalog.js";
import { Instant, LocalDate, Slot } from "./common.js";

/** Sessions, a player's settings and waitlist, uploaded images. */

/** GET /api/auth/me, POST /api/auth/register, PUT /api/user/profile */
export const UserSessionAnswer = Schema.Struct({ user: UserAnswer }).annotations({ identifier: "UserSession" });
export type UserSessionAnswer = typeof UserSessionAnswer.Encoded;

/** GET /api/admin/users?q=: the desk's search as you type (at most 20). */
export const PlayerSearchAnswer = Schema.Struct({ items: Schema.Array(UserAnswer) }).annotations({ identifier: "PlayerSearch" });
export type PlayerSearchAnswer = typeof PlayerSearchAnswer.Encoded;

export const LoginAnswer = Schema.Struct({ user: UserAnswer, message: Schema.String }).annotations({ identifier: "Login" });
export type LoginAnswer = typeof LoginAnswer.Encoded;

export const AdminLoginAnswer = Schema.Struct({
  admin: Schema.Struct({ id: Schema.String, username: Schema.String }),
  message: Schema.String,
}).annotations({ identifier: "AdminLogin" });
export type AdminLoginAnswer = typeof AdminLoginAnswer.Encoded;

export const AdminCheckAnswer = Schema.Struct({ isAdmin: Schema.Boolean }).annotations({ identifier: "AdminCheck" });

/** The address of a player's calendar feed (the token in it is the credential). */
export const CalendarFeedAnswer = Schema.Struct({ url: Schema.String }).annotations({ identifier: "CalendarFeed" });
export type CalendarFeedAnswer = typeof CalendarFeedAnswer.Encoded;

export const NotificationSettingsAnswer = Schema.Struct({ remindersEnabled: Schema.Boolean }).annotations({ identifier: "NotificationSettings" });
export type NotificationSettingsAnswer = typeof NotificationSettingsAnswer.Encoded;

export const WaitlistEntryAnswer = Schema.Struct({
  id: Schema.String,
  courtId: Schema.String,
  date: LocalDate,
  timeSlot: Slot,
  createdAt: Instant,
}).annotations({ identifier: "WaitlistEntry" });
export type WaitlistEntryAnswer = typeof WaitlistEntryAnswer.Encoded;

/** POST /api/objects/upload-image: the id to store on a venue or court, and where the image is served. */
export const UploadedImageAnswer = Schema.Struct({ imageData: Schema.String, imageUrl: Schema.String }).annotations({ identifier: "UploadedImage" });
export type UploadedImageAnswer = typeof UploadedImageAnswer.Encoded;

export const presentWaitlistEntry = (e: WaitlistEntry): WaitlistEntryAnswer => ({
  id: e.id,
  courtId: e.courtId,
  date: e.date,
  timeSlot: e.timeSlot,
  createdAt: e.createdAt.toISOString(),
});
