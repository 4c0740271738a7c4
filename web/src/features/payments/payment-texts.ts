import type { BadgeTone } from "../../components/ui/badge";
import { formatInstant, money, toCents } from "../../lib/format";
import type { Payment } from "../../types/api";

/** A payment refunded in part (a 50% cancellation): money still kept, so not 'Reembolsado'. */
export const isPartlyRefunded = (p: { status: string; amount: string; discount: string; refundedAmount?: string | null | undefined }): boolean => {
  const refunded = toCents(p.refundedAmount ?? "0");
  return p.status === "refunded" && refunded > 0 && refunded < toCents(p.amount) - toCents(p.discount);
};

/**
 * Money the card gave and is owed back, which the provider has not confirmed yet (it was down when
 * the booking was cancelled or closed): the status may already read 'refunded', but nothing has gone back.
 */
export const isRefundPending = (p: { status: string; refundOwed?: string | null | undefined }): boolean =>
  wasCharged(p) && toCents(p.refundOwed ?? "0") > 0;

/**
 * succeeded, pending (and anything unknown), failed, refunded (SPEC.md section 4); a refund of
 * part of the charge reads 'Reembolso parcial', SPEC's 'Reembolsado' being all of it, and a refund
 * not yet sent 'Reembolso pendiente' (until the provider confirms it, 'Reembolsado' would be untrue).
 */
export const paymentStatusLabel = (
  payment: { status: string; amount: string; discount: string; refundedAmount?: string | null | undefined; refundOwed?: string | null | undefined },
  audience: "user" | "admin" = "user",
): string => {
  if (isRefundPending(payment)) return "Reembolso pendiente";
  switch (payment.status) {
    case "succeeded":
      return audience === "admin" ? "Exitoso" : "Completado";
    case "failed":
      return "Fallido";
    case "refunded":
      return isPartlyRefunded(payment) ? "Reembolso parcial" : "Reembolsado";
    default:
      return "Pendiente";
  }
};

/** The card gave this money (a refund goes back from money that was taken). */
export const wasCharged = (p: { status: string }): boolean => p.status === "succeeded" || p.status === "refunded";

/** The total's words: 'Total pagado' only for money the card gave; an attempt declined or not finished was not paid. */
export const totalLabel = (p: { status: string }): string => (wasCharged(p) ? "Total pagado" : p.status === "failed" ? "No cobrado" : "Por pagar");

/** A charged payment with its invoice number: the only ones the server makes an invoice of. */
export const hasInvoice = (p: { status: string; invoiceNumber?: string | null | undefined }): boolean => wasCharged(p) && p.invoiceNumber != null;

export const paymentStatusTone = (payment: { status: string; refundOwed?: string | null | undefined }): BadgeTone =>
  isRefundPending(payment)
    ? "amber"
    : payment.status === "succeeded"
      ? "green"
      : payment.status === "failed"
        ? "red"
        : payment.status === "refunded"
          ? "blue"
          : "amber";

export const invoiceFileName = (p: { id: string; invoiceNumber?: string | null }) => `factura-${p.invoiceNumber ?? p.id}.pdf`;

/**
 * What the payer is owed back and when it was sent, or null when nothing went back; the admin reads
 * of the payer's card, not of 'tu tarjeta'. Cash paid at the desk goes back in cash at the club.
 */
export const refundNote = (
  p: Pick<Payment, "refundOwed" | "refundSentAt" | "refundedAmount"> & { kind?: Payment["kind"] },
  timeZone?: string,
  audience: "user" | "admin" = "user",
): string | null => {
  const cash = p.kind === "cash";
  if (toCents(p.refundOwed) > 0)
    return cash
      ? `Reembolso pendiente: ${money(p.refundOwed)} (en efectivo, en el club)`
      : `Reembolso pendiente: ${money(p.refundOwed)} (se envía a ${audience === "admin" ? "la tarjeta del pagador" : "tu tarjeta"} en cuanto el proveedor lo confirme)`;
  if (p.refundSentAt && toCents(p.refundedAmount) > 0) {
    const when = formatInstant(p.refundSentAt, "dd/MM/yyyy HH:mm", timeZone);
    // cash is recorded as given back when the refund is decided: the desk hands it over
    if (cash)
      return `Reembolso de ${money(p.refundedAmount)} en efectivo: ${audience === "admin" ? "entrégalo" : "se entrega"} en el club (registrado el ${when})`;
    return `Reembolso de ${money(p.refundedAmount)} enviado el ${when}`;
  }
  return null;
};

/** The admin's warning on a payment the provider settled unexpectedly; it was refunded in full. */
export const paymentFlagLabel = (flag: Payment["flag"]): string | null =>
  flag === "mismatch" ? "Monto no coincide: reembolsado" : flag === "refunded_on_arrival" ? "Reembolsado al llegar" : null;
