import { randomBytes, randomUUID } from "node:crypto";
import type { Ids } from "@courts/core";

/** UUID v4 ids; tokens of 32 random bytes (256 bits) in base64url. */
export const cryptoIds: Ids = {
  uuid: () => randomUUID(),
  token: () => randomBytes(32).toString("base64url"),
};
