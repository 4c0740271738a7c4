import * as Effect from "effect/Effect";
import type { DiscountCode, DiscountType } from "../domain/discount.js";
import { CODE_PATTERN, codeUnusable, normalizeCode, storedDiscountValue } from "../domain/discount.js";
import { DiscountCodeNotFound, DiscountUnusable, DuplicateDiscountCode, InvalidInput } from "../domain/errors.js";
import type { Ports } from "../ports/index.js";
import type { DiscountCodeBody, DiscountCodePatch } from "../schemas/requests.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin } from "./support.js";

const UNUSABLE_MESSAGE = {
  unknown: "El código no existe",
  inactive: "El código no está activo",
  expired: "El código ha expirado",
  "used-up": "El código ya alcanzó su límite de usos",
} as const;

export const unusable = (reason: keyof typeof UNUSABLE_MESSAGE) =>
  new DiscountUnusable({ reason, message: UNUSABLE_MESSAGE[reason] });

/** A code a payment can use now, or why not. */
export const findUsableCode = (ports: Pick<Ports, "discountCodes" | "clock">, text: string) =>
  Effect.gen(function* () {
    const code = yield* callOr(() => ports.discountCodes.findByCode(normalizeCode(text)), () => unusable("unknown"));
    const reason = codeUnusable(code, ports.clock.now());
    if (reason) return yield* Effect.fail(unusable(reason));
    return code;
  });

export const validateDiscountCode = (ports: Pick<Ports, "discountCodes" | "clock">, input: { code: string }) =>
  findUsableCode(ports, input.code);

/** Stored value: a whole percent, or cents for a fixed amount given in dollars. */
const storedValue = (type: DiscountType, value: number) => {
  const checked = storedDiscountValue(type, value);
  return "stored" in checked ? Effect.succeed(checked.stored) : Effect.fail(new InvalidInput({ field: "value", message: checked.problem }));
};

export const createDiscountCode = (
  ports: Pick<Ports, "discountCodes" | "ids" | "clock">,
  actor: Actor,
  input: DiscountCodeBody,
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const code = normalizeCode(input.code);
    if (!CODE_PATTERN.test(code))
      return yield* Effect.fail(
        new InvalidInput({ field: "code", message: "El código debe tener de 3 a 32 letras, números, '-' o '_'" }),
      );
    const value = yield* storedValue(input.type, input.value);
    if (input.expiresAt && input.expiresAt.getTime() <= ports.clock.now().getTime()) return yield* Effect.fail(pastExpiry());
    const discount: DiscountCode = {
      id: ports.ids.uuid(),
      code,
      type: input.type,
      value,
      maxUsage: input.maxUsage ?? null,
      usageCount: 0,
      expiresAt: input.expiresAt ?? null,
      isActive: input.isActive ?? true,
      createdAt: ports.clock.now(),
    };
    const saved = yield* call(() => ports.discountCodes.insert(discount));
    if (saved === "duplicate") return yield* Effect.fail(new DuplicateDiscountCode({ message: `Ya existe el código ${code}` }));
    return saved;
  });

/** A code made or moved to expire in the past could never be used: said instead of saved. */
const pastExpiry = () => new InvalidInput({ field: "expiresAt", message: "La fecha de vencimiento ya pasó: elige una fecha futura" });

export const discountCodeNotFound = () => new DiscountCodeNotFound({ message: "Código de descuento no encontrado" });

/** Every field but the code itself; the table's switch sends only isActive. */
export const updateDiscountCode = (ports: Pick<Ports, "discountCodes" | "clock">, actor: Actor, id: string, patch: DiscountCodePatch) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const current = yield* callOr(() => ports.discountCodes.findById(id), discountCodeNotFound);
    const type = patch.type ?? current.type;
    const change: { -readonly [K in "type" | "value" | "maxUsage" | "expiresAt" | "isActive"]?: DiscountCode[K] } = {};
    if (patch.type !== undefined || patch.value !== undefined) {
      if (patch.value === undefined)
        return yield* Effect.fail(new InvalidInput({ field: "value", message: "Al cambiar el tipo indica también el valor" }));
      change.type = type;
      change.value = yield* storedValue(type, patch.value);
    }
    if (patch.maxUsage !== undefined) {
      // uses already made are not undone: a lower limit would read '2 / 1'
      if (patch.maxUsage !== null && patch.maxUsage < current.usageCount)
        return yield* Effect.fail(
          new InvalidInput({
            field: "maxUsage",
            message: `El código ya se usó ${current.usageCount} ${current.usageCount === 1 ? "vez" : "veces"}: el máximo de usos no puede ser menor`,
          }),
        );
      change.maxUsage = patch.maxUsage;
    }
    if (patch.expiresAt !== undefined) {
      // the date it had may have passed (the form sends it back as it was); a new one must be ahead
      // to the minute: the form works in minutes, `courts discount create --expires` ends a day at 23:59:59.999
      const minute = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 60_000));
      const moved = minute(patch.expiresAt) !== minute(current.expiresAt);
      if (moved && patch.expiresAt !== null && patch.expiresAt.getTime() <= ports.clock.now().getTime()) return yield* Effect.fail(pastExpiry());
      // the same minute sent back is the date it had, kept to the millisecond
      if (moved) change.expiresAt = patch.expiresAt;
    }
    if (patch.isActive !== undefined) change.isActive = patch.isActive;
    const saved = yield* callOr(() => ports.discountCodes.update(id, change), discountCodeNotFound);
    return saved;
  });

export const listDiscountCodes = (ports: Pick<Ports, "discountCodes">, actor: Actor) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    return yield* call(() => ports.discountCodes.list());
  });

/** Codes a payment could use right now. */
export const listActiveDiscountCodes = (ports: Pick<Ports, "discountCodes" | "clock">, actor: Actor) =>
  Effect.gen(function* () {
    const codes = yield* listDiscountCodes(ports, actor);
    const now = ports.clock.now();
    return codes.filter((c) => codeUnusable(c, now) === undefined);
  });

/** Operators: enable or disable by code text (CLI). */
export const setDiscountCodeActive = (ports: Pick<Ports, "discountCodes">, actor: Actor, codeText: string, isActive: boolean) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const code = yield* callOr(() => ports.discountCodes.findByCode(normalizeCode(codeText)), discountCodeNotFound);
    const saved = yield* callOr(() => ports.discountCodes.update(code.id, { isActive }), discountCodeNotFound);
    return saved;
  });
