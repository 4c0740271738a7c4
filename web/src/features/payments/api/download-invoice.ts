import { request } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/save-file";

/** GET /api/payments/{id}/invoice as a file the browser saves. */
export const downloadInvoice = async (paymentId: string, fileName: string) => {
  const response = await request(`/api/payments/${encodeURIComponent(paymentId)}/invoice`);
  saveBlob(fileName, await response.blob());
};
