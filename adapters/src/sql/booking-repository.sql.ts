import { DeadlockException } from "@mikro-orm/core";
import type { Booking, BookingRepository, ClubMoment, PaidAfter, PlayerLimits, UserBookingsQuery } from "@courts/core";
import { slotHolderOutcome } from "@courts/core";
import { BOOKING_COLUMNS, BOOKING_WITH_COURT_SELECT, toBookingWithCourt } from "./mappers.js";
import { inOneTurn } from "../limit.js";
import { findOne, instantOrNull, int, iso, isoOrNull, str, strOrNull } from "./rows.js";
import { recordEvents } from "./event-log.sql.js";
import { oweRefunds } from "./refund-ledger.sql.js";
import { claimBatch, placeholders, violates, type Param, type SqlClient, type SqlTx } from "./sql-client.js";

const slotTaken = (error: unknown) =>
  violates(error, "bookings_active_slot_unique", "bookings.court_id, bookings.booking_date, bookings.time_slot");

/** The trigger bookings_not_blocked (migration 20261123001800) refused the row: a block closes the slot. */
export const slotBlocked = (error: unknown): boolean => error instanceof Error && error.message.includes("court_blocked");

const INSERT =
  "insert into bookings (id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, " +
  "status, cancellation_reason, refund_percentage, created_at, cancelled_at, hold_expires_at, share_deadline_at, remainder_status) " +
  "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
/** INSERT's columns and parameters as a SELECT, to which a WHERE adds the conditions of the write. */
const INSERT_SELECT = INSERT.replace(" values (", " select ").replace(/\)$/, "");

const insertParams = (b: Booking): Param[] => [
  b.id,
  b.userId,
  b.courtId,
  b.date,
  b.timeSlot,
  b.gameType,
  b.tariffType,
  b.totalAmount,
  b.paidAmount,
  b.status,
  b.cancellationReason,
  b.refundPercentage,
  iso(b.createdAt),
  isoOrNull(b.cancelledAt),
  isoOrNull(b.holdExpiresAt),
  isoOrNull(b.shareDeadlineAt),
  b.remainderStatus,
];

type HoldLimits = Parameters<BookingRepository["insertHold"]>[1];
type HoldOutcome = Awaited<ReturnType<BookingRepository["insertHold"]>>;

/** A player's live unpaid holds, counted no further than `limit`, along bookings_unpaid_holds_idx. */
const unpaidHeld = (userId: string, now: string, limit: string) =>
  `(select count(*) from (select 1 from bookings where user_id = ${userId} and status = 'active' and paid_amount = 0 ` +
  `and hold_expires_at is not null and hold_expires_at > ${now} limit ${limit}) held)`;

/**
 * The unpaid holds the player may have, as their row says when the hold is written: fewer while
 * their email is not confirmed (DESIGN.md section 13). No row (a foreign-key failure to come)
 * reads as unconfirmed.
 */
const unpaidLimit = (userId: string, verified: string, unverified: string) =>
  `case when (select u.email_verified from users u where u.id = ${userId}) then ${verified} else ${unverified} end`;

/**
 * The player's own hold on the slot that ran out unpaid after `since` (swept to expired or still
 * overdue) keeps them from holding it again (DESIGN.md section 13); found along
 * bookings_user_date_slot_idx among the player's few bookings of that date and time.
 */
const recentlyHeldWhere = (user: string, courtId: string, date: string, slot: string, since: string, now: string) =>
  `p.user_id = ${user} and p.court_id = ${courtId} and p.booking_date = ${date} and p.time_slot = ${slot} ` +
  `and p.status in ('active', 'expired') and p.paid_amount = 0 and p.hold_expires_at > ${since} and p.hold_expires_at <= ${now}`;
const notRecentlyHeld = (user: string, courtId: string, date: string, slot: string, since: string, now: string) =>
  `not exists (select 1 from bookings p where ${recentlyHeldWhere(user, courtId, date, slot, since, now)})`;

/** The unpaid limit for a player whose email is not confirmed: never above the one for everyone. */
const unverifiedLimitOf = (maxUnpaid: number, limits: HoldLimits): number => Math.min(maxUnpaid, limits.maxUnpaidUnverified ?? maxUnpaid);

