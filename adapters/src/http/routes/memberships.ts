import {
  createMembershipPlan,
  deactivateMembershipPlan,
  formatMoney,
  listMembershipPlans,
  listMyMemberships,
  MembershipAnswer,
  MembershipPlanAnswer,
  MembershipPlanBody,
  MembershipPurchaseBody,
  MemberPricesAnswer,
  presentMemberPrices,
  venueMemberPrices,
  presentMembership,
  presentMembershipPlan,
  PurchaseIntentAnswer,
  recordDeskMembership,
  startMembershipPurchase,
} from "@courts/core";
import * as Schema from "effect/Schema";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { adminOnly, signedIn } from "../guards.js";
import { answerOf, idParams, noContent, problems, requestOf } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

/** Memberships ('Socios', DESIGN.md section 16): venues' plans, bought by card or at the desk. */
export default routes("memberships", async (app) => {
  const tags = ["memberships"];
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });

  app.post(
    "/api/admin/membership-plans",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Crear un plan de socio de una sede: precio, meses, descuento (0 a 100 %) y ventana de reserva propia opcional",
        body: requestOf(MembershipPlanBody),
        response: { 201: answerOf(MembershipPlanAnswer), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const plan = await run(createMembershipPlan(app.ports, actorOf(request), decode(MembershipPlanBody, request.body)));
      return reply.code(201).send(presentMembershipPlan(plan));
    },
  );

  app.delete(
    "/api/admin/membership-plans/:id",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Retirar un plan de socio de la venta (deja de listarse a los jugadores; las membresías compradas siguen vigentes)",
        params: idParams(),
        response: { 204: noContent, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await run(deactivateMembershipPlan(app.ports, actorOf(request), idParam(request.params)));
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/venues/:id/membership-plans",
    {
      schema: {
        tags,
        summary: "Los planes de socio a la venta de una sede",
        params: idParams(),
        response: { 200: answerOf(Schema.Array(MembershipPlanAnswer)), ...problems(404) },
      },
    },
    async (request) => (await run(listMembershipPlans(app.ports, idParam(request.params)))).map(presentMembershipPlan),
  );

  app.get(
    "/api/venues/:id/member-prices",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Precio socio: lo que el jugador paga en cada cancha de la sede con su membresía vigente (member: false si no es socio)",
        params: idParams(),
        response: { 200: answerOf(MemberPricesAnswer), ...problems(401, 404) },
      },
    },
    async (request) => presentMemberPrices(await run(venueMemberPrices(app.ports, actorOf(request), idParam(request.params)))),
  );

  app.get(
    "/api/user/memberships",
    {
      preHandler: signedIn,
      schema: { tags, summary: "Mis membresías: sede, descuento y vigencia", response: { 200: answerOf(Schema.Array(MembershipAnswer)), ...problems(401) } },
    },
    async (request) => {
      const now = app.ports.clock.now();
      return (await run(listMyMemberships(app.ports, actorOf(request)))).map((m) => presentMembership(m, now));
    },
  );

  app.post(
    "/api/user/memberships",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Hacerse socio con tarjeta: abre el pago (se registra con POST /api/user/purchases/{paymentIntentId}); no se renueva solo",
        body: requestOf(MembershipPurchaseBody),
        response: { 200: answerOf(PurchaseIntentAnswer), ...problems(400, 401, 404, 503) },
      },
    },
    async (request): Promise<PurchaseIntentAnswer> => {
      const opened = await run(startMembershipPurchase(app.ports, actorOf(request), decode(MembershipPurchaseBody, request.body)));
      return { clientSecret: opened.clientSecret, paymentIntentId: opened.paymentIntentId, amount: formatMoney(opened.purchase.amount) };
    },
  );

  app.post(
    "/api/admin/users/:id/memberships",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Registrar en el mostrador una membresía pagada en efectivo (con su recibo)",
        params: idParams(),
        body: requestOf(MembershipPurchaseBody),
        response: { 201: answerOf(MembershipAnswer), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const done = await run(recordDeskMembership(app.ports, actorOf(request), idParam(request.params), decode(MembershipPurchaseBody, request.body)));
      return reply.code(201).send(presentMembership(done.membership, app.ports.clock.now()));
    },
  );
});
