import { paymentStatusText, parseMoney, displayMoney } from "@courts/core";
import type { BadgeTone } from "../../components/ui/badge";
import { bookingStateOf } from "../../lib/booking-state";
import type { Booking } from "../../types/api";


/** 'Pagado', 'Parcial ($paid)', 'Pendiente' (SPEC.md section 4). */
export const paymentLabel = (b: Pick<Booking, "paymentStatus" | "paidAmount">) =>
  paymentStatusText(b.paymentStatus, parseMoney(b.paidAmount) ?? 0, displayMoney);

export const paymentTone = (paymentStatus: string): BadgeTone =>
  paymentStatus === "completed" ? "green" : paymentStatus === "partial" ? "amber" : "gray";

export const needsPayment = (b: Pick<Booking, "paymentStatus" | "status">) =>
  b.paymentStatus !== "completed" && b.status !== "cancelled" && b.status !== "expired";

/** What the organiser still owes after their card was refused at the split deadline; 0 when nothing. */
export const balanceDueOf = (b: Pick<Booking, "balanceDue">): number => parseMoney(b.balanceDue ?? "0.00") ?? 0;

/**
 * Whether the others can still pay their shares (DESIGN.md section 8): before the split deadline
 * and with no balance due. After it only the whole rest can be paid, so no link is offered.
 */
export const sharingOpen = (b: Pick<Booking, "status" | "state" | "shareDeadlineAt" | "balanceDue">, now: Date): boolean =>
  bookingStateOf(b) === "active" && (b.shareDeadlineAt == null || Date.parse(b.shareDeadlineAt) > now.getTime()) && balanceDueOf(b) === 0;
