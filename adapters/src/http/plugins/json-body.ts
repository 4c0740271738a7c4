import fp from "fastify-plugin";
import { HttpProblem } from "../error-mapping.js";

export const BODY_LIMIT = 1024 * 1024;

/**
 * Bodies are JSON or nothing (state-changing calls with any other content type answer 415;
 * the image upload and the Stripe webhook add their own parsers in their scope). An empty
 * JSON body reads as no body, so a logout sent with a JSON content type still works.
 */
export default fp(
  async (app) => {
    app.removeAllContentTypeParsers();
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMIT }, (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") {
        done(null, undefined);
        return;
      }
      parseJson(request, text, (error, value) => {
        if (error) done(new HttpProblem(400, "INVALID_INPUT", "El cuerpo de la petición no es un JSON válido", "body"), undefined);
        else done(null, value);
      });
    });
  },
  { name: "courts-json-body", fastify: "5.x" },
);
