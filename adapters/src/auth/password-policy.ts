import { createRequire } from "node:module";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

let common: ReadonlySet<string> | undefined;

/**
 * zxcvbn-ts's list of the ~49,000 most used passwords (leaks, ranked). Loaded on first use, not
 * at import: the CLI and servers that never register anyone do not hold it.
 */
const commonPasswords = (): ReadonlySet<string> => {
  if (common) return common;
  const require = createRequire(import.meta.url);
  const { dictionary } = require("@zxcvbn-ts/language-common") as { dictionary: Record<string, readonly string[]> };
  common = new Set((dictionary["passwords-common"] ?? []).map((p) => p.toLowerCase()));
  return common;
};

/** Why a password is refused, in Spanish for the person choosing it, or null when it is fine. */
export const passwordWeakness = (password: string): string | null => {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`;
  if (length > MAX_PASSWORD_LENGTH) return `La contraseña admite hasta ${MAX_PASSWORD_LENGTH} caracteres`;
  if (new Set(password.trim()).size <= 1) return "La contraseña no puede ser un mismo carácter repetido ni solo espacios";
  if (commonPasswords().has(password.toLowerCase()) || commonPasswords().has(password.trim().toLowerCase()))
    return "La contraseña es demasiado común (está entre las más usadas y filtradas): elige otra";
  return null;
};
