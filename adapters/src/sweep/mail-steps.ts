import { ADMIN, deliverOutbox, enqueueMatchDigests, enqueueMembershipReminders, enqueueReminders, handleEvents, renderInvoice } from "@courts/core";
import * as Effect from "effect/Effect";
import * as Either from "effect/Either";
import type { Ports } from "@courts/core";
import type { Config } from "../config.js";
import { fileMailer, MAIL_LEASE_MS, smtpMailer } from "../mail/mailer.js";
import type { SweepStep } from "./sweeper.js";

/** A step from a use case: by default run as it is; the server's sweep passes one that sends its warnings to the log. */
export type StepOf = (name: string, work: () => Effect.Effect<number, unknown>) => SweepStep;
const plainStep: StepOf = (name, work) => ({ name, run: () => Effect.runPromise(work()) });

/**
 * Mail (DESIGN.md section 9): the reactions of the events recorded with the changes write their
 * messages (receipts, notices, the waitlist), reminders due in the next 24 h are written to the
 * outbox, then the outbox is delivered, through SMTP_URL or as .eml files under DATA_DIR/mail/.
 */
export const mailSteps = (ports: Ports, config: Pick<Config, "mail" | "publicUrl"> & Partial<Pick<Config, "clubName">>, step: StepOf = plainStep): SweepStep[] => {
  const options = {
    from: config.mail.from,
    publicUrl: config.publicUrl,
    ...(config.clubName === undefined ? {} : { clubName: config.clubName }),
    invoicePdf: async (paymentId: string) => {
      const result = await Effect.runPromise(Effect.either(renderInvoice(ports, ADMIN, paymentId, "player")));
      // thrown: the message stays claimed and is tried again once its lease ends
      if (Either.isLeft(result)) throw new Error(`la factura del pago ${paymentId} no está disponible: ${result.left.message}`);
      return result.right.pdf;
    },
  };
  const mailer = config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, options) : fileMailer(config.mail.dir, options);
  const delivery = { retryBaseMs: config.mail.retrySeconds * 1000, leaseMs: MAIL_LEASE_MS, batch: 20 };
  return [
    step("events", () => handleEvents(ports)),
    step("reminders", () => enqueueReminders(ports)),
    // the daily mail of new open matches, for the players who opted in (DESIGN.md section 17)
    step("match-digests", () => enqueueMatchDigests(ports)),
    // a member hears 7 days ahead that the membership is not renewed by itself (DESIGN.md section 16)
    step("membership-reminders", () => enqueueMembershipReminders(ports)),
    step("mail", () => deliverOutbox(ports, mailer, delivery)),
  ];
};
