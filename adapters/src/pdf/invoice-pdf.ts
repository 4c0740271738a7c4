import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { DEFAULT_CLUB_NAME, FEE_LABEL, GAME_TYPE_LABEL, displayMoney, splitTax, taxLabel } from "@courts/core";
import type { InvoiceData, InvoiceRenderer, LocalDate } from "@courts/core";
import { preloadStandardFonts } from "./standard-font-cache.js";
import { woffToSfnt } from "./woff-to-sfnt.js";

/** "2026-11-22" -> "22/11/2026" (SPEC.md: dates in Spanish format). */
export const displayDate = (date: LocalDate): string => {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
};

/** "18:00" -> "18:00 - 19:00": slots last one hour. */
export const displaySlot = (slot: string): string => {
  const match = /^(\d{2}):(\d{2})$/.exec(slot);
  if (!match) return slot;
  const end = (Number(match[1]) + 1) % 24;
  return `${slot} - ${String(end).padStart(2, "0")}:${match[2]}`;
};

// A4 in points; every coordinate below is absolute so the layout never flows onto a 2nd page.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT = PAGE.width - 2 * MARGIN;
const COLORS = { ink: "#111827", muted: "#6b7280", rule: "#d1d5db", band: "#f3f4f6", accent: "#15803d" };
// The 14 standard PDF fonts need no font file: pdfkit ships their metrics, and WinAnsi covers
// Spanish (á é í ó ú ñ ¿ ¡ º).
const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
/**
 * Names in Cyrillic, CJK, Arabic or emoji are outside WinAnsi: such a line is set in UnifontEX
 * (@fontsource/unifontex, OFL, one 3.3 MB WOFF covering the whole Basic Multilingual Plane and
 * more), embedded as a subset of the glyphs used. Only lines that need it pay for it.
 */
const UNICODE = "UnifontEX";

type Doc = PDFKit.PDFDocument;

/** The seller, printed on every invoice (INVOICE_ISSUER_* settings). */
export interface InvoiceIssuer {
  readonly name: string;
  readonly taxId: string | null;
  readonly address: string | null;
}

const DEFAULT_ISSUER: InvoiceIssuer = { name: DEFAULT_CLUB_NAME, taxId: null, address: null };

// cp1252's letters and signs above 0x7F that are not Latin-1
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Whether the standard fonts (WinAnsi encoding) can show `text`. */
export const fitsWinAnsi = (text: string): boolean => {
  for (const ch of text) {
    const n = ch.codePointAt(0) ?? 0;
    if (!((n >= 0x20 && n <= 0x7e) || (n >= 0xa0 && n <= 0xff) || WIN_ANSI_EXTRA.has(ch))) return false;
  }
  return true;
};

/** What pdfkit accepts as a font source; a parsed fontkit font (anything with `layout`) works too. */
type FontSource = Parameters<Doc["registerFont"]>[1];

/**
 * The Unicode font as pdfkit should load it. The first document parses the file; later ones
 * get that parsed fontkit font (pdfkit takes any object with `layout`), because a fresh parse
 * of 65,000 glyphs per document costs a quarter of a second and warm glyph caches cost nothing.
 */
