import type { BadgeTone } from "../../components/ui/badge";

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
