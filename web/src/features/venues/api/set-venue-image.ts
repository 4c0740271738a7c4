import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Venue } from "../../../types/api";

/** PUT /api/venues/{id}/image with the `imageData` an upload answered. */
export const setVenueImage = ({ id, imageData }: { id: string; imageData: string }) =>
  api<Venue>(`/api/venues/${encodeURIComponent(id)}/image`, { method: "PUT", json: { imageData } });

export const useSetVenueImage = () => useWrite("set-venue-image", setVenueImage, ["venues"]);
