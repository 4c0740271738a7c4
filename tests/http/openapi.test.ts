import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@courts/adapters";
import { operationIdOf } from "@courts/adapters/http/operations";
import { Client } from "./support/client.js";
import { freshDatabase, startServer, type TestDatabase, type TestServer } from "./support/server.js";

/** /api/docs/json as a contract others can generate clients from. */

interface Operation {
  readonly operationId?: string;
  readonly security?: readonly Record<string, readonly string[]>[];
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly securitySchemes?: Record<string, { type: string; in: string; name: string }> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

const run = promisify(execFile);
/** The redocly binary of @redocly/cli (a devDependency of the tests). */
const REDOCLY = path.join(path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin", "cli.js");

describe("the OpenAPI document", () => {
  let db: TestDatabase;
  let server: TestServer;
  let doc: Document;
  const operations: { method: string; path: string; operation: Operation }[] = [];

  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    server = await startServer(db.url);
    const answer = await new Client(server.baseUrl).get<Document>("/api/docs/json");
    expect(answer.status).toBe(200);
    doc = answer.body;
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) if (METHODS.includes(method)) operations.push({ method, path, operation });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("when operationIds are made, then they read as the method and the path", () => {
    expect(operationIdOf("GET", "/api/courts/:id/bookings")).toBe("getCourtsByIdBookings");
    expect(operationIdOf("POST", "/api/create-payment-intent")).toBe("postCreatePaymentIntent");
    expect(operationIdOf("DELETE", "/api/admin/discount-codes/:id")).toBe("deleteAdminDiscountCodesById");
  });

  it("when the document is read, then every operation has an operationId, each one different", () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => o.operation.operationId === undefined).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/courts/{id}/bookings"]?.get?.operationId).toBe("getCourtsByIdBookings");
  });

  it("when an operation needs a login, then it declares the session cookie, and public reads do not", () => {
    expect(doc.components.securitySchemes?.session).toEqual({ type: "apiKey", in: "cookie", name: SESSION_COOKIE });
    const session = [{ session: [] }];
    expect(doc.paths["/api/venues"]?.post?.security).toEqual(session); // admin
    expect(doc.paths["/api/admin/discount-codes"]?.get?.security).toEqual(session);
    for (const path of ["/api/venues", "/api/venues/{id}/courts", "/api/venues/{id}/bookings", "/api/courts/{id}/bookings"])
      expect(doc.paths[path]?.get?.security, path).toBeUndefined();
    const secured = operations.filter((o) => o.operation.security !== undefined);
    expect(secured.length).toBeGreaterThan(10);
    for (const o of secured) expect(o.operation.security, `${o.method} ${o.path}`).toEqual(session);
  });

  it("when a guest calls an operation that declares the session, then it answers 401", async () => {
    const guest = new Client(server.baseUrl);
    const secured = operations.filter((o) => o.operation.security !== undefined && !o.path.includes("{"));
    expect(secured.length).toBeGreaterThan(5);
    for (const o of secured) {
      const answer = await guest.request(o.method.toUpperCase(), o.path, o.method === "get" || o.method === "delete" ? {} : { json: {} });
      expect(answer.status, `${o.method} ${o.path}`).toBe(401);
    }
  });

  it("when redocly lints the document with its recommended rules, then it reports no errors", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "courts-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const result = await run(process.execPath, [REDOCLY, "lint", "--extends", "recommended", "--format", "json", file], {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({ stdout: error.stdout ?? "", stderr: `${error.stderr ?? ""} (exit ${error.code})` }));
      const report = JSON.parse(result.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
      const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors, result.stderr).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("when an answer is named by core's contract, then the document lists it once under components.schemas", () => {
    const schemas = (doc.components as { schemas?: Record<string, unknown> }).schemas ?? {};
    for (const name of ["Booking", "PublicBooking", "Payment", "PaymentWithBooking", "Transaction", "TransactionsPage", "DiscountCode", "ShareLink", "Problem", "Schedule"])
      expect(schemas[name], name).toBeDefined();
    const booking = doc.paths["/api/bookings/{id}"]?.get as unknown as { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    expect(booking.responses["200"]?.content["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Booking" });
    expect(booking.responses["404"]?.content["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Problem" });
  });
});