/**
 * The player's live bookings (an overdue hold is not one) on the venue's courts that match
 * `where`, counted no further than the limit: the venue's per-player limits (DESIGN.md section 15),
 * read along bookings_user_date_slot_idx among the player's bookings from a date on.
 */
const liveAtVenue = (where: string) =>
  `(select count(*) from (select 1 from bookings u where u.user_id = ? and ${where} and u.status not in ('cancelled', 'expired') ` +
  "and not (u.status = 'active' and u.paid_amount = 0 and u.hold_expires_at is not null and u.hold_expires_at <= ?) " +
  "and u.court_id in (select c.id from courts c where c.venue_id = ?) limit ?) n)";
const UPCOMING_AT_VENUE = liveAtVenue("u.booking_date >= ? and (u.booking_date > ? or u.time_slot > ?)");
const ON_DAY_AT_VENUE = liveAtVenue("u.booking_date = ?");
const upcomingAtVenueParams = (userId: string, limits: PlayerLimits, now: Date, limit: number): Param[] => [
  userId,
  limits.from.date,
  limits.from.date,
  limits.from.time,
  iso(now),
  limits.venueId,
  limit,
];
const onDayAtVenueParams = (booking: Pick<Booking, "userId" | "date">, limits: PlayerLimits, now: Date, limit: number): Param[] => [
  booking.userId,
  booking.date,
  iso(now),
  limits.venueId,
  limit,
];

/** SQLite's hold: INSERT ... SELECT with the hold's conditions in its WHERE. */
const insertIfAllowed = (booking: Booking, limits: HoldLimits): [string, Param[]] => {
  const conditions = ["not exists (select 1 from bookings b where b.user_id = ? and " + BALANCE_DUE + ")"];
  const params: Param[] = [...insertParams(booking), booking.userId];
  if (limits.maxUnpaid !== null) {
    // counted up to the larger limit, enough to compare with either
    conditions.push(`${unpaidHeld("?", "?", "?")} < ${unpaidLimit("?", "?", "?")}`);
    params.push(booking.userId, iso(limits.now), limits.maxUnpaid, booking.userId, limits.maxUnpaid, unverifiedLimitOf(limits.maxUnpaid, limits));
  }
  if (limits.reholdBarSince !== undefined) {
    conditions.push(notRecentlyHeld("?", "?", "?", "?", "?", "?"));
    params.push(booking.userId, booking.courtId, booking.date, booking.timeSlot, iso(limits.reholdBarSince), iso(limits.now));
  }
  const perPlayer = limits.perPlayer;
  if (perPlayer?.maxUpcoming != null) {
    conditions.push(`${UPCOMING_AT_VENUE} < ?`);
    params.push(...upcomingAtVenueParams(booking.userId, perPlayer, limits.now, perPlayer.maxUpcoming), perPlayer.maxUpcoming);
  }
  if (perPlayer?.maxPerDay != null) {
    conditions.push(`${ON_DAY_AT_VENUE} < ?`);
    params.push(...onDayAtVenueParams(booking, perPlayer, limits.now, perPlayer.maxPerDay), perPlayer.maxPerDay);
  }
  return [`${INSERT_SELECT} where ${conditions.join(" and ")}`, params];
};

const INSERT_COLUMNS = INSERT.slice(INSERT.indexOf("(") + 1, INSERT.indexOf(")")).split(", ");
/**
 * The booking as insert_hold reads it: INSERT's columns, named, with INSERT's values, then `extra`
 * (not `{ ...holdFields(b), extra }`: a spread followed by new keys gives every object a map of its
 * own in Node 20's V8, and JSON.stringify and every other read of it then miss V8's caches).
 */
const holdFields = (b: Booking, extra: readonly (readonly [string, Param])[] = []): Record<string, Param> => {
  const values = insertParams(b);
  return Object.fromEntries([...INSERT_COLUMNS.map((column, i) => [column, values[i]!] as const), ...extra]);
};
const holdRow = (b: Booking): string => JSON.stringify(holdFields(b));

/** A hold of a statement of holds that failed when tried again alone: its caller gets the error. */
class Failed {
  constructor(readonly error: unknown) {}
}

