import type { CancellationAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

/** POST /api/cancellations without a user: the club cancels, with the reason the player reads. */
export const cancelAsAdmin = (bookingId: string) =>
  api<CancellationAnswer>("/api/cancellations", {
    method: "POST",
    json: { bookingId, cancellationReason: "Cancelada por el club" },
  });

export const useCancelAsAdmin = () => useWrite("cancel-as-admin", cancelAsAdmin, CLUB_CHANGES);
