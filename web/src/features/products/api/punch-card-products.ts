import type { PunchCardProductAnswer, PunchCardProductBody } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor, useWrite } from "../../../lib/swr";

export type PunchCardProduct = typeof PunchCardProductAnswer.Encoded;
/** What the 'Nuevo bono' form sends: the request schema's encoded side. */
export type PunchCardProductInput = typeof PunchCardProductBody.Encoded;

/** GET /api/admin/punch-card-products: the club's punch cards ('Bonos'), on sale and withdrawn (admin). */
export const punchCardProductsKey = keyFor(["products"], () => "/api/admin/punch-card-products");

export const usePunchCardProducts = () => useSWR<PunchCardProduct[]>(punchCardProductsKey(), (key: string) => api<PunchCardProduct[]>(key));

/** POST /api/admin/punch-card-products. */
export const createPunchCardProduct = (input: PunchCardProductInput) =>
  api<PunchCardProduct>("/api/admin/punch-card-products", { method: "POST", json: input });

export const useCreatePunchCardProduct = () => useWrite("create-punch-card-product", createPunchCardProduct, ["products"]);

/** DELETE /api/admin/punch-card-products/{id}: off sale; cards already bought keep their hours. */
export const withdrawPunchCardProduct = (id: string) =>
  api<void>(`/api/admin/punch-card-products/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useWithdrawPunchCardProduct = () => useWrite("withdraw-punch-card-product", withdrawPunchCardProduct, ["products"]);
