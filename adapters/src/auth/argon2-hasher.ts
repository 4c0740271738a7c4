import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { PasswordHasher } from "@courts/core";

/** argon2id (the @node-rs/argon2 default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
export interface Argon2Options {
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

export const ARGON2_DEFAULTS: Argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const argon2Hasher = (options: Argon2Options = ARGON2_DEFAULTS): PasswordHasher => {
  // A real hash of a throw-away password, so verifyDummy costs exactly what a real verify costs.
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hash(randomBytes(24).toString("base64url"), options));
  return {
    hash: (password) => hash(password, options),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        // a malformed stored hash never matches
        return false;
      }
    },
    verifyDummy: async (password) => {
      await verify(await dummyHash(), password).catch(() => false);
    },
  };
};
