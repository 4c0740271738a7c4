import * as Schema from "effect/Schema";
import { displayMoney, formatMoney } from "../domain/money.js";
import { MIN_CARD_CHARGE, PLAYERS, type GameType } from "../domain/pricing.js";
import { isLevel, LEVEL_MESSAGE } from "../domain/open-match.js";
import { HH_MM, MAX_BALLOT_SECONDS, MAX_PLAYER_LIMIT, MAX_WINDOW_DAYS, RULE_MESSAGES } from "../domain/venue-rules.js";
import { blankOr, body, BookingDate, DecimalIntFromString, Email, Id, IsoInstant, LocalDateString, MoneyCents, Password, PositiveInt, required, requiredId, requiredString, requiredText, requiredValue, says, Slot, Text, Username } from "./fields.js";

/** Request bodies and queries of the API, decoded at the edge; unknown fields are dropped. */

const optionalNullable = <A, I, R>(schema: Schema.Schema<A, I, R>, message: string) =>
  Schema.optional(Schema.NullOr(schema.annotations(says(message))));

/** A name a person typed: no control characters (it ends up in mail and PDF). */
const PersonName = Text(1, 80).pipe(Schema.filter((s) => !/\p{Cc}/u.test(s)));

const FULL_NAME_MESSAGE = "El nombre completo debe tener entre 2 y 80 caracteres";
const PHONE_MESSAGE = "El teléfono admite hasta 30 caracteres";
const EMAIL_MESSAGE = "El campo 'email' debe ser un correo electrónico válido";
const PASSWORD_MESSAGE = "La contraseña debe tener al menos 10 caracteres (y hasta 200)";

/** A self-rated level: 1.0-7.0 in steps of 0.5. */
export const PlayerLevel = Schema.Number.pipe(Schema.filter(isLevel));

/** A person's full name: 2 to 80 characters, no control characters. */
export const FullName = Text(2, 80).pipe(Schema.filter((s) => !/\p{Cc}/u.test(s)));
/** A phone as typed; the use case parses it (libphonenumber, PHONE_REGION) to E.164. Blank clears it. */
const PhoneText = Schema.Trim.pipe(Schema.maxLength(30), Schema.filter((s) => !/\p{Cc}/u.test(s)));

export const RegisterBody = body({
  email: required(Email, EMAIL_MESSAGE),
  username: required(Username, "El campo 'username' debe tener entre 3 y 30 letras, números, '.', '_' o '-'"),
  password: required(Password, PASSWORD_MESSAGE),
  fullName: Schema.optional(FullName.annotations(says(FULL_NAME_MESSAGE))),
  phone: optionalNullable(PhoneText, PHONE_MESSAGE),
});
export type RegisterBody = typeof RegisterBody.Type;

export const LoginBody = body({
  username: requiredString("username", 100),
  password: requiredString("password", 200, { trim: false }),
});
export type LoginBody = typeof LoginBody.Type;

/** Absent fields stay as they are; a null or blank phone is removed. */
export const ProfileBody = body({
  email: required(Email, EMAIL_MESSAGE),
  username: required(Username, "El campo 'username' debe tener entre 3 y 30 letras, números, '.', '_' o '-'"),
  fullName: Schema.optional(FullName.annotations(says(FULL_NAME_MESSAGE))),
  phone: optionalNullable(PhoneText, PHONE_MESSAGE),
  // open matches (DESIGN.md section 17): null clears the level
  level: optionalNullable(PlayerLevel, LEVEL_MESSAGE),
  matchDigest: Schema.optional(Schema.Boolean.annotations(says("El campo 'matchDigest' debe ser true o false"))),
});
export type ProfileBody = typeof ProfileBody.Type;

export const PasswordChangeBody = body({
  currentPassword: requiredString("currentPassword", 200, { trim: false }),
  newPassword: required(Password, PASSWORD_MESSAGE),
});
export type PasswordChangeBody = typeof PasswordChangeBody.Type;

