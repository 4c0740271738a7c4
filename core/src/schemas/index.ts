export * from "./fields.js";
export * from "./requests.js";
export * from "./club-operations.js";
