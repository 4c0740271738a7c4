import type { AccountNotice, BookingFacts, BookingNotice, ClubActionNotice, Notice } from "@courts/core";
import { DEFAULT_CLUB_NAME, displayMoney, isAccountNotice, isClubActionNotice } from "@courts/core";
import { html, type SafeHtml } from "./html.js";

export interface RenderedMail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

export interface TemplateContext {
  /** base of every link (PUBLIC_URL) */
  readonly publicUrl: string;
  /** the brand in every message's header (CLUB_NAME) */
  readonly clubName?: string;
}

const GAME = { singles: "Singles (2 personas)", doubles: "Dobles (4 personas)" } as const;

/** "sábado, 28 de noviembre de 2026": the booking's own local date, read as a calendar day. */
export const spanishDate = (date: string): string =>
  new Intl.DateTimeFormat("es", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

const when = (b: BookingFacts): string => `${spanishDate(b.date)} a las ${b.timeSlot}`;
/** A subject's date, short and in Spanish: 'domingo 29 de noviembre, 10:00' (never 2026-11-29). */
export const subjectWhen = (b: Pick<BookingFacts, "date" | "timeSlot">): string =>
  `${new Intl.DateTimeFormat("es", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${b.date}T12:00:00Z`)).replace(",", "")}, ${b.timeSlot}`;
const court = (b: BookingFacts): string => `${b.courtName} (Cancha ${b.courtNumber})`;

/** Where each part of a refund goes: the card, the wallet (paid from it), cash at the club. */
const refundParts = (refund: number, cash: number, wallet: number) =>
  [
    { amount: refund - cash - wallet, where: "a la misma tarjeta" },
    { amount: wallet, where: "a tu monedero" },
    { amount: cash, where: "en efectivo, en el club" },
  ].filter((part) => part.amount > 0);

/** The refund goes back more than one way: said as a list after a colon. */
const mixed = (refund: number, cash: number, wallet = 0): boolean => refundParts(refund, cash, wallet).length > 1;

/** How a refund goes back: to the card, to the wallet, or in cash at the club, or a list of them. */
const refundWay = (refund: number, cash: number, wallet = 0): string => {
  const parts = refundParts(refund, cash, wallet);
  if (parts.length <= 1) return ` ${parts[0]?.where ?? "a la misma tarjeta"}`;
  const said = parts.map((part) => `${displayMoney(part.amount)} ${part.where}`);
  return `: ${said.slice(0, -1).join(", ")} y ${said.at(-1)}`;
};

/** One message's words: a heading, paragraphs, optional call to action; both versions come from these. */
interface Content {
  readonly subject: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly booking: BookingFacts | null;
  /** the slot, not a booking: its game type was the one of the booking that let it go, not the reader's */
  readonly slotOnly?: true;
  readonly action?: { readonly label: string; readonly url: string };
  readonly footer?: string;
  /** several bookings (a club action): one line each, after the paragraphs */
  readonly list?: { readonly title: string; readonly rows: readonly ListRow[] };
  /** said after the list */
  readonly after?: readonly string[];
}

/** One booking of a list: its day, its hour and court, and what it gives back if anything. */
interface ListRow {
  readonly day: string;
  readonly detail: string;
  readonly amount?: string;
}

/** The booking screen opened on the hour (a freed slot, an expired hold): it says whether the hour is still free. */
const hourUrl = (ctx: TemplateContext, courtId: string, b: Pick<BookingFacts, "date" | "timeSlot">): string =>
  `${ctx.publicUrl}/booking/${encodeURIComponent(courtId)}?date=${b.date}&slot=${encodeURIComponent(b.timeSlot)}`;

/** "60 minutos", "1 hora", "72 horas": how long a link works. */
const lasting = (minutes: number): string => {
  if (minutes % 60 !== 0) return `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? "1 hora" : `${hours} horas`;
};

