export * from "./domain/index.js";
export type * from "./ports/index.js";
export * from "./use-cases/index.js";
export * from "./ledger/index.js";
export * from "./schemas/index.js";
export * from "./contract/index.js";
