import type { CashPaymentAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

/** POST /api/admin/bookings/{id}/cash-payments: money paid at the desk, with its own invoice. */
export const recordCash = ({ bookingId, amount }: { bookingId: string; amount: string }) =>
  api<CashPaymentAnswer>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/cash-payments`, {
    method: "POST",
    json: { amount },
  });

export const useRecordCash = () => useWrite("record-cash", recordCash, CLUB_CHANGES);
