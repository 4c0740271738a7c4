import { getImage, IMAGE_TYPES, MAX_IMAGE_BYTES, UploadedImageAnswer, uploadImage } from "@courts/core";
import { actorOf } from "../actor.js";
import { idParam } from "../decode.js";
import { HttpProblem } from "../error-mapping.js";
import { adminOnly } from "../guards.js";
import { answerOf, fileOf, idParams, problems } from "../openapi.js";
import { run } from "../run.js";
import { routes } from "./route-plugin.js";

const TOO_LARGE = "El archivo es muy grande. Máximo 10MB";
const WRONG_TYPE = "Formato no soportado. Usa JPG, PNG o WebP";

export default routes("images", async (app) => {
  const tags = ["images"];

  // Raw bytes only here: JPEG, PNG and WebP up to 10 MiB (the rest of the API takes 1 MiB of JSON).
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/api/objects/upload-image",
    {
      bodyLimit: MAX_IMAGE_BYTES,
      // before the body is read: a guest never gets to send 10 MB
      onRequest: adminOnly,
      // the generic 413 says 1 MiB; this route's limit is 10 MB
      errorHandler: (error) => {
        const code = (error as { code?: unknown }).code;
        if (code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpProblem(413, "IMAGE_TOO_LARGE", TOO_LARGE);
        if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpProblem(415, "UNSUPPORTED_IMAGE", WRONG_TYPE);
        throw error;
      },
      schema: {
        tags,
        summary: "Subir una imagen (admin): bytes JPEG, PNG o WebP con su Content-Type, hasta 10 MB",
        consumes: [...IMAGE_TYPES],
        response: { 201: answerOf(UploadedImageAnswer), ...problems(413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new HttpProblem(415, "UNSUPPORTED_IMAGE", WRONG_TYPE);
      const image = await run(
        uploadImage(app.ports, actorOf(request), { contentType: request.headers["content-type"] ?? "", bytes: new Uint8Array(body) }),
      );
      const answer: UploadedImageAnswer = { imageData: image.id, imageUrl: `/api/images/${image.id}` };
      return reply.code(201).send(answer);
    },
  );

  app.get(
    "/api/images/:id",
    { schema: { tags, summary: "Una imagen subida (caché larga, inmutable)", params: idParams(), produces: [...IMAGE_TYPES], response: { 200: fileOf("La imagen", IMAGE_TYPES), 304: { type: "null", description: "Sin cambios (If-None-Match)" } } } },
    async (request, reply) => {
      const id = idParam(request.params);
      // an image never changes under its id: its id is its validator
      const etag = `"${id}"`;
      reply.header("etag", etag).header("cache-control", "public, max-age=31536000, immutable").header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      const image = await run(getImage(app.ports, id));
      return reply.type(image.contentType).send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  );
});
