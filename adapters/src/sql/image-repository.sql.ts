import { IMAGE_TYPES, type ImageRepository, type ImageType } from "@courts/core";
import { ImageSchema } from "./entities.js";
import { bytes, instant, str } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

export const sqlImageRepository = (sql: SqlClient): ImageRepository => ({
  async save(image) {
    await sql.fork().insert(ImageSchema, {
      id: image.id,
      contentType: image.contentType,
      bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      createdAt: image.createdAt,
    });
  },
  async find(id) {
    const row = await sql.one("select id, content_type, bytes, created_at from images where id = ?", [id]);
    if (!row) return undefined;
    const contentType = IMAGE_TYPES.find((t: ImageType) => t === str(row, "content_type"));
    if (contentType === undefined) throw new TypeError(`image ${id}: unexpected content type ${str(row, "content_type")}`);
    return { id: str(row, "id"), contentType, bytes: bytes(row, "bytes"), createdAt: instant(row, "created_at") };
  },
});
