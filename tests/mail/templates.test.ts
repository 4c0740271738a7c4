import { isAccountNotice, NOTICE_KINDS, type Notice } from "@courts/core";
import { describe, expect, it } from "vitest";
import { escapeHtml, html } from "../../adapters/src/mail/html.js";
import { composeMail } from "../../adapters/src/mail/mailer.js";
import { renderNotice, spanishDate } from "../../adapters/src/mail/templates.js";
import { SAMPLE_NOTICES, SAMPLE_VARIANTS } from "./sample-notices.js";

const ctx = { publicUrl: "https://canchas.ec" };

describe("mail templates", () => {
  it("every kind of message has a sample here", () => {
    expect(SAMPLE_NOTICES.map((n) => n.kind).sort()).toEqual([...NOTICE_KINDS].sort());
  });

  it.each(SAMPLE_NOTICES.filter((n) => !isAccountNotice(n)).map((n) => [n.kind, n] as const))("%s: Spanish subject, HTML and plain text that name the booking", (_kind, notice) => {
    const mail = renderNotice(notice, ctx);
    expect(mail.subject.length).toBeGreaterThan(10);
    // a date in a subject is Spanish words, never 2026-11-28
    expect(mail.subject).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(mail.text).toContain("Hola María José:");
    expect(mail.html).toContain("Hola María José:");
    expect(mail.text).toContain("sábado, 28 de noviembre de 2026");
    expect(mail.text).toContain("18:00");
    expect(mail.html).not.toMatch(/undefined|null|NaN|\[object/);
    expect(mail.text).not.toMatch(/undefined|null|NaN|\[object/);
  });

  it("account mails: the link to the screen with its token, how long it works, and what to do if you did not ask", () => {
    const reset = renderNotice(SAMPLE_NOTICES.find((n) => n.kind === "password-reset")!, ctx);
    expect(reset.subject).toBe("Restablece tu contraseña");
    expect(reset.text).toContain("Hola María José:");
    expect(reset.text).toContain("Elegir una nueva contraseña: https://canchas.ec/restablecer/Zm9vYmFyYmF6cXV4cXV1eA");
    expect(reset.text).toContain("vence en 1 hora");
    expect(reset.text).toContain("Si no lo pediste tú, ignora este mensaje");
    expect(reset.html).toContain('href="https://canchas.ec/restablecer/Zm9vYmFyYmF6cXV4cXV1eA"');
    const verify = renderNotice(SAMPLE_NOTICES.find((n) => n.kind === "verify-email")!, ctx);
    expect(verify.subject).toBe("Confirma tu correo");
    expect(verify.text).toContain("Confirmar mi correo: https://canchas.ec/verificar/cXV1eHF1dXhmb29iYXJiYXo");
    expect(verify.text).toContain("vence en 72 horas");
    for (const mail of [reset, verify]) expect(`${mail.html}${mail.text}`).not.toMatch(/undefined|null|NaN|\[object/);
  });

  it("the exact texts of the product: share paid, refunds, balance due", () => {
    const [receipt, , sharePaid, cancellation, closure, , freed, , , due] = SAMPLE_NOTICES.map((n) => renderNotice(n, ctx));
    expect(receipt?.text).toContain("Recibimos tu pago de $8.25");
    expect(receipt?.text).toContain("Adjuntamos tu factura N.º 2026-000042 en PDF.");
    expect(sharePaid?.subject).toBe("Ana <script>alert(1)</script> pagó su parte: 3 de 4");
    expect(cancellation?.text).toContain("Te reembolsaremos $4.12 (50% de lo que pagaste)");
    expect(closure?.text).toContain("Motivo: Mantenimiento.");
    expect(closure?.text).toContain("Te devolvemos $8.25, todo lo que pagaste");
    expect(freed?.text).toContain("Reservar ahora: https://canchas.ec/booking/c-1?date=2026-11-28&slot=18%3A00");
    // which booking, as every other subject says it
    expect(due?.subject).toBe("Saldo pendiente $16.50: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(due?.text).toContain("Completar Pago: https://canchas.ec/checkout/0b6c7e2a-5a9f-4d1e-9b7a-2f3c4d5e6f70");
  });

  it("a freed slot names the court, day and hour but no game type: the one it had was the leaving booking's", () => {
    const freed = renderNotice(SAMPLE_NOTICES.find((n) => n.kind === "slot-freed")!, ctx);
    for (const version of [freed.text, freed.html]) {
      expect(version).toContain("18:00");
      expect(version).not.toMatch(/Singles|Dobles/);
    }
    const receipt = renderNotice(SAMPLE_NOTICES.find((n) => n.kind === "receipt")!, ctx);
    expect(receipt.text).toMatch(/Tipo: (Singles|Dobles)/);
  });

  it("a refund says where it goes: the card, cash at the club, or both; nothing paid says so instead of the policy", () => {
    const cancellation = SAMPLE_NOTICES.find((n) => n.kind === "cancellation") as Extract<Notice, { kind: "cancellation" }>;
    const closure = SAMPLE_NOTICES.find((n) => n.kind === "closure") as Extract<Notice, { kind: "closure" }>;
    const text = (notice: Notice) => renderNotice(notice, ctx).text;
    expect(text({ ...cancellation, refund: 1450, refundPercentage: 100, cash: 0, paid: 1450 })).toContain("Te reembolsaremos $14.50 (100% de lo que pagaste) a la misma tarjeta.");
    expect(text({ ...cancellation, refund: 1450, refundPercentage: 100, cash: 1450, paid: 1450 })).toContain("Te reembolsaremos $14.50 (100% de lo que pagaste) en efectivo, en el club.");
    expect(text({ ...cancellation, refund: 500, refundPercentage: 50, cash: 150, paid: 1000 })).toContain(
      "Te reembolsaremos $5.00 (50% de lo que pagaste): $3.50 a la misma tarjeta y $1.50 en efectivo, en el club.",
    );
    expect(text({ ...closure, refund: 1025, cash: 300 })).toContain("Te devolvemos $10.25, todo lo que pagaste: $7.25 a la misma tarjeta y $3.00 en efectivo, en el club.");
    expect(text({ ...closure, refund: 300, cash: 300 })).toContain("Te devolvemos $3.00, todo lo que pagaste, en efectivo, en el club.");
    expect(text({ ...closure, refund: 825, cash: 0 })).toContain("Te devolvemos $8.25, todo lo que pagaste, a la misma tarjeta.");
    // paid from the wallet: back to it, alone or beside the card and cash
    expect(text({ ...cancellation, refund: 1450, refundPercentage: 100, cash: 0, paid: 1450, wallet: 1450 })).toContain("Te reembolsaremos $14.50 (100% de lo que pagaste) a tu monedero.");
    expect(text({ ...closure, refund: 2000, cash: 500, wallet: 700 })).toContain(
      "Te devolvemos $20.00, todo lo que pagaste: $8.00 a la misma tarjeta, $7.00 a tu monedero y $5.00 en efectivo, en el club.",
    );
    const unpaid = text({ ...cancellation, refund: 0, refundPercentage: 100, cash: 0, paid: 0 });
    expect(unpaid).toContain("No tenías pagos en esta reserva.");
    expect(unpaid).not.toContain("política");
    expect(text({ ...cancellation, refund: 0, refundPercentage: 0, cash: 0, paid: 1450 })).toContain("Según la política de cancelación, no corresponde un reembolso para ti.");
  });

  it("'Reserva confirmada' states what was charged after codes, never the hour's price; a message queued without that sum names no figure", () => {
    const confirmed = renderNotice(SAMPLE_NOTICES[1]!, ctx);
    expect(confirmed.text).toContain("Tu reserva está pagada por completo: se pagaron $29.70 en total.");
    expect(confirmed.html).toContain("Tu reserva está pagada por completo: se pagaron $29.70 en total.");
    for (const version of [confirmed.text, confirmed.html]) expect(version).not.toContain("$33.00");
    const { paid: _paid, ...queuedBefore } = SAMPLE_NOTICES[1] as Extract<Notice, { kind: "booking-confirmed" }>;
    const legacy = renderNotice(queuedBefore, ctx);
    expect(legacy.text).toContain("Tu reserva está pagada por completo.");
    expect(legacy.text).not.toMatch(/\$\d/);
  });

  it("subjects say the club and the booking's day the same way: weekday, day and month in Spanish, then the hour", () => {
    const subject = (kind: Notice["kind"]) => renderNotice(SAMPLE_NOTICES.find((n) => n.kind === kind)!, ctx).subject;
    expect(subject("receipt")).toBe("Recibo de tu pago: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(subject("booking-confirmed")).toBe("Reserva confirmada: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(subject("cancellation")).toBe("Reserva cancelada: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(subject("closure")).toBe("El club canceló tu reserva: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(subject("slot-freed")).toBe("Se liberó el horario que esperabas: sábado 28 de noviembre, 18:00");
    expect(subject("hold-expired")).toBe("Tu reserva expiró: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    // a player with bookings at two clubs knows from the subject where they play
    expect(subject("reminder")).toBe("Recordatorio: juegas en Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
  });

  it("what players typed is escaped in the HTML, in the heading, the paragraphs and the title", () => {
    const sharePaid = renderNotice(SAMPLE_NOTICES[2]!, ctx);
    expect(sharePaid.html).not.toContain("<script>");
    expect(sharePaid.html).toContain("Ana &lt;script&gt;alert(1)&lt;/script&gt; pagó su parte: 3 de 4");
    expect(escapeHtml(`"'&<>`)).toBe("&quot;&#39;&amp;&lt;&gt;");
    expect(html`<p>${"<b>"}</p>${html`<i>${"&"}</i>`}`.value).toBe("<p>&lt;b&gt;</p><i>&amp;</i>");
  });

  it("the release ballot's outcome: the winner is sent to pay the hold before its deadline, the others to other hours", () => {
    const ballot = SAMPLE_NOTICES.find((n) => n.kind === "ballot")!;
    const won = renderNotice(ballot, ctx);
    expect(won.subject).toBe("Ganaste el sorteo: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(won.text).toContain("Págalo antes de las 08:16 o se liberará.");
    expect(won.text).toContain(`Pagar la reserva: https://canchas.ec/checkout/${ballot.kind === "ballot" ? ballot.booking.bookingId : ""}`);
    const lost = renderNotice({ ...ballot, won: false } as Notice, ctx);
    expect(lost.subject).toBe("No ganaste el sorteo: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
    expect(lost.text).toContain("Ver otros horarios: https://canchas.ec/booking/c-1?date=2026-11-28&slot=18%3A00");
    expect(lost.text).not.toContain("/checkout/");
  });

  it("the daily mail of new matches names each match's venue, day, hour, level range, places and price, with a link to it", () => {
    const digest = renderNotice(SAMPLE_NOTICES.find((n) => n.kind === "match-digest")!, ctx);
    expect(digest.subject).toMatch(/^2 partidos nuevos de tu nivel \(3[,.]5\)$/);
    for (const part of ["Tenis Club Cuenca", "Club de Tenis Los Ceibos", "19:00", "08:00", "$8.25", "$7.25", "https://canchas.ec/partidos/m1", "https://canchas.ec/partidos/m2"])
      expect(digest.text, part).toContain(part);
    expect(digest.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(digest.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("an expired hold links to the hour itself, to book it again if it is still free", () => {
    const expired = renderNotice(SAMPLE_NOTICES.find((n) => n.kind === "hold-expired")!, ctx);
    expect(expired.text).toContain("Reservar de nuevo: https://canchas.ec/booking/c-1?date=2026-11-28&slot=18%3A00");
  });

  it("a reminder tells a player with an account where to turn reminders off, and a guest who paid by link why they got it", () => {
    const reminder = SAMPLE_NOTICES.find((n) => n.kind === "reminder")!;
    expect(renderNotice(reminder, ctx).text).toContain("Puedes desactivar los recordatorios en Configuración > Notificaciones: https://canchas.ec/settings");
    const guest = renderNotice({ ...reminder, guest: true } as Notice, ctx).text;
    expect(guest).toContain("Te escribimos porque pagaste tu parte de esta reserva con el link del organizador.");
    expect(guest).not.toContain("Configuración");
  });

  it("spanishDate reads the calendar day itself, whatever the server's zone", () => {
    expect(spanishDate("2026-01-01")).toBe("jueves, 1 de enero de 2026");
  });

  it("a receipt carries the invoice PDF; a confirmation and a reminder an .ics; each with a Message-ID stable per event", async () => {
    const options = { from: "Canchas <reservas@club.ec>", publicUrl: ctx.publicUrl, invoicePdf: async () => new Uint8Array([37, 80, 68, 70]) };
    const message = (i: number) => ({ id: `m${i}`, eventKey: `k${i}`, to: "a@b.ec", notice: SAMPLE_NOTICES[i]!, createdAt: new Date() });
    const receipt = await composeMail(message(0), options);
    expect(receipt.attachments?.map((a) => a.filename)).toEqual(["factura-2026-000042.pdf"]);
    const confirmed = await composeMail(message(1), options);
    expect(confirmed.attachments?.map((a) => a.filename)).toEqual(["reserva.ics"]);
    expect(String(confirmed.attachments?.[0]?.content)).toContain("DTSTART:20261128T230000Z");
    const reminder = await composeMail(message(5), options);
    expect(reminder.attachments?.map((a) => a.filename)).toEqual(["reserva.ics"]);
    expect((await composeMail(message(5), options)).messageId).toBe(reminder.messageId);
    expect(reminder.messageId).toMatch(/^<[0-9a-f]{32}@club\.ec>$/);
    expect(receipt.messageId).not.toBe(reminder.messageId);
  });

  describe("one message per thing that happened", () => {
    const sample = (kind: Notice["kind"]) => SAMPLE_NOTICES.find((n) => n.kind === kind)!;
    const variant = (name: string) => SAMPLE_VARIANTS.find((v) => v.name === name)!.notice;
    const options = { from: "Canchas <reservas@club.ec>", publicUrl: ctx.publicUrl, invoicePdf: async () => new Uint8Array([37, 80, 68, 70]) };
    const compose = (notice: Notice) => composeMail({ id: "m", eventKey: "k", to: "a@b.ec", notice, createdAt: new Date() }, options);

    it("a payment that completed the booking: what was paid, the booking confirmed, the invoice and the calendar file in one message", async () => {
      const mail = renderNotice(sample("payment"), ctx);
      expect(mail.subject).toBe("Pago recibido, reserva confirmada: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
      expect(mail.text).toContain("Recibimos tu pago de $33.00 por la reserva en Club de Tenis Los Ceibos.");
      expect(mail.text).toContain("La reserva está pagada por completo ($33.00 en total) y confirmada.");
      expect(mail.text).toContain("Adjuntamos tu factura N.º 2026-000042 en PDF y el evento para tu calendario.");
      expect(mail.text).toContain("Cancha: Central (Cancha 1)");
      const composed = await compose(sample("payment"));
      expect(composed.attachments?.map((a) => a.filename)).toEqual(["factura-2026-000042.pdf", "reserva.ics"]);
      expect(String(composed.attachments?.[1]?.content)).toContain("STATUS:CONFIRMED");
    });

    it("a share that did not complete the booking: the receipt only, no calendar; cash and the saved card say how they were paid", async () => {
      const share = renderNotice(variant("payment-share"), ctx);
      expect(share.subject).toBe("Pagaste tu parte: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
      expect(share.text).toContain("Recibimos tu pago de $8.25: tu parte de la reserva en Club de Tenis Los Ceibos.");
      expect(share.text).toContain("La reserva queda confirmada cuando esté pagada por completo.");
      expect(share.text).toContain("Adjuntamos tu factura N.º 2026-000043 en PDF.");
      // a guest has no bookings to look at; a player has
      expect(share.text).not.toContain("Ver mis reservas");
      expect(renderNotice(sample("payment"), ctx).text).toContain("Ver mis reservas: https://canchas.ec/my-bookings");
      expect((await compose(variant("payment-share"))).attachments?.map((a) => a.filename)).toEqual(["factura-2026-000043.pdf"]);
      expect(renderNotice(variant("payment-cash-confirmed"), ctx).text).toContain("Registramos tu pago de $8.25 en efectivo, en el club");
      expect(renderNotice(variant("payment-remainder"), ctx).text).toContain("Cobramos $16.50 a tu tarjeta guardada");
    });

    it("the organiser's message for the last share says who paid and that the booking is confirmed, with the calendar file", async () => {
      const last = renderNotice(variant("share-paid-last"), ctx);
      expect(last.subject).toBe("Ana pagó la última parte: reserva confirmada, sábado 28 de noviembre, 18:00");
      expect(last.text).toContain("Ya pagaron 4 de 4 partes: la reserva está pagada por completo ($33.00 en total) y confirmada.");
      expect((await compose(variant("share-paid-last"))).attachments?.map((a) => a.filename)).toEqual(["reserva.ics"]);
      expect((await compose(sample("share-paid"))).attachments).toEqual([]);
    });

    it("a series the club ended: what it did, why, every date with its refund, how the money goes back, and one calendar file cancelling them all", async () => {
      const mail = renderNotice(sample("club-action"), ctx);
      expect(mail.subject).toBe("El club canceló tu reserva fija: 4 fechas en Club de Tenis Los Ceibos");
      expect(mail.text).toContain("El club canceló 4 fechas de tu reserva fija en Club de Tenis Los Ceibos.");
      expect(mail.text).toContain("Motivo: Torneo interno del club.");
      expect(mail.text).toContain("Te devolvemos $33.00, todo lo que pagaste: $20.00 a la misma tarjeta y $13.00 en efectivo, en el club.");
      for (const line of [
        "- sábado, 28 de noviembre de 2026, 18:00 · Central (Cancha 1) (Reembolso $33.00)",
        "- sábado, 5 de diciembre de 2026, 18:00 · Central (Cancha 1)",
        "- sábado, 12 de diciembre de 2026, 18:00 · Central (Cancha 1)",
        "- sábado, 19 de diciembre de 2026, 18:00 · Central (Cancha 1)",
      ])
        expect(mail.text).toContain(line);
      for (const day of ["28 de noviembre", "5 de diciembre", "12 de diciembre", "19 de diciembre"]) expect(mail.html).toContain(day);
      const composed = await compose(sample("club-action"));
      expect(composed.attachments?.map((a) => a.filename)).toEqual(["reservas.ics"]);
      const ics = String(composed.attachments?.[0]?.content);
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
      expect(ics.match(/STATUS:CANCELLED/g)).toHaveLength(4);
    });

    it("a series booked says the weekday, hour, court, every date and the weeks it could not book; a closure names the reason and each booking", () => {
      const booked = renderNotice(variant("club-series-booked"), ctx);
      expect(booked.subject).toBe("El club te reservó 4 fechas: Club de Tenis Los Ceibos, los sábados 18:00");
      expect(booked.text).toContain("El club reservó para ti Central (Cancha 1) en Club de Tenis Los Ceibos, los sábados a las 18:00: 4 fechas.");
      expect(booked.text).toContain("No pudimos reservar esta semana: sábado, 26 de diciembre de 2026 (Ocupado).");
      expect(booked.text).not.toContain("Motivo");
      const one = renderNotice(variant("club-series-cancelled-one"), ctx);
      expect(one.subject).toBe("El club canceló tu reserva fija: Club de Tenis Los Ceibos, sábado 28 de noviembre, 18:00");
      expect(one.text).toContain("No tenías pagos en esta reserva.");
      expect(one.text).not.toContain("Motivo");
      const closure = renderNotice(variant("club-closure"), ctx);
      expect(closure.subject).toBe("El club canceló 2 reservas tuyas: Club de Tenis Los Ceibos");
      expect(closure.text).toContain("Motivo: Mantenimiento (Lluvia).");
      expect(closure.text).toContain("- sábado, 28 de noviembre de 2026, 19:00 · Pista 2 (Cancha 2) (Reembolso $8.25)");
      expect(closure.text).toContain("Te devolvemos $16.50, todo lo que pagaste, a la misma tarjeta.");
    });

    it("every variant renders without a hole", () => {
      for (const { notice } of SAMPLE_VARIANTS) {
        const mail = renderNotice(notice, ctx);
        expect(`${mail.subject}${mail.html}${mail.text}`).not.toMatch(/undefined|null|NaN|\[object/);
      }
    });
  });
});
