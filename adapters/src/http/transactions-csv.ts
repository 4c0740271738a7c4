import { Readable } from "node:stream";
import { chargedOf, feeTakenOf, isSettled, keptNetOf, wallClockAt, type Cents, type PaymentWithPayer } from "@courts/core";

/**
 * The admin's transactions as a CSV that a Spanish spreadsheet opens as it is: UTF-8 with a BOM
 * (or accents break), ';' between fields and ',' before the cents (the Spanish decimal comma).
 * The amounts are the revenue summary's definitions: Bruto - Descuento - Comisión - Reembolso = Neto.
 * An attempt never charged (failed, pending: 'Cuenta en el resumen' No) took no fee and left
 * nothing: its Comisión and Neto are 0, so the column's sum is the summary's net. 'Medio' says
 * card, cash at the desk, wallet or punch card. A payment from the wallet or with a punch card's
 * hour moved money counted when the top-up or the card was sold: 'Cuenta en el resumen' No, Neto 0.
 * 'Concepto' (before 'Factura') says what was paid: 'Reserva', or the product sold (a top-up, a punch card, a
 * membership: rows of their own, with no game, so the game's columns are empty).
 */
const HEADERS = [
  "Fecha",
  "Hora",
  "Usuario",
  "Correo",
  "Complejo",
  "Cancha",
  "Número de cancha",
  "Fecha de la reserva",
  "Horario",
  "Estado",
  "Medio",
  "Código de descuento",
  "Bruto",
  "Descuento",
  "Comisión de tarjeta",
  "Reembolso",
  "Neto",
  "Cuenta en el resumen",
  "Concepto",
  "Factura",
  "Id del pago",
];

/** What a row sold: a booking's payment, or a product (its receipt's name, the plan's or card's own name with it). */
const conceptOf = (p: PaymentWithPayer): string => (p.sale === undefined ? "Reserva" : p.sale.name);

const STATUS_TEXT: Record<PaymentWithPayer["status"], string> = {
  succeeded: "Completado",
  pending: "Pendiente",
  failed: "Fallido",
  refunded: "Reembolsado",
};

/**
 * The row's state in words, as the admin's screen reads it: a refund the provider has not confirmed
 * yet (a cancellation's or a closure's, both already 'refunded') is 'Reembolso pendiente';
 * a refund of part of what was charged (a 50% tier) 'Reembolso parcial', 'Reembolsado' being all of it.
 */
export const csvStatusText = (p: Pick<PaymentWithPayer, "status" | "amount" | "discount" | "refundedAmount" | "refundOwed">): string => {
  if ((p.status === "succeeded" || p.status === "refunded") && p.refundOwed > 0) return "Reembolso pendiente";
  if (p.status === "refunded" && p.refundedAmount < chargedOf(p)) return "Reembolso parcial";
  return STATUS_TEXT[p.status];
};

const pad = (n: number) => String(n).padStart(2, "0");

const amount = (cents: Cents): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${pad(abs % 100)}`;
};

/** Quoted when it holds a separator, a quote or a line break; a leading =, +, - or @ cannot start a formula. */
const field = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const csvLine = (p: PaymentWithPayer, timeZone: string): string => {
  const at = wallClockAt(p.createdAt, timeZone);
  const [y, m, d] = p.bookingDate.split("-");
  const game = p.sale === undefined;
  return [
    `${pad(at.day)}/${pad(at.month)}/${at.year}`,
    `${pad(at.hour)}:${pad(at.minute)}`,
    field(p.userName ?? (game ? "Participante de pago compartido" : "Jugador")),
    field(p.userEmail ?? ""),
    field(p.venueName),
    game ? field(p.courtName) : "",
    game ? String(p.courtNumber) : "",
    game ? `${d}/${m}/${y}` : "",
    game ? p.timeSlot : "",
    csvStatusText(p),
    p.kind === "cash" ? "Efectivo" : p.kind === "wallet" ? "Monedero" : p.kind === "punch_card" ? "Bono" : "Tarjeta",
    field(p.discountCode ?? ""),
    amount(p.amount),
    amount(p.discount),
    amount(feeTakenOf(p)),
    amount(p.refundedAmount),
    amount(keptNetOf(p)),
    isSettled(p) ? "Sí" : "No",
    field(conceptOf(p)),
    p.invoiceNumber ?? "",
    p.id,
  ].join(";");
};

/** A stream that reads the rows as the client takes them (back-pressure), a batch at a time. */
export const transactionsCsv = (rows: AsyncIterable<PaymentWithPayer>, timeZone: string): Readable =>
  Readable.from(
    (async function* () {
      yield `\uFEFF${HEADERS.join(";")}\r\n`;
      let chunk: string[] = [];
      for await (const row of rows) {
        chunk.push(`${csvLine(row, timeZone)}\r\n`);
        if (chunk.length === 200) {
          yield chunk.join("");
          chunk = [];
        }
      }
      if (chunk.length > 0) yield chunk.join("");
    })(),
    { objectMode: false },
  );
