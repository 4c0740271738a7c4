import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Block } from "./types";

/** GET /api/admin/blocks?venueId=: the venue's blocks that end today or later (admin). */
export const activeBlocksKey = keyFor(["schedule"], (venueId: string) => `/api/admin/blocks?venueId=${encodeURIComponent(venueId)}`);

export const fetchActiveBlocks = (key: string) => api<Block[]>(key);

export const useActiveBlocks = (venueId: string | undefined) =>
  useSWR<Block[]>(venueId ? activeBlocksKey(venueId) : null, fetchActiveBlocks);
