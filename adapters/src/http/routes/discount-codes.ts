import { createDiscountCode, DiscountCheckAnswer, DiscountCodeAnswer, presentDiscountCode, DiscountCodeBody, DiscountCodePatch, listActiveDiscountCodes, listDiscountCodes, updateDiscountCode, validateDiscountCode, ValidateCodeBody } from "@courts/core";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { adminOnly } from "../guards.js";
import { answerOf, bodies, idParams, listOf, problems } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

export default routes(
  "discount-codes",
  async (app) => {
    const tags = ["discount codes"];
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", PRIVATE);
    });

    app.post(
      "/api/discount-codes/validate",
      {
        // public: limited so codes cannot be guessed by brute force
        onRequest: app.perIpLimit("discount-validate", 60),
        schema: {
          tags,
          summary: "Comprobar un código de descuento",
          body: bodies.validateCode,
          response: { 200: answerOf(DiscountCheckAnswer), ...problems(404, 409, 410, 429) },
        },
      },
      async (request) => {
        const input = decode(ValidateCodeBody, request.body);
        const code = presentDiscountCode(await run(validateDiscountCode(app.ports, input)));
        const answer: DiscountCheckAnswer = { code: code.code, type: code.type, value: code.value };
        return answer;
      },
    );

    app.get(
      "/api/discount-codes",
      { preHandler: adminOnly, schema: { tags, summary: "Códigos activos y utilizables (admin)", response: { 200: listOf(DiscountCodeAnswer) } } },
      async (request) => (await run(listActiveDiscountCodes(app.ports, actorOf(request)))).map(presentDiscountCode),
    );

    app.get(
      "/api/admin/discount-codes",
      { preHandler: adminOnly, schema: { tags, summary: "Todos los códigos (admin)", response: { 200: listOf(DiscountCodeAnswer) } } },
      async (request) => (await run(listDiscountCodes(app.ports, actorOf(request)))).map(presentDiscountCode),
    );

    app.post(
      "/api/admin/discount-codes",
      { preHandler: adminOnly, schema: { tags, summary: "Crear un código (admin)", body: bodies.discountCode, response: { 201: answerOf(DiscountCodeAnswer), ...problems(409) } } },
      async (request, reply) => {
        const input = decode(DiscountCodeBody, request.body);
        const code = await run(createDiscountCode(app.ports, actorOf(request), input));
        return reply.code(201).send(presentDiscountCode(code));
      },
    );

    app.patch(
      "/api/admin/discount-codes/:id",
      {
        preHandler: adminOnly,
        schema: { tags, summary: "Editar un código; el código en sí no cambia (admin)", params: idParams(), body: bodies.discountPatch, response: { 200: answerOf(DiscountCodeAnswer), ...problems(409) } },
      },
      async (request) => {
        const id = idParam(request.params);
        const input = decode(DiscountCodePatch, request.body);
        return presentDiscountCode(await run(updateDiscountCode(app.ports, actorOf(request), id, input)));
      },
    );
  },
  ["courts-rate-limits"],
);
