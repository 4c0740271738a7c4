import type { BadgeTone } from "../../components/ui/badge";
import { formatInstant, money, toCents } from "../../lib/format";
import type { Payment } from "../../types/api";

/** succeeded, pending (and anything unknown), failed, refunded (SPEC.md section 4). */
export const paymentStatusLabel = (status: string, audience: "user" | "admin" = "user"): string => {
  switch (status) {
    case "succeeded":
      return audience === "admin" ? "Exitoso" : "Completado";
    case "failed":
      return "Fallido";
    case "refunded":
      return "Reembolsado";
    default:
      return "Pendiente";
  }
};

export const paymentStatusTone = (status: string): BadgeTone =>
  status === "succeeded" ? "green" : status === "failed" ? "red" : status === "refunded" ? "blue" : "amber";

export const invoiceFileName = (p: { id: string; invoiceNumber?: string | null }) => `factura-${p.invoiceNumber ?? p.id}.pdf`;

/** What the payer is owed back and when it was sent, or null when nothing went back. */
export const refundNote = (p: Pick<Payment, "refundOwed" | "refundSentAt" | "refundedAmount">, timeZone?: string): string | null => {
  if (toCents(p.refundOwed) > 0) return `Reembolso pendiente: ${money(p.refundOwed)} (se envía a tu tarjeta en cuanto el proveedor lo confirme)`;
  if (p.refundSentAt && toCents(p.refundedAmount) > 0)
    return `Reembolso de ${money(p.refundedAmount)} enviado el ${formatInstant(p.refundSentAt, "dd/MM/yyyy HH:mm", timeZone)}`;
  return null;
};

/** The admin's warning on a payment the provider settled unexpectedly; it was refunded in full. */
export const paymentFlagLabel = (flag: Payment["flag"]): string | null =>
  flag === "mismatch" ? "Monto no coincide: reembolsado" : flag === "refunded_on_arrival" ? "Reembolsado al llegar" : null;