/** Rolls the cancel's transaction back when the booking was no longer active. */
class NotCancelled extends Error {}

/** The booking starts after a moment of the club's clock (date, date, HH:MM), read from its own row. */
const NOT_STARTED = "(booking_date > ? or (booking_date = ? and time_slot > ?))";

/** As the partial unique index bookings_active_slot_unique reads it. */
const HOLDS_SLOT = "status not in ('cancelled', 'expired')";
/** A booking `b` that starts after a moment (paidAheadParams). */
const AHEAD = "(b.booking_date > ? or (b.booking_date = ? and b.time_slot > ?))";
/**
 * A live booking `b` holding money that starts after a moment (paidAheadParams): HOLDS_SLOT as the
 * partial unique index reads it, so both planners walk that index per court.
 */
export const PAID_AHEAD = `b.${HOLDS_SLOT} and b.paid_amount > 0 and ${AHEAD}`;
export const paidAheadParams = (after: PaidAfter): Param[] => [after.date, after.date, after.time];

/**
 * `move` (a court's UPDATE to another venue, PAID_AHEAD in its own condition) in a transaction
 * that first waits for the payments being recorded on the court's live bookings ahead. On
 * PostgreSQL a recording holds its booking's row from its UPDATE until it commits, and the move's
 * condition reads a snapshot taken when the statement starts: without the wait, a payment written
 * but not yet committed is not seen, and its game would move to another club with the money.
 * Share-locking those bookings waits for it (and holds back new ones until the move commits). The
 * court's row is taken first, as the UPDATE itself takes it (no key changes: new holds on it still
 * go), so two changes of one court queue there. The move deletes nothing, so no cascade needs what
 * another transaction holds; should PostgreSQL's deadlock detector end it all the same, it runs
 * again from the start, up to DEADLOCK_TRIES times. SQLite's one writer runs a transaction with no
 * other write in between, so there it is `move` alone.
 */
export const afterPaymentsAhead = <T>(sql: SqlClient, courtId: string, after: PaidAfter, move: (tx: SqlTx) => Promise<T>): Promise<T> =>
  againAfterDeadlock(() =>
    sql.transaction(async (tx) => {
      if (sql.engine === "postgresql") {
        await tx.all("select id from courts where id = ? for no key update", [courtId]);
        await tx.all(
          `select b.id from bookings b where b.court_id = ? and b.${HOLDS_SLOT} and ${AHEAD} for share`,
          [courtId, ...paidAheadParams(after)],
        );
      }
      return move(tx);
    }),
  );

const DEADLOCK_TRIES = 3;

/**
 * A transaction that PostgreSQL's deadlock detector ended runs again from the start, up to
 * DEADLOCK_TRIES times. For a transaction whose every effect is in the database (it rolled back
 * whole): a removal, a move, and the refunds of a cancellation or a closure, which write several
 * payments in turn and so move the aggregates the triggers keep (report_days, transaction_days)
 * in an order another such transaction may take the other way round.
 */
export const againAfterDeadlock = async <T>(transaction: () => Promise<T>): Promise<T> => {
  for (let tries = 1; ; tries++) {
    try {
      return await transaction();
    } catch (error) {
      if (!(error instanceof DeadlockException) || tries >= DEADLOCK_TRIES) throw error;
    }
  }
};

/**
 * `remove` (the DELETE of a court or a venue, with PAID_AHEAD in its own condition) once every
 * booking written but not yet committed is committed. On PostgreSQL a payment's recording holds
 * its booking's row from its UPDATE until it commits, and the DELETE's condition reads a snapshot
 * taken when the statement starts: without the wait, that payment is not seen, and the paid game
 * would go with its court while the money stays recorded. The lock is the one a closure takes
 * (block-repository.sql.ts): it waits for every transaction that writes bookings and holds back
 * new ones until the removal commits, and a removal and a closure take it first, so they queue
 * there instead of deadlocking on the rows the cascade deletes; a cash payment takes the lock a
 * booking's write takes before it writes anything (recordCash). Removals are rare, and hold it for
 * one statement; should a deadlock end one all the same, it runs again. SQLite's one writer runs a
 * transaction with no other write in between, so there it is `remove` alone.
 */
