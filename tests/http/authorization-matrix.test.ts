import { beforeAll, expect, it } from "vitest";
import { adminClient, demoCourts, newPlayer } from "./support/fixtures.js";
import { clientFor, ROLES, ROWS, type Ctx } from "./support/endpoints.js";
import { describeOnEngines } from "./support/server.js";

/**
 * Every endpoint of docs/API.md x {guest, owner, other user, admin}: the status each role gets.
 * "owner" owns the booking / payment / user id the call names; "other" is a second player;
 * "admin" holds only an admin session (no player session). Each cell runs on a fresh session
 * and on freshly prepared data, so cells never depend on each other.
 */

const CELLS = ROWS.flatMap((row) => ROLES.map((role) => ({ row, role, name: `${row.method} ${row.route}`, status: row.expect[role] })));

describeOnEngines("authorization matrix", (server) => {
  let ctx: Ctx;
  beforeAll(async () => {
    const { courts, venues } = await demoCourts(server());
    const owner = await newPlayer(server());
    const other = await newPlayer(server());
    ctx = { server: server(), owner: owner.user, other: other.user, ownerClient: owner.client, admin: await adminClient(server()), courts, venueId: venues[0]!.id };
  });

  it.each(CELLS)("$name as $role -> $status", async ({ row, role, status }) => {
    const prepared = await row.prepare(ctx, role);
    const client = await clientFor(ctx, role);
    const answer = prepared.raw
      ? await client.request(row.method, prepared.path, { body: prepared.raw.body, headers: { "content-type": prepared.raw.contentType } })
      : await client.request(row.method, prepared.path, prepared.json === undefined ? {} : { json: prepared.json });
    expect(answer.status, `${row.method} ${prepared.path} as ${role}: ${answer.text.slice(0, 300)}`).toBe(status);
    if (status === 401 || status === 403) {
      const body = answer.body as { message?: unknown; code?: unknown };
      expect(typeof body.message).toBe("string");
      expect(body.code).toBe(status === 401 ? "NOT_AUTHENTICATED" : "NOT_ALLOWED");
    }
  });
});
