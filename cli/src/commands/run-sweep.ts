import type { Command } from "commander";
import type { SweepWarn } from "@courts/adapters/sweep/steps";
import type { Cli } from "../support/context.js";

/** What each step's count is, as an operator reads it (the JSON keeps the steps' names). */
const STEP_LABELS: Readonly<Record<string, string>> = {
  "refunds-owed": "Reembolsos enviados",
  purchases: "Compras registradas",
  "stale-intents": "Pagos abiertos resueltos",
  "expire-holds": "Reservas sin pagar liberadas",
  "charge-remainders": "Restos cobrados a organizadores",
  ballots: "Sorteos decididos",
  events: "Eventos atendidos",
  reminders: "Recordatorios preparados",
  mail: "Correos enviados",
};

/** `courts sweep`: one pass of the time-driven work, the same steps every server process runs on its timer. */
export const runSweepCommand = async (cli: Cli, command: Command): Promise<void> => {
  await cli.withRuntime(command, async (runtime) => {
    const { runSweep } = await import("@courts/adapters/sweep/sweeper");
    const { sweepSteps } = await import("@courts/adapters/sweep/steps");
    const failures: string[] = [];
    const label = (name: string) => STEP_LABELS[name] ?? name;
    const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
    // a refund the provider did not take: the pass goes on, and it is tried again on the next one
    const warn: SweepWarn = ({ step, err, paymentId }, message) =>
      cli.printWarning(`${label(step)}: ${message}${typeof paymentId === "string" ? ` (pago ${paymentId})` : ""}${err === undefined ? "" : `: ${reasonOf(err)}`}`);
    const result = await runSweep(sweepSteps(runtime, warn), {
      error: ({ step, err }) => failures.push(`${step}: ${reasonOf(err)}`),
    });
    if (cli.json(command)) cli.printJson(result);
    else {
      const names = Object.keys(result);
      if (names.length === 0) cli.print("Barrido completo: no hay pasos configurados.");
      else {
        cli.print("Barrido completo:");
        const width = Math.max(...names.map((n) => label(n).length)) + 1;
        for (const [name, value] of Object.entries(result))
          cli.print(`  ${`${label(name)}:`.padEnd(width)}  ${typeof value === "number" ? value : `error (${value.error})`}`);
      }
    }
    if (failures.length > 0) cli.exitCode = 1;
  });
};
