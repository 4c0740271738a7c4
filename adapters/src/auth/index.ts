export * from "./argon2-hasher.js";
export * from "./ids.js";
export * from "./system-clock.js";
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordWeakness } from "./password-policy.js";
