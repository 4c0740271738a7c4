import { useCallback } from "react";
import { useConfig } from "../../features/config/api/get-config";
import { useUserPayments } from "../../features/payments/api/get-user-payments";
import { refundNote } from "../../features/payments/payment-texts";
import { toCents } from "../../lib/format";
import type { Booking } from "../../types/api";

/** What each cancelled booking's money did is read from the newest 50 payments (the server's default page). */
export const REFUND_NOTES_PAYMENTS = 50;

/**
 * The refund lines of a booking, for the player's own lists (My bookings, the dashboard): what is
 * owed back and when it was sent, per payment; a paid booking cancelled too late says it got
 * nothing back, so a cancelled card never leaves its money unsaid.
 */
export function useRefundNotes(): (booking: Booking) => string[] {
  const { data: config } = useConfig();
  const { data: payments } = useUserPayments(1, REFUND_NOTES_PAYMENTS);
  return useCallback(
    (booking: Booking) => {
      const notes = (payments?.items ?? [])
        .filter((p) => p.bookingId === booking.id)
        .map((p) => refundNote(p, config?.timeZone))
        .filter((note): note is string => note !== null);
      if (notes.length === 0 && booking.status === "cancelled" && booking.refundPercentage === 0 && toCents(booking.paidAmount) > 0)
        notes.push("Sin reembolso: se canceló con menos de 12 h de anticipación");
      return notes;
    },
    [payments, config?.timeZone],
  );
}

export function RefundNotes({ notes }: { notes: readonly string[] }) {
  return (
    <>
      {notes.map((note) => (
        <p key={note} data-testid="refund-note" className="w-full text-sm text-court-800">
          {note}
        </p>
      ))}
    </>
  );
}
