import { readFileSync } from "node:fs";
import { Command, CommanderError, Option, type Help } from "commander";
import type { Cli, CommandHandler } from "./support/context.js";

/**
 * The command line: every command, option and help text. What a command does lives in
 * commands/<verb-noun>.ts and is imported only when that command runs, so `--help` and usage
 * errors answer without loading the database drivers.
 */

/** src/ and dist/ are both one level under the package. */
const VERSION = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

const TITLES: Readonly<Record<string, string>> = {
  "Usage:": "Uso:",
  "Options:": "Opciones:",
  "Commands:": "Comandos:",
  "Arguments:": "Argumentos:",
  "Global Options:": "Opciones globales:",
};

const spanishUsage = (usage: string) => usage.replace("[options]", "[opciones]").replace("[command]", "[comando]");

/** commander's help, in Spanish: titles, usage lines, and option descriptions without English extras. */
const SPANISH_HELP: Partial<Help> = {
  showGlobalOptions: true,
  styleTitle: (title) => TITLES[title] ?? title,
  styleUsage: spanishUsage,
  subcommandTerm: (command) => spanishUsage(`${command.name()} ${command.usage()}`.trim()),
  optionDescription: (option) => option.description,
};

/** A usage error remembers the command it happened in, to point at that command's help. */
export class UsageError extends CommanderError {
  constructor(
    error: CommanderError,
    readonly command: Command,
  ) {
    super(error.exitCode, error.code, error.message);
  }
}

export const commandPath = (command: Command): string => {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
};

const examples = (...lines: string[]) => `\n${lines.length === 1 ? "Ejemplo" : "Ejemplos"}:\n${lines.map((l) => `  ${l}`).join("\n")}`;

const PASSWORD_STDIN = "lee la contraseña de la entrada estándar (scripts); sin ella se pide dos veces sin mostrarla";

const SEED_HELP = `
Sin opciones crea los complejos y canchas de demostración (los mismos que npm start en una base vacía).
Nunca duplica: un complejo se reconoce por su nombre y una cancha por su número dentro del complejo;
lo que ya existe se deja como está.

Formato de --file (JSON; precios en dólares, por defecto 14.50 / 29.00 / 16.50 / 33.00):
  {
    "venues": [
      {
        "name": "Club Norte", "location": "Av. Amazonas N34, Quito",
        "description": "opcional", "imageUrl": "https://... (opcional)",
        "courts": [
          { "courtNumber": 1, "name": "Central", "status": "available",
            "daySinglesPrice": "14.50", "dayDoublesPrice": "29.00",
            "nightSinglesPrice": "16.50", "nightDoublesPrice": "33.00" }
        ]
      }
    ]
  }
${examples("courts seed", "courts seed --venues 2 --courts 4", "courts seed --file clubes.json")}`;

