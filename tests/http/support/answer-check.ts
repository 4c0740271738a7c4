import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { ObservedAnswer } from "@courts/adapters";

/**
 * Checks real answers against /api/docs/json: each JSON answer against the schema the document
 * gives for its operation and status, both as sent and as the handler gave it (so a field the
 * response schema would silently drop is a violation too), and every status against the ones the
 * operation documents.
 */

interface MediaType {
  readonly schema?: unknown;
}
interface Response {
  readonly content?: Record<string, MediaType>;
}
interface Operation {
  readonly operationId: string;
  readonly responses: Record<string, Response>;
}
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly schemas: Record<string, unknown> };
}

export interface Violation {
  readonly operation: string;
  readonly status: number;
  readonly problem: string;
}

const COMPONENT = "#/components/schemas/";

/** `#/components/schemas/X` -> `X`, the id each component is registered under. */
const localRefs = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(localRefs);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT) ? value.slice(COMPONENT.length) : localRefs(value)]),
  );
};

/** `/api/courts/:id/bookings` (a Fastify route) -> `/api/courts/{id}/bookings` (a path of the document). */
const pathOf = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

export class AnswerCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  readonly violations: Violation[] = [];
  /** operationId -> the 2xx statuses it answered with, each checked */
  readonly succeeded = new Map<string, Set<number>>();
  /** operationId -> the 4xx statuses it answered with */
  readonly failed = new Map<string, Set<number>>();

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    this.ajv.addFormat("binary", true);
    for (const [name, schema] of Object.entries(doc.components.schemas)) this.ajv.addSchema({ ...(localRefs(schema) as object), $id: name });
  }

  /** Every operation of the document, as "METHOD /path" -> operationId. */
  get operations(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [path, item] of Object.entries(this.doc.paths))
      for (const [method, operation] of Object.entries(item)) if (operation.operationId) out.set(`${method.toUpperCase()} ${path}`, operation.operationId);
    return out;
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(localRefs(schema) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }

  readonly observe = (answer: ObservedAnswer): void => {
    if (answer.route === undefined) return;
    const operation = this.doc.paths[pathOf(answer.route)]?.[answer.method.toLowerCase()];
    // not an operation of the document (the documentation itself, the web app)
    if (operation === undefined) return;
    const name = operation.operationId;
    const fail = (problem: string): void => {
      this.violations.push({ operation: name, status: answer.status, problem });
    };
    const response = operation.responses[String(answer.status)];
    if (response === undefined) return fail(`status ${answer.status} is not documented`);
    const isJson = answer.contentType.includes("application/json");
    const media = response.content?.[isJson ? "application/json" : answer.contentType.split(";")[0]!.trim()];
    if (isJson && answer.sent !== undefined) {
      if (media?.schema === undefined) return fail("a JSON answer the document gives no schema for");
      const validate = this.validator(`${name} ${answer.status}`, media.schema);
      if (!validate(answer.sent)) fail(`as sent: ${this.ajv.errorsText(validate.errors)}`);
      if (answer.given !== undefined && !validate(answer.given)) fail(`as given by the handler: ${this.ajv.errorsText(validate.errors)}`);
    } else if (answer.status < 300 && answer.status !== 204 && media === undefined && response.content !== undefined) {
      fail(`content type ${answer.contentType} is not documented`);
    }
    const seen = answer.status < 300 ? this.succeeded : answer.status >= 400 && answer.status < 500 ? this.failed : undefined;
    if (seen) seen.set(name, (seen.get(name) ?? new Set()).add(answer.status));
  };
}
