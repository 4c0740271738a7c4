import useSWR from "swr";
import type { PunchCardAnswer, PunchCardProductAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

/** GET /api/user/punch-cards: the player's cards ('Bonos') with their hours left, expiry and whether they still pay. */
export const myPunchCardsKey = keyFor(["punch-cards"], () => "/api/user/punch-cards");

/** GET /api/punch-card-products: the club's cards on sale. */
export const punchCardProductsKey = keyFor(["punch-cards"], () => "/api/punch-card-products");

const fetchList = <T>(key: string) => api<T[]>(key);

export const useMyPunchCards = (enabled = true) => useSWR<PunchCardAnswer[]>(enabled ? myPunchCardsKey() : null, fetchList<PunchCardAnswer>);

export const usePunchCardProducts = () => useSWR<PunchCardProductAnswer[]>(punchCardProductsKey(), fetchList<PunchCardProductAnswer>);
