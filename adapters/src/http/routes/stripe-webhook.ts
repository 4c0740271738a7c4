import { recordPaymentFromProvider, recordRefundsFromProvider, WebhookReceiptAnswer } from "@courts/core";
import { HttpProblem, isDomainError } from "../error-mapping.js";
import { answerOf, problems } from "../openapi.js";
import { run } from "../run.js";
import { routes } from "./route-plugin.js";

/** Stripe's events are a few KiB; its own limit for an event is far below this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Stripe calls this when an intent succeeds, so a payment is recorded even when the browser
 * never comes back, and when a charge is refunded at its dashboard, so revenue and what is still
 * refundable stay true. The signature is checked on the exact raw bytes, hence the buffer parser
 * in this plugin's scope only.
 */
export default routes("stripe-webhook", async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/api/stripe/webhook",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // the generic 413 states the JSON routes' 16 KiB; this route takes 1 MiB
      errorHandler: (error) => {
        if ((error as { code?: unknown }).code === "FST_ERR_CTP_BODY_TOO_LARGE")
          throw new HttpProblem(413, "PAYLOAD_TOO_LARGE", "El cuerpo del webhook es demasiado grande (máximo 1 MiB)", "body");
        throw error;
      },
      schema: { tags: ["payments"], summary: "Webhook de Stripe (firmado)", response: { 200: answerOf(WebhookReceiptAnswer), ...problems(400, 404, 413) } },
    },
    async (request) => {
      const verify = app.verifyWebhook;
      if (!verify) throw new HttpProblem(404, "NOT_FOUND", "Ruta no encontrada");
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body))
        throw new HttpProblem(400, "INVALID_SIGNATURE", "Firma del webhook inválida");
      let event;
      try {
        event = verify(request.body, signature);
      } catch {
        throw new HttpProblem(400, "INVALID_SIGNATURE", "Firma del webhook inválida");
      }
      // Recorded by event id after processing: a redelivery is acknowledged without processing it
      // again, and a crash before the mark only means the (idempotent) processing runs once more.
      if (event.alreadyProcessed && (await event.alreadyProcessed())) return { received: true };
      // a refund made at the provider (its dashboard): the ledger asks it and records what it did not know
      if (event.type === "charge.refunded" && event.paymentIntentId !== null) await run(recordRefundsFromProvider(app.ports, event.paymentIntentId));
      if (event.type === "payment_intent.succeeded" && event.paymentIntentId !== null) {
        try {
          await run(recordPaymentFromProvider(app.ports, event.paymentIntentId));
        } catch (error) {
          // A domain refusal will not change on retry (the payment was refunded or does not
          // match): acknowledge it. Anything else answers 500 so that Stripe retries.
          if (!isDomainError(error)) throw error;
          request.log.warn({ eventId: event.id, reason: error._tag }, "webhook payment not recorded");
        }
      }
      await event.markProcessed?.();
      return { received: true };
    },
  );
});
