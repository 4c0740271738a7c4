import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import type { Cents } from "../domain/money.js";
import type { Ports } from "../ports/index.js";
import type { ProviderRefund, Refund } from "../ports/refund-ledger.js";
import type { Actor } from "../use-cases/support.js";
import { call, requireAdmin } from "../use-cases/support.js";

/** How long one process holds a refund while it asks the provider: three calls with their timeouts, and margin. */
export const REFUND_CLAIM_MS = 2 * 60_000;

/** How many refunds one pass of the sweep sends at most: a pass stays short, the next one goes on. */
const BATCH = 25;

export type RefundPorts = Pick<Ports, "refunds" | "gateway" | "clock">;

/** What became of one attempt to send a refund. */
export type RefundState = "sent" | "owed" | "void";

/** An attempt's end, and why the provider did not take it when it did not. */
interface Attempt {
  readonly state: RefundState;
  readonly cause?: unknown;
}
const outcome = (state: RefundState): Attempt => ({ state });

const messageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

const asProviderRefunds = (listed: readonly { id: string; amount: Cents; status: ProviderRefund["status"]; metadata: Readonly<Record<string, string>> }[]) =>
  listed.map((r): ProviderRefund => ({ id: r.id, amount: r.amount, status: r.status, refundId: r.metadata["refundId"] ?? null }));

/**
 * Asks the provider which refunds its charge has and brings the ledger in line (one transaction):
 * an owed refund the provider lists under its id was in fact sent (its answer was lost); money
 * refunded at the provider itself is recorded; owed refunds that no longer fit are lowered.
 */
export const reconcileRefunds = (ports: RefundPorts, paymentId: string, intentId: string) =>
  Effect.gen(function* () {
    const listed = yield* Effect.tryPromise(() => ports.gateway.listRefunds(intentId));
    // what the provider took bounds what can go back (more than the payment, for a mismatch)
    const intent = yield* Effect.tryPromise(() => ports.gateway.retrieveIntent(intentId));
    const held = intent?.status === "succeeded" ? intent.amount : null;
    return yield* call(() => ports.refunds.reconcile(paymentId, asProviderRefunds(listed), ports.clock.now(), held));
  });

/**
 * Sends one claimed refund. Cash is handed back at the club: recorded as given back, the provider
 * never asked. A wallet payment's refund goes back to the wallet: marking it sent credits the
 * wallet in the same transaction (the refund ledger's markSent), once. After a failed attempt the provider is asked first what it holds for this charge:
 * an answer that was lost is found (sent), money refunded at its dashboard is recorded, and only
 * once it confirms that nothing was refunded under the old key is a new key used, since the
 * provider replays a saved error for the old one for good.
 */
const sendClaimed = (ports: RefundPorts, claimed: Refund): Effect.Effect<Attempt> =>
  Effect.gen(function* () {
    if (claimed.paymentKind === "cash" || claimed.paymentKind === "wallet") {
      yield* call(() => ports.refunds.markSent(claimed.id, ports.clock.now(), null));
      return outcome("sent");
    }
    let refund = claimed;
    if (claimed.lastError !== null) {
      const reconciled = yield* Effect.either(reconcileRefunds(ports, claimed.paymentId, claimed.intentId));
      if (reconciled._tag === "Left") {
        const cause = reconciled.left.error;
        yield* call(() => ports.refunds.release(claimed.id, `el proveedor no respondió a la consulta de reembolsos: ${messageOf(cause)}`));
        return { state: "owed", cause } as const;
      }
      const now = yield* call(() => ports.refunds.findById(claimed.id));
      if (now === undefined || now.status !== "owed") return outcome(now?.status ?? "void");
      // nothing under the old key at the provider: a new key is safe (a lowered amount has one already)
      const renewed = reconciled.right.lowered.includes(claimed.id) ? now : yield* call(() => ports.refunds.renewKey(claimed.id));
      if (renewed === undefined) return outcome("owed");
      refund = renewed;
    }
    const sent = yield* Effect.either(
      Effect.tryPromise(() =>
        ports.gateway.refund({
          intentId: refund.intentId,
          amount: refund.amount,
          idempotencyKey: refund.idempotencyKey,
          metadata: { refundId: refund.id, paymentId: refund.paymentId },
        }),
      ),
    );
    if (sent._tag === "Left" || sent.right.status === "failed") {
      const cause = sent._tag === "Left" ? sent.left.error : new Error(`el proveedor rechazó el reembolso ${sent.right.id}`);
      yield* call(() => ports.refunds.release(refund.id, messageOf(cause)));
      return { state: "owed", cause } as const;
    }
    yield* call(() => ports.refunds.markSent(refund.id, ports.clock.now(), sent.right.id));
    return outcome("sent");
  });

