import {
  firstNameOf,
  keepNewest,
  type MatchPlayer,
  type OpenMatchFilter,
  type OpenMatchListBytes,
  type OpenMatchRepository,
  type OpenMatchView,
} from "@courts/core";
import { recordEvents } from "./event-log.sql.js";
import { oweRefunds } from "./refund-ledger.sql.js";
import { toUser, USER_COLUMNS } from "./mappers.js";
import { findOne, instant, int, iso, str, strOrNull } from "./rows.js";
import { placeholders, type Param, type Row, type SqlClient } from "./sql-client.js";

/**
 * A match read with its booking, court, venue and the booking's share link in one statement. The
 * places held by open share intents are counted by a subquery on payments' (booking_id, ...) index:
 * a match has at most three.
 */
const VIEW_SELECT =
  "select m.id, m.booking_id, m.venue_id, m.booking_date, m.time_slot, m.level_min_tenths, m.level_max_tenths, m.note, m.status, " +
  "m.deadline, m.created_at, m.share_link_id, b.user_id as organiser_id, b.game_type, b.status as booking_status, b.total_amount, " +
  "b.paid_amount, c.name as court_name, c.court_number, v.name as venue_name, l.token, l.max_participants, l.current_participants, " +
  "(select count(*) from payments p where p.booking_id = m.booking_id and p.share_token = l.token and p.kind = 'shared' " +
  "and p.status = 'pending') as pending_shares " +
  "from open_matches m join bookings b on b.id = m.booking_id join courts c on c.id = b.court_id " +
  "join venues v on v.id = c.venue_id join share_links l on l.id = m.share_link_id";

const toView = (r: Row): OpenMatchView => ({
  id: str(r, "id"),
  bookingId: str(r, "booking_id"),
  organiserId: str(r, "organiser_id"),
  venueId: str(r, "venue_id"),
  venueName: str(r, "venue_name"),
  courtName: str(r, "court_name"),
  courtNumber: int(r, "court_number"),
  date: str(r, "booking_date"),
  timeSlot: str(r, "time_slot"),
  gameType: str(r, "game_type") === "doubles" ? "doubles" : "singles",
  levelMin: int(r, "level_min_tenths") / 10,
  levelMax: int(r, "level_max_tenths") / 10,
  note: strOrNull(r, "note"),
  status: str(r, "status") === "open" ? "open" : "closed",
  deadline: instant(r, "deadline"),
  bookingStatus: str(r, "booking_status"),
  totalAmount: int(r, "total_amount"),
  paidAmount: int(r, "paid_amount"),
  shareToken: str(r, "token"),
  shareLinkId: str(r, "share_link_id"),
  maxParticipants: int(r, "max_participants"),
  currentParticipants: int(r, "current_participants"),
  pendingShares: int(r, "pending_shares"),
  createdAt: instant(r, "created_at"),
});

const tenths = (level: number): number => Math.round(level * 10);

/** List answers kept per process (one filter each: venue, date, level; about 24 KB at 50 matches). */
const LIST_ANSWERS_KEPT = 500;

interface KeptList extends OpenMatchListBytes {
  /** the instant it was built at: a clock set back (tests) finds matches it no longer lists */
  readonly from: number;
}

const holdsAt = (kept: KeptList | undefined, at: number): kept is KeptList => kept !== undefined && kept.from <= at && at < kept.until;

/**
 * GET /api/open-matches's answers, kept per process while the `open_matches` counter stands
 * (migration ...20261208000950: every write that can change one, by any process) and the clock is
 * before the first deadline in each (that match drops out then, and the next one comes in). The
 * counter is known as the catalogue's are (data-changes.ts): SQLite in WAL mode by the file's
 * stamp, PostgreSQL while it listens; otherwise every request builds its answer. A burst of
 * requests missing the same filter shares one build; a build is kept only if the counter did not
 * move while it ran (it began after the counter was read, so it saw at least that state).
 */
