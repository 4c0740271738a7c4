import { useState } from "react";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { downloadInvoice } from "../api/download-invoice";
import { invoiceFileName } from "../payment-texts";

/**
 * PDF invoice download with the texts of SPEC.md section 8: the player's history says
 * 'Error al descargar la factura' (server message, else 'No se pudo descargar la factura'),
 * settings billing says 'Error al generar la factura' (fallback 'Error desconocido'), and the
 * admin list only logs.
 */
export function useInvoiceDownload(where: "history" | "settings" | "admin") {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const download = async (payment: { id: string; invoiceNumber?: string | null }) => {
    setPendingId(payment.id);
    try {
      await downloadInvoice(payment.id, invoiceFileName(payment));
      if (where !== "admin") toast({ title: "Factura descargada", description: "La factura se guardó en tu dispositivo" });
    } catch (error) {
      if (where === "admin") console.error("invoice download failed", error);
      else if (where === "settings") {
        toastError(
          "Error al generar la factura",
          error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : "Error desconocido",
        );
      } else {
        toastError(
          "Error al descargar la factura",
          error instanceof ApiError && error.serverMessage ? error.serverMessage : "No se pudo descargar la factura",
        );
      }
    } finally {
      setPendingId(null);
    }
  };
  return { download, pendingId };
}
