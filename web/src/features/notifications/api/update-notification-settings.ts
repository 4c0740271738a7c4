import type { NotificationSettingsBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { NotificationSettings } from "./types";

/** PUT /api/user/notification-settings. */
export const updateNotificationSettings = (input: typeof NotificationSettingsBody.Encoded) =>
  api<NotificationSettings>("/api/user/notification-settings", { method: "PUT", json: input });

export const useUpdateNotificationSettings = () =>
  useWrite("update-notification-settings", updateNotificationSettings, ["notification-settings"]);
