import {
  adjustWallet,
  AdminPurchaseAnswer,
  pagePurchases,
  pageMyPurchases,
  MyPurchaseAnswer,
  MyPurchasesQuery,
  presentMyPurchase,
  presentAdminPurchase,
  getWallet,
  IntentIdParam,
  PaymentAnswer,
  payFromWallet,
  presentPayment,
  presentPurchase,
  presentWalletEntry,
  PurchaseAnswer,
  PurchaseIntentAnswer,
  recordPurchase,
  renderPurchaseInvoice,
  startTopUp,
  TopUpBody,
  WalletAdjustmentAnswer,
  WalletAdjustmentBody,
  WalletAnswer,
  WalletPaymentBody,
  WalletQuery,
  formatMoney,
} from "@courts/core";
import * as Schema from "effect/Schema";
import { actorOf } from "../actor.js";
import { decode, idParam } from "../decode.js";
import { HttpProblem } from "../error-mapping.js";
import { adminOnly, signedIn } from "../guards.js";
import { answerOf, fileOf, idParams, problems, requestOf } from "../openapi.js";
import { pageHeaders, pageQuery } from "../paging.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

/** The player's wallet and the products bought by card (DESIGN.md section 16). */
export default routes("wallet", async (app) => {
  const tags = ["wallet"];
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });

  app.get(
    "/api/user/wallet",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Mi monedero: saldo y movimientos, los más nuevos primero (página en X-Total-Count, X-Page, X-Page-Size)",
        querystring: { type: "object", properties: pageQuery },
        response: { 200: answerOf(WalletAnswer) },
      },
    },
    async (request, reply): Promise<WalletAnswer> => {
      const wallet = await run(getWallet(app.ports, actorOf(request), decode(WalletQuery, request.query)));
      pageHeaders(reply, wallet.entries);
      return { balance: formatMoney(wallet.balance), entries: wallet.entries.items.map(presentWalletEntry) };
    },
  );

  app.post(
    "/api/user/wallet/top-ups",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Recargar el monedero con tarjeta ($10.00 a $500.00): abre el pago",
        body: requestOf(TopUpBody),
        response: { 200: answerOf(PurchaseIntentAnswer), ...problems(400, 401, 503) },
      },
    },
    async (request): Promise<PurchaseIntentAnswer> => {
      const input = decode(TopUpBody, request.body);
      const opened = await run(startTopUp(app.ports, actorOf(request), input));
      return { clientSecret: opened.clientSecret, paymentIntentId: opened.paymentIntentId, amount: formatMoney(opened.purchase.amount) };
    },
  );

  app.get(
    "/api/user/purchases",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary:
          "Mis compras (recargas, bonos y membresías), las más nuevas primero, con el número de recibo de las completadas (página en X-Total-Count, X-Page, X-Page-Size)",
        querystring: { type: "object", properties: { ...pageQuery, kind: { type: "string", enum: ["topup", "punch_card", "membership"], description: "solo las compras de este tipo" } } },
        response: { 200: { type: "array", items: answerOf(MyPurchaseAnswer) }, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const page = await run(pageMyPurchases(app.ports, actorOf(request), decode(MyPurchasesQuery, request.query)));
      pageHeaders(reply, page);
      return page.items.map(presentMyPurchase);
    },
  );

  app.post(
    "/api/user/purchases/:paymentIntentId",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Registrar una compra con tarjeta que el proveedor confirmó (201; 200 si ya estaba registrada)",
        params: idParams("paymentIntentId"),
        response: { 200: answerOf(PurchaseAnswer), 201: answerOf(PurchaseAnswer), ...problems(400, 401, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const raw = (request.params as Record<string, unknown>)["paymentIntentId"];
      if (!Schema.is(IntentIdParam)(raw)) throw new HttpProblem(400, "INVALID_INPUT", "El parámetro 'paymentIntentId' no es válido", "paymentIntentId");
      const actor = actorOf(request);
      const result = await run(recordPurchase(app.ports, actor, raw));
      const balance = result.purchase.product === "wallet_topup" ? await app.ports.wallets.balanceOf(result.purchase.userId) : undefined;
      return reply.code(result.alreadyRecorded ? 200 : 201).send(presentPurchase(result.purchase, balance));
    },
  );

  app.get(
    "/api/user/purchases/:id/invoice",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Recibo PDF de una compra completada (una recarga, un bono o una membresía, con tarjeta o en efectivo): al comprador; a un admin, la copia del club",
        params: idParams(),
        produces: ["application/pdf"],
        response: { 200: fileOf("El recibo en PDF", ["application/pdf"]), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { pdf, purchase } = await run(renderPurchaseInvoice(app.ports, actorOf(request), idParam(request.params)));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="factura-${purchase.invoiceNumber ?? purchase.id}.pdf"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.post(
    "/api/bookings/:id/wallet-payments",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Pagar una reserva (tu parte o el total) con el saldo del monedero, sin comisión",
        params: idParams(),
        body: requestOf(WalletPaymentBody),
        response: { 201: answerOf(PaymentAnswer), ...problems(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const input = decode(WalletPaymentBody, request.body);
      const result = await run(payFromWallet(app.ports, actorOf(request), idParam(request.params), input));
      return reply.code(201).send(presentPayment(result.payment));
    },
  );

  app.get(
    "/api/admin/purchases",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Compras fuera de las reservas (recargas del monedero y otros productos), las más nuevas primero (admin; página en X-Total-Count)",
        querystring: { type: "object", properties: pageQuery },
        response: { 200: { type: "array", items: answerOf(AdminPurchaseAnswer) } },
      },
    },
    async (request, reply) => {
      const page = await run(pagePurchases(app.ports, actorOf(request), decode(WalletQuery, request.query)));
      pageHeaders(reply, page);
      return page.items.map(presentAdminPurchase);
    },
  );

  app.post(
    "/api/admin/users/:id/wallet-adjustments",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Ajustar el monedero de un jugador (monto con signo y nota obligatoria; nunca por debajo de cero)",
        params: idParams(),
        body: requestOf(WalletAdjustmentBody),
        response: { 201: answerOf(WalletAdjustmentAnswer), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = decode(WalletAdjustmentBody, request.body);
      const done = await run(adjustWallet(app.ports, actorOf(request), idParam(request.params), input));
      const answer: WalletAdjustmentAnswer = { balance: formatMoney(done.balance), entry: presentWalletEntry(done.entry) };
      return reply.code(201).send(answer);
    },
  );
});
