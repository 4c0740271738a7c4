export * from "./argon2-hasher.js";
export * from "./ids.js";
export * from "./system-clock.js";