export const PasswordResetRequestBody = body({ email: required(Email, EMAIL_MESSAGE) });
export type PasswordResetRequestBody = typeof PasswordResetRequestBody.Type;

export const NewPasswordBody = body({ password: required(Password, PASSWORD_MESSAGE) });
export type NewPasswordBody = typeof NewPasswordBody.Type;

/** POST /api/admin/users: a walk-in player, without a password. */
export const WalkInBody = body({
  fullName: required(FullName, FULL_NAME_MESSAGE),
  phone: optionalNullable(PhoneText, PHONE_MESSAGE),
  email: optionalNullable(Email, EMAIL_MESSAGE),
});
export type WalkInBody = typeof WalkInBody.Type;

export const GameTypeSchema = Schema.Literal("singles", "doubles");

export const CreateBookingBody = body({
  courtId: requiredId("courtId"),
  bookingDate: required(BookingDate, "El campo 'bookingDate' debe ser una fecha AAAA-MM-DD"),
  timeSlot: required(Slot, "El campo 'timeSlot' debe ser una hora en punto entre 06:00 y 21:00"),
  gameType: required(GameTypeSchema, "El campo 'gameType' debe ser 'singles' o 'doubles'"),
  userId: Schema.optional(Id.annotations(says("El campo 'userId' no es válido"))),
});
export type CreateBookingBody = typeof CreateBookingBody.Type;

export const CancellationBody = body({
  bookingId: requiredId("bookingId"),
  userId: Schema.optional(Id.annotations(says("El campo 'userId' no es válido"))),
  cancellationReason: optionalNullable(Schema.Trim.pipe(Schema.maxLength(500)), "El campo 'cancellationReason' admite hasta 500 caracteres"),
});
export type CancellationBody = typeof CancellationBody.Type;

export const PaymentIntentBody = body({
  bookingId: requiredId("bookingId"),
  paymentType: Schema.optional(Schema.Literal("partial", "full").annotations(says("El campo 'paymentType' debe ser 'partial' o 'full'"))),
  shareToken: Schema.optional(Id.annotations(says("El campo 'shareToken' no es válido"))),
  discountCode: optionalNullable(Schema.Trim.pipe(Schema.maxLength(32)), "El campo 'discountCode' no es válido"),
  // a guest on /shared-payment: who is paying, for the organiser, the admin and the receipt
  payerName: optionalNullable(PersonName, "El nombre debe tener entre 1 y 80 caracteres"),
  payerEmail: optionalNullable(Email, "Ingresa un correo electrónico válido"),
}).pipe(
  Schema.filter((b) => (b.paymentType === undefined) !== (b.shareToken === undefined), {
    message: () => "Indica 'paymentType' (partial o full) o 'shareToken', no ambos",
  }),
);
export type PaymentIntentBody = typeof PaymentIntentBody.Type;

export const RecordPaymentBody = body({
  bookingId: requiredId("bookingId"),
  userId: Schema.optional(Schema.String.pipe(Schema.maxLength(80))),
  stripePaymentIntentId: requiredId("stripePaymentIntentId"),
  shareToken: optionalNullable(Id, "El campo 'shareToken' no es válido"),
});
export type RecordPaymentBody = typeof RecordPaymentBody.Type;

/** A discount code: an empty one, a too long one and one that is not text are told apart. */
const codeField = (missing: string, notText: string) =>
  Schema.propertySignature(
    Schema.String.annotations({ message: blankOr(missing, notText) }).pipe(
      Schema.compose(Schema.Trim),
      Schema.minLength(1, { message: blankOr(missing, notText) }),
      Schema.maxLength(32, { message: () => ({ message: "El código de descuento admite hasta 32 caracteres", override: false }) }),
    ),
  ).annotations({ missingMessage: () => missing });

export const ValidateCodeBody = body({
  code: codeField("Escribe un código de descuento", "El código de descuento debe ser un texto de hasta 32 caracteres"),
});
export type ValidateCodeBody = typeof ValidateCodeBody.Type;