const accountContentOf = (notice: AccountNotice, ctx: TemplateContext): Content => {
  const hello = `Hola ${notice.name}:`;
  switch (notice.kind) {
    case "password-reset":
      return {
        subject: "Restablece tu contraseña",
        heading: "Restablece tu contraseña",
        paragraphs: [
          hello,
          "Recibimos una solicitud para restablecer la contraseña de tu cuenta. Elige una nueva con el botón de abajo.",
          `El enlace funciona una sola vez y vence en ${lasting(notice.minutes)}.`,
        ],
        booking: null,
        action: { label: "Elegir una nueva contraseña", url: `${ctx.publicUrl}/restablecer/${encodeURIComponent(notice.token)}` },
        footer: "Si no lo pediste tú, ignora este mensaje: tu contraseña no cambia.",
      };
    case "membership-ending":
      return {
        subject: `Tu membresía en ${notice.venueName} vence el ${notice.endsOn}`,
        heading: "Tu membresía está por vencer",
        paragraphs: [
          hello,
          `Tu plan ${notice.planName} en ${notice.venueName} vence el ${notice.endsOn} y no se renueva solo.`,
          "Si quieres seguir reservando con precio de socio, renuévalo antes de esa fecha.",
        ],
        booking: null,
        action: { label: "Ver planes de socio", url: `${ctx.publicUrl}/settings` },
        footer: "Recibes este correo porque eres socio del club.",
      };
    case "verify-email":
      return {
        subject: "Confirma tu correo",
        heading: "Confirma tu correo",
        paragraphs: [
          hello,
          "Confirma que este es tu correo para recibir tus recibos y avisos, y para reservar sin límites.",
          `El enlace vence en ${lasting(notice.hours * 60)}.`,
        ],
        booking: null,
        action: { label: "Confirmar mi correo", url: `${ctx.publicUrl}/verificar/${encodeURIComponent(notice.token)}` },
        footer: "Si no creaste una cuenta, ignora este mensaje.",
      };
    case "match-digest": {
      const level = (n: number) => n.toFixed(1);
      const lines = notice.matches.map(
        (m) =>
          `${m.venueName}, ${subjectWhen(m)}: nivel ${level(m.levelMin)} a ${level(m.levelMax)}, ` +
          `${m.spotsLeft === 1 ? "queda 1 lugar" : `quedan ${m.spotsLeft} lugares`}, ${displayMoney(m.pricePerPlayer)} por jugador. ${ctx.publicUrl}/partidos/${encodeURIComponent(m.id)}`,
      );
      return {
        subject: notice.matches.length === 1 ? `Un partido nuevo de tu nivel (${level(notice.level)})` : `${notice.matches.length} partidos nuevos de tu nivel (${level(notice.level)})`,
        heading: "Partidos nuevos de tu nivel",
        paragraphs: [hello, "Estos partidos se abrieron desde ayer y buscan jugadores de tu nivel:", ...lines],
        booking: null,
        action: { label: "Ver partidos", url: `${ctx.publicUrl}/partidos?level=${encodeURIComponent(String(notice.level))}` },
        footer: "Recibes este correo porque activaste 'Partidos nuevos de mi nivel' en tu perfil. Puedes desactivarlo ahí mismo.",
      };
    }
  }
};

const contentOf = (notice: Notice, ctx: TemplateContext): Content => {
  if (isAccountNotice(notice)) return accountContentOf(notice, ctx);
  if (isClubActionNotice(notice)) return clubActionContentOf(notice, ctx);
  return bookingContentOf(notice, ctx);
};

