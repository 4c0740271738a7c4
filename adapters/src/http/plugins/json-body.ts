import fp from "fastify-plugin";
import { HttpProblem } from "../error-mapping.js";

/**
 * Every JSON body is small (a booking, a login, a discount code): 16 KiB is far above the largest
 * real one and keeps an anonymous client from making the server parse megabytes. The two image
 * routes that take an image as a data URL raise it for themselves (IMAGE_JSON_BODY_LIMIT).
 */
export const BODY_LIMIT = 16 * 1024;
/** A 10 MB image as base64 in a data URL, plus room for the JSON around it. */
export const IMAGE_JSON_BODY_LIMIT = 14 * 1024 * 1024;
/** No body of this API nests deeper than 3; 32 leaves room and refuses depth bombs before parsing. */
export const MAX_JSON_DEPTH = 32;

/** Control characters other than tab and line breaks: NUL breaks PostgreSQL's text, the others are never typed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when brackets nest deeper than `max`: one pass over the text, strings skipped. */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92) escaped = true;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
};

/** The path of the first string (value or key) holding a control character, or undefined. */
export const controlCharacterAt = (value: unknown, path: readonly string[] = []): string[] | undefined => {
  if (typeof value === "string") return CONTROL.test(value) ? [...path] : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key];
    const found = controlCharacterAt(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
};

const invalid = (message: string, field = "body") => new HttpProblem(400, "INVALID_INPUT", message, field);

/** The same control characters, %-escaped in an address (`?username=%00`). */
const ESCAPED_CONTROL = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/i;

/**
 * A control character in the address (query string or path), the first one's part: 'query' or
 * 'path'. A NUL reached PostgreSQL as text and failed there (a 500) on every route that passed a
 * query parameter or an id to a statement.
 */
export const escapedControlIn = (url: string): "query" | "path" | undefined => {
  if (!url.includes("%")) return undefined;
  const at = url.search(ESCAPED_CONTROL);
  if (at < 0) return undefined;
  const query = url.indexOf("?");
  return query >= 0 && query < at ? "query" : "path";
};

/**
 * Bodies are JSON or nothing (state-changing calls with any other content type answer 415;
 * the image upload and the Stripe webhook add their own parsers in their scope). An empty
 * JSON body reads as no body, so a logout sent with a JSON content type still works. Deep
 * nesting and control characters are refused here, once for every route; control characters in
 * the address too.
 */
export default fp(
  async (app) => {
    // a callback hook: no promise per request for the common address without a '%'
    app.addHook("onRequest", (request, _reply, done) => {
      const part = escapedControlIn(request.url);
      if (part === undefined) return done();
      done(
        invalid(
          part === "query"
            ? "Un parámetro de la dirección contiene caracteres de control (como NUL), que no se admiten"
            : "La dirección contiene caracteres de control (como NUL), que no se admiten",
          part,
        ),
      );
    });
    app.removeAllContentTypeParsers();
    const parseJson = app.getDefaultJsonParser("error", "error");
    // no bodyLimit of its own: the server's (16 KiB) applies, and a route's own when it sets one
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") {
        done(null, undefined);
        return;
      }
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(invalid(`El cuerpo de la petición anida demasiados niveles (máximo ${MAX_JSON_DEPTH})`), undefined);
        return;
      }
      parseJson(request, text, (error, value) => {
        if (error) {
          done(invalid("El cuerpo de la petición no es un JSON válido"), undefined);
          return;
        }
        const at = controlCharacterAt(value);
        if (at) {
          const field = at.length > 0 ? at.join(".") : "body";
          done(invalid(`El campo '${field}' contiene caracteres de control (como NUL), que no se admiten`, field), undefined);
          return;
        }
        done(null, value);
      });
    });
  },
  { name: "courts-json-body", fastify: "5.x" },
);