const keptLists = (sql: SqlClient) => {
  const kept = new Map<string, KeptList>();
  const building = new Map<string, Promise<KeptList>>();
  let keptUnder: number | undefined;
  return async (key: string, now: Date, build: () => Promise<OpenMatchListBytes>): Promise<Uint8Array> => {
    const at = now.getTime();
    const counter = (await sql.changes.now())?.get("open_matches");
    if (counter === undefined) return (await build()).body;
    if (counter !== keptUnder) {
      kept.clear();
      building.clear();
      keptUnder = counter;
    }
    const hit = kept.get(key);
    if (holdsAt(hit, at)) return hit.body;
    const shared = building.get(key);
    if (shared !== undefined) {
      const answer = await shared;
      if (holdsAt(answer, at)) return answer.body;
    }
    const pending = build().then((answer) => ({ ...answer, from: at }));
    building.set(key, pending);
    try {
      const answer = await pending;
      if (keptUnder === counter) keepNewest(kept, key, answer, LIST_ANSWERS_KEPT);
      return answer.body;
    } finally {
      if (building.get(key) === pending) building.delete(key);
    }
  };
};

export const sqlOpenMatchRepository = (sql: SqlClient): OpenMatchRepository => ({
  keptList: keptLists(sql),
  async open(o) {
    return sql.transaction(async (tx) => {
      // the match's places are its link's: the link takes payments until the match's deadline
      const link = await tx.one("select id from share_links where booking_id = ? order by created_at desc, id desc limit 1", [o.bookingId]);
      if (!link) throw new Error(`booking ${o.bookingId} has no share link to open a match on`);
      await tx.run("update share_links set expires_at = ? where id = ? and expires_at < ?", [iso(o.deadline), str(link, "id"), iso(o.deadline)]);
      const row = await tx.one(
        "insert into open_matches (id, booking_id, share_link_id, venue_id, booking_date, time_slot, level_min_tenths, level_max_tenths, " +
          "note, status, deadline, created_at, closed_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, null) " +
          "on conflict (booking_id) do update set share_link_id = excluded.share_link_id, level_min_tenths = excluded.level_min_tenths, " +
          "level_max_tenths = excluded.level_max_tenths, note = excluded.note, status = 'open', deadline = excluded.deadline, closed_at = null " +
          "returning id",
        [o.id, o.bookingId, str(link, "id"), o.venueId, o.date, o.timeSlot, tenths(o.levelMin), tenths(o.levelMax), o.note, iso(o.deadline), iso(o.at)],
      );
      if (!row) throw new Error("open match insert returned no row");
      return str(row, "id");
    });
  },
  async close(id, at) {
    return (await sql.run("update open_matches set status = 'closed', closed_at = ? where id = ? and status = 'open'", [iso(at), id])) > 0;
  },
  findById(id) {
    return findOne(sql, `${VIEW_SELECT} where m.id = ?`, [id], toView);
  },
  findByBooking(bookingId) {
    return findOne(sql, `${VIEW_SELECT} where m.booking_id = ?`, [bookingId], toView);
  },
  async list(filter: OpenMatchFilter) {
    const where = ["m.status = 'open'", "m.deadline > ?", "b.status = 'active'", "b.paid_amount < b.total_amount"];
    const params: Param[] = [iso(filter.after)];
    if (filter.venueId !== undefined) {
      where.push("m.venue_id = ?");
      params.push(filter.venueId);
    }
    if (filter.date !== undefined) {
      where.push("m.booking_date = ?");
      params.push(filter.date);
    }
    if (filter.openedAfter !== undefined) {
      where.push("m.created_at > ?");
      params.push(iso(filter.openedAfter));
    }
    if (filter.level !== undefined) {
      where.push("m.level_min_tenths <= ? and m.level_max_tenths >= ?");
      params.push(tenths(filter.level), tenths(filter.level));
    }
    // a place nobody holds: neither paid (the link's count) nor held by an open intent
    where.push("l.current_participants + (select count(*) from payments q where q.booking_id = m.booking_id and q.share_token = l.token " +
      "and q.kind = 'shared' and q.status = 'pending') < l.max_participants");
    const rows = await sql.all(`${VIEW_SELECT} where ${where.join(" and ")} order by m.deadline, m.id limit ?`, [...params, filter.limit]);
    return rows.map(toView);
  },
  async digestSubscribers(day, limit) {
    const rows = await sql.all(
      `select ${USER_COLUMNS} from users u where u.match_digest = ? and u.level_tenths is not null and u.email <> '' ` +
        "and (u.match_digest_on is null or u.match_digest_on < ?) order by u.id limit ?",
      [true, day, limit],
    );
    return rows.map(toUser);
  },
  async markDigest(userId, day) {
    return (await sql.run("update users set match_digest_on = ? where id = ? and (match_digest_on is null or match_digest_on < ?)", [day, userId, day])) > 0;
  },
  async players(bookingIds) {
    const out = new Map<string, MatchPlayer[]>();
    if (bookingIds.length === 0) return out;
    // Read by the booking index alone and filtered and ordered here: with the status or an order in
    // the statement, SQLite walks (status, paid_at) over every payment ever made (250 ms with 57,000).
    const rows = (
      await sql.all(
        "select p.id, p.booking_id, p.status, p.kind, p.paid_at, u.full_name, u.username, u.level_tenths, pp.name as guest_name from payments p " +
          "left join users u on u.id = p.user_id left join payment_payers pp on pp.payment_id = p.id " +
          `where p.booking_id in (${placeholders(bookingIds.length)})`,
        [...bookingIds],
      )
    )
      .filter((r) => r.status === "succeeded" && ["partial", "full", "shared"].includes(String(r.kind)))
      .map((r) => ({ r, paidAt: instant(r, "paid_at").getTime(), id: str(r, "id") }))
      .sort((a, b) => a.paidAt - b.paidAt || (a.id < b.id ? -1 : 1))
      .map(({ r }) => r);
    for (const r of rows) {
      const bookingId = str(r, "booking_id");
      const list = out.get(bookingId) ?? [];
      const hasUser = r.username != null;
      list.push({
        firstName: hasUser ? firstNameOf(strOrNull(r, "full_name"), strOrNull(r, "username")) : firstNameOf(strOrNull(r, "guest_name"), null),
        level: r.level_tenths == null ? null : int(r, "level_tenths") / 10,
      });
      out.set(bookingId, list);
    }
    return out;
  },
  async leave(input) {
    return sql.transaction(async (tx) => {
      // the booking first (the order recording a payment takes: payment, booking, link)
      const lowered = await tx.run(
        "update bookings set paid_amount = paid_amount - ? where id = ? and status = 'active' and paid_amount >= ? " +
          "and coalesce(share_deadline_at, ?) > ?",
        [input.counted, input.bookingId, input.counted, iso(input.at), iso(input.at)],
      );
      if (lowered === 0) return "deadline" as const;
      const owed = await oweRefunds(tx, { bookingId: input.bookingId, reason: "player", owed: [input.refund], at: input.at });
      // only a succeeded share, refunded just now for the first time, leaves: a second request finds it refunded
      if (owed.length === 0) throw new NotInMatch();
      const freed = await tx.run("update share_links set current_participants = current_participants - 1 where id = ? and current_participants > 0", [
        input.shareLinkId,
      ]);
      if (freed === 0) throw new NotInMatch();
      await recordEvents(tx, input.events, input.at);
      return "left" as const;
    }).catch((error: unknown) => {
      if (error instanceof NotInMatch) return "not-in-match" as const;
      throw error;
    });
  },
});

/** Thrown inside leave's transaction to roll it back: the payment was not a live share of the booking. */
class NotInMatch extends Error {
  constructor() {
    super("not a paid place of the match");
  }
}
