import type {
  ClaimedMessage,
  LocalDate,
  Notice,
  NotificationRepository,
  Outbox,
  PayerInfo,
  WaitlistEntry,
  WaitlistRepository,
} from "@courts/core";
import { isNoticeKind } from "@courts/core";
import { bool, findOne, instant, instantOrNull, int, iso, str, strOrNull } from "./rows.js";
import { claimBatch, placeholders, violates, type Row, type SqlClient } from "./sql-client.js";

/** The outbox's payload is written only by enqueue below, from a typed Notice. */
const noticeOf = (row: Row): Notice => {
  const kind = str(row, "kind");
  const payload: unknown = JSON.parse(str(row, "payload"));
  if (!isNoticeKind(kind) || typeof payload !== "object" || payload === null || (payload as { kind?: unknown }).kind !== kind)
    throw new TypeError(`outbox row ${str(row, "id")}: payload does not match kind ${kind}`);
  return payload as Notice;
};

const toClaimed = (row: Row): ClaimedMessage => ({
  id: str(row, "id"),
  eventKey: str(row, "event_key"),
  to: str(row, "recipient"),
  notice: noticeOf(row),
  createdAt: instant(row, "created_at"),
  attempts: int(row, "attempts"),
});

export const sqlOutbox = (sql: SqlClient): Outbox => ({
  async enqueue(message) {
    const written = await sql.run(
      "insert into outbox (id, event_key, kind, recipient, payload, status, attempts, next_attempt_at, created_at) " +
        "values (?, ?, ?, ?, ?, 'pending', 0, ?, ?) on conflict (event_key) do nothing",
      [message.id, message.eventKey, message.notice.kind, message.to, JSON.stringify(message.notice), iso(message.createdAt), iso(message.createdAt)],
    );
    return written > 0;
  },
  async claim(now, leaseUntil, limit) {
    const rows = await claimBatch(
      sql,
      {
        table: "outbox",
        set: "status = 'sending', attempts = attempts + 1, locked_until = ?",
        pick:
          "select id from outbox where (status = 'pending' and next_attempt_at <= ?) or (status = 'sending' and locked_until <= ?) " +
          "order by next_attempt_at, created_at limit ?",
        returning: "id, event_key, kind, recipient, payload, attempts, created_at",
      },
      [iso(leaseUntil), iso(now), iso(now), limit],
    );
    return rows.map(toClaimed).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  },
  async markSent(id, at) {
    await sql.run("update outbox set status = 'sent', sent_at = ?, locked_until = null, last_error = null where id = ? and status = 'sending'", [
      iso(at),
      id,
    ]);
  },
  async retryLater(id, nextAttemptAt, error) {
    await sql.run(
      "update outbox set status = 'pending', next_attempt_at = ?, locked_until = null, last_error = ? where id = ? and status = 'sending'",
      [iso(nextAttemptAt), error.slice(0, 1000), id],
    );
  },
  async pruneSent(before) {
    return sql.run("delete from outbox where status = 'sent' and sent_at < ?", [iso(before)]);
  },
  async markFailed(id, error) {
    await sql.run("update outbox set status = 'failed', locked_until = null, last_error = ? where id = ? and status = 'sending'", [
      error.slice(0, 1000),
      id,
    ]);
  },
});

