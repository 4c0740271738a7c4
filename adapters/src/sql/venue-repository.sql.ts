import type { VenueRepository } from "@courts/core";
import { VenueSchema, type VenueRow } from "./entities.js";
import { toVenue, VENUE_COLUMNS } from "./mappers.js";
import type { SqlClient } from "./sql-client.js";

/** Only the image fields given (an explicit null clears one). */
export const imageChange = (image: { imageData?: string | null; imageUrl?: string | null }) => {
  const change: Partial<Pick<VenueRow, "imageData" | "imageUrl">> = {};
  if (image.imageData !== undefined) change.imageData = image.imageData;
  if (image.imageUrl !== undefined) change.imageUrl = image.imageUrl;
  return change;
};

export const sqlVenueRepository = (sql: SqlClient): VenueRepository => {
  const findById = async (id: string) => {
    const row = await sql.one(`select ${VENUE_COLUMNS} from venues v where v.id = ?`, [id]);
    return row && toVenue(row);
  };
  return {
    findById,
    async list() {
      const rows = await sql.all(`select ${VENUE_COLUMNS} from venues v order by v.created_at, v.id`);
      return rows.map(toVenue);
    },
    async insert(venue) {
      await sql.fork().insert(VenueSchema, { ...venue });
      return venue;
    },
    async delete(id) {
      // Courts, their bookings and those bookings' share links go by ON DELETE CASCADE;
      // payments stay, they have no foreign key (see the payments table).
      return (await sql.run("delete from venues where id = ?", [id])) > 0;
    },
    async setImage(id, image) {
      const change = imageChange(image);
      if (Object.keys(change).length > 0) {
        const changed = await sql.fork().nativeUpdate(VenueSchema, { id }, change);
        if (changed === 0) return undefined;
      }
      return findById(id);
    },
    async findByName(name) {
      const row = await sql.one(`select ${VENUE_COLUMNS} from venues v where v.name = ? order by v.created_at limit 1`, [name]);
      return row && toVenue(row);
    },
  };
};
