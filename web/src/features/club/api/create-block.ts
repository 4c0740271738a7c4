import type { BlockCreatedAnswer, BlockReason } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

export interface NewBlock {
  venueId?: string;
  courtId?: string;
  startDate: string;
  endDate: string;
  timeSlots?: string[];
  weekdays?: number[];
  reason: BlockReason;
  note?: string;
  cancelConflicts?: boolean;
}

export type BlockAnswer = BlockCreatedAnswer;

/** POST /api/admin/blocks: 409 BLOCK_CONFLICTS lists the bookings it would cancel, unless `cancelConflicts`. */
export const createBlock = (input: NewBlock) => api<BlockAnswer>("/api/admin/blocks", { method: "POST", json: input });

export const useCreateBlock = () => useWrite("create-block", createBlock, CLUB_CHANGES);
