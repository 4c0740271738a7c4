/**
 * A paid day singles payment as the API answers it ($14.50, card fee $0.72), for screens' tests;
 * each test adds the fields of the list it mocks (a player's history, the admin's transactions).
 */
export const aPaymentAnswer = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  status: "succeeded",
  kind: "full",
  amount: "14.50",
  discount: "0.00",
  discountCode: null,
  stripeFee: "0.72",
  netAmount: "13.78",
  totalPaid: "14.50",
  refundedAmount: "0.00",
  userId: "u1",
  stripePaymentIntentId: `pi_${id}`,
  shareToken: null,
  ...overrides,
});
