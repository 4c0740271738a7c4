import type { ShareLinkBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { CreatedShareLink } from "../../../types/api";

/** POST /api/shared-payment-links: the organiser's link (the same one while it is valid). */
export const createSharedLink = (input: typeof ShareLinkBody.Encoded) =>
  api<CreatedShareLink>("/api/shared-payment-links", { method: "POST", json: input });

export const useCreateSharedLink = () => useWrite("create-shared-link", createSharedLink, ["share-links"]);
