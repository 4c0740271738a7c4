import fc from "fast-check";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { preloadStandardFonts } from "../../adapters/src/pdf/standard-font-cache.js";

interface Metrics {
  advancesForGlyphs(glyphs: readonly string[]): number[];
  glyphsForString(text: string): string[];
}

/** A document's current standard font's metrics (pdfkit 0.20: StandardFont keeps its AFMFont in `font`). */
const metricsOf = (doc: PDFKit.PDFDocument): Metrics => (doc as unknown as { _font: { font: Metrics } })._font.font;

// printable WinAnsi, with the letters that kern most (A V W Y T L P F r y v w . ,) over-represented
const winAnsiText = fc.string({
  unit: fc.oneof(fc.constantFrom(..."AVWYTLPFryvw.,'\" "), fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzáéíóúñÑ¿¡º0123456789$-")),
  maxLength: 40,
});

describe("standard fonts with metrics parsed once (preloadStandardFonts)", () => {
  for (const name of ["Helvetica", "Helvetica-Bold"]) {
    it(`when ${name} measures any text, then every glyph's advance (width plus kerning) is pdfkit's own`, () => {
      const cached = new PDFDocument({ font: "" });
      preloadStandardFonts(cached, [name]);
      preloadStandardFonts(new PDFDocument({ font: "" }), [name]); // a second document shares the parsed metrics
      cached.font(name);
      const metrics = metricsOf(cached);
      // the advances are read from maps by glyph name: an own function over pdfkit's class method
      expect(Object.hasOwn(metrics, "advancesForGlyphs")).toBe(true);
      const pdfkits = (Object.getPrototypeOf(metrics) as Metrics).advancesForGlyphs;
      fc.assert(
        fc.property(winAnsiText, (text) => {
          const glyphs = metrics.glyphsForString(text);
          expect(metrics.advancesForGlyphs(glyphs)).toEqual(pdfkits.call(metrics, glyphs));
        }),
      );
      // kerned pairs do move: "AV" is narrower than "A" and "V" apart
      const plain = new PDFDocument().font(name).fontSize(100);
      cached.fontSize(100);
      expect(cached.widthOfString("AV")).toBeLessThan(cached.widthOfString("A") + cached.widthOfString("V"));
      for (const text of ["AVATAR", "Tú y yo", "Factura N.º 2026-000042", "Total pagado $29.70", "¿Wally?"])
        expect(cached.widthOfString(text)).toBe(plain.widthOfString(text));
    });
  }
});
