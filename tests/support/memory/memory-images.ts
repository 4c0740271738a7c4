import type { ImageRepository } from "@courts/core";
import type { MemoryState } from "./state.js";

export const memoryImages = (state: MemoryState): ImageRepository => ({
  async save(image) {
    if (state.images.has(image.id)) throw new Error(`duplicate image id ${image.id}`);
    state.images.set(image.id, { ...image, bytes: Uint8Array.from(image.bytes) });
  },
  async find(id) {
    return state.images.get(id);
  },
});
