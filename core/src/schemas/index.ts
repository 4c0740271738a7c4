export * from "./fields.js";
export * from "./requests.js";
export * from "./history-queries.js";
export * from "./club-operations.js";
export * from "./open-matches.js";
export * from "./wallet.js";
export * from "./report-queries.js";
export * from "./punch-cards.js";
