import type { AdminPurchaseAnswer } from "@courts/core";
import useSWR from "swr";
import { apiPage, type ListPage } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

export type AdminPurchase = typeof AdminPurchaseAnswer.Encoded;

/** How many of the newest sales the panel lists. */
export const RECENT_SALES = 20;

/** GET /api/admin/purchases: products sold outside bookings (top-ups, punch cards, memberships), newest first. */
export const recentPurchasesKey = keyFor(["products", "payments", "wallet"], () => `/api/admin/purchases?page=1&pageSize=${RECENT_SALES}`);

export const useRecentPurchases = () => useSWR<ListPage<AdminPurchase>>(recentPurchasesKey(), (key: string) => apiPage<AdminPurchase>(key));
