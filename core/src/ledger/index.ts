export * from "./refund-rule.js";
export * from "./refunds.js";
export * from "./wallet.js";
export * from "./punch-cards.js";
export * from "./memberships.js";
