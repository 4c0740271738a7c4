import type { Command } from "commander";
import { ADMIN, codeUnusable, setDiscountCodeActive, presentDiscountCode } from "@courts/core";
import type { Cli } from "../support/context.js";
import { runUseCase } from "../support/use-case.js";
import { discountExpiry } from "./list-discounts.js";

/** The panel's active switch, by code text. */
const setActive = (isActive: boolean) => (cli: Cli, command: Command) =>
  cli.withRuntime(command, async ({ ports }) => {
    const codeText = command.processedArgs[0] as string;
    const code = await runUseCase(setDiscountCodeActive(ports, ADMIN, codeText, isActive));
    if (cli.json(command)) return cli.printJson(presentDiscountCode(code));
    // switched on, but past its date or its uses: a player still could not use it, and should not be told otherwise
    const why = isActive ? codeUnusable(code, ports.clock.now()) : undefined;
    const caveat =
      why === "expired"
        ? `, pero venció el ${discountExpiry(code, ports.clock.timeZone)}: nadie puede usarlo hasta que cambies la fecha`
        : why === "used-up"
          ? `, pero ya alcanzó su límite de ${String(code.maxUsage)} usos: nadie puede usarlo hasta que subas el límite`
          : "";
    cli.print(`Código ${code.code} ${isActive ? "activado" : "desactivado"}${caveat}.`);
  }, { existing: true });

/** `courts discount enable CODE` */
export const enableDiscountCommand = setActive(true);
/** `courts discount disable CODE` */
export const disableDiscountCommand = setActive(false);
