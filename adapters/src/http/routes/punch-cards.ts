import {
  createPunchCardProduct,
  deactivatePunchCardProduct,
  listMyPunchCards,
  listPunchCardProducts,
  PaymentAnswer,
  payWithPunchCard,
  presentPayment,
  presentPunchCard,
  presentPunchCardProduct,
  PunchCardAnswer,
  PunchCardPaymentBody,
  PunchCardProductAnswer,
  PunchCardProductBody,
  PunchCardPurchaseBody,
  PurchaseIntentAnswer,
  formatMoney,
  startPunchCardPurchase,
} from "@courts/core";
import * as Schema from "effect/Schema";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { adminOnly, signedIn } from "../guards.js";
import { answerOf, idParams, noContent, problems, requestOf } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

/** Punch cards ('Bonos', DESIGN.md section 16): the club's products, the players' cards, an hour paying a booking. */
export default routes("punch-cards", async (app) => {
  const tags = ["punch-cards"];
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });

  app.post(
    "/api/admin/punch-card-products",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Crear un bono: horas (1 a 100), precio, días de validez, sede y franja opcionales",
        body: requestOf(PunchCardProductBody),
        response: { 201: answerOf(PunchCardProductAnswer), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const input = decode(PunchCardProductBody, request.body);
      const product = await run(createPunchCardProduct(app.ports, actorOf(request), input));
      return reply.code(201).send(presentPunchCardProduct(product));
    },
  );

  app.get(
    "/api/admin/punch-card-products",
    {
      preHandler: adminOnly,
      schema: { tags, summary: "Los bonos del club, activos y retirados", response: { 200: answerOf(Schema.Array(PunchCardProductAnswer)), ...problems(401, 403) } },
    },
    async (request) => (await run(listPunchCardProducts(app.ports, actorOf(request), true))).map(presentPunchCardProduct),
  );

  app.delete(
    "/api/admin/punch-card-products/:id",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Retirar un bono de la venta (los comprados conservan sus horas)",
        params: idParams(),
        response: { 204: noContent, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await run(deactivatePunchCardProduct(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/punch-card-products",
    {
      preHandler: signedIn,
      schema: { tags, summary: "Los bonos a la venta", response: { 200: answerOf(Schema.Array(PunchCardProductAnswer)), ...problems(401) } },
    },
    async (request) => (await run(listPunchCardProducts(app.ports, actorOf(request), false))).map(presentPunchCardProduct),
  );

  app.get(
    "/api/user/punch-cards",
    {
      preHandler: signedIn,
      schema: { tags, summary: "Mis bonos: horas que quedan y vencimiento", response: { 200: answerOf(Schema.Array(PunchCardAnswer)), ...problems(401) } },
    },
    async (request) => {
      const now = app.ports.clock.now();
      return (await run(listMyPunchCards(app.ports, actorOf(request)))).map((card) => presentPunchCard(card, now));
    },
  );

  app.post(
    "/api/user/punch-cards",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Comprar un bono con tarjeta: abre el pago (se registra con POST /api/user/purchases/{paymentIntentId})",
        body: requestOf(PunchCardPurchaseBody),
        response: { 200: answerOf(PurchaseIntentAnswer), ...problems(400, 401, 404, 503) },
      },
    },
    async (request): Promise<PurchaseIntentAnswer> => {
      const input = decode(PunchCardPurchaseBody, request.body);
      const opened = await run(startPunchCardPurchase(app.ports, actorOf(request), input));
      return { clientSecret: opened.clientSecret, paymentIntentId: opened.paymentIntentId, amount: formatMoney(opened.purchase.amount) };
    },
  );

  app.post(
    "/api/bookings/:id/punch-card-payments",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Pagar una reserva completa con una hora de un bono (misma sede y franja, vigente), sin comisión",
        params: idParams(),
        body: requestOf(PunchCardPaymentBody),
        response: { 201: answerOf(PaymentAnswer), ...problems(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const input = decode(PunchCardPaymentBody, request.body);
      const result = await run(payWithPunchCard(app.ports, actorOf(request), idParam(request.params), input));
      return reply.code(201).send(presentPayment(result.payment));
    },
  );
});