/** "los sábados": the weekday of a date, as a series repeats it. */
const weekdays = (date: string): string =>
  `los ${new Intl.DateTimeFormat("es", { weekday: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`))}s`.replace(/ss$/, "s");

const count = (n: number, one: string, many: string): string => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * A club action, once per player (DESIGN.md section 14): what the club did, why, every date it
 * touched with what each gives back, and for a series the weeks it could not book.
 */
const clubActionContentOf = (notice: ClubActionNotice, ctx: TemplateContext): Content => {
  const hello = `Hola ${notice.name}:`;
  const first = notice.bookings[0]?.booking;
  const venue = first?.venueName ?? "el club";
  const n = notice.bookings.length;
  const refund = notice.bookings.reduce((sum, t) => sum + t.refund, 0);
  const cash = notice.bookings.reduce((sum, t) => sum + t.cash, 0);
  const wallet = notice.bookings.reduce((sum, t) => sum + (t.wallet ?? 0), 0);
  const why = notice.reason ? [`Motivo: ${notice.reason}.`] : [];
  const rows = (withRefund: boolean): ListRow[] =>
    notice.bookings.map((t) => ({
      day: spanishDate(t.booking.date),
      detail: `${t.booking.timeSlot} · ${court(t.booking)}`,
      ...(withRefund && t.refund > 0 ? { amount: `Reembolso ${displayMoney(t.refund)}` } : {}),
    }));
  const money =
    refund > 0
      ? `Te devolvemos ${displayMoney(refund)}, todo lo que pagaste${mixed(refund, cash, wallet) ? "" : ","}${refundWay(refund, cash, wallet)}.`
      : n === 1
        ? "No tenías pagos en esta reserva."
        : "No tenías pagos en estas reservas.";
  const mine = { label: "Ver mis reservas", url: `${ctx.publicUrl}/my-bookings` };
  switch (notice.action) {
    case "series-booked": {
      const skipped = notice.skipped.map((s) => `${spanishDate(s.date)} (${s.message})`);
      return {
        subject: `El club te reservó ${count(n, "fecha", "fechas")}: ${venue}, ${first ? `${weekdays(first.date)} ${first.timeSlot}` : ""}`,
        heading: "El club te reservó un horario fijo",
        paragraphs: [
          hello,
          first
            ? `El club reservó para ti ${court(first)} en ${venue}, ${weekdays(first.date)} a las ${first.timeSlot}: ${count(n, "fecha", "fechas")}.`
            : `El club reservó para ti un horario fijo en ${venue}.`,
          "Cada fecha es una reserva tuya y la ves en Mis reservas. Adjuntamos los eventos para tu calendario.",
        ],
        booking: null,
        list: { title: n === 1 ? "Fecha reservada" : "Fechas reservadas", rows: rows(false) },
        after: skipped.length > 0 ? [`No pudimos reservar ${skipped.length === 1 ? "esta semana" : "estas semanas"}: ${skipped.join("; ")}.`] : [],
        action: mine,
      };
    }
    case "series-cancelled":
      return {
        subject:
          n === 1 && first
            ? `El club canceló tu reserva fija: ${venue}, ${subjectWhen(first)}`
            : `El club canceló tu reserva fija: ${count(n, "fecha", "fechas")} en ${venue}`,
        heading: "El club canceló tu reserva fija",
        paragraphs: [hello, `El club canceló ${n === 1 ? "una fecha de tu reserva fija" : `${n} fechas de tu reserva fija`} en ${venue}.`, ...why, money],
        booking: null,
        list: { title: n === 1 ? "Fecha cancelada" : "Fechas canceladas", rows: rows(true) },
        action: mine,
      };
    case "closure":
      return {
        subject:
          n === 1 && first ? `El club canceló tu reserva: ${venue}, ${subjectWhen(first)}` : `El club canceló ${n} reservas tuyas: ${venue}`,
        heading: n === 1 ? "El club canceló tu reserva" : "El club canceló tus reservas",
        paragraphs: [
          hello,
          n === 1 && first ? `El club cerró ${court(first)} el ${when(first)}.` : `El club cerró canchas de ${venue} y canceló estas ${n} reservas tuyas.`,
          ...why,
          money,
        ],
        booking: null,
        list: { title: n === 1 ? "Reserva cancelada" : "Reservas canceladas", rows: rows(true) },
        action: mine,
      };
  }
};

/** What a payment's message says it was, by the way it was paid. */
const paidLine = (notice: Extract<Notice, { kind: "payment" }>): string => {
  const amount = displayMoney(notice.charged);
  const venue = notice.booking.venueName;
  switch (notice.way) {
    case "share":
      return `Recibimos tu pago de ${amount}: tu parte de la reserva en ${venue}.`;
    case "cash":
      return `Registramos tu pago de ${amount} en efectivo, en el club, por la reserva en ${venue}.`;
    case "wallet":
      return `Pagaste ${amount} con tu monedero por la reserva en ${venue}.`;
    case "punch_card":
      return `Pagaste la reserva en ${venue} con una hora de tu bono.`;
    case "remainder":
      return `Cobramos ${amount} a tu tarjeta guardada: lo que faltaba pagar de tu reserva en ${venue}.`;
    case "card":
      return `Recibimos tu pago de ${amount} por la reserva en ${venue}.`;
  }
};

const bookingContentOf = (notice: BookingNotice, ctx: TemplateContext): Content => {
  const b = notice.booking;
  const hello = `Hola ${notice.name}:`;
  const settings = `Puedes desactivar los recordatorios en Configuración > Notificaciones: ${ctx.publicUrl}/settings`;
  switch (notice.kind) {
    case "payment":
      return {
        subject: notice.confirmed
          ? `Pago recibido, reserva confirmada: ${b.venueName}, ${subjectWhen(b)}`
          : `${notice.way === "share" ? "Pagaste tu parte" : "Pago recibido"}: ${b.venueName}, ${subjectWhen(b)}`,
        heading: notice.confirmed ? "Pago recibido: reserva confirmada" : notice.way === "share" ? "Pagaste tu parte" : "Pago recibido",
        paragraphs: [
          hello,
          paidLine(notice),
          notice.confirmed
            ? `La reserva está pagada por completo (${displayMoney(notice.paid)} en total) y confirmada.`
            : "La reserva queda confirmada cuando esté pagada por completo.",
          `Adjuntamos tu factura${notice.invoiceNumber ? ` N.º ${notice.invoiceNumber}` : ""} en PDF${notice.confirmed ? " y el evento para tu calendario" : ""}.`,
        ],
        booking: b,
        // a guest who paid through the link has no bookings to look at
        ...(notice.guest ? {} : { action: { label: "Ver mis reservas", url: `${ctx.publicUrl}/my-bookings` } }),
      };
    case "receipt":
      return {
        subject: `Recibo de tu pago: ${b.venueName}, ${subjectWhen(b)}`,
        heading: "Pago recibido",
        paragraphs: [
          hello,
          `Recibimos tu pago de ${displayMoney(notice.charged)} por la reserva en ${b.venueName}.`,
          notice.invoiceNumber ? `Adjuntamos tu factura N.º ${notice.invoiceNumber} en PDF.` : "Adjuntamos tu factura en PDF.",
        ],
        booking: b,
      };
    case "booking-confirmed":
      return {
        subject: `Reserva confirmada: ${b.venueName}, ${subjectWhen(b)}`,
        heading: "Reserva confirmada",
        // What was charged after codes, the sum of the receipts; never the hour's price, which a
        // player with a code did not pay. A message queued before `paid` existed names no figure.
        paragraphs: [
          hello,
          notice.paid === undefined ? "Tu reserva está pagada por completo." : `Tu reserva está pagada por completo: se pagaron ${displayMoney(notice.paid)} en total.`,
          "Adjuntamos el evento para tu calendario.",
        ],
        booking: b,
        action: { label: "Ver mis reservas", url: `${ctx.publicUrl}/my-bookings` },
      };
    case "share-paid":
      // the last share: the same message confirms the booking (one message for that moment)
      if (notice.confirmed)
        return {
          subject: `${notice.payerName} pagó la última parte: reserva confirmada, ${subjectWhen(b)}`,
          heading: "Reserva confirmada",
          paragraphs: [
            hello,
            `${notice.payerName} pagó ${displayMoney(notice.charged)} de tu reserva en ${b.venueName}. Ya pagaron ${notice.paidCount} de ${notice.totalCount} partes: la reserva está pagada por completo${notice.paid === undefined ? "" : ` (${displayMoney(notice.paid)} en total)`} y confirmada.`,
            "Adjuntamos el evento para tu calendario.",
          ],
          booking: b,
          action: { label: "Ver mis reservas", url: `${ctx.publicUrl}/my-bookings` },
        };
      return {
        subject: `${notice.payerName} pagó su parte: ${notice.paidCount} de ${notice.totalCount}`,
        heading: `${notice.payerName} pagó su parte: ${notice.paidCount} de ${notice.totalCount}`,
        paragraphs: [
          hello,
          `${notice.payerName} pagó ${displayMoney(notice.charged)} de tu reserva en ${b.venueName}. Ya pagaron ${notice.paidCount} de ${notice.totalCount} partes.`,
        ],
        booking: b,
        action: { label: "Ver mis reservas", url: `${ctx.publicUrl}/my-bookings` },
      };
    case "cancellation":
      return {
        subject: `Reserva cancelada: ${b.venueName}, ${subjectWhen(b)}`,
        heading: "Reserva cancelada",
        paragraphs: [
          hello,
          `La reserva en ${b.venueName} del ${when(b)} fue cancelada.`,
          notice.refund > 0
            ? `Te reembolsaremos ${displayMoney(notice.refund)} (${notice.refundPercentage}% de lo que pagaste)${refundWay(notice.refund, notice.cash ?? 0, notice.wallet ?? 0)}.`
            : notice.paid === 0
              ? "No tenías pagos en esta reserva."
              : "Según la política de cancelación, no corresponde un reembolso para ti.",
        ],
        booking: b,
      };
    case "closure":
      return {
        subject: `El club canceló tu reserva: ${b.venueName}, ${subjectWhen(b)}`,
        heading: "El club canceló tu reserva",
        paragraphs: [
          hello,
          `El club cerró ${court(b)} el ${when(b)}. Motivo: ${notice.reason}.`,
          notice.refund > 0
            ? `Te devolvemos ${displayMoney(notice.refund)}, todo lo que pagaste${mixed(notice.refund, notice.cash ?? 0, notice.wallet ?? 0) ? "" : ","}${refundWay(notice.refund, notice.cash ?? 0, notice.wallet ?? 0)}.`
            : "No tenías pagos en esta reserva.",
        ],
        booking: b,
      };
    case "reminder":
      return {
        subject: `Recordatorio: juegas en ${b.venueName}, ${subjectWhen(b)}`,
        heading: "Tu partido es pronto",
        paragraphs: [hello, `Te esperamos en ${b.venueName} el ${when(b)}.`, "Adjuntamos el evento para tu calendario."],
        booking: b,
        // a guest has no account, so no settings to turn it off in
        footer: notice.guest ? "Te escribimos porque pagaste tu parte de esta reserva con el link del organizador." : settings,
      };
    case "slot-freed":
      return {
        subject: `Se liberó el horario que esperabas: ${subjectWhen(b)}`,
        heading: "Se liberó el horario",
        paragraphs: [hello, `${court(b)} en ${b.venueName} quedó libre el ${when(b)}.`, "Quien reserve primero se lo queda."],
        booking: { ...b, bookingId: "" },
        slotOnly: true,
        action: { label: "Reservar ahora", url: hourUrl(ctx, notice.courtId, b) },
      };
    case "hold-expired":
      return {
        subject: `Tu reserva expiró: ${b.venueName}, ${subjectWhen(b)}`,
        heading: "Tu reserva expiró",
        paragraphs: [hello, `No recibimos el pago a tiempo y liberamos el horario del ${when(b)}.`, "Si aún quieres jugar, puedes reservarlo de nuevo si sigue libre."],
        booking: b,
        // the hour itself, as the waitlist's message links it: the booking screen says whether it is still free
        ...(notice.courtId
          ? { action: { label: "Reservar de nuevo", url: hourUrl(ctx, notice.courtId, b) } }
          : {}),
      };
    case "remainder-charged":
      return {
        subject: `Cobramos el saldo de tu reserva: ${displayMoney(notice.amount)}`,
        heading: "Saldo cobrado",
        paragraphs: [hello, `Cobramos ${displayMoney(notice.amount)} a tu tarjeta guardada: lo que faltaba pagar de tu reserva en ${b.venueName}.`],
        booking: b,
      };
    case "balance-due":
      return {
        subject: `Saldo pendiente ${displayMoney(notice.amount)}: ${b.venueName}, ${subjectWhen(b)}`,
        heading: `Saldo pendiente ${displayMoney(notice.amount)}`,
        paragraphs: [
          hello,
          `No pudimos cobrar a tu tarjeta lo que faltaba pagar de tu reserva en ${b.venueName}: ${displayMoney(notice.amount)}.`,
          "Hasta que lo pagues no podrás hacer nuevas reservas.",
        ],
        booking: b,
        action: { label: "Completar Pago", url: `${ctx.publicUrl}/checkout/${encodeURIComponent(b.bookingId)}` },
      };
    case "ballot":
      return notice.won
        ? {
            subject: `Ganaste el sorteo: ${b.venueName}, ${subjectWhen(b)}`,
            heading: "Ganaste el sorteo",
            paragraphs: [
              hello,
              `El horario del ${when(b)} en ${court(b)} es tuyo: te lo reservamos sin pagar.`,
              notice.payBy ? `Págalo antes de las ${notice.payBy} o se liberará.` : "Págalo pronto o se liberará.",
            ],
            booking: b,
            action: { label: "Pagar la reserva", url: `${ctx.publicUrl}/checkout/${encodeURIComponent(b.bookingId)}` },
          }
        : {
            subject: `No ganaste el sorteo: ${b.venueName}, ${subjectWhen(b)}`,
            heading: "No ganaste el sorteo",
            paragraphs: [hello, `El horario del ${when(b)} en ${court(b)} se sorteó entre quienes lo pidieron y esta vez no te tocó.`],
            booking: { ...b, bookingId: "" },
            slotOnly: true,
            action: { label: "Ver otros horarios", url: hourUrl(ctx, notice.courtId, b) },
          };
  }
};

const detailRows = (b: BookingFacts, slotOnly = false): [string, string][] => [
  ["Complejo", b.venueName],
  ["Cancha", court(b)],
  ["Fecha", spanishDate(b.date)],
  ["Hora", b.timeSlot],
  ...(slotOnly ? [] : [["Tipo", GAME[b.gameType]] as [string, string]]),
];

const htmlOf = (c: Content, clubName: string): SafeHtml => html`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${c.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif;color:#0f172a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:#15803d;color:#ffffff;padding:16px 20px;font-size:18px;font-weight:bold;">${clubName}</td></tr>
<tr><td style="padding:20px;">
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3;">${c.heading}</h1>
${c.paragraphs.map((p) => html`<p style="margin:0 0 12px;font-size:15px;line-height:1.5;">${p}</p>`)}
${
  c.booking
    ? html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;border:1px solid #e2e8f0;border-radius:8px;">
${detailRows(c.booking, c.slotOnly).map(
  ([k, v]) => html`<tr><td style="padding:8px 12px;font-size:13px;color:#64748b;width:35%;">${k}</td><td style="padding:8px 12px;font-size:14px;font-weight:bold;">${v}</td></tr>`,
)}
</table>`
    : ""
}
${
  c.list
    ? html`<p style="margin:8px 0 6px;font-size:13px;color:#64748b;font-weight:bold;">${c.list.title}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #e2e8f0;border-radius:8px;">
${c.list.rows.map(
  (r, i) =>
    html`<tr><td style="padding:8px 12px;${i > 0 ? "border-top:1px solid #e2e8f0;" : ""}"><div style="font-size:14px;font-weight:bold;">${r.day}</div><div style="font-size:13px;color:#475569;">${r.detail}</div>${r.amount ? html`<div style="font-size:13px;color:#15803d;font-weight:bold;">${r.amount}</div>` : ""}</td></tr>`,
)}
</table>`
    : ""
}
${(c.after ?? []).map((p) => html`<p style="margin:0 0 12px;font-size:15px;line-height:1.5;">${p}</p>`)}
${
  c.action
    ? html`<p style="margin:16px 0;"><a href="${c.action.url}" style="display:inline-block;background:#15803d;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;font-size:15px;">${c.action.label}</a></p>`
    : ""
}
</td></tr>
<tr><td style="padding:12px 20px;background:#f8fafc;font-size:12px;color:#64748b;line-height:1.5;">${c.footer ?? ""}${c.footer ? html`<br>` : ""}Este mensaje se envió automáticamente; no hace falta responderlo.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

const textOf = (c: Content): string =>
  [
    c.heading,
    "",
    ...c.paragraphs.flatMap((p) => [p, ""]),
    ...(c.booking ? [...detailRows(c.booking, c.slotOnly).map(([k, v]) => `${k}: ${v}`), ""] : []),
    ...(c.list ? [`${c.list.title}:`, ...c.list.rows.map((r) => `- ${r.day}, ${r.detail}${r.amount ? ` (${r.amount})` : ""}`), ""] : []),
    ...(c.after ?? []).flatMap((p) => [p, ""]),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ""] : []),
    ...(c.footer ? [c.footer, ""] : []),
    "Este mensaje se envió automáticamente; no hace falta responderlo.",
    "",
  ].join("\n");

/** The subject, HTML and plain text of a message (Spanish). */
export const renderNotice = (notice: Notice, ctx: TemplateContext): RenderedMail => {
  const content = contentOf(notice, ctx);
  return { subject: content.subject, html: htmlOf(content, ctx.clubName ?? DEFAULT_CLUB_NAME).value, text: textOf(content) };
};
