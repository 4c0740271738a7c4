import useSWR from "swr";
import type { WalletAnswer } from "@courts/core";
import { request } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

/** GET /api/user/wallet?page=&pageSize=: the balance and one page of the statement, newest first. */
export const WALLET_PAGE_SIZE = 10;

export const walletKey = keyFor(["wallet"], (page: number) => `/api/user/wallet?page=${page}&pageSize=${WALLET_PAGE_SIZE}`);

export interface WalletPage extends WalletAnswer {
  /** every entry of the statement, over all pages (X-Total-Count) */
  readonly total: number;
}

export const fetchWallet = async (key: string): Promise<WalletPage> => {
  const response = await request(key);
  const body = (await response.json()) as WalletAnswer;
  const total = Number(response.headers.get("x-total-count") ?? body.entries.length);
  return { ...body, total: Number.isFinite(total) ? total : body.entries.length };
};

export const useWallet = (page = 1, enabled = true) => useSWR<WalletPage>(enabled ? walletKey(page) : null, fetchWallet);
