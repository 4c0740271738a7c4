/**
 * pdfkit re-parses a standard font's metrics (the AFM glyph widths and kerning pairs) for every
 * document that uses it: about 0.4 ms per font per invoice, half of the whole render. The
 * parsed metrics never change, so this module parses each font once per process and hands every
 * later document a font object of its own (own PDF object id and dictionary) that shares them.
 *
 * It relies on pdfkit 0.20 internals (`_fontFamilies`, `_fontCount`, StandardFont's fields).
 * Each is checked at run time; when one is missing (another pdfkit version), documents simply
 * load their fonts the ordinary way, only slower. The invoice tests catch a wrong layout.
 */

interface StandardFontInternals {
  readonly name: string;
  readonly font: object;
  readonly ascender: number;
  readonly descender: number;
  readonly bbox: readonly number[];
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
}

interface DocumentInternals {
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
}

interface Template {
  readonly prototype: object;
  readonly fields: StandardFontInternals;
}

// Detached copies: keeping the first document's font object would keep that document alive.
const templates = new Map<string, Template>();

const documentInternals = (doc: PDFKit.PDFDocument): DocumentInternals | undefined => {
  const candidate = doc as unknown as Partial<DocumentInternals>;
  return typeof candidate._fontFamilies === "object" && candidate._fontFamilies !== null && typeof candidate._fontCount === "number"
    ? (candidate as DocumentInternals)
    : undefined;
};

const asStandardFont = (value: unknown): StandardFontInternals | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const f = value as Partial<StandardFontInternals> & { document?: unknown };
  const ok =
    typeof f.name === "string" &&
    typeof f.font === "object" &&
    f.font !== null &&
    typeof f.ascender === "number" &&
    typeof f.descender === "number" &&
    Array.isArray(f.bbox) &&
    typeof f.lineGap === "number" &&
    typeof f.document === "object";
  return ok ? (f as StandardFontInternals) : undefined;
};

interface AfmMetrics {
  readonly glyphWidths: Record<string, number>;
  readonly kernPairs: Record<string, number>;
  advancesForGlyphs(glyphs: readonly string[]): number[];
}

const asAfmMetrics = (value: object): AfmMetrics | undefined => {
  const m = value as Partial<AfmMetrics>;
  return typeof m.glyphWidths === "object" && m.glyphWidths !== null && typeof m.kernPairs === "object" && m.kernPairs !== null && typeof m.advancesForGlyphs === "function"
    ? (m as AfmMetrics)
    : undefined;
};

/**
 * pdfkit measures a string in a standard font glyph by glyph, each advance its width plus the
 * kerning with the next glyph, looked up as `left + "\0" + right` in an object of pairs (1,220 in
 * Helvetica): a new string and a dictionary lookup per glyph, 7% of the invoice route's CPU (and its
 * widths another 3%). Every string is measured three or four times (fitting, wrapping, placing,
 * encoding). The same advances, from the same metrics, read from a map of maps by glyph name.
 */
export const withKerningByGlyph = (font: object): void => {
  const metrics = asAfmMetrics(font);
  if (!metrics) return;
  const widths = new Map(Object.entries(metrics.glyphWidths));
  const kerning = new Map<string, Map<string, number>>();
  for (const [pair, amount] of Object.entries(metrics.kernPairs)) {
    const [left, right] = pair.split("\0") as [string, string];
    let rights = kerning.get(left);
    if (rights === undefined) kerning.set(left, (rights = new Map()));
    rights.set(right, amount);
  }
  metrics.advancesForGlyphs = (glyphs) => {
    const advances: number[] = new Array<number>(glyphs.length);
    for (let i = 0; i < glyphs.length; i++) {
      const left = glyphs[i]!;
      const right = glyphs[i + 1];
      advances[i] = (widths.get(left) || 0) + ((right === undefined ? undefined : kerning.get(left)?.get(right)) || 0);
    }
    return advances;
  };
};

/** Makes `names` (standard PDF fonts such as "Helvetica") available to `doc` with metrics parsed once. */
export const preloadStandardFonts = (doc: PDFKit.PDFDocument, names: readonly string[]): void => {
  const internals = documentInternals(doc);
  for (const name of names) {
    const template = templates.get(name);
    if (!internals || !template || internals._fontFamilies[name] !== undefined) {
      doc.font(name);
      const loaded = internals && asStandardFont(internals._fontFamilies[name]);
      if (loaded && !template) {
        const { name: fontName, font, ascender, descender, bbox, lineGap, xHeight, capHeight } = loaded;
        withKerningByGlyph(font);
        templates.set(name, {
          prototype: Object.getPrototypeOf(loaded) as object,
          fields: { name: fontName, font, ascender, descender, bbox, lineGap, xHeight, capHeight },
        });
      }
      continue;
    }
    // Same prototype (StandardFont: encode, widthOfString, embed...), shared parsed metrics,
    // and the per-document state (document, id, dictionary) left fresh.
    const font: unknown = Object.assign(Object.create(template.prototype) as object, template.fields, {
      document: doc,
      id: `F${++internals._fontCount}`,
    });
    internals._fontFamilies[name] = font;
  }
};
