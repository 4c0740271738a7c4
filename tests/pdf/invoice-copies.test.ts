import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pdfInvoiceRenderer } from "../../adapters/src/pdf/invoice-pdf.js";
import type { InvoiceData } from "@courts/core";
import { anInvoice } from "../support/builders.js";

/**
 * DESIGN.md section 14: the player's invoice shows what the player paid (amount, discount, total,
 * refunds) and never the club's card fee or net; the club's copy may. With TAX_RATE_PERCENT the
 * prices include tax and the invoice shows base and tax ('IVA 15%'), base + tax = total exactly.
 * Read with pdftotext (poppler), as a person copying the PDF's text would.
 */


const dir = mkdtempSync(path.join(tmpdir(), "courts-invoice-text-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** pdftotext -layout: each table row on one line, its label and amount apart; whitespace runs collapsed. */
const textOf = async (invoice: InvoiceData, issuer?: Parameters<typeof pdfInvoiceRenderer>[0]): Promise<string> => {
  const file = path.join(dir, `invoice-${++files}.pdf`);
  writeFileSync(file, await pdfInvoiceRenderer(issuer).render(invoice));
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" })
    .split("\n")
    .map((row) => row.trim().replace(/\s{2,}/g, " | ").replace(/ +/g, " "))
    .filter((row) => row !== "")
    .join("\n");
};

/** What a player must never read on their copy: the club's fee, its net, or either figure. */
const CLUB_FIGURES = /neto|comisi[oó]n|asume|COPIA DEL CLUB|\$1\.16/i;

describe("the player's copy and the club's copy", () => {
  it.each([
    ["a card payment", {}],
    ["a card payment refunded in part", { refunded: 1485 }],
    ["a card payment refunded in full", { refunded: 2970 }],
    ["a card payment with tax", { taxRate: 1500 }],
  ])("the player's copy of %s shows what they paid and no figure of the club's", async (_case, fields: Partial<InvoiceData>) => {
    const text = await textOf(anInvoice(fields));
    expect(text).not.toMatch(CLUB_FIGURES);
    expect(text).toContain("Importe | $33.00");
    expect(text).toContain("Descuento (código VERANO10) | -$3.30");
    expect(text).toContain("Forma de pago | Tarjeta");
    expect(text).toContain("Total pagado | $29.70");
    expect(text).toContain("Pagado con tarjeta, sin cargo adicional.");
    if (fields.refunded) expect(text).toContain(`Reembolsado | -$${(fields.refunded / 100).toFixed(2)}`);
  });

  it("the club's copy says it is the club's and keeps the card fee and the net", async () => {
    const text = await textOf(anInvoice({ copy: "club", refunded: 1485 }));
    expect(text).toContain("COPIA DEL CLUB");
    expect(text).toContain("Total pagado | $29.70");
    expect(text).toContain("Reembolsado | -$14.85");
    const flat = text.replace(/\n/g, " ");
    expect(flat).toContain("comisión de tarjeta (2.9% + $0.30), $1.16, la paga el club");
    // 29.70 paid - 1.16 fee - 14.85 refunded
    expect(flat).toContain("neto para el club: $13.69");
  });

  it("a refund is followed by what the player paid after it", async () => {
    const text = await textOf(anInvoice({ refunded: 1000 }));
    expect(text).toContain("Reembolsado | -$10.00");
    expect(text).toContain("Total tras el reembolso | $19.70");
  });
});

describe("tax on the invoice (TAX_RATE_PERCENT)", () => {
  it("without a rate, no tax line at all", async () => {
    const text = await textOf(anInvoice());
    expect(text).not.toMatch(/IVA|Base imponible/);
  });

  it.each([
    // total, rate (basis points), base, label, tax: base = round(total / (1 + rate)), tax = total - base
    [2970, 1500, "$25.83", "IVA 15%", "$3.87"],
    [2000, 1500, "$17.39", "IVA 15%", "$2.61"],
    [2000, 1250, "$17.78", "IVA 12,5%", "$2.22"],
    [1650, 1225, "$14.70", "IVA 12,25%", "$1.80"],
    [1, 1500, "$0.01", "IVA 15%", "$0.00"],
    [3300, 10_000, "$16.50", "IVA 100%", "$16.50"],
  ])("$%# a total of %i cents at %i basis points: base %s, %s %s, adding up to the total", async (total, taxRate, base, label, tax) => {
    const text = await textOf(anInvoice({ amount: total, discount: 0, discountCode: null, totalPaid: total, taxRate }));
    expect(text).toContain(`Total pagado | $${(total / 100).toFixed(2)}`);
    expect(text).toContain(`Base imponible | ${base}`);
    expect(text).toContain(`${label} | ${tax}`);
    expect(Math.round(Number(base.slice(1)) * 100) + Math.round(Number(tax.slice(1)) * 100)).toBe(total);
    expect(text.replace(/\n/g, " ")).toContain(`Precios con ${label} incluido.`);
  });

  it("after a refund, base and tax are those of what the player still paid: the refund gives its tax back", async () => {
    const text = await textOf(anInvoice({ taxRate: 1500, refunded: 1485 }));
    expect(text).toContain("Total pagado | $29.70");
    expect(text).toContain("Reembolsado | -$14.85");
    expect(text).toContain("Total tras el reembolso | $14.85");
    // 14.85 / 1.15 = 12.913 -> 12.91; 14.85 - 12.91 = 1.94
    expect(text).toContain("Base imponible | $12.91");
    expect(text).toContain("IVA 15% | $1.94");
    expect(text.replace(/\n/g, " ")).toContain("La base imponible y el IVA son los de lo pagado tras el reembolso.");
  });

  it("refunded in full: base and tax are $0.00", async () => {
    const text = await textOf(anInvoice({ taxRate: 1500, refunded: 2970 }));
    expect(text).toContain("Total tras el reembolso | $0.00");
    expect(text).toContain("Base imponible | $0.00");
    expect(text).toContain("IVA 15% | $0.00");
  });

  it("a cash payment with tax: the same lines, and no card in the fine print", async () => {
    const text = await textOf(anInvoice({ paymentMethod: "cash", stripeFee: 0, taxRate: 1500 }));
    expect(text).toContain("Forma de pago | Efectivo en el club");
    expect(text).toContain("IVA 15% | $3.87");
    expect(text).not.toMatch(/tarjeta|neto/i);
  });

  it("the issuer's tax id is printed when set, and no tax id line when not", async () => {
    const issuer = { name: "Club Los Ceibos S.A.", taxId: "0990012345001", address: "Av. Amazonas N34, Quito" };
    expect(await textOf(anInvoice({ taxRate: 1500 }), issuer)).toContain("RUC / NIF: 0990012345001");
    const without = await textOf(anInvoice({ taxRate: 1500 }), { ...issuer, taxId: null });
    expect(without).toContain("Club Los Ceibos S.A.");
    expect(without).not.toContain("RUC / NIF");
  });
});
