import type { StoredImage } from "../domain/entities.js";

export interface ImageRepository {
  save(image: StoredImage): Promise<void>;
  find(id: string): Promise<StoredImage | undefined>;
}