export const sqlNotifications = (sql: SqlClient): NotificationRepository => ({
  async settings(userId) {
    const row = await sql.one("select reminders_enabled, feed_token from notification_settings where user_id = ?", [userId]);
    return row ? { remindersEnabled: bool(row, "reminders_enabled"), feedToken: strOrNull(row, "feed_token") } : { remindersEnabled: true, feedToken: null };
  },
  async setReminders(userId, enabled, at) {
    await sql.run(
      "insert into notification_settings (user_id, reminders_enabled, feed_token, updated_at) values (?, ?, null, ?) " +
        "on conflict (user_id) do update set reminders_enabled = excluded.reminders_enabled, updated_at = excluded.updated_at",
      [userId, enabled, iso(at)],
    );
  },
  async setFeedToken(userId, token, at) {
    await sql.run(
      "insert into notification_settings (user_id, reminders_enabled, feed_token, updated_at) values (?, ?, ?, ?) " +
        "on conflict (user_id) do update set feed_token = excluded.feed_token, updated_at = excluded.updated_at",
      [userId, true, token, iso(at)],
    );
  },
  async userIdByFeedToken(token) {
    const row = await sql.one("select user_id from notification_settings where feed_token = ?", [token]);
    return row ? str(row, "user_id") : undefined;
  },
  async savePayer(paymentId, payer) {
    await sql.run(
      "insert into payment_payers (payment_id, name, email) values (?, ?, ?) " +
        "on conflict (payment_id) do update set name = excluded.name, email = excluded.email",
      [paymentId, payer.name, payer.email],
    );
  },
  async payers(paymentIds) {
    const out = new Map<string, PayerInfo>();
    if (paymentIds.length === 0) return out;
    const rows = await sql.all(`select payment_id, name, email from payment_payers where payment_id in (${placeholders(paymentIds.length)})`, paymentIds);
    for (const row of rows) out.set(str(row, "payment_id"), { name: str(row, "name"), email: strOrNull(row, "email") });
    return out;
  },
  async bookingsAwaitingReminder(dates: readonly LocalDate[]) {
    if (dates.length === 0) return [];
    const rows = await sql.all(
      "select b.id from bookings b left join reminders_sent r on r.booking_id = b.id " +
        `where b.booking_date in (${placeholders(dates.length)}) and b.status in ('active', 'confirmed') and r.booking_id is null ` +
        "order by b.booking_date, b.time_slot",
      dates,
    );
    return rows.map((r) => str(r, "id"));
  },
  async markReminded(bookingId, at) {
    await sql.run("insert into reminders_sent (booking_id, sent_at) values (?, ?) on conflict (booking_id) do nothing", [bookingId, iso(at)]);
  },
});

const WAITLIST_COLUMNS = "id, user_id, court_id, booking_date, time_slot, created_at, notified_at";

const toEntry = (row: Row): WaitlistEntry => ({
  id: str(row, "id"),
  userId: str(row, "user_id"),
  courtId: str(row, "court_id"),
  date: str(row, "booking_date"),
  timeSlot: str(row, "time_slot"),
  createdAt: instant(row, "created_at"),
  notifiedAt: instantOrNull(row, "notified_at"),
});

export const sqlWaitlist = (sql: SqlClient): WaitlistRepository => ({
  async add(entry) {
    try {
      await sql.run(`insert into waitlist (${WAITLIST_COLUMNS}) values (?, ?, ?, ?, ?, ?, null)`, [
        entry.id,
        entry.userId,
        entry.courtId,
        entry.date,
        entry.timeSlot,
        iso(entry.createdAt),
      ]);
      return entry;
    } catch (error) {
      if (violates(error, "waitlist_open_unique", "waitlist.user_id")) return "exists";
      throw error;
    }
  },
  findById(id) {
    return findOne(sql, `select ${WAITLIST_COLUMNS} from waitlist where id = ?`, [id], toEntry);
  },
  async remove(id) {
    return (await sql.run("delete from waitlist where id = ?", [id])) > 0;
  },
  async listOpenByUser(userId) {
    const rows = await sql.all(
      `select ${WAITLIST_COLUMNS} from waitlist where user_id = ? and notified_at is null order by booking_date, time_slot`,
      [userId],
    );
    return rows.map(toEntry);
  },
  async listOpenForSlot(courtId, date, timeSlot) {
    const rows = await sql.all(
      `select ${WAITLIST_COLUMNS} from waitlist where court_id = ? and booking_date = ? and time_slot = ? and notified_at is null order by created_at, id`,
      [courtId, date, timeSlot],
    );
    return rows.map(toEntry);
  },
  async markNotified(id, at) {
    return (await sql.run("update waitlist set notified_at = ? where id = ? and notified_at is null", [iso(at), id])) > 0;
  },
});
