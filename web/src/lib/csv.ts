import { saveBlob } from "./save-file";
import { toCents } from "./format";

/**
 * A CSV made in the browser that a Spanish spreadsheet opens as it is, as the server's
 * transactions export is (adapters/src/http/transactions-csv.ts): UTF-8 with a BOM, ';' between
 * fields, ',' before the cents, CRLF line ends, and no field that a spreadsheet would read as a
 * formula.
 */
export type CsvValue = string | number | CsvNumber;

/** A number already written the Spanish way ("-0,72"): sent as it is, not guarded as text. */
export interface CsvNumber {
  readonly csv: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "14.50" -> 14,50; "-0.72" -> -0,72 (money as the API speaks it). */
export const csvMoney = (value: string | number | null | undefined): CsvNumber => {
  const cents = toCents(value);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return { csv: `${sign}${Math.floor(abs / 100)},${pad(abs % 100)}` };
};

/** Quoted when it holds a separator, a quote or a line break; a leading =, +, - or @ cannot start a formula. */
const field = (value: CsvValue): string => {
  if (typeof value === "number") return String(value).replace(".", ",");
  if (typeof value === "object") return value.csv;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const toCsv = (headers: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string =>
  `\uFEFF${[headers.map(field), ...rows.map((row) => row.map(field))].map((line) => line.join(";")).join("\r\n")}\r\n`;

/** Saves `text` as a file named `fileName`, the way the invoice download does. */
export const downloadText = (fileName: string, text: string, type = "text/csv;charset=utf-8") => saveBlob(fileName, new Blob([text], { type }));