/**
 * Sends refunds right after the change that owed them committed (a cancellation, a closure, a
 * settlement). Best effort: what the provider does not confirm now stays owed, and the sweep
 * sends it. Answers each refund's state.
 */
export const sendRefundsNow = (ports: RefundPorts, refundIds: readonly string[]) =>
  Effect.gen(function* () {
    const states = new Map<string, RefundState>();
    for (const id of refundIds) {
      const now = ports.clock.now();
      const claimed = yield* call(() => ports.refunds.claim(id, now, new Date(now.getTime() + REFUND_CLAIM_MS)));
      if (claimed === undefined) {
        const found = yield* call(() => ports.refunds.findById(id));
        states.set(id, found?.status ?? "void");
        continue;
      }
      states.set(id, (yield* sendClaimed(ports, claimed)).state);
    }
    return states;
  });

export interface SendOptions {
  /** how long a process keeps a refund it claimed; longer than its provider calls can take */
  readonly claimMs?: number;
  readonly limit?: number;
}

/**
 * The sweep step: every owed refund nobody is working on, oldest first, whoever decided it (a
 * player's cancellation, a closure, a series the club ended, a settlement). Claimed with a
 * conditional UPDATE, so several processes sweeping at once never send the same one; each key is
 * the refund's own, so a crash between the provider's answer and the ledger's write is the same
 * refund at the provider on the next pass. Answers how many were sent.
 */
export const sendOwedRefunds = (ports: RefundPorts, options: SendOptions = {}) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const claimed = yield* call(() =>
      ports.refunds.claimOwed(now, new Date(now.getTime() + (options.claimMs ?? REFUND_CLAIM_MS)), options.limit ?? BATCH),
    );
    let sent = 0;
    for (const refund of claimed) {
      const attempt = yield* sendClaimed(ports, refund);
      if (attempt.state === "sent") sent++;
      // where the warning goes is the caller's: the server's log, the operator's terminal
      if (attempt.cause !== undefined)
        yield* Effect.logWarning("reembolso no enviado: se reintenta en el siguiente barrido", Cause.die(attempt.cause)).pipe(
          Effect.annotateLogs({ refundId: refund.id, paymentId: refund.paymentId }),
        );
    }
    return sent;
  });

/**
 * A refund the provider reports (its `charge.refunded` event): the ledger asks the provider for
 * the charge's refunds and records what it did not know. Answers what was recorded, or undefined
 * for a charge that is no payment of ours.
 */
export const recordProviderRefunds = (ports: RefundPorts & Pick<Ports, "payments">, intentId: string) =>
  Effect.gen(function* () {
    const payment = yield* call(() => ports.payments.findByIntent(intentId));
    if (payment === undefined) return undefined;
    // charged and not recorded yet (its browser or webhook still to come): the provider sends the
    // event again later, when the payment is recorded and the refund can be put against it
    if (payment.status === "pending") return yield* Effect.die(new Error(`el pago ${payment.id} aún no está registrado: se reintenta`));
    // the provider not answering is no refusal: the caller fails, and the provider sends the event again
    return yield* Effect.orDie(reconcileRefunds(ports, payment.id, intentId));
  });

/** Owed refunds older than the alert, oldest first: shown to the admin with why each did not go. */
export const lateRefunds = (ports: Pick<Ports, "refunds" | "clock">, actor: Actor, alertHours: number) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const before = new Date(ports.clock.now().getTime() - alertHours * 3_600_000);
    return yield* call(() => ports.refunds.late(before, 200));
  });
