import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The server's log lines go to standard output in batches (serverLogger without a stream): a line
 * is never lost and never late by more than the flush period, also when the process exits at once.
 * A real process, its standard output a pipe, as under a process manager.
 */

const TESTS_DIR = fileURLToPath(new URL("..", import.meta.url));

const SCRIPT = `
import { flushLog, serverLogger } from "@courts/adapters/http/log-redaction";
const log = serverLogger("info");
const mode = process.argv.at(-1);
if (mode === "alone") {
  log.info("una sola línea");
  setTimeout(() => process.exit(0), 3000);
} else if (mode === "exit") {
  for (let i = 0; i < 300; i++) log.info({ i }, "lote");
  process.exit(0);
} else if (mode === "burst") {
  // 100 lines of about 300 bytes every 5 ms, 200 times: 6 MB/s, as a server answering 20,000 reads a second
  const line = "x".repeat(200);
  for (let turn = 0; turn < 200; turn++) {
    for (let i = 0; i < 100; i++) log.info({ turn, i, line }, "ráfaga");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  flushLog(log);
  process.stdout.write("FIN\\n");
  process.exit(0);
} else {
  log.info("antes del aviso");
  flushLog(log);
  process.stdout.write("AVISO\\n");
  setTimeout(() => process.exit(0), 200);
}
`;

/** The child's standard output, each chunk with the milliseconds since the child started, and when it closed. */
const run = (mode: string) =>
  new Promise<{ chunks: { at: number; text: string }[]; closedAt: number; code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "--input-type=module", "-e", SCRIPT, mode], {
      cwd: TESTS_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const started = performance.now();
    const chunks: { at: number; text: string }[] = [];
    child.stdout.setEncoding("utf8").on("data", (text: string) => chunks.push({ at: performance.now() - started, text }));
    child.on("error", reject);
    child.on("close", (code) => resolve({ chunks, closedAt: performance.now() - started, code }));
  });

const lines = (chunks: readonly { text: string }[]) =>
  chunks
    .map((c) => c.text)
    .join("")
    .split("\n")
    .filter(Boolean);

describe("the server's log lines, in batches on standard output", () => {
  it("when one line is written and nothing follows, then it still arrives within the flush period, long before the process ends", async () => {
    const { chunks, closedAt, code } = await run("alone");
    expect(code).toBe(0);
    expect(lines(chunks).map((l) => JSON.parse(l) as object)).toEqual([expect.objectContaining({ level: 30, msg: "una sola línea" })]);
    // the process lives 3 s after the line: written by the periodic flush (500 ms), not at the exit
    expect(closedAt - chunks[0]!.at).toBeGreaterThan(1_500);
  });

  it("when the process exits right after 300 lines, then every line is written, in order", async () => {
    const { chunks, code } = await run("exit");
    expect(code).toBe(0);
    const written = lines(chunks).map((l) => JSON.parse(l) as { i: number; msg: string });
    expect(written.map((l) => l.i)).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  it("when a burst of lines is flushed and the process exits, then every line is written, in order, before what comes next", async () => {
    const { chunks, code } = await run("burst");
    expect(code).toBe(0);
    const all = lines(chunks);
    expect(all).toHaveLength(20_001);
    const written = all.slice(0, -1).map((l) => JSON.parse(l) as { turn: number; i: number });
    expect(written.map((l) => l.turn * 100 + l.i)).toEqual(Array.from({ length: 20_000 }, (_, k) => k));
    expect(all.at(-1)).toBe("FIN");
  });

  it("when flushLog is called, then the lines before it come before what the process writes next", async () => {
    const { chunks, code } = await run("flush");
    expect(code).toBe(0);
    const all = lines(chunks);
    expect(all).toHaveLength(2);
    expect(JSON.parse(all[0]!)).toMatchObject({ msg: "antes del aviso" });
    expect(all[1]).toBe("AVISO");
  });
});
