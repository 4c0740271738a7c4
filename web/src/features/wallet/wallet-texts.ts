import { MAX_TOP_UP, MIN_TOP_UP, parseMoney, type WalletEntryAnswer } from "@courts/core";

/** What each movement of the statement is called. */
export const ENTRY_LABELS: Readonly<Record<WalletEntryAnswer["kind"], string>> = {
  topup: "Recarga con tarjeta",
  payment: "Pago de reserva",
  refund: "Reembolso de reserva",
  adjustment: "Ajuste del club",
};

/** The amounts offered with one tap. */
export const QUICK_TOP_UPS = ["20.00", "50.00", "100.00"] as const;

/** Why a typed top-up cannot be paid, in Spanish; null when it can. */
export const topUpProblem = (text: string): string | null => {
  const cents = parseMoney(text.replace(",", "."));
  if (cents === undefined) return "Escribe un monto, por ejemplo 25.00";
  if (cents < MIN_TOP_UP || cents > MAX_TOP_UP) return "La recarga debe ser de $10.00 a $500.00";
  return null;
};
