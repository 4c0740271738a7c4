import { request } from "../../../lib/api-client";

/** GET /api/payments/{id}/invoice as a file the browser saves. */
export const downloadInvoice = async (paymentId: string, fileName: string) => {
  const response = await request(`/api/payments/${encodeURIComponent(paymentId)}/invoice`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
