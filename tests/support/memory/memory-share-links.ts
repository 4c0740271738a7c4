import type { ShareLinkRepository } from "@courts/core";
import { byKeys, foreignKeyError, type MemoryState } from "./state.js";

export const memoryShareLinks = (state: MemoryState): ShareLinkRepository => ({
  async insert(link) {
    if (state.shareLinks.has(link.id)) throw new Error(`duplicate share link id ${link.id}`);
    if ([...state.shareLinks.values()].some((l) => l.token === link.token)) throw new Error("duplicate share token");
    if (!state.bookings.has(link.bookingId)) throw foreignKeyError(`booking ${link.bookingId}`);
    state.shareLinks.set(link.id, link);
    return link;
  },
  async findByToken(token) {
    return [...state.shareLinks.values()].find((l) => l.token === token);
  },
  async findByBooking(bookingId) {
    return [...state.shareLinks.values()]
      .filter((l) => l.bookingId === bookingId)
      .sort(byKeys((l) => [l.createdAt.getTime(), l.id]))
      .reverse()[0];
  },
});
