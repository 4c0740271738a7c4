import {
  CardConfirmationAnswer,
  CardConfirmBody,
  dailyStats,
  DayStatsAnswer,
  PaymentAnswer,
  PaymentIntentAnswer,
  PaymentStatsAnswer,
  PaymentWithBookingAnswer,
  presentPayment,
  presentPaymentWithBooking,
  presentTransaction,
  RevenueAnswer,
  TransactionsPageAnswer,
  encodeTransactionCursor,
  exportTransactions,
  formatMoney,
  openPaymentIntent,
  pageTransactions,
  pageUserPayments,
  paymentStats,
  PaymentIntentBody,
  recordPayment,
  RecordPaymentBody,
  renderInvoice,
  renderPurchaseInvoice,
  revenueOn,
  TransactionsExportQuery,
  TransactionsQuery,
  UserListQuery,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { dateQuery, decode, idParam } from "../decode.js";
import { HttpProblem } from "../error-mapping.js";
import { adminOnly, signedIn } from "../guards.js";
import { answerOf, bodies, fileOf, idParams, listOf, object, problems, queries } from "../openapi.js";
import { pageHeaders, pageQuery } from "../paging.js";
import { transactionsCsv } from "../transactions-csv.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

export default routes("payments", async (app) => {
  const tags = ["payments"];
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });

  app.post(
    "/api/create-payment-intent",
    {
      onRequest: app.anonymousWriteLimit,
      schema: {
        tags,
        summary: "Abrir un pago con tarjeta: tu parte o el total (dueño), o una parte con el link compartido",
        body: bodies.paymentIntent,
        response: { 200: answerOf(PaymentIntentAnswer), ...problems(401, 403, 404, 409, 410, 429, 503) },
      },
    },
    async (request) => {
      const input = decode(PaymentIntentBody, request.body);
      const answer = await run(openPaymentIntent(app.ports, actorOf(request), input));
      const p = presentPayment(answer.payment);
      const shown: PaymentIntentAnswer = {
        clientSecret: answer.clientSecret,
        paymentIntentId: answer.paymentIntentId,
        amount: p.amount,
        discount: p.discount,
        totalPaid: p.totalPaid,
        stripeFee: p.stripeFee,
        discountCode: p.discountCode,
      };
      return shown;
    },
  );

  app.post(
    "/api/payments",
    {
      onRequest: app.anonymousWriteLimit,
      schema: {
        tags,
        summary: "Registrar un pago confirmado por el proveedor (201; 200 si ya estaba registrado)",
        body: bodies.recordPayment,
        response: { 200: answerOf(PaymentAnswer), 201: answerOf(PaymentAnswer), ...problems(401, 402, 403, 404, 409, 410, 429, 503) },
      },
    },
    async (request, reply) => {
      const input = decode(RecordPaymentBody, request.body);
      const result = await run(recordPayment(app.ports, actorOf(request), input));
      return reply.code(result.alreadyRecorded ? 200 : 201).send(presentPayment(result.payment));
    },
  );

  // registered before /api/payments/:id/... and /api/payments/user/:userId
  app.get(
    "/api/payments/today-revenue",
    { preHandler: adminOnly, schema: { tags, summary: "Ingresos de hoy (admin)", response: { 200: answerOf(RevenueAnswer) } } },
    async (request): Promise<RevenueAnswer> => ({ revenue: formatMoney(await run(revenueOn(app.ports, actorOf(request)))) }),
  );

  app.get(
    "/api/payments/day-stats",
    {
      preHandler: adminOnly,
      schema: { tags, summary: "Cifras de un día: reservas, ingresos, canchas y ocupación (admin)", querystring: queries.date, response: { 200: answerOf(DayStatsAnswer) } },
    },
    async (request): Promise<DayStatsAnswer> => {
      const { date } = dateQuery(request.query);
      const stats = await run(dailyStats(app.ports, actorOf(request), date));
      return { ...stats, revenue: formatMoney(stats.revenue) };
    },
  );

  app.get(
    "/api/payments/stats",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Resumen de pagos (admin)",
        response: { 200: answerOf(PaymentStatsAnswer) },
      },
    },
    async (request) => {
      const s = await run(paymentStats(app.ports, actorOf(request)));
      const answer: PaymentStatsAnswer = {
        totalRevenue: formatMoney(s.total),
        completedCount: s.succeededCount,
        pendingAmount: formatMoney(s.pendingAmount),
        pendingCount: s.pendingCount,
        summary: {
          gross: formatMoney(s.gross),
          total: formatMoney(s.total),
          discounts: formatMoney(s.discounts),
          stripeFees: formatMoney(s.stripeFees),
          refunds: formatMoney(s.refunds),
          net: formatMoney(s.net),
        },
      };
      return answer;
    },
  );

  app.get(
    "/api/payments/user/:userId",
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Pagos de un usuario (él mismo o admin), el más reciente primero, por páginas (total en X-Total-Count)",
        params: idParams("userId"),
        querystring: object(pageQuery, Object.keys(pageQuery)),
        response: { 200: listOf(PaymentWithBookingAnswer) },
      },
    },
    async (request, reply) => {
      const userId = idParam(request.params, "userId");
      const page = await run(pageUserPayments(app.ports, actorOf(request), decode(UserListQuery, request.query), userId));
      pageHeaders(reply, page);
      return page.items.map(presentPaymentWithBooking);
    },
  );

  app.get(
    "/api/payments/:id/invoice",
    { preHandler: signedIn, schema: { tags, summary: "Factura PDF de un pago completado: al pagador, su copia (lo que pagó, sin la comisión ni el neto del club); a un admin, la del club. El id de un producto vendido (recarga, bono, membresía) da su recibo, como /api/user/purchases/{id}/invoice", params: idParams(), produces: ["application/pdf"], response: { 200: fileOf("La factura en PDF", ["application/pdf"]), ...problems(409) } } },
    async (request, reply) => {
      const id = idParam(request.params);
      // a product sold is a row of the admin's transactions too: its id answers its receipt here as well
      const sold = (await app.ports.payments.findById(id)) === undefined ? await app.ports.purchases.findById(id) : undefined;
      const { pdf, payment } =
        sold === undefined
          ? await run(renderInvoice(app.ports, actorOf(request), id))
          : await run(renderPurchaseInvoice(app.ports, actorOf(request), id)).then(({ pdf, purchase }) => ({ pdf, payment: purchase }));
      const name = `factura-${payment.invoiceNumber ?? payment.id}.pdf`;
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.get(
    "/api/admin/transactions",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Historial de transacciones por páginas, la más reciente primero (con gameFrom o gameTo, el partido más reciente primero); from y to (fecha del pago) y gameFrom y gameTo (fecha del partido) son fechas locales incluidas; after: el nextAfter de la página anterior (admin)",
        querystring: queries.transactions,
        response: { 200: answerOf(TransactionsPageAnswer) },
      },
    },
    async (request) => {
      const page = await run(pageTransactions(app.ports, actorOf(request), decode(TransactionsQuery, request.query)));
      const answer: TransactionsPageAnswer = {
        items: page.items.map(presentTransaction),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        nextAfter: page.nextAfter === null ? null : encodeTransactionCursor(page.nextAfter),
      };
      return answer;
    },
  );

  app.get(
    "/api/admin/transactions.csv",
    {
      preHandler: adminOnly,
      schema: {
        tags: ["admin"],
        summary: "Transacciones en CSV (UTF-8 con BOM, separador ';', coma decimal), enviadas a medida que se leen (admin)",
        querystring: queries.transactionsExport,
        produces: ["text/csv"],
        response: { 200: fileOf("Las transacciones en CSV", ["text/csv"]) },
      },
    },
    async (request, reply) => {
      const query = decode(TransactionsExportQuery, request.query);
      const rows = await run(exportTransactions(app.ports, actorOf(request), query));
      const name =
        `transacciones${query.from ? `-desde-${query.from}` : ""}${query.to ? `-hasta-${query.to}` : ""}` +
        `${query.gameFrom ? `-partidos-desde-${query.gameFrom}` : ""}${query.gameTo ? `-partidos-hasta-${query.gameTo}` : ""}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(transactionsCsv(rows, app.ports.clock.timeZone));
    },
  );

  const simulated = app.simulatedCard;
  app.post(
    "/api/simulated-card/confirm",
    {
      onRequest: app.anonymousWriteLimit,
      schema: {
        tags,
        summary: "Proveedor simulado: confirmar un pago con una tarjeta de prueba (4242 4242 4242 4242 aprobada, 4000 0000 0000 0002 rechazada)",
        body: bodies.cardConfirm,
        response: { 200: answerOf(CardConfirmationAnswer), ...problems(402, 404, 409, 429) },
      },
    },
    async (request) => {
      if (!simulated) throw new HttpProblem(404, "NOT_FOUND", "Ruta no encontrada");
      const input = decode(CardConfirmBody, request.body);
      const result = await simulated.confirm({ ...input, now: app.ports.clock.now() });
      if (result.ok) {
        const answer: CardConfirmationAnswer = { paymentIntentId: result.paymentIntentId, status: result.status };
        return answer;
      }
      if (result.code === "INVALID_INPUT") throw new HttpProblem(400, "INVALID_INPUT", result.message, result.field);
      if (result.code === "CARD_DECLINED") throw new HttpProblem(402, "CARD_DECLINED", result.message);
      if (result.code === "CANCELED") throw new HttpProblem(409, "PAYMENT_CANCELED", result.message);
      throw new HttpProblem(404, "PAYMENT_NOT_FOUND", result.message);
    },
  );
});
