export * from "./fields.js";
export * from "./requests.js";
