import { IMAGE_TYPES, type ImageRepository, type ImageType } from "@courts/core";
import { bytes, instant, iso, str } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

export const sqlImageRepository = (sql: SqlClient): ImageRepository => ({
  async save(image) {
    await sql.run("insert into images (id, content_type, bytes, created_at) values (?, ?, ?, ?)", [
      image.id,
      image.contentType,
      Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      iso(image.createdAt),
    ]);
  },
  async find(id) {
    const row = await sql.one("select id, content_type, bytes, created_at from images where id = ?", [id]);
    if (!row) return undefined;
    const contentType = IMAGE_TYPES.find((t: ImageType) => t === str(row, "content_type"));
    if (contentType === undefined) throw new TypeError(`image ${id}: unexpected content type ${str(row, "content_type")}`);
    return { id: str(row, "id"), contentType, bytes: bytes(row, "bytes"), createdAt: instant(row, "created_at") };
  },
});
