import type { FastifyInstance } from "fastify";
import * as JSONSchema from "effect/JSONSchema";
import * as Option from "effect/Option";
import * as Schema from "effect/Schema";
import * as SchemaAST from "effect/SchemaAST";
import {
  BookingSeriesBody,
  CancellationBody,
  CardConfirmBody,
  CashPaymentBody,
  SeriesCancellationBody,
  CourtBody,
  CreateBlockBody,
  CreateBookingBody,
  DateQuery,
  DiscountCodeBody,
  DiscountCodePatch,
  ImageBody,
  LoginBody,
  NewPasswordBody,
  PasswordChangeBody,
  PasswordResetRequestBody,
  WalkInBody,
  MonthQuery,
  NAMED_ANSWERS,
  NotificationSettingsBody,
  PaymentIntentBody,
  ProfileBody,
  RecordPaymentBody,
  RegisterBody,
  ScheduleQuery,
  ShareLinkBody,
  TransactionsExportQuery,
  TransactionsQuery,
  ReportQuery,
  RevenueReportQuery,
  UserListQuery,
  ValidateCodeBody,
  VenueBody,
  VenueRulesBody,
  VenueIdQuery,
  WaitlistBody,
} from "@courts/core";

/**
 * The JSON Schemas of the answers come from core's contract (core/src/contract): each named
 * effect Schema becomes a shared Fastify schema (`app.addSchema`, referenced as `Name#`) that
 * serializes the answers and that @fastify/swagger lists under components.schemas. Request
 * schemas below are documentation only: every body, query and path parameter is decoded by the
 * core's effect Schemas, which give the Spanish per-field messages.
 */

type JsonSchema = Record<string, unknown>;

const DEFINITIONS = "#/$defs/";
const SCALARS = new Set(["string", "integer", "number", "boolean"]);
const GENERATED_TEXT = /^(an integer|int|a string matching the pattern .*)$/;

/**
 * effect's JSON Schema -> the one Fastify serializes with: `#/$defs/X` references become `X#`,
 * and `anyOf: [scalar, null]` becomes `type: [scalar, "null"]`, which fast-json-stringify writes
 * without trying each branch (an answer's serialization stays as fast as a hand-written schema).
 */
const forFastify = (node: unknown, definitions: Readonly<Record<string, unknown>>): unknown => {
  if (Array.isArray(node)) return node.map((item) => forFastify(item, definitions));
  if (typeof node !== "object" || node === null) return node;
  const ref = (node as JsonSchema).$ref;
  if (typeof ref === "string" && ref.startsWith(DEFINITIONS)) {
    const name = ref.slice(DEFINITIONS.length);
    // effect's own named pieces (Int, ...) are written in place; the contract's answers are shared
    if (!NAMED.has(name)) return forFastify(definitions[name], definitions);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // effect's generated texts ("an integer", "a string matching the pattern ...") say less than the schema
    if ((key === "description" || key === "title") && typeof value === "string" && GENERATED_TEXT.test(value)) continue;
    if (key === "$ref" && typeof value === "string" && value.startsWith(DEFINITIONS)) out[key] = `${value.slice(DEFINITIONS.length)}#`;
    else out[key] = forFastify(value, definitions);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullBranch = branches.findIndex((b: JsonSchema) => b.type === "null" && Object.keys(b).length === 1);
    const other = branches[1 - nullBranch] as JsonSchema | undefined;
    if (nullBranch !== -1 && other !== undefined && typeof other.type === "string" && SCALARS.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = out;
      const merged: JsonSchema = { ...other, ...rest, type: [other.type, "null"] };
      if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
      return merged;
    }
  }
  return out;
};

const identifierOf = (schema: Schema.Schema.AnyNoContext): string | undefined =>
  Option.getOrUndefined(SchemaAST.getIdentifierAnnotation(schema.ast));

const NAMED: ReadonlySet<string> = new Set(
  NAMED_ANSWERS.map((schema) => {
    const name = identifierOf(schema);
    if (name === undefined) throw new Error("every answer of NAMED_ANSWERS has an identifier");
    return name;
  }),
);

/** Every named answer of the contract as a shared schema, by name. */
const buildSharedSchemas = (): ReadonlyMap<string, JsonSchema> => {
  const definitions: Record<string, JSONSchema.JsonSchema7> = {};
  for (const schema of NAMED_ANSWERS) JSONSchema.fromAST(schema.ast, { definitions, target: "openApi3.1" });
  return new Map([...NAMED].map((name) => [name, { $id: name, ...(forFastify(definitions[name], definitions) as JsonSchema) }]));
};

export const SHARED_SCHEMAS: ReadonlyMap<string, JsonSchema> = buildSharedSchemas();

export const registerSharedSchemas = (app: FastifyInstance): void => {
  for (const schema of SHARED_SCHEMAS.values()) app.addSchema(schema);
};

/**
 * The JSON Schema of an answer: a reference to the shared schema of a named one, else the
 * schema itself (whose named parts are references). Every name must be one of NAMED_ANSWERS,
 * so that a route never points at a schema Fastify does not know.
 */