export const afterBookingWrites = <T>(sql: SqlClient, remove: (tx: SqlTx) => Promise<T>): Promise<T> =>
  againAfterDeadlock(() =>
    sql.transaction(async (tx) => {
      if (sql.engine === "postgresql") await tx.run("lock table bookings in share row exclusive mode");
      return remove(tx);
    }),
  );

/** An unpaid hold past its expiry: it no longer holds its slot, swept or not (DESIGN.md section 8). */
const OVERDUE = "(status = 'active' and paid_amount = 0 and hold_expires_at is not null and hold_expires_at <= ?)";
/** A remainder the organiser's card could not pay, not paid since: it blocks new bookings. */
const BALANCE_DUE = "b.remainder_status = 'failed' and b.paid_amount < b.total_amount and b.status not in ('cancelled', 'expired')";
/** A field of the hold `h` of INSERT_HOLDS. */
const field = (key: string) => `h.value ->> '${key}'`;
/**
 * SQLite: holds asked together (holdsTogether), in one statement and one commit. Each row carries its player's
 * conditions as insertIfAllowed's WHERE does; a row that would break a unique index (a slot taken
 * before or earlier in the same statement) is skipped, not failed (OR IGNORE; the trigger's
 * upsert of player_history_counts keeps its own DO UPDATE). The SELECT reads bookings as they were
 * before the statement, so the rows of one statement belong to different players: each player's
 * count of unpaid holds is then exact. `returning id` names the rows written.
 */
const INSERT_HOLDS =
  `insert or ignore into bookings (${INSERT_COLUMNS.join(", ")}) ` +
  `select ${INSERT_COLUMNS.map((column) => field(column)).join(", ")} from json_each(?) h ` +
  `where not exists (select 1 from bookings b where b.user_id = ${field("user_id")} and ${BALANCE_DUE}) ` +
  `and (${field("limited")} = 0 or ${unpaidHeld(field("user_id"), field("as_of"), "?")} < ${unpaidLimit(field("user_id"), "?", "?")}) ` +
  `and (${field("bar_since")} is null or ` +
  `${notRecentlyHeld(field("user_id"), field("court_id"), field("booking_date"), field("time_slot"), field("bar_since"), field("as_of"))}) returning id`;
/** Holds written in one statement at most (a row is about 600 bytes of JSON). */
export const HOLDS_TOGETHER = 64;
/** Statements of holds sent to the writer at once: one runs while the next waits behind it. */
const HOLD_STATEMENTS_AT_ONCE = 2;

const FREE = "(b.claimed_until is null or b.claimed_until <= ?)";
const DUE = {
  holds: `b.status = 'active' and b.paid_amount = 0 and b.hold_expires_at is not null and b.hold_expires_at <= ? and ${FREE}`,
  remainders:
    "b.status = 'active' and b.share_deadline_at is not null and b.share_deadline_at <= ? and b.paid_amount > 0 " +
    `and b.paid_amount < b.total_amount and (b.remainder_status is null or b.remainder_status = 'charging') and ${FREE}`,
} as const;

/**
 * A player's live bookings that have not started at a moment (upcomingParams): the "upcoming" page
 * and its total, as listOf (domain/booking-state.ts) splits them. `booking_date >= ?` first, so
 * both planners read bookings_user_date_slot_idx from the moment's date on.
 */
const NOT_STARTED_LIVE = `booking_date >= ? and (booking_date > ? or time_slot > ?) and status not in ('cancelled', 'expired') and not ${OVERDUE}`;
const UPCOMING = `user_id = ? and ${NOT_STARTED_LIVE}`;
/** The rest of the player's bookings: started, cancelled, expired or overdue (upcomingParams). */
const PAST = `user_id = ? and not (${NOT_STARTED_LIVE})`;
const upcomingParams = (userId: string, now: ClubMoment): Param[] => [userId, now.date, now.date, now.time, iso(now.at)];
/**
 * A player's total for one scope without counting their whole history: all their bookings are
 * kept in player_history_counts with every booking written; only the upcoming ones (a handful
 * for a real player) are counted, and the past ones are the rest.
 */
