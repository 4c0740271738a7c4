import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { displayDate, displaySlot, pdfInvoiceRenderer } from "../../adapters/src/pdf/invoice-pdf.js";
import type { InvoiceData } from "@courts/core";
import { anInvoice } from "../support/builders.js";


const renderer = pdfInvoiceRenderer();

/** The PDF's text on one line, whitespace collapsed: extraction splits and joins runs freely. */
const textOf = async (invoice: InvoiceData): Promise<{ text: string; pages: number; bytes: Uint8Array }> => {
  const bytes = await renderer.render(invoice);
  // pdf.js takes ownership of the buffer it reads: hand it a copy.
  const { text, totalPages } = await extractText(bytes.slice(), { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: totalPages, bytes };
};

describe("pdfInvoiceRenderer", () => {
  it("when an invoice is rendered, then it is a one-page PDF", async () => {
    const { bytes, pages } = await textOf(anInvoice());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(pages).toBe(1);
  });

  it("when an invoice is rendered, then every field reads in Spanish, accents intact", async () => {
    const { text } = await textOf(anInvoice());
    for (const expected of [
      "Factura",
      "Factura N.º 2026-000042",
      "Fecha de emisión: 21/11/2026",
      "María José Peña Núñez",
      "maria.pena@example.com",
      "Club de Tenis Cumbayá",
      "Cancha Central (N.º 3)",
      "22/11/2026",
      "18:00 - 19:00",
      "Dobles (4 personas)",
      "8f14e45f-ceea-467f-a0e6-6d1b2f0c9b1a",
    ])
      expect(text).toContain(expected);
  });

  it("when an invoice is rendered, then the table shows amount, discount with its code, the card as payment and total paid", async () => {
    const { text } = await textOf(anInvoice());
    expect(text).toMatch(/Importe \$33\.00/);
    expect(text).toMatch(/Descuento \(código VERANO10\) -\$3\.30/);
    expect(text).toMatch(/Forma de pago Tarjeta/);
    expect(text).toMatch(/Total pagado \$29\.70/);
    expect(text).not.toContain("Reembolsado");
  });

  it("when the club's copy of a card payment is rendered, then the card fee and the club's net are only fine print below the table", async () => {
    const { bytes } = await textOf(anInvoice({ copy: "club", refunded: 1485 }));
    const page = await (await getDocumentProxy(bytes.slice())).getPage(1);
    const items = (await page.getTextContent()).items.flatMap((item) =>
      "str" in item && item.str.trim() !== ""
        ? [{ str: item.str.trim(), y: Math.round(item.transform[5] as number), size: Math.round(Math.abs(item.transform[3] as number)) }]
        : [],
    );
    const rowOf = (str: string) => items.find((item) => item.str === str)!;
    const table = items.filter((item) => item.y <= rowOf("CONCEPTO").y && item.y >= rowOf("Total tras el reembolso").y);
    // the table a player reads: no fee, no net, and its amounts add up to what they paid
    expect(table.map((item) => item.str).join(" ")).not.toMatch(/Comisión|Neto|neto|\$1\.16/);
    const finePrint = items.filter((item) => item.y < rowOf("Total tras el reembolso").y && item.y > rowOf("Gracias por tu reserva.").y);
    const fine = finePrint.map((item) => item.str).join(" ").replace(/\s+/g, " ");
    expect(fine).toContain("Sin cargo adicional para el jugador");
    expect(fine).toMatch(/comisión de tarjeta \(2\.9% \+ \$0\.30\), \$1\.16, la paga el club/);
    // net for the club: 29.70 paid - 1.16 fee - 14.85 refunded
    expect(fine).toContain("neto para el club: $13.69");
    for (const item of finePrint) expect(item.size).toBeLessThan(rowOf("Importe").size);
  });

  it("when the club's copy of a card payment refunded in full is rendered, then the fine print says the club bears the fee, never a negative net", async () => {
    const { text } = await textOf(anInvoice({ copy: "club", refunded: 2970 }));
    expect(text).toMatch(/Reembolsado -\$29\.70/);
    expect(text).toContain("con el reembolso, el club no recibe nada de este pago y asume esa comisión");
    expect(text).not.toMatch(/neto para el club|-\$1\.16/);
  });

  it("when a payment was in cash, then the table says so and no card fee is mentioned", async () => {
    for (const copy of ["player", "club"] as const) {
      const { text } = await textOf(anInvoice({ copy, paymentMethod: "cash", stripeFee: 0 }));
      expect(text).toMatch(/Forma de pago Efectivo en el club/);
      expect(text).not.toMatch(/comisión de tarjeta|neto/i);
    }
  });

  it("when part of the payment was refunded, then a Reembolsado row shows the refund", async () => {
    const { text } = await textOf(anInvoice({ refunded: 1485 }));
    expect(text).toMatch(/Reembolsado -\$14\.85/);
  });

  it("when there was no discount, then the discount row reads $0.00 with no code", async () => {
    const { text } = await textOf(anInvoice({ discount: 0, discountCode: null, totalPaid: 3300, stripeFee: 126 }));
    expect(text).toMatch(/Descuento \$0\.00/);
    expect(text).not.toContain("código");
    expect(text).toMatch(/Total pagado \$33\.00/);
  });

  it("when the game is singles and the payer has no email, then singles reads and no empty line breaks the layout", async () => {
    const { text, pages } = await textOf(anInvoice({ gameType: "singles", payerEmail: null, timeSlot: "06:00" }));
    expect(text).toContain("Singles (2 personas)");
    expect(text).toContain("06:00 - 07:00");
    expect(text).not.toContain("null");
    expect(pages).toBe(1);
  });

  it("when names are very long, then each is shortened on its own line, the court number kept, on one page", async () => {
    const long = "Complejo Deportivo de Tenis ".repeat(12);
    const invoice = anInvoice({ venueName: long, payerName: long, courtName: long });
    const { text, pages, bytes } = await textOf(invoice);
    expect(pages).toBe(1);
    expect(text).toContain("… (N.º 3)");
    expect(text).toContain("Total pagado $29.70");

    // A shortened value must not wrap onto the row below: its pieces share the label's baseline.
    const page = await (await getDocumentProxy(bytes.slice())).getPage(1);
    const items = (await page.getTextContent()).items.flatMap((item) =>
      "str" in item && item.str.trim() !== "" ? [{ str: item.str, y: Math.round(item.transform[5] as number) }] : [],
    );
    const baseline = (str: string) => items.find((item) => item.str.trim() === str)!.y;
    const courtLine = items.filter((item) => item.y === baseline("Cancha")).map((item) => item.str).join(" ");
    expect(courtLine).toContain("(N.º 3)");
    const nextRow = baseline("Fecha de la reserva");
    expect(items.filter((item) => Math.abs(item.y - nextRow) < 8).map((item) => item.str.trim())).toEqual([
      "Fecha de la reserva",
      "22/11/2026",
    ]);
  });

  it("when names are Cyrillic, Chinese, Japanese, Arabic or emoji, then the PDF text reads them exactly (embedded Unicode font)", async () => {
    const invoice = anInvoice({
      payerName: "Анна Каренина 王小明",
      payerEmail: "анна@пример.рф",
      venueName: "東京テニスクラブ",
      courtName: "Корт №1 🎾",
      discountCode: "ВЕСНА10",
    });
    const { text, pages } = await textOf(invoice);
    expect(pages).toBe(1);
    for (const expected of ["Анна Каренина 王小明", "анна@пример.рф", "東京テニスクラブ", "Корт №1", "ВЕСНА10", "Total pagado $29.70", "Factura N.º 2026-000042"])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/[\uFFFD]/);
  });

  it("when an issuer is configured, then its name, tax id and address head the invoice", async () => {
    const bytes = await pdfInvoiceRenderer({ name: "Club Los Ceibos S.A.", taxId: "0990012345001", address: "Av. Amazonas N34, Quito" }).render(anInvoice());
    const { text } = await extractText(bytes.slice(), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain("EMISOR Club Los Ceibos S.A. RUC / NIF: 0990012345001 Av. Amazonas N34, Quito");
  });

  it("when many invoices are rendered at once, then each carries its own data (shared font metrics, separate documents)", async () => {
    const numbers = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(6, "0")}`);
    const texts = await Promise.all(numbers.map((invoiceNumber, i) => textOf(anInvoice({ invoiceNumber, amount: 1000 + i }))));
    texts.forEach(({ text, pages }, i) => {
      expect(pages).toBe(1);
      expect(text).toContain(`Factura N.º ${numbers[i]}`);
      expect(text).toContain(`Importe $${(10 + i / 100).toFixed(2)}`);
    });
  });

  it("when an invoice is rendered twice (the second with cached font metrics), then both read the same", async () => {
    const first = await textOf(anInvoice());
    const second = await textOf(anInvoice());
    expect(second.text).toBe(first.text);
    expect(Math.abs(second.bytes.length - first.bytes.length)).toBeLessThan(64);
  });
});

describe("invoice formatting", () => {
  it("when a local date is shown, then it reads dd/MM/yyyy", () => {
    expect(displayDate("2026-01-05")).toBe("05/01/2026");
  });

  it("when a slot is shown, then it reads as its hour range", () => {
    expect(displaySlot("21:00")).toBe("21:00 - 22:00");
    expect(displaySlot("23:00")).toBe("23:00 - 00:00");
    expect(displaySlot("tarde")).toBe("tarde");
  });
});