export const answerOf = (schema: Schema.Schema.AnyNoContext): JsonSchema => {
  const name = identifierOf(schema);
  if (name !== undefined) {
    if (!SHARED_SCHEMAS.has(name)) throw new Error(`answer ${name} is not in NAMED_ANSWERS`);
    return { $ref: `${name}#` };
  }
  const definitions: Record<string, JSONSchema.JsonSchema7> = {};
  const json = JSONSchema.fromAST(schema.ast, { definitions, target: "openApi3.1" });
  return forFastify(json, definitions) as JsonSchema;
};

export const listOf = (schema: Schema.Schema.AnyNoContext): JsonSchema => ({ type: "array", items: answerOf(schema) });

/** An answer without a body (204). */
export const noContent = { type: "null", description: "Sin contenido" } as const;

/** A file answer (PDF, CSV, calendar, image): bytes of one of these types. */
export const fileOf = (description: string, types: readonly string[]): JsonSchema => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
});

/** What each error status means, for the document. */
const PROBLEM_TEXT: Readonly<Record<number, string>> = {
  400: "Datos inválidos (el mensaje nombra el campo)",
  401: "Sin sesión, o credenciales incorrectas",
  402: "Tarjeta rechazada",
  403: "Sin permiso",
  404: "No encontrado",
  409: "Conflicto con el estado actual",
  410: "Ya no existe (expiró)",
  413: "Cuerpo demasiado grande",
  415: "Tipo de contenido no soportado",
  429: "Demasiados intentos (Retry-After)",
  503: "Base de datos o proveedor de pagos no disponible (Retry-After)",
};

/** An error answer: the contract's Problem, as JSON even where the success is a file (PDF, CSV, calendar, image). */
export const problem = (status: number): JsonSchema => ({
  description: PROBLEM_TEXT[status] ?? "Error",
  content: { "application/json": { schema: { $ref: "Problem#" } } },
});
/** The error answers a route can give beyond the generic ones (operations.ts adds those). */
export const problems = (...statuses: number[]): Record<number, JsonSchema> =>
  Object.fromEntries(statuses.map((status) => [status, problem(status)]));

// Request schemas (documentation only)

const object = (properties: Record<string, unknown>, optional: readonly string[] = []): JsonSchema => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});

const str = { type: "string" } as const;
const int = { type: "integer" } as const;

export { object, str, int };

/** effect's texts about how a request field is decoded ("a string that will be trimmed") */
const DECODING_TEXT = /^(a string that will be trimmed|a string to be decoded into a number)$/;

/**
 * A request body or query as the core's Schema decodes it, for the document: what a client may
 * send (the encoded side). Unknown fields are dropped by the server, not refused, hence no
 * `additionalProperties: false`.
 */
export const requestOf = (schema: Schema.Schema.AnyNoContext): JsonSchema => {
  const definitions: Record<string, JSONSchema.JsonSchema7> = {};
  const json = forFastify(JSONSchema.fromAST(Schema.encodedSchema(schema).ast, { definitions, target: "openApi3.1" }), definitions);
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (typeof node !== "object" || node === null) return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => key !== "additionalProperties" && !(key === "description" && typeof value === "string" && DECODING_TEXT.test(value)))
        .map(([key, value]) => [key, clean(value)]),
    );
  };
  return clean(json) as JsonSchema;
};

/** Request bodies as documentation, from the core's request Schemas (which decode them). */
export const bodies = {
  register: requestOf(RegisterBody),
  login: requestOf(LoginBody),
  profile: requestOf(ProfileBody),
  venue: requestOf(VenueBody),
  venueRules: requestOf(VenueRulesBody),
  court: requestOf(CourtBody),
  image: requestOf(ImageBody),
  booking: requestOf(CreateBookingBody),
  cancellation: requestOf(CancellationBody),
  discountCode: requestOf(DiscountCodeBody),
  discountPatch: requestOf(DiscountCodePatch),
  validateCode: requestOf(ValidateCodeBody),
  paymentIntent: requestOf(PaymentIntentBody),
  recordPayment: requestOf(RecordPaymentBody),
  shareLink: requestOf(ShareLinkBody),
  cardConfirm: requestOf(CardConfirmBody),
  waitlist: requestOf(WaitlistBody),
  notificationSettings: requestOf(NotificationSettingsBody),
  block: requestOf(CreateBlockBody),
  bookingSeries: requestOf(BookingSeriesBody),
  cashPayment: requestOf(CashPaymentBody),
  seriesCancellation: requestOf(SeriesCancellationBody),
  walkIn: requestOf(WalkInBody),
  passwordChange: requestOf(PasswordChangeBody),
  passwordResetRequest: requestOf(PasswordResetRequestBody),
  newPassword: requestOf(NewPasswordBody),
};

/** Query strings as documentation, from the core's query Schemas. */
export const queries = {
  venueId: requestOf(VenueIdQuery),
  month: requestOf(MonthQuery),
  schedule: requestOf(ScheduleQuery),
  date: requestOf(DateQuery),
  userList: requestOf(UserListQuery),
  transactions: requestOf(TransactionsQuery),
  transactionsExport: requestOf(TransactionsExportQuery),
  report: requestOf(ReportQuery),
  revenueReport: requestOf(RevenueReportQuery),
};

export const idParams = (name = "id") => object({ [name]: str });
