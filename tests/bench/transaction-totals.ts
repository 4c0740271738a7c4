/**
 * What the total of GET /api/admin/transactions costs, at 1x and 10x the seeded history (seed.ts),
 * in one process per engine: each filter's statements run `RUNS` times, median and worst in ms.
 * "before" is the count the repository sent until Migration20261208001100 (payments over the
 * created_at index, purchases counted, or payment_totals/report_days); "after" is countTransactions
 * (transaction_days, and report_days for the days of a game range outside its whole months); "page" is the whole first page (50 rows and the total) as the route asks it.
 *
 *   node --conditions=source --import tsx tests/bench/transaction-totals.ts [--engines sqlite,postgresql] [--scales 1,10]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, instantOf, localDateOf, type LocalDate, type TransactionFilter } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { countTransactions } from "@courts/adapters/sql/payment-repository.sql";
import { seedBenchDatabase } from "./seed.js";

const RUNS = 15;
const TZ = "Europe/Madrid";
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const engines = arg("engines", "sqlite,postgresql").split(",");
const scales = arg("scales", "1,10").split(",").map(Number);

const timed = async (f: () => Promise<unknown>) => {
  await f();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)! };
};

const iso = (d: Date) => d.toISOString();

for (const engine of engines) {
  for (const scale of scales) {
    let url: string;
    let drop: () => void;
    if (engine === "sqlite") {
      const dir = mkdtempSync(join(tmpdir(), "tx-totals-"));
      url = `sqlite:${join(dir, "bench.sqlite")}`;
      drop = () => rmSync(dir, { recursive: true, force: true });
    } else {
      const name = `tx_totals_${process.pid}_${scale}`;
      execFileSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-qc", `create database ${name}`]);
      url = `postgres://postgres@127.0.0.1:5432/${name}`;
      drop = () => execFileSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-qc", `drop database ${name}`]);
    }
    const seeded = await seedBenchDatabase(url, TZ, scale);
    const db = await openSqlDatabase(url);
    try {
      const oldest = await db.sql.one("select min(created_at) as at from payments");
      const firstDay = localDateOf(new Date(String(oldest?.["at"] instanceof Date ? (oldest["at"] as Date).toISOString() : oldest?.["at"])), TZ);
      const today = localDateOf(new Date(), TZ);
      const games = await db.sql.one("select min(booking_date) as a, max(booking_date) as b from payments");
      const firstGame = String(games?.["a"]) as LocalDate;
      const lastGame = String(games?.["b"]) as LocalDate;
      // as the route reads ?from=&to=: the club's midnights, `to` included
      const range = (from: LocalDate, to: LocalDate) => ({ from: instantOf(from, "00:00", TZ), to: instantOf(addDays(to, 1), "00:00", TZ) });
      const venueId = seeded.venueIds[3]!;
      const filters: [string, TransactionFilter][] = [
        ["no filter", {}],
        ["whole history by payment date", range(firstDay, today)],
        ["the last 30 days by payment date", range(addDays(today, -29), today)],
        ["whole history by payment date, succeeded", { ...range(firstDay, today), status: "succeeded" }],
        ["whole history by payment date, a venue", { ...range(firstDay, today), venueId }],
        ["a venue", { venueId }],
        ["whole history by game date", { gameFrom: firstGame, gameTo: lastGame }],
        ["whole history by game date, a venue", { gameFrom: firstGame, gameTo: lastGame, venueId }],
        ["status refunded", { status: "refunded" }],
      ];
      // the statements sent before: payments then purchases, each counted over its index (by dates),
      // or from payment_totals / report_days, and purchases counted
      const before = async (f: TransactionFilter) => {
        const where: string[] = [];
        const params: (string | number)[] = [];
        if (f.venueId !== undefined) {
          where.push("venue_id = ?");
          params.push(f.venueId);
        }
        if (f.status !== undefined) {
          where.push("status = ?");
          params.push(f.status);
        }
        if (f.from !== undefined) {
          where.push("created_at >= ?");
          params.push(iso(f.from));
        }
        if (f.to !== undefined) {
          where.push("created_at < ?");
          params.push(iso(f.to));
        }
        const column = f.status === undefined ? "payments_count" : `${f.status}_count`;
        if (f.gameFrom !== undefined && f.gameTo !== undefined && f.from === undefined) {
          // report_days over every court-day of the range
          const games = await db.sql.one(
            `select coalesce(sum(${column}), 0) as n from report_days where booking_date >= ? and booking_date <= ?${f.venueId === undefined ? "" : " and venue_id = ?"}`,
            [f.gameFrom, f.gameTo, ...(f.venueId === undefined ? [] : [f.venueId])],
          );
          return Number(games?.["n"] ?? 0);
        }
        const payments =
          f.from !== undefined || f.to !== undefined
            ? await db.sql.one(`select count(*) as n from payments where ${where.join(" and ")}`, params)
            : f.venueId === undefined
              ? await db.sql.one(`select coalesce(sum(${column}), 0) as n from payment_totals`)
              : await db.sql.one(`select coalesce(sum(${column}), 0) as n from report_days where venue_id = ?`, [f.venueId]);
        const pw: string[] = [];
        const pp: (string | number)[] = [];
        if (f.venueId !== undefined) {
          pw.push("p.product_ref in (select id from membership_plans where venue_id = ? union all select id from punch_card_products where venue_id = ?)");
          pp.push(f.venueId, f.venueId);
        }
        if (f.status !== undefined) {
          pw.push("p.status = ?");
          pp.push(f.status);
        }
        if (f.from !== undefined) {
          pw.push("p.created_at >= ?");
          pp.push(iso(f.from));
        }
        if (f.to !== undefined) {
          pw.push("p.created_at < ?");
          pp.push(iso(f.to));
        }
        const products = await db.sql.one(`select count(*) as n from purchases p ${pw.length ? `where ${pw.join(" and ")}` : ""}`, pp);
        return Number(payments?.["n"] ?? 0) + Number(products?.["n"] ?? 0);
      };
      const payments = Number((await db.sql.one("select count(*) as n from payments"))?.["n"] ?? 0);
      console.info(`\n== ${engine} at ${scale}x: ${payments} payments, from ${firstDay} to ${today}`);
      console.info("| filter | total | before ms (median / max) | after ms (median / max) | first page ms (median / max) |");
      console.info("|---|---:|---:|---:|---:|");
      for (const [label, f] of filters) {
        const [old, now] = [await before(f), await countTransactions(db.sql, f)];
        if (old !== now) throw new Error(`${label}: before ${old}, after ${now}`);
        const b = await timed(() => before(f));
        const a = await timed(() => countTransactions(db.sql, f));
        const p = await timed(() => db.repositories.payments.pageTransactions(f, { page: 1, pageSize: 50 }));
        const fmt = (t: { median: number; max: number }) => `${t.median.toFixed(2)} / ${t.max.toFixed(2)}`;
        console.info(`| ${label} | ${now} | ${fmt(b)} | ${fmt(a)} | ${fmt(p)} |`);
      }
    } finally {
      await db.close();
      drop();
    }
  }
}
