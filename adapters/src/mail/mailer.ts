import { createHash } from "node:crypto";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BookingFacts, CalendarEvent, Mailer, MailResult, Notice, OutboxMessage } from "@courts/core";
import { HOUR_MS, isAccountNotice, isClubActionNotice } from "@courts/core";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer/index.js";
import { calendarFile } from "./calendar-file.js";
import { renderNotice } from "./templates.js";

export interface MailerOptions {
  readonly from: string;
  readonly publicUrl: string;
  /** the brand in the messages' header (CLUB_NAME) */
  readonly clubName?: string;
  /** the invoice PDF of a payment, attached to its receipt */
  readonly invoicePdf: (paymentId: string) => Promise<Uint8Array>;
}

/** The calendar events a message carries: each booking it speaks of, cancelled or not. */
const eventsOf = (notice: Notice): CalendarEvent[] => {
  if (isAccountNotice(notice)) return [];
  if (isClubActionNotice(notice)) return notice.bookings.map((t) => eventOf(t.booking, notice.action !== "series-booked"));
  const cancelled = notice.kind === "cancellation" || notice.kind === "closure" || notice.kind === "hold-expired";
  // a payment's message confirms the booking only when it completed it
  const confirmed =
    notice.kind === "booking-confirmed" || notice.kind === "reminder" || ((notice.kind === "payment" || notice.kind === "share-paid") && notice.confirmed === true);
  return cancelled || confirmed ? [eventOf(notice.booking, cancelled)] : [];
};

const eventOf = (b: BookingFacts, cancelled: boolean): CalendarEvent => {
  const court = `${b.courtName} (Cancha ${b.courtNumber})`;
  return {
    // the same UID as calendar.ts's calendarEventOf, so an attached cancellation updates the event
    uid: `reserva-${b.bookingId}@canchas`,
    sequence: cancelled ? 1 : 0,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    title: `${cancelled ? "Cancelada: " : ""}Tenis en ${b.venueName}`,
    description: `${court}, ${b.gameType === "singles" ? "Singles" : "Dobles"}, ${b.timeSlot}`,
    location: `${b.venueName}, ${court}`,
    start: new Date(b.startsAt),
    end: new Date(b.endsAt),
    url: null,
  };
};

const domainOf = (from: string): string => /@([^>\s]+)/.exec(from)?.[1] ?? "canchas.local";

/** The full message: Spanish HTML + text, the invoice or the calendar file attached. */
export const composeMail = async (message: OutboxMessage, options: MailerOptions): Promise<Mail.Options> => {
  const rendered = renderNotice(message.notice, { publicUrl: options.publicUrl, ...(options.clubName === undefined ? {} : { clubName: options.clubName }) });
  const attachments: Mail.Attachment[] = [];
  if (message.notice.kind === "receipt" || message.notice.kind === "payment") {
    const pdf = await options.invoicePdf(message.notice.paymentId);
    attachments.push({
      filename: `factura-${message.notice.invoiceNumber ?? message.notice.paymentId}.pdf`,
      content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      contentType: "application/pdf",
    });
  }
  const events = eventsOf(message.notice);
  if (events.length > 0)
    attachments.push({ filename: events.length === 1 ? "reserva.ics" : "reservas.ics", content: calendarFile(events), contentType: "text/calendar; charset=utf-8; method=PUBLISH" });
  return {
    from: options.from,
    to: message.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments,
    // Stable per event: were a message ever handed over twice (a crash after the server took it),
    // mail clients would show one.
    messageId: `<${createHash("sha256").update(message.eventKey).digest("hex").slice(0, 32)}@${domainOf(options.from)}>`,
    date: message.createdAt,
  };
};

interface SmtpError {
  readonly responseCode?: number;
  readonly code?: string;
  readonly message?: string;
}

/** A 5xx answer about the recipient or the message will not change on a retry; anything else might. */
const resultOf = (error: unknown): MailResult => {
  const e = (typeof error === "object" && error !== null ? error : {}) as SmtpError;
  const permanent = typeof e.responseCode === "number" && e.responseCode >= 500 && (e.code === "EENVELOPE" || e.code === "EMESSAGE");
  return { ok: false, permanent, error: e.message ?? String(error) };
};

/** Sends through SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export const smtpMailer = (url: string, options: MailerOptions): Mailer & { close(): void } => {
  const transport = nodemailer.createTransport(url, {});
  // short timeouts: a hung server must not hold the sweep (the lease is longer than these)
  transport.set("connectionTimeout", 10_000);
  transport.set("greetingTimeout", 10_000);
  transport.set("socketTimeout", 30_000);
  return {
    async send(message) {
      const mail = await composeMail(message, options);
      try {
        await transport.sendMail(mail);
        return { ok: true };
      } catch (error) {
        return resultOf(error);
      }
    },
    close: () => transport.close(),
  };
};

/**
 * Without SMTP_URL: each message becomes an .eml file in `dir` (open it with any mail client,
 * or `tail` the folder). Written under a temporary name and renamed, so a reader never sees half.
 */
export const fileMailer = (dir: string, options: MailerOptions): Mailer => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const stamp = message.createdAt.toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${message.notice.kind}-${message.id}.eml`);
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (exists) return { ok: true };
      const mail = await composeMail(message, options);
      const info = (await transport.sendMail(mail)) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, info.message);
      await rename(temp, file);
      return { ok: true };
    },
  };
};

/** A lease long enough for the slowest send above (connection + greeting + socket timeouts). */
export const MAIL_LEASE_MS = HOUR_MS / 30;
