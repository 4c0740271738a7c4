import * as Effect from "effect/Effect";
import { MembershipPlanNotFound, UserNotFound } from "../domain/errors.js";
import { longDateWords } from "../domain/date-words.js";
import { MEMBERSHIP_REMINDER_DAYS, memberPrices } from "../domain/memberships.js";
import { localDateOf } from "../domain/time.js";
import { displayName } from "../domain/account.js";
import type { MembershipPlan } from "../domain/memberships.js";
import type { Ports } from "../ports/index.js";
import type { Purchase } from "../ports/purchase-repository.js";
import type { MembershipPlanBody, MembershipPurchaseBody } from "../schemas/memberships.js";
import { venueNotFound } from "../use-cases/lookups.js";
import type { Actor } from "../use-cases/support.js";
import { call, callOr, requireAdmin, requireUser } from "../use-cases/support.js";
import { openPurchase, type PurchasePorts } from "./wallet.js";

/**
 * Memberships ('Socios', DESIGN.md section 16): a venue's plans, bought by card (a purchase of
 * product `membership`, recorded as every product is) or recorded at the desk in cash (a purchase
 * recorded at once under a cash key: the same receipt numbering, the same revenue). No renewal by
 * itself: a reminder mail 7 days before the end.
 */

const planNotFound = () => new MembershipPlanNotFound({ message: "Plan de socio no encontrado" });

/** POST /api/admin/membership-plans. */
export const createMembershipPlan = (ports: Pick<Ports, "memberships" | "venues" | "clock" | "ids">, actor: Actor, input: MembershipPlanBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.venues.findById(input.venueId), venueNotFound);
    const plan: MembershipPlan = {
      id: ports.ids.uuid(),
      venueId: input.venueId,
      name: input.name,
      price: input.price,
      months: input.months,
      discountPercent: input.discountPercent,
      windowDays: input.windowDays ?? null,
      active: true,
      createdAt: ports.clock.now(),
    };
    yield* call(() => ports.memberships.insertPlan(plan));
    return plan;
  });

/** GET /api/venues/{id}/membership-plans: the venue's plans on sale. */
export const listMembershipPlans = (ports: Pick<Ports, "memberships" | "venues">, venueId: string) =>
  Effect.gen(function* () {
    yield* callOr(() => ports.venues.findById(venueId), venueNotFound);
    return yield* call(() => ports.memberships.listPlans(venueId, true));
  });

/** DELETE /api/admin/membership-plans/{id}: the plan no longer sold nor listed to players; memberships bought stay valid. */
export const deactivateMembershipPlan = (ports: Pick<Ports, "memberships">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.memberships.findPlan(id), planNotFound);
    yield* call(() => ports.memberships.deactivatePlan(id));
  });

/** GET /api/user/memberships: the player's memberships, the latest end first. */
export const listMyMemberships = (ports: Pick<Ports, "memberships">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    return yield* call(() => ports.memberships.listByUser(userId));
  });

const activePlan = (ports: Pick<Ports, "memberships">, planId: string) =>
  Effect.gen(function* () {
    const plan = yield* callOr(() => ports.memberships.findPlan(planId), planNotFound);
    if (!plan.active) return yield* Effect.fail(planNotFound());
    return plan;
  });

/** POST /api/user/memberships { planId }: a plan bought by card; the membership is granted when the purchase is recorded. */
export const startMembershipPurchase = (ports: PurchasePorts & Pick<Ports, "memberships">, actor: Actor, input: MembershipPurchaseBody) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const plan = yield* activePlan(ports, input.planId);
    return yield* openPurchase(ports, userId, "membership", plan.price, plan.id);
  });

/**
 * POST /api/admin/users/{id}/memberships { planId }: paid in cash at the desk. Written as a
 * purchase under a cash key (no card, no fee) and recorded at once: receipt number and
 * membership in one transaction.
 */
export const recordDeskMembership = (
  ports: Pick<Ports, "memberships" | "purchases" | "users" | "clock" | "ids">,
  actor: Actor,
  userId: string,
  input: MembershipPurchaseBody,
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.users.findById(userId), () => new UserNotFound({ message: "Jugador no encontrado" }));
    const plan = yield* activePlan(ports, input.planId);
    const id = ports.ids.uuid();
    const now = ports.clock.now();
    const purchase: Purchase = {
      id,
      userId,
      product: "membership",
      productRef: plan.id,
      amount: plan.price,
      stripeFee: 0,
      intentId: `cash-${id}`,
      status: "pending",
      invoiceNumber: null,
      taxRate: null,
      buyerName: null,
      buyerEmail: null,
      createdAt: now,
      paidAt: null,
    };
    yield* call(() => ports.purchases.insertPending(purchase));
    const outcome = yield* call(() => ports.purchases.markSucceeded(purchase.intentId, now));
    if (outcome.kind === "not-found") return yield* Effect.die(new Error(`desk purchase ${id} vanished`));
    const memberships = yield* call(() => ports.memberships.listByUser(userId));
    const membership = memberships.find((m) => m.purchaseId === id);
    if (!membership) return yield* Effect.die(new Error(`membership of purchase ${id} was not granted`));
    return { purchase: outcome.purchase, membership };
  });

/**
 * The sweep step: a mail to each member whose membership ends within 7 days and who has not
 * renewed it, once (written to the outbox under the membership's own event key, then marked).
 * Answers how many mails were written.
 */
export const enqueueMembershipReminders = (ports: Pick<Ports, "memberships" | "users" | "venues" | "outbox" | "ids" | "clock">, options: { readonly batch?: number } = {}) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const due = yield* call(() => ports.memberships.dueReminders(now, new Date(now.getTime() + MEMBERSHIP_REMINDER_DAYS * 86_400_000), options.batch ?? 50));
    let written = 0;
    for (const membership of due) {
      const user = yield* call(() => ports.users.findById(membership.userId));
      const venue = yield* call(() => ports.venues.findById(membership.venueId));
      if (user && venue) {
        const sent = yield* call(() =>
          ports.outbox.enqueue({
            id: ports.ids.uuid(),
            eventKey: `membership-ending:${membership.id}`,
            to: user.email,
            notice: {
              kind: "membership-ending",
              name: displayName(user),
              venueName: venue.name,
              planName: membership.name,
              endsOn: longDateWords(localDateOf(membership.endsAt, ports.clock.timeZone)),
            },
            createdAt: now,
          }),
        );
        if (sent) written++;
      }
      yield* call(() => ports.memberships.markReminded(membership.id, now));
    }
    return written;
  });

/**
 * GET /api/venues/{id}/member-prices: what the signed-in player pays at the venue's courts as a
 * member ('Precio socio'): the membership in force there, if any, and each court's four prices less
 * its discount, as a booking is charged. A player who is not a member gets `member: false` and no
 * prices: the screens show the court's own.
 */
export const venueMemberPrices = (ports: Pick<Ports, "memberships" | "venues" | "courts" | "clock">, actor: Actor, venueId: string) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    yield* callOr(() => ports.venues.findById(venueId), venueNotFound);
    const membership = yield* call(() => ports.memberships.activeFor(userId, venueId, ports.clock.now()));
    if (!membership) return { membership: undefined, courts: [] };
    const courts = yield* call(() => ports.courts.listByVenue(venueId));
    return { membership, courts: courts.map((court) => ({ courtId: court.id, prices: memberPrices(court.prices, membership.discountPercent) })) };
  });
