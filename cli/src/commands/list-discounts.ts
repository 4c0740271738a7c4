import type { Command } from "commander";
import { ADMIN, codeUnusable, listDiscountCodes, type DiscountCode, presentDiscountCode } from "@courts/core";
import type { Cli } from "../support/context.js";
import { money, spanishDateTime } from "../support/format.js";
import { runUseCase } from "../support/use-case.js";

export const discountValue = (code: Pick<DiscountCode, "type" | "value">): string =>
  code.type === "percentage" ? `${code.value}%` : money(code.value);

export const discountUses = (code: Pick<DiscountCode, "usageCount" | "maxUsage">): string =>
  `${code.usageCount} / ${code.maxUsage ?? "∞"}`;

export const discountExpiry = (code: Pick<DiscountCode, "expiresAt">, timeZone: string): string =>
  code.expiresAt === null ? "Sin vencimiento" : spanishDateTime(code.expiresAt, timeZone);

const STATE = { inactive: "inactivo", expired: "vencido", "used-up": "agotado" } as const;

/** activo, or why a payment could not use it now. */
export const discountState = (code: DiscountCode, now: Date): string => {
  const reason = codeUnusable(code, now);
  return reason === undefined ? "activo" : STATE[reason];
};

/** `courts discount list` */
export const listDiscountsCommand = (cli: Cli, command: Command): Promise<void> =>
  cli.withRuntime(command, async ({ ports }) => {
    const codes = await runUseCase(listDiscountCodes(ports, ADMIN));
    const now = ports.clock.now();
    cli.list(
      command,
      codes,
      presentDiscountCode,
      [
        { header: "Código", value: (c) => c.code },
        { header: "Tipo", value: (c) => (c.type === "percentage" ? "porcentaje" : "fijo") },
        { header: "Valor", value: discountValue, align: "right" },
        { header: "Usos", value: discountUses, align: "right" },
        { header: "Vence", value: (c) => discountExpiry(c, ports.clock.timeZone) },
        { header: "Estado", value: (c) => discountState(c, now) },
      ],
      "No hay códigos de descuento.",
    );
  }, { existing: true });
