import useSWR from "swr";
import type { MyPurchaseAnswer } from "@courts/core";
import { request } from "../../../lib/api-client";
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
export const downloadPurchaseReceipt = async (purchaseId: string): Promise<void> => {
  const response = await request(`/api/user/purchases/${encodeURIComponent(purchaseId)}/invoice`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  link.download = named?.[1] ?? "recibo.pdf";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has handed the file to the browser: the object URL is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
