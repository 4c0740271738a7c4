import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { NotificationSettings } from "./types";

/** GET /api/user/notification-settings: the reminder switch. */
export const notificationSettingsKey = keyFor(["notification-settings"], () => "/api/user/notification-settings");

export const fetchNotificationSettings = (key: string) => api<NotificationSettings>(key);

export const useNotificationSettings = () => useSWR<NotificationSettings>(notificationSettingsKey(), fetchNotificationSettings);
