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