const PLAYER_TOTAL = "coalesce((select bookings from player_history_counts where user_id = ?), 0)";
const PLAYER_UPCOMING = `(select count(*) from bookings where ${UPCOMING})`;
const playerTotal = (userId: string, query: UserBookingsQuery): [string, Param[]] =>
  query.scope === undefined
    ? [`select ${PLAYER_TOTAL} as n`, [userId]]
    : query.scope === "upcoming"
      ? [`select ${PLAYER_UPCOMING} as n`, upcomingParams(userId, query.now)]
      : [`select ${PLAYER_TOTAL} - ${PLAYER_UPCOMING} as n`, [userId, ...upcomingParams(userId, query.now)]];

/**
 * `status not in ('cancelled', 'expired')` is written exactly like the predicate of the partial
 * unique index bookings_active_slot_unique, so both planners can use that index for the per-court reads.
 */
export const sqlBookingRepository = (sql: SqlClient): BookingRepository => {
  /** Which of the venue's per-player limits the player's live bookings there already reach, in one read. */
  const venueLimitReached = async (booking: Pick<Booking, "userId" | "date">, perPlayer: PlayerLimits, now: Date) => {
    const { maxUpcoming, maxPerDay } = perPlayer;
    if (maxUpcoming === null && maxPerDay === null) return null;
    const counts = await sql.one(
      `select ${maxUpcoming === null ? "0" : UPCOMING_AT_VENUE} as upcoming, ${maxPerDay === null ? "0" : ON_DAY_AT_VENUE} as on_day`,
      [
        ...(maxUpcoming === null ? [] : upcomingAtVenueParams(booking.userId, perPlayer, now, maxUpcoming)),
        ...(maxPerDay === null ? [] : onDayAtVenueParams(booking, perPlayer, now, maxPerDay)),
      ],
    );
    if (maxUpcoming !== null && counts && int(counts, "upcoming") >= maxUpcoming) return "upcoming-limit" as const;
    if (maxPerDay !== null && counts && int(counts, "on_day") >= maxPerDay) return "day-limit" as const;
    return null;
  };

  /** A slot's holder as BookingRepository's insertHold tells it (slotHolderOutcome). */
  const holderOutcome = async (booking: Booking, now: Date): Promise<HoldOutcome> => {
    const row = await sql.one(
      `select id, user_id, status, paid_amount, hold_expires_at from bookings where court_id = ? and booking_date = ? and time_slot = ? and ${HOLDS_SLOT}`,
      [booking.courtId, booking.date, booking.timeSlot],
    );
    if (!row) return "slot-taken";
    const holder = {
      id: str(row, "id"),
      userId: str(row, "user_id"),
      status: str(row, "status") as Booking["status"],
      paidAmount: int(row, "paid_amount"),
      holdExpiresAt: instantOrNull(row, "hold_expires_at"),
    };
    return slotHolderOutcome(holder, booking.userId, now);
  };

  const insertHold = async (booking: Booking, limits: HoldLimits): Promise<HoldOutcome> => {
    // Written only when the player owes no balance, holds fewer unpaid bookings than allowed and
    // did not just let a hold of the same slot run out, with the checks and the insert one step
    // for every process. On SQLite, one conditional INSERT: a writing statement takes the write
    // lock before it reads. On PostgreSQL, insert_hold (migrations ...000200_hold_in_one_call,
    // ...20261207000600_hold_abuse_limits) does the same under the player's row lock, so two
    // requests of one player are counted one after the other, in one round trip (FOR NO KEY UPDATE
    // since ...20261127000200: a KEY SHARE of the player's row does not wait for it).
    try {
      if (sql.engine === "sqlite") {
        if ((await sql.run(...insertIfAllowed(booking, limits))) > 0) return booking;
      } else {
        const answer = str(
          (await sql.one("select place_hold(?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?) as answer", [
                holdRow(booking),
                iso(limits.now),
                limits.maxUnpaid,
                limits.maxUnpaid === null ? null : unverifiedLimitOf(limits.maxUnpaid, limits),
                isoOrNull(limits.reholdBarSince ?? null),
                limits.perPlayer?.venueId ?? null,
                limits.perPlayer?.maxUpcoming ?? null,
                limits.perPlayer?.maxPerDay ?? null,
                limits.perPlayer?.from.date ?? null,
                limits.perPlayer?.from.time ?? null,
          ]))!,
          "answer",
        );
        if (answer === "written") return booking;
        if (answer === "taken") return "slot-taken";
        if (answer.startsWith("overdue:")) return { overdueHold: answer.slice("overdue:".length) };
        if (answer.startsWith("own:")) return { ownBooking: answer.slice("own:".length) };
      }
    } catch (error) {
      // SQLite: the slot's unique index refused the insert; who holds it, read after the fact
      if (slotTaken(error)) return holderOutcome(booking, limits.now);
      if (slotBlocked(error)) return "slot-blocked";
      throw error;
    }
    // refused: which rule, read after the fact (a balance due is the one to tell first)
    const since = limits.reholdBarSince;
    const why = await sql.one(
      `select (select b.id from bookings b where b.user_id = ? and ${BALANCE_DUE} limit 1) as due, ` +
        (since === undefined ? "null as held_until" : `(select max(p.hold_expires_at) from bookings p where ${recentlyHeldWhere("?", "?", "?", "?", "?", "?")}) as held_until`),
      since === undefined
        ? [booking.userId]
        : [booking.userId, booking.userId, booking.courtId, booking.date, booking.timeSlot, iso(since), iso(limits.now)],
    );
    if (why?.["due"] != null) return "balance-due";
    const heldUntil = why ? instantOrNull(why, "held_until") : null;
    if (heldUntil) return { heldUntil };
    const over = limits.perPlayer === undefined ? null : await venueLimitReached(booking, limits.perPlayer, limits.now);
    return over ?? "too-many-unpaid";
  };

  /**
   * The holds asked while the database is busy with earlier ones go together: one statement and
   * one commit for all (SQLite: INSERT_HOLDS; PostgreSQL: insert_holds, migration
   * ...20261127000100). A hold it did not write, or every one of them when it failed (a block's
   * trigger aborts the whole statement), is tried again alone: insertHold tells why, as for any
   * hold. A lone hold, a second one of a player already in the statement, or one under another
   * limit goes alone from the start.
   */
  const holdsTogether = inOneTurn<{ booking: Booking; limits: HoldLimits }, HoldOutcome | Failed>(
    HOLDS_TOGETHER,
    async (asked) => {
      if (asked.length === 1) return [await insertHold(asked[0]!.booking, asked[0]!.limits)];
      const limited = asked.find((a) => a.limits.maxUnpaid !== null)?.limits;
      const maxUnpaid = limited?.maxUnpaid ?? 0;
      const maxUnpaidUnverified = limited ? unverifiedLimitOf(maxUnpaid, limited) : 0;
      const players = new Set<string>();
      const together = asked.filter(({ booking, limits }) => {
        // a venue's per-player limits are counted by insertHold's statement alone
        if (players.has(booking.userId) || limits.perPlayer !== undefined) return false;
        if (limits.maxUnpaid !== null && (limits.maxUnpaid !== maxUnpaid || unverifiedLimitOf(limits.maxUnpaid, limits) !== maxUnpaidUnverified))
          return false;
        players.add(booking.userId);
        return true;
      });
      // every hold asked under a limit of its own: each goes alone, with no statement sent for none
      if (together.length === 0) return Promise.all(asked.map(({ booking, limits }) => insertHold(booking, limits).catch((error: unknown) => new Failed(error))));
      const holds = JSON.stringify(
        together.map(({ booking, limits }) =>
          holdFields(booking, [
            ["limited", limits.maxUnpaid === null ? 0 : 1],
            ["as_of", iso(limits.now)],
            ["bar_since", isoOrNull(limits.reholdBarSince ?? null)],
          ]),
        ),
      );
      const written = await (
        sql.engine === "sqlite"
          ? sql.all(INSERT_HOLDS, [holds, maxUnpaid, maxUnpaid, maxUnpaidUnverified])
          : sql.all("select insert_holds(?::jsonb, ?, ?) as id", [holds, maxUnpaid, maxUnpaidUnverified])
      )
        .then((rows) => new Set(rows.map((row) => str(row, "id"))))
        // each hold alone then meets the failure again, or tells its own refusal
        .catch(() => new Set<string>());
      // each hold its own answer: one that fails alone (its court removed meanwhile) fails no other
      return Promise.all(
        asked.map(({ booking, limits }) =>
          written.has(booking.id) ? booking : insertHold(booking, limits).catch((error: unknown) => new Failed(error)),
        ),
      );
    },
    HOLD_STATEMENTS_AT_ONCE,
  );

  return {
    async insert(booking) {
      try {
        await sql.run(INSERT, insertParams(booking));
        return booking;
      } catch (error) {
        if (slotTaken(error)) return "slot-taken";
        if (slotBlocked(error)) return "slot-blocked";
        throw error;
      }
    },
    findById(id) {
      return findOne(sql, `${BOOKING_WITH_COURT_SELECT} where b.id = ?`, [id], toBookingWithCourt);
    },
    async listByUser(userId) {
      const rows = await sql.all(
        `${BOOKING_WITH_COURT_SELECT} where b.user_id = ? order by b.booking_date desc, b.time_slot desc, b.created_at desc`,
        [userId],
      );
      return rows.map(toBookingWithCourt);
    },
    async pageByUser(userId, query) {
      // Each order is the index bookings_user_date_slot_idx read forwards or backwards: the page
      // stops at its limit, and only that page is joined with its courts and venues.
      const [where, params, order] =
        query.scope === "upcoming"
          ? [UPCOMING, upcomingParams(userId, query.now), "booking_date, time_slot, id"]
          : query.scope === "past"
            ? [PAST, upcomingParams(userId, query.now), "booking_date desc, time_slot desc, id desc"]
            : ["user_id = ?", [userId], "booking_date desc, time_slot desc, id desc"];
      const offset = (query.page - 1) * query.pageSize;
      const [rows, count] = await Promise.all([
        sql.all(
          `select ${BOOKING_COLUMNS}, c.name as court_name, c.court_number, c.venue_id, v.name as venue_name ` +
            `from (select * from bookings where ${where} order by ${order} limit ? offset ?) b ` +
            `join courts c on c.id = b.court_id join venues v on v.id = c.venue_id order by ${order.replaceAll(/(^|, )/g, "$1b.")}`,
          [...params, query.pageSize, offset],
        ),
        sql.one(...playerTotal(userId, query)),
      ]);
      return { items: rows.map(toBookingWithCourt), total: count ? int(count, "n") : 0, page: query.page, pageSize: query.pageSize };
    },
    async findManyByIds(ids) {
      if (ids.length === 0) return [];
      const rows = await sql.all(`${BOOKING_WITH_COURT_SELECT} where b.id in (${placeholders(ids.length)})`, ids);
      return rows.map(toBookingWithCourt);
    },
    async listByDate(date, venueId) {
      const byVenue = venueId === undefined ? "" : " and c.venue_id = ?";
      const rows = await sql.all(
        `${BOOKING_WITH_COURT_SELECT} where b.booking_date = ? and b.status not in ('cancelled', 'expired')${byVenue} order by b.time_slot, c.court_number`,
        venueId === undefined ? [date] : [date, venueId],
      );
      return rows.map(toBookingWithCourt);
    },
    async paidAhead(scope, after, limit) {
      const [column, id] = "courtId" in scope ? ["b.court_id", scope.courtId] : ["c.venue_id", scope.venueId];
      const rows = await sql.all(
        `${BOOKING_WITH_COURT_SELECT} where ${column} = ? and ${PAID_AHEAD} order by b.booking_date, b.time_slot, c.court_number limit ?`,
        [id, ...paidAheadParams(after), limit],
      );
      return rows.map(toBookingWithCourt);
    },
    async countActiveOnDate(date) {
      const row = await sql.one("select count(*) as n from bookings where booking_date = ? and status not in ('cancelled', 'expired')", [
        date,
      ]);
      return row ? int(row, "n") : 0;
    },
    async insertHold(booking, limits) {
      const outcome = await holdsTogether({ booking, limits });
      if (outcome instanceof Failed) throw outcome.error;
      return outcome;
    },
    venueLimitReached,
    holderOf(courtId, date, timeSlot) {
      return findOne(
        sql,
        `${BOOKING_WITH_COURT_SELECT} where b.court_id = ? and b.booking_date = ? and b.time_slot = ? and b.${HOLDS_SLOT}`,
        [courtId, date, timeSlot],
        toBookingWithCourt,
      );
    },
    async claimDue(kind, now, until, limit) {
      const claimed = await claimBatch(
        sql,
        { table: "bookings", set: "claimed_until = ?", pick: `select b.id from bookings b where ${DUE[kind]} order by b.id limit ?` },
        [iso(until), iso(now), iso(now), limit],
      );
      if (claimed.length === 0) return [];
      const ids = claimed.map((r) => str(r, "id"));
      const rows = await sql.all(`${BOOKING_WITH_COURT_SELECT} where b.id in (${placeholders(ids.length)})`, ids);
      return rows.map(toBookingWithCourt);
    },
    async expireHold(id, now, events) {
      const expire = `update bookings set status = 'expired', claimed_until = null where id = ? and ${OVERDUE}`;
      if (events === undefined || events.length === 0) return (await sql.run(expire, [id, iso(now)])) > 0;
      return sql.transaction(async (tx) => {
        if ((await tx.run(expire, [id, iso(now)])) === 0) return false;
        await recordEvents(tx, events, now);
        return true;
      });
    },
    async setRemainder(id, status, { paymentId, events, at } = {}) {
      const move = (run: SqlTx["run"]) =>
        run(
          "update bookings set remainder_status = ?, remainder_payment_id = coalesce(remainder_payment_id, ?), " +
            "claimed_until = case when ? = 'charging' then claimed_until else null end where id = ?",
          [status, paymentId ?? null, status, id],
        );
      if (events === undefined || events.length === 0) await move((text, params) => sql.run(text, params));
      else
        await sql.transaction(async (tx) => {
          if ((await move((text, params) => tx.run(text, params))) > 0) await recordEvents(tx, events, at ?? new Date());
        });
      const row = await sql.one("select remainder_payment_id from bookings where id = ?", [id]);
      return row ? strOrNull(row, "remainder_payment_id") : null;
    },
    async listBalancesDue(userId) {
      const rows = await sql.all(
        `${BOOKING_WITH_COURT_SELECT} where ${BALANCE_DUE}${userId === undefined ? "" : " and b.user_id = ?"} ` +
          "order by b.booking_date, b.time_slot",
        userId === undefined ? [] : [userId],
      );
      return rows.map(toBookingWithCourt);
    },
    async cancel(id, change) {
      const by = change.notStartedBy;
      // the game's start as the row has it, checked by the statement that cancels: a request that
      // looked just before the start and writes after it changes nothing (DESIGN.md section 14)
      const cancel = "update bookings set status = 'cancelled', cancellation_reason = ?, refund_percentage = ?, cancelled_at = ? " +
        `where id = ? and status = 'active'${by === undefined ? "" : ` and ${NOT_STARTED}`}`;
      const params = [change.reason, change.refundPercentage, iso(change.at), id, ...(by === undefined ? [] : [by.date, by.date, by.time])];
      const refunds = change.refunds;
      const events = change.events ?? [];
      // nothing cancelled while the row is still active: only its start can have refused it
      const refused = async (): Promise<false | "started"> => {
        if (by === undefined) return false;
        const status = await findOne(sql, "select status from bookings where id = ?", [id], (r) => str(r, "status"));
        return status === "active" ? "started" : false;
      };
      if ((refunds === undefined || refunds.owed.length === 0) && events.length === 0) return (await sql.run(cancel, params)) > 0 || refused();
      // Payments first, then the booking: the order markSucceeded takes, so PostgreSQL queues the
      // two on row locks instead of deadlocking.
      try {
        return await againAfterDeadlock(() =>
          sql.transaction(async (tx) => {
            if (refunds !== undefined) await oweRefunds(tx, { bookingId: id, reason: refunds.reason, owed: refunds.owed, at: change.at });
            if ((await tx.run(cancel, params)) === 0) throw new NotCancelled();
            await recordEvents(tx, events, change.at);
            return true;
          }),
        );
      } catch (error) {
        if (error instanceof NotCancelled) return refused();
        throw error;
      }
    },
  };
};
