import type { ShareLink } from "../domain/share-link.js";

export interface ShareLinkRepository {
  insert(link: ShareLink): Promise<ShareLink>;
  findByToken(token: string): Promise<ShareLink | undefined>;
  findByBooking(bookingId: string): Promise<ShareLink | undefined>;
}
