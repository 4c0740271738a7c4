import type { Command } from "commander";
import { ADMIN, createDiscountCode, DiscountCodeBody, presentDiscountCode } from "@courts/core";
import type { Cli } from "../support/context.js";
import { parseExpiry } from "../support/dates.js";
import { decodeOptions, parseNumber } from "../support/decode.js";
import { runUseCase } from "../support/use-case.js";
import { discountExpiry, discountUses, discountValue } from "./list-discounts.js";

interface CreateDiscountOptions {
  readonly code: string;
  readonly type: "percentage" | "fixed";
  readonly value: string;
  readonly maxUsage?: string;
  readonly expires?: string;
  readonly inactive?: boolean;
}

const FLAGS = { code: "--code", type: "--type", value: "--value", maxUsage: "--max-usage", expiresAt: "--expires" };

/**
 * `courts discount create`: the admin form's body, decoded with the API's schema (value >= 0,
 * max usage a whole number >= 1), then the createDiscountCode use case (upper case, whole percent,
 * no duplicates).
 */
export const createDiscountCommand = async (cli: Cli, command: Command): Promise<void> => {
  const options = command.opts<CreateDiscountOptions>();
  const { timeZone } = await cli.config(command);
  const input = decodeOptions(
    DiscountCodeBody,
    {
      code: options.code,
      type: options.type,
      value: parseNumber(options.value, "--value"),
      maxUsage: options.maxUsage === undefined ? null : parseNumber(options.maxUsage, "--max-usage"),
      expiresAt: options.expires === undefined ? null : parseExpiry(options.expires, timeZone).toISOString(),
      isActive: options.inactive !== true,
    },
    FLAGS,
  );
  await cli.withRuntime(command, async ({ ports }) => {
    const code = await runUseCase(createDiscountCode(ports, ADMIN, input));
    if (cli.json(command)) return cli.printJson(presentDiscountCode(code));
    const expiry = code.expiresAt === null ? "sin vencimiento" : `vence el ${discountExpiry(code, ports.clock.timeZone)}`;
    cli.print(
      `Código ${code.code} creado: ${discountValue(code)} de descuento, usos ${discountUses(code)}, ${expiry}, ${code.isActive ? "activo" : "inactivo"}.`,
    );
  });
};
