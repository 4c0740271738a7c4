import type { ShareLinkRepository } from "@courts/core";
import { insertShareLink, SHARE_LINK_COLUMNS, toShareLink } from "./mappers.js";
import { findOne } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

export const sqlShareLinkRepository = (sql: SqlClient): ShareLinkRepository => ({
  async insert(link) {
    await sql.run(...insertShareLink(link));
    return link;
  },
  findByToken(token) {
    return findOne(sql, `select ${SHARE_LINK_COLUMNS} from share_links s where s.token = ?`, [token], toShareLink);
  },
  findByBooking(bookingId) {
    return findOne(
      sql,
      `select ${SHARE_LINK_COLUMNS} from share_links s where s.booking_id = ? order by s.created_at desc, s.id desc limit 1`,
      [bookingId],
      toShareLink,
    );
  },
});
