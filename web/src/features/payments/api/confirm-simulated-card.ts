import type { CardConfirmationAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";

export interface SimulatedCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** POST /api/simulated-card/confirm (simulated provider only); 402 CARD_DECLINED. The card provider's side: no cached answer changes. */
export const confirmSimulatedCard = (clientSecret: string, card: SimulatedCard) =>
  api<CardConfirmationAnswer>("/api/simulated-card/confirm", {
    method: "POST",
    json: { clientSecret, ...card },
  });