let unicodeFontSource: FontSource | undefined;
const unicodeFont = (): FontSource => {
  unicodeFontSource ??= woffToSfnt(readFileSync(createRequire(import.meta.url).resolve("@fontsource/unifontex/files/unifontex-latin-400-normal.woff")));
  return unicodeFontSource;
};
const keepParsedFont = (doc: Doc) => {
  if (!(unicodeFontSource instanceof Uint8Array)) return;
  const parsed = (doc as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  // pdfkit 0.20's EmbeddedFont keeps the fontkit font in `.font`; another version just parses again
  if (parsed && typeof parsed.layout === "function") unicodeFontSource = parsed as unknown as FontSource;
};

/** The standard font each document last chose, to return to after a Unicode line. */
const chosen = new WeakMap<Doc, string>();
const registered = new WeakSet<Doc>();

const useFont = (doc: Doc, name: string): Doc => {
  chosen.set(doc, name);
  return doc.font(name);
};

/** Runs `draw` in the Unicode font when `text` needs it, in the chosen standard font otherwise. */
const inFontFor = (doc: Doc, text: string, draw: () => void) => {
  if (fitsWinAnsi(text)) {
    draw();
    return;
  }
  if (!registered.has(doc)) {
    doc.registerFont(UNICODE, unicodeFont());
    registered.add(doc);
  }
  doc.font(UNICODE);
  keepParsedFont(doc);
  draw();
  doc.font(chosen.get(doc) ?? REGULAR);
};

/**
 * Shortens `text` with an ellipsis until it fits `width` at the current font and size, keeping
 * `suffix` whole. The slack matters: pdfkit wraps any text given a width, measuring word by
 * word, which can come out a hair wider than the whole string measured at once.
 */
const fit = (doc: Doc, text: string, width: number, suffix = ""): string => {
  const room = width - 2;
  if (doc.widthOfString(text + suffix) <= room) return text + suffix;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…${suffix}`) > room) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…${suffix}`;
};

const line = (doc: Doc, text: string, x: number, y: number, width: number, align: "left" | "right" = "left", suffix = "") => {
  inFontFor(doc, text + suffix, () => doc.text(fit(doc, text, width, suffix), x, y, { width, align, lineBreak: false }));
};

const rule = (doc: Doc, y: number, color: string = COLORS.rule) => {
  doc.moveTo(MARGIN, y).lineTo(PAGE.width - MARGIN, y).lineWidth(0.75).strokeColor(color).stroke();
};

const header = (doc: Doc, invoice: InvoiceData): number => {
  useFont(doc, BOLD).fontSize(26).fillColor(COLORS.ink);
  line(doc, "Factura", MARGIN, MARGIN, CONTENT / 2);
  useFont(doc, BOLD).fontSize(12);
  line(doc, `Factura N.º ${invoice.invoiceNumber}`, MARGIN + CONTENT / 2, MARGIN + 2, CONTENT / 2, "right");
  useFont(doc, REGULAR).fontSize(10).fillColor(COLORS.muted);
  line(doc, `Fecha de emisión: ${displayDate(invoice.issueDate)}`, MARGIN + CONTENT / 2, MARGIN + 20, CONTENT / 2, "right");
  // the admins' copy says whose it is, on a line of its own above the rule
  if (invoice.copy === "club") {
    useFont(doc, BOLD).fontSize(9).fillColor(COLORS.accent);
    line(doc, "COPIA DEL CLUB", MARGIN + CONTENT / 2, MARGIN + 36, CONTENT / 2, "right");
  }
  const bottom = MARGIN + (invoice.copy === "club" ? 54 : 44);
  rule(doc, bottom, COLORS.ink);
  return bottom + 20;
};

const parties = (doc: Doc, invoice: InvoiceData, issuer: InvoiceIssuer, top: number): number => {
  const column = (CONTENT - 30) / 2;
  const block = (x: number, title: string, lines: readonly string[]) => {
    useFont(doc, BOLD).fontSize(9).fillColor(COLORS.muted);
    line(doc, title.toUpperCase(), x, top, column);
    useFont(doc, REGULAR).fontSize(11).fillColor(COLORS.ink);
    lines.forEach((text, i) => line(doc, text, x, top + 16 + i * 16, column));
  };
  const seller = [issuer.name, ...(issuer.taxId ? [`RUC / NIF: ${issuer.taxId}`] : []), ...(issuer.address ? [issuer.address] : [])];
  block(MARGIN, "Emisor", seller);
  block(MARGIN + column + 30, "Facturado a", invoice.payerEmail ? [invoice.payerName, invoice.payerEmail] : [invoice.payerName]);
  const buyerTop = top + 16 + 3 * 16 + 14;
  // a product bought outside a booking has no venue
  if (invoice.product) return buyerTop;
  useFont(doc, BOLD).fontSize(9).fillColor(COLORS.muted);
  line(doc, "COMPLEJO", MARGIN, buyerTop, CONTENT);
  useFont(doc, REGULAR).fontSize(11).fillColor(COLORS.ink);
  line(doc, invoice.venueName, MARGIN, buyerTop + 16, CONTENT);
  return buyerTop + 16 + 16 + 18;
};

const booking = (doc: Doc, invoice: InvoiceData, top: number): number => {
  useFont(doc, BOLD).fontSize(13).fillColor(COLORS.ink);
  line(doc, invoice.product ? "Detalle de la compra" : "Detalle de la reserva", MARGIN, top, CONTENT);
  // The court's number survives when a long name is shortened.
  const rows: ReadonlyArray<readonly [string, string, string?]> = invoice.product
    ? [
        ["Producto", invoice.product.name],
        ["ID de compra", invoice.paymentId],
      ]
    : [
        ["Cancha", invoice.courtName, ` (N.º ${invoice.courtNumber})`],
        ["Fecha de la reserva", displayDate(invoice.bookingDate)],
        ["Horario", displaySlot(invoice.timeSlot)],
        ["Tipo de juego", GAME_TYPE_LABEL[invoice.gameType]],
        ["ID de pago", invoice.paymentId],
      ];
  const labelWidth = 140;
  let y = top + 24;
  for (const [label, value, suffix] of rows) {
    useFont(doc, REGULAR).fontSize(10).fillColor(COLORS.muted);
    line(doc, label, MARGIN, y, labelWidth);
    useFont(doc, REGULAR).fontSize(11).fillColor(COLORS.ink);
    line(doc, value, MARGIN + labelWidth, y - 1, CONTENT - labelWidth, "left", suffix);
    y += 20;
  }
  return y + 14;
};

/** What the fine print under the amounts says, by copy: the player's never names the club's fee or net. */
const finePrint = (invoice: InvoiceData): string => {
  const usd = "Montos en dólares estadounidenses (USD).";
  const taxIncluded = invoice.taxRate > 0 ? ` Precios con ${taxLabel(invoice.taxRate)} incluido.` : "";
  const taxOfRefund = invoice.taxRate > 0 && invoice.refunded > 0 ? " La base imponible y el IVA son los de lo pagado tras el reembolso." : "";
  if (invoice.paymentMethod === "cash") return `Pagado en efectivo en el club.${taxIncluded}${taxOfRefund} ${usd}`;
  if (invoice.paymentMethod === "wallet") return `Pagado con el saldo del monedero, sin cargo adicional.${taxIncluded}${taxOfRefund} ${usd}`;
  if (invoice.copy === "player") return `Pagado con tarjeta, sin cargo adicional.${taxIncluded}${taxOfRefund} ${usd}`;
  // the club's copy: what the card network kept of this payment, and what is left to the club
  const net = invoice.totalPaid - invoice.stripeFee - invoice.refunded;
  const fee = `la comisión de tarjeta (${FEE_LABEL}), ${displayMoney(invoice.stripeFee)}, la paga el club`;
  return net < 0
    ? // refunded in full: the card network keeps its fee, and that is the club's loss, not a sum the player owes
      `Sin cargo adicional para el jugador: ${fee}; con el reembolso, el club no recibe nada de este pago y asume esa comisión.${taxIncluded}${taxOfRefund} ${usd}`
    : `Sin cargo adicional para el jugador: ${fee} de lo que recibe; neto para el club: ${displayMoney(net)}.${taxIncluded}${taxOfRefund} ${usd}`;
};

const amounts = (doc: Doc, invoice: InvoiceData, top: number): number => {
  const amountWidth = 120;
  const labelWidth = CONTENT - amountWidth - 24;
  const rowHeight = 26;

  doc.rect(MARGIN, top, CONTENT, rowHeight).fill(COLORS.band);
  useFont(doc, BOLD).fontSize(10).fillColor(COLORS.muted);
  line(doc, "CONCEPTO", MARGIN + 12, top + 9, labelWidth);
  line(doc, "MONTO", PAGE.width - MARGIN - 12 - amountWidth, top + 9, amountWidth, "right");

  /** strong: a total, between ink rules; part: a share of the total above it (the tax split), indented in smaller type */
  type Row = { readonly label: string; readonly value: string; readonly strong?: boolean; readonly part?: boolean };
  const discountLabel = invoice.discountCode ? `Descuento (código ${invoice.discountCode})` : "Descuento";
  const rows: Row[] = [
    { label: invoice.product ? invoice.product.name : "Importe", value: displayMoney(invoice.amount) },
    { label: discountLabel, value: invoice.discount > 0 ? displayMoney(-invoice.discount) : displayMoney(0) },
    // What the player paid and how: the card fee is the club's cost, so it is no row of this table
    // (a player would read it as a charge of theirs); the club's copy says it in the fine print.
    { label: "Forma de pago", value: invoice.paymentMethod === "cash" ? "Efectivo en el club" : invoice.paymentMethod === "wallet" ? "Monedero" : invoice.paymentMethod === "punch_card" ? "Bono de horas" : "Tarjeta" },
    { label: "Total pagado", value: displayMoney(invoice.totalPaid), strong: true },
  ];
  // Tax is on what the player keeps paid: after a refund, on the rest (a refund gives back its tax too).
  const kept = Math.max(0, invoice.totalPaid - invoice.refunded);
  if (invoice.refunded > 0) {
    rows.push({ label: "Reembolsado", value: displayMoney(-invoice.refunded) });
    rows.push({ label: "Total tras el reembolso", value: displayMoney(kept), strong: true });
  }
  if (invoice.taxRate > 0) {
    const { base, tax } = splitTax(kept, invoice.taxRate);
    rows.push({ label: "Base imponible", value: displayMoney(base), part: true });
    rows.push({ label: taxLabel(invoice.taxRate), value: displayMoney(tax), part: true });
  }

  let y = top + rowHeight;
  rows.forEach((row, i) => {
    if (row.strong) rule(doc, y, COLORS.ink);
    const size = row.strong ? 12 : row.part ? 10 : 11;
    useFont(doc, row.strong ? BOLD : REGULAR).fontSize(size).fillColor(COLORS.ink);
    const height = row.part ? 22 : rowHeight;
    const textY = y + (height - size) / 2;
    line(doc, row.label, MARGIN + 12 + (row.part ? 12 : 0), textY, labelWidth);
    line(doc, row.value, PAGE.width - MARGIN - 12 - amountWidth, textY, amountWidth, "right");
    y += height;
    const next = rows[i + 1];
    if (next && !next.strong) rule(doc, y, row.strong ? COLORS.ink : COLORS.rule);
  });
  rule(doc, y, COLORS.ink);

  useFont(doc, REGULAR).fontSize(9).fillColor(COLORS.muted);
  doc.text(finePrint(invoice), MARGIN, y + 12, { width: CONTENT });
  return y + 40;
};

const footer = (doc: Doc) => {
  const y = PAGE.height - MARGIN - 14;
  rule(doc, y - 10);
  useFont(doc, REGULAR).fontSize(9).fillColor(COLORS.muted);
  line(doc, "Gracias por tu reserva.", MARGIN, y, CONTENT, "left");
};

const toBytes = (doc: Doc): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });

/**
 * Renders the invoice of one payment as a one-page A4 PDF in Spanish. Kept cheap on purpose
 * (the invoice route is benchmarked against a bare route): standard fonts only, no images,
 * no font files read per call.
 */
export const pdfInvoiceRenderer = (issuer: InvoiceIssuer = DEFAULT_ISSUER): InvoiceRenderer => ({
  render(invoice) {
    const doc = new PDFDocument({
      // No default font: preloadStandardFonts supplies both fonts without re-parsing them.
      font: "",
      size: "A4",
      margin: MARGIN,
      lang: "es",
      info: { Title: `Factura N.º ${invoice.invoiceNumber}`, Subject: `Pago ${invoice.paymentId}` },
    });
    const bytes = toBytes(doc);
    preloadStandardFonts(doc, [REGULAR, BOLD]);
    let y = header(doc, invoice);
    y = parties(doc, invoice, issuer, y);
    y = booking(doc, invoice, y);
    amounts(doc, invoice, y);
    footer(doc);
    doc.end();
    return bytes;
  },
});