export const ShareLinkBody = body({
  bookingId: requiredId("bookingId"),
  maxParticipants: required(PositiveInt, "El campo 'maxParticipants' debe ser 2 (singles) o 4 (dobles)"),
});
export type ShareLinkBody = typeof ShareLinkBody.Type;

export const DiscountTypeSchema = Schema.Literal("percentage", "fixed");

const discountFields = {
  type: required(DiscountTypeSchema, "El campo 'type' debe ser 'percentage' o 'fixed'"),
  value: required(Schema.Number.pipe(Schema.finite(), Schema.greaterThanOrEqualTo(0), Schema.lessThanOrEqualTo(10_000)), "El campo 'value' debe ser un número entre 0 y 10000"),
  maxUsage: optionalNullable(PositiveInt, "El campo 'maxUsage' debe ser un número entero mayor o igual a 1"),
  expiresAt: optionalNullable(IsoInstant, "El campo 'expiresAt' debe ser una fecha ISO 8601"),
  isActive: Schema.optional(Schema.Boolean.annotations(says("El campo 'isActive' debe ser verdadero o falso"))),
};

export const DiscountCodeBody = body({
  code: codeField("El campo 'code' es requerido", "El campo 'code' debe ser un texto de hasta 32 caracteres"),
  ...discountFields,
});
export type DiscountCodeBody = typeof DiscountCodeBody.Type;

/** Editing: the code itself cannot change; every other field is optional (a switch sends only isActive). */
export const DiscountCodePatch = body({
  type: Schema.optional(DiscountTypeSchema.annotations(says("El campo 'type' debe ser 'percentage' o 'fixed'"))),
  value: Schema.optional(discountFields.value.from),
  maxUsage: discountFields.maxUsage,
  expiresAt: discountFields.expiresAt,
  isActive: discountFields.isActive,
});
export type DiscountCodePatch = typeof DiscountCodePatch.Type;

export const VenueBody = body({
  name: requiredText(120, "El nombre y la ubicación son requeridos", "El nombre admite hasta 120 caracteres", "El campo 'name' debe ser un texto de hasta 120 caracteres"),
  location: requiredText(200, "El nombre y la ubicación son requeridos", "La ubicación admite hasta 200 caracteres", "El campo 'location' debe ser un texto de hasta 200 caracteres"),
  description: optionalNullable(Schema.Trim.pipe(Schema.maxLength(2000)), "El campo 'description' admite hasta 2000 caracteres"),
  imageUrl: optionalNullable(Schema.Trim.pipe(Schema.maxLength(2000)), "El campo 'imageUrl' no es válido"),
});
export type VenueBody = typeof VenueBody.Type;

const wholeBetween = (min: number, max: number) => Schema.Number.pipe(Schema.int(), Schema.between(min, max));
/** A venue's booking rules, every one given (DESIGN.md section 15); null: no release time, no limit. */
export const VenueRulesBody = body({
  windowDays: required(wholeBetween(1, MAX_WINDOW_DAYS), RULE_MESSAGES.windowDays),
  releaseTime: required(Schema.NullOr(Schema.String.pipe(Schema.pattern(HH_MM))), RULE_MESSAGES.releaseTime),
  maxUpcomingPerPlayer: required(Schema.NullOr(wholeBetween(1, MAX_PLAYER_LIMIT)), RULE_MESSAGES.maxUpcomingPerPlayer),
  maxPerPlayerPerDay: required(Schema.NullOr(wholeBetween(1, MAX_PLAYER_LIMIT)), RULE_MESSAGES.maxPerPlayerPerDay),
  ballotSeconds: required(wholeBetween(0, MAX_BALLOT_SECONDS), RULE_MESSAGES.ballotSeconds),
});
export type VenueRulesBody = typeof VenueRulesBody.Type;

/**
 * An hour's price: every player's share is paid by card, and a card takes $0.50 at least, so a
 * singles hour costs $1.00 or more and a doubles hour $2.00 or more (a free hour could never be
 * paid, and would run out as an unpaid hold).
 */
