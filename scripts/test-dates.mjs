// `npm run test:dates`: the node suites (vitest projects "node" and "timing"; not the browser's
// "e2e" and "web") with the clock moved by libfaketime to the hours where a test that assumes the
// day it runs breaks: a Friday 23:59:30 (the week and the day turn during the run) and a
// 31 December 23:30 (the year turns), both local in COURTS_TIMEZONE (America/Guayaquil by
// default, the zone of the tests' clubs). Each is the next one from the real date, so the script
// works on any day. Both runs always run; the script exits 1 when either failed and says which.
//
// The clock is moved by an offset ("+Ns" from the real clock), preloaded into vitest's process
// and inherited by every process it starts (servers, `courts` commands): they all read the same
// moved time, and it keeps ticking. An absolute start ("@YYYY-MM-DD HH:MM:SS") would start each
// new process at that same instant again. The monotonic clock stays real (DONT_FAKE_MONOTONIC),
// so timers and durations are unchanged. FAKETIME is fixed for the whole run, so libfaketime's
// cache of it (FAKETIME_NO_CACHE) changes nothing and is left on. A test that moves a process's
// clock further sets that process's own LD_PRELOAD and FAKETIME, and must give an absolute time:
// an offset is read from the real clock, not from the moved one. Files keep the kernel's real
// times (libfaketime moves what a process reads of the clock, not the times written on files),
// and PostgreSQL's now() stays real: COURTS_TEST_PROCESS_CLOCK=1 makes the product's processes on
// PostgreSQL decide with their own (moved) clock instead of the database's.
//
// Extra arguments go to vitest: `npm run test:dates -- tests/http/reminders.test.ts`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// the product's own wall-clock arithmetic (package.json runs this script with tsx and the source condition)
import { addDays, instantOf, localDateOf, wallClockAt } from "@courts/core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const zone = process.env.COURTS_TIMEZONE?.trim() || "America/Guayaquil";

/** libfaketime's preload library (Debian's libfaketime package), or FAKETIME_LIB */
const findLibrary = () => {
  if (process.env.FAKETIME_LIB) return process.env.FAKETIME_LIB;
  const candidates = ["/usr/lib/faketime/libfaketime.so.1", "/usr/local/lib/faketime/libfaketime.so.1"];
  if (existsSync("/usr/lib")) {
    for (const entry of readdirSync("/usr/lib")) candidates.unshift(path.join("/usr/lib", entry, "faketime", "libfaketime.so.1"));
  }
  return candidates.find((candidate) => existsSync(candidate));
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const weekdayOf = (date) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** the next Friday 23:59:30 in `zone` after `now` */
const nextFriday = (now) => {
  const today = localDateOf(new Date(now), zone);
  for (let days = 0; days <= 7; days++) {
    const date = addDays(today, days);
    if (weekdayOf(date) !== "Fri") continue;
    const at = instantOf(date, "23:59", zone).getTime() + 30_000;
    if (at > now) return at;
  }
  throw new Error("no Friday within a week");
};

/** the coming 31 December 23:30 in `zone` */
const nextNewYearsEve = (now) => {
  const year = wallClockAt(new Date(now), zone).year;
  const thisYear = instantOf(`${year}-12-31`, "23:30", zone).getTime();
  return thisYear > now ? thisYear : instantOf(`${year + 1}-12-31`, "23:30", zone).getTime();
};

const label = (ms) => {
  const w = wallClockAt(new Date(ms), zone);
  const pad = (n) => String(n).padStart(2, "0");
  const date = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  return `${weekdayOf(date)} ${date} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)} ${zone} (${new Date(ms).toISOString()})`;
};

const library = findLibrary();
if (!library) {
  console.error("test:dates: libfaketime not found (Debian: apt-get install faketime), or set FAKETIME_LIB to its libfaketime.so.1");
  process.exit(1);
}

const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const runs = [
  { name: "a Friday 23:59:30", startAt: nextFriday },
  { name: "31 December 23:30", startAt: nextNewYearsEve },
];
const results = [];
for (const run of runs) {
  // the offset is taken right before the run starts, so that the run starts at that minute
  const now = Date.now();
  const at = run.startAt(now);
  const offsetSeconds = Math.round((at - now) / 1000);
  console.log(`\n== test:dates: ${run.name}: the clock starts at ${label(at)}, ${offsetSeconds} s from now`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [vitest, "run", "--project", "node", "--project", "timing", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(" "),
      FAKETIME: `${offsetSeconds >= 0 ? "+" : ""}${offsetSeconds}s`,
      DONT_FAKE_MONOTONIC: "1",
      COURTS_TEST_PROCESS_CLOCK: "1",
    },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = result.status === 0;
  results.push({ name: run.name, at, ok, seconds, status: result.status ?? result.signal });
  console.log(`== test:dates: ${run.name}: ${ok ? "passed" : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`);
}

console.log("\n== test:dates: summary");
for (const r of results) console.log(`${r.ok ? "passed" : "FAILED"}  ${r.name} (from ${label(r.at)}), ${r.seconds} s`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.error(`test:dates: failed at ${failed.map((r) => r.name).join(" and ")}`);
  process.exit(1);
}