export const buildProgram = (cli: Cli): Command => {
  /** A command's handler, loaded when the command runs (commander passes the command last). */
  const handler =
    (load: () => Promise<CommandHandler>) =>
    async (...args: unknown[]): Promise<void> => {
      const command = args[args.length - 1] as Command;
      await (await load())(cli, command);
    };

  const program = new Command("courts")
    .description("Herramienta de operación de la reserva de canchas: los mismos casos de uso y la misma base de datos que el servidor")
    .version(VERSION, "-V, --version", "muestra la versión")
    .helpOption("-h, --help", "muestra la ayuda")
    .helpCommand("help [comando]", "muestra la ayuda de un comando")
    .option("--database-url <url>", "base de datos (por defecto: DATABASE_URL, si no sqlite:$DATA_DIR/courts.sqlite, como el servidor)")
    .option("--json", "salida JSON en stdout, para scripts")
    .option("--debug", "muestra la traza completa de los errores")
    .configureHelp(SPANISH_HELP)
    .configureOutput({
      writeOut: (text) => cli.io.stdout.write(text),
      writeErr: (text) => cli.io.stderr.write(text),
      // commander's English message is replaced by one Spanish line in main.ts
      outputError: () => undefined,
    })
    .showSuggestionAfterError(true)
    .addHelpText(
      "after",
      '\nFechas y "hoy" en COURTS_TIMEZONE (por defecto America/Guayaquil). Salida: 0 bien, 1 error, 2 uso incorrecto.',
    );

  program
    .command("seed")
    .description("Crea los datos iniciales (demostración o un archivo JSON) sin duplicar lo que ya existe")
    .addOption(new Option("--venues <n>", "cuántos complejos de demostración (1 a 100)").conflicts("file"))
    .addOption(new Option("--courts <n>", "cuántas canchas por complejo de demostración (1 a 99)").conflicts("file"))
    .option("--file <path>", "carga complejos y canchas reales desde un archivo JSON (formato abajo)")
    .addHelpText("after", SEED_HELP)
    .action(handler(() => import("./commands/seed-data.js").then((m) => m.seedDataCommand)));

  const discount = program.command("discount").description("Códigos de descuento: create, list, enable, disable");
  discount
    .command("create")
    .description("Crea un código de descuento con las mismas reglas que el formulario del panel de administración")
    .requiredOption("--code <code>", "el código, guardado en mayúsculas (3 a 32 letras, números, '-' o '_')")
    .addOption(
      new Option("--type <type>", "percentage (porcentaje del importe) o fixed (monto fijo en dólares)")
        .choices(["percentage", "fixed"])
        .makeOptionMandatory(),
    )
    .requiredOption("--value <value>", "porcentaje entero de 0 a 100, o dólares con hasta 2 decimales (>= 0)")
    .option("--max-usage <n>", "usos máximos, entero >= 1 (sin la opción: ilimitado)")
    .option("--expires <date>", "AAAA-MM-DD: vale hasta el final de ese día en COURTS_TIMEZONE (sin la opción: no vence)")
    .option("--inactive", "lo crea desactivado")
    .addHelpText("after", examples("courts discount create --code VERANO10 --type percentage --value 10 --max-usage 50 --expires 2026-12-31"))
    .action(handler(() => import("./commands/create-discount.js").then((m) => m.createDiscountCommand)));
  discount
    .command("list")
    .description("Lista los códigos de descuento: valor, usos, vencimiento y estado")
    .action(handler(() => import("./commands/list-discounts.js").then((m) => m.listDiscountsCommand)));
  const switches = [
    { name: "disable", description: "Desactiva un código de descuento: deja de aceptarse en los pagos", run: "disableDiscountCommand" },
    { name: "enable", description: "Activa un código de descuento", run: "enableDiscountCommand" },
  ] as const;
  for (const { name, description, run } of switches)
    discount
      .command(name)
      .description(description)
      .argument("<code>", "el código (sin distinguir mayúsculas)")
      .addHelpText("after", examples(`courts discount ${name} VERANO10`))
      .action(handler(() => import("./commands/set-discount-active.js").then((m) => m[run])));

  const admin = program.command("admin").description("Cuentas de administrador: create, reset-password");
  admin
    .command("create")
    .description("Crea una cuenta de administrador (la contraseña nunca va en la línea de comandos)")
    .requiredOption("--username <username>", "nombre de usuario: 3 a 30 letras, números, '.', '_' o '-'")
    .requiredOption("--email <email>", "correo electrónico")
    .option("--password-stdin", PASSWORD_STDIN)
    .addHelpText(
      "after",
      examples(
        "courts admin create --username laura --email laura@club.ec",
        "printf '%s' \"$CLAVE\" | courts admin create --username laura --email laura@club.ec --password-stdin",
      ),
    )
    .action(handler(() => import("./commands/create-admin.js").then((m) => m.createAdminCommand)));
  admin
    .command("reset-password")
    .description("Cambia la contraseña de una cuenta (administrador o jugador)")
    .argument("<username>", "nombre de usuario (sin distinguir mayúsculas)")
    .option("--password-stdin", PASSWORD_STDIN)
    .addHelpText("after", examples("courts admin reset-password laura"))
    .action(handler(() => import("./commands/reset-password.js").then((m) => m.resetPasswordCommand)));

  const venue = program.command("venue").description("Complejos: list, rules");
  venue
    .command("list")
    .description("Lista los complejos con su número de canchas")
    .action(handler(() => import("./commands/list-venues.js").then((m) => m.listVenuesCommand)));
  venue
    .command("rules")
    .description("Muestra o cambia las reglas de reserva de un complejo, como el panel ('Reglas de reserva')")
    .argument("<venueId>", "el complejo (ver courts venue list)")
    .option("--window-days <n>", "días de anticipación con que se abre una fecha (1 a 365)")
    .option("--release-time <hora>", "HH:MM en que se abre cada día la fecha más lejana, o medianoche")
    .option("--max-upcoming <n>", "reservas próximas por jugador en el complejo (1 a 1000), o sin-limite")
    .option("--max-per-day <n>", "reservas por jugador y día en el complejo (1 a 1000), o sin-limite")
    .option("--ballot-seconds <n>", "segundos de sorteo al abrir una fecha (0 a 300; 0: por orden de llegada)")
    .addHelpText(
      "after",
      examples(
        "courts venue rules \"$COMPLEJO\"",
        "courts venue rules \"$COMPLEJO\" --window-days 14 --release-time 08:00 --max-per-day 1 --ballot-seconds 60",
        "courts venue rules \"$COMPLEJO\" --max-per-day sin-limite --release-time medianoche",
      ),
    )
    .action(handler(() => import("./commands/venue-rules.js").then((m) => m.venueRulesCommand)));

  program
    .command("court")
    .description("Canchas: list")
    .command("list")
    .description("Lista las canchas con su estado y sus tarifas (singles / dobles)")
    .option("--venue <id>", "solo las canchas de este complejo (ver courts venue list)")
    .action(handler(() => import("./commands/list-courts.js").then((m) => m.listCourtsCommand)));

  program
    .command("booking")
    .description("Reservas: list")
    .command("list")
    .description("Lista las reservas activas de un día")
    .option("--date <date>", "el día, AAAA-MM-DD (por defecto: hoy en COURTS_TIMEZONE)")
    .option("--venue <id>", "solo las reservas de este complejo")
    .action(handler(() => import("./commands/list-bookings.js").then((m) => m.listBookingsCommand)));

  program
    .command("stats")
    .description("Estadísticas de un día como en el panel: reservas, ingresos, canchas y ocupación")
    .option("--date <date>", "el día, AAAA-MM-DD (por defecto: hoy en COURTS_TIMEZONE)")
    .action(handler(() => import("./commands/show-stats.js").then((m) => m.showStatsCommand)));

  program
    .command("sweep")
    .description("Una pasada del trabajo programado (reservas vencidas, intentos abandonados, reembolsos, correos); para cron")
    .addHelpText(
      "after",
      `${examples("*/5 * * * * PUBLIC_URL=https://reservas.miclub.ec SMTP_URL=smtp://correo.miclub.ec:587 courts sweep --database-url postgres://courts@localhost:5432/courts")}\n` +
        "Como en el servidor, los correos llevan enlaces a PUBLIC_URL y salen por SMTP_URL: sin PUBLIC_URL los enlaces\n" +
        "apuntan a http://localhost:3000, y sin SMTP_URL cada correo se guarda como archivo .eml en DATA_DIR/mail.",
    )
    .action(handler(() => import("./commands/run-sweep.js").then((m) => m.runSweepCommand)));

  program
    .command("migrate")
    .description("Aplica las migraciones pendientes (el servidor y los demás comandos también lo hacen al empezar)")
    .action(handler(() => import("./commands/run-migrations.js").then((m) => m.runMigrationsCommand)));

  program
    .command("backup")
    .description("Copia de seguridad de la base de datos mientras el servidor funciona (SQLite: copia en línea; PostgreSQL: pg_dump)")
    .requiredOption("--to <file>", "archivo nuevo donde escribir la copia (nunca reemplaza uno existente)")
    .addHelpText(
      "after",
      `${examples("courts backup --to /var/backups/courts/$(date +%F).sqlite", "courts backup --to courts.dump --database-url postgres://courts@localhost:5432/courts")}\n` +
        "SQLite: un solo archivo con la base de datos tal como estaba en un instante, aunque haya reservas entrando.\n" +
        "PostgreSQL: formato personalizado de pg_dump (se restaura con pg_restore); pg_dump debe estar en el PATH.",
    )
    .action(handler(() => import("./commands/backup-database.js").then((m) => m.backupDatabaseCommand)));

  program
    .command("restore")
    .description("Restaura una copia de SQLite hecha con courts backup (con los servidores detenidos)")
    .requiredOption("--from <file>", "la copia a restaurar")
    .addHelpText(
      "after",
      `${examples("courts restore --from /var/backups/courts/2026-12-07.sqlite")}\n` +
        "Se niega mientras un servidor usa la base de datos. Revisa la copia, la pone en lugar de la base de datos de una vez\n" +
        "y deja la anterior al lado (<archivo>.antes-de-restaurar-<fecha>). En PostgreSQL dice el comando pg_restore a ejecutar.",
    )
    .action(handler(() => import("./commands/restore-database.js").then((m) => m.restoreDatabaseCommand)));

  program
    .command("serve")
    .description("Arranca el servidor web y la API (el mismo que npm start) sobre la misma base de datos")
    .option("--port <port>", "puerto HTTP (por defecto: PORT o 3000)")
    .option("--host <host>", "interfaz de red (por defecto: HOST o 0.0.0.0)")
    .addHelpText("after", examples("courts serve --port 8080 --database-url postgres://courts@localhost:5432/courts"))
    .action(handler(() => import("./commands/start-server.js").then((m) => m.startServerCommand)));

  // Every command throws instead of exiting, tagged with itself for the help hint.
  const overrideExit = (command: Command) => {
    command.exitOverride((error) => {
      throw new UsageError(error, command);
    });
    command.commands.forEach(overrideExit);
  };
  overrideExit(program);
  return program;
};