const hourPrice = (field: string, game: GameType) => {
  const least = MIN_CARD_CHARGE * PLAYERS[game];
  return MoneyCents.pipe(Schema.filter((cents) => cents >= least)).annotations(
    says(`El campo '${field}' debe ser un precio entre ${formatMoney(least)} y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde ${displayMoney(MIN_CARD_CHARGE)}`),
  );
};

export const CourtBody = body({
  name: requiredText(120, "Todos los campos son requeridos: 'name'", "El campo 'name' admite hasta 120 caracteres", "El campo 'name' debe ser un texto de hasta 120 caracteres"),
  courtNumber: requiredValue(
    Schema.Number.pipe(Schema.int(), Schema.between(1, 999)),
    "Todos los campos son requeridos: 'courtNumber'",
    "El campo 'courtNumber' debe ser un número entero entre 1 y 999",
  ),
  venueId: requiredId("venueId", "campo", "Todos los campos son requeridos: 'venueId'"),
  status: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(30)).annotations(says("El campo 'status' no es válido"))),
  daySinglesPrice: Schema.optional(hourPrice("daySinglesPrice", "singles")),
  dayDoublesPrice: Schema.optional(hourPrice("dayDoublesPrice", "doubles")),
  nightSinglesPrice: Schema.optional(hourPrice("nightSinglesPrice", "singles")),
  nightDoublesPrice: Schema.optional(hourPrice("nightDoublesPrice", "doubles")),
});
export type CourtBody = typeof CourtBody.Type;

export const ImageBody = body({
  imageData: requiredValue(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(14_000_000)),
    "El campo 'imageData' es requerido",
    "El campo 'imageData' debe ser el id de una imagen subida o una imagen en un data: URL (hasta 14 MB)",
  ),
});
export type ImageBody = typeof ImageBody.Type;

export const MonthQuery = Schema.Struct({
  year: required(DecimalIntFromString.pipe(Schema.int(), Schema.between(2000, 2100)), "El parámetro 'year' debe ser un año entre 2000 y 2100"),
  month: required(DecimalIntFromString.pipe(Schema.int(), Schema.between(1, 12)), "El parámetro 'month' debe ser un mes entre 1 y 12"),
});
export type MonthQuery = typeof MonthQuery.Type;

export const DateQuery = Schema.Struct({
  date: required(LocalDateString, "El parámetro 'date' debe ser una fecha AAAA-MM-DD"),
});
export type DateQuery = typeof DateQuery.Type;

export const CardConfirmBody = body({
  clientSecret: requiredString("clientSecret", 200, { trim: false }),
  cardNumber: required(Schema.String.pipe(Schema.maxLength(40)), "Número de tarjeta inválido"),
  expMonth: required(Schema.Number.pipe(Schema.int()), "Fecha de vencimiento inválida"),
  expYear: required(Schema.Number.pipe(Schema.int()), "Fecha de vencimiento inválida"),
  cvc: required(Schema.String.pipe(Schema.maxLength(8)), "CVC inválido"),
});
export type CardConfirmBody = typeof CardConfirmBody.Type;

export const WaitlistBody = body({
  courtId: requiredId("courtId"),
  date: required(LocalDateString, "El campo 'date' debe ser una fecha AAAA-MM-DD"),
  timeSlot: required(Slot, "El campo 'timeSlot' debe ser un horario entre 06:00 y 21:00"),
});
export type WaitlistBody = typeof WaitlistBody.Type;

export const NotificationSettingsBody = body({
  remindersEnabled: required(Schema.Boolean, "El campo 'remindersEnabled' debe ser true o false"),
});
export type NotificationSettingsBody = typeof NotificationSettingsBody.Type;

/** GET /api/admin/ballots: the release (venue and date) whose draw an admin audits. */
export const BallotDrawQuery = Schema.Struct({
  venueId: requiredId("venueId", "parámetro", "El parámetro 'venueId' es requerido"),
  date: required(LocalDateString, "El parámetro 'date' debe ser una fecha AAAA-MM-DD"),
});
export type BallotDrawQuery = typeof BallotDrawQuery.Type;
