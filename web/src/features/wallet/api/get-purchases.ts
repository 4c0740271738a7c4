import useSWR from "swr";
import type { MyPurchaseAnswer } from "@courts/core";
import { request } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/save-file";
import { keyFor } from "../../../lib/swr";

export type MyPurchase = typeof MyPurchaseAnswer.Encoded;
export type PurchaseKind = MyPurchase["kind"];

/** GET /api/user/purchases?kind=&page=&pageSize=: the player's own purchases of one kind, newest first. */
export const PURCHASES_PAGE_SIZE = 5;

// every recorded purchase (a top-up, a punch card, a membership) revalidates "payments"
export const purchasesKey = keyFor(
  ["wallet", "punch-cards", "memberships", "payments"],
  (kind: PurchaseKind, page: number) => `/api/user/purchases?kind=${kind}&page=${page}&pageSize=${PURCHASES_PAGE_SIZE}`,
);

export interface PurchasesPage {
  readonly items: readonly MyPurchase[];
  /** every purchase of the kind, over all pages (X-Total-Count) */
  readonly total: number;
}

export const fetchPurchases = async (key: string): Promise<PurchasesPage> => {
  const response = await request(key);
  const items = (await response.json()) as MyPurchase[];
  const total = Number(response.headers.get("x-total-count") ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length };
};

export const usePurchases = (kind: PurchaseKind, page = 1) => useSWR<PurchasesPage>(purchasesKey(kind, page), fetchPurchases);

/** GET /api/user/purchases/{id}/invoice as a file the browser saves: the purchase's receipt, named as the server names it. */
export const downloadPurchaseReceipt = (purchaseId: string): Promise<void> =>
  downloadFile(`/api/user/purchases/${encodeURIComponent(purchaseId)}/invoice`, "recibo.pdf");
