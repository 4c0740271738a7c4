import type { Command } from "commander";
import { ADMIN, setDiscountCodeActive, presentDiscountCode } from "@courts/core";
import type { Cli } from "../support/context.js";
import { runUseCase } from "../support/use-case.js";

/** The panel's active switch, by code text. */
const setActive = (isActive: boolean) => (cli: Cli, command: Command) =>
  cli.withRuntime(command, async ({ ports }) => {
    const codeText = command.processedArgs[0] as string;
    const code = await runUseCase(setDiscountCodeActive(ports, ADMIN, codeText, isActive));
    if (cli.json(command)) return cli.printJson(presentDiscountCode(code));
    cli.print(`Código ${code.code} ${isActive ? "activado" : "desactivado"}.`);
  }, { existing: true });

/** `courts discount enable CODE` */
export const enableDiscountCommand = setActive(true);
/** `courts discount disable CODE` */
export const disableDiscountCommand = setActive(false);
