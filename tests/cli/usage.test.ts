import { describe, expect, it } from "vitest";
import { runCourts } from "./support/run-courts.js";

// None of these reach a database: commander rejects them before any command runs.
describe("courts: help and usage errors", () => {
  it("when asked for help, then the root and a nested command print Spanish help and exit 0", async () => {
    const [root, create] = await Promise.all([runCourts(["--help"]), runCourts(["discount", "create", "--help"])]);
    expect(root).toMatchObject({ code: 0, stderr: "" });
    expect(root.stdout).toContain("Uso: courts [opciones] [comando]");
    for (const command of ["seed", "discount", "admin", "venue", "court", "booking", "stats", "migrate", "serve"])
      expect(root.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    expect(create).toMatchObject({ code: 0, stderr: "" });
    expect(create.stdout).toContain("--max-usage <n>");
    expect(create.stdout).toContain("courts discount create --code VERANO10");
  });

  it("when the database cannot be reached, then one Spanish line says so, the driver's words after it in parentheses, without the password, and exit 1", async () => {
    const result = await runCourts(["--database-url", "postgres://club:s3creta@127.0.0.1:1/canchas", "stats"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim()).toMatch(
      /^Error: No se pudo abrir la base de datos: No se pudo conectar a PostgreSQL 127\.0\.0\.1:1\/canchas: nadie responde en esa dirección \(¿está el servidor de base de datos en marcha\?\) \(connect ECONNREFUSED 127\.0\.0\.1:1\)$/,
    );
    expect(result.stderr).not.toContain("s3creta");
  });

  it("when an operator reads the sweep's help for cron, then it says the mails' links and delivery come from PUBLIC_URL and SMTP_URL", async () => {
    const sweep = await runCourts(["sweep", "--help"]);
    expect(sweep).toMatchObject({ code: 0, stderr: "" });
    expect(sweep.stdout).toContain("PUBLIC_URL=https://reservas.miclub.ec SMTP_URL=smtp://correo.miclub.ec:587 courts sweep");
    expect(sweep.stdout).toContain("sin PUBLIC_URL los enlaces\napuntan a http://localhost:3000");
  });

  it("when the reader of the help goes away before it is written, then no stack trace and exit 0", async () => {
    const result = await runCourts(["--help"], { readerGone: true });
    expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("when a flag or a command is wrong, then one Spanish line on stderr, nothing on stdout and exit 2", async () => {
    const results = await Promise.all([
      runCourts(["discount", "create", "--code", "X10", "--type", "percentage", "--value", "5", "--bogus"]),
      runCourts(["discount", "create", "--code", "X10", "--value", "5"]),
      runCourts(["discount", "create", "--code", "X10", "--type", "half", "--value", "5"]),
      runCourts(["venue", "lis"]),
      runCourts(["seed", "--venues", "2", "--file", "x.json"]),
    ]);
    for (const result of results) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/^Error: /);
      expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    }
    const [unknown, missing, choice, command, conflict] = results.map((r) => r.stderr.trim());
    expect(unknown).toBe("Error: opción desconocida '--bogus' (ayuda: courts discount create --help)");
    expect(missing).toBe("Error: falta la opción requerida --type <type> (ayuda: courts discount create --help)");
    expect(choice).toBe("Error: valor 'half' no válido para --type <type>: usa percentage o fixed (ayuda: courts discount create --help)");
    expect(command).toMatch(/^Error: comando desconocido 'lis' \(¿quisiste decir list\?\)/);
    expect(conflict).toMatch(/^Error: la opción --venues <n> no se puede usar junto con --file <path>/);
  });
});
