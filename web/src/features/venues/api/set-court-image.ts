import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Court } from "../../../types/api";

/** PUT /api/courts/{id}/image with the `imageData` an upload answered. */
export const setCourtImage = ({ id, imageData }: { id: string; imageData: string }) =>
  api<Court>(`/api/courts/${encodeURIComponent(id)}/image`, { method: "PUT", json: { imageData } });

export const useSetCourtImage = () => useWrite("set-court-image", setCourtImage, ["courts"]);
