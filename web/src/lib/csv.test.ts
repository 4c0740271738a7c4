import { describe, expect, it } from "vitest";
import { csvMoney, toCsv } from "./csv";

describe("toCsv", () => {
  it("when rows are written, then a Spanish spreadsheet opens them as the server's export: BOM, ';', decimal comma, CRLF", () => {
    const text = toCsv(["Mes", "Reservas", "Neto"], [["diciembre 2026", 3, csvMoney("41.34")]]);
    expect(text).toBe("\uFEFFMes;Reservas;Neto\r\ndiciembre 2026;3;41,34\r\n");
  });

  it("when money is negative or has no cents, then it keeps its sign and two decimals", () => {
    expect(csvMoney("-0.72").csv).toBe("-0,72");
    expect(csvMoney("120").csv).toBe("120,00");
    expect(csvMoney("0.05").csv).toBe("0,05");
  });

  it("when a text holds a separator, a quote or starts like a formula, then it is quoted or disarmed", () => {
    expect(toCsv(["Jugador"], [['Ana "la zurda"; Pérez'], ["=HYPERLINK(1)"], ["-Luis"]])).toBe(
      '\uFEFFJugador\r\n"Ana ""la zurda""; Pérez"\r\n\'=HYPERLINK(1)\r\n\'-Luis\r\n',
    );
  });
});
